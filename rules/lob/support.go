package lob

import (
	"sort"

	"galloper/orders"
	"galloper/rules"
)

// The support rules: supply (LoB 8.0-8.5), leaders (9.1), HQs (9.2), Loss
// Recovery (9.3), Open Order (9.4), Breastworks (9.5) and night turns
// (2.3). Their changing state is one part of the state document. They run
// in each phase through supportCommand, supportActivity and supportRally,
// and answer the field rules through these entry points:
//
//	fire:     batteryMayFire, canisterCounts, applyDepletion, destroyWagon,
//	          artilleryShots, stackFireLimit, sharpshooterFire,
//	          breastworkCovers
//	losses:   loseLeader (after the Leader Loss roll), leaderUnitsDestroyed,
//	          moraleLeaders, ignoresSmall, removeLeadersWithoutUnits
//	movement: zeroLeaderMA, unlimberDistance, captureLoneLeaders,
//	          firstFullNightTurn, exitsEZOCFreely, payFacingCost,
//	          allAroundFront, closingAutoPass, closingFromBreastworks,
//	          isOpenOrderCapable, breastworkFacing, openOrderBarsCharge,
//	          mayBloodLust
//	retreats: hqRetreated
//	command:  commander (who leads a Command after promotions)

// supportDoc is the changing state of the support rules. Every list is
// kept sorted by its key so equal positions encode to equal bytes.
type supportDoc struct {
	// Wagons are the Wagons' Ammo Points and orders (LoB 8.1, 8.3).
	Wagons []WagonState `json:"wagons,omitempty"`
	// Away are batteries gone "By Battery" to replenish (LoB 8.5).
	Away []AwayBattery `json:"away,omitempty"`
	// Retired are batteries removed from play under LoB 8.5e.
	Retired []string `json:"retired,omitempty"`
	// Posts say who fills a leader's post after losses (LoB 9.1b).
	Posts []Post `json:"posts,omitempty"`
	// Repls are the brigade-level Repl leaders in play (LoB 9.1b).
	Repls []Repl `json:"repls,omitempty"`
	// InLine records since when each unit has stood in Line in its hex
	// without its Command carrying out an order (LoB 9.5b).
	InLine []LineMark `json:"in_line,omitempty"`
	// Breastworks are the Breastwork markers on the map (LoB 9.5).
	Breastworks []Breastwork `json:"breastworks,omitempty"`
}

// WagonState is a Wagon's changing state (LoB 8.1).
type WagonState struct {
	Name      string `json:"name"`
	Shell     int    `json:"shell"`
	Canister  int    `json:"canister"`
	Destroyed bool   `json:"destroyed,omitempty"`
	// Destination is the hex its owning leader ordered it to (LoB 8.1c).
	Destination string `json:"destination,omitempty"`
}

// AwayBattery is a battery off the map replenishing "By Battery": it left
// from its HQ at Hex and comes back Limbered on turn Returns, wherever
// that HQ then stands (LoB 8.5b).
type AwayBattery struct {
	Name    string `json:"name"`
	Hex     string `json:"hex"`
	Returns int    `json:"returns"`
	// Waits, when set, is the Wagon whose coming Ammo Points the battery
	// waits for (LoB 8.5c), or "off-map" for the game's off-map
	// replenishment, back on the map on turn OnMap (8.5d); Returns is
	// set once the wait is over.
	Waits string `json:"waits,omitempty"`
	OnMap int    `json:"on_map,omitempty"`
}

// Post is a leader's post (a Command or a brigade) and who now holds it
// after promotions (LoB 9.1b): From is the post he was promoted from, and
// Temporary marks a promotion made while a more senior leader was not yet
// available.
type Post struct {
	Post      string `json:"post"`
	Leader    string `json:"leader"`
	From      string `json:"from,omitempty"`
	Temporary bool   `json:"temporary,omitempty"`
	// Segment is when a Repl took a brigade-level Command (LoB 9.1e).
	Segment int `json:"segment,omitempty"`
}

// Repl is a brigade-level replacement leader, a Zero (LoB 9.1b, 9.1e).
// Segment is when he took the post: a brigade that gained its Zero in the
// current Activity Phase makes no Zero roll (9.1e).
type Repl struct {
	Brigade string `json:"brigade"`
	Hex     string `json:"hex"`
	Segment int    `json:"segment"`
	// NoMorale is set when he was placed with no unit of his brigade to
	// go to: he does not count for the Morale Check of that moment.
	NoMorale bool `json:"no_morale,omitempty"`
}

// LineMark is since when a unit has stood in Line in one hex (LoB 9.5b).
type LineMark struct {
	Unit  string `json:"unit"`
	Hex   string `json:"hex"`
	Since int    `json:"since"` // the turn it was first seen there in Line
}

// Breastwork is a Breastwork marker: its hex, Facing and owner (LoB 9.5).
type Breastwork struct {
	Hex     string     `json:"hex"`
	Facing  int        `json:"facing"`
	Side    rules.Side `json:"side"`
	Command string     `json:"command"`
}

// sortSupport puts every list of the support state in key order.
func (d *supportDoc) sortSupport() {
	sort.Slice(d.Wagons, func(i, j int) bool { return d.Wagons[i].Name < d.Wagons[j].Name })
	sort.Slice(d.Away, func(i, j int) bool { return d.Away[i].Name < d.Away[j].Name })
	sort.Strings(d.Retired)
	sort.Slice(d.Posts, func(i, j int) bool { return d.Posts[i].Post < d.Posts[j].Post })
	sort.Slice(d.Repls, func(i, j int) bool { return d.Repls[i].Brigade < d.Repls[j].Brigade })
	sort.Slice(d.InLine, func(i, j int) bool { return d.InLine[i].Unit < d.InLine[j].Unit })
	sort.Slice(d.Breastworks, func(i, j int) bool { return d.Breastworks[i].Hex < d.Breastworks[j].Hex })
}

// wagonState is a Wagon's state to change, created from the scenario's
// loads on first use (LoB 8.1); queries read wagonStatus instead, so that
// asking never changes the position.
func (s *State) wagonState(name string) *WagonState {
	d := &s.doc.Support
	for i := range d.Wagons {
		if d.Wagons[i].Name == name {
			return &d.Wagons[i]
		}
	}
	w := s.scenarioWagon(name)
	d.Wagons = append(d.Wagons, WagonState{Name: name, Shell: w.Shell, Canister: w.Can})
	d.sortSupport()
	return s.wagonState(name)
}

// scenarioWagon is a Wagon's printed data.
func (s *State) scenarioWagon(name string) Wagon {
	for _, sd := range s.scn.Sides {
		for _, w := range sd.Wagons {
			if w.Name == name {
				return w
			}
		}
	}
	return Wagon{Name: name}
}

// wagonNames lists every Wagon of a side in scenario order.
func (s *State) wagonNames(side rules.Side) []string {
	var out []string
	for _, w := range s.scn.side(side).Wagons {
		out = append(out, w.Name)
	}
	return out
}

// unitCommand is the Command a combat unit belongs to, or nil.
func (s *State) unitCommand(name string) *Command {
	for _, c := range s.scn.commands() {
		for _, u := range c.units() {
			if u.Name == name {
				return c
			}
		}
	}
	return nil
}

// unitBrigade is the brigade a combat unit belongs to, or nil for a unit
// attached directly to its Command.
func (s *State) unitBrigade(name string) *Brigade {
	if b, ok := s.scn.brigadeIndex[name]; ok {
		return b
	}
	for _, c := range s.scn.commands() {
		for i := range c.Brigades {
			for _, u := range c.Brigades[i].units() {
				if u.Name == name {
					return &c.Brigades[i]
				}
			}
		}
	}
	return nil
}

// alive reports whether a counter is in play on the map.
func (s *State) alive(p *Piece) bool {
	return !p.OffMap && p.Status == "" && (p.Unit == nil || !p.Unit.Eliminated)
}

// enemyCombatAdjacent reports whether an enemy combat unit of one of the
// given arms (all arms when none) stands in or next to a hex.
func (s *State) enemyCombatAdjacent(side rules.Side, h string, arms ...string) bool {
	m := &s.scn.Map
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Side == side || p.Unit == nil || !s.alive(p) || m.distance(p.Hex, h) > 1 {
			continue
		}
		if len(arms) == 0 {
			return true
		}
		for _, a := range arms {
			if p.Kind == a {
				return true
			}
		}
	}
	return false
}

// supportCommand is the support rules' part of the Command Phase: the
// night's notices (LoB 2.3).
func (r *resolver) supportCommand() { r.nightNotes() }

// supportActivity is the support rules' part of the Activity Phase, after
// the moves: promotions adjusted for senior leaders who have arrived (LoB
// 9.1b), batteries back from replenishing and batteries sent to
// replenish By Battery (LoB 8.5), Wagons following
// their orders (8.1c), enemy Wagons destroyed by units moving next to
// them (8.1b), enemy HQs overrun (9.2) and leaders left with no units
// (9.1a).
func (r *resolver) supportActivity(f *orders.File) {
	r.adjustPromotions()
	r.batteriesReturn()
	r.replenishments(f)
	r.noteWagonOrders(f)
	r.wagonMoves(r.side, directedWagons(f))
	r.wagonsDestroyed(r.s.enemyOf(r.side))
	r.hqsOverrun()
	r.removeLeadersWithoutUnits()
	r.moraleMomentPassed()
}

// supportRally is the support rules' part of the Rally Phase: Breastworks
// (LoB 9.5) and, on the midnight turn, Loss Recovery (9.3, 2.1b).
func (r *resolver) supportRally() {
	r.breastworksPhase()
	r.lossRecovery()
}

// directedWagons lists the Wagons given a WAGON directive this turn; the
// directive itself moves them this phase (LoB 8.1c).
func directedWagons(f *orders.File) map[string]bool {
	out := map[string]bool{}
	for _, d := range directives(f, "WAGON") {
		out[d.Who] = true
	}
	return out
}

package lob

import (
	"fmt"
	"slices"

	"galloper/rules"
	"galloper/rules/hex"
)

// By Battery replenishment that has to wait (LoB 8.5c, 8.5d). A battery
// whose Ammo Points are not available yet, but will be at a Wagon a path
// reaches, is placed to wait there (8.5c): it leaves the map, and when the
// points arrive it pays them and follows 8.5b, back Limbered at its HQ an
// hour later. A scenario whose game rules bring ammunition from off the
// map gives the side an off-map replenishment hex and a delay in turns
// (8.5d): the battery waits at that hex (8.5c), moves off the map on the
// next turn for the delay, and when it moves back onto the map 8.5b
// returns it an hour later. Galloper's rulings (docs/rulings-lob.md
// R-F-11): the off-map source holds all the Ammo Points a battery needs,
// one Wagon must be due the points of every kind the battery lacks, and a
// waiting battery is off the map.

// SideSupply is a side's game-specific supply (LoB 8.5c, 8.5d).
type SideSupply struct {
	// AmmoArrivals are Ammo Points that reach a Wagon later in the game.
	AmmoArrivals []AmmoArrival
	// OffMap, when set, is the game's off-map replenishment (8.5d).
	OffMap *OffMapReplenishment
}

// AmmoArrival is a load of Ammo Points reaching a Wagon on a turn (LoB
// 8.1, 8.5c).
type AmmoArrival struct {
	Wagon           string
	Turn            int
	Shell, Canister int
}

// OffMapReplenishment is where a side's batteries leave the map to
// replenish off it, and how many turns that takes (LoB 8.5d).
type OffMapReplenishment struct {
	Hex        string
	DelayTurns int
}

// supplyFile is a side's supply section in a scenario file.
type supplyFile struct {
	AmmoArrivals []ammoArrivalFile `yaml:"ammo_arrivals"`
	OffMap       *offMapFile       `yaml:"offmap_replenishment"`
}

type ammoArrivalFile struct {
	Wagon    string `yaml:"wagon"`
	Turn     int    `yaml:"turn"`
	Shell    int    `yaml:"shell"`
	Canister int    `yaml:"canister"`
}

type offMapFile struct {
	Hex        string `yaml:"hex"`
	DelayTurns int    `yaml:"delay_turns"`
}

// supply reads a side's supply section: arrivals name a Wagon of the side
// and a turn after the first, and bring some Ammo Points; the off-map
// replenishment hex is on the map edge and the delay at least one turn.
func (v *loader) supply(m *Map, sd *SideOOB, f supplyFile) SideSupply {
	var out SideSupply
	for i, a := range f.AmmoArrivals {
		where := fmt.Sprintf("side %s, supply: ammo_arrivals[%d]", sd.Side, i)
		switch {
		case !slices.ContainsFunc(sd.Wagons, func(w Wagon) bool { return w.Name == a.Wagon }):
			v.fail("%s: field wagon: %q is not a Wagon of this side (LoB 8.5c)", where, a.Wagon)
		case a.Turn < 2:
			v.fail("%s: field turn: %d; Ammo Points arriving later come on turn 2 or after (LoB 8.5c)", where, a.Turn)
		case a.Shell < 0 || a.Canister < 0 || a.Shell+a.Canister == 0:
			v.fail("%s: fields shell and canister: want Ammo Points, none negative (LoB 8.5c)", where)
		default:
			out.AmmoArrivals = append(out.AmmoArrivals, AmmoArrival(a))
		}
	}
	if o := f.OffMap; o != nil {
		where := fmt.Sprintf("side %s, supply: offmap_replenishment", sd.Side)
		h := v.entryHex(m, where, o.Hex)
		if o.DelayTurns < 1 {
			v.fail("%s: field delay_turns: %d; off-map replenishment takes at least one turn (LoB 8.5d)", where, o.DelayTurns)
		} else if h != "" {
			out.OffMap = &OffMapReplenishment{Hex: h, DelayTurns: o.DelayTurns}
		}
	}
	return out
}

// offMapWait marks an AwayBattery waiting for off-map replenishment.
const offMapWait = "off-map"

// waitForAmmo places a Depleted battery standing at its HQ's hex to wait
// for Ammo Points that are not available yet (LoB 8.5c), or to begin the
// game's off-map replenishment (8.5d). round is a kind of ammunition no
// Wagon can supply now. It reports whether the battery went, with the
// reason when it did not.
func (r *resolver) waitForAmmo(p *Piece, hq, round string) (bool, string) {
	if w := r.dueWagon(p, hq); w != "" {
		r.awaySince(p, AwayBattery{Name: p.Name, Hex: hq, Waits: w})
		r.add("by-battery-waits-ammo", "LoB 8.5c", "%s leaves the map to wait at %s (%s) for Ammo Points still to come", p.Name, w, r.s.piece(w).Hex)
		return true, ""
	}
	side := r.s.scn.side(p.Side)
	if off := side.Supply.OffMap; off != nil && r.s.pathOpen(hq, off.Hex, p.Side) {
		back := r.turn + 1 + off.DelayTurns
		r.awaySince(p, AwayBattery{Name: p.Name, Hex: hq, Waits: offMapWait, OnMap: back})
		r.add("by-battery-offmap", "LoB 8.5d", "%s leaves the map at %s to replenish off it (8.5c); from the next turn it is %d turns away and moves back onto the map at %s", p.Name, off.Hex, off.DelayTurns, r.clock(back))
		return true, ""
	}
	return false, fmt.Sprintf("no Wagon of its organization with %d Ammo Points of %s can be reached from %s, nor will one have them to wait for", p.Unit.SP, round, hq)
}

// awaySince takes a battery off the map to replenish (LoB 8.5a).
func (r *resolver) awaySince(p *Piece, a AwayBattery) {
	p.OffMap = true
	r.s.doc.Support.Away = append(r.s.doc.Support.Away, a)
	r.s.doc.Support.sortSupport()
}

// dueWagon is the first Wagon in play, serving the battery and reached by
// an open path from its HQ, that has now or will be brought the Ammo
// Points of every kind the battery lacks (LoB 8.5c; R-F-11), or "".
func (r *resolver) dueWagon(p *Piece, hq string) string {
	for _, name := range r.s.wagonNames(p.Side) {
		w := r.s.wagonStatus(name)
		if w.Destroyed || r.s.piece(name).OffMap || !r.s.wagonServes(name, p.Name) || !r.s.pathOpen(hq, r.s.piece(name).Hex, p.Side) {
			continue
		}
		if r.ammoDue(name, w, p, AmmoShell) && r.ammoDue(name, w, p, AmmoCanister) {
			return name
		}
	}
	return ""
}

// ammoDue reports whether a Wagon has, or will be brought after this
// turn, the battery's SPs in Ammo Points of a kind it lacks (LoB 8.5c).
func (r *resolver) ammoDue(wagon string, w WagonState, p *Piece, round string) bool {
	if !lacks(p.Unit, round) {
		return true
	}
	n := w.ammoOf(round)
	for _, a := range r.s.scn.side(p.Side).Supply.AmmoArrivals {
		if a.Wagon == wagon && a.Turn > r.turn {
			n += a.of(round)
		}
	}
	return n >= p.Unit.SP
}

// lacks reports whether a battery is Depleted of a kind of ammunition.
func lacks(u *UnitState, round string) bool {
	if round == AmmoCanister {
		return u.DepletedCanister
	}
	return u.DepletedShell
}

// of is an arrival's Ammo Points of a kind.
func (a AmmoArrival) of(round string) int {
	if round == AmmoCanister {
		return a.Canister
	}
	return a.Shell
}

// pathOpen reports whether a path for Limbered movement, of any length,
// joins two hexes: enemy units, EZOCs and impassable terrain block it
// (LoB 8.5a).
func (s *State) pathOpen(from, to string, side rules.Side) bool {
	if from == to {
		return true
	}
	m := &s.scn.Map
	_, _, ok := hex.Path(m.axial(from), m.axial(to), s.limberedCost(side))
	return ok
}

// ammoArrives adds the Ammo Points due this turn to the side's Wagons
// still in play (LoB 8.5c).
func (r *resolver) ammoArrives() {
	sd := r.s.scn.side(r.side)
	if sd == nil {
		return
	}
	for _, a := range sd.Supply.AmmoArrivals {
		if a.Turn != r.turn || r.s.wagonStatus(a.Wagon).Destroyed {
			continue
		}
		w := r.s.wagonState(a.Wagon)
		w.Shell, w.Canister = w.Shell+a.Shell, w.Canister+a.Canister
		r.add("ammo-arrives", "LoB 8.5c", "%d Ammo Points of shell and %d of canister reach %s", a.Shell, a.Canister, a.Wagon)
	}
}

// waitingBatteries finishes the waits that are over (LoB 8.5c, 8.5d): a
// battery whose Wagon now holds its Ammo Points pays them, and one back
// from off the map is replenished there; either loses its Depletion
// markers and returns Limbered at its HQ an hour later (8.5b).
func (r *resolver) waitingBatteries() {
	d := &r.s.doc.Support
	for i := range d.Away {
		a := &d.Away[i]
		p := r.s.piece(a.Name)
		if a.Waits == "" || p.Side != r.side {
			continue
		}
		switch {
		case a.Waits == offMapWait && a.OnMap <= r.turn:
			r.add("replenish-offmap", "LoB 8.5d", "%s moves back onto the map replenished off it", a.Name)
		case a.Waits != offMapWait && r.wagonHolds(a.Waits, p):
			for _, round := range []string{AmmoShell, AmmoCanister} {
				if lacks(p.Unit, round) {
					r.payAmmo(a.Waits, round, p.Unit.SP)
					r.add("replenish-battery", "LoB 8.5b", "%s draws %d Ammo Points of %s from %s, which it waited for as LoB 8.5c provides", a.Name, p.Unit.SP, round, a.Waits)
				}
			}
		default:
			continue
		}
		p.Unit.DepletedShell, p.Unit.DepletedCanister = false, false
		a.Waits, a.OnMap, a.Returns = "", 0, r.s.turnAfter(r.turn, byBatteryMinutes)
		r.add("by-battery", "LoB 8.5b", "%s is replenished; it returns Limbered at its HQ at %s", a.Name, r.clock(a.Returns))
	}
}

// wagonHolds reports whether a Wagon in play holds the battery's SPs in
// Ammo Points of every kind it lacks (LoB 8.5b).
func (r *resolver) wagonHolds(wagon string, p *Piece) bool {
	w := r.s.wagonStatus(wagon)
	if w.Destroyed {
		return false
	}
	for _, round := range []string{AmmoShell, AmmoCanister} {
		if lacks(p.Unit, round) && w.ammoOf(round) < p.Unit.SP {
			return false
		}
	}
	return true
}

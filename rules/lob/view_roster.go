package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// roster lists the side's units Command by Command (the umpire's lists
// every side's), then the enemy counters it sees: those its map shows
// (LoB 4.0-4.3, and of a stack only the top combat unit). An enemy
// unit's strength, morale rating and Wrecked state stay secret (LoB 2.4).
func (s *State) roster(side rules.Side, seen []bool) []rules.RosterGroup {
	show := s.shown(side, seen)
	var out []rules.RosterGroup
	listed := map[string]bool{}
	for _, sd := range s.sidesFor(side) {
		for _, c := range append([]*Command{&sd.Army}, ptrs(sd.Commands)...) {
			g := rules.RosterGroup{Side: sd.Side, Command: c.Name, Units: []rules.RosterUnit{}}
			if hq := s.hqPiece(c); hq.OffMap {
				g.HQ = "not yet on the map"
			} else {
				g.HQ = hq.Hex
				if l := s.commanderPiece(c); l != nil {
					g.Leader = l.Name + " at " + l.Hex
					if l.Status != "" {
						g.Leader = l.Name + " (" + l.Status + ")"
					}
				}
			}
			for _, u := range c.units() {
				i, ok := s.index[u.Name]
				if !ok || listed[u.Name] {
					continue
				}
				listed[u.Name] = true
				g.Units = append(g.Units, s.rosterUnit(&s.doc.Pieces[i], true))
			}
			for _, w := range sd.Wagons {
				if i, ok := s.index[w.Name]; ok && w.Command == c.Name && !listed[w.Name] {
					listed[w.Name] = true
					g.Units = append(g.Units, s.rosterUnit(&s.doc.Pieces[i], true))
				}
			}
			if len(g.Units) > 0 || g.HQ != "" {
				out = append(out, g)
			}
		}
		// Units the Command tree does not name (none in the shipped
		// scenarios) still appear.
		var rest []rules.RosterUnit
		for i := range s.doc.Pieces {
			p := &s.doc.Pieces[i]
			if p.Side == sd.Side && p.Unit != nil && !listed[p.Name] {
				listed[p.Name] = true
				rest = append(rest, s.rosterUnit(p, true))
			}
		}
		if len(rest) > 0 {
			out = append(out, rules.RosterGroup{Side: sd.Side, Command: "other units", Units: rest})
		}
	}
	if side == "" {
		return out
	}
	enemy := map[rules.Side]*rules.RosterGroup{}
	var order []rules.Side
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Side == side || !show[i] || !s.onMapNow(p) {
			continue
		}
		g, ok := enemy[p.Side]
		if !ok {
			g = &rules.RosterGroup{Side: p.Side, Enemy: true, Units: []rules.RosterUnit{}}
			enemy[p.Side] = g
			order = append(order, p.Side)
		}
		g.Units = append(g.Units, s.rosterUnit(p, false))
	}
	for _, sd := range order {
		out = append(out, *enemy[sd])
	}
	return out
}

// rosterUnit is one counter's roster line; own is false for an enemy
// counter, whose secrets stay hidden (LoB 2.4).
func (s *State) rosterUnit(p *Piece, own bool) rules.RosterUnit {
	r := rules.RosterUnit{Name: p.Name, Kind: p.Kind, Position: p.Hex}
	switch {
	case p.OffMap:
		r.Position, r.State = "off map", "arrives later"
	case p.Kind == "wagon" && s.wagonStatus(p.Name).Destroyed:
		r.Position, r.State = "-", "destroyed"
	}
	if p.Kind == "wagon" && own {
		w := s.wagonStatus(p.Name)
		r.Strength = fmt.Sprintf("%d shell, %d canister", w.Shell, w.Canister)
	}
	if p.Unit == nil {
		return r
	}
	u := s.scn.unit(p.Name)
	if p.Unit.Eliminated {
		r.Position, r.State = "-", "eliminated"
		return r
	}
	r.Formation = p.Unit.Formation
	if f := p.Unit.Facing; f >= 0 && f < 6 {
		r.Facing = rules.CompassPoint(s.scn.Map.Layout.Bearing(f))
	}
	m := s.marker(p.Hex)
	var st []string
	if m.Morale != "" && m.Morale != MoraleNormal {
		st = append(st, moraleNames[m.Morale])
	}
	if own {
		r.Strength = fmt.Sprintf("%d SP", p.Unit.SP)
		if u != nil {
			r.Strength += fmt.Sprintf(" of %d", u.SP)
			r.Grade = "morale " + u.Morale
			if u.Weapon != "" {
				r.Grade += ", weapon " + u.Weapon
			}
			if u.Wrecked(p.Unit.SP) {
				st = append(st, "Wrecked")
			}
		}
		if p.Unit.DepletedShell {
			r.Markers = append(r.Markers, "shell depleted")
		}
		if p.Unit.DepletedCanister {
			r.Markers = append(r.Markers, "canister depleted")
		}
		if p.Unit.Posted != "" {
			r.Markers = append(r.Markers, "posted "+p.Unit.Posted)
		}
	} else {
		r.Strength = "?"
	}
	if p.Unit.Reserve {
		st = append(st, "Reserve") // as the map shows it (unitView)
	}
	if len(st) > 0 {
		r.State = strings.Join(st, ", ")
	}
	if m.CowardlyLegs {
		r.Markers = append(r.Markers, "Cowardly Legs")
	}
	if m.CBF > 0 {
		r.Markers = append(r.Markers, fmt.Sprintf("Counter Battery Fire %d", m.CBF))
	}
	return r
}

// moraleNames spell out the Morale States for rosters (LoB 6.0).
var moraleNames = map[MoraleMarker]string{MoraleBL: "Blood Lust (BL)", MoraleSh: "Shaken (Sh)",
	MoraleDG: "Disordered (DG)", MoraleRouted: "Routed (R)"}

// victory is the scenario's victory conditions and the tally as far as
// the side can know it. LoB leaves victory to each game (LoB 11.0 #7); the
// scenario names victory locations, held as docs/rulings-lob.md R-VIC-1
// rules. A side knows who holds a location it sees; at the game's end
// every holder is told to every side.
func (s *State) victory(side rules.Side, seen []bool) *rules.Victory {
	locs := s.scn.Victory
	v := &rules.Victory{Final: s.Over()}
	if len(locs) == 0 {
		v.Conditions = []string{fmt.Sprintf("This scenario names no victory locations: the game ends after Turn %d as a draw"+cite("LoB 11.0"), s.scn.Turns)}
	} else {
		v.Conditions = []string{
			fmt.Sprintf("At the end of Turn %d each victory location scores its points for the side holding it;", s.scn.Turns),
			"a side holds a location while one of its combat units stands in it" + cite("docs/rulings-lob.md R-VIC-1") + ".",
			"The side with more points wins; equal points are a draw.",
		}
	}
	holders := s.holders()
	points := map[rules.Side]int{}
	for _, l := range locs {
		vl := rules.VictoryLocation{Name: l.Name, Hex: l.Hex, Points: l.Points, Holder: holders[l.Hex]}
		vl.Known = v.Final || side == "" || vl.Holder == side || seen[s.scn.Map.sight.index(s.scn.Map.axial(l.Hex))]
		if !vl.Known {
			vl.Holder = ""
			v.Partial = true
		} else if vl.Holder != "" {
			points[vl.Holder] += l.Points
		}
		v.Locations = append(v.Locations, vl)
		v.Conditions = append(v.Conditions, fmt.Sprintf("  %s (%s): %d points", l.Name, l.Hex, l.Points))
	}
	for _, sd := range s.scn.Sides {
		v.Tally = append(v.Tally, rules.Score{Side: sd.Side, Points: points[sd.Side]})
	}
	if v.Final {
		best := slices.MaxFunc(v.Tally, func(a, b rules.Score) int { return a.Points - b.Points })
		n := 0
		for _, t := range v.Tally {
			if t.Points == best.Points {
				n++
			}
		}
		if n == 1 {
			v.Winner = best.Side
			v.Result = fmt.Sprintf("%s wins with %d points", best.Side, best.Points)
		} else {
			v.Result = fmt.Sprintf("a draw: %s", tallyText(v.Tally))
		}
	}
	return v
}

// holders maps each hex where a combat unit stands to its side.
func (s *State) holders() map[string]rules.Side {
	out := map[string]rules.Side{}
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Unit != nil && s.onMapNow(p) {
			out[p.Hex] = p.Side
		}
	}
	return out
}

func tallyText(t []rules.Score) string {
	var out []string
	for _, x := range t {
		out = append(out, fmt.Sprintf("%s %d", x.Side, x.Points))
	}
	return strings.Join(out, ", ")
}

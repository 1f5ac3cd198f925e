package gbacw

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/gbacw/gbtext"
)

// View implements rules.System. GBACW counters are open (rules notes
// §8): every side sees every unit on the map, its strength and state,
// unless the game is played with fog of war (ruling GBACW-R21), when it
// sees only the enemy units and leaders in its line of sight (seenBy).
// The Efficiency Markers are hidden, face down (5.21): a side
// sees its own EMs for the coming turn and only that the enemy has drawn
// his. The umpire (empty side) sees both.
func (sys System) View(st rules.State, side rules.Side) rules.View {
	sys = sys.forGame(st)
	s := st.(*State)
	seen := s.seenBy(sys.combat, side) // fog of war (ruling GBACW-R21)
	v := rules.View{System: sys.ID(), Side: side, Turn: fmt.Sprintf("Turn %d of %d (%s)", s.Turn, s.Turns, s.When()), Segment: s.Segment().Label,
		Provisional: sys.combat.Provisional, ChartPack: sys.combat.Pack.Name}
	if s.Over() {
		v.Segment = "game over"
	}
	if sys.combat.Provisional {
		v.Lines = append(v.Lines, "Combat tables: Galloper's PROVISIONAL pack (docs/charts-gbacw.md), not the Player Aid Card.")
	}
	if line := s.lightLine(); line != "" {
		v.Lines = append(v.Lines, line)
	}
	for _, ss := range s.Sides {
		line := fmt.Sprintf("%s: OC %s", ss.Side, ss.OC)
		if ss.Initiative {
			line += "; holds the Initiative"
		}
		for _, c := range slices.Sorted(maps.Keys(ss.EMs)) {
			if side == "" || side == ss.Side {
				line += fmt.Sprintf("; %s Efficiency Marker %d (face down)", c, ss.EMs[c])
			} else {
				line += fmt.Sprintf("; %s Efficiency Marker drawn, face down", c)
			}
		}
		v.Lines = append(v.Lines, line)
		if side == "" || side == ss.Side {
			v.Lines = append(v.Lines, fmt.Sprintf("%s doctrine: %s", ss.Side, doctrine(ss.Standing)))
		}
	}
	for i := range s.Brigades {
		b := &s.Brigades[i]
		div := b.Division
		if b.Under != "" {
			div += ", directly under " + s.commanderOf(b) // 4.22, ruling GBACW-R100
		}
		line := fmt.Sprintf("%s %s (%s): %s Orders", s.sideOfBrigade(b), b.ID, div, b.Orders)
		if b.Reserve {
			line += ", In Reserve"
		}
		if b.CI {
			line += ", Combat Ineffective"
		}
		if b.Arrives > s.Turn {
			line += fmt.Sprintf(", enters on turn %d at %s", b.Arrives, b.Entry)
		}
		if slices.Contains(s.Optional, "17") && b.Fatigue != NoFatigue {
			line += ", Fatigue " + b.Fatigue.String()
		}
		v.Lines = append(v.Lines, line)
	}
	for i := range s.Divisions {
		if d := &s.Divisions[i]; d.CI {
			v.Lines = append(v.Lines, fmt.Sprintf("%s %s: Combat Ineffective (13.3)", s.sideOfDivision(d), d.ID))
		}
	}
	v.Lines = append(v.Lines, s.engineeringLines(seen, side)...)
	for _, l := range s.Leaders {
		if l.Rode && !l.Killed {
			if l.Command == "" {
				v.Lines = append(v.Lines, fmt.Sprintf("%s rode more than 10 MP: no Initiative Rating this turn (9.32)", l.Name))
			} else {
				v.Lines = append(v.Lines, fmt.Sprintf("%s rode more than 10 MP: Command Range 0 this turn (9.32)", l.Name))
			}
		}
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Orders != "" && u.combat() && shown(seen, side, u.Side, u.Name) {
			v.Lines = append(v.Lines, fmt.Sprintf("%s keeps its %s Orders, Out of Command (4.23)", u.Name, u.Orders))
		}
		if u := &s.Units[i]; u.Own != "" && slices.Contains(s.Optional, "17") && (u.Hex == "" && (side == "" || side == u.Side) || u.onMap() && shown(seen, side, u.Side, u.Name)) {
			v.Lines = append(v.Lines, fmt.Sprintf("%s tracks its own Fatigue (%s, 17.5): Fatigue %s", u.Name, u.Own, u.Fatigue))
		}
	}
	v.Style = boardStyle
	v.Map = s.mapView(seen, side)
	v.Roster = s.roster(side, seen)
	if seen != nil && !s.Over() {
		v.Victory = s.knownTo(sys.combat, side).victory(side) // the places as the side sees them
	} else {
		v.Victory = s.victory(side)
	}
	var tally []string
	for _, sc := range v.Victory.Tally {
		tally = append(tally, fmt.Sprintf("%s %d", sc.Side, sc.Points))
	}
	v.Lines = append(v.Lines, "Victory points: "+strings.Join(tally, ", "))
	return v
}

// doctrine writes a side's standing reactions, defaults included.
func doctrine(st map[string]string) string {
	var out []string
	for _, r := range gbtext.Reactions.Reactions {
		c, ok := st[r.Kind]
		if !ok {
			c = r.Default + " (default)"
		}
		out = append(out, r.Kind+" "+c)
	}
	return strings.Join(out, ", ")
}

// facingBearing is the compass bearing a unit faces: a vertex, or a
// hexside under March Orders (7.11).
func (s *State) facingBearing(u *UnitSt) float64 {
	if s.ordersOf(u) == March {
		return s.m.Layout.Bearing(u.Facing) // a hexside (7.11)
	}
	return s.vertexBearing(u.Facing)
}

// vertexBearing is the compass bearing of a facing vertex.

func (s *State) vertexBearing(v int) float64 {
	a, b := s.m.Layout.Bearing(v), s.m.Layout.Bearing(v+1)
	if d := b - a; d > 180 {
		a += 360
	} else if d < -180 {
		b += 360
	}
	m := (a + b) / 2
	for m >= 360 {
		m -= 360
	}
	return m
}

// mapView draws the map with the units and leaders side sees (all when
// seen is nil).
func (s *State) mapView(seen map[string]bool, side rules.Side) *rules.MapView {
	m := s.m
	mv := &rules.MapView{Name: m.Name, Layout: m.Layout, Cols: m.Cols, Rows: m.Rows}
	for _, h := range m.Hexes {
		mv.Hexes = append(mv.Hexes, rules.HexView{ID: h.ID, Col: h.At.Col, Row: h.At.Row, Terrain: h.Terrain, Elevation: h.Elevation, Label: h.Place})
	}
	for _, r := range m.Roads {
		mv.Roads = append(mv.Roads, slices.Clone(r.Hexes))
	}
	for _, hs := range m.Hexsides {
		mv.Hexsides = append(mv.Hexsides, rules.HexsideView{A: hs.A, B: hs.B, Kind: hs.Kind})
	}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.onMap() || !shown(seen, side, u.Side, u.Name) {
			continue
		}
		status := u.statusText()
		if status == "Good Order" {
			status = ""
		}
		mv.Units = append(mv.Units, rules.UnitView{Name: u.Name, Side: u.Side, Kind: u.Kind, Hex: u.Hex,
			Facing: rules.Facing(s.facingBearing(u)), Status: status, Strength: fmt.Sprint(u.SP),
			Formation: s.ordersOf(u).String()}) // its own Orders when it kept them (4.23)
	}
	for _, l := range s.Leaders {
		if l.Hex != "" && !l.Killed && shown(seen, side, l.Side, l.Name) {
			mv.Units = append(mv.Units, rules.UnitView{Name: l.Name, Side: l.Side, Kind: "leader", Hex: l.Hex, Status: strings.Repeat("*", l.Stars)})
		}
	}
	return mv
}

func (u *UnitSt) statusText() string {
	if u.Ammo != AmmoOK {
		return u.condition() + ", " + u.Ammo + " Ammo"
	}
	return u.condition()
}

func (u *UnitSt) condition() string {
	switch {
	case u.Status == StGood && u.Blown:
		return "Blown"
	case u.Status == StGood:
		return "Good Order"
	case u.Blown:
		return u.Status + ", Blown"
	case u.Collapsed && u.Status == StDisordered:
		return "Disordered, Collapsed" // 12.23, 13.1
	case u.Status == StAbandoned && u.Abandoned2:
		return "Abandoned 2" // 12.8
	}
	return u.Status
}

// roster lists the viewing side's units brigade by brigade, then the
// enemy's (all of them: counters are open); the umpire's lists both
// sides' brigades.
//
// With fog of war (ruling GBACW-R21) an enemy unit on the map that side
// cannot see is listed as out of sight, without its hex, strength, state
// or facing, and an unseen enemy leader without his hex.
func (s *State) roster(side rules.Side, seen map[string]bool) []rules.RosterGroup {
	var out []rules.RosterGroup
	group := func(b *BrigadeSt, enemy bool) rules.RosterGroup {
		g := rules.RosterGroup{Side: s.sideOfBrigade(b), Command: b.ID, Enemy: enemy}
		if l := s.leader(s.commanderOf(b)); l != nil { // or the leader units are directly under (4.22)
			g.Leader = l.Name
			if l.Hex != "" && shown(seen, side, l.Side, l.Name) {
				g.Leader += " at " + l.Hex
			}
			if l.Killed {
				g.Leader += " (killed)"
			}
		}
		for i := range s.Units {
			u := &s.Units[i]
			if u.Brigade != b.ID {
				continue
			}
			pos := u.Hex
			switch {
			case u.Status == StRouted:
				pos = "Division Box"
			case u.Status == StEliminated:
				pos = "eliminated"
			case s.toEnter(u):
				pos = "to enter at " + s.entryOf(u) // 9.71
			case pos == "":
				pos = "not yet arrived"
			}
			ru := rules.RosterUnit{Name: u.Name, Kind: u.Kind, Position: pos, Strength: fmt.Sprintf("%d/%d SP", u.SP, u.Printed),
				Grade: fmt.Sprintf("Cohesion %d/%d, %s, MA %d", u.Cohesion, u.Disordered, u.Weapon, u.MA), Formation: b.Orders, State: u.statusText()}
			hidden := (u.onMap() || s.toEnter(u)) && !shown(seen, side, u.Side, u.Name)
			if hidden {
				// Nor does the enemy know whether a reinforcement due has
				// entered out of its sight (ruling GBACW-R80).
				ru.Position, ru.Strength, ru.State = "out of sight", fmt.Sprintf("?/%d SP", u.Printed), ""
				if u.Dismounted {
					// Which counter is in play is its state: out of sight
					// the mounted one is listed (ruling GBACW-R93).
					o := u.Other
					ru.Kind, ru.Grade = "cavalry", fmt.Sprintf("Cohesion %d/%d, %s, MA %d", o.Cohesion, o.Disordered, o.Weapon, o.MA)
				}
			} else if u.onMap() {
				ru.Facing = rules.CompassPoint(s.facingBearing(u))
			}
			// The informational markers (2.24, ruling GBACW-R93).
			if u.Horse {
				ru.Markers = append(ru.Markers, "Horse Artillery") // 2.21's yellow MA
			}
			if u.Green {
				ru.Markers = append(ru.Markers, "Green")
			}
			if u.Dismounted && !hidden {
				ru.Markers = append(ru.Markers, "Dismounted") // 14.21
			}
			if u.extended() && ru.Position != "out of sight" {
				ru.Markers = append(ru.Markers, "Extended Line into "+strings.TrimSpace(u.ExtLeft+" "+u.ExtRight))
			}
			if u.inColumn() && ru.Position != "out of sight" {
				ru.Markers = append(ru.Markers, "Extended Column in "+strings.TrimSpace(u.ColA+" "+u.ColB))
			}
			g.Units = append(g.Units, ru)
		}
		return g
	}
	for _, ss := range s.Sides {
		if side != "" && ss.Side != side {
			continue
		}
		for i := range s.Brigades {
			if b := &s.Brigades[i]; s.sideOfBrigade(b) == ss.Side {
				out = append(out, group(b, false))
			}
		}
	}
	if side != "" {
		for i := range s.Brigades {
			if b := &s.Brigades[i]; s.sideOfBrigade(b) != side {
				out = append(out, group(b, true))
			}
		}
	}
	return out
}

// victory is the scenario's victory tally: each place's points to the
// side holding it (the last side to stand in it alone), and a point for
// every two SPs or guns the enemy has lost. The series rules leave
// victory to the Battle Books (2.7, rules notes §9); these conditions
// are the sample scenario's (ruling GBACW-R18).
func (s *State) victory(side rules.Side) *rules.Victory {
	v := &rules.Victory{Conditions: []string{
		"Each place scores its points for the side with units in it and no enemy units.",
		"Each side scores 1 point for every 2 SPs or guns the enemy has lost (eliminated, routed or abandoned).",
		fmt.Sprintf("The game ends after turn %d; more points wins.", s.Turns),
	}}
	pts := map[rules.Side]int{}
	for _, p := range s.Places {
		holder := rules.Side("")
		for _, u := range s.unitsAt(p.Hex) {
			if holder == "" {
				holder = u.Side
			} else if holder != u.Side {
				holder = ""
				break
			}
		}
		v.Locations = append(v.Locations, rules.VictoryLocation{Name: p.Name, Hex: p.Hex, Points: p.Points, Holder: holder, Known: true})
		if holder != "" {
			pts[holder] += p.Points
		}
	}
	for _, ss := range s.Sides {
		pts[s.enemy(ss.Side)] += ss.Lost / 2
	}
	for _, ss := range s.Sides {
		v.Tally = append(v.Tally, rules.Score{Side: ss.Side, Points: pts[ss.Side]})
	}
	if s.Over() {
		v.Final = true
		a, b := s.Sides[0].Side, s.Sides[1].Side
		switch {
		case pts[a] > pts[b]:
			v.Winner, v.Result = a, fmt.Sprintf("%s wins, %d points to %d", a, pts[a], pts[b])
		case pts[b] > pts[a]:
			v.Winner, v.Result = b, fmt.Sprintf("%s wins, %d points to %d", b, pts[b], pts[a])
		default:
			v.Result = fmt.Sprintf("a draw, %d points each", pts[a])
		}
	}
	return v
}

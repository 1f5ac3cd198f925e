package wintersvictory

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// View implements rules.System. A side sees its own units and leaders,
// its orders in delivery and its Command Points, and the enemy units
// within its sight (ruling R43); the umpire (empty side) sees all.
func (sys System) View(st rules.State, side rules.Side) rules.View {
	s := st.(*State)
	r := sys.newRun(s, nil, nil)
	seg := s.Segment()
	v := rules.View{System: sys.ID(), Side: side, Turn: fmt.Sprintf("Turn %d (%s), %s", s.Turn, s.clock(), s.turnKind()),
		Segment: seg.Label, Provisional: r.pack.Provisional, ChartPack: r.pack.Name, Style: boardStyle}
	if s.Over() {
		v.Segment = "game over"
	}
	v.Map = s.mapView(side)
	v.Roster = s.roster(side)
	vic := r.victory(side)
	v.Victory = &vic
	if r.pack.Provisional {
		v.Lines = append(v.Lines, "Chart pack: "+r.pack.Name+" is PROVISIONAL: its Fire, Shock, Terrain and Order Delivery tables are placeholders built from the rules text (docs/charts-wintersvictory.md).")
	}
	v.Lines = append(v.Lines, fmt.Sprintf("Visibility this turn: %d hexes.", s.visibility()))
	if s.Snow != "" {
		v.Lines = append(v.Lines, fmt.Sprintf("Snow: %s, the wind from the %s (4.1 1B).", s.Snow, facingNames[s.Wind]))
	}
	for _, sd := range sides {
		if side != "" && sd != side {
			continue
		}
		v.Lines = append(v.Lines, fmt.Sprintf("%s Army Command Points: %d; Army HQ at %s.", sd, s.CP[sideIndex(sd)], s.HQ[sideIndex(sd)]))
		morale := fmt.Sprintf("%s Army Morale: %d", sd, s.Morale[sideIndex(sd)])
		if s.Demoralized[sideIndex(sd)] {
			morale += ", Demoralized"
		}
		v.Lines = append(v.Lines, morale+".")
		for _, c := range s.Corps {
			if c.Side == sd { // 14.0
				v.Lines = append(v.Lines, fmt.Sprintf("%s %s Corps Morale: %d%s.", sd, c.Nation, c.Morale, map[bool]string{true: ", Demoralized"}[c.Demoralized]))
			}
		}
		for _, u := range s.Reserve {
			if u.Side == sd {
				v.Lines = append(v.Lines, fmt.Sprintf("%s: reinforcement %s enters at %s from turn %d (6.7).", sd, u.Name, u.Hex, u.Arrives))
			}
		}
		for _, c := range s.Couriers {
			if c.Side == sd {
				kind := "order"
				if c.Attack {
					kind = "Attack Order"
				}
				v.Lines = append(v.Lines, fmt.Sprintf("%s: %s's %s to %s (objective %s) is at %s.", sd, c.From, kind, c.To, c.Objective, c.Order.State))
			}
		}
		for i := range s.Leaders {
			l := &s.Leaders[i]
			if l.Side != sd {
				continue
			}
			var marks []string
			if l.State != 0 {
				marks = append(marks, map[CommandState]string{Standing: "Standing", Mobilized: "Mobilized"}[l.State]+fmt.Sprintf(", radius %d", l.radius()))
			}
			if l.Received {
				marks = append(marks, "Order Received (objective "+l.Objective+")")
			}
			if l.Attack {
				marks = append(marks, "Attack Order")
			}
			if m := markerText(l); m != "" {
				marks = append(marks, m) // 17.71-17.72
			}
			if l.Inactive {
				marks = append(marks, "Inactive") // 17.5
			}
			if l.Reduced {
				marks = append(marks, "Reduced") // 11.44, 12.44, ruling R70
			}
			if l.Fatigue > 0 {
				marks = append(marks, fmt.Sprintf("%d Fatigue Points", l.Fatigue))
			}
			if (l.Level == Division || l.Level == Brigade) && !r.leaderInCommand(l) {
				marks = append(marks, "Out of Command")
			}
			line := fmt.Sprintf("%s %s %s at %s", sd, l.Level, l.Name, l.Hex)
			if l.Hex == "" {
				line = fmt.Sprintf("%s %s %s on the display", sd, l.Level, l.Name) // 17.52
			}
			if l.Superior != "" {
				line += " (under " + l.Superior + ")"
			}
			if len(marks) > 0 {
				line += ": " + strings.Join(marks, "; ")
			}
			v.Lines = append(v.Lines, line)
		}
	}
	return v
}

// unitKind is a unit's kind for the board.
func unitKind(u *Unit) string { return u.Type }

// marker is the one status a counter shows: its morale, else its
// cavalry marker.
func (u *Unit) marker() string {
	switch {
	case u.Morale != "":
		return u.Morale
	case u.Exhausted:
		return "Exhausted"
	case u.Charge != "":
		return "Charging"
	}
	return ""
}

// status is a unit's state as the roster lists it.
func (u *Unit) status() string {
	var ps []string
	if u.Morale != "" {
		ps = append(ps, u.Morale)
	}
	if u.Exhausted {
		ps = append(ps, "Exhausted")
	}
	if u.Charge != "" {
		ps = append(ps, "Charging")
	}
	if u.Extended != "" {
		ps = append(ps, "Extended Line to "+u.Extended) // 8.3
	}
	if u.Rear {
		ps = append(ps, "Facing to the Rear") // 5.42
	}
	return strings.Join(ps, ", ")
}

// mapView draws the map for side.
func (s *State) mapView(side rules.Side) *rules.MapView {
	m := s.board()
	mv := &rules.MapView{Name: m.Name, Layout: m.Layout, Cols: m.Cols, Rows: m.Rows}
	for _, h := range m.Hexes {
		mv.Hexes = append(mv.Hexes, rules.HexView{ID: h.ID, Col: h.At.Col, Row: h.At.Row, Terrain: h.Terrain, Elevation: h.Elevation, Label: h.Place})
	}
	for _, rd := range m.Roads {
		mv.Roads = append(mv.Roads, slices.Clone(rd.Hexes))
	}
	for _, hs := range m.Hexsides { // 10.12-10.13: B is the hex a hedge protects
		mv.Hexsides = append(mv.Hexsides, rules.HexsideView{A: hs.A, B: hs.B, Kind: hs.Kind})
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Eliminated || u.Side != side && !s.sees(side, u.Hex) {
			continue
		}
		mv.Units = append(mv.Units, rules.UnitView{Name: u.Name, Side: u.Side, Kind: unitKind(u), Hex: u.Hex,
			Facing: rules.Facing(layout.CornerBearing(u.Facing)), Formation: u.Formation, Status: u.marker(),
			Strength: fmt.Sprint(u.Strength)})
	}
	for i := range s.Leaders {
		l := &s.Leaders[i]
		if l.Side != side && side != "" || l.Hex == "" {
			continue // an inactive leader is on the display, not the map (17.52)
		}
		mv.Units = append(mv.Units, rules.UnitView{Name: l.Name, Side: l.Side, Kind: "leader", Hex: l.Hex, Status: l.Level.String()})
	}
	return mv
}

// roster lists the side's units brigade by brigade, then the enemy units
// it sees.
func (s *State) roster(side rules.Side) []rules.RosterGroup {
	var out []rules.RosterGroup
	for i := range s.Leaders {
		l := &s.Leaders[i]
		if side != "" && l.Side != side {
			continue
		}
		g := rules.RosterGroup{Side: l.Side, Command: l.Name, Leader: fmt.Sprintf("%s (%s) at %s", l.Name, l.Level, l.Hex)}
		for j := range s.Units {
			u := &s.Units[j]
			if u.Brigade == l.Name {
				g.Units = append(g.Units, s.rosterUnit(u, true))
			}
		}
		if len(g.Units) > 0 {
			out = append(out, g)
		}
	}
	if side == "" {
		return out
	}
	en := rules.RosterGroup{Side: enemy(side), Enemy: true, Units: []rules.RosterUnit{}}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side && !u.Eliminated && s.sees(side, u.Hex) {
			en.Units = append(en.Units, s.rosterUnit(u, true))
		}
	}
	if len(en.Units) > 0 {
		out = append(out, en)
	}
	return out
}

// rosterUnit is one roster line (the booklet shows strength openly: the
// SP chits sit under the counters, 11.81).
func (s *State) rosterUnit(u *Unit, _ bool) rules.RosterUnit {
	ru := rules.RosterUnit{Name: u.Name, Kind: u.Type, Position: u.Hex, Formation: u.Formation,
		Facing: facingNames[u.Facing], State: u.status()}
	if u.Eliminated {
		ru.Position, ru.State = "", "Eliminated"
		return ru
	}
	what := "SP"
	if u.Type == "artillery" {
		what = fmt.Sprintf("guns, crew %d, ammunition %d", u.Crew, u.Ammo)
	}
	ru.Strength = fmt.Sprintf("%d %s", u.Strength, what)
	ru.Grade = fmt.Sprintf("ER %d, EM %d", u.ER, u.EM)
	if u.FireClass > 0 {
		ru.Grade += fmt.Sprintf(", Firing Class %d", u.FireClass)
	}
	return ru
}

// victory is what side may know of the scenario's victory conditions
// (the scenario's own, as Galloper made it): each objective counts for
// the side with a unit in it; each enemy unit eliminated counts one
// point. At the end the side with more points wins.
func (r *run) victory(side rules.Side) rules.Victory {
	s := r.s
	v := rules.Victory{Conditions: []string{
		"Each objective counts its points for the side with a combat unit in it at the end.",
		"Each enemy unit eliminated counts one point.",
		fmt.Sprintf("The game ends after turn %d; the side with more points wins, equal points are a draw.", s.LastTurn),
	}}
	final := s.Over()
	pts := map[rules.Side]int{}
	for _, o := range s.Objectives {
		loc := rules.VictoryLocation{Name: o.Name, Hex: o.Hex, Points: o.Points, Known: final || s.sees(side, o.Hex)}
		for _, u := range s.unitsAt(o.Hex) {
			loc.Holder = u.Side
		}
		if loc.Known {
			pts[loc.Holder] += o.Points
		} else {
			loc.Holder = ""
			v.Partial = true
		}
		v.Locations = append(v.Locations, loc)
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Eliminated {
			pts[enemy(u.Side)]++
		}
	}
	for _, sd := range sides {
		v.Tally = append(v.Tally, rules.Score{Side: sd, Points: pts[sd]})
	}
	if final {
		v.Final, v.Partial = true, false
		switch f, a := pts[SideFrench], pts[SideAllied]; {
		case f > a:
			v.Winner = SideFrench
		case a > f:
			v.Winner = SideAllied
		}
		v.Result = fmt.Sprintf("French %d, Allied %d: ", pts[SideFrench], pts[SideAllied])
		if v.Winner == "" {
			v.Result += "a draw"
		} else {
			v.Result += string(v.Winner) + " victory"
		}
	}
	slices.SortStableFunc(v.Tally, func(a, b rules.Score) int { return strings.Compare(string(a.Side), string(b.Side)) })
	return v
}

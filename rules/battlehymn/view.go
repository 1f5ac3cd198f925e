package battlehymn

import (
	"fmt"
	"strings"

	"galloper/rules"
)

// View implements rules.System. The Standard Rules have no hidden
// information (rules notes §8): every side sees the whole map, every
// unit's Strength and Demoralized SPs and the Approach Fire markers; the
// cup's next pick is what nobody knows. With fog of war (ruling E-11) a
// side's map and roster leave out the enemy units on the map it cannot
// see. Views carry no orders.
func (sys System) View(st rules.State, side rules.Side) rules.View {
	s := st.(*State)
	v := rules.View{System: sys.ID(), Side: side, Turn: fmt.Sprintf("Hour %d of %d-%d", s.Hour, s.First, s.Last),
		Segment: s.Segment().Label, Provisional: s.charts.Provisional, ChartPack: s.charts.Pack, Style: boardStyle}
	if s.Over() {
		v.Turn, v.Segment = fmt.Sprintf("after Hour %d", s.Last), "game over"
	}
	if v.Provisional {
		v.Lines = append(v.Lines, fmt.Sprintf("Chart pack %q is PROVISIONAL: its Terrain Effects and Combat Special Situations values are not the official charts.", v.ChartPack))
	}
	if !s.Over() {
		if i := s.initiative(s.Hour); i != "" {
			v.Lines = append(v.Lines, fmt.Sprintf("Hour %d: %s holds the Initiative and its Combat Turn marker.", s.Hour, i))
		} else {
			v.Lines = append(v.Lines, fmt.Sprintf("Hour %d: neither side holds the Initiative.", s.Hour))
		}
	}
	b := s.board
	mv := &rules.MapView{Name: b.Name, Layout: b.Layout, Cols: b.Cols, Rows: b.Rows}
	for _, h := range b.Hexes {
		mv.Hexes = append(mv.Hexes, rules.HexView{ID: h.ID, Col: h.At.Col, Row: h.At.Row, Terrain: h.Terrain, Elevation: h.Elevation, Label: h.Place})
	}
	for _, hs := range b.Hexsides {
		mv.Hexsides = append(mv.Hexsides, rules.HexsideView{A: hs.A, B: hs.B, Kind: hs.Kind})
	}
	for _, r := range b.Roads {
		mv.Roads = append(mv.Roads, append([]string(nil), r.Hexes...))
	}
	groups := map[string]*rules.RosterGroup{}
	var order []string
	seen := s.seenBy(side)
	if seen != nil {
		v.Lines = append(v.Lines, fmt.Sprintf("Fog of war: %s sees %d enemy unit(s) on the map (ruling E-11).", side, len(seen)))
	}
	for i := range s.Units {
		u := &s.Units[i]
		if hiddenFrom(seen, side, u) {
			continue
		}
		if u.onMap() {
			uv := rules.UnitView{Name: u.Name, Side: u.Side, Kind: string(u.Type), Hex: u.Hex,
				Status: u.status(), Strength: u.strength()}
			if u.Dismounted {
				uv.Formation = "dismounted"
			}
			mv.Units = append(mv.Units, uv)
		}
		g, ok := groups[u.Formation]
		if !ok {
			g = &rules.RosterGroup{Side: u.Side, Command: u.Formation, Enemy: side != "" && u.Side != side}
			groups[u.Formation] = g
			order = append(order, u.Formation)
		}
		ru := rules.RosterUnit{Name: u.Name, Kind: string(u.Type), Position: where(u), Strength: u.strength() + " SP",
			Grade: fmt.Sprintf("MR %+d, MA %d", u.MR, u.MA), State: u.status()}
		if len(u.Approach) > 0 {
			ru.Markers = []string{"Approach Fire from " + strings.Join(u.Approach, ", ")}
		}
		switch {
		case u.Dismounted && u.Horses != "":
			ru.Formation = "dismounted"
			ru.Markers = append(ru.Markers, fmt.Sprintf("horses in %s, %d holder SP(s)", u.Horses, u.Holders))
		case u.Dismounted:
			ru.Formation = "dismounted"
			ru.Markers = append(ru.Markers, "horses lost")
		}
		g.Units = append(g.Units, ru)
	}
	for _, n := range order { // own Formations first, then the enemy's
		if g := groups[n]; !g.Enemy {
			v.Roster = append(v.Roster, *g)
		}
	}
	for _, n := range order {
		if g := groups[n]; g.Enemy {
			v.Roster = append(v.Roster, *g)
		}
	}
	v.Map = mv
	v.Victory = s.victoryView()
	return v
}

// strength is a unit's SPs as its markers show them: "5" or "5/2d" with
// two Demoralized (BH 3.4).
func (u *Unit) strength() string {
	if u.Demoralized > 0 {
		return fmt.Sprintf("%d/%dd", u.Strength, u.Demoralized)
	}
	return fmt.Sprint(u.Strength)
}

// status is a unit's state in words.
func (u *Unit) status() string {
	switch {
	case u.eliminated():
		return "Eliminated"
	case u.Shattered:
		return "Shattered"
	case !u.onMap():
		return fmt.Sprintf("arrives Hour %d, Entry Area %s", u.Enters, u.Entry)
	case len(u.Approach) > 0:
		return "Approach Fire"
	}
	return ""
}

// victoryView is the Objectives and the score (BH 14).
func (s *State) victoryView() *rules.Victory {
	v := &rules.Victory{Conditions: []string{
		fmt.Sprintf("At each Victory? Hour (%s) and after Hour %d: each side scores the Objectives it holds and the Victory Points of the casualties it has inflicted (BH 14.1, 14.2); the higher score wins after Hour %d.", ints(s.VictoryHours), s.Last, s.Last),
	}}
	for _, o := range s.Objectives {
		v.Locations = append(v.Locations, rules.VictoryLocation{Name: o.Name, Hex: o.Hex, Points: o.Points, Holder: o.Holder, Known: true})
	}
	sc := s.score()
	for _, side := range s.Sides {
		v.Tally = append(v.Tally, rules.Score{Side: side, Points: sc[side]})
	}
	if s.Over() {
		v.Final, v.Winner, v.Result = true, s.Winner, s.Result
	}
	return v
}

func ints(xs []int) string {
	var out []string
	for _, x := range xs {
		out = append(out, fmt.Sprint(x))
	}
	return strings.Join(out, ", ")
}

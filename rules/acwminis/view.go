package acwminis

import (
	"fmt"
	"strings"

	"galloper/rules"
	"galloper/rules/table"
)

// View implements rules.System: the table drawn to scale with its
// terrain and each unit's footprint, facing, formation, state and hits.
// The sheet has no hidden information (rules notes §8), so every side
// sees the whole table, unless the game plays with fog of war (ruling
// A42, fog.go).
func (sys System) View(st rules.State, side rules.Side) rules.View {
	s := st.(*State)
	seg := s.Segment()
	v := rules.View{
		System: sys.ID(), Side: side, Turn: fmt.Sprintf("Turn %d of %d", s.Turn, s.Turns), Segment: seg.Label,
	}
	if s.Over() {
		// Turn runs one past the last once the last half is played.
		v.Turn, v.Segment = fmt.Sprintf("Turn %d of %d", s.Turns, s.Turns), "game over"
	}
	tv := &rules.TableView{Name: s.Table.Name, Width: in(s.Table.Width), Depth: in(s.Table.Depth), Scale: s.Table.Scale}
	for i := range s.Terrain {
		f := &s.Terrain[i]
		tf := rules.TableFeature{Kind: f.Kind, Name: f.Name, Line: f.Line}
		for _, p := range f.Points {
			tf.Points = append(tf.Points, rules.Point{X: in(p[0]), Y: in(p[1])})
		}
		tv.Terrain = append(tv.Terrain, tf)
	}
	seen := s.seenBy(side)
	for i := range s.Units {
		u := &s.Units[i]
		if !u.inPlay() || !shown(seen, side, u.Side, u.Name) {
			continue
		}
		b := u.body()
		c := b.Centre()
		tv.Units = append(tv.Units, rules.UnitView{
			Name: u.Name, Side: u.Side, Kind: strings.ToLower(u.Type),
			Footprint: &rules.Footprint{X: in(int64(c.X)), Y: in(int64(c.Y)), Width: in(int64(b.Width)), Depth: in(int64(b.Depth))},
			Facing:    rules.Facing(float64(u.Heading) / 10),
			Formation: strings.ToLower(u.Formation),
			Status:    u.marker(),
		})
		v.Lines = append(v.Lines, fmt.Sprintf("%s %s (%s, %s %s): %s at %v, %s", u.Side, u.Name, u.List, u.Size, strings.ToLower(u.Type),
			u.status(), u.Pose(), strings.ToLower(u.Formation)))
	}
	for i := range s.Commanders {
		c := &s.Commanders[i]
		if !shown(seen, side, c.Side, c.Name) {
			continue
		}
		tv.Units = append(tv.Units, rules.UnitView{
			Name: c.Name, Side: c.Side, Kind: "commander",
			Footprint: &rules.Footprint{X: in(c.At[0]), Y: in(c.At[1]), Width: in(c.Base), Depth: in(c.Base)},
			Status:    c.Rank,
		})
		v.Lines = append(v.Lines, fmt.Sprintf("%s %s (%s) at %v", c.Side, c.Name, c.Rank, c.Point()))
	}
	for i := range s.Units {
		// Under fog of war a side's lines list only its own broken units:
		// an enemy break it saw, the events told it of (ruling A42).
		if u := &s.Units[i]; !u.inPlay() && (seen == nil || u.Side == side) {
			v.Lines = append(v.Lines, fmt.Sprintf("%s %s: Broken, removed from play", u.Side, u.Name))
		}
	}
	if seen != nil {
		v.Lines = append(v.Lines, "Fog of war (ruling A42): enemy units and commanders out of your units' sight are not shown.")
	}
	v.Table = tv
	v.Roster = s.roster(side, seen)
	return v
}

// roster lists the units in play by side and commander: the viewing
// side's first, then the enemy's it sees (the umpire's lists every side
// in turn order). Units without a commander are listed under "".
func (s *State) roster(side rules.Side, seen map[string]bool) []rules.RosterGroup {
	order := []rules.Side{s.Sides[0], s.Sides[1]}
	if side == s.Sides[1] {
		order = []rules.Side{s.Sides[1], s.Sides[0]}
	}
	var out []rules.RosterGroup
	for _, sd := range order {
		var groups []rules.RosterGroup
		at := map[string]int{}
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side != sd || !u.inPlay() || !shown(seen, side, u.Side, u.Name) {
				continue
			}
			k, ok := at[u.Commander]
			if !ok {
				k = len(groups)
				at[u.Commander] = k
				g := rules.RosterGroup{Side: sd, Command: u.Commander, Enemy: side != "" && sd != side, Units: []rules.RosterUnit{}}
				if c := s.commander(u.Commander); c != nil && shown(seen, side, c.Side, c.Name) {
					g.Leader = fmt.Sprintf("%s (%s) at %v", c.Name, c.Rank, c.Point())
				}
				groups = append(groups, g)
			}
			groups[k].Units = append(groups[k].Units, u.rosterUnit())
		}
		out = append(out, groups...)
	}
	return out
}

// rosterUnit is the unit as a roster lists it.
func (u *Unit) rosterUnit() rules.RosterUnit {
	r := rules.RosterUnit{
		Name: u.Name, Kind: strings.ToLower(u.Type), Position: u.Pose().String(),
		Strength: fmt.Sprintf("%d hits (worn %d, shaken %d, broken %d)", u.Hits, u.Worn, u.Shaken, u.BrokenAt),
		Grade:    fmt.Sprintf("%s, %s", u.List, u.Size), Formation: strings.ToLower(u.Formation),
		Facing: table.Angle(u.Heading).Norm().String(), State: u.State(),
	}
	if u.Markers > 0 {
		r.Markers = []string{fmt.Sprintf("%d disorder", u.Markers)}
	}
	return r
}

// marker is the short status drawn beside a unit: its state, its hits
// and its disorder markers, as "Worn 9h D1".
func (u *Unit) marker() string {
	s := fmt.Sprintf("%s %dh", u.State(), u.Hits)
	if u.Markers > 0 {
		s += fmt.Sprintf(" D%d", u.Markers)
	}
	return s
}

// in converts thousandths to inches.
func in(v int64) float64 { return float64(v) / 1000 }

// spot is the centre of the unit's footprint, as the map draws it.
func (u *Unit) spot() rules.Point {
	c := u.body().Centre()
	return rules.Point{X: in(int64(c.X)), Y: in(int64(c.Y))}
}

// status is the unit's state, hits and disorder markers, as drawn.
func (u *Unit) status() string {
	s := fmt.Sprintf("%s, %d hits (worn %d, shaken %d, broken %d)", u.State(), u.Hits, u.Worn, u.Shaken, u.BrokenAt)
	if u.Markers > 0 {
		s += fmt.Sprintf(", Disordered (%d markers)", u.Markers)
	}
	return s
}

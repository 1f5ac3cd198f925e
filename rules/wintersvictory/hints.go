package wintersvictory

import (
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/wintersvictory/wvtext"
)

var _ rules.OrderHinter = System{}

// OrderHints implements rules.OrderHinter: the orders the segment takes
// from side, the commanders that may send orders and to whom, and each
// stack's moves and targets, from what side sees alone (the reach of a
// move avoids only the enemy units it sees; targets are seen units).
func (sys System) OrderHints(st rules.State, side rules.Side) *rules.OrderHints {
	s := st.(*State)
	if s.Over() || !slices.Contains(s.Segment().Sides, side) {
		return nil
	}
	h := &rules.OrderHints{Orders: slices.Clone(stepVerbs[s.Step])}
	for _, o := range s.Objectives {
		h.Objectives = append(h.Objectives, rules.PlaceHint{Name: o.Name, At: o.Hex})
	}
	switch s.Step {
	case stepAlliedCommand, stepFrenchCommand:
		for i := range s.Leaders {
			l := &s.Leaders[i]
			if l.Side != side || l.Level == Brigade {
				continue
			}
			c := rules.CommandHint{Name: l.Name, At: l.Hex, Orders: []string{wvtext.Send}}
			if l.Level == Army {
				c.Orders = append(c.Orders, wvtext.Attack)
			}
			for j := range s.Leaders {
				if _, below := s.subordinate(l, &s.Leaders[j]); below {
					c.To = append(c.To, s.Leaders[j].Name)
				}
			}
			h.Commands = append(h.Commands, c)
		}
	case stepInterphase:
	default:
		h.Stacks = sys.stackHints(s, side)
	}
	return h
}

// stackHints lists side's stacks with their steps, reach and targets.
func (sys System) stackHints(s *State, side rules.Side) []rules.StackHint {
	r := sys.newRun(s, nil, nil)
	m := s.board()
	seen := s.seenEnemyHexes(side)
	var out []rules.StackHint
	at := map[string]int{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || u.Eliminated {
			continue
		}
		k, ok := at[u.Hex]
		if !ok {
			k = len(out)
			at[u.Hex] = k
			out = append(out, rules.StackHint{At: u.Hex, Steps: slices.Clone(stepVerbs[s.Step])})
		}
		st := &out[k]
		st.Units = append(st.Units, u.Name)
		reach := 0
		switch {
		case u.Type == "infantry":
			reach = 2
		case u.Type == "artillery" && u.Formation == "unlimbered":
			reach = 8
			if firer(u).ExtendedCapable {
				reach = 12
			}
		}
		st.Range = max(st.Range, min(reach, s.visibility()))
		if s.Step == stepFrenchMove || s.Step == stepAlliedMove {
			cost := func(from, to hex.Axial) int {
				if !m.OnMap(to) || seen[to] {
					return -1
				}
				tc, err := r.pack.Terrain(s.terrain(m.ID(m.ToOffset(to))), mover(u))
				if err != nil || tc.Prohibited {
					return -1
				}
				return tc.MP
			}
			for a := range hex.Reach(m.Axial(u.Hex), u.MA, cost) {
				if id := m.ID(m.ToOffset(a)); id != u.Hex && !slices.Contains(st.Reach, id) {
					st.Reach = append(st.Reach, id)
				}
			}
			slices.Sort(st.Reach)
		}
	}
	for k := range out {
		st := &out[k]
		for i := range s.Units {
			e := &s.Units[i]
			if e.Side == side || e.Eliminated || !seen[m.Axial(e.Hex)] {
				continue
			}
			if d := s.dist(st.At, e.Hex); d <= st.Range {
				st.Targets = append(st.Targets, rules.TargetHint{Unit: e.Name, At: e.Hex, Distance: d})
			}
		}
		slices.SortStableFunc(st.Targets, func(a, b rules.TargetHint) int {
			if a.Distance != b.Distance {
				return a.Distance - b.Distance
			}
			return strings.Compare(a.Unit, b.Unit)
		})
	}
	return out
}

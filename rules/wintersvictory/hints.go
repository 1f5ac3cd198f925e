package wintersvictory

import (
	"slices"
	"strings"

	"galloper/orders"
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
				if _, below := s.subordinate(l, &s.Leaders[j]); below && sys.mayOrder(s, side, l, &s.Leaders[j]) {
					c.To = append(c.To, s.Leaders[j].Name)
				}
			}
			h.Commands = append(h.Commands, c)
		}
		h.Stacks = sys.chargeHints(s, side)
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
		case u.Type == "artillery" && u.Formation == "unlimbered" && crewless(u) == "":
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
				id := m.ID(m.ToOffset(to))
				tc, err := r.pack.Terrain(s.terrain(id), mover(u))
				if err != nil || tc.Prohibited {
					return -1
				}
				x := r.cross(mover(u), m.ID(m.ToOffset(from)), id, 0, false) // its cheapest choice (6.22)
				if x.bad != "" {
					return -1
				}
				return tc.MP + x.cost.MP
			}
			for a := range hex.Reach(m.Axial(u.Hex), u.MA, cost) {
				if id := m.ID(m.ToOffset(a)); id != u.Hex && !slices.Contains(st.Reach, id) {
					st.Reach = append(st.Reach, id)
				}
			}
			slices.Sort(st.Reach)
		}
	}
	if s.Step == stepFrenchMove || s.Step == stepAlliedMove {
		var objs []rules.PlaceHint
		for _, o := range s.Objectives {
			objs = append(objs, rules.PlaceHint{Name: o.Name, At: o.Hex})
		}
		for k := range out {
			out[k].Approaches = sys.approaches(s, side, out[k], seen, objs)
		}
	}
	for k := range out {
		st := &out[k]
		for i := range s.Units {
			e := &s.Units[i]
			if e.Side == side || e.Eliminated || !seen[m.Axial(e.Hex)] {
				continue
			}
			if d := s.dist(st.At, e.Hex); d <= st.Range && (s.Step != stepFire || r.allMayFire(st.Units, e)) {
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

// approaches are the paths the units of stack st may all MOVE along
// toward each objective this phase: the check of the order file accepts
// each unit's MOVE along it, one after another (the map, terrain,
// facing, Movement Points, command and stacking; WV 5.3-9.1, 17.13),
// and it enters no hex where side sees an enemy unit (6.14). An unseen
// enemy unit stops the move when it is carried out.
func (sys System) approaches(s *State, side rules.Side, st rules.StackHint, seen map[hex.Axial]bool, objs []rules.PlaceHint) []rules.ApproachHint {
	c := s.clone()
	r := sys.newRun(c, nil, nil)
	inCmd := r.inCommand(side)
	m := c.board()
	steps := 0
	for _, n := range st.Units {
		steps = max(steps, c.unit(n).MA)
	}
	next := func(h string) []string {
		var out []string
		for _, n := range c.neighbours(h) {
			if !seen[m.Axial(n)] {
				out = append(out, n)
			}
		}
		return out
	}
	ok := func(path []string) bool {
		saved := slices.Clone(c.Units)
		defer copy(c.Units, saved)
		r.problems, r.spent, r.moved = nil, map[string]int{}, map[string]bool{}
		for _, n := range st.Units {
			u := c.unit(n)
			r.move(side, u, &wvtext.Order{Verb: wvtext.Move, Who: orders.Name{Text: n}, Path: path}, inCmd[n])
			if len(r.problems) > 0 {
				return false
			}
		}
		return true
	}
	return rules.Approaches(st.At, objs, steps, next, c.dist, ok)
}

// allMayFire reports whether each of the units named may fire at e now,
// as the check of a fire plan reads it (11.0-11.11): a Reciprocal Fire
// segment's hint lists only targets a FIRE of every unit of the stack
// names acceptably.
func (r *run) allMayFire(units []string, e *Unit) bool {
	for _, n := range units {
		u := r.s.unit(n)
		if u == nil || canFire(u) != "" || r.fireProblem(u, e) != "" {
			return false
		}
	}
	return len(units) > 0
}

// mayOrder reports whether an ORDER from l to sub alone, with l's own
// hex as its objective, is accepted now (16.2, 17.31-17.41): the hints
// list only the receivers an order may go to without a breach.
func (sys System) mayOrder(s *State, side rules.Side, l, sub *Leader) bool {
	if l.Hex == "" {
		return false
	}
	r := sys.newRun(s.clone(), nil, nil)
	r.commandPhase(side, []*wvtext.Order{{Verb: wvtext.Send, Who: orders.Name{Text: l.Name}, To: orders.Name{Text: sub.Name}, Objective: l.Hex}})
	return len(r.problems) == 0
}

// chargeHints are the side's cavalry units in a Command segment that may
// declare a charge now, one a stack hint, each with the seen enemy units
// its declaration may name (12.51-12.52), nearest first.
func (sys System) chargeHints(s *State, side rules.Side) []rules.StackHint {
	c := s.clone()
	r := sys.newRun(c, nil, nil)
	var out []rules.StackHint
	for i := range c.Units {
		u := &c.Units[i]
		if u.Side != side || u.Eliminated || u.Type != "cavalry" || u.Charge != "" {
			continue
		}
		st := rules.StackHint{At: u.Hex, Units: []string{u.Name}, Steps: []string{wvtext.Charge}}
		for j := range c.Units {
			e := &c.Units[j]
			if e.Side == side || e.Eliminated || !c.sees(side, e.Hex) {
				continue
			}
			r.problems = nil
			r.declareCharge(side, &wvtext.Order{Verb: wvtext.Charge, Who: orders.Name{Text: u.Name}, Targets: []orders.Name{{Text: e.Name}}})
			if len(r.problems) == 0 {
				st.Charges = append(st.Charges, rules.TargetHint{Unit: e.Name, At: e.Hex, Distance: c.dist(u.Hex, e.Hex)})
			}
			u.Charge = ""
		}
		if len(st.Charges) > 0 {
			slices.SortStableFunc(st.Charges, func(a, b rules.TargetHint) int { return a.Distance - b.Distance })
			out = append(out, st)
		}
	}
	return out
}

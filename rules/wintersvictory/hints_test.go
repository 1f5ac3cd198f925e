package wintersvictory

import (
	"slices"
	"strings"
	"testing"

	"galloper/rules"
)

// TestOrderHints: the hints list the segment's orders, a commander's
// subordinates in the Command Phase, and in the Movement Phase each
// stack's reach, from what the side sees; none for a side not ordering.
func TestOrderHints(t *testing.T) {
	sys := New()
	st, _ := sys.NewGame("serpallen", nil)
	s := st.(*State)
	s.Step = stepFrenchCommand
	h := sys.OrderHints(s, SideFrench)
	if h == nil || !slices.Contains(h.Orders, "ORDER") || len(h.Commands) == 0 {
		t.Fatalf("command hints %+v", h)
	}
	if c := h.Commands[0]; c.Name != "Napoleon" || !slices.Contains(c.To, "Lochet") || !slices.Contains(c.Orders, "ATTACK") {
		t.Errorf("Napoleon's hint %+v", c)
	}
	if sys.OrderHints(s, SideAllied) != nil {
		t.Error("hints for a side that does not order")
	}
	s.Step = stepFrenchMove
	h = sys.OrderHints(s, SideFrench)
	var found bool
	for _, st := range h.Stacks {
		if st.At == "0803" {
			found = true
			if !slices.Contains(st.Reach, "1003") || slices.Contains(st.Reach, "1403") || st.Range != 2 {
				t.Errorf("1/33 Ligne's stack: %+v", st)
			}
		}
	}
	if !found {
		t.Error("no stack at 0803")
	}
}

// hexWhere is a hex of the map within n hexes of at, clear and empty,
// for which want(hex) holds; "" when none.
func hexWhere(s *State, at string, n int, want func(string) bool) string {
	var best string
	for _, h := range s.board().Hexes {
		id := h.ID
		if d := s.dist(at, id); d < 1 || d > n || s.terrain(id) != "clear" || len(s.unitsAt(id)) > 0 || !want(id) {
			continue
		}
		if best == "" || s.dist(at, id) > s.dist(at, best) || s.dist(at, id) == s.dist(at, best) && id < best {
			best = id
		}
	}
	return best
}

// firstUnit is the first unit of side and type in play.
func firstUnit(s *State, side rules.Side, typ string) *Unit {
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.Type == typ && !u.Eliminated && u.Morale == "" {
			return u
		}
	}
	return nil
}

// TestOrderHintApproaches: in a Movement segment each stack's approaches
// come nearer their objectives, enter no hex where the side sees an
// enemy unit (6.14), and a MOVE of every unit of the stack along its
// first approach is accepted; one stack a file, and all together where
// no two end in the same hex.
func TestOrderHintApproaches(t *testing.T) {
	sys := New()
	st, _ := sys.NewGame("serpallen", nil)
	s := st.(*State)
	for _, step := range []int{stepFrenchMove, stepAlliedMove} {
		s.Step = step
		side := stepSides[step][0]
		h := sys.OrderHints(s, side)
		seen := s.seenEnemyHexes(side)
		n := 0
		var all []string
		ends, passed := map[string]bool{}, map[string]bool{}
		for _, sh := range h.Stacks {
			for i, a := range sh.Approaches {
				if a.Left >= a.Distance || len(a.Path) == 0 || s.dist(a.Path[len(a.Path)-1], a.At) != a.Left {
					t.Errorf("%s: %v's approach %+v comes no nearer", side, sh.Units, a)
				}
				if i > 0 && a.Distance < sh.Approaches[i-1].Distance {
					t.Errorf("%s: %v's approaches are not nearest first", side, sh.Units)
				}
				for _, x := range a.Path {
					if seen[s.board().Axial(x)] {
						t.Errorf("%s: %v's approach enters %s, where an enemy unit is seen", side, sh.Units, x)
					}
				}
			}
			if len(sh.Approaches) == 0 {
				continue
			}
			n++
			var lines []string
			for _, u := range sh.Units {
				lines = append(lines, "MOVE "+u+": "+strings.Join(sh.Approaches[0].Path, " "))
			}
			if ps := sys.Validate(s, side, parseBench(t, side, s.Turn, strings.Join(lines, "\n")+"\n")); len(ps) > 0 {
				t.Errorf("%s: %v along its approach is refused: %+v", side, sh.Units, ps)
			}
			// Moved together, no path may pass through another's end
			// hex: moving through a friendly unit costs more (6.13).
			p := sh.Approaches[0].Path
			end, through := p[len(p)-1], p[:len(p)-1]
			clear := !ends[end] && !passed[end] && len(s.unitsAt(end)) == 0
			for _, x := range through {
				clear = clear && !ends[x]
			}
			if clear {
				ends[end] = true
				for _, x := range through {
					passed[x] = true
				}
				all = append(all, lines...)
			}
		}
		if n == 0 {
			t.Fatalf("%s: no stack has an approach", side)
		}
		if ps := sys.Validate(s, side, parseBench(t, side, s.Turn, strings.Join(all, "\n")+"\n")); len(ps) > 0 {
			t.Errorf("%s: the %d moves together are refused: %+v", side, len(all), ps)
		}
		t.Logf("%s: %d of %d stacks have approaches", side, n, len(h.Stacks))
	}
}

// TestOrderHintChargesAndFire: in its Command segment a cavalry unit's
// hint lists the enemy unit in its Charge Zone (12.52) and not the one
// behind it, and the CHARGE is accepted; in the Reciprocal Fire segment a
// stack's targets are those a FIRE of its units may name (11.0), the
// enemy behind left out, and the plan is accepted.
func TestOrderHintChargesAndFire(t *testing.T) {
	sys := New()
	st, _ := sys.NewGame("serpallen", nil)
	s := st.(*State)
	cav, inf := firstUnit(s, SideFrench, "cavalry"), firstUnit(s, SideFrench, "infantry")
	if cav == nil || inf == nil {
		t.Fatal("no French cavalry or infantry")
	}
	var foes []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == SideAllied && u.Type == "infantry" && len(foes) < 2 {
			foes = append(foes, u)
		}
	}
	place := func(u *Unit, front bool, n int) {
		foe := foes[0]
		if !front {
			foe = foes[1]
		}
		t.Helper()
		h := hexWhere(s, u.Hex, n, func(x string) bool {
			return s.inFront(u.Hex, u.Facing, x) == front && s.dist(u.Hex, x) <= n
		})
		if h == "" {
			t.Fatalf("no hex %v in front of %s within %d", front, u.Name, n)
		}
		foe.Hex = h
	}
	// the Charge Zone: one enemy 3 hexes or so in front, one behind.
	place(cav, true, 3)
	place(cav, false, 2)
	s.Step = stepFrenchCommand
	var ch []string
	for _, sh := range sys.OrderHints(s, SideFrench).Stacks {
		if sh.Units[0] == cav.Name {
			for _, c := range sh.Charges {
				ch = append(ch, c.Unit)
			}
		}
	}
	if !slices.Contains(ch, foes[0].Name) || slices.Contains(ch, foes[1].Name) {
		t.Fatalf("%s's charges %v; want %s and not %s (behind)", cav.Name, ch, foes[0].Name, foes[1].Name)
	}
	if ps := sys.Validate(s, SideFrench, parseBench(t, SideFrench, s.Turn, "CHARGE "+cav.Name+": "+foes[0].Name+"\n")); len(ps) > 0 {
		t.Fatalf("the hinted charge is refused: %+v", ps)
	}
	// Reciprocal Fire: one enemy 2 hexes in front of the battalion, one
	// behind it.
	place(inf, true, 2)
	place(inf, false, 1)
	s.Step = stepFire
	for _, sh := range sys.OrderHints(s, SideFrench).Stacks {
		if !slices.Contains(sh.Units, inf.Name) {
			continue
		}
		var names []string
		for _, tg := range sh.Targets {
			names = append(names, tg.Unit)
		}
		if !slices.Contains(names, foes[0].Name) || slices.Contains(names, foes[1].Name) {
			t.Fatalf("%v's fire targets %v; want %s and not %s (behind)", sh.Units, names, foes[0].Name, foes[1].Name)
		}
		var lines []string
		for _, u := range sh.Units {
			lines = append(lines, "FIRE "+u+": "+strings.Join(names, ", "))
		}
		if ps := sys.Validate(s, SideFrench, parseBench(t, SideFrench, s.Turn, strings.Join(lines, "\n")+"\n")); len(ps) > 0 {
			t.Fatalf("the hinted fire plan is refused: %+v", ps)
		}
		return
	}
	t.Fatalf("no stack hint holds %s", inf.Name)
}

// BenchmarkOrderHints: the French hints of the Movement segment at
// Serpallen, each stack's approaches to every Objective included.
func BenchmarkOrderHints(b *testing.B) {
	sys := New()
	st, _ := sys.NewGame("serpallen", nil)
	s := st.(*State)
	s.Step = stepFrenchMove
	for b.Loop() {
		sys.OrderHints(s, SideFrench)
	}
}

package battlehymn

import (
	"cmp"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules/battlehymn/bhtext"
)

// The return to the horses (BH 11.3, ruling E-10): a dismounted unit
// whose retreats, or enemy units, have left it more than 9 infantry MPs
// from its horses "must return to within 9 MPs as soon as possible". At
// the start of its Formation's Movement Turn:
//
//  1. Galloper finds the hexes it could legally end its move in on foot,
//     and how near each is to its horses (infantry MPs over the map).
//  2. Its MOVE script stands when it ends within 9 MPs of the horses, or,
//     when no hex within reach of its MA is, as near them as any.
//  3. Otherwise (a HOLD, a RALLY, no order, a script that does not bring
//     it back) it walks back: to the hex within 9 MPs it reaches for the
//     fewest MPs, or when none is in reach to the nearest hex to the
//     horses it can reach; ties go to the fewer MPs spent, then the
//     nearer the horses, then the first in hex order.

// returnReach is how far, in infantry MPs, the return looks for the
// horses: a unit farther than this from them stays where it is.
const returnReach = 60

// strayed reports whether u is a dismounted unit, horses still held, that
// stands more than 9 infantry MPs from them, and how far it is.
func (s *State) strayed(u *Unit) (int, bool) {
	if !u.Dismounted || u.Horses == "" || u.HorsesLost || !u.onMap() || s.leash(u.Hex, u.Horses) <= leashMPs {
		return 0, false
	}
	d := s.footMPs(u.Hex, u.Horses, returnReach)
	return d, d > leashMPs
}

// returnStop is one hex a strayed unit could end its move in: its path,
// the MPs spent, and its distance from the horses.
type returnStop struct {
	path       []string
	spent, far int
}

// returnStops lists the legal ends of a strayed unit's move on foot, the
// best first (ruling E-10), its own hex included.
func (s *State) returnStops(u *Unit, night bool) []returnStop {
	type node struct {
		path  []string
		spent int
	}
	best := map[string]node{u.Hex: {nil, 0}}
	frontier := []string{u.Hex}
	ma := u.allowance()
	for len(frontier) > 0 {
		slices.Sort(frontier)
		var next []string
		for _, x := range frontier {
			n := best[x]
			if len(n.path) > 0 && s.enemyZOC(u.Side, x) {
				continue // it stops on entering an enemy ZOC (BH 5.3)
			}
			for _, nx := range s.board.neighbors(x) {
				c, why := s.stepCost(u, x, nx, 0, nil)
				if why != "" || n.spent+c > ma {
					continue
				}
				if o, ok := best[nx]; ok && o.spent <= n.spent+c {
					continue
				}
				best[nx] = node{append(slices.Clone(n.path), nx), n.spent + c}
				next = append(next, nx)
			}
		}
		frontier = next
	}
	var out []returnStop
	for hx, n := range best {
		if hx != u.Hex {
			if _, _, why := s.legalSteps(u, n.path, 0, night, nil); why != "" {
				continue
			}
		}
		out = append(out, returnStop{n.path, n.spent, s.footMPs(hx, u.Horses, returnReach)})
	}
	// rank: within the leash first (in the fewest MPs), else nearest.
	rank := func(r returnStop) int { return max(r.far, leashMPs) }
	slices.SortFunc(out, func(a, b returnStop) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.spent, b.spent), cmp.Compare(a.far, b.far),
			strings.Compare(strings.Join(a.path, " "), strings.Join(b.path, " ")))
	})
	return out
}

// leashScript returns the script a strayed unit moves by (ruling E-10):
// its own MOVE script when it brings the unit back as soon as possible,
// else the walk back; nil when it can come no nearer.
func (h *hour) leashScript(u *Unit, o *bhtext.Order, far int, night bool) *bhtext.Order {
	s := h.s
	h.event("leash", "BH 11.3", "%s is %d infantry MPs from its horses in %s and must return within %d as soon as possible", u.Name, far, u.Horses, leashMPs)
	stops := s.returnStops(u, night)
	if len(stops) == 0 {
		return nil
	}
	goal := stops[0].far
	if o != nil && o.Verb == bhtext.Move && len(o.Hexes) > 0 {
		if n, _, why := s.legalSteps(u, o.Hexes, 0, night, nil); why == "" && n == len(o.Hexes) {
			v := *u
			end := u.Hex
			for _, x := range o.Hexes {
				switch {
				case x == bhtext.Mount:
					v.Dismounted = false
				case s.board.has(x):
					end = x
				}
			}
			d := s.footMPs(end, u.Horses, returnReach)
			if !v.Dismounted || d <= leashMPs || d <= goal {
				return o
			}
		}
	}
	if len(stops[0].path) == 0 {
		h.event("hold", "BH 11.3", "%s can come no nearer its horses and stays in %s", u.Name, u.Hex)
		return nil
	}
	return &bhtext.Order{Verb: bhtext.Move, Unit: orders.Name{Text: u.Name}, Hexes: stops[0].path}
}

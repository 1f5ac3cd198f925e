package battlehymn

import (
	"slices"
	"strings"

	"galloper/rules"
)

// Retreat (BH 7): two hexes, not Movement. The path is chosen among every
// path the prohibitions allow (BH 7.4: no prohibited terrain, enemy
// hexes, hex entered twice or map edge) that ends two or more hexes from
// the start and from every cause hex (BH 7.2, 7.5), outside enemy ZOCs and
// friendly units; a retreat that cannot stop after two hexes goes on
// (Extended Retreat, BH 7.7). The priorities of BH 7.3 rank the paths hex
// by hex: an empty hex out of enemy ZOC first, then a friendly-occupied
// hex, then an enemy ZOC (ruling E-4). Ties are the owner's: his RETREAT
// TOWARD hexes, else At Random. A friendly unit negates enemy ZOCs in its
// hex for retreats only (BH 7.6). Each enemy ZOC hex entered costs a Loss,
// a Demoralized SP if possible (BH 7.6). With no path the unit takes a
// Loss and Shatters instead (BH 7.3 item 4, 7.4). An involuntary retreat
// into a friendly unit makes it check its morale first: failing, it takes
// a Demoralization and retreats before the first unit goes on (BH 7.8).

// maxRetreat bounds an Extended Retreat's search.
const maxRetreat = 5

// retreatPath is one candidate path and its priority by hex.
type retreatPath struct {
	hexes []string
	rank  []int
}

// better reports whether p ranks above q (BH 7.3): hex by hex, then the
// shorter.
func (p retreatPath) better(q retreatPath) int {
	for i := 0; i < len(p.rank) && i < len(q.rank); i++ {
		if p.rank[i] != q.rank[i] {
			return p.rank[i] - q.rank[i]
		}
	}
	return len(p.rank) - len(q.rank)
}

// retreatPaths lists the best-ranked retreat paths of u from its hex away
// from the cause hexes. The search is bounded: a path whose ranks so far
// are already worse than the best found is not followed further.
func (s *State) retreatPaths(u *Unit, causes []string) []retreatPath {
	from := u.Hex
	zoc, occ := map[string]bool{}, map[string]*Unit{}
	seen := map[string]bool{}
	look := func(h string) (bool, *Unit) {
		if !seen[h] {
			seen[h] = true
			zoc[h] = s.enemyZOC(u.Side, h)
			occ[h] = s.at(h)
		}
		return zoc[h], occ[h]
	}
	priority := func(h string) int { // BH 7.3
		z, o := look(h)
		switch {
		case o != nil && o != u:
			return 2
		case z:
			return 3
		}
		return 1
	}
	end := func(h string) bool { // BH 7.2, 7.4, 7.5
		if s.board.Distance(from, h) < 2 {
			return false
		}
		for _, c := range causes {
			if s.board.Distance(c, h) < 2 {
				return false
			}
		}
		z, o := look(h)
		return (o == nil || o == u) && !z
	}
	var best []retreatPath
	worse := func(rank []int) bool {
		if len(best) == 0 {
			return false
		}
		b := best[0].rank
		for i := 0; i < len(rank) && i < len(b); i++ {
			if rank[i] != b[i] {
				return rank[i] > b[i]
			}
		}
		return len(rank) > len(b)
	}
	var walk func(path []string, rank []int)
	walk = func(path []string, rank []int) {
		if worse(rank) {
			return
		}
		cur := path[len(path)-1]
		if len(path) > 1 && end(cur) {
			p := retreatPath{hexes: slices.Clone(path[1:]), rank: slices.Clone(rank)}
			switch {
			case len(best) == 0 || p.better(best[0]) < 0:
				best = []retreatPath{p}
			case p.better(best[0]) == 0:
				best = append(best, p)
			}
			return
		}
		if len(path) > maxRetreat {
			return
		}
		for _, nx := range s.board.neighbors(cur) {
			if slices.Contains(path, nx) {
				continue
			}
			if _, o := look(nx); o != nil && o.Side != u.Side {
				continue
			}
			if _, err := s.charts.EnterCost(u.Type, s.board.terrain(nx), s.board.features(cur, nx), false); err != nil {
				continue
			}
			walk(append(path, nx), append(rank, priority(nx)))
		}
	}
	walk([]string{from}, nil)
	return best
}

// retreat retreats u away from the cause hexes; voluntary retreats (before
// combat, BH 7.9) pass through friendly units without effect.
func (h *hour) retreat(u *Unit, causes []string, voluntary bool, rule string) error {
	return h.retreatDepth(u, causes, voluntary, rule, 0)
}

func (h *hour) retreatDepth(u *Unit, causes []string, voluntary bool, rule string, depth int) error {
	s := h.s
	h.dropApproach(u)
	paths := s.retreatPaths(u, causes)
	if len(paths) == 0 {
		u.setSPs(RetreatLoss(u.sps()))
		h.event("retreat", "BH 7.3, 7.4", "%s has no retreat path: it takes a Loss instead and Shatters", u.Name)
		if s.opts().ShatterLossTwice && u.Strength > 0 { // See ruling A10, switched.
			u.setSPs(RetreatLoss(u.sps()))
			h.event("retreat-loss", "BH 10.2.2", "%s had no retreat path free of enemy ZOCs: it loses a second SP as it Shatters", u.Name)
		}
		if u.eliminated() {
			h.eliminate(u)
			return nil
		}
		h.shatterNow(u)
		return nil
	}
	p, err := h.choosePath(u, paths)
	if err != nil {
		return err
	}
	from := u.Hex
	for _, x := range p.hexes {
		if o := s.at(x); o != nil && o != u && !voluntary && depth < 8 {
			if err := h.retreatInto(u, o, depth); err != nil {
				return err
			}
		}
		if o := s.at(x); (o == nil || o == u) && s.enemyZOC(u.Side, x) {
			u.setSPs(RetreatLoss(u.sps()))
			h.event("retreat-loss", "BH 7.6", "%s retreats through the enemy ZOC in %s and takes a Loss (%d SPs, %d demoralized)", u.Name, x, u.Strength, u.Demoralized)
			if u.eliminated() {
				h.eliminate(u)
				return nil
			}
		}
		u.Hex = x
		h.occupy(u)
	}
	h.event("retreat", rule, "%s retreats from %s through %s", u.Name, from, strings.Join(p.hexes, " "))
	h.trace(rules.TraceRetreat, u.Side, u.Name, append([]string{from}, p.hexes...)...)
	if u.Intact() == 0 {
		h.shatterNow(u)
	}
	return nil
}

// retreatInto is BH 7.8: before u enters o's hex, o checks its morale;
// failing, it takes a Demoralization and retreats first, away from u.
func (h *hour) retreatInto(u, o *Unit, depth int) error {
	if h.check(o, "BH 7.8, 10.4.4", "a friendly unit retreats into its hex") {
		return nil
	}
	o.setSPs(o.sps().demoralize(1))
	h.event("hits", "BH 7.8", "%s takes a Demoralization and must retreat first", o.Name)
	if o.Intact() == 0 {
		return h.shatter(o, "all its SPs are Demoralized")
	}
	return h.retreatDepth(o, []string{u.Hex}, false, "BH 7.8", depth+1)
}

// choosePath breaks a tie among equally ranked paths: the owner's RETREAT
// TOWARD hexes (the end nearest the first, then the next), else At Random
// (BH 7.2, 7.3, 3.1).
func (h *hour) choosePath(u *Unit, paths []retreatPath) (retreatPath, error) {
	if len(paths) == 1 {
		return paths[0], nil
	}
	if u.Dismounted && u.Horses != "" { // See BH 11.3, ruling A9.
		near := leashMPs + 2
		var keep []retreatPath
		for _, p := range paths {
			d := h.s.leash(p.hexes[len(p.hexes)-1], u.Horses)
			if d < near {
				near, keep = d, nil
			}
			if d == near {
				keep = append(keep, p)
			}
		}
		paths = keep
		if len(paths) == 1 {
			return paths[0], nil
		}
	}
	if choice, toward := h.reaction(u.Side, "RETREAT"); choice == "TOWARD" {
		for _, t := range toward {
			if !h.s.board.has(t) {
				continue
			}
			near := 99
			var keep []retreatPath
			for _, p := range paths {
				d := h.s.board.Distance(p.hexes[len(p.hexes)-1], t)
				if d < near {
					near, keep = d, nil
				}
				if d == near {
					keep = append(keep, p)
				}
			}
			paths = keep
		}
		if len(paths) == 1 {
			return paths[0], nil
		}
	}
	labels := make([]string, len(paths))
	for i, p := range paths {
		labels[i] = strings.Join(p.hexes, ">")
	}
	l, err := h.atRandom(labels, "BH 3.1, 7.3", u.Name+"'s retreat path")
	if err != nil {
		return retreatPath{}, err
	}
	return paths[slices.Index(labels, l)], nil
}

// dropApproach removes u's Approach Fire marker and the Approach Fire it
// would deliver: a unit that moves, firing or fired upon, cancels that
// fire (BH 6.1.4, ruling A4).
func (h *hour) dropApproach(u *Unit) {
	u.Approach = nil
	for i := range h.s.Units {
		v := &h.s.Units[i]
		v.Approach = slices.DeleteFunc(v.Approach, func(n string) bool { return n == u.Name })
		if len(v.Approach) == 0 {
			v.Approach = nil
		}
	}
}

// shatter removes a unit whose last intact SP is Demoralized; with no
// retreat path free of enemy ZOCs it also takes a Loss (BH 10.2.2).
func (h *hour) shatter(u *Unit, why string) error {
	if u.Hex != "" && !h.s.zocFreePath(u) {
		u.Strength--
		u.Demoralized = min(u.Demoralized, u.Strength)
		h.event("retreat-loss", "BH 10.2.2", "%s had no retreat path free of enemy ZOCs: it loses an SP as it Shatters", u.Name)
		if u.eliminated() {
			h.eliminate(u)
			return nil
		}
	}
	h.event("shatter", "BH 10.2.2", "%s Shatters (%s)", u.Name, why)
	h.shatterNow(u)
	return nil
}

// shatterNow moves a unit to the Shattered Units box, all its SPs
// Demoralized (BH 10.2.2).
func (h *hour) shatterNow(u *Unit) {
	h.dropApproach(u)
	u.Hex, u.Shattered, u.Demoralized = "", true, u.Strength
	h.event("shattered", "BH 10.2.2", "%s is Shattered: %d Demoralized SPs in the Shattered Units box", u.Name, u.Strength)
}

// eliminate removes a unit whose SPs are all Losses (BH 10.2.3).
func (h *hour) eliminate(u *Unit) {
	h.dropApproach(u)
	u.Hex, u.Demoralized = "", 0
	h.event("eliminated", "BH 10.2.3", "%s is eliminated", u.Name)
}

// zocFreePath reports whether u has a two-hex retreat path free of enemy
// ZOCs (BH 10.2.2).
func (s *State) zocFreePath(u *Unit) bool {
	for _, p := range s.retreatPaths(u, nil) {
		if !slices.Contains(p.rank, 3) {
			return true
		}
	}
	return false
}

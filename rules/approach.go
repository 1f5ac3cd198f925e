package rules

import (
	"slices"
	"strings"
)

// ApproachHint is the move that brings a stack nearest one of the board's
// objectives this turn, for a system whose moves are written hex by hex.
type ApproachHint struct {
	// Objective names the place, At is its hex, and Distance is how far
	// it is, in hexes, from where the stack stands.
	Objective string `json:"objective"`
	At        string `json:"at"`
	Distance  int    `json:"distance"`
	// Path are the hexes the move enters, in order; it ends Left hexes
	// from the objective.
	Path []string `json:"path"`
	Left int      `json:"left"`
}

// Approach is the path, at most steps hexes long, from start toward goal
// that the system's own check of a move accepts (ok), ending as near goal
// as any accepted path does, the shortest of those, the first by hex id
// among equals; nil when no accepted path ends nearer goal than start.
// next lists the hexes a path may enter from a hex (the map's neighbours,
// less those the side sees an enemy in); dist measures hexes. The paths
// tried are the fewest-hex paths found breadth first, so a path that is
// cheaper in Movement Points but longer in hexes may be missed: a hint
// is a move that is accepted, not the best one.
func Approach(start, goal string, steps int, next func(string) []string, dist func(a, b string) int, ok func(path []string) bool) []string {
	prev := map[string]string{start: ""}
	depth := map[string]int{start: 0}
	queue := []string{start}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		if depth[h] == steps {
			continue
		}
		nb := slices.Clone(next(h))
		slices.Sort(nb)
		for _, n := range nb {
			if _, seen := prev[n]; seen {
				continue
			}
			prev[n], depth[n] = h, depth[h]+1
			queue = append(queue, n)
		}
	}
	var ends []string
	for h := range prev {
		if h != start && dist(h, goal) < dist(start, goal) {
			ends = append(ends, h)
		}
	}
	slices.SortFunc(ends, func(a, b string) int {
		if d := dist(a, goal) - dist(b, goal); d != 0 {
			return d
		}
		if d := depth[a] - depth[b]; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	for _, e := range ends {
		var path []string
		for h := e; h != start; h = prev[h] {
			path = append(path, h)
		}
		slices.Reverse(path)
		if ok(path) {
			return path
		}
	}
	return nil
}

// Approaches are the approach hints of a stack at start toward each of
// objectives (Approach), nearest objective first, those it stands on or
// cannot come nearer left out.
func Approaches(start string, objectives []PlaceHint, steps int, next func(string) []string, dist func(a, b string) int, ok func(path []string) bool) []ApproachHint {
	var out []ApproachHint
	for _, o := range objectives {
		if p := Approach(start, o.At, steps, next, dist, ok); p != nil {
			out = append(out, ApproachHint{Objective: o.Name, At: o.At, Distance: dist(start, o.At), Path: p, Left: dist(p[len(p)-1], o.At)})
		}
	}
	slices.SortStableFunc(out, func(a, b ApproachHint) int {
		if a.Distance != b.Distance {
			return a.Distance - b.Distance
		}
		return strings.Compare(a.Objective, b.Objective)
	})
	return out
}

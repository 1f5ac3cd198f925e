package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// Retreat paths (LoB 6.3). A retreat runs "in a relatively straight line,
// locally to the rear, away from enemy combat units", with no doubling
// back; enemy units and prohibited terrain block it, bridges and fords let
// it cross impassable hexsides. Galloper reads this as: the i-th hex of
// the path is i hexes from where the retreat began (always outward, so
// never doubling back), no step brings the stack nearer the enemy (the hex
// the fire or Charge came from, or else the nearest enemy combat unit),
// and no hex holds an enemy counter. Among the paths this allows, the
// owner's RETREAT (or WITHDRAW) preferences choose. See
// docs/rulings-lob-retreat.md R-RET-1.

// pathPlan is what a path search needs to know.
type pathPlan struct {
	side  rules.Side
	start string
	n     int    // hexes the retreat must cover
	ref   string // the hex to retreat from; "" for the nearest enemy
	// goal, when set, replaces n: the path ends at the first hex exactly
	// goal hexes from every enemy combat unit (LoB 6.4 step 4).
	goal   int
	column string // the Terrain Effects column the stack moves in
	// extendPast reports whether a hex cannot end the retreat and the
	// path must go on (LoB 6.3f, 3.2d: Unlimbered artillery).
	extendPast func(h string) bool
	ezoc       func(h string) bool // whether a hex is in an enemy Zone of Control
	hq         string              // the hex of the stack's own HQ, "" when none
	// sideways allows steps that keep the distance from the start, for
	// when no straight path exists (R-RET-1).
	sideways bool
	// rearward makes every step go farther from the enemy: an extended
	// artillery retreat goes to the rear all the way (LoB 6.3f, R-RET-9).
	rearward bool
	// known, when set, is the only enemy the search counts: the enemy the
	// retreating side's map shows, for the choices it is offered (ruling
	// R-FOG-7). Nil counts every enemy counter.
	known *enemyKnown
}

// retreatPath is one candidate path and its measures.
type retreatPath struct {
	hexes   []string // the hexes entered, in order
	side    int      // sideways steps, which keep the distance from the start
	ezoc    int      // EZOC hexes entered (LoB 3.4a)
	offRoad int      // steps not along a road
	cover   int      // 0 when it ends in woods, orchard or town
	hqDist  int      // from the end to the stack's HQ
	away    int      // distance of the end from the enemy
}

func (p retreatPath) end() string { return p.hexes[len(p.hexes)-1] }

// label is how a decision request offers the path.
func (p retreatPath) label() string {
	return fmt.Sprintf("to %s via %s", p.end(), strings.Join(p.hexes, " "))
}

// maxExtension is how far past its length a retreat may have to go to
// end clear of Unlimbered artillery (LoB 6.3f).
const maxExtension = 6

// retreatPaths lists, for every hex a legal retreat can end in, the best
// path there under the preferences; nil when the stack cannot retreat.
// Paths straight out from the start come first; only when there is none
// may a path also step sideways, as few times as it can (R-RET-1).
func (s *State) retreatPaths(pl pathPlan, prefs []string) ([]retreatPath, error) {
	ps, err := s.pathsOf(pl, prefs)
	if len(ps) > 0 || err != nil {
		return ps, err
	}
	pl.sideways = true
	return s.pathsOf(pl, prefs)
}

// pathsOf is retreatPaths for one kind of step.
func (s *State) pathsOf(pl pathPlan, prefs []string) ([]retreatPath, error) {
	layer := map[string]retreatPath{pl.start: {}}
	limit := pl.n + maxExtension
	if pl.goal > 0 {
		limit = s.scn.Map.Cols + s.scn.Map.Rows
	}
	for l := 1; l <= limit && len(layer) > 0; l++ {
		next, err := s.extend(pl, layer, l, prefs)
		if err != nil {
			return nil, err
		}
		if ends := s.legalEnds(pl, next, l); len(ends) > 0 {
			return ends, nil
		}
		if l >= pl.n && pl.goal == 0 {
			for h := range next {
				if !pl.extendPast(h) {
					delete(next, h) // only paths that must go on continue
				}
			}
		}
		layer = next
	}
	return nil, nil
}

// legalEnds are the paths of layer l that may end the retreat.
func (s *State) legalEnds(pl pathPlan, layer map[string]retreatPath, l int) []retreatPath {
	var out []retreatPath
	for _, h := range sortedKeys(layer) {
		p := layer[h]
		switch {
		case pl.goal > 0 && s.enemyDistanceIn(pl, h) != pl.goal:
		case pl.goal == 0 && (l < pl.n || pl.extendPast(h)):
		default:
			out = append(out, s.measure(pl, p))
		}
	}
	return out
}

// extend takes every path one hex further; of the paths reaching a hex it
// keeps the best under the preferences (the measures that add up along a
// path decide; those of the end hex are equal for all of them).
func (s *State) extend(pl pathPlan, layer map[string]retreatPath, l int, prefs []string) (map[string]retreatPath, error) {
	m := &s.scn.Map
	next := map[string]retreatPath{}
	for _, from := range sortedKeys(layer) {
		p := layer[from]
		for d := range 6 {
			a := m.axial(from).Neighbor(d)
			if !m.onMap(a) {
				continue
			}
			to := m.hexID(a.ToOffset())
			ok, err := s.mayStep(pl, p, from, to, l)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			q := retreatPath{hexes: append(slices.Clip(p.hexes), to), side: p.side, ezoc: p.ezoc, offRoad: p.offRoad}
			if m.distance(pl.start, to) == m.distance(pl.start, from) {
				q.side++
			}
			if pl.ezoc(to) {
				q.ezoc++
			}
			if !m.onRoad(from, to) {
				q.offRoad++
			}
			if old, seen := next[to]; !seen || betterStep(q, old, prefs) {
				next[to] = q
			}
		}
	}
	return next, nil
}

// betterStep compares two paths to the same hex by the measures that add
// up along a path, in preference order, then by their hexes.
func betterStep(a, b retreatPath, prefs []string) bool {
	if a.side != b.side {
		return a.side < b.side
	}
	for _, p := range prefs {
		switch {
		case p == "AVOID EZOC" && a.ezoc != b.ezoc:
			return a.ezoc < b.ezoc
		case p == "ROADS" && a.offRoad != b.offRoad:
			return a.offRoad < b.offRoad
		}
	}
	return strings.Join(a.hexes, " ") < strings.Join(b.hexes, " ")
}

// mayStep reports whether a retreat along p may step from one hex to the
// next as its l-th hex (LoB 6.3): l hexes from the start, or with
// sideways steps allowed no nearer the start and not back into its path.
func (s *State) mayStep(pl pathPlan, p retreatPath, from, to string, l int) (bool, error) {
	m := &s.scn.Map
	d := m.distance(pl.start, to)
	switch {
	case s.enemyInPlan(pl, to):
		return false, nil
	case !pl.sideways && d != l:
		return false, nil
	case pl.sideways && (d < m.distance(pl.start, from) || to == pl.start || slices.Contains(p.hexes, to)):
		return false, nil
	}
	if a, b := s.awayFrom(pl, to), s.awayFrom(pl, from); a < b || pl.rearward && a == b {
		return false, nil
	}
	return s.crossable(pl.column, from, to)
}

// awayFrom is how far a hex is from the enemy the retreat flees.
func (s *State) awayFrom(pl pathPlan, h string) int {
	if pl.ref != "" {
		return s.scn.Map.distance(pl.ref, h)
	}
	return s.enemyDistanceIn(pl, h)
}

// enemyIn reports whether a hex holds any enemy counter (LoB 6.3).
func (s *State) enemyIn(side rules.Side, h string) bool {
	for _, i := range s.inHex(h) {
		if p := &s.doc.Pieces[i]; p.Side != side && p.Hex == h && !p.OffMap && p.Status != "lost" && (p.Unit == nil || !p.Unit.Eliminated) {
			return true
		}
	}
	return false
}

// crossable reports whether a retreat may go from one hex into the next:
// the hexside features between them are not prohibited for the stack's
// column, unless a bridge or ford crosses there (LoB 6.3). A feature the
// Terrain Effects chart has no row for (a Stone Wall, a Slope) does not
// block.
func (s *State) crossable(column, from, to string) (bool, error) {
	var kinds []string
	for _, hs := range s.scn.Map.Hexsides {
		if (hs.A == from && hs.B == to) || (hs.A == to && hs.B == from) {
			kinds = append(kinds, hs.Kind)
		}
	}
	if slices.Contains(kinds, SideBridge) || slices.Contains(kinds, SideFord) {
		return true, nil
	}
	for _, k := range kinds {
		if _, listed := s.charts.field.movement.hexsides[k]; !listed {
			continue // the chart gives the feature no movement effect
		}
		c, err := s.charts.field.HexsideCost(column, k)
		if err != nil {
			return false, fmt.Errorf("retreat (LoB 6.3) from %s to %s: %w", from, to, err)
		}
		if c.Prohibited {
			return false, nil
		}
	}
	return true, nil
}

// measure fills in the measures of a path's end hex.
func (s *State) measure(pl pathPlan, p retreatPath) retreatPath {
	h, _ := s.scn.Map.Hex(p.end())
	p.cover = 1
	if h.Terrain == "woods" || h.Terrain == "orchard" || h.Terrain == "town" {
		p.cover = 0
	}
	if pl.hq != "" {
		p.hqDist = s.scn.Map.distance(pl.hq, p.end())
	}
	p.away = s.awayFrom(pl, p.end())
	return p
}

// rankPaths sorts paths best first under the preferences, the remaining
// criteria in their default order, then by distance from the enemy and by
// hexes.
func rankPaths(ps []retreatPath, prefs []string) {
	order := fullPrefs(prefs)
	slices.SortStableFunc(ps, func(a, b retreatPath) int {
		if a.side != b.side {
			return a.side - b.side
		}
		for _, p := range order {
			if c := prefMeasure(a, p) - prefMeasure(b, p); c != 0 {
				return c
			}
		}
		if a.away != b.away {
			return b.away - a.away
		}
		return strings.Compare(strings.Join(a.hexes, " "), strings.Join(b.hexes, " "))
	})
}

// prefMeasure is the measure one preference minimises.
func prefMeasure(p retreatPath, pref string) int {
	switch pref {
	case "AVOID EZOC":
		return p.ezoc
	case "TOWARD HQ":
		return p.hqDist
	case "ROADS":
		return p.offRoad
	case "COVER":
		return p.cover
	case "STRAIGHT":
		return -p.away
	}
	return 0
}

// pathPrefs are the RETREAT options in their default order of importance.
var pathPrefs = []string{"AVOID EZOC", "TOWARD HQ", "ROADS", "COVER", "STRAIGHT"}

// fullPrefs is prefs followed by the remaining options: the documented
// default first (lobtext.ReactionDefault), then the others.
func fullPrefs(prefs []string) []string {
	out := slices.Clone(prefs)
	for _, p := range append(strings.Split(lobtext.ReactionDefault["RETREAT"], ", "), pathPrefs...) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// retreatColumn is the Terrain Effects column a retreating stack moves
// in: it may change formation freely (LoB 6.3a), so infantry goes in
// column, mounted cavalry mounted, artillery limbered, an Open Order unit
// alone in open order.
func retreatColumn(units []*Piece, openOrder bool) string {
	switch {
	case openOrder:
		return "open-order"
	case allArtillery(units):
		return "limbered"
	case len(units) > 0 && units[0].Unit.Formation == "mounted":
		return "mounted"
	}
	return "column"
}

// neighbourDir is the direction from hex a to the adjacent hex b, -1 if
// they are not adjacent.
func (m *Map) neighbourDir(a, b string) int {
	x, y := m.axial(a), m.axial(b)
	for d := range 6 {
		if x.Neighbor(d) == y {
			return d
		}
	}
	return -1
}

// writtenPath checks a path the owner wrote against the retreat rules:
// its length, each step adjacent and legal (mayStep: straight out, or
// sideways only when no straight path exists), and its end (not with
// Unlimbered artillery, 3.2d). It returns the path, or why it is not legal.
func (s *State) writtenPath(pl pathPlan, hexes []string) (*retreatPath, string) {
	if len(hexes) != pl.n {
		return nil, fmt.Sprintf("it has %d hexes, the retreat %d", len(hexes), pl.n)
	}
	straight, err := s.pathsOf(pl, nil)
	if err != nil {
		return nil, err.Error()
	}
	pl.sideways = len(straight) == 0
	p, from := retreatPath{}, pl.start
	for i, h := range hexes {
		if _, ok := s.scn.Map.Hex(h); !ok || s.scn.Map.neighbourDir(from, h) < 0 {
			return nil, fmt.Sprintf("%s is not next to %s", h, from)
		}
		ok, err := s.mayStep(pl, p, from, h, i+1)
		if err != nil {
			return nil, err.Error()
		}
		if !ok {
			return nil, fmt.Sprintf("the step into %s doubles back, nears the enemy or enters enemy units or prohibited terrain", h)
		}
		p.hexes = append(p.hexes, h)
		if pl.ezoc(h) {
			p.ezoc++
		}
		from = h
	}
	if pl.extendPast(from) {
		return nil, fmt.Sprintf("it ends with Unlimbered artillery in %s, which LoB 3.2d forbids", from)
	}
	return &p, ""
}

package lob

import (
	"bytes"
	_ "embed"
	"fmt"

	"galloper/rules"
	"galloper/rules/hex"

	"go.yaml.in/yaml/v3"
)

// Line of sight (LoB 4.0-4.2). Galloper traces the line from the centre of
// one End Point hex to the centre of the other (ambiguity A1: the rules let
// players "eyeball" it; an adjudicator needs one exact answer). Where that
// line runs exactly along a hexside, hex.Line gives two traces, one a hair
// to either side, and the line is Clear if either trace is: the firing
// player decides the exact End Point within his hex (LoB 4.0), so he may
// place it on the clear side. In a Closing Roll situation the non-moving
// player decides, and may place it on the blocked side (Shot.Blocking). Units and Sudden Dips do not depend on the
// trace: LoB 4.2e and 4.2b say how they treat hexsides. docs/maps.md has
// the full list of Galloper's rulings.

//go:embed charts/los.yaml
var losFile []byte

// losRules is the line of sight data printed in LoB 2.3, 4.0 and 4.1.
type losRules struct {
	Rule            string         `yaml:"rule"`
	EndPoint        map[string]int `yaml:"end_point"`
	Obstacle        map[string]int `yaml:"obstacle"`
	ShortRange      int            `yaml:"short_range"`
	NightVisibility int            `yaml:"night_visibility"`
	Rows            []slopeRow     `yaml:"slope_table"`
	slope           [slopeDiffs][slopeRanges]int
	crestEnd        int // EndPoint["crest"]
	crestObstacle   int // Obstacle["crest"]
}

type slopeRow struct {
	Diff   int   `yaml:"diff"`
	Slopes []int `yaml:"slopes"`
}

// The Slope Table has rows for differences 0 to 10+ and columns for ranges
// 1 to 16+ (LoB 4.1).
const (
	slopeDiffs  = 11
	slopeRanges = 16
)

var losData = mustParseLOS(losFile)

func mustParseLOS(data []byte) *losRules {
	r, err := parseLOS("charts/los.yaml", data)
	if err != nil {
		panic(err) // embedded data, checked by TestLOSDataLoads
	}
	return r
}

// parseLOS reads and checks the line of sight data.
func parseLOS(file string, data []byte) (*losRules, error) {
	var r losRules
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if r.EndPoint["crest"] <= 0 || len(r.EndPoint) != 1 {
		return nil, fmt.Errorf("%s: end_point: want exactly a positive crest modifier (LoB 4.0)", file)
	}
	for _, k := range []string{"woods", "orchard", "town", "crest"} {
		if r.Obstacle[k] <= 0 {
			return nil, fmt.Errorf("%s: obstacle: %s: want a positive modifier (LoB 4.0)", file, k)
		}
	}
	if r.ShortRange < 1 || r.NightVisibility < 1 {
		return nil, fmt.Errorf("%s: short_range and night_visibility must be positive", file)
	}
	if len(r.Rows) != slopeDiffs {
		return nil, fmt.Errorf("%s: slope_table: want %d rows (differences 0 to 10+), got %d", file, slopeDiffs, len(r.Rows))
	}
	seen := map[int]bool{}
	for i, row := range r.Rows {
		if row.Diff < 0 || row.Diff >= slopeDiffs || seen[row.Diff] {
			return nil, fmt.Errorf("%s: slope_table[%d]: diff %d is out of range or repeated", file, i, row.Diff)
		}
		if len(row.Slopes) != slopeRanges {
			return nil, fmt.Errorf("%s: slope_table[%d] (diff %d): want %d slopes, got %d", file, i, row.Diff, slopeRanges, len(row.Slopes))
		}
		seen[row.Diff] = true
		copy(r.slope[row.Diff][:], row.Slopes)
	}
	r.crestEnd, r.crestObstacle = r.EndPoint["crest"], r.Obstacle["crest"]
	return &r, nil
}

// slopeOf looks up the Slope Table (LoB 4.1): a level difference against a
// range in hexes, clamped to the "10+" row and the "16+" column.
func slopeOf(diff, rng int) int {
	return losData.slope[min(max(diff, 0), slopeDiffs-1)][min(max(rng, 1), slopeRanges)-1]
}

// Shot says what a line of sight is traced for.
type Shot struct {
	// SmallArms shots use the short-range test at any range (LoB 4.0).
	SmallArms bool
	// Side is the firing or looking side. Units of the other side block
	// across the hexsides of their hexes, friendly units only when both
	// hexes of the hexside are occupied (LoB 4.2e).
	Side rules.Side
	// Blocking places the End Points where they block: where the line
	// runs along a hexside it is Clear only if both traces are. The
	// non-moving player may place them so in a Closing Roll situation
	// (LoB 4.0; the standing ENDPOINT reaction).
	Blocking bool
}

// Sight is a line of sight verdict and what decided it.
type Sight struct {
	Clear bool
	Rule  string // e.g. "LoB 4.1"
	At    string // the hex that blocks, if any
	What  string // what blocks there, e.g. "woods"
	Why   string // why it blocks, when the rule alone does not say
}

// String describes the verdict in plain English.
func (s Sight) String() string {
	switch {
	case s.Clear:
		return "Clear (" + s.Rule + ")"
	case s.Why != "":
		return fmt.Sprintf("Blocked by %s at %s: %s (%s)", s.What, s.At, s.Why, s.Rule)
	}
	return fmt.Sprintf("Blocked by %s at %s (%s)", s.What, s.At, s.Rule)
}

// sightMap is a map as line of sight reads it, indexed like Map.Hexes.
type sightMap struct {
	cols, rows int
	ids        []string
	level      []int       // raw elevation level
	crest      []bool      // LoB 4.0
	terrainMod []int       // Obstacle modifier of the hex terrain (woods, town, orchard)
	orchard    []int       // orchard group + 1, or 0 (LoB 4.2d)
	kind       []string    // hex terrain, for messages
	dipsInto   [][]int     // for a hex on the downhill side of Sudden Dips, the hexes uphill of them (LoB 4.2b)
	offsets    []hex.Axial // axial coordinate of each index
}

// newSightMap reads a loaded map for line of sight.
func newSightMap(m *Map) *sightMap {
	n := m.Cols * m.Rows
	g := &sightMap{cols: m.Cols, rows: m.Rows, ids: make([]string, n), level: make([]int, n), crest: make([]bool, n),
		terrainMod: make([]int, n), orchard: make([]int, n), kind: make([]string, n), dipsInto: make([][]int, n),
		offsets: make([]hex.Axial, n)}
	for i, h := range m.Hexes {
		g.ids[i], g.level[i], g.crest[i], g.kind[i] = h.ID, h.Elevation, h.Crest, h.Terrain
		g.terrainMod[i] = losData.Obstacle[h.Terrain]
		g.offsets[i] = h.At.ToAxial()
	}
	g.groupOrchards(m)
	for _, hs := range m.Hexsides {
		if hs.Kind == SideDip {
			d, u := g.index(m.axial(hs.B)), g.index(m.axial(hs.A))
			g.dipsInto[d] = append(g.dipsInto[d], u)
		}
	}
	return g
}

// groupOrchards numbers each connected group of orchard hexes: one Orchard
// in the sense of LoB 4.2d.
func (g *sightMap) groupOrchards(m *Map) {
	group := 0
	for i := range m.Hexes {
		if m.Hexes[i].Terrain != "orchard" || g.orchard[i] != 0 {
			continue
		}
		group++
		stack := []int{i}
		g.orchard[i] = group
		for len(stack) > 0 {
			at := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for d := 0; d < 6; d++ {
				j := g.index(g.offsets[at].Neighbor(d))
				if j >= 0 && m.Hexes[j].Terrain == "orchard" && g.orchard[j] == 0 {
					g.orchard[j] = group
					stack = append(stack, j)
				}
			}
		}
	}
}

// index is the position of an axial coordinate, or -1 off the map.
func (g *sightMap) index(a hex.Axial) int {
	o := a.ToOffset()
	if o.Col < 1 || o.Col > g.cols || o.Row < 1 || o.Row > g.rows {
		return -1
	}
	return (o.Col-1)*g.rows + o.Row - 1
}

// ends are the two End Points of a line of sight (LoB 4.0).
type ends struct {
	high, low int // End Point heights, Crest included
	lowAt     hex.Axial
	highFirst bool // the first hex of the line is the Higher End Point
	even      bool // the End Points are at the same height
	orchards  [2]int
}

func (g *sightMap) ends(a, b int) ends {
	ha, hb := g.endHeight(a), g.endHeight(b)
	e := ends{high: max(ha, hb), low: min(ha, hb), highFirst: ha > hb, even: ha == hb,
		orchards: [2]int{g.orchard[a], g.orchard[b]}}
	if hb < ha {
		e.lowAt = g.offsets[b]
	} else {
		e.lowAt = g.offsets[a]
	}
	return e
}

// endHeight is an End Point's height: the highest height in its hex, plus
// one on a Crest (LoB 4.0).
func (g *sightMap) endHeight(i int) int {
	if g.crest[i] {
		return g.level[i] + losData.crestEnd
	}
	return g.level[i]
}

// modifier is what an Obstacle hex adds to its level (LoB 4.0), leaving out
// an Orchard that is all or in part in an End Point hex (LoB 4.2d).
func (g *sightMap) modifier(i int, e *ends) int {
	m := 0
	if g.terrainCounts(i, e) {
		m = g.terrainMod[i]
	}
	if g.crest[i] {
		m += losData.crestObstacle
	}
	return m
}

// terrainCounts reports whether a hex's terrain is an Obstacle modifier
// on this line: any but Clear, and not an Orchard ignored by LoB 4.2d.
func (g *sightMap) terrainCounts(i int, e *ends) bool {
	o := g.orchard[i]
	return g.terrainMod[i] > 0 && (o == 0 || (o != e.orchards[0] && o != e.orchards[1]))
}

// lineOfSight decides whether a can see b (LoB 4.0-4.2). u holds the units
// that may block; nil ignores units.
func (g *sightMap) lineOfSight(a, b hex.Axial, shot Shot, u *blockers) Sight {
	if b.Q < a.Q || (b.Q == a.Q && b.R < a.R) {
		a, b = b, a // trace one way only, so that a sees b exactly when b sees a
	}
	n := hex.Distance(a, b)
	ia, ib := g.index(a), g.index(b)
	switch {
	case ia < 0 || ib < 0:
		return Sight{Rule: "LoB 1.4b", At: "off the map", What: "the map edge"}
	case n == 0:
		return Sight{Clear: true, Rule: "LoB 4.0"}
	case n == 1:
		return Sight{Clear: true, Rule: "LoB 4.2a"}
	}
	var lb, rb [64]hex.Axial // most lines fit: no allocation
	left, right := hex.AppendLine(lb[:0], rb[:0], a, b)
	if s, ok := g.dip(ia, left[1], right[1]); ok {
		return s
	}
	if s, ok := g.dip(ib, left[n-1], right[n-1]); ok {
		return s
	}
	e := g.ends(ia, ib)
	short := shot.SmallArms || n <= losData.ShortRange
	if short && u != nil {
		if s, ok := g.units(left, right, &e, u); ok {
			return s
		}
	}
	first := g.trace(left, &e, short)
	if same(left, right) || first.Clear != shot.Blocking {
		return first
	}
	if second := g.trace(right, &e, short); second.Clear != shot.Blocking {
		return second
	}
	return first
}

func same(l, r []hex.Axial) bool {
	for i := range l {
		if l[i] != r[i] {
			return false
		}
	}
	return true
}

// dip blocks a line of sight of range 2 or more with an End Point on the
// downhill side of a Sudden Dip when the line crosses that hexside or one
// of its corners, i.e. when it leaves the End Point hex into the hex uphill
// of the dip (LoB 4.2b).
func (g *sightMap) dip(end int, next ...hex.Axial) (Sight, bool) {
	for _, up := range g.dipsInto[end] {
		for _, x := range next {
			if g.index(x) == up {
				return Sight{Rule: "LoB 4.2b", At: g.ids[end], What: "a Sudden Dip"}, true
			}
		}
	}
	return Sight{}, false
}

// trace tests one trace of the line against the terrain between the End
// Points: nothing in an End Point hex is an Obstacle (LoB 4.0).
func (g *sightMap) trace(line []hex.Axial, e *ends, short bool) Sight {
	n := len(line) - 1
	from, to := g.sameHill(line, e)
	overall := slopeOf(e.high-e.low, n)
	for i := 1; i < n; i++ {
		x := g.index(line[i])
		if x < 0 {
			// A line along a hexside on the map edge: this trace runs
			// off the map, the other along the edge.
			return Sight{Rule: "LoB 1.4b", At: "the map edge", What: "a hex off the map"}
		}
		mod := g.modifier(x, e)
		if mod == 0 && i >= from && i <= to {
			continue // LoB 4.2c
		}
		h := g.level[x] + mod
		switch {
		case h > e.high:
			return Sight{Rule: "LoB 4.0", At: g.ids[x], What: g.what(x, e), Why: higherThanEnds}
		case h <= e.low:
			continue
		case short:
			return Sight{Rule: "LoB 4.0", At: g.ids[x], What: g.what(x, e), Why: onShortLine}
		case slopeOf(h-e.low, hex.Distance(line[i], e.lowAt)) > overall:
			return Sight{Rule: "LoB 4.1", At: g.ids[x], What: g.what(x, e), Why: steeper}
		}
	}
	if short {
		return Sight{Clear: true, Rule: "LoB 4.0"}
	}
	return Sight{Clear: true, Rule: "LoB 4.1"}
}

// Why a line of sight is Blocked.
const (
	higherThanEnds = "it is higher than the Higher End Point"
	onShortLine    = "anything on a line of range 4 or less, or of a Small Arms shot, blocks it"
	steeper        = "its Obstacle Slope is greater than the Overall Slope"
)

// what names the Obstacle in a hex: its terrain if that counts, else its
// Crest, else the ground itself.
func (g *sightMap) what(x int, e *ends) string {
	switch {
	case g.terrainCounts(x, e):
		return g.kind[x]
	case g.crest[x]:
		return "crest"
	}
	return "rising ground"
}

// sameHill returns the positions on the line (from..to, inclusive) that lie
// on the descending slope of the hill holding the Higher End Point, whose
// unmodified heights are ignored (LoB 4.2c). Galloper's reading of "use
// common sense": walking from the Higher End Point towards the Lower, the
// slope goes on while the ground does not rise; a one-hex rise of one level
// that falls away again in the next hex, still below the hill top, is a
// "ripple" and does not end it. The slope ends at a modified Height, or
// where the ground rises for another hill. Level End Points have no Same
// Hill.
func (g *sightMap) sameHill(line []hex.Axial, e *ends) (from, to int) {
	n := len(line) - 1
	if e.even {
		return 1, 0
	}
	start, step := 0, 1
	if !e.highFirst {
		start, step = n, -1
	}
	top := g.level[g.index(line[start])]
	prev := top
	last := start
	for i := start + step; i > 0 && i < n; i += step {
		x, nx := g.index(line[i]), g.index(line[i+step])
		if x < 0 || nx < 0 || g.modifier(x, e) != 0 {
			break
		}
		l := g.level[x]
		if l > prev && (l != prev+1 || l >= top || g.level[nx] >= l) {
			break
		}
		prev, last = l, i
	}
	if last == start {
		return 1, 0
	}
	if step > 0 {
		return 1, last
	}
	return last, n - 1
}

// blockers marks, for one looking side, the hexes holding combat units
// that can block a line of sight (LoB 4.2e). Open Order Capable units never
// block and are left out when it is built.
type blockers struct {
	friend, enemy []bool
	// at, when set, answers for a hex (by sightMap.index) instead of the
	// two marks: a line of sight reads a few hexes of the map, and a
	// position of hundreds of counters need not mark them all for it.
	at func(i int) (friend, enemy bool)
}

// friendAt reports friendly blocking units in a hex.
func (b *blockers) friendAt(i int) bool {
	if b.at != nil {
		f, _ := b.at(i)
		return f
	}
	return b.friend[i]
}

// enemyAt reports enemy blocking units in a hex.
func (b *blockers) enemyAt(i int) bool {
	if b.at != nil {
		_, e := b.at(i)
		return e
	}
	return b.enemy[i]
}

// sightUnit is a counter as line of sight sees it.
type sightUnit struct {
	Side      rules.Side
	At        hex.Axial
	Combat    bool // infantry, cavalry or artillery (not a leader, HQ or Wagon)
	OpenOrder bool // Open Order Capable (LoB 9.4b)
}

// blockersFor builds the blockers of a looking side.
func (g *sightMap) blockersFor(side rules.Side, units []sightUnit) *blockers {
	b := &blockers{friend: make([]bool, len(g.level)), enemy: make([]bool, len(g.level))}
	for _, u := range units {
		i := g.index(u.At)
		if i < 0 || !u.Combat || u.OpenOrder {
			continue
		}
		if u.Side == side {
			b.friend[i] = true
		} else {
			b.enemy[i] = true
		}
	}
	return b
}

// units blocks a short-range or Small Arms line of sight that passes a
// hex holding combat units (LoB 4.2e). Where the line runs along a hexside
// (the two traces differ), enemy units block from either hex, friendly
// units only when both hexes are occupied. Galloper's ruling: a unit is on
// the line when the ground it stands on is at least as high as the Lower
// End Point; a unit in a hollow below both End Points is fired over.
func (g *sightMap) units(left, right []hex.Axial, e *ends, u *blockers) (Sight, bool) {
	for i := 1; i < len(left)-1; i++ {
		x, y := g.index(left[i]), g.index(right[i])
		if x < 0 || y < 0 {
			if x, y = max(x, y), max(x, y); x < 0 { // along the map edge: only the hex on the map
				continue
			}
		}
		up := func(j int) bool { return g.level[j] >= e.low }
		switch {
		case x == y && (u.enemyAt(x) || u.friendAt(x)) && up(x):
			return Sight{Rule: "LoB 4.2e", At: g.ids[x], What: "a unit"}, true
		case x == y:
		case u.enemyAt(x) && up(x):
			return Sight{Rule: "LoB 4.2e", At: g.ids[x], What: "an enemy unit beside the hexside"}, true
		case u.enemyAt(y) && up(y):
			return Sight{Rule: "LoB 4.2e", At: g.ids[y], What: "an enemy unit beside the hexside"}, true
		case u.friendAt(x) && u.friendAt(y) && up(x) && up(y):
			return Sight{Rule: "LoB 4.2e", At: g.ids[x] + "/" + g.ids[y], What: "friendly units on both sides of the hexside"}, true
		}
	}
	return Sight{}, false
}

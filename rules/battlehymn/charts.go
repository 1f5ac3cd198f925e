package battlehymn

import (
	_ "embed"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"galloper/rules"
)

// The tables the Standard Rules print, and the provisional pack of the two
// charts they only refer to (the Terrain Effects Chart and the Combat
// Special Situations Chart). See docs/charts-battlehymn.md.
var (
	//go:embed charts/standard.yaml
	standardData []byte
	//go:embed charts/provisional.yaml
	provisionalData []byte
)

// SystemID is the system id chart packs name.
const SystemID = "battlehymn"

// ProvisionalPackData returns the bytes of the shipped provisional pack.
func ProvisionalPackData() []byte { return append([]byte(nil), provisionalData...) }

// UnitType is a combat unit's type (see BH 2.2.1). Dismounted cavalry
// fights as Infantry (see BH 11.3).
type UnitType string

// The unit types of BH 2.2.1.
const (
	Infantry       UnitType = "infantry"
	Cavalry        UnitType = "cavalry"
	Artillery      UnitType = "artillery"
	HorseArtillery UnitType = "horse-artillery"
)

// UnitTypes lists the unit types in chart order.
var UnitTypes = []UnitType{Infantry, Cavalry, Artillery, HorseArtillery}

// isArtillery reports whether t fires as artillery (see BH 11.1, 11.2).
func (t UnitType) isArtillery() bool { return t == Artillery || t == HorseArtillery }

// HexTerrain is one row of the Terrain Effects Chart's hex terrain.
type HexTerrain struct {
	MP         int // to enter (see BH 5.4.1)
	ToHit      int // base To Hit Chance of a target in the hex (see BH 6.5.1)
	FireOut    int // for a unit firing out of the hex (see BH 6.5.1 note)
	BlocksLOS  bool
	Prohibited map[UnitType]bool // unless entered across a road type
}

// Opening says what a hexside feature opens to unit types that may not
// otherwise enter or cross.
type Opening string

// The openings of a hexside feature.
const (
	OpensNothing Opening = "no"
	OpensHex     Opening = "hex"  // road types: cost and access (see BH 5.4.3)
	OpensSide    Opening = "side" // bridges and fords
)

// ZOCBlock is how a hexside feature blocks zones of control (see BH 9).
type ZOCBlock string

// The ZOC blocks of a hexside feature.
const (
	ZOCOpen    ZOCBlock = "no"
	ZOCBlocked ZOCBlock = "yes"
	ZOCUpOnly  ZOCBlock = "up" // ZOC extends down, not up (see BH 5.4.4)
)

// Hexside is one row of the Terrain Effects Chart's hexside terrain.
type Hexside struct {
	MP          int // added to the hex cost; for road types, the cost itself
	Opens       Opening
	ToHit       int
	UphillMP    int
	UphillToHit int
	BlocksZOC   ZOCBlock
	Prohibited  map[UnitType]bool
	Water       bool // artillery ignores its To Hit modifier (see BH 6.5.4)
}

// Charts holds every table a Battle Hymn game reads: the printed ones and
// a terrain pack, provisional or an owner's real cards.
type Charts struct {
	// Pack is the terrain pack's name; Provisional says whether it is the
	// shipped provisional one (reports must say so).
	Pack        string
	Provisional bool

	rangeMod    map[int]int // by range in hexes (see BH 9.2)
	maxRange    int
	passFrom    int         // lowest modified roll that passes (see BH 10.3)
	rally       map[int]int // SPs rallied by Morale Rating (see BH 10.5.4)
	vp          map[string][2]int
	die         int
	alwaysHit   int
	alwaysMiss  int
	approach    int
	firerSurr   int
	targetSurr  int
	highToLow   int
	hexes       map[string]HexTerrain
	sides       map[string]Hexside
	typeMod     map[UnitType]map[UnitType]int
	hexNames    []string
	hexsideName []string
}

// Victory point categories of BH 14.2.
const (
	VPLoss                 = "loss"
	VPShatteredDemoralized = "shattered-demoralized"
	VPDemoralized          = "demoralized"
)

// The hex terrain and hexside features the Standard Rules name: a terrain
// pack must rate each of them (a game's real chart may add more).
var (
	requiredHexes    = []string{"clear", "woods", "marsh", "town"}
	requiredHexsides = []string{"road", "minor-road", "railroad", "stream", "creek", "river",
		"bridge", "ford", "slope", "escarpment", "fortification"}
)

// DefaultCharts returns the printed tables with the shipped provisional
// terrain pack.
func DefaultCharts() (*Charts, error) { return LoadCharts(provisionalData) }

// LoadCharts reads the printed tables and the terrain pack in data (an
// owner's `chart_pack:` or the provisional one), refusing a pack that is
// malformed, incomplete or out of range with an error naming the table
// and the entry.
func LoadCharts(data []byte) (*Charts, error) {
	std, err := rules.ParseChartPack("battlehymn standard tables", standardData)
	if err != nil {
		return nil, err
	}
	c := &Charts{}
	if err := c.readStandard(std); err != nil {
		return nil, err
	}
	pack, err := rules.ParseChartPack("chart_pack", data)
	if err != nil {
		return nil, err
	}
	if pack.System != SystemID {
		return nil, fmt.Errorf("chart pack %s: system is %q, want %s", pack.Name, pack.System, SystemID)
	}
	c.Pack, c.Provisional = pack.Name, pack.Provisional
	if err := c.readTerrain(pack); err != nil {
		return nil, err
	}
	if err := c.readUnitTypes(pack); err != nil {
		return nil, err
	}
	return c, nil
}

// readStandard reads the printed tables and checks them complete.
func (c *Charts) readStandard(p *rules.ChartPack) error {
	r := reader{pack: p}
	t := r.table("range-attenuation")
	c.rangeMod = map[int]int{}
	keys := make([]string, 0, len(t.Values))
	for k := range t.Values {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the first error is the same on every run
	for _, k := range keys {
		v := t.Values[k]
		n := r.atoi("range-attenuation", "range "+k, k)
		if n < 1 || n > 10 {
			r.fail("range-attenuation", "range "+k, "a range is 1 to 10 hexes")
		}
		c.rangeMod[n] = r.atoi("range-attenuation", "range "+k, v)
		c.maxRange = max(c.maxRange, n)
	}
	for n := 1; n <= c.maxRange; n++ {
		if _, ok := c.rangeMod[n]; !ok && r.err == nil {
			r.fail("range-attenuation", "range "+strconv.Itoa(n), "missing (ranges must run 1 to the longest)")
		}
	}
	c.die = r.value("fire", "die")
	c.alwaysHit, c.alwaysMiss = r.value("fire", "always-hit"), r.value("fire", "always-miss")
	if r.err == nil && (c.die < 2 || c.alwaysHit < 1 || c.alwaysMiss > c.die || c.alwaysHit >= c.alwaysMiss) {
		r.fail("fire", "", fmt.Sprintf("die %d, always-hit %d, always-miss %d: want 1 <= always-hit < always-miss <= die", c.die, c.alwaysHit, c.alwaysMiss))
	}
	c.passFrom = r.moraleCheck(c.die)
	c.rally = map[int]int{}
	for mr := -3; mr <= 3; mr++ {
		c.rally[mr] = r.value("rally", signed(mr))
	}
	c.vp = map[string][2]int{}
	for _, row := range []string{VPLoss, VPShatteredDemoralized, VPDemoralized} {
		c.vp[row] = [2]int{
			r.cell("victory-points", row, "artillery-horse-artillery-cavalry"),
			r.cell("victory-points", row, "infantry"),
		}
	}
	c.approach = r.value("to-hit-rules", "approach-fire")
	c.firerSurr = r.value("to-hit-rules", "firer-surrounded")
	c.targetSurr = r.value("to-hit-rules", "target-surrounded")
	c.highToLow = r.value("to-hit-rules", "high-to-low")
	return r.err
}

// readTerrain reads the hex and hexside terrain of a pack.
func (c *Charts) readTerrain(p *rules.ChartPack) error {
	r := reader{pack: p}
	t := r.table("hex-terrain")
	c.hexes = map[string]HexTerrain{}
	for _, name := range sortedRows(t) {
		h := HexTerrain{
			MP:         r.cell("hex-terrain", name, "mp"),
			ToHit:      r.cell("hex-terrain", name, "to-hit"),
			FireOut:    r.cell("hex-terrain", name, "fire-out"),
			BlocksLOS:  r.yesNo("hex-terrain", name, "blocks-los"),
			Prohibited: r.types("hex-terrain", name, "prohibited"),
		}
		if r.err == nil && (h.MP < 1 || h.MP > 20) {
			r.fail("hex-terrain", name, fmt.Sprintf("mp %d is not 1 to 20", h.MP))
		}
		r.toHitBase("hex-terrain", name, h.ToHit)
		c.hexes[name] = h
		c.hexNames = append(c.hexNames, name)
	}
	r.require("hex-terrain", t, requiredHexes)
	t = r.table("hexside")
	c.sides = map[string]Hexside{}
	for _, name := range sortedRows(t) {
		s := Hexside{
			MP:          r.cell("hexside", name, "mp"),
			Opens:       Opening(r.choice("hexside", name, "opens", "no", "hex", "side")),
			ToHit:       r.cell("hexside", name, "to-hit"),
			UphillMP:    r.cell("hexside", name, "uphill-mp"),
			UphillToHit: r.cell("hexside", name, "uphill-to-hit"),
			BlocksZOC:   ZOCBlock(r.choice("hexside", name, "blocks-zoc", "no", "yes", "up")),
			Prohibited:  r.types("hexside", name, "prohibited"),
			Water:       r.yesNo("hexside", name, "water"),
		}
		if r.err == nil && (s.MP < 0 || s.MP > 20 || s.UphillMP < 0 || s.UphillMP > 20) {
			r.fail("hexside", name, "mp and uphill-mp are 0 to 20")
		}
		if r.err == nil && s.Opens == OpensHex && s.MP < 1 {
			r.fail("hexside", name, "a road type's mp replaces the hex cost, so it is at least 1")
		}
		for _, m := range []int{s.ToHit, s.UphillToHit} {
			r.toHitMod("hexside", name, m)
		}
		c.sides[name] = s
		c.hexsideName = append(c.hexsideName, name)
	}
	r.require("hexside", t, requiredHexsides)
	return r.err
}

// readUnitTypes reads the Special Situations modifiers by unit type.
func (c *Charts) readUnitTypes(p *rules.ChartPack) error {
	r := reader{pack: p}
	t := r.table("unit-types")
	c.typeMod = map[UnitType]map[UnitType]int{}
	for _, f := range UnitTypes {
		c.typeMod[f] = map[UnitType]int{}
		for _, g := range UnitTypes {
			v := r.cell("unit-types", string(f), string(g))
			r.toHitMod("unit-types", string(f)+" at "+string(g), v)
			c.typeMod[f][g] = v
		}
	}
	if r.err == nil && len(t.Rows) != len(UnitTypes) {
		r.fail("unit-types", "", fmt.Sprintf("%d rows; want one per unit type (%s)", len(t.Rows), typeList()))
	}
	return r.err
}

// reader reads a pack's cells, keeping the first error, which names the
// pack, the table and the entry.
type reader struct {
	pack *rules.ChartPack
	err  error
}

func (r *reader) fail(table, entry, msg string) {
	if r.err != nil {
		return
	}
	if entry == "" {
		r.err = fmt.Errorf("chart pack %s: table %s: %s", r.pack.Name, table, msg)
		return
	}
	r.err = fmt.Errorf("chart pack %s: table %s %s: %s", r.pack.Name, table, entry, msg)
}

func (r *reader) table(name string) rules.ChartTable {
	t, err := r.pack.Table(name)
	if err != nil && r.err == nil {
		r.err = err
	}
	return t
}

func (r *reader) atoi(table, entry, s string) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		r.fail(table, entry, fmt.Sprintf("%q is not a whole number", s))
	}
	return n
}

func (r *reader) value(table, key string) int {
	t := r.table(table)
	v, err := t.Value(table, key)
	if err != nil {
		r.fail(table, "value "+strconv.Quote(key), "missing")
		return 0
	}
	return r.atoi(table, "value "+strconv.Quote(key), v)
}

func (r *reader) text(table, row, col string) string {
	t := r.table(table)
	v, err := t.Cell(table, row, col)
	if err != nil {
		r.fail(table, fmt.Sprintf("row %q column %q", row, col), "missing")
	}
	return strings.TrimSpace(v)
}

func (r *reader) cell(table, row, col string) int {
	s := r.text(table, row, col)
	if r.err != nil {
		return 0
	}
	return r.atoi(table, fmt.Sprintf("row %q column %q", row, col), s)
}

func (r *reader) choice(table, row, col string, allowed ...string) string {
	s := r.text(table, row, col)
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	r.fail(table, fmt.Sprintf("row %q column %q", row, col), fmt.Sprintf("%q is not one of %s", s, strings.Join(allowed, ", ")))
	return allowed[0]
}

func (r *reader) yesNo(table, row, col string) bool {
	return r.choice(table, row, col, "yes", "no") == "yes"
}

// types reads a list of unit types, or "none".
func (r *reader) types(table, row, col string) map[UnitType]bool {
	s := r.text(table, row, col)
	out := map[UnitType]bool{}
	if s == "none" || r.err != nil {
		return out
	}
	for _, f := range strings.Fields(s) {
		if !validType(UnitType(f)) {
			r.fail(table, fmt.Sprintf("row %q column %q", row, col), fmt.Sprintf("%q is not a unit type (%s) or none", f, typeList()))
			return out
		}
		out[UnitType(f)] = true
	}
	return out
}

// toHitBase checks a base To Hit Chance: a d10 chance, 1 to 10.
func (r *reader) toHitBase(table, row string, v int) {
	if r.err == nil && (v < 1 || v > 10) {
		r.fail(table, strconv.Quote(row), fmt.Sprintf("To Hit Chance %d is not 1 to 10", v))
	}
}

// toHitMod checks a To Hit modifier: within one d10 either way.
func (r *reader) toHitMod(table, entry string, v int) {
	if r.err == nil && (v < -9 || v > 9) {
		r.fail(table, strconv.Quote(entry), fmt.Sprintf("To Hit modifier %+d is not -9 to +9", v))
	}
}

func (r *reader) require(table string, t rules.ChartTable, names []string) {
	for _, n := range names {
		if _, ok := t.Rows[n]; !ok {
			r.fail(table, "", fmt.Sprintf("missing row %q (the Standard Rules use it)", n))
		}
	}
}

// moraleCheck reads the Morale Check's fail and pass ranges, which must
// split 1..die at one point, fail below pass (see BH 10.3). It returns the
// lowest passing roll.
func (r *reader) moraleCheck(die int) int {
	t := r.table("morale-check")
	flo, fhi := r.span("fail", t.Values["fail"])
	plo, phi := r.span("pass", t.Values["pass"])
	if r.err == nil && (flo != 1 || plo != fhi+1 || phi != die) {
		r.fail("morale-check", "", fmt.Sprintf("fail %s and pass %s must split 1-%d", t.Values["fail"], t.Values["pass"], die))
	}
	return plo
}

// span reads a range "a-b" with a <= b.
func (r *reader) span(key, s string) (int, int) {
	entry := "value " + strconv.Quote(key)
	parts := strings.SplitN(s, "-", 2)
	if len(parts) != 2 {
		r.fail("morale-check", entry, fmt.Sprintf("%q is not a range like 1-5", s))
		return 0, 0
	}
	a, b := r.atoi("morale-check", entry, parts[0]), r.atoi("morale-check", entry, parts[1])
	if r.err == nil && a > b {
		r.fail("morale-check", entry, fmt.Sprintf("%q runs backwards", s))
	}
	return a, b
}

func sortedRows(t rules.ChartTable) []string {
	out := make([]string, 0, len(t.Rows))
	for k := range t.Rows {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func validType(t UnitType) bool {
	for _, u := range UnitTypes {
		if u == t {
			return true
		}
	}
	return false
}

func typeList() string {
	s := make([]string, len(UnitTypes))
	for i, t := range UnitTypes {
		s[i] = string(t)
	}
	return strings.Join(s, ", ")
}

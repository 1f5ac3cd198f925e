package acwminis

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"galloper/rules"
	"galloper/rules/table"
)

//go:embed scenarios/*.yaml
var scenarioFiles embed.FS

// Scenario is a scenario file: the table, its terrain, the commanders and
// the units with their army-list rows, sizes, formations and poses.
type Scenario struct {
	Name       string                            `yaml:"name"`
	Table      struct{ Width, Depth float64 }    `yaml:"table"`
	Scale      rules.Scale                       `yaml:"scale"`
	Turns      int                               `yaml:"turns"`
	Initiative rules.Side                        `yaml:"initiative"`
	Sides      []rules.Side                      `yaml:"sides"`
	Bases      map[string]struct{ W, D float64 } `yaml:"bases"`
	// Options are the scenario's own defaults of switchable rulings
	// (options.go), e.g. fog-of-war: on.
	Options    map[string]string `yaml:"options"`
	Terrain    []scenarioFeature `yaml:"terrain"`
	Commanders []struct {
		Name string     `yaml:"name"`
		Side rules.Side `yaml:"side"`
		Rank string     `yaml:"rank"`
		At   [2]float64 `yaml:"at"`
	} `yaml:"commanders"`
	Units []scenarioUnit `yaml:"units"`
}

// scenarioNames lists the embedded scenarios.
func scenarioNames() []string {
	es, _ := fs.ReadDir(scenarioFiles, "scenarios")
	var out []string
	for _, e := range es {
		out = append(out, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(out)
	return out
}

// scenarioData returns an embedded scenario file.
func scenarioData(name string) ([]byte, error) {
	return scenarioFiles.ReadFile("scenarios/" + strings.TrimSuffix(name, ".yaml") + ".yaml")
}

// thou converts inches to thousandths, refusing more than three decimals.
func thou(v float64) (int64, error) {
	t := math.Round(v * 1000)
	if math.Abs(t-v*1000) > 1e-6 {
		return 0, fmt.Errorf("%v has more than three decimals", v)
	}
	return int64(t), nil
}

// LoadScenario builds the starting state of a scenario file, checking it
// against the sheet's tables: army lists, sizes, formations, and that no
// two units overlap and every unit stands on the table. It names every
// fault it finds, not only the first; a feature, commander or unit with a
// fault is left out of the later checks.
func LoadScenario(name string, data []byte, sheet *Sheet) (*State, error) {
	var sc Scenario
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&sc); err != nil {
		return nil, fmt.Errorf("acwminis: scenario %s: %w", name, err)
	}
	var faults []string
	bad := func(f string, a ...any) { faults = append(faults, fmt.Sprintf(f, a...)) }
	refused := func() error {
		return fmt.Errorf("acwminis: scenario %s: %s", name, strings.Join(faults, "; "))
	}
	if len(sc.Sides) != 2 || sc.Sides[0] == sc.Sides[1] {
		bad("needs two sides")
		return nil, refused() // every later check names a side
	}
	if sc.Initiative != sc.Sides[0] && sc.Initiative != sc.Sides[1] {
		bad("initiative %q is not a side", sc.Initiative)
	}
	if sc.Turns < 1 {
		bad("needs a number of turns")
	}
	s := &State{Scenario: strings.TrimSuffix(name, ".yaml"), Turn: 1, Turns: sc.Turns}
	s.Sides = [2]rules.Side{sc.Sides[0], sc.Sides[1]}
	for _, k := range slices.Sorted(maps.Keys(sc.Options)) {
		k, v, err := parseOption(k + "=" + sc.Options[k])
		if err != nil {
			bad("options: %v", err)
			continue
		}
		if s.Options == nil {
			s.Options = map[string]string{}
		}
		s.Options[k] = v
	}
	if sc.Initiative == sc.Sides[1] {
		s.Sides = [2]rules.Side{sc.Sides[1], sc.Sides[0]}
	}
	w, err1 := thou(sc.Table.Width)
	d, err2 := thou(sc.Table.Depth)
	if err1 != nil || err2 != nil || w <= 0 || d <= 0 {
		bad("table size %v × %v", sc.Table.Width, sc.Table.Depth)
	}
	s.Table = Tabletop{Name: sc.Name, Width: w, Depth: d, Scale: sc.Scale}
	for _, t := range sc.Terrain {
		if f, ok := loadFeature(sheet, t, bad); ok {
			s.Terrain = append(s.Terrain, f)
		}
	}
	base, err := thou(sc.Bases["Commander"].W)
	if len(sc.Commanders) > 0 && (err != nil || base <= 0) {
		bad("no base size for commanders")
	}
	for _, c := range sc.Commanders {
		x, e1 := thou(c.At[0])
		y, e2 := thou(c.At[1])
		if e1 != nil || e2 != nil || (c.Rank != "Commander" && c.Rank != "C-in-C") || (c.Side != sc.Sides[0] && c.Side != sc.Sides[1]) {
			bad("commander %s", c.Name)
			continue
		}
		s.Commanders = append(s.Commanders, Commander{Name: c.Name, Side: c.Side, Rank: c.Rank, At: [2]int64{x, y}, Base: base})
	}
	for _, su := range sc.Units {
		if u, ok := loadUnit(s, &sc, sheet, su, bad); ok {
			s.Units = append(s.Units, u)
		}
	}
	if err := s.checkPlacement(); err != nil && w > 0 && d > 0 {
		bad("%v", err) // off a table of no size is no news
	}
	if len(faults) > 0 {
		return nil, refused()
	}
	s.applySizes(sheet)
	return s, nil
}

// scenarioFeature is a piece of terrain as a scenario file writes it.
type scenarioFeature struct {
	Name      string       `yaml:"name"`
	Kind      string       `yaml:"kind"`
	Category  string       `yaml:"category"`
	Cover     bool         `yaml:"cover"`
	Obscures  bool         `yaml:"obscures"`
	BlocksLOS bool         `yaml:"blocks_los"`
	Line      bool         `yaml:"line"`
	Width     float64      `yaml:"width"`
	Elevation int          `yaml:"elevation"`
	Points    [][2]float64 `yaml:"points"`
}

// loadFeature checks a piece of terrain: a row of the TERRAIN TABLE, a
// level, a width only for a line, and a convex area. It reports false
// after naming its faults.
func loadFeature(sheet *Sheet, t scenarioFeature, bad func(string, ...any)) (Feature, bool) {
	n := 0
	fault := func(f string, a ...any) { n++; bad(f, a...) }
	if _, ok := sheet.Terrain.Move(t.Category, "infantry"); !ok {
		fault("terrain %s: category %q is not in the TERRAIN TABLE", t.Name, t.Category)
	}
	f := Feature{Name: t.Name, Kind: t.Kind, Category: t.Category, Cover: t.Cover, Obscures: t.Obscures, BlocksLOS: t.BlocksLOS, Line: t.Line, Elevation: t.Elevation}
	if t.Elevation < 0 || t.Elevation > 0 && t.Line {
		fault("terrain %s: elevation %d (a level of 0 or more, for an area)", t.Name, t.Elevation)
	}
	if w, err := thou(t.Width); err != nil || w < 0 || w > 0 && !t.Line {
		fault("terrain %s: width %v (only a line has a width)", t.Name, t.Width)
	} else {
		f.Width = w
	}
	for _, p := range t.Points {
		x, e1 := thou(p[0])
		y, e2 := thou(p[1])
		if e1 != nil || e2 != nil {
			fault("terrain %s: point %v", t.Name, p)
			continue
		}
		f.Points = append(f.Points, [2]int64{x, y})
	}
	if n > 0 {
		return f, false
	}
	if len(f.Points) < 2 || !f.Line && len(f.Points) < 3 {
		bad("terrain %s has too few points", t.Name)
		return f, false
	}
	if !f.Line {
		if h, err := table.Hull(f.Polygon()...); err != nil || len(h) != len(f.Points) {
			bad("terrain %s is not a convex area", t.Name)
			return f, false
		}
	}
	return f, true
}

// scenarioUnit is a unit as a scenario file writes it.
type scenarioUnit struct {
	Name      string     `yaml:"name"`
	Side      rules.Side `yaml:"side"`
	List      string     `yaml:"list"`
	Type      string     `yaml:"type"`
	Size      string     `yaml:"size"`
	Formation string     `yaml:"formation"`
	At        [2]float64 `yaml:"at"`
	Heading   float64    `yaml:"heading"`
	Commander string     `yaml:"commander"`
	Hits      int        `yaml:"hits"`
}

// loadUnit checks a unit against its side's army list (seed L418-459),
// the SIZE table, the MOVEMENT table's formations and the scenario's base
// sizes, and places it. It reports false after naming its faults.
func loadUnit(s *State, sc *Scenario, sheet *Sheet, su scenarioUnit, bad func(string, ...any)) (Unit, bool) {
	u := Unit{Name: su.Name, Side: su.Side, List: su.List, Type: su.Type, Size: su.Size, Formation: su.Formation, Commander: su.Commander, Hits: su.Hits}
	if su.Name == "" || strings.ContainsAny(su.Name, ":;,\"") || s.unit(su.Name) != nil || s.commander(su.Name) != nil || s.feature(su.Name) != nil {
		bad("unit %q: a name must be unique and free of : ; , and quotes", su.Name)
		return u, false
	}
	if su.Side != sc.Sides[0] && su.Side != sc.Sides[1] {
		bad("unit %s: side %q", su.Name, su.Side)
		return u, false
	}
	n := 0
	fault := func(f string, a ...any) { n++; bad(f, a...) }
	if c := s.commander(su.Commander); su.Commander != "" && (c == nil || c.Side != su.Side) {
		fault("unit %s: commander %q is not one of its side's", su.Name, su.Commander)
	}
	row, err := armyRow(sheet, su.Side == s.unionSide(sc.Sides), su.List, su.Type)
	if err != nil {
		fault("unit %s: %v", su.Name, err)
	}
	u.Specials = slices.Clone(row.Special)
	switch su.Size {
	case "large", "small":
		opt := map[string]string{"large": "Large Unit", "small": "Small Unit"}[su.Size]
		if err == nil && !slices.Contains(row.Optional, opt) {
			fault("unit %s: the army list allows %s no %s (seed L%d)", su.Name, row.Description, opt, row.Line)
		}
		u.Specials = append(u.Specials, opt)
	case "standard":
	default:
		fault("unit %s: size %q (small, standard or large)", su.Name, su.Size)
	}
	for _, r := range sheet.Sizes {
		if r.Type == su.Type && r.Size == su.Size {
			u.Bases, u.Worn, u.Shaken, u.BrokenAt = r.Bases, r.Worn, r.Shaken, r.Broken
		}
	}
	if u.Bases == 0 && slices.Contains([]string{"small", "standard", "large"}, su.Size) {
		fault("unit %s: no size row for %s %s", su.Name, su.Size, su.Type)
	}
	if !formationOf(sheet, su.Type, su.Formation) {
		fault("unit %s: %s is not a formation of %s", su.Name, su.Formation, su.Type)
	}
	base, ok := sc.Bases[su.Type]
	bw, e1 := thou(base.W)
	bd, e2 := thou(base.D)
	if !ok || e1 != nil || e2 != nil || bw <= 0 || bd <= 0 {
		fault("unit %s: no base size for %s", su.Name, su.Type)
	}
	u.BaseW, u.BaseD = bw, bd
	x, e1 := thou(su.At[0])
	y, e2 := thou(su.At[1])
	h := math.Round(su.Heading * 10)
	if e1 != nil || e2 != nil || h < 0 || h >= 3600 || h != su.Heading*10 {
		fault("unit %s: pose %v heading %v", su.Name, su.At, su.Heading)
	}
	u.X, u.Y, u.Heading = x, y, int64(h)
	return u, n == 0
}

// unionSide is the side that uses the Union army list: the one named USA
// or Union, else the first.
func (s *State) unionSide(sides []rules.Side) rules.Side {
	for _, x := range sides {
		if x == "USA" || x == "Union" {
			return x
		}
	}
	return sides[0]
}

// armyRow finds a unit's row of its side's army list (seed L418-459).
func armyRow(sheet *Sheet, union bool, list, typ string) (ArmyUnit, error) {
	want := "Confederate"
	if union {
		want = "Union"
	}
	for _, a := range sheet.Armies {
		if a.Name != want {
			continue
		}
		for _, u := range a.Units {
			if strings.EqualFold(u.Description, list) || strings.HasPrefix(u.Description, list+" (") {
				if u.Type != typ {
					return ArmyUnit{}, fmt.Errorf("%s are %s, not %s (seed L%d)", u.Description, u.Type, typ, u.Line)
				}
				return u, nil
			}
		}
	}
	return ArmyUnit{}, fmt.Errorf("%q is not in the %s army list", list, want)
}

// formationOf reports whether the MOVEMENT table gives the type that
// formation (seed L45-51).
func formationOf(sheet *Sheet, typ, formation string) bool {
	if typ == "Skirmishers" {
		return formation == "Skirmish" // SKIRMISHERS (seed L293)
	}
	for _, r := range sheet.Movement {
		if r.Type == typ && r.Formation == formation {
			return true
		}
	}
	return false
}

// checkPlacement checks that every unit stands on the table and that no
// two footprints overlap, naming every unit that does not.
func (s *State) checkPlacement() error {
	var faults []string
	var bodies []table.Body
	for i := range s.Units {
		b, err := s.Units[i].Body()
		if err != nil {
			faults = append(faults, err.Error())
			continue
		}
		for _, p := range b.Footprint() {
			if p.X < 0 || p.Y < 0 || int64(p.X) > s.Table.Width || int64(p.Y) > s.Table.Depth {
				faults = append(faults, fmt.Sprintf("%s stands off the table at %v", b.ID, p))
				break
			}
		}
		for _, o := range bodies {
			if table.Overlaps(b.Footprint(), o.Footprint()) {
				faults = append(faults, fmt.Sprintf("%s overlaps %s", b.ID, o.ID))
			}
		}
		bodies = append(bodies, b)
	}
	if len(faults) > 0 {
		return errors.New(strings.Join(faults, "; "))
	}
	return nil
}

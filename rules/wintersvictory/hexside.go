package wintersvictory

import (
	"fmt"
	"strings"
	"sync"

	"galloper/rules/hex"
	"galloper/rules/hexmap"
)

// Hexside features (See WV 10.12, 10.13, 11.13). A scenario's map lists
// them as hexmap hexside groups, each "kind" with the hexsides it runs
// along written as two hex ids joined by a dash:
//
//   - light-cover: a Light Cover hexside (hedge, low wall, fence) whose
//     symbol splays into the second hex of the pair, the hex it protects
//     (11.13); light-cover-both splays into both hexes.
//   - brook, stream, major-stream: the Stream type hexsides (10.12).
//   - steep-slope: a Steep Slope contour hexside (10.13); it joins two
//     hexes of different levels.
//
// Every other hexside between two hexes of different elevation is a Slope
// hexside (10.13: "the hexside which is between two different shades of
// color"); a map need not list them. A hexside holds at most one Light
// Cover kind, one Stream kind and one Steep Slope.

// The hexside kinds of a Winter's Victory map.
const (
	sideLightCover     = "light-cover"
	sideLightCoverBoth = "light-cover-both"
	sideBrook          = "brook"
	sideStream         = "stream"
	sideMajorStream    = "major-stream"
	sideSteepSlope     = "steep-slope"
)

// hexsideKinds maps each hexside kind to its slot (hexmap.Kinds).
var hexsideKinds = map[string]string{
	sideLightCover: "cover", sideLightCoverBoth: "cover",
	sideBrook: "water", sideStream: "water", sideMajorStream: "water",
	sideSteepSlope: "contour",
}

// hexsideSlots name the slots in messages.
var hexsideSlots = map[string]string{"cover": "Light Cover hexside", "water": "brook or stream", "contour": "steep slope"}

// sideFeatures are the features of one hexside.
type sideFeatures struct {
	Water string // brook, stream, major-stream or ""
	// Cover is the hex a Light Cover hexside protects, "both", or "".
	Cover string
	Steep bool
}

var (
	sidesMu sync.Mutex
	sidesBy = map[*hexmap.Map]map[hexmap.SideKey]sideFeatures{}
)

// sidesOf indexes a map's hexside features, built once and only read
// after.
func sidesOf(m *hexmap.Map) map[hexmap.SideKey]sideFeatures {
	sidesMu.Lock()
	defer sidesMu.Unlock()
	if ix, ok := sidesBy[m]; ok {
		return ix
	}
	ix := map[hexmap.SideKey]sideFeatures{}
	for _, hs := range m.Hexsides {
		k := hexmap.KeyOf(m.Axial(hs.A), m.Axial(hs.B))
		f := ix[k]
		switch hs.Kind {
		case sideLightCover:
			f.Cover = hs.B
		case sideLightCoverBoth:
			f.Cover = "both"
		case sideSteepSlope:
			f.Steep = true
		default:
			f.Water = hs.Kind
		}
		ix[k] = f
	}
	sidesBy[m] = ix
	return ix
}

// hexside is the features of the hexside between adjacent hexes a and b.
func (s *State) hexside(a, b string) sideFeatures {
	m := s.board()
	return sidesOf(m)[hexmap.KeyOf(m.Axial(a), m.Axial(b))]
}

// lightCoverProtects reports whether a Light Cover hexside between from
// and to protects hex to: its symbol splays into to (11.13).
func (s *State) lightCoverProtects(from, to string) bool {
	c := s.hexside(from, to).Cover
	return c == "both" || c == to
}

// coveredFrom reports whether a unit in hex to, fired on from hex from,
// is fired on through a Light Cover hexside that protects it (11.13): the
// hexside by which the line of fire enters to. A line that runs along a
// hexside enters by one of two hexsides; either protects (ruling R91).
func (s *State) coveredFrom(from, to string) bool {
	if from == to {
		return false
	}
	m := s.board()
	left, right := hex.Line(m.Axial(from), m.Axial(to))
	for _, line := range [][]hex.Axial{left, right} {
		if len(line) < 2 {
			continue
		}
		last := line[len(line)-2]
		if m.OnMap(last) && s.lightCoverProtects(m.ID(m.ToOffset(last)), to) {
			return true
		}
	}
	return false
}

// contour is the Terrain Effects Chart row of the contour hexside crossed
// moving from a into b (10.13, 6.23, 6.31): slope-up, slope-down,
// steep-slope-up, steep-slope-down, or "" on the level.
func (s *State) contour(a, b string) string {
	m := s.board()
	ha, _ := m.Hex(a)
	hb, _ := m.Hex(b)
	if ha == nil || hb == nil || ha.Elevation == hb.Elevation {
		return ""
	}
	row := "slope"
	if s.hexside(a, b).Steep {
		row = "steep-slope"
	}
	if hb.Elevation > ha.Elevation {
		return row + "-up"
	}
	return row + "-down"
}

// hexsideRows are the Terrain Effects Chart rows of the hexside features
// crossed moving from a into b, in the chart's order.
func (s *State) hexsideRows(a, b string) []string {
	f := s.hexside(a, b)
	var rows []string
	if f.Cover != "" {
		rows = append(rows, "light-cover-hexside")
	}
	if f.Water != "" {
		rows = append(rows, f.Water)
	}
	if c := s.contour(a, b); c != "" {
		rows = append(rows, c)
	}
	return rows
}

// checkHexsides is what the map loader cannot know of Winter's Victory:
// a Steep Slope joins two levels (10.13).
func checkHexsides(f *hexmap.File, m *hexmap.Map, fail func(format string, args ...any)) {
	for gi, g := range f.Hexsides {
		if g.Kind != sideSteepSlope {
			continue
		}
		for _, at := range g.At {
			a, b, _ := strings.Cut(at, "-")
			ha, okA := m.Hex(a)
			hb, okB := m.Hex(b)
			if okA && okB && ha.Elevation == hb.Elevation {
				fail("hexsides[%d]: %s: a steep slope is a contour between two levels (10.13), but both hexes are at level %d", gi, at, ha.Elevation)
			}
		}
	}
}

// gunCheck is a Gun-Loss Check owed for a hexside crossed (6.32).
type gunCheck struct {
	where     string // "the brook between 2613 and 2713"
	brookOrLC bool
}

// crossing is what crossing one hexside's features costs a mover: the
// Terrain Effects Chart's cells of its features added up (6.2: "all
// movement costs and penalties for terrain are cumulative").
type crossing struct {
	cost  TerrainCost // MP, General Order, Disorder; GunCheck unused
	notes []string
	guns  []gunCheck
	// bad says why the hexside may not be crossed, with its rule.
	bad, badRule string
}

// cross is the crossing from at into h for a unit of Terrain Effects
// Chart column class, with left half Movement Points left after the hex
// itself is paid (See WV 6.22, 6.23, 6.31, 6.52):
//
//   - each feature's cell is added; a Stream offers formed infantry +2 MP
//     (and General Order, 8.51) or +1 MP and Disorder: Galloper takes +2
//     when the points are there, else +1 and Disorder (ruling R90), and
//     +1 when the unit is Disordered in this step anyway (5.42.2);
//   - a brook or stream crossed by a road costs +1 MP, no Disorder, no
//     General Order and no Gun-Loss Check (6.52, 6.32 Note), and lets
//     artillery cross a Major Stream (6.22);
//   - a cell marked G owes a Gun-Loss Check (6.32), -2 for a Brook or
//     Light Cover hexside.
func (r *run) cross(class, at, h string, left int, disordered bool) crossing {
	var x crossing
	road := r.s.roadBetween(at, h)
	for _, row := range r.s.hexsideRows(at, h) {
		c, err := r.pack.Terrain(row, class)
		if err != nil {
			x.bad, x.badRule = err.Error(), "WV 10.2"
			return x
		}
		where := sideName(row, at, h)
		water := row == sideBrook || row == sideStream || row == sideMajorStream
		if water && road != "" {
			mp := 1
			if !c.Prohibited && c.MP < 1 {
				mp = c.MP // skirmishers and leaders pay nothing more
			}
			x.cost.MP += mp
			left -= 2 * mp
			x.notes = append(x.notes, fmt.Sprintf("it crosses %s on the %s (+%d MP, 6.52)", where, road, mp))
			continue
		}
		if c.Prohibited {
			x.bad, x.badRule = fmt.Sprintf("it may not cross %s", where), "WV 6.22"
			return x
		}
		how := ""
		if c.Or != nil && (2*c.MP > left || disordered) {
			c, how = *c.Or, " and Disordered"
		}
		left -= 2 * c.MP
		x.cost.MP += c.MP
		x.cost.GeneralOrder = x.cost.GeneralOrder || c.GeneralOrder
		x.cost.Disorder = x.cost.Disorder || c.Disorder
		if c.GunCheck {
			x.guns = append(x.guns, gunCheck{where: where, brookOrLC: row == sideBrook || row == "light-cover-hexside"})
		}
		if c.MP > 0 || how != "" {
			x.notes = append(x.notes, fmt.Sprintf("it %s %s (+%d MP%s)", crossVerb(row), where, c.MP, how))
		}
	}
	return x
}

// crossVerb is how a mover crosses a feature, for players.
func crossVerb(row string) string {
	switch {
	case strings.HasSuffix(row, "-up"):
		return "climbs"
	case strings.HasSuffix(row, "-down"):
		return "descends"
	}
	return "crosses"
}

// sideName is a hexside for players: "the stream between 2611 and 2711".
func sideName(row, a, b string) string {
	name := map[string]string{"light-cover-hexside": "Light Cover hexside", "major-stream": "major stream",
		"slope-up": "slope", "slope-down": "slope", "steep-slope-up": "steep slope", "steep-slope-down": "steep slope"}[row]
	if name == "" {
		name = row
	}
	return fmt.Sprintf("the %s between %s and %s", name, a, b)
}

// gunLoss makes a battery's Gun-Loss Checks for the hexsides it crossed:
// a d10 of 7, 8 or 9, with -2 crossing a Brook or Light Cover hexside, -1
// for horse artillery and +1 for a Firing Class 1 battery, loses one gun.
// See WV 6.32.
func (r *run) gunLoss(u *Unit, checks []gunCheck) {
	g := r.tables.GunLoss
	for _, c := range checks {
		if u.Eliminated {
			return
		}
		die := r.d10("WV 6.32", "gun-loss: "+u.Name, r.seenBy(u))
		text, total := fmt.Sprint(die), die
		for _, m := range []struct {
			on  bool
			mod int
		}{{c.brookOrLC, g.BrookOrLC}, {u.Class == "horse", g.Horse}, {u.FireClass == 1, g.Class1}} {
			if m.on && m.mod != 0 {
				text += fmt.Sprintf("%+d", m.mod)
				total += m.mod
			}
		}
		if text != fmt.Sprint(die) {
			text += fmt.Sprintf(" = %d", total)
		}
		lost := r.tables.GunLost(die, c.brookOrLC, u.Class == "horse", u.FireClass == 1)
		verdict := "no gun lost"
		if lost {
			verdict = "a gun lost"
		}
		r.tell("gun-loss", "WV 6.32", r.seenBy(u), "%s checks for gun-loss crossing %s: rolled %s, %s (6.32)", u.Name, c.where, text, verdict)
		if lost {
			r.loseSP(u, 1, "WV 6.32")
		}
	}
}

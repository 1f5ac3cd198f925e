package wintersvictory

import (
	"strings"
	"sync"

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

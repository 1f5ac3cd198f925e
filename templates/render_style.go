package templates

import (
	"fmt"
	"math"

	"galloper/rules"
)

// The map's sizes and colours. Sizes are pixels; a 16-column map comes out
// about 960 px wide, which a mail client shows at full size.
const (
	hexSize    = 38.0 // centre to corner
	margin     = 14.0
	titleH     = 58.0
	minPageW   = 640.0 // room for the title and the key
	fontHexID  = 9.5
	fontLabel  = 10.0
	fontUnit   = 9.5
	fontSmall  = 8.0
	fontKey    = 11.0
	fontTitle  = 18.0
	fontSub    = 12.0
	counterW   = 50.0
	counterH   = 25.0
	leaderR    = 9.5
	hqW, hqH   = 24.0, 17.0
	keyRowH    = 22.0
	keyIconW   = 30.0
	sqrt3      = 1.7320508075688772
	hexEdgeTol = 0.02 // relative error allowed when checking adjacency
)

// rgb is a colour, 0xRRGGBB. none means "not painted".
type rgb uint32

const none rgb = 1 << 31

func (c rgb) String() string { return fmt.Sprintf("#%06x", uint32(c)) }

// scale darkens (f < 1) or lightens (f > 1) a colour.
func (c rgb) scale(f float64) rgb {
	ch := func(shift uint) rgb {
		v := float64((c>>shift)&0xff) * f
		return rgb(math.Max(0, math.Min(255, math.Round(v)))) << shift
	}
	return ch(16) | ch(8) | ch(0)
}

const (
	paper       rgb = 0xf6f3ea
	ink         rgb = 0x26241f
	titleBand   rgb = 0x35332d
	gridLine    rgb = 0xa49b82
	contourLine rgb = 0x7a4418
	roadCasing  rgb = 0x6b4724
	roadFill    rgb = 0xe2bd86
	streamBlue  rgb = 0x3b82c4
	creekBlue   rgb = 0x2a6db5
	fogColour   rgb = 0x27303b
	fogLine     rgb = 0x0b0e12 // the hatching over fog
	arrowRed    rgb = 0xc62828
	labelBrown  rgb = 0x5b2b0b
	hexIDInk    rgb = 0x3e3a30
	hexIDFogged rgb = 0xeeeeee
	white       rgb = 0xffffff
	black       rgb = 0x111111
)

// fogAlpha is how much a hex the side cannot see is darkened.
const fogAlpha = 0.5

// terrainStyle is how a terrain is filled and marked.
type terrainStyle struct {
	fill, mark rgb
	marks      string // "trees", "dots", "blocks", "tufts", "waves" or ""
}

// unknownTerrain fills terrains the style has no entry for; the key
// names them.
var unknownTerrain = terrainStyle{0xdddddd, 0x888888, ""}

// elevationFactor darkens higher ground: each level above the lowest on the
// map takes 7% off, down to 58%.
func elevationFactor(level, lowest int) float64 {
	return math.Max(0.58, 1-0.07*float64(level-lowest))
}

// fallbackSides colour the sides a style does not list, in the order
// their names sort.
var fallbackSides = []rgb{0x8c4f2c, 0x3d7a3a, 0x7a3d7a, 0x2c7a7a}

// statusStyle is a status marker: its fill, its text colour and the short
// text on the marker.
type statusStyle struct {
	fill, text rgb
	short      string
	label      string // in the key
}

// look is a system's style (rules.Style) made ready to draw: colours
// parsed, names indexed. The renderer knows no system's sides, kinds,
// terrains, hexsides or markers except through it.
type look struct {
	sides      map[rules.Side]rgb
	kinds      []rules.KindStyle
	kindOf     map[string]rules.KindStyle
	terrains   []namedTerrain
	hexsides   []rules.HexsideStyle
	hexsideOf  map[string]*rules.HexsideStyle
	statuses   []namedStatus
	formations map[string]string
	counterW   float64
	counterH   float64
}

type namedTerrain struct {
	name string
	terrainStyle
}

type namedStatus struct {
	name string
	statusStyle
}

// newLook reads a style; nil gives a neutral look with no names.
func newLook(st *rules.Style) (*look, error) {
	lk := &look{sides: map[rules.Side]rgb{}, kindOf: map[string]rules.KindStyle{},
		hexsideOf: map[string]*rules.HexsideStyle{}, formations: map[string]string{}, counterW: 50, counterH: 25}
	if st == nil {
		return lk, nil
	}
	if err := st.Check(); err != nil {
		return nil, err
	}
	col := func(s string) rgb { c, _ := rules.ParseColour(s); return rgb(c) }
	for _, sd := range st.Sides {
		lk.sides[sd.Side] = col(sd.Colour)
	}
	lk.kinds = st.Kinds
	for _, k := range st.Kinds {
		lk.kindOf[k.Kind] = k
	}
	for _, t := range st.Terrains {
		ts := terrainStyle{fill: col(t.Fill), mark: none, marks: t.Marks}
		if t.Marks != "" {
			ts.mark = col(t.Mark)
		}
		lk.terrains = append(lk.terrains, namedTerrain{t.Terrain, ts})
	}
	lk.hexsides = st.Hexsides
	for i := range lk.hexsides {
		lk.hexsideOf[lk.hexsides[i].Kind] = &lk.hexsides[i]
	}
	for _, s := range st.Statuses {
		lk.statuses = append(lk.statuses, namedStatus{s.Status, statusStyle{col(s.Fill), col(s.Text), s.Short, s.Label}})
	}
	for _, f := range st.Formations {
		lk.formations[f.Formation] = f.Letter
	}
	if st.Counter.Width > 0 && st.Counter.Height > 0 {
		lk.counterW, lk.counterH = st.Counter.Width, st.Counter.Height
	}
	return lk, nil
}

func (lk *look) terrainFor(name string) (terrainStyle, bool) {
	for _, t := range lk.terrains {
		if t.name == name {
			return t.terrainStyle, true
		}
	}
	return unknownTerrain, false
}

// plainFill is the fill of the first terrain the style lists (its open
// ground), used under key icons and elevation shades.
func (lk *look) plainFill() rgb {
	if len(lk.terrains) == 0 {
		return unknownTerrain.fill
	}
	return lk.terrains[0].fill
}

func (lk *look) statusFor(name string) statusStyle {
	if s, ok := lk.knownStatus(name); ok {
		return s
	}
	return statusStyle{0x7b1fa2, white, name, name}
}

func (lk *look) knownStatus(name string) (statusStyle, bool) {
	for _, s := range lk.statuses {
		if s.name == name {
			return s.statusStyle, true
		}
	}
	return statusStyle{}, false
}

// shape is how a kind of unit is drawn: counter, disc or flag.
func (lk *look) shape(kind string) string {
	if s := lk.kindOf[kind].Shape; s != "" {
		return s
	}
	return rules.ShapeCounter
}

// isCommander reports whether a unit is drawn beside a hex's stack, as a
// leader's disc or an HQ's flag.
func (lk *look) isCommander(u rules.UnitView) bool { return lk.shape(u.Kind) != rules.ShapeCounter }

// colour parses a style colour that Check has passed.
func colour(s string) rgb {
	c, _ := rules.ParseColour(s)
	return rgb(c)
}

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

// terrains lists known terrains in the order the key shows them.
var terrains = []struct {
	name string
	terrainStyle
}{
	{"clear", terrainStyle{0xece5c6, none, ""}},
	{"field", terrainStyle{0xf0df9c, 0xc9b260, "dots"}},
	{"orchard", terrainStyle{0xcfe0a0, 0x6f9a48, "dots"}},
	{"woods", terrainStyle{0x9cc08a, 0x4f7f40, "trees"}},
	{"marsh", terrainStyle{0xc6dccd, 0x4f8a7a, "tufts"}},
	{"rough", terrainStyle{0xd9cdb0, 0x8a7a5a, "dots"}},
	{"town", terrainStyle{0xd9c7b3, 0x7d6047, "blocks"}},
	{"water", terrainStyle{0xa9cfe8, 0x3b82c4, "waves"}},
}

// unknownTerrain fills terrains the renderer has no style for; the key
// names them.
var unknownTerrain = terrainStyle{0xdddddd, 0x888888, ""}

func terrainFor(name string) (terrainStyle, bool) {
	for _, t := range terrains {
		if t.name == name {
			return t.terrainStyle, true
		}
	}
	return unknownTerrain, false
}

// elevationFactor darkens higher ground: each level above the lowest on the
// map takes 7% off, down to 58%.
func elevationFactor(level, lowest int) float64 {
	return math.Max(0.58, 1-0.07*float64(level-lowest))
}

// sideColours are the counter colours of the usual sides; other sides take
// the fallbacks in the order their names sort.
var sideColours = map[rules.Side]rgb{"CSA": 0x6f7a86, "USA": 0x2f5ca8}

var fallbackSides = []rgb{0x8c4f2c, 0x3d7a3a, 0x7a3d7a, 0x2c7a7a}

// statusStyle is a status marker: its fill, its text colour and the short
// text on the marker.
type statusStyle struct {
	fill, text rgb
	short      string
	label      string // in the key
}

// statuses lists known unit statuses in the order the key shows them.
var statuses = []struct {
	name string
	statusStyle
}{
	{"DG", statusStyle{0xf5c518, black, "DG", "disordered (DG)"}},
	{"Sh", statusStyle{0xf07c00, black, "Sh", "shaken (Sh)"}},
	{"Routed", statusStyle{0xd32f2f, white, "Rout", "routed"}},
	{"Wrecked", statusStyle{black, white, "Wreck", "wrecked"}},
}

func statusFor(name string) statusStyle {
	for _, s := range statuses {
		if s.name == name {
			return s.statusStyle
		}
	}
	return statusStyle{0x7b1fa2, white, name, name}
}

// unitKinds lists the kinds of unit drawn with their own symbol, in the
// order the key shows them.
var unitKinds = []string{"infantry", "cavalry", "artillery", "wagon", "leader", "hq"}

// hexsideKinds lists the hexside features in the order the key shows them.
var hexsideKinds = []struct{ kind, label string }{
	{"woods", "woods hexside"},
	{"creek", "creek hexside"},
	{"stream", "stream hexside"},
	{"ford", "ford"},
	{"bridge", "bridge"},
	{"wall", "stone wall"},
	{"slope", "slope"},
	{"ledge", "rock ledge (ticks: down)"},
	{"dip", "sudden dip (points: down)"},
}

package hex

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Layout says how a system prints and numbers its hex grid: which way the
// hexes point, which lines of hexes sit half a hex out, which way the rows
// are counted, and how a hex id is written. The zero Layout is Line of
// Battle's (LoB 1.4a): flat-top hexes in columns, even-numbered columns
// half a hex higher, rows counted up from the bottom, ids like A10.10.
//
// Every layout maps onto the same axial grid, so neighbours, distance,
// lines, paths and reach work unchanged on any of them; only the offset
// numbering, the hex ids and the drawing (Center, Bearing) depend on the
// layout. The fields are plain words so that a layout reads the same in a
// map file, in Go and in a view's JSON.
type Layout struct {
	// Top is "flat" (the default: hexes in columns, a flat edge up) or
	// "pointy" (hexes in rows, a corner up).
	Top string `json:"top,omitempty" yaml:"top"`
	// Shifted names the lines (columns of flat-top hexes, rows of
	// pointy-top ones) that sit half a hex further from line 1's first
	// hex than their neighbours: "even" (the default) or "odd".
	Shifted string `json:"shifted,omitempty" yaml:"shifted"`
	// Rows is "up" (the default: row 1 is the bottom row) or "down" (row
	// 1 is the top row).
	Rows string `json:"rows,omitempty" yaml:"rows"`
	// IDs is how a hex id is written.
	IDs IDScheme `json:"ids" yaml:"ids"`
}

// Layout words.
const (
	FlatTop   = "flat"
	PointyTop = "pointy"
	Even      = "even"
	Odd       = "odd"
	RowsUp    = "up"
	RowsDown  = "down"
)

// IDScheme is how a system writes a hex id.
type IDScheme struct {
	// Form is "letter-dot" (the default: map letter, column, a dot, row,
	// unpadded, as A10.10, LoB 1.4a) or "digits" (column then row, each
	// padded to Width digits, as 0614 for column 6, row 14).
	Form string `json:"form,omitempty" yaml:"form"`
	// Letter is the map letter of a letter-dot id.
	Letter string `json:"letter,omitempty" yaml:"letter"`
	// Width is the digits of each half of a digits id; 0 means 2.
	Width int `json:"width,omitempty" yaml:"width"`
}

// ID forms.
const (
	LetterDot = "letter-dot"
	Digits    = "digits"
)

// LoB returns Line of Battle's layout for a map with the given letter
// (LoB 1.4a).
func LoB(letter string) Layout {
	return Layout{Top: FlatTop, Shifted: Even, Rows: RowsUp, IDs: IDScheme{Form: LetterDot, Letter: letter}}
}

// Check reports a layout whose words are not ones Layout knows.
func (l Layout) Check() error {
	for _, f := range []struct{ field, got, a, b string }{
		{"top", l.Top, FlatTop, PointyTop},
		{"shifted", l.Shifted, Even, Odd},
		{"rows", l.Rows, RowsUp, RowsDown},
		{"ids.form", l.IDs.Form, LetterDot, Digits},
	} {
		if f.got != "" && f.got != f.a && f.got != f.b {
			return fmt.Errorf("layout: field %s: %q is not %s or %s", f.field, f.got, f.a, f.b)
		}
	}
	if l.IDs.Width < 0 || l.IDs.Width > 4 {
		return fmt.Errorf("layout: field ids.width: %d is not 1 to 4", l.IDs.Width)
	}
	if l.IDs.Form == Digits && l.IDs.Letter != "" {
		return fmt.Errorf("layout: field ids.letter: a digits id has no map letter")
	}
	return nil
}

func (l Layout) pointy() bool   { return l.Top == PointyTop }
func (l Layout) rowsDown() bool { return l.Rows == RowsDown }

// shift is 0 when even-numbered lines are shifted, 1 when odd ones are.
func (l Layout) shift() int {
	if l.Shifted == Odd {
		return 1
	}
	return 0
}

// lines splits an offset into its line (a column of flat-top hexes, a row
// of pointy-top ones) and its place along that line, both 0-based.
func (l Layout) lines(o Offset) (line, along int) {
	if l.pointy() {
		return o.Row - 1, o.Col - 1
	}
	return o.Col - 1, o.Row - 1
}

// ToAxial converts a map position in this layout to axial coordinates.
// For the zero layout it equals Offset.ToAxial.
func (l Layout) ToAxial(o Offset) Axial {
	line, along := l.lines(o)
	q := line + l.shift()
	return Axial{Q: q, R: along - floorDiv(q, 2)}
}

// ToOffset converts axial coordinates to a map position in this layout.
func (l Layout) ToOffset(a Axial) Offset {
	line, along := a.Q-l.shift(), a.R+floorDiv(a.Q, 2)
	if l.pointy() {
		return Offset{Col: along + 1, Row: line + 1}
	}
	return Offset{Col: line + 1, Row: along + 1}
}

// Center returns the centre of a hex in a y-up plane for hexes of the
// given outer radius (centre to corner). Column 1 is on the left; row 1 is
// at y = 0 and later rows lie above it (rows up) or below it (rows down).
func (l Layout) Center(o Offset, size float64) (x, y float64) {
	a := l.ToAxial(o)
	// In the flat-top frame of the axial grid: x across the lines, y
	// along them.
	fx := float64(a.Q-l.shift()) * 1.5 * size
	fy := (float64(a.R) + float64(a.Q)/2) * math.Sqrt(3) * size
	fy -= float64(l.shift()) * math.Sqrt(3) / 2 * size // line 1's first hex at 0
	return l.place(fx, fy)
}

// place turns a vector of the flat-top frame into the page's y-up plane.
func (l Layout) place(fx, fy float64) (x, y float64) {
	if l.pointy() {
		fx, fy = fy, fx
	}
	if l.rowsDown() {
		fy = -fy // rows run down the page either way
	}
	return fx, fy
}

// Bearing is the compass bearing, in degrees clockwise from the top of the
// map, from a hex's centre across its hexside in direction dir (0..5,
// Directions) to the neighbour's centre.
func (l Layout) Bearing(dir int) float64 {
	d := Directions[mod6(dir)]
	// Direction vectors in the flat-top frame, from the axial step.
	fx := float64(d.Q) * 1.5
	fy := (float64(d.R) + float64(d.Q)/2) * math.Sqrt(3)
	return bearing(l.place(fx, fy))
}

// CornerBearing is the compass bearing from a hex's centre to its corner i
// (0..5, as Axial.Vertex numbers them), for systems whose units face a
// vertex.
func (l Layout) CornerBearing(i int) float64 {
	a := float64(mod6(i)) * math.Pi / 3
	return bearing(l.place(math.Cos(a), math.Sin(a)))
}

// bearing turns a y-up vector into degrees clockwise from up, in [0, 360),
// rounded to a millionth of a degree so that the six directions come out
// exact.
func bearing(x, y float64) float64 {
	b := math.Atan2(x, y) * 180 / math.Pi
	b = math.Round(b*1e6) / 1e6
	if b < 0 {
		b += 360
	}
	if b >= 360 {
		b -= 360
	}
	return b
}

// ID writes a map position as the layout's hex id.
func (l Layout) ID(o Offset) string {
	if l.IDs.Form == Digits {
		w := l.width()
		return fmt.Sprintf("%0*d%0*d", w, o.Col, w, o.Row)
	}
	return l.IDs.Letter + strconv.Itoa(o.Col) + "." + strconv.Itoa(o.Row)
}

func (l Layout) width() int {
	if l.IDs.Width == 0 {
		return 2
	}
	return l.IDs.Width
}

// ParseID reads a hex id written in the layout's scheme. It checks the
// form only, not whether the hex lies on a map; a letter-dot id's letter
// matches whatever its case.
func (l Layout) ParseID(id string) (Offset, bool) {
	if l.IDs.Form == Digits {
		w := l.width()
		if len(id) != 2*w || strings.IndexFunc(id, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
			return Offset{}, false
		}
		c, _ := strconv.Atoi(id[:w])
		r, _ := strconv.Atoi(id[w:])
		return Offset{Col: c, Row: r}, true
	}
	return ParseLetterDot(id, l.IDs.Letter)
}

// ParseLetterDot reads a letter-dot id ("A3.10", LoB 1.4a) whose map letter
// is letter, in any case. It reads the numbers as strconv.Atoi does, so
// that LoB ids read as they always have; callers check the range.
func ParseLetterDot(id, letter string) (Offset, bool) {
	n := len(letter)
	if len(id) <= n || !strings.EqualFold(id[:n], letter) {
		return Offset{}, false
	}
	c, r, ok := strings.Cut(id[n:], ".")
	if !ok {
		return Offset{}, false
	}
	col, err1 := strconv.Atoi(c)
	row, err2 := strconv.Atoi(r)
	if err1 != nil || err2 != nil {
		return Offset{}, false
	}
	return Offset{Col: col, Row: row}, true
}

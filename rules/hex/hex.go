// Package hex is Galloper's hex geometry: offset and axial coordinates,
// neighbours and distance on a flat-top hex grid whose columns run left to
// right and whose rows are counted from the bottom, as wargame maps number
// them (LoB 1.4a). Even-numbered columns sit half a hex higher than odd ones.
//
// On that grid it names rings and ranges of hexes, hexsides (Side) and
// corners (Vertex), draws lines between hex centres, and searches: the
// cheapest path (Path, AStar) and every hex within a cost (Reach). Every
// answer is deterministic, in order as well as content.
package hex

import "math"

// Offset is a map position: 1-based column (left to right) and 1-based row
// counted from the bottom of the map.
type Offset struct {
	Col, Row int
}

// Axial is an axial coordinate. Q grows to the right; R grows up the
// column. The third cube coordinate is -Q-R.
type Axial struct {
	Q, R int
}

// Directions are the six axial neighbour offsets, counter-clockwise from
// upper-right: 0 up-right, 1 up, 2 up-left, 3 down-left, 4 down, 5 down-right.
var Directions = [6]Axial{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// ToAxial converts a map position to axial coordinates.
func (o Offset) ToAxial() Axial {
	q := o.Col - 1
	return Axial{Q: q, R: (o.Row - 1) - floorDiv(q, 2)}
}

// ToOffset converts axial coordinates to a map position.
func (a Axial) ToOffset() Offset {
	return Offset{Col: a.Q + 1, Row: a.R + floorDiv(a.Q, 2) + 1}
}

// Add returns a+b.
func (a Axial) Add(b Axial) Axial { return Axial{a.Q + b.Q, a.R + b.R} }

// Neighbor returns the neighbour in direction dir (0..5).
func (a Axial) Neighbor(dir int) Axial { return a.Add(Directions[((dir%6)+6)%6]) }

// Distance is the number of hex steps between a and b.
func Distance(a, b Axial) int {
	dq, dr := a.Q-b.Q, a.R-b.R
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

// Center returns the centre of a hex in a y-up plane for hexes of the given
// outer radius (centre to corner).
func (o Offset) Center(size float64) (x, y float64) {
	q := o.Col - 1
	x = float64(q) * 1.5 * size
	y = (float64(o.Row-1) + 0.5*float64(q&1)) * math.Sqrt(3) * size
	return x, y
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

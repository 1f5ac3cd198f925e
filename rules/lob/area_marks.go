package lob

import "slices"

// areaMarks finds the marks of a no-orders area (LoB 10.8a, R-C2-8A) that
// a step could go nearer to than the forward line, without measuring the
// step against every enemy hex of the game: a big battle's area has a
// mark for each of hundreds of enemy hexes, and validation checks every
// step of every script against its Command's area. The marks are grouped
// by the part of the map they lie in; a group whose nearest possible
// distance from the step's hex is no less than the longest reach in it
// holds no mark the step can cross, and is passed over whole.
type areaMarks struct {
	area  NoOrdersArea
	cells []markCell
}

// markCell is one group of marks: the bounds of their cube coordinates,
// their longest reach, and their positions in area.Marks, in order.
type markCell struct {
	lo, hi [3]int
	reach  int
	marks  []int
}

// markCellSize is the side, in hexes, of the map squares marks are
// grouped by.
const markCellSize = 6

// newAreaMarks groups the marks of an area on a map. Each mark is placed
// where beyond reads it (axialOf).
func newAreaMarks(m *Map, a NoOrdersArea) *areaMarks {
	x := &areaMarks{area: a}
	at := map[[2]int]int{} // square -> position in cells
	for i, mk := range a.Marks {
		e := axialOf(m, mk.Hex)
		o, c := e.ToOffset(), cube(e)
		key := [2]int{floorDiv(o.Col, markCellSize), floorDiv(o.Row, markCellSize)}
		k, ok := at[key]
		if !ok {
			k = len(x.cells)
			at[key] = k
			x.cells = append(x.cells, markCell{lo: c, hi: c, reach: mk.Reach})
		}
		cl := &x.cells[k]
		for j := range c {
			cl.lo[j], cl.hi[j] = min(cl.lo[j], c[j]), max(cl.hi[j], c[j])
		}
		cl.reach = max(cl.reach, mk.Reach)
		cl.marks = append(cl.marks, i)
	}
	return x
}

// floorDiv is a divided by b (b > 0), rounded down.
func floorDiv(a, b int) int {
	if a < 0 {
		return -((-a + b - 1) / b)
	}
	return a / b
}

// near is the area with only the marks a step into to could cross: those
// in groups that may lie nearer to to than their reach. beyond gives the
// same answer on it as on the whole area, since a mark it reports lies
// nearer to to than its reach (hex distance is the largest difference of
// cube coordinates, so no less than the distance to a group's bounds).
func (x *areaMarks) near(m *Map, to string) NoOrdersArea {
	t := cube(m.axial(to))
	var idx []int
	for _, cl := range x.cells {
		d := 0
		for j := range t {
			d = max(d, cl.lo[j]-t[j], t[j]-cl.hi[j])
		}
		if d < cl.reach {
			idx = append(idx, cl.marks...)
		}
	}
	slices.Sort(idx)
	out := NoOrdersArea{After: x.area.After, Marks: make([]AreaMark, len(idx))}
	for k, i := range idx {
		out.Marks[k] = x.area.Marks[i]
	}
	return out
}

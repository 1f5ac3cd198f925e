package table

import "fmt"

// Polyline splits a line of terrain (a wall, a fence, a stream, a road's
// centre line) into one Feature per segment, named id#1, id#2, ... in
// order. A line needs at least two points.
func Polyline(id string, pts ...Point) ([]Feature, error) {
	if len(pts) < 2 {
		return nil, fmt.Errorf("table: line %q needs at least two points", id)
	}
	var out []Feature
	for i := 1; i < len(pts); i++ {
		seg, err := Hull(pts[i-1], pts[i])
		if err != nil {
			return nil, fmt.Errorf("table: line %q: %w", id, err)
		}
		out = append(out, Feature{ID: fmt.Sprintf("%s#%d", id, i), Shape: seg})
	}
	return out, nil
}

// Blocks turns features into obstacles for a move, each with the given
// clearance: 0 for impassable terrain a unit may touch, half a wall's
// width to keep a unit off a wall drawn as its centre line.
func Blocks(fs []Feature, clearance Length) []Obstacle {
	out := make([]Obstacle, len(fs))
	for i, f := range fs {
		out[i] = Obstacle{ID: f.ID, Shape: f.Shape, Clearance: clearance}
	}
	return out
}

// Within reports whether the whole footprint lies in the area, boundary
// included: a unit "entirely on road" or wholly in a wood.
func Within(fp, area Polygon) bool {
	for _, v := range fp {
		if !area.Contains(v) {
			return false
		}
	}
	return len(fp) > 0
}

// Enters reports whether the footprint reaches into the area's inside, or
// crosses a line feature.
func Enters(fp, area Polygon) bool { return Overlaps(fp, area) }

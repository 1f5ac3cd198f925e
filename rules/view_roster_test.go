package rules

import "testing"

// TestCompassPoint: the six hexside bearings of either hex layout get six
// distinct names, and bearings wrap around the circle.
func TestCompassPoint(t *testing.T) {
	for _, c := range []struct {
		deg  float64
		want string
	}{{0, "N"}, {60, "NE"}, {120, "SE"}, {180, "S"}, {240, "SW"}, {300, "NW"},
		{30, "NE"}, {90, "E"}, {150, "SE"}, {210, "SW"}, {270, "W"}, {330, "NW"}, {360, "N"}, {-90, "W"}, {350, "N"}} {
		if got := CompassPoint(c.deg); got != c.want {
			t.Errorf("CompassPoint(%v) = %s, want %s", c.deg, got, c.want)
		}
	}
}

package wintersvictory

import (
	"math"
	"sync"

	"galloper/rules/hex"
	"galloper/rules/hexmap"
)

// board is the map of the state's scenario.
func (s *State) board() *hexmap.Map {
	if s.grid != nil {
		return s.grid
	}
	m, err := scenarioMap(s.Scenario, s.File)
	if err != nil {
		panic("wintersvictory: " + err.Error()) // Decode and NewGame check it
	}
	return m
}

// dist is the distance in hexes between two hex ids (11.0 step 2 counts
// the same way: firing hex exclusive, target hex inclusive).
func (s *State) dist(a, b string) int {
	ax := axialsOf(s.board())
	return hex.Distance(ax[a], ax[b])
}

var (
	axialsMu sync.Mutex
	axialsBy = map[*hexmap.Map]map[string]hex.Axial{}
)

// mapFacts are what never changes on a map, built once and only read
// after: each axial coordinate's hex id, and the hexes next to a lower one
// (slopeHex).
type mapFacts struct {
	ids    map[hex.Axial]string
	slopes map[string]bool
}

var factsBy = map[*hexmap.Map]*mapFacts{}

// factsOf is the map's mapFacts.
func factsOf(m *hexmap.Map) *mapFacts {
	ax := axialsOf(m)
	axialsMu.Lock()
	defer axialsMu.Unlock()
	if f, ok := factsBy[m]; ok {
		return f
	}
	f := &mapFacts{ids: make(map[hex.Axial]string, len(ax)), slopes: map[string]bool{}}
	for id, a := range ax {
		f.ids[a] = id
	}
	for _, h := range m.Hexes {
		a := ax[h.ID]
		for d := range hex.Directions {
			if o, ok := m.Hex(f.ids[a.Neighbor(d)]); ok && o.Elevation < h.Elevation {
				f.slopes[h.ID] = true
				break
			}
		}
	}
	factsBy[m] = f
	return f
}

// axialsOf is every hex id of a map with its axial coordinate, built once
// and only read after.
func axialsOf(m *hexmap.Map) map[string]hex.Axial {
	axialsMu.Lock()
	defer axialsMu.Unlock()
	if ax, ok := axialsBy[m]; ok {
		return ax
	}
	ax := make(map[string]hex.Axial, len(m.Hexes))
	for _, h := range m.Hexes {
		ax[h.ID] = m.ToAxial(h.At)
	}
	axialsBy[m] = ax
	return ax
}

// neighbours lists the on-map hexes adjacent to id, in direction order.
func (s *State) neighbours(id string) []string {
	m := s.board()
	a := m.Axial(id)
	var out []string
	ids := factsOf(m).ids
	for d := range hex.Directions {
		if n := a.Neighbor(d); m.OnMap(n) {
			if id, ok := ids[n]; ok {
				out = append(out, id)
			} else {
				out = append(out, m.ID(m.ToOffset(n)))
			}
		}
	}
	return out
}

// terrain is the Terrain Effects Chart row of a hex (10.11). A clear hex
// holding guns without their crew is a Light Cover hex (7.53).
func (s *State) terrain(id string) string {
	h, ok := s.board().Hex(id)
	if !ok {
		return ""
	}
	if h.Terrain == "clear" && s.gunsLeftIn(id) {
		return "light-cover"
	}
	return h.Terrain
}

// gunsLeftIn reports guns without their crew in hex id (7.53).
func (s *State) gunsLeftIn(id string) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Hex == id && u.uncrewed() {
			return true
		}
	}
	return false
}

// bearingTo is the compass bearing from the centre of hex a to that of b.
func (s *State) bearingTo(a, b string) float64 {
	m := s.board()
	oa, _ := m.Parse(a)
	ob, _ := m.Parse(b)
	xa, ya := layout.Center(oa, 1)
	xb, yb := layout.Center(ob, 1)
	d := math.Atan2(xb-xa, yb-ya) * 180 / math.Pi
	if d < 0 {
		d += 360
	}
	return d
}

// angleOff is how far, in degrees, bearing b lies from bearing a.
func angleOff(a, b float64) float64 {
	d := math.Abs(math.Mod(b-a+540, 360) - 180)
	return d
}

// inFront reports whether hex t lies in the front of a unit facing
// vertex f from hex at: within the two frontal hexsides' arc, 60 degrees
// either side of the facing vertex, its edges included (5.0, 5.51; a
// line along the flank boundary is not enfilade, ruling R42).
func (s *State) inFront(at string, f int, t string) bool {
	if at == t {
		return true
	}
	return angleOff(layout.CornerBearing(f), s.bearingTo(at, t)) <= 60+1e-6
}

// inFlankOrRear reports whether hex from lies off the front of the unit:
// fire from there enfilades it (11.42), shock from there Disorders it
// (5.52).
func (s *State) inFlankOrRear(u *Unit, from string) bool {
	return u.frontal() && !s.inFront(u.Hex, u.Facing, from)
}

// stepFacing is the vertex a unit faces after turning the least to face
// across the hexside to neighbour n, and how many vertices it turned: a
// unit with frontal facing moves only through its frontal hexsides (5.4).
// Hexside d lies between vertices d and d+1.
func (s *State) stepFacing(from, to string, f int) (int, int) {
	m := s.board()
	a, b := m.Axial(from), m.Axial(to)
	dir := -1
	for d := range hex.Directions {
		if a.Neighbor(d) == b {
			dir = d
		}
	}
	if dir < 0 {
		return f, 0
	}
	// The hexside's own bearing lies between its two vertices; the
	// frontal hexsides of vertex f are those either side of it.
	sideBearing := s.bearingTo(from, to)
	if angleOff(layout.CornerBearing(f), sideBearing) <= 30+1e-6 {
		return f, 0
	}
	best, turns := f, 7
	for v := range 6 {
		if angleOff(layout.CornerBearing(v), sideBearing) <= 30+1e-6 {
			if t := vertexTurns(f, v); t < turns {
				best, turns = v, t
			}
		}
	}
	return best, turns
}

// vertexTurns is how many vertices a facing change from a to b passes.
func vertexTurns(a, b int) int {
	d := ((b-a)%6 + 6) % 6
	return min(d, 6-d)
}

// roadBetween is the name of a road that runs from hex a straight into
// hex b (the two consecutive on it), or "" (6.5).
func (s *State) roadBetween(a, b string) string {
	for _, rd := range s.board().Roads {
		for i := 1; i < len(rd.Hexes); i++ {
			if rd.Hexes[i-1] == a && rd.Hexes[i] == b || rd.Hexes[i-1] == b && rd.Hexes[i] == a {
				return rd.Name
			}
		}
	}
	return ""
}

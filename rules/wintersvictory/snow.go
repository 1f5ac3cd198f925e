package wintersvictory

// Snow and the wind. The procedure, with its rules:
//
//  1. The Snow Rate (none, Light or Heavy) and the wind's direction are
//     the state's; the Snow Event roll and the Snow Rate's changes are in
//     the Playbook (18.2-18.3), so Galloper takes them from the scenario
//     or the position (ruling R77). See WV 4.1 1B.
//  2. A frontal unit faces into the wind when the vertex the wind blows
//     from is its facing vertex or one beside it (ruling R77).
//  3. Shock (12.2): the top attacking unit facing into the wind is -2 in
//     Heavy Snow and -1 in Light Snow; the top defending unit facing into
//     the wind is -1 in Heavy Snow.
//  4. Morale (13.13): +1 for a unit facing into the wind during snow.

// Snow Rates as the state spells them.
const (
	snowLight = "light"
	snowHeavy = "heavy"
)

// snowRate is the state's Snow Rate for the table layer.
func (s *State) snowRate() Snow {
	switch s.Snow {
	case snowLight:
		return LightSnow
	case snowHeavy:
		return HeavySnow
	}
	return 0
}

// intoWind reports whether unit u faces into the wind during snow.
func (s *State) intoWind(u *Unit) bool {
	if s.Snow == "" || !u.frontal() {
		return false
	}
	return angleOff(layout.CornerBearing(u.Facing), layout.CornerBearing(s.Wind)) <= 60+1e-6
}

// windOn is the Snow Rate a unit facing into the wind suffers, or none.
func (s *State) windOn(u *Unit) Snow {
	if !s.intoWind(u) {
		return 0
	}
	return s.snowRate()
}

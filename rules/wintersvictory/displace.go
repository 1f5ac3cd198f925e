package wintersvictory

// Displacement of a lone command unit (See WV 16.17). The procedure, with
// its rules:
//
//  1. Each time an enemy combat unit enters a hex in a MOVE or MARCH, every
//     command unit of the other side next to that hex with no friendly
//     combat unit in its own hex is displaced at once.
//  2. It goes to the hex of the nearest friendly combat unit (16.17: "to
//     the nearest friendly unit"), the first in the scenario's order on a
//     tie, where it is no longer alone (ruling R97). Its owner alone is
//     told.

// displaceLeaders is 16.17 for the enemy command units next to u, which
// has just entered u.Hex.
func (r *run) displaceLeaders(u *Unit) {
	if r.dry() {
		return
	}
	for i := range r.s.Leaders {
		l := &r.s.Leaders[i]
		if l.Side == u.Side || l.Hex == "" || r.s.dist(l.Hex, u.Hex) != 1 || r.escorted(l) {
			continue
		}
		to := r.nearestFriend(l)
		if to == nil {
			continue
		}
		from := l.Hex
		l.Hex = to.Hex
		r.tell("displaced", "WV 16.17", only(l.Side), "%s, alone at %s with an enemy unit next to him, is displaced to %s at %s (16.17)", l.Name, from, to.Name, to.Hex)
	}
}

// escorted reports whether a friendly combat unit shares command unit l's
// hex.
func (r *run) escorted(l *Leader) bool {
	for _, u := range r.s.unitsAt(l.Hex) {
		if u.Side == l.Side {
			return true
		}
	}
	return false
}

// nearestFriend is the friendly combat unit in play nearest command unit
// l, the first in the scenario's order on a tie, or nil.
func (r *run) nearestFriend(l *Leader) *Unit {
	var best *Unit
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side != l.Side || u.Eliminated {
			continue
		}
		if best == nil || r.s.dist(l.Hex, u.Hex) < r.s.dist(l.Hex, best.Hex) {
			best = u
		}
	}
	return best
}

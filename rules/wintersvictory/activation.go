package wintersvictory

import "galloper/rules"

// Command unit activation and deactivation. The procedure, with its
// rules:
//
//  1. An inactive Division or Brigade Leader is off the map, on its
//     army's Brigade Commitment/Fatigue Display: its Hex is empty. An
//     inactive Corps (Wing) or Detachment Commander stays on the map
//     under an Inactive marker. See WV 17.5.
//  2. A brigade is committed while its Brigade Leader is active (on the
//     map); the combat units of a brigade not committed are Out of
//     Command and accrue no hourly fatigue. See WV 16.14, 17.11, 15.11.
//  3. Brigade Leader Activation Segment, at the start of the side's
//     Command Phase (4.1 2B): an inactive Brigade Leader holding an Order
//     Received is placed on a combat unit of its brigade and its marker
//     removed. Then (2C) an inactive Division Leader holding one is placed
//     in its Standing Command State on a subordinate leader or combat unit
//     and keeps the marker. An inactive Corps Commander holding an Order
//     Received becomes active. See WV 17.36, 17.51, 17.52. Where it is
//     placed is ruling R71.
//  4. Involuntary activation, at once: a Brigade Leader activates when a
//     combat unit of its brigade is subjected to a shock attack or a
//     charge, comes within 4 hexes of an enemy combat unit, or is fired on
//     and must check morale (not from Extended Range); its inactive
//     Division Leader activates with it, without an Order Received. Corps
//     Commanders never activate involuntarily. See WV 17.53 (the two
//     "may" cases are ruling R72).
//  5. A Brigade Leader whose combat units are all eliminated retires at
//     once. In the hourly Deactivation Segment (4.1 1E) a Division Leader
//     with no active Brigade Leader is deactivated. See WV 17.54.

// committed reports whether the brigade of leader name is committed: its
// Brigade Leader is active (16.14, 17.52). A unit answering to a leader
// that is not a Brigade Leader (a battery) has no brigade to commit.
func (s *State) committed(name string) bool {
	l := s.leader(name)
	return l == nil || l.Level != Brigade || !l.Inactive
}

// brigadeUnits lists the combat units in play that answer to leader name.
func (s *State) brigadeUnits(name string) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Brigade == name && !u.Eliminated {
			out = append(out, u)
		}
	}
	return out
}

// activationSegment activates the side's inactive command units holding
// an Order Received (4.1 2B-2C; 17.36, 17.51, 17.52).
func (r *run) activationSegment(side rules.Side) {
	for _, lvl := range []Level{Brigade, Division, Corps} {
		for i := range r.s.Leaders {
			l := &r.s.Leaders[i]
			if l.Side == side && l.Level == lvl && l.Inactive && (l.Received || lvl == Brigade && l.Letter != "") {
				why := "an Order Received"
				if !l.Received {
					why = "his Brigade Attack Order marker" // 17.71
				}
				r.activate(l, true, "WV 17.52", why)
			}
		}
	}
}

// activate makes an inactive command unit active: a Brigade Leader is
// placed on the first combat unit of its brigade in the order of battle,
// a Division Leader on its first active Brigade Leader or else its first
// combat unit (ruling R71). Voluntarily (through an order) a Brigade
// Leader's Order Received is removed and a Division Leader's kept (17.52).
// A Brigade Leader's inactive Division Leader activates with it (17.53).
func (r *run) activate(l *Leader, voluntary bool, rule, why string) {
	if !l.Inactive || l.Level == Army || l.Level == Corps && !voluntary {
		return // 17.53: Corps Commanders never activate involuntarily
	}
	if l.Level == Brigade || l.Level == Division {
		at := r.s.placement(l)
		if at == "" {
			return // no combat unit in play to be placed with
		}
		l.Hex = at
	}
	l.Inactive = false
	if l.Level == Division {
		l.State = Standing
	}
	if !voluntary {
		l.Received = false
	} else if l.Level == Brigade {
		l.Received = false
	}
	where := ""
	if l.Level != Corps {
		where = " and is placed at " + l.Hex
	}
	r.tell("activated", rule, only(l.Side), "%s is activated (%s)%s", l.Name, why, where)
	if l.Level == Brigade {
		if d := r.s.leader(l.Superior); d != nil && d.Level == Division && d.Inactive {
			r.activate(d, false, "WV 17.53", l.Name+" is activated")
		}
	}
}

// placement is where an activated Division or Brigade Leader is placed
// (17.52, ruling R71), or "" when it has no combat unit in play.
func (s *State) placement(l *Leader) string {
	if l.Level == Division {
		for i := range s.Leaders {
			if b := &s.Leaders[i]; b.Superior == l.Name && b.Level == Brigade && !b.Inactive && b.Hex != "" {
				return b.Hex
			}
		}
		for i := range s.Leaders {
			if b := &s.Leaders[i]; b.Superior == l.Name {
				if us := s.brigadeUnits(b.Name); len(us) > 0 {
					return us[0].Hex
				}
			}
		}
	}
	if us := s.brigadeUnits(l.Name); len(us) > 0 {
		return us[0].Hex
	}
	return ""
}

// involuntary activates the Brigade Leader of unit u, if inactive, for a
// reason of 17.53.
func (r *run) involuntary(u *Unit, why string) {
	if r.dry() {
		return
	}
	if l := r.s.leader(u.Brigade); l != nil && l.Level == Brigade && l.Inactive {
		r.activate(l, false, "WV 17.53", why)
	}
}

// proximityActivation activates every inactive brigade with a combat unit
// within 4 hexes of an enemy combat unit (17.53, ruling R72), in the
// order of battle.
func (r *run) proximityActivation() {
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Eliminated || r.s.committed(u.Brigade) {
			continue
		}
		for j := range r.s.Units {
			e := &r.s.Units[j]
			if e.Side != u.Side && !e.Eliminated && r.s.dist(u.Hex, e.Hex) <= 4 {
				r.involuntary(u, "an enemy combat unit within 4 hexes of "+u.Name)
				break
			}
		}
	}
}

// retireBrigade removes a Brigade Leader whose combat units are all
// eliminated (17.54: retired, not reduced).
func (r *run) retireBrigade(name string) {
	l := r.s.leader(name)
	if l == nil || l.Level != Brigade || l.Hex == "" || len(r.s.brigadeUnits(name)) > 0 {
		return
	}
	l.Hex, l.Inactive, l.Retired = "", true, true
	r.tell("deactivated", "WV 17.54", only(l.Side), "%s has lost all his combat units and retires", l.Name)
}

// deactivationSegment deactivates each Division Leader none of whose
// Brigade Leaders is active (4.1 1E, 17.54).
func (r *run) deactivationSegment() {
	for i := range r.s.Leaders {
		d := &r.s.Leaders[i]
		if d.Level != Division || d.Inactive {
			continue
		}
		active, any := false, false
		for j := range r.s.Leaders {
			if b := &r.s.Leaders[j]; b.Superior == d.Name && b.Level == Brigade {
				any = true
				active = active || !b.Inactive
			}
		}
		if any && !active {
			d.Hex, d.Inactive = "", true
			r.tell("deactivated", "WV 17.54", only(d.Side), "%s has no active Brigade Leader and is deactivated", d.Name)
		}
	}
}

// receiverDist is the radius-path distance an order travels from leader
// from to leader to; an inactive leader on the display is measured from
// the nearest of its combat units (17.34 note), a Division Leader's being
// those of its brigades.
func (s *State) receiverDist(side rules.Side, from, to *Leader) int {
	if from.Hex == "" {
		return Unreachable
	}
	if to.Hex != "" {
		return s.radiusDist(side, from.Hex, to.Hex)
	}
	best := Unreachable
	names := []string{to.Name}
	for i := range s.Leaders {
		if s.Leaders[i].Superior == to.Name {
			names = append(names, s.Leaders[i].Name)
		}
	}
	for _, n := range names {
		for _, u := range s.brigadeUnits(n) {
			if d := s.radiusDist(side, from.Hex, u.Hex); d != Unreachable && (best == Unreachable || d < best) {
				best = d
			}
		}
	}
	return best
}

package gbacw

import "fmt"

// Leader replacement, Phase IV/B/1 (GBACW 3.0 IV/B/1, 4.18, 12.74-12.76),
// each killed leader in turn from the top of the chain of command down:
//
//  1. A counter whose back names no replacement, or a corps commander's,
//     division leader's or OC's already on its back, is not replaced
//     (12.74 Play Note; ruling GBACW-R45).
//  2. A brigadier's counter already on its back brings that Replacement
//     back (12.74).
//  3. Otherwise the counter flips to the replacement: his name, his
//     Command Range and the ratings of his side (4.18). When he is the
//     same person as a lower-level leader, that leader's counter flips
//     too (12.75); when he is already out of the game, the surviving
//     original leader of the first immediately subordinate command takes
//     his place, and that leader's counter flips (12.76).
//  4. The new leader is placed with the unit of his command the side's
//     REPLACE line chose for the counter, if it is on the map (ruling
//     GBACW-R63); else with the first unit of his command on the map;
//     when none is (a brigade all routed), with his immediate superior
//     (12.74; ruling GBACW-R45).

// replaceLeaders is Phase IV/B/1. See GBACW 12.74-12.76.
func (r *resolver) replaceLeaders() {
	s := r.s
	for i := range s.Leaders {
		if l := &s.Leaders[i]; l.Killed {
			r.replaceLeader(l)
		}
	}
}

// replaceLeader replaces one killed leader (steps 1-3).
func (r *resolver) replaceLeader(l *Leader) {
	s := r.s
	cmd := s.commandName(l)
	switch {
	case l.Replacement == nil || l.Replaced && l.Stars != 1:
		r.event("no-replacement", "GBACW 12.74", "%s has no replacement: %s goes on without a %s", l.Name, cmd, rank(l.Stars))
		return
	case l.Replaced:
		l.Killed = false
		r.event("leader-replaced", "GBACW 12.74", "%s comes back at the head of %s, %s", l.Name, cmd, r.placeLeader(l))
		return
	}
	name, why := l.Replacement.Name, ""
	if s.outOfGame(name) {
		sub := s.firstOriginalSubordinate(l)
		if sub == nil {
			r.event("no-replacement", "GBACW 12.76", "%s's replacement, %s, is out of the game, and no original leader of a command under him survives: %s goes on without a %s",
				l.Name, name, cmd, rank(l.Stars))
			return
		}
		why = fmt.Sprintf(" (%s, on his counter, is out of the game)", name)
		name = sub.Name
		r.vacate(sub) // 12.76
	} else if low := s.lowerLeaderNamed(l, name); low != nil {
		r.vacate(low) // 12.75
	}
	old := l.Name
	r.flip(l, name)
	r.event("leader-replaced", "GBACW 12.74", "%s replaces %s at the head of %s%s, %s", l.Name, old, cmd, why, r.placeLeader(l))
}

// vacate flips the counter of a living leader who goes up to replace a
// fallen superior (12.75, 12.76): his command takes his replacement, or
// goes without a leader when his counter names none.
func (r *resolver) vacate(l *Leader) {
	cmd := r.s.commandName(l)
	if l.Replacement == nil || l.Replaced {
		r.event("no-replacement", "GBACW 12.75", "%s leaves %s, and his counter names no replacement: %s goes on without a %s", l.Name, cmd, cmd, rank(l.Stars))
		l.Killed, l.Hex = true, ""
		return
	}
	old := l.Name
	r.flip(l, l.Replacement.Name)
	r.event("leader-replaced", "GBACW 12.75", "%s replaces %s at the head of %s, %s", l.Name, old, cmd, r.placeLeader(l))
}

// flip turns a leader's counter to its Replacement side, in the name of
// the leader who takes it: the command's ratings become the back's.
// See GBACW 4.18, 12.74.
func (r *resolver) flip(l *Leader, name string) {
	s := r.s
	st := l.Replacement
	if l.Original == "" {
		l.Original = l.Name
	}
	old := l.Name
	l.Name, l.Range, l.Killed, l.Replaced, l.Rode = name, st.Range, false, true, false
	switch l.Stars {
	case 4:
		l.Initiative = st.Initiative
		for i := range s.Sides {
			if s.Sides[i].Side == l.Side && s.Sides[i].OC == old {
				s.Sides[i].OC = name
			}
		}
	case 3:
		c := s.corps(l.Command)
		c.Leader, c.Rating = name, st.Efficiency
	case 2:
		d := s.division(l.Command)
		d.Leader, d.Coordination, d.Activation = name, st.Coordination, st.Activation
	case 1:
		b := s.brigade(l.Command)
		b.Leader, b.Profile, b.Rating = name, st.Profile, st.Rating
	}
}

// counterKey names a leader's counter by the command it heads, which
// stays when the counter flips to another leader (12.74-12.76).
func counterKey(l *Leader) string { return fmt.Sprintf("%d/%s", l.Stars, l.Command) }

// placeLeader is step 4: it puts a replacement with the unit chosen for
// his counter, else with the first unit of his command on the map, else
// with his immediate superior, and says where. See GBACW 12.74.
func (r *resolver) placeLeader(l *Leader) string {
	s := r.s
	why := ""
	if p := r.plans[l.Side]; p != nil && p.placeWith[counterKey(l)] != "" {
		u := s.unit(p.placeWith[counterKey(l)])
		if u.combat() && s.commands(l, u) {
			l.Hex = u.Hex
			return fmt.Sprintf("with %s at %s (the player's choice)", u.Name, u.Hex)
		}
		why = fmt.Sprintf(" (%s, chosen, is not on the map)", u.Name)
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == l.Side && u.combat() && s.commands(l, u) {
			l.Hex = u.Hex
			return fmt.Sprintf("with %s at %s%s", u.Name, u.Hex, why)
		}
	}
	if sup := s.superior(l); sup != nil && sup.Hex != "" && !sup.Killed {
		l.Hex = sup.Hex
		return fmt.Sprintf("with %s at %s (the %s's units are all routed)", sup.Name, sup.Hex, commandKind(l.Stars))
	}
	l.Hex = ""
	return "off the map until a unit of his command is on it"
}

// commands reports whether a unit is in a leader's command.
func (s *State) commands(l *Leader, u *UnitSt) bool {
	b := s.brigade(u.Brigade)
	d := s.division(b.Division)
	switch l.Stars {
	case 1:
		return b.ID == l.Command
	case 2:
		return d.ID == l.Command
	case 3:
		return d.Corps == l.Command
	}
	return true
}

// superior is a leader's immediate superior, or nil.
func (s *State) superior(l *Leader) *Leader {
	switch l.Stars {
	case 1:
		return s.leader(s.division(s.brigade(l.Command).Division).Leader)
	case 2:
		return s.leader(s.corps(s.division(l.Command).Corps).Leader)
	case 3:
		return s.leader(s.side(l.Side).OC)
	}
	return nil
}

// outOfGame reports whether the leader of that name has left the game:
// no living counter bears his name, and one did (12.76).
func (s *State) outOfGame(name string) bool {
	gone := false
	for _, l := range s.Leaders {
		switch {
		case l.Name == name && !l.Killed:
			return false
		case l.Name == name || l.Original == name:
			gone = true
		}
	}
	return gone
}

// lowerLeaderNamed is a living leader of l's side below him who bears the
// name (12.75), or nil.
func (s *State) lowerLeaderNamed(l *Leader, name string) *Leader {
	for i := range s.Leaders {
		if x := &s.Leaders[i]; x.Name == name && x.Side == l.Side && x.Stars < l.Stars && !x.Killed {
			return x
		}
	}
	return nil
}

// firstOriginalSubordinate is the surviving original leader of the first
// command immediately under l, in the scenario's order, which stands for
// the commands' numbers (12.76; ruling GBACW-R45), or nil.
func (s *State) firstOriginalSubordinate(l *Leader) *Leader {
	var names []string
	switch l.Stars {
	case 4:
		for _, c := range s.Corps {
			if c.Side == l.Side {
				names = append(names, c.Leader)
			}
		}
	case 3:
		for _, d := range s.Divisions {
			if d.Corps == l.Command {
				names = append(names, d.Leader)
			}
		}
	case 2:
		for _, b := range s.Brigades {
			if b.Division == l.Command {
				names = append(names, b.Leader)
			}
		}
	}
	for _, n := range names {
		if x := s.leader(n); x != nil && !x.Killed && !x.Replaced {
			return x
		}
	}
	return nil
}

// commandName is the command a leader heads: the brigade, division or
// corps id, or "the army" for the OC.
func (s *State) commandName(l *Leader) string {
	if l.Stars == 4 {
		return "the army"
	}
	return l.Command
}

// rank names a leader's rank by his stars (4.1).
func rank(stars int) string {
	return map[int]string{1: "brigadier", 2: "division leader", 3: "corps commander", 4: "commander"}[stars]
}

// commandKind names the command a leader of that many stars heads.
func commandKind(stars int) string {
	return map[int]string{1: "brigade", 2: "division", 3: "corps", 4: "army"}[stars]
}

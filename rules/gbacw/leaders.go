package gbacw

// Leaders moved by order (GBACW 9.31-9.33), a LEADER line of the side's
// file:
//
//  1. A brigadier moves toward his hex when his brigade activates, after
//     its units have acted, instead of following its first unit; a
//     division leader in the first activation of a brigade of his
//     division in each AM (9.31). Each has 10 MP.
//  2. A corps commander or the OC moves toward his hex in the Commander
//     Movement Phase (IV/A), with 40 MP (4.17, 9.32). One who spends more
//     than 10 MP has a Command Range of 0 (a corps commander) or no
//     Initiative Rating (the OC) until the next Commander Movement Phase.
//  3. A leader moves by the cheapest path in leader MP (4.15's passage;
//     9.31: the best rate), never into an enemy's hex, and stops before a
//     hex next to an enemy combat unit that no friendly combat unit holds
//     (9.33).

// leaderOrder is the hex a LEADER order sends the leader toward, or "".
func (r *resolver) leaderOrder(l *Leader) string {
	if l == nil {
		return ""
	}
	if p := r.plans[l.Side]; p != nil {
		return p.leaders[l.Name]
	}
	return ""
}

// rideByOrder is step 3: l rides toward to with at most mp leader MP.
// It returns the MP spent.
func (r *resolver) rideByOrder(l *Leader, to string, mp int, rule string) int {
	s := r.s
	if l == nil || l.Killed || l.Hex == "" || l.Hex == to || r.displaced[l.Name] { // 12.73
		return 0
	}
	path, costs := s.leaderPath(r.sys.combat, l.Side, l.Hex, to)
	spent := 0
	for i, h := range path {
		if spent+costs[i] > mp || len(s.adjacentEnemies(h, l.Side)) > 0 && !s.friendlyCombatAt(h, l.Side) {
			break // 9.33
		}
		spent += costs[i]
		l.Hex = h
	}
	if spent > 0 {
		r.event("leader-move", rule, "%s rides to %s (%d MP)", l.Name, l.Hex, spent)
	}
	return spent
}

// leadersByOrder is step 1 for b's activation: it reports whether the
// brigadier and the division leader moved by order.
func (r *resolver) leadersByOrder(b *BrigadeSt) (brigadier, division bool) {
	s := r.s
	if l := s.leader(b.Leader); r.leaderOrder(l) != "" {
		r.rideByOrder(l, r.leaderOrder(l), 10, "GBACW 9.31")
		brigadier = true
	}
	dl := s.leader(s.division(b.Division).Leader)
	if to := r.leaderOrder(dl); to != "" {
		division = true
		if !r.ledThisAM[dl.Name] {
			if r.ledThisAM == nil {
				r.ledThisAM = map[string]bool{}
			}
			r.ledThisAM[dl.Name] = true
			r.rideByOrder(dl, to, 10, "GBACW 9.31")
		}
	}
	return brigadier, division
}

// commanderByOrder is step 2 for l: it reports whether he had an order.
func (r *resolver) commanderByOrder(l *Leader, oc bool) bool {
	to := r.leaderOrder(l)
	if to == "" {
		return false
	}
	if r.rideByOrder(l, to, 40, "GBACW 9.32") > 10 {
		l.Rode = true
		if oc {
			r.event("rode", "GBACW 9.32", "%s rode more than 10 MP: he may not use his Initiative Rating next turn (9.32)", l.Name)
		} else {
			r.event("rode", "GBACW 9.32", "%s rode more than 10 MP: his Command Range is 0 next turn (9.32)", l.Name)
		}
	}
	return true
}

// commandRange is a leader's Command Range: 0 for a corps commander who
// rode more than 10 MP (9.32).
func commandRange(l *Leader) int {
	if l.Rode {
		return 0
	}
	return l.Range
}

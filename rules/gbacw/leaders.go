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
//  4. A brigadier or division leader ordered WITH a unit of his command
//     moves with it when its brigade activates (9.31): stacked with it at
//     the start of the activation he goes where it went; otherwise he
//     rides to the hex it started from and then along its path while his
//     10 MP last, or, unable to reach it, toward it. Riding with it he
//     may end next to the enemy (9.33; ruling GBACW-R53).
//  5. On the March AM a division leader moves only when a brigadier of
//     his under March Orders is within his Command Range (9.31).
//  6. A brigadier or division leader whose order says FIRST rides in the
//     same activation before the brigade's units act, not after them:
//     he is then at the end of his movement when they rally, and helps
//     (13.43). He moves once in the activation all the same (9.31).

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

// ridesFirst reports whether l's LEADER order says FIRST (step 4).
func (r *resolver) ridesFirst(l *Leader) bool {
	if l == nil || r.leaderOrder(l) == "" {
		return false
	}
	return r.plans[l.Side].leadFirst[l.Name]
}

// leadFirst is step 4 for b's activation, before its units act: the
// brigadier and the division leader whose orders say FIRST ride now.
// See GBACW 9.31, 13.43.
func (r *resolver) leadFirst(b *BrigadeSt) {
	s := r.s
	if l := s.leader(b.Leader); r.ridesFirst(l) {
		if r.rodeFirst == nil {
			r.rodeFirst = map[string]bool{}
		}
		r.rodeFirst[l.Name] = true
		r.rideByOrder(l, r.leaderOrder(l), 10, "GBACW 9.31")
	}
	if dl := s.leader(s.division(b.Division).Leader); r.ridesFirst(dl) {
		r.divisionRides(dl)
	}
}

// leadersByOrder is step 1 for b's activation: it reports whether the
// brigadier and the division leader moved by order (those who rode
// first do not ride again, step 4).
func (r *resolver) leadersByOrder(b *BrigadeSt) (brigadier, division bool) {
	s := r.s
	if l := s.leader(b.Leader); r.leaderOrder(l) != "" {
		if !r.rodeFirst[l.Name] {
			r.rideByOrder(l, r.leaderOrder(l), 10, "GBACW 9.31")
		}
		brigadier = true
	} else if u := r.leaderWith(l); u != nil {
		brigadier = true
		if u.Brigade == b.ID {
			r.rideWith(l, u)
		}
	}
	dl := s.leader(s.division(b.Division).Leader)
	to, u := r.leaderOrder(dl), r.leaderWith(dl)
	if to == "" && u == nil {
		return brigadier, false
	}
	if u != nil && u.Brigade != b.ID || r.ledThisAM[dl.Name] {
		return brigadier, true
	}
	if eqName(b.Orders, March.String()) && !s.brigadierInRange(r.sys.combat, b) {
		r.event("leader-stays", "GBACW 9.31", "%s does not move on the March AM: no brigadier of his under March Orders is within his Command Range", dl.Name)
		return brigadier, true
	}
	if r.ledThisAM == nil {
		r.ledThisAM = map[string]bool{}
	}
	r.ledThisAM[dl.Name] = true
	if u != nil {
		r.rideWith(dl, u)
	} else {
		r.rideByOrder(dl, to, 10, "GBACW 9.31")
	}
	return brigadier, true
}

// leaderWith is the unit a LEADER ... WITH order sends the leader with,
// or nil.
func (r *resolver) leaderWith(l *Leader) *UnitSt {
	if l == nil {
		return nil
	}
	if p := r.plans[l.Side]; p != nil && p.with[l.Name] != "" {
		return r.s.unit(p.with[l.Name])
	}
	return nil
}

// rideWith is step 4: l moves with u, whose path this activation is in
// r.trails.
func (r *resolver) rideWith(l *Leader, u *UnitSt) {
	s := r.s
	if l.Killed || l.Hex == "" || !u.onMap() {
		return
	}
	trail := r.trails[u.Name]
	if len(trail) == 0 {
		trail = []string{u.Hex}
	}
	if l.Hex == trail[0] {
		if l.Hex != u.Hex {
			l.Hex = u.Hex
			r.event("leader-move", "GBACW 9.31", "%s rides with %s to %s", l.Name, u.Name, u.Hex)
		}
		return
	}
	path, costs := s.leaderPath(r.sys.combat, l.Side, l.Hex, trail[0])
	mp := 10
	for _, c := range costs {
		mp -= c
	}
	if path == nil || mp < 0 {
		r.rideByOrder(l, u.Hex, 10, "GBACW 9.31") // he cannot reach it: toward it
		return
	}
	at := trail[0]
	for i := 1; i < len(trail); i++ {
		c := s.leaderCost(r.sys.combat, trail[i-1], trail[i])
		if c <= 0 || c > mp {
			break
		}
		mp -= c
		at = trail[i]
	}
	l.Hex = at
	r.event("leader-move", "GBACW 9.31", "%s joins %s and rides with it to %s (%d MP)", l.Name, u.Name, at, 10-mp)
}

// divisionRides moves a division leader by his order once in the AM
// (9.31: he moves in the activation of any one brigade of his division).
func (r *resolver) divisionRides(dl *Leader) {
	if r.ledThisAM[dl.Name] {
		return
	}
	if r.ledThisAM == nil {
		r.ledThisAM = map[string]bool{}
	}
	r.ledThisAM[dl.Name] = true
	r.rideByOrder(dl, r.leaderOrder(dl), 10, "GBACW 9.31")
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

package gbacw

// Out of Command units (GBACW 4.23, 5.36):
//
//  1. Phase II/A marks each combat unit on the map that is not In Command
//     (4.21-4.22: its brigadier's range, or a chain of its brigade's
//     units to one in range); units under March Orders are always In
//     Command for activation (4.23 Play Note).
//  2. When its brigade's Orders change (Division Orders Phase 6.12, or a
//     Brigade Orders Change 6.2), a unit Out of Command at that time keeps
//     the Orders it had (4.23).
//  3. When the brigade next activates, such a unit within Command Range
//     takes the brigade's Orders (4.23).
//  4. A unit marked in II/A activates one fewer time than its division,
//     at least once (5.36): it sits out the brigade's activations beyond
//     that count (ruling GBACW-R20).

// unitsOutOfCommand is step 1.
func (r *resolver) unitsOutOfCommand() {
	s := r.s
	for i := range s.Units {
		u := &s.Units[i]
		u.OutOfCommand = false
		b := s.brigade(u.Brigade)
		if !u.combat() || b.Arrives > s.Turn || s.ordersOf(u) == March || s.arrivalOf(u) == s.Turn {
			continue // 9.71: reinforcements are In Command on their turn of entry
		}
		if !s.unitInCommand(r.sys.combat, u) {
			u.OutOfCommand = true
			r.event("out-of-command", "GBACW 5.36", "%s is Out of Command: it activates one fewer time than its division this turn", u.Name)
		}
	}
}

// keepOrders is step 2: b's Orders are changing from old; its units Out
// of Command now keep old.
func (r *resolver) keepOrders(b *BrigadeSt, old string) {
	s := r.s
	for i := range s.Units {
		u := &s.Units[i]
		if u.Brigade != b.ID || !u.combat() || u.Orders != "" || s.unitInCommand(r.sys.combat, u) {
			continue
		}
		u.Orders = old
		r.event("keeps-orders", "GBACW 4.23", "%s is Out of Command at the Orders Change and keeps its %s Orders", u.Name, old)
	}
}

// adoptOrders is step 3, as b activates.
func (r *resolver) adoptOrders(b *BrigadeSt) {
	s := r.s
	for i := range s.Units {
		u := &s.Units[i]
		if u.Brigade != b.ID || u.Orders == "" || !u.combat() {
			continue
		}
		if eqName(u.Orders, b.Orders) {
			u.Orders = ""
			continue
		}
		if u.Own == OwnReinforcing {
			r.adoptOnEntry(u, b)
			continue
		}
		if s.unitInCommand(r.sys.combat, u) {
			u.Orders = ""
			r.event("adopts-orders", "GBACW 4.23", "%s is in its brigadier's Command Range: it takes %s's %s Orders", u.Name, b.ID, b.Orders)
		}
	}
}

// sitsOut reports whether u takes no part in b's activation: step 4, or
// Orders it kept that this activation does not move (a unit on March
// only with its side's March AM, the others only with a division AM,
// 5.35; ruling GBACW-R20).
func (r *resolver) sitsOut(u *UnitSt, b *BrigadeSt) bool {
	s := r.s
	brigadeMarch := eqName(b.Orders, March.String())
	if (s.ordersOf(u) == March) != brigadeMarch {
		r.event("sits-out", "GBACW 4.23", "%s keeps its %s Orders and does not act with %s under %s Orders", u.Name, s.ordersOf(u), b.ID, b.Orders)
		return true
	}
	if !u.OutOfCommand || brigadeMarch {
		return false
	}
	d := s.division(b.Division)
	if b.Activated-b.BattleActivated > BrigadeActivations(d.AMs, s.brigadeStatus(b, true)) {
		r.event("sits-out", "GBACW 5.36", "%s is Out of Command and has had its activations this turn (5.36)", u.Name)
		return true
	}
	return false
}

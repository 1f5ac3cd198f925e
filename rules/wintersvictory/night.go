package wintersvictory

import "galloper/rules"

// Evening and Night turns beyond visibility. The procedure, with its
// rules:
//
//  1. Evening turns (51-53) have reduced command and control: a Command
//     State Continuation check made in one is at +2 (17.63). Night turns
//     (54-59) have "the same" effects as Evening turns (4.4), and so do
//     the Transitional Night turns (60-61), night turns of the optional
//     two-day scenario (4.5; ruling R78).
//  2. At the end of the Command Phase of a Transitional Night turn every
//     artillery battery of the phasing side returns to its full supply of
//     ammunition (11.93.3).
//
// Not yet: the further command and rally restrictions of the Playbook
// (19.9.2-19.9.3).

// evening reports whether the turn has the Evening effects (4.3-4.5,
// ruling R78).
func (s *State) evening() bool {
	switch s.turnKind() {
	case "Evening", "Night", "Transitional Night":
		return true
	}
	return false
}

// resupply returns the side's batteries to full ammunition at the end of
// its Command Phase in a Transitional Night turn (11.93.3).
func (r *run) resupply(side rules.Side) {
	r.skirmishResupply(side)
	if r.s.turnKind() != "Transitional Night" {
		return
	}
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side == side && !u.Eliminated && u.Type == "artillery" && u.Ammo < u.FullAmmo {
			u.Ammo = u.FullAmmo
			r.tell("ammunition", "WV 11.93", only(side), "%s is resupplied: %d ammunition points", u.Name, u.Ammo)
		}
	}
}

// skirmishResupply is 11.92, at the end of the side's Command Phase: a
// skirmish company under an Ammo Deplt marker loses it when a path of at
// most four hexes reaches a battalion or battery of its nation, entering
// no hex of an enemy Minimum Range Fire Zone unless a friendly combat
// unit holds it.
func (r *run) skirmishResupply(side rules.Side) {
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side != side || u.Eliminated || !u.AmmoOut || !u.skirmishing() {
			continue
		}
		if r.supplyPath(u) {
			u.AmmoOut = false
			r.tell("ammunition", "WV 11.92", only(side), "%s is resupplied: its Ammo Deplt marker is removed (11.92)", u.Name)
		}
	}
}

// supplyPath reports whether u traces 11.92's path of at most 4 hexes.
func (r *run) supplyPath(u *Unit) bool {
	source := func(h string) bool {
		for _, o := range r.s.unitsAt(h) {
			if o.Side == u.Side && o.Nation == u.Nation && !o.skirmishing() && (o.Type == "infantry" || o.Type == "artillery") {
				return true
			}
		}
		return false
	}
	open := func(h string) bool {
		for _, o := range r.s.unitsAt(h) {
			if o.Side == u.Side {
				return true // a friendly combat unit holds it
			}
		}
		return len(r.minZoneFirers(u, h)) == 0 && r.enemyIn(u.Side, h) == nil // the zone as opportunity fire reads it (11.3)
	}
	frontier, seen := []string{u.Hex}, map[string]bool{u.Hex: true}
	for step := 0; step <= 4; step++ {
		var next []string
		for _, h := range frontier {
			if source(h) {
				return true
			}
			if step == 4 {
				continue
			}
			for _, n := range r.s.neighbours(h) {
				if !seen[n] && open(n) {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return false
}

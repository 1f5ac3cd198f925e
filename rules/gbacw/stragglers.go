package gbacw

// recoverStragglers is Straggler Recovery in Phase IV/B/2, after the
// Reserve's rally and before Recovery from Rout (6.35): at the end of a
// Dusk or Night turn, each brigade In Reserve has each of its
// non-artillery units in its brigadier's Command Range (halved at Night,
// 16.12) make a UDD;
// passing it, the unit gains a step, never back to its printed strength
// (one short at best). A Collapsed unit brought back to half strength is
// Collapsed no longer; it stays Disordered. It goes with Fatigue
// recovery, which comes before it (16.24, 6.35, 17.41). See GBACW 16.21-16.24,
// 12.12, 12.23.
func (r *resolver) recoverStragglers() {
	s := r.s
	if !s.duskOrNight() {
		return
	}
	for i := range s.Brigades {
		b := &s.Brigades[i]
		if !b.Reserve {
			continue
		}
		rng := 0
		if l := s.leader(s.commanderOf(b)); l != nil { // 4.22, ruling GBACW-R100
			rng = l.Range
		}
		// The range is halved at Dusk and Night where it is traced
		// (inRange, 16.11-16.12).
		for j := range s.Units {
			u := &s.Units[j]
			if u.Brigade != b.ID || u.Kind == "artillery" || !u.combat() || !s.unitWithin(r.sys.combat, u, rng) {
				continue
			}
			r.recoverStragglersOf(u, b)
		}
	}
}

// recoverStragglersOf is one unit's Straggler Recovery UDD. See GBACW
// 16.22-16.23.
func (r *resolver) recoverStragglersOf(u *UnitSt, b *BrigadeSt) {
	drm := UDDDRM(r.s.leaderStars(u), r.s.fatigueOf(u), 0)
	was := u.SP
	roll, sp := StragglerRecovery(r, u.Name, u.cohesionNow(), drm, u.SP, u.Printed)
	switch {
	case sp > was:
		u.SP = sp
		r.s.side(u.Side).Lost--
		r.event("stragglers", "GBACW 16.22", "%s recovers stragglers (rolled %d%+d against %d): %d SP of %d", u.Name, roll, drm, u.cohesionNow(), u.SP, u.Printed)
	case roll+drm <= u.cohesionNow():
		r.event("stragglers", "GBACW 16.23", "%s recovers no stragglers (rolled %d%+d against %d): at %d SP of %d it is already one short of its printed strength",
			u.Name, roll, drm, u.cohesionNow(), u.SP, u.Printed)
	default:
		r.event("stragglers", "GBACW 16.22", "%s recovers no stragglers (rolled %d%+d against %d)", u.Name, roll, drm, u.cohesionNow())
	}
	if u.Collapsed && !collapses(u.SP, u.Printed) {
		u.Collapsed = false
		r.event("collapse-ended", "GBACW 12.23", "%s is no longer Collapsed: it is back at %d SP of %d", u.Name, u.SP, u.Printed)
	}
}

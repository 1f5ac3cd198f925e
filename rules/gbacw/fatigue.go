package gbacw

import (
	"fmt"
	"slices"
)

// Fatigue as it happens (GBACW 17.21, 16.12, 17.42), with the optional
// rule 17 in play:
//
//  1. A brigade's Fatigue of 17.22 is placed when it has done all it will
//     for the Activation (17.21): after each activation for the acting
//     brigades, and for every brigade whose units took part in a shock
//     in that Action Phase; the turn's end places what is left.
//  2. On a Night turn an Activation under Attack Orders in which the
//     units under Attack Orders take a Fatigue action earns a level of
//     its own, beyond the two of 17.23 (16.12); an Activation earns one
//     level at most from 17.22 Cause 1 and 16.12 together (ruling
//     GBACW-R58).
//  3. An on-map brigade not In Reserve whose non-artillery units did
//     not move, move in reaction, use Phasing Fire, build, declare a
//     shock or become a shock's target all turn either rallies its
//     Disordered units (13.45) or lowers its Fatigue a level (17.42): the
//     side's REST order chooses the Fatigue; without it, Galloper rallies
//     when there is a unit to rally and lowers the Fatigue otherwise
//     (ruling GBACW-R59).

// track is the Fatigue a unit's actions count toward and whose effects
// it takes: its own when it tracks it alone (17.5), else its brigade's.
func (s *State) track(u *UnitSt) *FatigueTrack {
	if u.Own != "" {
		return &u.FatigueTrack
	}
	return &s.brigade(u.Brigade).FatigueTrack
}

// fatigueOf is the Fatigue Level a unit acts at (17.31, 17.5).
func (s *State) fatigueOf(u *UnitSt) Fatigue { return s.track(u).Fatigue }

// stirs reports whether a unit's actions keep its brigade from being idle
// (17.42): a non-artillery unit's, or, in an artillery brigade, its
// batteries' (17.42 Note 1).
func (s *State) stirs(u *UnitSt) bool {
	return u.Kind != "artillery" || s.brigade(u.Brigade).Artillery
}

// namedTrack is a Fatigue track with the name its events give.
type namedTrack struct {
	name string
	t    *FatigueTrack
}

// tracks lists every Fatigue track: the brigades', then the units' that
// count their own, in the state's order.
func (s *State) tracks() []namedTrack {
	var out []namedTrack
	for i := range s.Brigades {
		out = append(out, namedTrack{s.Brigades[i].ID, &s.Brigades[i].FatigueTrack})
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Own != "" {
			out = append(out, namedTrack{u.Name, &u.FatigueTrack})
		}
	}
	return out
}

// countFatigue counts what an activation of the brigades bs earned
// toward Fatigue, on each unit's track (17.22, 17.5): an Activation with
// actions, the March's Activation-equivalents, and an Action Phase with
// a shock for every track that took part in one. It returns the tracks
// whose units under Attack Orders took a Fatigue action at Night (16.12).
func (r *resolver) countFatigue(bs []*BrigadeSt) map[*FatigueTrack]bool {
	s := r.s
	nightAttack := map[*FatigueTrack]bool{}
	for _, b := range bs {
		acted := map[*FatigueTrack]bool{}
		for i := range s.Units {
			u := &s.Units[i]
			if u.Brigade != b.ID {
				continue
			}
			t := s.track(u)
			moved := u.Moved || u.Fired && !u.Rallied
			if moved && s.stirs(u) {
				t.Stirred = true // 17.42
			}
			if u.Kind == "artillery" {
				continue // artillery neither incurs nor generates Fatigue (17.1, 17.22, 17.26)
			}
			if moved || r.shocked[t] {
				acted[t] = true
				nightAttack[t] = nightAttack[t] || s.night() && s.ordersOf(u) == Attack
			}
		}
		if r.shocked[&b.FatigueTrack] {
			acted[&b.FatigueTrack] = true
		}
		if m, marched := r.marched[b.ID]; marched {
			// A March counts its Activation-equivalents, the first three
			// free on roads alone (17.22 Cause 1 Exception).
			n := m.equivalents
			if !m.offRoad {
				n--
			}
			b.Acted += n
			delete(acted, &b.FatigueTrack)
		}
		for _, nt := range s.tracks() {
			if acted[nt.t] {
				nt.t.Acted++ // 17.22 Cause 1: an Activation with actions
			}
		}
	}
	for _, nt := range s.tracks() {
		if r.shocked[nt.t] {
			nt.t.ShockPhases++ // 17.22 Cause 2
		}
	}
	return nightAttack
}

// placeFatigue places the Fatigue Levels earned so far this turn that
// are not yet placed, and the Night Attack levels of the tracks in
// nightAttack. See GBACW 17.21-17.25, 16.12.
func (r *resolver) placeFatigue(nightAttack map[*FatigueTrack]bool) {
	s := r.s
	if !slices.Contains(s.Optional, "17") {
		return
	}
	for _, nt := range s.tracks() {
		t := nt.t
		n := FatigueGain(t.Acted, t.ShockPhases) - t.Placed
		t.Placed += max(n, 0)
		rule := "GBACW 17.21"
		why := "(%d activations with actions, shocks in %d Action Phases)"
		if nightAttack[t] && FatigueGain(t.Acted, 0) == FatigueGain(t.Acted-1, 0) {
			n++ // the activation earned nothing by 17.22 Cause 1 (R58)
			rule, why = "GBACW 16.12", "(an Activation under Attack Orders at Night; %d activations with actions, shocks in %d Action Phases)"
		}
		if n <= 0 {
			continue
		}
		t.Fatigue = t.Fatigue.Add(n)
		r.event("fatigue", rule, "%s gains %d Fatigue Level(s) "+why+": Fatigue %s", nt.name, n, t.Acted, t.ShockPhases, t.Fatigue)
		r.exhausted(nt)
	}
}

// exhausted is 17.32: a brigade at Fatigue 4 reverts at once to Advance
// Orders.
func (r *resolver) exhausted(nt namedTrack) {
	b := r.s.brigade(nt.name)
	if b == nil || &b.FatigueTrack != nt.t || b.Fatigue < Fatigue4 || b.Orders == Advance.String() {
		return
	}
	r.event("orders-changed", "GBACW 17.32", "%s is at Fatigue 4: it reverts to Advance Orders (was %s)", b.ID, b.Orders)
	b.Orders, b.MarchedNow = Advance.String(), false
}

// reserveRest is 17.41 in Phase IV/B/2, the first of 6.35's In-Reserve
// activities, before any command leaves Reserve in IV/B/3 (3.0): a
// brigade In Reserve all turn, and the units counting their own Fatigue
// in it (17.51), lose two Fatigue Levels, even if IV/B/3 then releases
// them. See GBACW 17.41, 6.35 and ruling GBACW-R111.
func (r *resolver) reserveRest() {
	s := r.s
	if !slices.Contains(s.Optional, "17") {
		return
	}
	for _, nt := range s.tracks() {
		t := nt.t
		if b := r.brigadeOfTrack(nt); b.Reserve && b.Activated == 0 && t.Fatigue > 0 {
			t.Fatigue = max(t.Fatigue-2, 0)
			r.event("fatigue", "GBACW 17.41", "%s rests In Reserve: Fatigue %s", nt.name, t.Fatigue)
			if r.restedInReserve == nil {
				r.restedInReserve = map[*FatigueTrack]bool{}
			}
			r.restedInReserve[t] = true
		}
	}
}

// fatigue is the optional rule 17 at the turn's end, for every track:
// what of 17.22 is not yet placed (a level for each Activation with
// actions after the second, two at most, and one for each Action Phase
// after the first with a shock; placeFatigue places them as they are
// earned); none for a track that rested In Reserve (reserveRest).
// See GBACW 17.21-17.25, 17.41.
func (r *resolver) fatigue() {
	s := r.s
	if !slices.Contains(s.Optional, "17") {
		return
	}
	for _, nt := range s.tracks() {
		t := nt.t
		if r.restedInReserve[t] {
			continue // 17.41: rested in Phase IV/B/2 (reserveRest)
		}
		if n := FatigueGain(t.Acted, t.ShockPhases) - t.Placed; n > 0 {
			t.Fatigue = t.Fatigue.Add(n)
			r.event("fatigue", "GBACW 17.22", "%s gains %d Fatigue Level(s) (%d activations with actions, shocks in %d Action Phases): Fatigue %s", nt.name, n, t.Acted, t.ShockPhases, t.Fatigue)
			r.exhausted(nt)
		}
	}
}

// brigadeOfTrack is the brigade a track belongs to: the brigade itself,
// or the unit's.
func (r *resolver) brigadeOfTrack(nt namedTrack) *BrigadeSt {
	if b := r.s.brigade(nt.name); b != nil && &b.FatigueTrack == nt.t {
		return b
	}
	return r.s.brigade(r.s.unit(nt.name).Brigade)
}

// idleRecovery is Phase IV/B/2 for every track: a brigade In Reserve
// rallies its Disordered units (6.35); one idle all turn, not In
// Reserve, rallies those in its brigadier's range (13.45) or lowers its
// Fatigue a level (17.42); a unit counting its own Fatigue does so by
// itself, within the range of its immediate superior: its brigadier, or
// its division leader if unbrigaded (17.42 Note 2, 17.51).
func (r *resolver) idleRecovery() {
	s := r.s
	for i := range s.Brigades {
		b := &s.Brigades[i]
		idle := b.Reserve || !b.Stirred && b.ShockPhases == 0
		if !idle || !b.Reserve && r.rests(namedTrack{b.ID, &b.FatigueTrack}, r.plans[s.sideOfBrigade(b)].rest[b.ID], b.ID) {
			continue
		}
		for j := range s.Units {
			if u := &s.Units[j]; u.Brigade == b.ID && (u.Own == "" || b.Reserve) && r.mayAutoRally(u, b.Reserve) {
				r.autoRally(u, b.Reserve)
			}
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		b := s.brigade(u.Brigade)
		if u.Own == "" || b.Reserve || u.Stirred || u.ShockPhases > 0 || !u.onMap() || !s.superiorInRange(r.sys.combat, u) {
			continue
		}
		if !r.rests(namedTrack{u.Name, &u.FatigueTrack}, r.plans[u.Side].rest[b.ID], b.ID) && u.Status == StDisordered {
			r.autoRally(u, false)
		}
	}
}

// mayAutoRally: a Disordered unit on the map rallies In Reserve, or in
// its brigadier's range when its brigade was idle (6.35, 13.45); never
// a Collapsed one (12.23).
func (r *resolver) mayAutoRally(u *UnitSt, reserve bool) bool {
	return u.Status == StDisordered && !u.Collapsed && u.onMap() && (reserve || r.s.unitInCommand(r.sys.combat, u))
}

func (r *resolver) autoRally(u *UnitSt, reserve bool) {
	u.Status = StGood
	r.event("rally", map[bool]string{true: "GBACW 6.35", false: "GBACW 13.45"}[reserve], "%s rallies (%s)", u.Name,
		map[bool]string{true: "In Reserve", false: "its brigade was idle all turn"}[reserve])
}

// superiorInRange: a unit counting its own Fatigue is within its
// immediate superior's Command Range: its division leader's if
// unbrigaded, else its brigadier's (17.42 Note 2), or the leader it is
// directly under (4.22; ruling GBACW-R100).
func (s *State) superiorInRange(cc *CombatCharts, u *UnitSt) bool {
	b := s.brigade(u.Brigade)
	name := s.commanderOf(b)
	if u.Own == OwnUnbrigaded {
		name = s.division(b.Division).Leader
	}
	l := s.leader(name)
	return l != nil && !l.Killed && s.inRange(cc, u.Side, l.Hex, u.Hex, l.Range)
}

// rests is 17.42's choice for an idle track (not In Reserve, checked by
// the caller): it reports true when it lowers its Fatigue a level rather
// than rallying: by REST, or with no Disordered unit of brigade to rally
// (ruling GBACW-R59).
func (r *resolver) rests(nt namedTrack, rest bool, brigade string) bool {
	s := r.s
	t := nt.t
	if !slices.Contains(s.Optional, "17") || !s.brigadeOnMap(s.brigade(brigade)) {
		return false
	}
	if !rest {
		if t.Fatigue == NoFatigue {
			return false
		}
		for i := range s.Units {
			if u := &s.Units[i]; s.track(u) == t && r.mayAutoRally(u, false) {
				return false // a unit to rally: Galloper rallies (R59)
			}
		}
	}
	if t.Fatigue == NoFatigue {
		r.event("rest", "GBACW 17.42", "%s rests all turn, but has no Fatigue to lose", nt.name)
		return true
	}
	t.Fatigue--
	r.event("rest", "GBACW 17.42", "%s was idle all turn and lowers its Fatigue a level rather than rallying: Fatigue %s", nt.name, t.Fatigue)
	return true
}

// joinBrigade is 17.52: a unit that entered alone, starting an
// activation within its brigadier's Command Range, joins its brigade's
// Fatigue, the brigade taking the higher of the two levels.
func (r *resolver) joinBrigade(b *BrigadeSt) {
	s := r.s
	for i := range s.Units {
		u := &s.Units[i]
		if u.Brigade != b.ID || u.Own != OwnReinforcing || !u.onMap() || !s.superiorInRange(r.sys.combat, u) {
			continue
		}
		b.Fatigue = max(b.Fatigue, u.Fatigue)
		u.Own, u.FatigueTrack = "", FatigueTrack{}
		r.event("fatigue-joined", "GBACW 17.52", "%s starts an activation in its brigadier's range: it joins %s's Fatigue, now %s", u.Name, b.ID, b.Fatigue)
		r.exhausted(namedTrack{b.ID, &b.FatigueTrack})
	}
}

// ParseFatigue reads a Fatigue Level as a scenario gives it: "" for no
// marker (17.21: brigades start with none unless the battle says
// otherwise), "OK", or the number 0 to 4 (17.24).
func ParseFatigue(s string) (Fatigue, error) {
	switch s {
	case "":
		return NoFatigue, nil
	case "OK":
		return FatigueOK, nil
	}
	for f := Fatigue0; f <= Fatigue4; f++ {
		if s == fmt.Sprint(f.Number()) {
			return f, nil
		}
	}
	return NoFatigue, fmt.Errorf("fatigue %q is not a Fatigue Level: leave it out for none, or write OK or 0 to 4 (GBACW 17.24)", s)
}

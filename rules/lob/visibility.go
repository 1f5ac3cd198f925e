package lob

import (
	"galloper/rules"
	"galloper/rules/hex"
)

// Fog of war. LoB itself hides only orders, plans and strengths (LoB 2.4);
// Galloper adds a limited-intelligence house rule built from the rules'
// own line of sight and visibility (LoB 4.0-4.3): a side sees a hex when
// one of its counters has a Clear line of sight to it within the turn's
// visibility, and sees the enemy counters in the hexes it sees. Of an enemy
// stack it sees the leaders and HQs on it and only the top combat unit, and
// never a strength (LoB 2.4).

// combatKinds are the counter kinds that are combat units (LoB 1.3).
var combatKinds = map[string]bool{"infantry": true, "cavalry": true, "artillery": true}

// visible returns which hexes, indexed like Map.Hexes, any of the eyes can
// see within vis hexes (LoB 4.3).
func (g *sightMap) visible(eyes []hex.Axial, vis int, shot Shot, u *blockers) []bool {
	seen := make([]bool, len(g.level))
	done := make([]bool, len(g.level))
	for _, e := range eyes {
		ie := g.index(e)
		if ie < 0 || done[ie] {
			continue
		}
		done[ie] = true
		for dq := -vis; dq <= vis; dq++ {
			for dr := max(-vis, -dq-vis); dr <= min(vis, -dq+vis); dr++ {
				t := hex.Axial{Q: e.Q + dq, R: e.R + dr}
				it := g.index(t)
				if it >= 0 && !seen[it] && g.lineOfSight(e, t, shot, u).Clear {
					seen[it] = true
				}
			}
		}
	}
	return seen
}

// sightUnits lists the counters on the map for line of sight: those not
// yet arrived (LoB 3.7), eliminated or lost neither see nor block.
func (s *State) sightUnits() []sightUnit { return s.sightUnitsOf("", true) }

// sightUnitsOf is sightUnits of one side's counters only, or of every
// side's when all: a side's looking needs only its own (lookerFor), and
// asks for them at every shot.
func (s *State) sightUnitsOf(side rules.Side, all bool) []sightUnit {
	var us []sightUnit
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if !all && p.Side != side || !s.onMapNow(p) {
			continue
		}
		// Open Order Capable units never block (LoB 4.2e, 9.4b).
		us = append(us, sightUnit{Side: p.Side, At: s.scn.Map.axial(p.Hex), Combat: combatKinds[p.Kind],
			OpenOrder: combatKinds[p.Kind] && s.isOpenOrderCapable(p)})
	}
	return us
}

// seenBy returns which hexes a side sees this turn: those its counters
// have a Clear line of sight to, within the turn's visibility (LoB 4.3).
// The looking is not a shot: the Slope Table applies from range 5.
//
// Only the side's own counters block its looking (LoB 4.2e counts enemy
// units too): an enemy unit the side cannot see must not shade a hex
// behind it on the side's map, or the fog's shape would show where it
// stands (ruling R-FOG-1). The real line of sight, with every blocker,
// still rules each shot when it is resolved (sightFor).
func (s *State) seenBy(side rules.Side) []bool {
	g := s.scn.Map.sight
	var eyes []hex.Axial
	var own []sightUnit
	for _, u := range s.sightUnits() {
		if u.Side == side {
			eyes = append(eyes, u.At)
			own = append(own, u)
		}
	}
	shot := Shot{Side: side}
	return g.visible(eyes, s.scn.visibility(s.Segment().Turn), shot, g.blockersFor(side, own))
}

// sees reports whether a side sees one hex now, as seenBy would: one of
// its counters has a Clear line of sight to it, within the turn's
// visibility, only its own units blocking (R-FOG-1).
func (s *State) sees(side rules.Side, h string) bool { return s.lookerFor(side).sees(h) }

// withinSight reports whether a counter of the side on the map stands
// within the turn's visibility of hex h: a cheap first test for sees.
func (s *State) withinSight(side rules.Side, h string) bool {
	m := &s.scn.Map
	vis := s.scn.visibility(s.Segment().Turn)
	for i := range s.doc.Pieces {
		if p := &s.doc.Pieces[i]; p.Side == side && s.onMapNow(p) && m.distance(p.Hex, h) <= vis {
			return true
		}
	}
	return false
}

// looker is a side's looking at single hexes, built once for several and
// used before the position changes. own are the side's counters on the
// map (where they stand is all sees reads of them).
type looker struct {
	s    *State
	side rules.Side
	own  []sightUnit
	b    *blockers
	vis  int
	// near, when set, holds where the own counters stand grouped by map
	// square (eyes), for a looker that looks at many hexes: sees then
	// reads only the counters near the hex.
	near *eyes
}

// lookerFor gathers a side's counters and blockers for sees.
func (s *State) lookerFor(side rules.Side) *looker {
	l := &looker{s: s, side: side, vis: s.scn.visibility(s.Segment().Turn)}
	m := &s.scn.Map
	g := m.sight
	if s.oob == nil || !s.oob.canonical {
		l.own = s.sightUnitsOf(side, false)
		l.b = g.blockersFor(side, l.own)
		return l
	}
	// A side looks at a few hexes at a time (a shot's target, the counters
	// of a report line), at every step of a phase: its counters are read
	// for where they stand only, and the blockers of a line (its own
	// units, as blockersFor marks them) from the hex index as the line
	// reaches each hex (sightBlockers), instead of marked on two map-sized
	// arrays for every look.
	pcs := s.ofSide(side)
	l.own = make([]sightUnit, 0, len(pcs))
	for _, i := range pcs {
		if p := &s.doc.Pieces[i]; s.onMapNow(p) {
			l.own = append(l.own, sightUnit{Side: side, At: axialOf(m, p.Hex)})
		}
	}
	l.b = &blockers{at: func(i int) (friend, enemy bool) {
		for _, k := range s.inHex(g.ids[i]) {
			p := &s.doc.Pieces[k]
			// As sightUnits and blockersFor: on the map now, a combat
			// unit, and not Open Order Capable (LoB 4.2e, 9.4b).
			if p.Side == side && s.onMapNow(p) && combatKinds[p.Kind] && !s.isOpenOrderCapable(p) {
				return true, false
			}
		}
		return false, false
	}}
	return l
}

// lookMany makes the looker read, for each hex it looks at, only its
// counters near the hex: e holds where they stand, grouped (eyes). A
// looker that looks at many hexes (every enemy counter) should.
func (l *looker) lookMany(e *eyes) {
	if e == nil {
		e = newEyes(l.vis)
		for _, u := range l.own {
			e.add(u.At)
		}
	}
	if len(l.own) == e.n {
		l.near = e // the same counters, grouped
	}
}

// sees reports whether the side sees the hex h.
func (l *looker) sees(h string) bool {
	m := &l.s.scn.Map
	g := m.sight
	t := m.axial(h)
	if g.index(t) < 0 {
		return false
	}
	if l.near != nil {
		return l.near.any(t, func(a hex.Axial) bool { return g.lineOfSight(a, t, Shot{Side: l.side}, l.b).Clear })
	}
	for _, u := range l.own {
		if hex.Distance(u.At, t) <= l.vis && g.lineOfSight(u.At, t, Shot{Side: l.side}, l.b).Clear {
			return true
		}
	}
	return false
}

// shown reports which counters a side's map shows: all its own, and of the
// enemy those in hexes it sees, leaving out every combat unit of a stack
// but the top one (LoB 2.4). The top combat unit is the first in stacking
// order, which is the order of the counters in the state. The umpire (the
// empty side) sees every counter.
func (s *State) shown(side rules.Side, seen []bool) []bool {
	show := make([]bool, len(s.doc.Pieces))
	topTaken := map[string]bool{}
	for i, p := range s.doc.Pieces {
		switch {
		case side == "" || p.Side == side:
			show[i] = true
		case !seen[s.scn.Map.sight.index(s.scn.Map.axial(p.Hex))]:
		case !combatKinds[p.Kind]:
			show[i] = true
		case !topTaken[p.Hex]:
			show[i], topTaken[p.Hex] = true, true
		}
	}
	return show
}

package lob

import (
	"fmt"
	"slices"

	"galloper/rules"
	"galloper/rules/hex"
)

// canFire reports whether a combat unit can fire, and so has a front and
// exerts a ZOC (LoB 3.4): not Routed, in a firing formation (Line, Open
// Order, Unlimbered; Column, Limbered and Mounted have no front), and for
// artillery not Depleted of both ammunition types. See
// docs/rulings-lob.md R-C2-1.
func (s *State) canFire(p *Piece) bool {
	if p.Unit == nil || p.Unit.Eliminated || p.OffMap {
		return false
	}
	switch p.Unit.Formation {
	case "line", "open-order", "unlimbered":
	default:
		return false
	}
	// The marker last: finding it reads every hex marker.
	return !(p.Kind == ArmArtillery && p.Unit.DepletedShell && p.Unit.DepletedCanister) && s.marker(p.Hex).Morale != MoraleRouted
}

// zoc lists the hexes in the Zone of Control of side's combat units: each
// hex adjacent to a front hexside of a unit that can fire (LoB 3.4). A
// unit's front hexsides are its Facing and the hexsides on either side of
// it (LoB 3.3). Terrain has no effect on ZOCs.
func (s *State) zoc(side rules.Side) map[string]bool {
	m := &s.scn.Map
	out := map[string]bool{}
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Side != side || !s.canFire(p) {
			continue
		}
		at := m.axial(p.Hex)
		for _, d := range []int{p.Unit.Facing - 1, p.Unit.Facing, p.Unit.Facing + 1} {
			if n := at.Neighbor(d); m.onMap(n) {
				out[m.idAt(n)] = true
			}
		}
	}
	return out
}

// enemyOf is the other side.
func (s *State) enemyOf(side rules.Side) rules.Side {
	for _, sd := range s.scn.Sides {
		if sd.Side != side {
			return sd.Side
		}
	}
	return ""
}

// occupancy marks the hexes holding combat units of each side.
func (s *State) occupancy() map[rules.Side]map[string]bool {
	out := map[rules.Side]map[string]bool{}
	for _, p := range s.doc.Pieces {
		if p.Unit == nil || p.Unit.Eliminated || p.OffMap {
			continue
		}
		if out[p.Side] == nil {
			out[p.Side] = map[string]bool{}
		}
		out[p.Side][p.Hex] = true
	}
	return out
}

// radiusTrace is a Command Radius trace for one side: enemy units and
// EZOCs block it, and friendly units in a hex cancel its EZOC (LoB 10.2e).
type radiusTrace struct {
	m     *Map
	enemy map[string]bool
	// blocked holds the hexes a trace may not enter: an enemy unit's, or
	// an EZOC hex with no friendly unit in it.
	blocked map[hex.Axial]bool
	// reached keeps each search made, by its start and radius: a trace
	// serves one position, and many units trace from the same HQ.
	reached map[traceKey]map[hex.Axial]int
	// ezoc are the hexes of the enemy's ZOC, when newTrace found them
	// without going through hex ids, and inEZOC marks them by their
	// position in the map's sight grid (trace).
	ezoc   []hex.Axial
	inEZOC []bool
}

type traceKey struct {
	from   hex.Axial
	radius int
}

func (s *State) newTrace(side rules.Side) *radiusTrace {
	if s.oob == nil || !s.oob.canonical {
		return s.newTraceByID(side)
	}
	// What newTraceByID does, in one pass over the counters and without
	// writing hex ids: a trace is built for every stack of a phase.
	m, foe := &s.scn.Map, s.enemyOf(side)
	t := &radiusTrace{m: m, enemy: map[string]bool{}, blocked: map[hex.Axial]bool{}, reached: map[traceKey]map[hex.Axial]int{}}
	friends := map[hex.Axial]bool{}
	var ezoc []hex.Axial
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Unit == nil || p.Unit.Eliminated || p.OffMap {
			continue
		}
		switch p.Side {
		case foe:
			at := m.axial(p.Hex)
			t.enemy[p.Hex], t.blocked[at] = true, true
			if s.canFire(p) {
				for _, d := range []int{p.Unit.Facing - 1, p.Unit.Facing, p.Unit.Facing + 1} {
					if n := at.Neighbor(d); m.onMap(n) {
						ezoc = append(ezoc, n)
					}
				}
			}
		case side:
			friends[m.axial(p.Hex)] = true
		}
	}
	for _, n := range ezoc {
		if !friends[n] {
			t.blocked[n] = true
		}
	}
	t.ezoc = ezoc
	return t
}

// newTraceByID builds a trace from occupancy and zoc, comparing hex ids
// as text.
func (s *State) newTraceByID(side rules.Side) *radiusTrace {
	occ := s.occupancy()
	enemy, friends := occ[s.enemyOf(side)], occ[side]
	t := &radiusTrace{m: &s.scn.Map, enemy: enemy, blocked: map[hex.Axial]bool{}, reached: map[traceKey]map[hex.Axial]int{}}
	for id := range enemy {
		t.blocked[t.m.axial(id)] = true
	}
	for id := range s.zoc(s.enemyOf(side)) {
		if !friends[id] {
			t.blocked[t.m.axial(id)] = true
		}
	}
	return t
}

// cost is a CostFunc for hex.Reach: one a step; refused into an enemy
// unit's hex or an EZOC hex that holds no friendly unit.
func (t *radiusTrace) cost(_, to hex.Axial) int {
	if !t.m.onMap(to) || t.blocked[to] {
		return -1
	}
	return 1
}

// reaches reports whether a trace of at most radius hexes from one hex
// gets to another (LoB 10.2e).
func (t *radiusTrace) reaches(from, to string, radius int) bool {
	if t.enemy[from] {
		return false
	}
	if t.m.distance(from, to) > radius {
		return false
	}
	k := traceKey{t.m.axial(from), radius}
	r, ok := t.reached[k]
	if !ok {
		r = hex.Reach(k.from, radius, t.cost)
		t.reached[k] = r
	}
	_, ok = r[t.m.axial(to)]
	return ok
}

// cutAt is the hex that blocks a trace that would reach within radius
// but for enemy units and EZOCs, or "" when the distance alone is too
// great: the blocked hex nearest from on a trace short enough, first by
// hex id. See LoB 10.2e.
func (t *radiusTrace) cutAt(from, to string, radius int) string {
	if t.m.distance(from, to) > radius || t.reaches(from, to, radius) {
		return ""
	}
	best, bd := "", radius+1
	for a := range t.blocked {
		h := t.m.hexID(a.ToOffset())
		d := t.m.distance(from, h)
		if d+t.m.distance(h, to) > radius || d > bd || d == bd && h > best {
			continue
		}
		best, bd = h, d
	}
	return best
}

// radiusCut says why a unit in reach of its radius is out of Command
// Radius, " (the trace from A9.6 is cut by the enemy ZOC at A9.8, LoB
// 10.2e)", or "". It follows inRadius's links, and names the hex only
// when the side sees it and every enemy unit that blocks it (LoB 2.4).
func (s *State) radiusCut(t *radiusTrace, u *Piece, l radiusLink) string {
	from, radius := s.hqHex(l.cmd), s.radius(l.cmd)
	if bl, ok := s.brigadeLeaderHex(l.brigade); ok && t.reaches(from, bl, radius) {
		from, radius = bl, s.charts.radius[LevelBrigade]
	}
	h := t.cutAt(from, u.Hex, radius)
	if h == "" {
		return ""
	}
	m := &s.scn.Map
	seen := s.seenBy(u.Side)
	sees := func(id string) bool { return seen[m.sight.index(m.axial(id))] }
	what := "the enemy ZOC at " + h
	if t.enemy[h] {
		what = "an enemy unit at " + h
	}
	if !sees(h) || slices.ContainsFunc(m.adjacentHexes(h), func(id string) bool { return t.enemy[id] && !sees(id) }) {
		what = "an enemy unit or its ZOC"
	}
	return fmt.Sprintf(" (the trace from %s is cut by %s, LoB 10.2e)", from, what)
}

// radiusLink is one unit's place in the Command Radius tree: the Command
// it belongs to and its brigade, whose leader it traces to, if any.
type radiusLink struct {
	cmd     *Command
	brigade string // a brigade with a leader, "" when the unit traces to the HQ
}

// links maps every combat unit of a side to its Command and brigade
// leader. The map is shared: callers must not change it.
func (s *State) links(side rules.Side) map[string]radiusLink {
	if s.oob != nil {
		if l, ok := s.oob.links[side]; ok {
			return l
		}
	}
	return linksOf(s.scn, side)
}

// linksOf builds links.
func linksOf(scn *Scenario, side rules.Side) map[string]radiusLink {
	out := map[string]radiusLink{}
	for _, c := range scn.commands() {
		if c.Side != side {
			continue
		}
		for _, b := range c.Brigades {
			l := ""
			if b.Leader != nil {
				l = b.Name
			}
			for _, u := range b.units() {
				out[u.Name] = radiusLink{cmd: c, brigade: l}
			}
		}
		for i := range c.Units {
			out[c.Units[i].Name] = radiusLink{cmd: c}
		}
	}
	return out
}

// ownLinks is links for the side resolving, built once a resolution and
// shared by the checks made at every step; callers must not change it.
func (r *resolver) ownLinks() map[string]radiusLink {
	if r.sideLinks == nil {
		r.sideLinks = r.s.links(r.side)
	}
	return r.sideLinks
}

// radius is a Command's own radius in hexes (LoB 10.2e, 10.8e).
func (s *State) radius(c *Command) int { return s.charts.radius[c.Level] }

// inRadius reports whether a combat unit is in Command Radius (LoB 10.2):
// every link from its Command's HQ (or the leader filling in for it) down
// through its brigade leader to the unit is within that level's radius.
// When the brigade leader himself is cut off, the trace goes from the HQ
// directly to the unit (LoB 10.2 Play Note, docs/rulings-lob.md R-C2-2). It returns the hex the unit
// should head back to when it is not. The brigade leader is the one who
// leads it now, a Repl after a loss (9.1b, R-C2-LEAD).
func (s *State) inRadius(t *radiusTrace, u *Piece, l radiusLink) (bool, string) {
	hq := s.hqHex(l.cmd)
	bl, ok := s.brigadeLeaderHex(l.brigade)
	if !ok {
		return t.reaches(hq, u.Hex, s.radius(l.cmd)), hq
	}
	if t.reaches(hq, bl, s.radius(l.cmd)) {
		return t.reaches(bl, u.Hex, s.charts.radius[LevelBrigade]), bl
	}
	return t.reaches(hq, u.Hex, s.radius(l.cmd)), hq
}

// brigadeLeaderHex is the hex of the leader heading a brigade now (LoB
// 9.1b; docs/rulings-lob.md R-C2-LEAD): its Repl's hex after its leader
// was lost or promoted, else its leader's counter. It reports false for
// no brigade.
func (s *State) brigadeLeaderHex(brigade string) (string, bool) {
	if brigade == "" {
		return "", false
	}
	if x := s.repl(brigade); x != nil {
		return x.Hex, true
	}
	i, ok := s.index[s.postHolder(brigade)]
	if !ok {
		return "", false
	}
	return s.doc.Pieces[i].Hex, true
}

// brigadeHead is the leader heading a brigade now (LoB 9.1b;
// docs/rulings-lob.md R-C2-LEAD) and the hex he stands in, to be moved
// with the brigade: its Repl after its leader was lost, else the holder
// of its post. It reports false when no leader on the map heads it.
func (s *State) brigadeHead(b *Brigade) (string, *string, bool) {
	if x := s.repl(b.Name); x != nil {
		return replName(b.Name), &x.Hex, true
	}
	i, ok := s.index[s.postHolder(b.Name)]
	if !ok || b.Leader == nil {
		return "", nil, false
	}
	p := &s.doc.Pieces[i]
	if p.OffMap || p.Status != "" {
		return "", nil, false
	}
	return p.Name, &p.Hex, true
}

// mayCharge reports whether a unit may make an initial Charge as far as
// command goes (LoB 10.2f-g): not when it is out of Command Radius as the
// Charge is announced. The field rules call it when a Charge is declared.
func (s *State) mayCharge(unit string) (bool, string) {
	i, ok := s.index[unit]
	if !ok {
		return false, "no such unit"
	}
	p := &s.doc.Pieces[i]
	l, ok := s.links(p.Side)[unit]
	if !ok {
		return false, "not a combat unit of a Command"
	}
	if in, _ := s.inRadius(s.newTrace(p.Side), p, l); !in {
		return false, "out of Command Radius, and LoB 10.2g allows no initial Charge from out of it"
	}
	return true, ""
}

// hqReach is how many steps of its path an HQ can pay for this phase from
// a hex, a road step costing 1/road of a turn's allowance and any other
// 1/cross-country (stepCost), and whether those steps all follow a road.
func (s *State) hqReach(at string, path []string) (int, bool) {
	budget, road := s.charts.road*s.charts.country, true
	for i, h := range path {
		cost := s.stepCost(at, h)
		if cost > budget {
			return i, road
		}
		road = road && s.scn.Map.onRoad(at, h)
		budget -= cost
		at = h
	}
	return len(path), road
}

// paced is how many of the steps it can pay for an HQ takes this phase.
// It must follow its order's path (LoB 10.2h) and all its units must be
// in Command Radius (10.2a): it goes step by step and halts before the
// first step after which a unit of its Command that is in radius now, and
// that Galloper closes up on it, would be out of radius once closed up
// (docs/rulings-lob.md R-C2-RAD-2).
func (r *resolver) paced(c *Command, hq *Piece, steps []string) int {
	units := r.pacers(c)
	b := r.board(r.side) // leftBehind puts the position back after each step
	for k, h := range steps {
		u := r.leftBehind(c, hq, h, k+1, units, b)
		if u == "" {
			continue
		}
		at := hq.Hex
		if k > 0 {
			at = steps[k-1]
		}
		r.add("hq-paced", "LoB 10.2a", "%s halts at %s after %d of %d hexes: %s could not keep within Command Radius beyond it",
			hq.Name, at, k, len(steps), u)
		return k
	}
	return len(steps)
}

// pacers are the units of a Command an HQ keeps pace with (paced): those
// in Command Radius now that Galloper closes up on it this phase, being
// neither in an activity script nor done with their activity (LoB 2.2),
// nor exempt from radius (10.2d, 9.1c).
func (r *resolver) pacers(c *Command) []*Piece {
	t := r.s.newTrace(r.side)
	links := r.ownLinks()
	var out []*Piece
	for _, u := range c.units() {
		p := r.s.piece(u.Name)
		l, ok := links[p.Name]
		if !ok || r.scripted[p.Name] || r.acted[p.Name] || !r.autoMovable(p) || p.Unit.Posted != "" {
			continue
		}
		if in, _ := r.s.inRadius(t, p, l); in {
			out = append(out, p)
		}
	}
	return out
}

// leftBehind names the first of units that would be out of Command Radius
// were the HQ at a hex after n steps and the Command's units and the
// leaders heading its brigades now closed up on it (closeUpAll), or ""
// when none would be. b is the position as it stands, which is put back
// as it was.
func (r *resolver) leftBehind(c *Command, hq *Piece, at string, n int, units []*Piece, b autoBoard) string {
	to := map[*Piece]string{hq: at}
	for _, p := range units {
		to[p] = r.closeUpEnd(p, at, b)
	}
	heads := map[*string]string{}
	for i := range c.Brigades {
		name, h, ok := r.s.brigadeHead(&c.Brigades[i])
		if ok && name != hq.Name && !r.scripted[name] && !r.acted[name] {
			heads[h] = r.leaderCloseUp(&Piece{Name: name, Side: c.Side, Hex: *h}, at, n)
		}
	}
	was := map[*Piece]string{}
	for p, h := range to {
		was[p] = p.Hex
		r.s.setHex(p, h)
	}
	wasAt := map[*string]string{}
	for h, to := range heads {
		wasAt[h], *h = *h, to
	}
	r.s.hexesMoved() // a brigade head may be a counter
	defer func() {
		for p, h := range was {
			r.s.setHex(p, h)
		}
		for h, at := range wasAt {
			*h = at
		}
		r.s.hexesMoved()
	}()
	t := r.s.newTrace(r.side)
	links := r.ownLinks()
	for _, p := range units {
		if in, _ := r.s.inRadius(t, p, links[p.Name]); !in {
			return p.Name
		}
	}
	return ""
}

// occupied is occupancy()[side][h] without building the whole map: it
// is asked at every step of every stack.
func (s *State) occupied(side rules.Side, h string) bool {
	for _, i := range s.inHex(h) {
		p := &s.doc.Pieces[i]
		if p.Side == side && p.Hex == h && p.Unit != nil && !p.Unit.Eliminated && !p.OffMap {
			return true
		}
	}
	return false
}

// inZOC is zoc(side)[h] without building the whole zone (LoB 3.4): only
// units in the six hexes around h can exert a ZOC into it.
func (s *State) inZOC(side rules.Side, h string) bool {
	m := &s.scn.Map
	o, ok := m.parse(h)
	if !ok || m.hexID(o) != h || s.oob == nil || !s.oob.canonical {
		return s.zoc(side)[h] // hex ids not all as zoc writes them
	}
	at := o.ToAxial()
	var around [6]string
	for d := range around {
		if n := at.Neighbor(d); m.onMap(n) {
			around[d] = m.idAt(n)
		}
	}
	for k, n := range around {
		if slices.Contains(around[:k], n) {
			continue // an id already read ("" twice, off the map)
		}
		for _, i := range s.inHex(n) {
			p := &s.doc.Pieces[i]
			if p.Side != side || !s.canFire(p) {
				continue
			}
			from := m.axial(p.Hex)
			for _, d := range []int{p.Unit.Facing - 1, p.Unit.Facing, p.Unit.Facing + 1} {
				if from.Neighbor(d) == at {
					return true
				}
			}
		}
	}
	return false
}

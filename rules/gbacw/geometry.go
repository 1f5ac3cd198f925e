package gbacw

import (
	"slices"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/hexmap"
)

// Facing and the map (GBACW 7.1, 9.4, 9.5, 10.2). A unit under Advance or
// Attack Orders faces a vertex (7.11): vertex v lies between the hexsides
// of directions v and v+1 (rules/hex.Directions), so its two Front hexes
// are the neighbours in directions v and v+1, its Flank hexes those in
// v-1 and v+2, its Rear hexes those in v+3 and v+4.

// Arc is where a hex lies around a unit: Front, Flank or Rear (7.12).
type Arc int

const (
	NotAdjacent Arc = iota
	FrontArc
	FlankArc
	RearArc
)

func mod6(n int) int { return ((n % 6) + 6) % 6 }

// faceToward is the vertex whose two Front hexes lie nearest a target,
// the lowest vertex on a tie. See GBACW 7.11.
func faceToward(from, to hex.Axial) int {
	best, bestD := 0, 1<<30
	for v := range 6 {
		d := hex.Distance(from.Neighbor(v), to) + hex.Distance(from.Neighbor(v+1), to)
		if d < bestD {
			best, bestD = v, d
		}
	}
	return best
}

// arcOf says where an adjacent hex lies around a unit facing vertex v.
// See GBACW 7.12.
func arcOf(at hex.Axial, facing int, other hex.Axial) Arc {
	for dir := range 6 {
		if at.Neighbor(dir) != other {
			continue
		}
		switch mod6(dir - facing) {
		case 0, 1:
			return FrontArc
		case 2, 5:
			return FlankArc
		default:
			return RearArc
		}
	}
	return NotAdjacent
}

// sideArc says where an adjacent hex lies around a unit under March
// Orders facing the hexside of direction side (7.11): its one Front hex
// is that neighbour, its Rear the one opposite, the other four its Flank
// hexes, as a column's (8.51; ruling GBACW-R31).
func sideArc(at hex.Axial, side int, other hex.Axial) Arc {
	for dir := range 6 {
		if at.Neighbor(dir) != other {
			continue
		}
		switch mod6(dir - side) {
		case 0:
			return FrontArc
		case 3:
			return RearArc
		}
		return FlankArc
	}
	return NotAdjacent
}

// sideToward is the hexside whose neighbour lies nearest a target, the
// lowest direction on a tie. See GBACW 7.11.
func sideToward(from, to hex.Axial) int {
	best, bestD := 0, 1<<30
	for d := range 6 {
		if n := hex.Distance(from.Neighbor(d), to); n < bestD {
			best, bestD = d, n
		}
	}
	return best
}

// faceTo is the facing that turns u toward hex h under Orders o: a
// vertex, or a hexside under March Orders (7.11).
func (s *State) faceTo(u *UnitSt, o Orders, h string) int {
	if o == March {
		return sideToward(s.axial(u.Hex), s.axial(h))
	}
	return faceToward(s.axial(u.Hex), s.axial(h))
}

// turns is how many vertices (or hexsides) apart two facings are, 0-3.
func turns(a, b int) int {
	d := mod6(a - b)
	return min(d, 6-d)
}

// Refused sides (7.31): the Flank hex on the unit's right as it looks
// out of its Front, or on its left.
const (
	RefusedRight = "R"
	RefusedLeft  = "L"
	// RefusedBoth: an Extended Line refused at both ends (8.44).
	RefusedBoth = "B"
)

// flankDirs are the directions of the right and left Flank hexes of a
// unit facing vertex facing, as the map is drawn: the right one lies a
// quarter turn clockwise of the facing's bearing.
func (s *State) flankDirs(facing int) (right, left int) {
	a, b := mod6(facing-1), mod6(facing+2)
	d := s.m.Layout.Bearing(a) - s.vertexBearing(facing)
	for d < 0 {
		d += 360
	}
	if d > 0 && d < 180 {
		return a, b
	}
	return b, a
}

// refusedDir is the direction of a Refused unit's Refused Frontal hex and
// of the Rear hex beside it, which becomes a Flank hex; ok is false when
// the unit is not Refused. See GBACW 7.34.
func (s *State) refusedDir(u *UnitSt) (front, flank int, ok bool) {
	return s.refusedDirAt(u, u.Hex)
}

// refusedAt is the refusal that bends a unit at hex h, one of its hexes:
// a unit's own; an Extended Line's left refusal at its left end, its
// right refusal at its right end (8.44, ruling GBACW-R34).
func (u *UnitSt) refusedAt(h string) string {
	if !u.extended() {
		if h == u.Hex {
			return u.Refused
		}
		return ""
	}
	leftEnd, rightEnd := u.ExtLeft, u.ExtRight
	if leftEnd == "" {
		leftEnd = u.Hex
	}
	if rightEnd == "" {
		rightEnd = u.Hex
	}
	switch {
	case h == leftEnd && (u.Refused == RefusedLeft || u.Refused == RefusedBoth):
		return RefusedLeft
	case h == rightEnd && (u.Refused == RefusedRight || u.Refused == RefusedBoth):
		return RefusedRight
	}
	return ""
}

// refusedDirAt is refusedDir at hex h of the unit (an Extended Line's
// part).
func (s *State) refusedDirAt(u *UnitSt, h string) (front, flank int, ok bool) {
	right, left := s.flankDirs(u.Facing)
	var d int
	switch u.refusedAt(h) {
	case RefusedRight:
		d = right
	case RefusedLeft:
		d = left
	default:
		return 0, 0, false
	}
	// The Rear hex next to the refused one: d-1 or d+1, whichever is not
	// a Front hex.
	if rel := mod6(d - u.Facing); rel == 5 {
		return d, mod6(d - 1), true
	}
	return d, mod6(d + 1), true
}

// unitArc says where an adjacent hex lies around u, its refusal counted:
// a Refused unit's refused Flank hex is a Front hex (the Refused Frontal
// hex) and the Rear hex beside it a Flank hex. See GBACW 7.12, 7.34.
func (s *State) unitArc(u *UnitSt, other hex.Axial) Arc {
	return s.unitArcAt(u, u.Hex, other)
}

// unitArcAt is unitArc around the unit's hex h, an Extended Line's part
// facing as its counter, with the refusal bending it there (8.44).
func (s *State) unitArcAt(u *UnitSt, h string, other hex.Axial) Arc {
	at := s.axial(h)
	if s.ordersOf(u) == March {
		return sideArc(at, u.Facing, other)
	}
	rf, rfl, refused := s.refusedDirAt(u, h)
	facing := s.partFacing(u, h)
	for dir := range 6 {
		if at.Neighbor(dir) != other {
			continue
		}
		rel := mod6(dir - facing)
		switch {
		case rel <= 1, refused && dir == rf:
			return FrontArc
		case refused && dir == rfl, rel == 2 || rel == 5:
			return FlankArc
		}
		return RearArc
	}
	return NotAdjacent
}

// partFacing is the facing of a unit's part in hex h. An Extended
// Column's extension under Advance or Attack Orders faces the part ahead
// of it, its parent or the first extension, across one of that part's
// Rear hexsides, or, where a road bends, the next road hex it follows:
// the unit's own facing when that does so, else the nearer vertex that
// does (8.52, ruling GBACW-R97). Every other part faces as the counter
// (8.44).
func (s *State) partFacing(u *UnitSt, h string) int {
	ahead := ""
	switch {
	case h == "" || h == u.Hex:
	case h == u.ColA:
		ahead = u.Hex
	case h == u.ColB:
		ahead = u.ColA
	}
	if ahead == "" || s.ordersOf(u) == March {
		return u.Facing
	}
	at, to := s.axial(h), s.axial(ahead)
	best := u.Facing
	for v := range 6 {
		if arcOf(at, v, to) == FrontArc && (arcOf(at, best, to) != FrontArc || turns(u.Facing, v) < turns(u.Facing, best)) {
			best = v
		}
	}
	return best
}

// refusedHex is a Refused unit's Refused Frontal hex, or "".
func (s *State) refusedHex(u *UnitSt) string { return s.refusedHexAt(u, u.Hex) }

// refusedHexAt is the Refused Frontal hex of the unit's part at h, or "".
func (s *State) refusedHexAt(u *UnitSt, h string) string {
	if d, _, ok := s.refusedDirAt(u, h); ok {
		return s.hexID(s.axial(h).Neighbor(d))
	}
	return ""
}

// lineEnd is the hex of an Extended Line's end on side (its counter's
// for a unit not extended, or the side without an extension).
func (u *UnitSt) lineEnd(side string) string {
	if side == RefusedLeft && u.ExtLeft != "" {
		return u.ExtLeft
	}
	if side == RefusedRight && u.ExtRight != "" {
		return u.ExtRight
	}
	return u.Hex
}

// refuseSide is the side a unit refuses to bring a hex of its Flank into
// its Front, or "" when the hex is not in its Flank. See GBACW 7.31, 9.61.
func (s *State) refuseSide(u *UnitSt, other hex.Axial) string {
	right, left := s.flankDirs(u.Facing)
	at := s.axial(u.Hex)
	switch other {
	case at.Neighbor(right):
		return RefusedRight
	case at.Neighbor(left):
		return RefusedLeft
	}
	return ""
}

// inFrontalArc reports whether a hex at any range lies within a unit's
// frontal arc: the 120° wedge between its Front hexsides' outer edges,
// traced from the Front hexes (10.16, ruling GBACW-R19).
func inFrontalArc(at hex.Axial, facing int, target hex.Axial) bool {
	if at == target {
		return false
	}
	d := hex.Distance(at, target)
	for _, dir := range []int{facing, facing + 1} {
		if hex.Distance(at.Neighbor(dir), target) < d {
			return true
		}
	}
	// A hex as near the left front hex as the unit's own hex, on the
	// wedge's edge, counts too.
	return hex.Distance(at.Neighbor(facing), target) == d-1 || hex.Distance(at.Neighbor(facing+1), target) == d-1
}

// terrainOf is a hex's terrain on the TEC.
func (s *State) terrainOf(cc *CombatCharts, id string) Terrain {
	k, ok := s.g.terrain[id]
	if !ok {
		return Terrain{}
	}
	t, _ := cc.Terrain(k)
	return t
}

// onRoad reports whether two adjacent hexes are consecutive on a road or
// pike (9.45: the benefit needs entry from a connected hex).
func (s *State) onRoad(a, b string) bool {
	for _, r := range s.m.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			if (r.Hexes[i-1] == a && r.Hexes[i] == b) || (r.Hexes[i-1] == b && r.Hexes[i] == a) {
				return true
			}
		}
	}
	return false
}

// moveCost is the MP cost for a unit to enter hex b from a under its
// Orders, in half MPs, or 0 when it may not: the pike or road rate, or the
// hex's cost (halved along a trail), plus the hexside's (hexsides.go). See
// GBACW 9.41-9.45, 9.13 Note and the Orders Comparison Chart (6.11).
func (s *State) moveCost(cc *CombatCharts, u *UnitSt, o Orders, a, b string) int {
	c := s.enterCost(cc, u, o, a, b)
	if c == 0 {
		return 0
	}
	return c + s.breastworksCost(cc, u, a, b) // 15.22: whatever the road
}

// enterCost is the cost of the hex entered, by road or terrain.
func (s *State) enterCost(cc *CombatCharts, u *UnitSt, o Orders, a, b string) int {
	if s.closedPartial(b) || s.enemyEntrance(b, u.Side) {
		return 0
	}
	return s.groundCost(cc, u, o, a, b)
}

// groundCost is the cost of the hex entered, by road or terrain, whoever
// holds it, in half MPs, or 0 when the ground bars the unit.
func (s *State) groundCost(cc *CombatCharts, u *UnitSt, o Orders, a, b string) int {
	way := s.wayFor(u, o, a, b)
	cross := s.crossCost(cc, u, u.Kind, o == Attack, way, a, b)
	if cross < 0 {
		return 0
	}
	if way == "pike" || way == "road" {
		if o == March {
			return 1 + 2*cross // ½ MP (6.11)
		}
		return 2 + 2*cross
	}
	if mp := s.hexRate(cc, u, o, way, b); mp > 0 {
		return 2 * (mp + cross)
	}
	return 0
}

// hexRate is the whole MPs a unit pays for hex b's terrain under its
// Orders, halved along a trail (9.44), or 0 when it may not enter.
func (s *State) hexRate(cc *CombatCharts, u *UnitSt, o Orders, way, b string) int {
	t := s.terrainOf(cc, b)
	mp := t.Infantry
	switch u.Kind {
	case "cavalry":
		mp = t.Cavalry
	case "artillery":
		mp = t.Artillery
	}
	if mp <= 0 {
		return 0
	}
	if way == "trail" {
		// 9.44: half the hex's rate, rounded down to at least 1 under
		// March Orders, up under Advance Orders.
		if o == March {
			mp = max(1, mp/2)
		} else {
			mp = (mp + 1) / 2
		}
	}
	return mp
}

// adjacentEnemies lists the enemy combat units adjacent to a hex, hex by
// hex round it, each hex's as enemiesAt gives them. It is asked often (of
// every hex a move considers), so it reads the units once for all six
// hexes rather than once a hex.
func (s *State) adjacentEnemies(h string, side rules.Side) []*UnitSt {
	var ids [6]string
	a := s.axial(h)
	onBoard := false
	for dir := range ids {
		ids[dir] = s.hexID(a.Neighbor(dir))
		onBoard = onBoard || ids[dir] != ""
	}
	if !onBoard {
		return nil
	}
	var in [6][]*UnitSt // the units in each hex
	var line [6]*UnitSt // the Extended Line or Column reaching into it (lineAt)
	for i := range s.Units {
		u := &s.Units[i]
		if !u.onMap() {
			continue
		}
		for dir, id := range ids {
			switch {
			case id == "":
			case u.Hex == id:
				in[dir] = append(in[dir], u)
			case line[dir] == nil && (u.ExtLeft == id || u.ExtRight == id || u.ColA == id || u.ColB == id):
				line[dir] = u
			}
		}
	}
	var out []*UnitSt
	for dir := range ids {
		slices.SortStableFunc(in[dir], func(a, b *UnitSt) int { return a.Stack - b.Stack })
		if l := line[dir]; l != nil && l.combat() && l.Side != side {
			out = append(out, l)
		}
		for _, e := range in[dir] {
			if e.Side != side && e.combat() {
				out = append(out, e)
			}
		}
	}
	return out
}

// nearestEnemy is the nearest enemy combat unit to a hex and its range,
// the first in the state's order on a tie; nil when there is none.
func (s *State) nearestEnemy(h string, side rules.Side) (*UnitSt, int) {
	var best *UnitSt
	bestD := 1 << 30
	a := s.axial(h)
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == side || !e.combat() {
			continue
		}
		if d := hex.Distance(a, s.axial(e.Hex)); d < bestD {
			best, bestD = e, d
		}
	}
	return best, bestD
}

// lineOfSight reports whether two hexes see each other (10.21-10.27):
// the line between their centres is traced both ways round where it runs
// along hexsides, and is blocked if either trace is (10.27), or if it
// leaves the map: it may run along a hexside whose other side is off the
// map, but never through a hex off it (10.21).
func (s *State) lineOfSight(cc *CombatCharts, from, to string) bool {
	a, b := s.axial(from), s.axial(to)
	if a == b {
		return true
	}
	left, right := hex.Line(a, b)
	for i := range left {
		if s.hexID(left[i]) == "" && s.hexID(right[i]) == "" {
			return false // 10.21: not traced off the map
		}
	}
	return !s.traceBlocked(cc, left) && !s.traceBlocked(cc, right)
}

// traceBlocked applies 10.24 to one trace, its ends the two units' hexes
// (units stand at their hexes' base elevation, 10.23 Note 1):
//
//	same levels: an intervening hex higher than both blocks;
//	canopy: a lower Woods hex next to a wooded end blocks unless it is
//	  lower than both ends and the step between the Woods is non-gradual;
//	different levels: a hex higher than the average level blocks when it
//	  is closer to the lower unit, or as close with a non-gradual slope
//	  hexside on the lower unit's side; a hexside halfway, higher than the
//	  average and non-gradual, blocks;
//	the Intervening Hill and Shadow exceptions.
//
// Crests (optional) and units as blockers (10.26) are not applied (ruling
// GBACW-R19).
func (s *State) traceBlocked(cc *CombatCharts, p []hex.Axial) bool {
	n := len(p) - 1
	if n < 2 {
		return false
	}
	ids := make([]string, len(p))
	for i, a := range p {
		ids[i] = s.hexID(a)
		if ids[i] == "" {
			return false // the other side of a hexside on the map's edge (10.21)
		}
	}
	base := func(i int) int { return s.height(cc, ids[i], false) }
	adj := func(i int) int { return s.height(cc, ids[i], true) }
	wooded := func(i int) bool { k := s.g.terrain[ids[i]]; return k == "woods" || k == "town" || k == "cedar" }
	ha, hb := base(0), base(n)
	if s.canopyBlocks(cc, ids, 0, 1, ha, hb) || s.canopyBlocks(cc, ids, n, n-1, ha, hb) {
		return true
	}
	if ha == hb {
		for i := 1; i < n; i++ {
			if adj(i) > ha {
				return true
			}
		}
		return false
	}
	low, hi := 0, n
	if ha > hb {
		low, hi = n, 0
	}
	H, L := base(hi), base(low)
	toward := func(i int) int { // the neighbour of hex i on the lower unit's side
		if low < i {
			return i - 1
		}
		return i + 1
	}
	dist := func(i, j int) int { return max(i-j, j-i) }
	for i := 1; i < n; i++ {
		h := adj(i)
		if 2*h > H+L {
			if dl, dh := dist(i, low), dist(i, hi); dl < dh || dl == dh && s.nonGradual(cc, ids, i, toward(i), L) {
				return true
			}
		}
		// The Intervening Hill Exception: a hex at the higher unit's
		// level with a lower hex between it and the higher unit.
		if base(i) == H {
			for k := i; k != hi; k = k + sign(hi-i) {
				if k != i && base(k) < H {
					return true
				}
			}
		}
		// The Shadow Exception: a higher Woods or Town hex next to an end.
		if wooded(i) && (i == 1 && h > base(0) || i == n-1 && h > base(n)) {
			return true
		}
	}
	if n%2 == 1 {
		m := (n - 1) / 2
		if h1, h2 := adj(m), adj(m+1); h1 != h2 && h1+h2 > H+L && s.nonGradual(cc, ids, m, m+1, L) {
			return true
		}
	}
	if slices.Contains(s.Optional, "10.24") && s.crestBlocks(ids, p, low, hi) {
		return true
	}
	// The Shadow Exception: a steep or sheer hexside next to the lower
	// unit, higher than it, unless every other hexside along the line is
	// as steep or steeper.
	next := 1 // the lower end's neighbour on the trace
	if low == n {
		next = n - 1
	}
	if c := s.slopeClass(ids, low, next); c >= 2 && max(adj(next), base(next)) > L {
		for i := 0; i < n; i++ {
			if i == min(low, next) {
				continue
			}
			if s.slopeClass(ids, i, i+1) < c {
				return true
			}
		}
	}
	return false
}

// crestBlocks is the optional Crests rule (10.24): the ground behind the
// higher unit, along the line carried on past it, descends sooner than
// the ground toward the lower unit (same-level hexes counted both ways
// from the higher unit's hex, exclusive, Woods and Towns not counted), and
// the line beyond crosses no higher hex before a lower one.
func (s *State) crestBlocks(ids []string, p []hex.Axial, low, hi int) bool {
	H := s.baseLevel(ids[hi])
	toward := 0
	for i := hi + sign(low-hi); i != low; i += sign(low - hi) {
		if s.baseLevel(ids[i]) != H {
			break
		}
		toward++
	}
	a, b := p[hi], p[low]
	mirror := hex.Axial{Q: 2*a.Q - b.Q, R: 2*a.R - b.R}
	left, right := hex.Line(a, mirror)
	for _, beyond := range [][]hex.Axial{left, right} {
		n := 0
		for _, x := range beyond[1:] {
			id := s.hexID(x)
			if id == "" {
				n = -1 // the map's edge: no descent seen
				break
			}
			lv := s.baseLevel(id)
			if lv > H {
				n = -1 // a higher hex before any lower one
				break
			}
			if lv < H {
				break
			}
			n++
		}
		if n >= 0 && n < toward {
			return true
		}
	}
	return false
}

// baseLevel is a hex's base elevation.
func (s *State) baseLevel(id string) int {
	if h, ok := s.m.Hex(id); ok {
		return h.Elevation
	}
	return 0
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

// slopeClass is the slope of the hexside between two hexes of a trace: 0
// gradual, 1 Minor, 2 Steep, 3 Sheer; Woods and Town hexsides count as
// Steep (10.23 Note 2).
func (s *State) slopeClass(ids []string, i, j int) int {
	c := s.g.slopes[hexmap.KeyOf(s.axial(ids[i]), s.axial(ids[j]))]
	for _, k := range []int{i, j} {
		if t := s.g.terrain[ids[k]]; (t == "woods" || t == "town") && c < 2 {
			c = 2
		}
	}
	return c
}

// nonGradual: the hexside between hexes i and j of a trace has a slope,
// unless its higher hex is only one level above the lower unit (level L)
// and neither is Woods or Town (10.24 Note 4).
func (s *State) nonGradual(cc *CombatCharts, ids []string, i, j, lower int) bool {
	c := s.slopeClass(ids, i, j)
	if c == 0 {
		return false
	}
	if s.g.slopes[hexmap.KeyOf(s.axial(ids[i]), s.axial(ids[j]))] > 0 {
		if top := max(s.height(cc, ids[i], false), s.height(cc, ids[j], false)); top <= lower+1 {
			return false
		}
	}
	return true
}

// canopyBlocks: a Woods hex e at an end of the trace, and its neighbour w
// on the trace a lower Woods hex, block unless w is lower than both ends
// and the step between them is non-gradual (10.24 Canopy).
func (s *State) canopyBlocks(cc *CombatCharts, ids []string, e, w int, ha, hb int) bool {
	if w <= 0 || w >= len(ids)-1 || s.g.terrain[ids[e]] != "woods" || s.g.terrain[ids[w]] != "woods" {
		return false
	}
	be, bw := s.height(cc, ids[e], false), s.height(cc, ids[w], false)
	if bw >= be {
		return false
	}
	return !(bw < ha && bw < hb && s.g.slopes[hexmap.KeyOf(s.axial(ids[e]), s.axial(ids[w]))] > 0)
}

// height is a hex's level: its base elevation, plus the terrain's height
// when it intervenes (units stand on the ground, 10.23).
func (s *State) height(cc *CombatCharts, id string, intervening bool) int {
	h, ok := s.m.Hex(id)
	if !ok {
		return 0
	}
	if !intervening {
		return h.Elevation
	}
	t, _ := cc.Terrain(h.Terrain)
	return h.Elevation + t.Height
}

// neighbours lists a hex's on-map neighbours in direction order.
func (s *State) neighbours(h string) []string { return s.g.neighbours[h] }

// retreatHex picks the hex a unit retreats into from h, away from the
// enemy at from (12.41-12.44): not holding an enemy unit, not adjacent to
// an enemy when another hex is not, farthest from from; toward the
// nearest friendly unit when the doctrine says FRIENDS (R9). "" when there
// is none: the unit cannot retreat.
func (s *State) retreatHex(cc *CombatCharts, u *UnitSt, h, from string, friends bool) string {
	return s.retreatHexAvoiding(cc, u, h, from, friends, nil)
}

// retreatHexAvoiding is retreatHex never into a hex avoid reports.
func (s *State) retreatHexAvoiding(cc *CombatCharts, u *UnitSt, h, from string, friends bool, avoid func(string) bool) string {
	best, bestScore := "", -1<<30
	fa := s.axial(from)
	var friend string
	if friends {
		friend = s.nearestFriend(u, h)
	}
	for _, n := range s.neighbours(h) {
		if len(s.enemiesAt(n, u.Side)) > 0 || s.terrainOf(cc, n).Infantry == 0 || avoid != nil && avoid(n) {
			continue
		}
		if s.closedPartial(n) || s.uncrossable(cc, h, n) {
			continue // 9.13 Note: no retreat into a partial hex; 12.44
		}
		if hex.Distance(s.axial(n), fa) <= hex.Distance(s.axial(h), fa) {
			continue // a retreat moves away from the enemy (12.43)
		}
		score := 10 * hex.Distance(s.axial(n), fa)
		if len(s.adjacentEnemies(n, u.Side)) > 0 {
			score -= 100 // 12.44: not adjacent to an enemy if it can help it
		}
		if friend != "" {
			score -= 5 * hex.Distance(s.axial(n), s.axial(friend))
		}
		if score > bestScore {
			best, bestScore = n, score
		}
	}
	return best
}

// nearestFriend is the hex of the nearest other friendly unit, or "".
func (s *State) nearestFriend(u *UnitSt, h string) string {
	best, bestD := "", 1<<30
	for i := range s.Units {
		f := &s.Units[i]
		if f == u || f.Side != u.Side || !f.onMap() || f.Hex == h {
			continue
		}
		if d := hex.Distance(s.axial(h), s.axial(f.Hex)); d < bestD {
			best, bestD = f.Hex, d
		}
	}
	return best
}

// stepToward is the neighbour of h that brings a unit nearest to target,
// with a cost it can pay; "" when none is nearer.
func (s *State) stepToward(h, target string, ok func(string) bool) string {
	ta := s.axial(target)
	d0 := hex.Distance(s.axial(h), ta)
	var cands []string
	for _, n := range s.neighbours(h) {
		if hex.Distance(s.axial(n), ta) < d0 && ok(n) {
			cands = append(cands, n)
		}
	}
	if len(cands) == 0 {
		return ""
	}
	slices.Sort(cands)
	return cands[0]
}

package gbacw

import (
	"fmt"
	"strings"

	"galloper/rules/hex"
)

// An Extended Line in action (GBACW 8.44-8.49): moving as one unit and
// pivoting, refusing at its ends, wrapping around an enemy, advancing and
// retreating extended; and an Extended Column retreating extended.

// moveLine moves an Extended Line as one unit (8.44): each step takes
// every part into the hex beside it in one direction, a Front hex of the
// counter; the step costs the dearest hex a part enters. A step to the
// Rear first turns the line about, 180° for 1 MP, its extensions
// changing sides. It stops next to an enemy (9.53). A step into a Flank
// hex halts it: it changes direction by PIVOT (ruling GBACW-R96).
func (r *resolver) moveLine(u *UnitSt, o Orders, target string, path []string) {
	s := r.s
	cc := r.sys.combat
	budget := r.mpLeft(u, o)
	u.LostMP = false
	start := u.Hex
	steps := 0
	defer func() {
		if u.Hex != start {
			r.event("move", "GBACW 8.44", "%s moves in Extended Line from %s to %s, its extensions in %s", u.Name, start, u.Hex, strings.TrimSpace(u.ExtLeft+" "+u.ExtRight))
		}
		r.lateWithdrawalFire() // 10.44 Exception
	}()
	for u.Hex != target && u.combat() {
		var next string
		if path != nil {
			if steps >= len(path) {
				return
			}
			next = path[steps]
		} else if next = s.stepToward(u.Hex, target, func(string) bool { return true }); next == "" {
			return
		}
		dir := -1
		for d := range 6 {
			if s.hexID(s.axial(u.Hex).Neighbor(d)) == next {
				dir = d
			}
		}
		turn := 0
		switch rel := mod6(dir - u.Facing); {
		case dir < 0:
			r.event("move-halted", "GBACW 9.1", "%s halts at %s: %s is not next to it", u.Name, u.Hex, next)
			return
		case rel == 3 || rel == 4:
			turn = 2 // 8.44: 180° for 1 MP
		case rel != 0 && rel != 1:
			// Ruling GBACW-R96: a path never pivots the line; no pivot
			// puts the counter in its own Flank hex.
			r.event("move-halted", "GBACW 8.44", "%s halts at %s: an Extended Line moves only into its Front hexes (8.44); it changes its direction by PIVOT LEFT or RIGHT (ruling GBACW-R96)", u.Name, u.Hex)
			return
		}
		oc := s.occupancy(r.sys.combat, u.Side)
		nearEnemy := false
		for _, p := range u.lineParts() {
			nearEnemy = nearEnemy || oc.nextToEnemy[p.hex]
		}
		cost := 0
		var to []string
		for _, p := range u.lineParts() {
			h := s.hexID(s.axial(p.hex).Neighbor(dir))
			c := 0
			if h != "" {
				c = s.moveCost(cc, u, o, p.hex, h)
			}
			switch {
			case h == "" || c == 0 || oc.enemy[h] || !oc.stackRoom(s, u, h, o):
				r.event("move-halted", "GBACW 8.44", "%s halts at %s: its part in %s may not enter %s", u.Name, u.Hex, p.hex, h)
				return
			case o == Advance && oc.nextToFoot[h], u.Status == StDisordered && oc.nextToEnemy[h]:
				r.event("move-halted", "GBACW 6.15", "%s halts at %s: its part in %s may not move next to the enemy", u.Name, u.Hex, p.hex)
				return
			case nearEnemy && oc.nextToFoot[h] && !(o == Attack && u.Status == StGood):
				// 8.44: with half the line next to the enemy, the other
				// half moves next only to artillery, unless in good order
				// under Attack Orders.
				r.event("move-halted", "GBACW 8.44", "%s halts at %s: half of it is next to the enemy, and its part in %s may not move next to enemy infantry or cavalry", u.Name, u.Hex, p.hex)
				return
			}
			cost = max(cost, c) // 8.44: the dearest hex entered
			to = append(to, h)
		}
		if u.Refused != "" {
			turn += 2 // 7.33: it leaves Refused status to move, 1 MP
		}
		if cost+turn > budget && steps > 0 {
			return
		}
		if u.Refused != "" {
			u.Refused = ""
			r.event("unrefuse", "GBACW 7.33", "%s leaves Refused status (1 MP)", u.Name)
		}
		spBefore, statusBefore, hexBefore := u.SP, u.Status, u.Hex
		r.withdrawalFire(u)
		if !u.combat() || u.Hex != hexBefore {
			return // 10.44: a 2nd Disorder's result instead of moving
		}
		// 10.44: a failed UDD, D or step loss limits the move to one hex.
		withdrawalHurt := u.SP < spBefore || u.Status != statusBefore
		if turn > 0 {
			u.Facing = mod6(u.Facing + 3)
			u.ExtLeft, u.ExtRight = u.ExtRight, u.ExtLeft
			r.event("turn", "GBACW 8.44", "%s turns its Extended Line about, 180° (1 MP)", u.Name)
		}
		budget -= cost + turn
		u.Spent += cost + turn
		from := u.lineParts()
		u.Hex, u.Moved, u.Walked = to[0], true, true
		r.enter(u)
		i := 1
		if u.ExtLeft != "" {
			u.ExtLeft, i = to[i], i+1
		}
		if u.ExtRight != "" {
			u.ExtRight = to[i]
		}
		steps++
		for j, p := range from {
			if !r.terrainDisorder(u, p.hex, to[j]) {
				return // 12.35c
			}
		}
		r.approachFire(u)
		r.reactionFacing(u)
		for _, p := range u.lineParts() {
			if len(s.adjacentEnemies(p.hex, u.Side)) > 0 {
				return // 9.53
			}
		}
		if withdrawalHurt {
			if u.Hex != target {
				r.event("move-halted", "GBACW 10.44", "%s halts at %s: hurt by Withdrawal Fire, it moves one hex only", u.Name, u.Hex)
			}
			return
		}
	}
}

// shiftTo is where each of a spread unit's parts lands one hex in
// direction d, in lineParts' order, or nil when a part may not go there:
// off the map, into an enemy, into another infantry or cavalry unit or
// Extended Line, or into a hex its kind may not enter.
func (s *State) shiftTo(cc *CombatCharts, u *UnitSt, d int) []string {
	var out []string
	for _, p := range u.lineParts() {
		h := s.hexID(s.axial(p.hex).Neighbor(d))
		if h == "" || len(s.enemiesAt(h, u.Side)) > 0 || s.moveCost(cc, u, Attack, p.hex, h) == 0 {
			return nil
		}
		if l := s.lineAt(h); l != nil && l != u {
			return nil
		}
		for _, f := range s.unitsAt(h) {
			if f != u && f.Kind != "artillery" {
				return nil
			}
		}
		out = append(out, h)
	}
	return out
}

// shift moves a spread unit's parts to the hexes shiftTo found.
func (u *UnitSt) shift(to []string) {
	u.Hex = to[0]
	i := 1
	for _, f := range []*string{&u.ExtLeft, &u.ExtRight, &u.ColA, &u.ColB} {
		if *f != "" {
			*f, i = to[i], i+1
		}
	}
}

// advanceLine advances an Extended Line (or Column) into h, the hex next
// to one of its parts, extended: every part steps the same way, facing
// kept. It reports false when a part may not, and the unit must retract
// to advance. See GBACW 8.47.
func (r *resolver) advanceLine(u *UnitSt, h string) bool {
	s := r.s
	for _, p := range u.lineParts() {
		for d := range 6 {
			if s.hexID(s.axial(p.hex).Neighbor(d)) != h {
				continue
			}
			if u.inColumn() {
				return false // 8.52: a column retracts to advance
			}
			to := s.shiftTo(r.sys.combat, u, d)
			if to == nil {
				return r.advancePivoting(u, p.hex, h)
			}
			from := u.Hex
			u.shift(to)
			r.event("advance", "GBACW 8.47", "%s advances in Extended Line from %s to %s, its extensions in %s", u.Name, from, u.Hex, strings.TrimSpace(u.ExtLeft+" "+u.ExtRight))
			return true
		}
	}
	return false
}

// advancePivoting advances a two-hex Extended Line that cannot advance
// straight by pivoting: its part in from enters h, the other part stays,
// when h is next to it too, and the line faces so that each extension
// keeps its side (8.47: "as if using Wrap-Around", 8.48). It reports false
// when it cannot.
func (r *resolver) advancePivoting(u *UnitSt, from, h string) bool {
	s := r.s
	parts := u.lineParts()
	if len(parts) != 2 {
		return false
	}
	stay := parts[0].hex
	if stay == from {
		stay = parts[1].hex
	}
	if s.m.Distance(stay, h) != 1 || !s.stackRoom(u, h, s.ordersOf(u)) || len(s.enemiesAt(h, u.Side)) > 0 {
		return false
	}
	was := u.Hex
	switch from {
	case u.Hex:
		u.Hex = h
	case u.ExtLeft:
		u.ExtLeft = h
	default:
		u.ExtRight = h
	}
	r.refaceLine(u)
	r.event("advance", "GBACW 8.47", "%s advances in Extended Line by pivoting on %s: its counter from %s to %s, its extensions in %s", u.Name, stay, was, u.Hex, strings.TrimSpace(u.ExtLeft+" "+u.ExtRight))
	return true
}

// retreatLine retreats a spread unit one hex, extended: every part steps
// the same way, away from the enemy at from, facing kept, not into a
// hex next to an enemy when another will do. It reports false when no
// way will do, and the unit must retract. See GBACW 8.47, 8.5.
func (r *resolver) retreatLine(u *UnitSt, from string) bool {
	s := r.s
	fa := s.axial(from)
	best, bestScore := -1, -1<<30
	var bestTo []string
	for d := range 6 {
		to := s.shiftTo(r.sys.combat, u, d)
		if to == nil || hex.Distance(s.axial(to[0]), fa) <= hex.Distance(s.axial(u.Hex), fa) {
			continue
		}
		score := 10 * hex.Distance(s.axial(to[0]), fa)
		for _, h := range to {
			if len(s.adjacentEnemies(h, u.Side)) > 0 {
				score -= 100
			}
		}
		if score > bestScore {
			best, bestScore, bestTo = d, score, to
		}
	}
	if best < 0 {
		return false
	}
	was := u.Hex
	u.shift(bestTo)
	u.Refused = ""
	what := "Extended Line"
	if u.inColumn() {
		what = "Extended Column"
	}
	r.event("retreat", "GBACW 8.47", "%s retreats in %s from %s to %s", u.Name, what, was, u.Hex)
	return true
}

// pivot wheels an Extended Line 60° on its left or right end (8.44): the
// end stays, the other parts swing forward, the far end of a three-hex
// line two hexes; the line pays the dearest hex it pivots into, 1 MP
// more into a Woods hex under Attack Orders; its facing turns one vertex
// with it, and artillery stacked with the pivoting end turns too. The
// hexes pivoted into must be free of enemies and other infantry and
// cavalry, and under Advance Orders not next to enemy infantry or
// cavalry (6.15); the line stops next to an enemy (9.53).
func (r *resolver) pivot(u *UnitSt, end string, stand bool) {
	s := r.s
	cc := r.sys.combat
	o := s.ordersOf(u)
	if stand || !u.extended() {
		if !u.extended() && !stand {
			r.event("no-pivot", "GBACW 8.44", "%s is not in Extended Line and does not pivot", u.Name)
		}
		return
	}
	if u.Fired && o != Attack || len(s.adjacentEnemies(u.Hex, u.Side)) > 0 && u.Moved {
		return
	}
	pivotHex := u.ExtLeft
	if end == "RIGHT" {
		pivotHex = u.ExtRight
	}
	if pivotHex == "" {
		pivotHex = u.Hex // a two-hex line's other end is its counter
	}
	pa := s.axial(pivotHex)
	rotate := func(a hex.Axial, cw bool) hex.Axial {
		q, rr := a.Q-pa.Q, a.R-pa.R
		if cw {
			q, rr = -rr, q+rr
		} else {
			q, rr = q+rr, -q
		}
		return hex.Axial{Q: pa.Q + q, R: pa.R + rr}
	}
	parts := u.lineParts()
	var to []string
	for _, cw := range []bool{true, false} {
		to = to[:0]
		forward := true
		for _, p := range parts {
			a := s.axial(p.hex)
			na := rotate(a, cw)
			to = append(to, s.hexID(na))
			if p.hex != pivotHex && hex.Distance(a, pa) == 1 && arcOf(a, u.Facing, na) != FrontArc {
				forward = false
			}
		}
		if forward {
			break
		}
		to = nil
	}
	no := func(why string) { r.event("no-pivot", "GBACW 8.44", "%s may not pivot: %s", u.Name, why) }
	if to == nil {
		no("no wheel brings its end forward")
		return
	}
	oc := s.occupancy(r.sys.combat, u.Side)
	cost := 0
	for i, p := range parts {
		h := to[i]
		if p.hex == h {
			continue
		}
		c := 0
		if h != "" {
			c = s.moveCost(cc, u, Attack, p.hex, h)
		}
		switch {
		case h == "" || c == 0 || oc.enemy[h] || !oc.stackRoom(s, u, h, o):
			no(fmt.Sprintf("its part in %s may not enter %s", p.hex, h))
			return
		case o == Advance && oc.nextToFoot[h], u.Status == StDisordered && oc.nextToEnemy[h]:
			no(fmt.Sprintf("its part in %s may not move next to the enemy", p.hex))
			return
		}
		if o == Attack && s.g.terrain[h] == "woods" {
			c += 2 // 8.44: 1 MP more into a Woods hex under Attack Orders
		}
		cost = max(cost, c)
	}
	if u.Refused != "" {
		cost += 2 // 7.33: it leaves Refused status to change facing
	}
	if cost > r.mpLeft(u, o) && u.Moved {
		no("it has not the MPs (" + halfMP(cost) + ")")
		return
	}
	u.Refused = ""
	defer r.lateWithdrawalFire() // 10.44 Exception
	r.withdrawalFire(u)
	if !u.combat() {
		return
	}
	old := u.Hex
	u.shift(to)
	r.refaceLine(u)                  // each extension keeps its side (8.44)
	r.turnLineArtillery(u, u.Facing) // 8.44: artillery in the hexes it holds
	u.Spent += cost
	u.Moved = true
	if u.Hex != old {
		r.enter(u)
	}
	r.event("pivot", "GBACW 8.44", "%s pivots on its %s end in %s (%s): its counter from %s to %s, its extensions in %s", u.Name, strings.ToLower(end), pivotHex, halfMP(cost), old, u.Hex, strings.TrimSpace(u.ExtLeft+" "+u.ExtRight))
	// A pivot is movement: each part that swung into a hex takes its
	// terrain's Disorder check (9.47; 12.35c stops it).
	for i, p := range parts {
		if p.hex != to[i] && !r.terrainDisorder(u, p.hex, to[i]) {
			return
		}
	}
	r.approachFire(u)
	r.reactionFacing(u)
}

// wrapAround is 8.48's Wrap-Around: a two-hex Extended Line in good order,
// not Refused, shocking a one-hex enemy that only one of its parts is
// next to, swings the other part forward one hex round it so that the
// defender's hex is in that part's Front too, for no MPs. The part may not
// start in an enemy's Front hex nor enter one, the hex must be free, the
// swing may bring no other enemy into the line's Front, and it would have
// cost no more than the unit's MA. See GBACW 8.48.
func (r *resolver) wrapAround(u, def *UnitSt, dh string) {
	s := r.s
	cc := r.sys.combat
	o := s.ordersOf(u)
	parts := u.lineParts()
	no := func(why string) {
		r.event("no-wrap", "GBACW 8.48", "%s does not wrap around %s: %s", u.Name, def.Name, why)
	}
	switch {
	case len(parts) != 2 || u.Status != StGood || u.Refused != "" || def.spread():
		no("only a two-hex Extended Line in good order, not Refused, wraps around a one-hex enemy")
		return
	}
	var still, swing linePart
	switch {
	case s.m.Distance(parts[0].hex, dh) == 1 && s.m.Distance(parts[1].hex, dh) != 1:
		still, swing = parts[0], parts[1]
	case s.m.Distance(parts[1].hex, dh) == 1 && s.m.Distance(parts[0].hex, dh) != 1:
		still, swing = parts[1], parts[0]
	default:
		no("both its parts are next to the enemy")
		return
	}
	inEnemyFront := func(h string) bool {
		for _, e := range s.adjacentEnemies(h, u.Side) {
			if e.Hex != "" && s.m.Distance(e.Hex, h) == 1 && s.unitArc(e, s.axial(h)) == FrontArc {
				return true
			}
		}
		return false
	}
	if inEnemyFront(swing.hex) {
		no("the part to move is in an enemy's Front hex")
		return
	}
	var to string
	for _, n := range s.neighbours(still.hex) {
		if n != swing.hex && s.m.Distance(n, swing.hex) == 1 && s.m.Distance(n, dh) == 1 {
			to = n
		}
	}
	ful := u.MA
	if o == Attack {
		ful = (ful + 1) / 2
	}
	c := 0
	if to != "" {
		c = s.moveCost(cc, u, Attack, swing.hex, to)
	}
	switch {
	case to == "" || c == 0 || len(s.enemiesAt(to, u.Side)) > 0 || !s.stackRoom(u, to, o):
		no("the hex it would swing into is not free")
		return
	case inEnemyFront(to):
		no(to + " is in another enemy's Front")
		return
	case c > 2*ful:
		no("the move would cost more than its MA")
		return
	}
	was := *u
	if swing.hex == u.Hex {
		u.Hex = to
	} else if u.ExtLeft == swing.hex {
		u.ExtLeft = to
	} else {
		u.ExtRight = to
	}
	r.refaceLine(u)
	ok := arcOf(s.axial(to), u.Facing, s.axial(dh)) == FrontArc
	for _, p := range u.lineParts() {
		for _, n := range s.neighbours(p.hex) {
			if n != dh && arcOf(s.axial(p.hex), u.Facing, s.axial(n)) == FrontArc && len(s.enemiesAt(n, u.Side)) > 0 {
				ok = false // no other enemy in its Front
			}
		}
	}
	if !ok {
		*u = was
		no("the swing would not bring the defender, and only it, into its Front")
		return
	}
	u.Wrapped = true
	r.event("wrap-around", "GBACW 8.48", "%s wraps around %s: its part in %s swings into %s", u.Name, def.Name, swing.hex, to)
}

// refaceLine faces an Extended Line so that each extension is on its own
// side of the counter (8.44).
func (r *resolver) refaceLine(u *UnitSt) {
	s := r.s
	side := u.ExtLeft
	if side == "" {
		side = u.ExtRight
	}
	dirOf := -1
	for d := range 6 {
		if s.hexID(s.axial(u.Hex).Neighbor(d)) == side {
			dirOf = d
		}
	}
	for v := range 6 {
		right, left := s.flankDirs(v)
		if u.ExtLeft != "" && left == dirOf || u.ExtLeft == "" && right == dirOf {
			u.Facing = v
			return
		}
	}
}

// wrapPosition is the position of a shock by a line that wrapped around:
// through the defender's Front and its Flank or Rear at once counts as
// such (11.44), else the worst single position. See GBACW 8.48.
func (s *State) wrapPosition(u, d *UnitSt, dh string) Position {
	arcs := map[Arc]bool{}
	for _, p := range u.lineParts() {
		if s.m.Distance(p.hex, dh) == 1 {
			arcs[s.unitArc(d, s.axial(p.hex))] = true
		}
	}
	return positionOfArcs(arcs)
}

// positionOfArcs is the Position of an attack from hexes in these arcs of
// the defender: from its Front and its Flank or Rear at once the
// combination, else the worst single one (11.44).
func positionOfArcs(arcs map[Arc]bool) Position {
	switch {
	case arcs[FrontArc] && (arcs[FlankArc] || arcs[RearArc]):
		return FrontAndFlankOrRear
	case arcs[RearArc]:
		return RearAttack
	case arcs[FlankArc]:
		return FlankAttack
	}
	return Frontal
}

// refuseLine is an Extended Line's REFUSE: its end on that side bends
// back, each end judged for itself (7.31-7.32, 8.44); refused at one end
// it may refuse the other too, and is then Refused both ways. See ruling
// GBACW-R34.
func (r *resolver) refuseLine(u *UnitSt, side string, stand bool) {
	s := r.s
	o := s.ordersOf(u)
	end := u.lineEnd(side)
	sp := 0
	for _, p := range u.lineParts() {
		if p.hex == end {
			sp = p.sp
		}
	}
	already := u.Refused == side || u.Refused == RefusedBoth
	switch {
	case stand || u.Fired && o != Attack || already:
		return
	case len(s.adjacentEnemies(end, u.Side)) > 0:
		r.event("no-refuse", "GBACW 7.32", "%s's end in %s is next to an enemy and may not Refuse but in reaction", u.Name, end)
	case sp < 3:
		r.event("no-refuse", "GBACW 7.32", "%s has fewer than 3 SPs in %s and may not Refuse", u.Name, end)
	case s.refusePosition(u, side) != "":
		r.event("no-refuse", "GBACW 7.31", "%s may not Refuse: %s", u.Name, s.refusePosition(u, side))
	case r.mpLeft(u, o) < 2:
		r.event("no-refuse", "GBACW 7.32", "%s has not the MP to Refuse", u.Name)
	default:
		u.Refused = bothWays(u.Refused, side)
		u.Spent += 2
		u.Moved = true
		r.event("refuse", "GBACW 8.44", "%s refuses the %s end of its Extended Line, in %s (1 MP)", u.Name, map[string]string{RefusedLeft: "left", RefusedRight: "right"}[side], end)
	}
}

// bothWays adds a refusal on side to a unit's refusal: an Extended Line
// refused at one end and then at the other is Refused both ways (8.44).
func bothWays(was, side string) string {
	if was != "" && was != side {
		return RefusedBoth
	}
	return side
}

// refuseSideOf is the side a unit refuses to bring hex other into its
// Front: for an Extended Line, other must be the outer Flank hex of its
// end on that side (8.44); "" when none. See GBACW 7.31, 9.61.
func (s *State) refuseSideOf(u *UnitSt, other hex.Axial) string {
	if !u.extended() {
		return s.refuseSide(u, other)
	}
	right, left := s.flankDirs(u.Facing)
	switch other {
	case s.axial(u.lineEnd(RefusedRight)).Neighbor(right):
		return RefusedRight
	case s.axial(u.lineEnd(RefusedLeft)).Neighbor(left):
		return RefusedLeft
	}
	return ""
}

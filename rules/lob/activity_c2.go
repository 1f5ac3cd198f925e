package lob

import (
	"fmt"
	"slices"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/lob/lobtext"
)

// skedaddles starts the Skedaddles of this Activity Phase: those the
// player declares and those forced since the last one (LoB 10.9).
func (r *resolver) skedaddles(f *orders.File) {
	defer r.surrenders(f)
	declared := map[string]string{}
	for _, d := range directives(f, "SKEDADDLE") {
		if c := r.s.commandByAnyName(d.Who); c != nil {
			declared[c.Name] = d.Target
			if r.s.cmdStatus(c.Name).Skedaddle == "" {
				r.add("skedaddle-declared", "LoB 10.9", "%s declares a Skedaddle", c.Name)
				r.s.cmdState(c.Name).SkedaddleDue = true
			}
		}
	}
	for _, c := range r.s.scn.commands() {
		if c.Side == r.side && r.s.cmdStatus(c.Name).SkedaddleDue {
			r.startSkedaddle(c, declared[c.Name])
		}
	}
}

// withdrawals pulls back the units of stopped divisions (LoB 10.7b) to
// where enemy Small Arms cannot reach them; the rule's "assume unlimited
// daytime visibility" is met by ignoring line of sight (R-C2-4).
func (r *resolver) withdrawals() {
	for _, c := range r.s.scn.commands() {
		st := r.s.cmdStatus(c.Name)
		if c.Side != r.side || !st.Withdraw {
			continue
		}
		safe := true
		for _, u := range c.units() {
			p := r.s.piece(u.Name)
			if p.Unit.Eliminated || p.OffMap || !r.s.enemySmallArmsWithin(r.s.enemyOf(r.side), p.Hex) {
				continue
			}
			from := p.Hex
			r.pullBack(p)
			if p.Hex == from {
				r.add("fluke-withdrawal", "LoB 10.7b", "%s of stopped %s cannot pull back from %s this phase: no step away from the enemy is open to it", p.Name, c.Name, from)
			} else {
				r.addTraced(r.walkedTrace(p), "fluke-withdrawal", "LoB 10.7b", "%s of stopped %s pulls back from %s to %s", p.Name, c.Name, from, p.Hex)
			}
			safe = safe && !r.s.enemySmallArmsWithin(r.s.enemyOf(r.side), p.Hex)
		}
		if safe {
			r.s.cmdState(c.Name).Withdraw = false
			r.add("fluke-withdrawn", "LoB 10.7b", "%s is out of enemy Small Arms range and defends where it stands, as with no orders", c.Name)
		}
	}
}

// pullBack moves a unit back as a Move Activity (LoB 3.0), each step to
// the neighbour farthest from the nearest enemy combat unit (first by hex
// id on ties) that it can pay for within its MA, stopping once out of
// Small Arms range. It never closes on the enemy nor overstacks
// (docs/rulings-lob.md R-C2-M-1).
func (r *resolver) pullBack(p *Piece) {
	if !r.autoMovable(p) {
		return
	}
	m := &r.s.scn.Map
	enemySide := r.s.enemyOf(r.side)
	occ := r.s.occupancy()
	enemy, friends := occ[enemySide], occ[p.Side]
	a := r.autoStack(p)
	ma := r.allowance(a, p)
	r.acted[p.Name] = true // its activity this phase (LoB 2.2)
	mark := len(r.log.Events)
	for !a.stopped && r.err == nil && r.s.enemySmallArmsWithin(enemySide, p.Hex) {
		best, bd := "", r.s.enemyDistance(p.Side, p.Hex)
		for _, id := range m.adjacentHexes(p.Hex) {
			c, ok := r.autoStepCost(p, p.Hex, id, enemy, friends)
			spent := a.spent[p.Name]
			if !ok || spent+c > ma && (spent > 0 || ma == 0) || r.wouldClose(a, p.Hex, id) || r.overstacks(p, id) {
				continue
			}
			if dist := r.s.enemyDistance(p.Side, id); dist > bd || dist == bd && best != "" && id < best {
				best, bd = id, dist
			}
		}
		if best == "" || !r.stepInto(a, best, false) {
			break
		}
	}
	r.foldMoves(mark)
	r.endActivity(a)
}

// radiusChecks applies LoB 10.2f-g to the units that have had no activity
// this phase: a unit out of Command Radius moves back into it, unless it
// is stuck in an EZOC (Skedaddling units leave EZOCs freely, 10.9). A unit
// that had its activity (a script, a close-up, a retreat...) is never
// moved again this phase (2.2): one that marched out of radius stays out
// until its next activity (10.2f; docs/rulings-lob.md R-C2-RAD-1). Posted
// batteries may ignore Command Radius (10.2d, 9.1c); stopped divisions
// withdraw instead.
func (r *resolver) radiusChecks() {
	t := r.s.newTrace(r.side)
	ezoc := r.s.zoc(r.s.enemyOf(r.side))
	links := r.ownLinks()
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		l, ok := links[p.Name]
		if !ok || p.Unit.Eliminated || p.OffMap || p.Unit.Posted != "" || r.s.cmdStatus(l.cmd.Name).Withdraw {
			continue
		}
		if r.acted[p.Name] {
			continue // its activity this phase (LoB 2.2, R-C2-RAD-1)
		}
		in, center := r.s.inRadius(t, p, l)
		if in {
			continue
		}
		sked := r.s.cmdStatus(r.s.skedaddlingOver(l.cmd).Name).Skedaddle != ""
		if ezoc[p.Hex] && !sked {
			r.add("radius-stuck", "LoB 10.2g", "%s is out of Command Radius and stuck in an enemy ZOC at %s: it waits (it may still fire)", p.Name, p.Hex)
			continue
		}
		from, cut := p.Hex, r.s.radiusCut(t, p, l)
		r.backIntoRadius(t, p, l, center)
		rule := "LoB 10.2g"
		if sked {
			rule = "LoB 10.9"
		}
		if p.Unit.Eliminated {
			continue // lost in an EZOC on the way (LoB 10.9, 6.3e)
		}
		if p.Hex == from {
			r.add("radius-stuck", rule, "%s is out of Command Radius of %s%s and cannot move back from %s this phase: %s", p.Name, l.cmd.Name, cut, from, r.whyStuck(p))
			continue
		}
		r.addTraced(r.walkedTrace(p), "radius-return", rule, "%s is out of Command Radius of %s%s: it moves back from %s to %s with a Move Activity and may not Charge", p.Name, l.cmd.Name, cut, from, p.Hex)
	}
}

// backIntoRadius walks a unit toward its radius center as a Move
// Activity (LoB 10.2g): along its cheapest legal path, paying the Terrain
// Effects costs within its MA (3.0), stopping as soon as it is in Command
// Radius, on entering an EZOC (3.4) or short of an overstacked hex (3.2).
func (r *resolver) backIntoRadius(t *radiusTrace, p *Piece, l radiusLink, center string) {
	path := r.autoPath(p, center)
	if len(path) == 0 {
		return
	}
	r.autoMove(p, path, func(h string) bool {
		from := p.Hex
		r.s.setHex(p, h)
		in, _ := r.s.inRadius(t, p, l)
		r.s.setHex(p, from)
		return in
	})
}

// whyStuck says why an automatic move left a unit where it was.
func (r *resolver) whyStuck(p *Piece) string {
	switch {
	case r.s.marker(p.Hex).Morale == MoraleRouted:
		return "it is Routed, and LoB 3.0e lets Routed units make no normal move"
	case p.Unit.Formation == "unlimbered":
		return "it is Unlimbered and must Limber first, as LoB 3.6a provides"
	}
	return "no step it may take leads back"
}

// autoStack is the acting stack of one unit Galloper moves by itself: a
// close-up, a return to radius, a withdrawal (LoB 10.2g, 10.7b). It moves
// by the activity engine's steps, as a Move Activity would (3.0).
func (r *resolver) autoStack(p *Piece) *actingStack {
	return &actingStack{script: &lobtext.Stack{}, units: []*Piece{p}, hex: p.Hex, start: p.Hex,
		spent: map[string]MP{}, faced: map[string]bool{}, morale: r.s.marker(p.Hex).Morale}
}

// autoBoard is what a side's automatic moves read of the position: the
// hexes enemy and friendly combat units hold, and the enemy's ZOC.
type autoBoard struct{ enemy, friends, ezoc map[string]bool }

// board reads the position for a side's automatic moves. It holds until
// a counter moves.
func (r *resolver) board(side rules.Side) autoBoard {
	occ := r.s.occupancy()
	return autoBoard{enemy: occ[r.s.enemyOf(side)], friends: occ[side], ezoc: r.s.zoc(r.s.enemyOf(side))}
}

// autoCost is the cost function of a unit's automatic moves, in half
// MPs (autoStepCost).
func (r *resolver) autoCost(p *Piece) hex.CostFunc {
	occ := r.s.occupancy()
	return r.autoCostOn(p, autoBoard{enemy: occ[r.s.enemyOf(p.Side)], friends: occ[p.Side]})
}

// autoCostOn is autoCost on a board read beforehand.
func (r *resolver) autoCostOn(p *Piece, b autoBoard) hex.CostFunc {
	m := &r.s.scn.Map
	return func(x, y hex.Axial) int {
		if !m.onMap(y) {
			return -1
		}
		c, ok := r.autoStepCost(p, m.hexID(x.ToOffset()), m.hexID(y.ToOffset()), b.enemy, b.friends)
		if !ok {
			return -1
		}
		return max(1, int(c)) // a search step costs something
	}
}

// autoMovable reports whether Galloper moves a unit by itself: a combat
// unit that is not Unlimbered (it must Limber first, LoB 3.6a, a formation
// change only the player orders) nor Routed (3.0e).
func (r *resolver) autoMovable(p *Piece) bool {
	return p.Unit != nil && !p.Unit.Eliminated && !p.OffMap && p.Unit.Formation != "unlimbered" &&
		r.s.marker(p.Hex).Morale != MoraleRouted
}

// autoStepCost is a unit's cost to step between adjacent hexes in an
// automatic move: the Terrain Effects cost for its formation, by road
// where Road Movement applies (LoB 3.0, 3.0a); enemy-occupied hexes
// (3.0b) and terrain prohibited to the formation cannot be entered.
func (r *resolver) autoStepCost(p *Piece, from, to string, enemy, friends map[string]bool) (MP, bool) {
	if enemy[to] {
		return 0, false
	}
	c, ok := r.enterCost(p, from, to, r.autoRoad(p, from, to, friends))
	if !ok || c.Prohibited || c.Unusable {
		return 0, false
	}
	return c.MP, true
}

// autoRoad reports whether a lone unit's step may use Road Movement (LoB
// 3.0a): along a road, into a hex without friendly combat units, in a
// formation with a road cost.
func (r *resolver) autoRoad(p *Piece, from, to string, friends map[string]bool) bool {
	rt := r.roadType(from, to)
	if rt == "" || friends[to] {
		return false
	}
	c, err := r.s.charts.field.RoadCost(movementColumn(p), rt)
	return err == nil && !c.Unusable && !c.Prohibited
}

// autoPath is a unit's cheapest legal path (not counting its own hex) to a
// hex, or nil when there is none.
func (r *resolver) autoPath(p *Piece, to string) []string {
	return r.autoPathBy(p, to, r.autoCost(p))
}

// autoPathBy is autoPath with the cost function given.
func (r *resolver) autoPathBy(p *Piece, to string, cost hex.CostFunc) []string {
	if !r.autoMovable(p) {
		return nil
	}
	m := &r.s.scn.Map
	path, _, ok := hex.Path(m.axial(p.Hex), m.axial(to), cost)
	if !ok || len(path) < 2 {
		return nil
	}
	out := make([]string, 0, len(path)-1)
	for _, a := range path[1:] {
		out = append(out, m.hexID(a.ToOffset()))
	}
	return out
}

// autoMove moves a unit along a path as a Move Activity (LoB 3.0): it
// stops where done says it has arrived, when its MA is spent (a one hex
// move allowed, 3.0c), on entering an EZOC (3.4) and, where that hex
// would be over the stacking limit, one hex short of it (3.2a), and short
// of any hex that would need a Closing Roll (3.5, wouldClose). Every step
// is the activity engine's (stepInto); the step-by-step "move" events
// fold into the one the caller reports, with the MPs spent it returns.
// The unit has had its activity this phase (2.2). See
// docs/rulings-lob.md R-C2-M-1.
func (r *resolver) autoMove(p *Piece, path []string, done func(string) bool) string {
	return r.autoMoveCapped(p, path, done, -1)
}

// autoMoveCapped is autoMove with the unit's MA cut to most (none when
// negative), as a Road Column's pace (LoB 12.3b).
func (r *resolver) autoMoveCapped(p *Piece, path []string, done func(string) bool, most MP) string {
	if r.err != nil || len(path) == 0 {
		return ""
	}
	a := r.autoStack(p)
	end := r.autoReach(a, path, done, most)
	for end >= 0 && r.overstacks(p, path[end]) {
		end--
	}
	r.acted[p.Name] = true // its activity this phase (LoB 2.2)
	mark := len(r.log.Events)
	for i := 0; i <= end && !a.stopped; i++ {
		if !r.stepInto(a, path[i], i == end) {
			break
		}
	}
	r.foldMoves(mark)
	r.endActivity(a)
	return a.spentText(nil)
}

// foldMoves takes the step-by-step "move" events from mark on out of the
// log, to be told in one event by the caller of an automatic move, and
// keeps the path they walked for its trace (walkedTrace).
func (r *resolver) foldMoves(mark int) {
	r.walked = r.walked[:0]
	kept := r.log.Events[:mark]
	for _, e := range r.log.Events[mark:] {
		switch {
		case e.Kind != "move":
			kept = append(kept, e)
		case e.Trace != nil && len(r.walked) == 0:
			r.walked = append(r.walked, e.Trace.Hexes...)
		case e.Trace != nil:
			r.walked = append(r.walked, e.Trace.Hexes[1:]...)
		}
	}
	r.log.Events = kept
}

// walkedTrace is the trace of p's last automatic move (foldMoves).
func (r *resolver) walkedTrace(p *Piece) rules.Trace {
	return rules.Trace{Kind: rules.TraceMove, Side: p.Side, Label: p.Name, Hexes: slices.Clone(r.walked)}
}

// autoReach is the index of the last hex of path the unit would stop in:
// where done holds, where its MPs run out, or the first EZOC hex; a
// Skedaddling unit goes on through EZOC hexes it may enter and stops
// short of the others (LoB 10.9, docs/rulings-lob.md R-C2-SK-1).
func (r *resolver) autoReach(a *actingStack, path []string, done func(string) bool, most MP) int {
	return r.autoReachOn(a, path, done, most, r.board(a.units[0].Side))
}

// autoReachOn is autoReach on a board read beforehand.
func (r *resolver) autoReachOn(a *actingStack, path []string, done func(string) bool, most MP, b autoBoard) int {
	p := a.units[0]
	ma := r.allowance(a, p)
	if most >= 0 {
		ma = min(ma, most)
	}
	enemy, friends, ezoc := b.enemy, b.friends, b.ezoc
	free := r.zocFree(a)
	spent, from := MP(0), p.Hex
	for i, h := range path {
		c, ok := r.autoStepCost(p, from, h, enemy, friends)
		if !ok {
			return i - 1
		}
		if r.wouldClose(a, from, h) || r.skedaddleBlocks(a, from, h, spent, i == len(path)-1) {
			return i - 1
		}
		if spent+c > ma {
			if i == 0 && ma > 0 {
				return 0 // LoB 3.0c: a one hex move
			}
			return i - 1
		}
		spent, from = spent+c, h
		if done != nil && done(h) || ezoc[h] && !free {
			return i
		}
	}
	return len(path) - 1
}

// wouldClose reports whether a unit's step would need a Closing Roll (LoB
// 3.5): into a hex next to enemy combat units where 3.5a does not waive
// it, or one it would fail automatically (DG, Wrecked). An automatic move
// stops short of it: closing on the enemy is the player's choice, made in
// an activity script (docs/rulings-lob.md R-C2-M-1).
func (r *resolver) wouldClose(a *actingStack, from, to string) bool {
	enemies := r.adjacentEnemies(to)
	if len(enemies) == 0 {
		return false
	}
	if r.noClosingRollEver(a, enemies) != "" {
		return false
	}
	p := a.units[0]
	if u := r.s.scn.unit(p.Name); u != nil && u.Wrecked(p.Unit.SP) || r.autoFail(a) != "" {
		return true
	}
	at := *a
	at.hex = from
	why, _ := r.noClosingRoll(&at, to, enemies)
	return why == ""
}

// overstacks reports whether a unit entering a hex would put it over the
// stacking limit (LoB 3.2a).
func (r *resolver) overstacks(p *Piece, h string) bool {
	sp := p.Unit.SP
	for _, q := range r.s.combatUnitsIn(h) {
		if q != p {
			sp += q.Unit.SP
		}
	}
	return sp > stackingLimit
}

// wagons moves Wagons given a destination by their owning leader (LoB
// 8.1c), and those of a Skedaddling Command after its HQ (10.9), by the
// Wagon movement rules of wagons.go.
func (r *resolver) wagons(f *orders.File) {
	following := map[string]string{} // Wagons following a Skedaddle, to their Command
	for _, w := range r.s.scn.side(r.side).Wagons {
		if c := r.s.scn.command(w.Command); c != nil && r.s.cmdStatus(c.Name).Skedaddle != "" {
			following[w.Name] = c.Name
		}
	}
	for _, d := range directives(f, "WAGON") {
		if c, ok := following[r.s.piece(d.Who).Name]; ok {
			r.add("wagon-order-dropped", "LoB 10.9", "%s follows the Skedaddle of %s this phase, not its order to %s", r.s.piece(d.Who).Name, c, d.Target)
			continue
		}
		r.wagonToward(r.s.piece(d.Who), d.Target, "LoB 8.1c")
	}
	for _, w := range r.s.scn.side(r.side).Wagons {
		if c, ok := following[w.Name]; ok {
			r.wagonToward(r.s.piece(w.Name), r.s.hqHex(r.s.scn.command(c)), "LoB 10.9")
		}
	}
}

// drift applies Sound of the Guns (LoB 12.5): before each brigade of a
// Command under an Attack order moves, if its line of march is not
// straight at the nearest enemy combat unit, one die must be at most the
// brigade's and the division's Command Values added, or it attacks
// toward the nearest enemy instead this turn (soundOfTheGuns). A brigade
// that passes goes on as ordered, so it may zigzag from turn to turn.
func (r *resolver) drift(c *Command, o *Order) {
	if !r.s.optional("12.5") || o.Type != "ATTACK" {
		return
	}
	m := &r.s.scn.Map
	div, _ := r.s.commander(c)
	for i := range c.Brigades {
		b := &c.Brigades[i]
		name, h, ok := r.s.brigadeHead(b)
		if !ok {
			continue
		}
		at := *h
		enemy := r.s.nearestEnemy(c.Side, at)
		if enemy == "" {
			continue
		}
		toObj, _, ok1 := hex.Path(m.axial(at), m.axial(o.Objective), m.unitCost)
		toEnemy, _, ok2 := hex.Path(m.axial(at), m.axial(enemy), m.unitCost)
		if !ok1 || !ok2 || len(toObj) < 2 || len(toEnemy) < 2 || toObj[1] == toEnemy[1] {
			continue
		}
		lead, _ := r.s.leaderData(name) // a Repl is a Zero (LoB 9.1e)
		need := lead.Command + div.Command
		roll := r.log.Roll(6, "LoB 12.5", fmt.Sprintf("Sound of the Guns: %s (needs %d or less)", b.Name, need), r.side)
		if roll <= need {
			r.add("attack-drift", "LoB 12.5", "%s rolls %d (needs %d or less): it keeps to its line of march", b.Name, roll, need)
			continue
		}
		r.add("attack-drift", "LoB 12.5", "%s rolls %d (needs %d or less): it must attack toward the nearest enemy at %s", b.Name, roll, need, enemy)
		r.soundOfTheGuns(b, enemy, name, h)
	}
}

// soundOfTheGuns moves a drifting brigade toward the nearest enemy
// combat unit instead of closing up on its HQ (LoB 12.5): each unit no
// activity script moves goes as an automatic move (R-C2-M-1), out of
// Command Radius if need be, and its leader goes with the unit that ends
// nearest the enemy: the leader heading it now, named and standing at
// the hex given (a Repl after a loss, LoB 9.1b). They have had their move
// this phase (LoB 2.2). See docs/rulings-lob.md R-C2-12-5.
func (r *resolver) soundOfTheGuns(b *Brigade, enemy, leader string, at *string) {
	var lead *Piece
	for _, u := range b.units() {
		p := r.s.piece(u.Name)
		if r.scripted[p.Name] || !r.autoMovable(p) {
			continue
		}
		from := p.Hex
		spent := r.autoMove(p, r.autoPathNext(p, enemy), nil)
		if p.Hex != from {
			r.addTraced(r.walkedTrace(p), "drift-move", "LoB 12.5", "%s moves toward the enemy at %s from %s to %s (%s)", p.Name, enemy, from, p.Hex, spent)
		}
		if lead == nil || r.s.scn.Map.distance(p.Hex, enemy) < r.s.scn.Map.distance(lead.Hex, enemy) {
			lead = p
		}
	}
	if r.scripted[leader] {
		return
	}
	r.acted[leader] = true
	if lead != nil && *at != lead.Hex {
		from := *at
		*at = lead.Hex
		r.s.hexesMoved() // the leader may be a counter
		r.add("drift-move", "LoB 12.5", "%s goes with %s from %s to %s", leader, lead.Name, from, *at)
	}
}

// autoPathNext is a unit's cheapest legal path toward a hex enemy combat
// units hold, ending next to it, or nil.
func (r *resolver) autoPathNext(p *Piece, to string) []string {
	if !r.autoMovable(p) {
		return nil
	}
	m := &r.s.scn.Map
	cost := r.autoCost(p)
	goal := m.axial(to)
	path, _, ok := hex.Path(m.axial(p.Hex), goal, func(a, b hex.Axial) int {
		if b == goal {
			return 1
		}
		return cost(a, b)
	})
	if !ok || len(path) < 3 {
		return nil
	}
	out := make([]string, 0, len(path)-2)
	for _, a := range path[1 : len(path)-1] {
		out = append(out, m.hexID(a.ToOffset()))
	}
	return out
}

// nearestEnemy is the hex of the enemy combat unit nearest a hex (first
// by hex id on ties), or "".
func (s *State) nearestEnemy(side rules.Side, h string) string {
	best, bd := "", 1<<20
	for _, p := range s.doc.Pieces {
		if p.Side == side || p.Unit == nil || p.Unit.Eliminated || p.OffMap {
			continue
		}
		if d := s.scn.Map.distance(p.Hex, h); d < bd || d == bd && p.Hex < best {
			best, bd = p.Hex, d
		}
	}
	return best
}

// columnLength is a Command's Road Column length in hexes (LoB 12.3e):
// each unit's road space (roadSpace) and 6 for each Wagon of the Command.
func (s *State) columnLength(c *Command) int {
	n := 0
	for _, u := range c.units() {
		p := s.piece(u.Name)
		if p.Unit.Eliminated {
			continue
		}
		n += s.roadSpace(p)
	}
	for _, w := range s.scn.side(c.Side).Wagons {
		if w.Command == c.Name {
			n += 6
		}
	}
	return n
}

// followAssociation moves each Artillery Battalion associated with a
// Command, and with no order of its own, after that Command's HQ: it
// "is free to move with the associated Command to wherever they are
// going without an actual hex assignment until they get there" (LoB
// 10.8e part b). Its HQ closes to the Command's HQ by up to a turn's
// cross-country allowance, and its leader goes with it.
func (r *resolver) followAssociation() {
	for _, c := range r.s.scn.commands() {
		st := r.s.cmdStatus(c.Name)
		if c.Side != r.side || c.Level != LevelArtillery || st.Associated == "" || r.s.hasAccepted(c, false) {
			continue
		}
		to := r.s.scn.command(st.Associated)
		hq := r.s.piece(c.HQName())
		from := hq.Hex
		withLeader := r.stacked(c)
		r.closeUp(hq, r.s.hqHex(to), r.s.charts.country)
		if hq.Hex == from {
			continue
		}
		if withLeader {
			r.s.setHex(r.s.commanderPiece(c), hq.Hex) // the leader heading it now (LoB 9.1b, R-C2-LEAD)
		}
		r.add("hq-moved", "LoB 10.8e", "%s HQ moves with %s from %s to %s", c.Name, to.Name, from, hq.Hex)
	}
}

// surrenders applies LoB 10.9d option B: trapped units of a Skedaddling
// Command surrender to the dead pile, where they still count for Loss
// Recovery (9.3).
func (r *resolver) surrenders(f *orders.File) {
	for _, d := range directives(f, "SURRENDER") {
		p := r.s.piece(d.Who)
		p.Unit.Losses += p.Unit.SP
		p.Unit.SP, p.Unit.Eliminated = 0, true
		r.add("unit-surrenders", "LoB 10.9d", "%s, trapped during the Skedaddle, surrenders; it goes to the dead pile", p.Name)
	}
}

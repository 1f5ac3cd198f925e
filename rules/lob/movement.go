package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// Rule numbers the movement rules state in their text.
const (
	// stackingLimit is the most SPs one hex may hold (LoB 3.2a).
	stackingLimit = 16
	// smallStack is the most SPs of a Small stack (LoB 1.8).
	smallStack = 3
)

// movementColumn is the Terrain Effects on Movement Chart column of a
// unit: its formation (LoB 3.0, 3.1d).
func movementColumn(p *Piece) string { return p.Unit.Formation }

// allowance is a unit's MPs for this activity: the MA of its formation
// (LoB 3.0, 3.1b, 3.1c), cut by a Zero brigade leader's roll (9.1e: in a
// Fire Activity too, "an MA 6 unit would have an MA of 3 here and be able
// to move with 2 MPs"), halved for DG (3.0e) and halved again for a Fire
// Activity (2.2).
func (r *resolver) allowance(a *actingStack, p *Piece) MP {
	ma, err := r.s.charts.field.Allowance(movementColumn(p))
	if r.fail(err) {
		return 0
	}
	if b := r.s.unitBrigade(p.Name); b != nil {
		ma = r.zeroScaled(b.Name, ma)
	}
	if a.morale == MoraleDG {
		ma = DGAllowance(ma)
	}
	if a.fire {
		ma = FireActivityMP(ma)
	}
	return ma
}

// moveStack moves the stack along a path, hex by hex (LoB 3.0).
func (r *resolver) moveStack(a *actingStack, path []lobtext.HexRef) {
	for i, h := range path {
		if a.stopped {
			r.add("move-stopped", "LoB 3.0", "%s stays in %s and does not go on to %s", a.names(), a.hex, h.Hex)
			return
		}
		if !r.stepInto(a, h.Hex, i == len(path)-1) {
			a.stopped = true
		}
	}
}

// stepInto moves the stack one hex and reports whether it did.
func (r *resolver) stepInto(a *actingStack, to string, last bool) bool {
	if why, rule := r.moveBarred(a, to, last); why != "" {
		r.add("move-refused", rule, "%s cannot enter %s from %s: %s", a.names(), to, a.hex, why)
		return false
	}
	costs, road, ok := r.stepCosts(a, to)
	if !ok {
		return false
	}
	if road && !r.townTurn(a, to) {
		return false
	}
	if !r.closing(a, to) {
		r.mustSucceed(a)
		return false
	}
	for _, p := range a.units {
		a.spent[p.Name] += costs[p.Name]
	}
	from := a.hex
	a.prev = from
	r.placeStack(a, to)
	a.road = ""
	how := ""
	if road {
		a.road = r.roadName(from, to)
		how = " by road"
	}
	r.addTraced(rules.Trace{Kind: rules.TraceMove, Side: a.units[0].Side, Label: a.names(), Hexes: []string{from, to}},
		"move", "LoB 3.0", "%s moves %s to %s%s (%s)", a.names(), from, to, how, a.spentText(costs))
	r.skedaddleLoss(a, to) // LoB 10.9, skedaddle.go
	if len(a.units) > 0 {
		r.fail(r.captureLoneLeaders(to))
		r.hqsOverrunAt(to)
	}
	r.townDG(a)
	if r.s.inZOC(r.s.enemyOf(r.side), to) && !r.zocFree(a) && !r.freeExiters(a) {
		r.add("ezoc-entered", "LoB 3.4", "%s enters an enemy ZOC at %s and is locked there", a.names(), to)
		a.stopped = true
	}
	return true
}

// moveBarred says why the stack may not step into a hex, with the rule,
// or "" when it may.
func (r *resolver) moveBarred(a *actingStack, to string, last bool) (string, string) {
	m := &r.s.scn.Map
	switch {
	case m.distance(a.hex, to) != 1:
		return "it is not adjacent", "LoB 3.0"
	case r.s.occupied(r.s.enemyOf(r.side), to):
		return "enemy combat units hold it", "LoB 3.0b"
	case a.morale == MoraleRouted && len(a.units) > 0:
		return "Routed units cannot move normally", "LoB 3.0e"
	case a.outOfRadius && !r.endsInRadius(a, to) && (last || !r.towardRadius(a, to)):
		return "out of Command Radius it may only move to re-enter it", "LoB 10.2g"
	}
	if why := r.afterChargeBarred(a, to); why != "" {
		return why, "LoB 7.2e"
	}
	if why := r.skedaddleEZOCBarred(a, to, last); why != "" { // skedaddle.go
		return why, "LoB 10.9"
	}
	if why, rule := r.areaBarred(a, to); why != "" { // areas.go
		return why, rule
	}
	for _, p := range a.units {
		switch {
		case p.Unit.Formation == "unlimbered":
			return p.Name + " is Unlimbered and must Limber first", "LoB 3.6a"
		case !r.throughFront(p, a.hex, to):
			return p.Name + " may move only through its three front hexsides", "LoB 3.3"
		}
	}
	if r.s.inZOC(r.s.enemyOf(r.side), a.hex) && !r.zocFree(a) {
		switch {
		case !r.freeExiters(a):
			return "it is locked in an enemy ZOC", "LoB 3.4"
		case !r.exitFreely(a, to):
			return "Open Order and Mounted units leave an enemy ZOC only toward a hex next to no enemy combat unit", "LoB 9.4e, 9.4h"
		}
	}
	if last && r.unlimberedThere(to) && len(a.units) > 0 {
		return "Unlimbered artillery there cannot stack with other units", "LoB 3.2d"
	}
	return "", ""
}

// mustSucceed returns a stack whose Closing Roll failed in a hex where it
// may not stop (over the stacking limit, or with Unlimbered artillery) to
// the hex it entered that one from (LoB 3.5c).
func (r *resolver) mustSucceed(a *actingStack) {
	if a.prev == "" || len(a.units) == 0 {
		return
	}
	sp := 0
	for _, p := range r.s.combatUnitsIn(a.hex) {
		sp += p.Unit.SP
	}
	if sp <= stackingLimit && !r.unlimberedWith(a) {
		return
	}
	from := a.hex
	r.placeStack(a, a.prev)
	a.prev = ""
	r.add("closing-must-succeed", "LoB 3.5c", "%s may not stop in %s, so it goes back to %s", a.names(), from, a.hex)
}

// unlimberedWith reports whether the stack shares its hex with friendly
// Unlimbered artillery not of the stack (LoB 3.2d).
func (r *resolver) unlimberedWith(a *actingStack) bool {
	for _, p := range r.s.combatUnitsIn(a.hex) {
		if p.Side == r.side && p.Unit.Formation == "unlimbered" && !slices.Contains(a.units, p) {
			return true
		}
	}
	return false
}

// hasFront reports whether a unit has a front and rear (LoB 3.3, 3.3c):
// Line, Open Order and Unlimbered units that are not Routed.
func (s *State) hasFront(p *Piece) bool {
	if s.marker(p.Hex).Morale == MoraleRouted {
		return false
	}
	return slices.Contains(frontFormations, p.Unit.Formation)
}

// throughFront reports whether a step from one hex to the next leaves
// through one of the unit's front hexsides (LoB 3.3); every hexside of an
// Open Order Capable unit is frontal (9.4c).
func (r *resolver) throughFront(p *Piece, from, to string) bool {
	if !r.s.hasFront(p) || r.s.allAroundFront(p) {
		return true
	}
	d := r.s.scn.Map.direction(from, to)
	return frontal(p.Unit.Facing, d)
}

// frontal reports whether hexside direction d is one of the three front
// hexsides of facing f (LoB 3.3).
func frontal(f, d int) bool {
	diff := ((d-f)%6 + 6) % 6
	return diff == 0 || diff == 1 || diff == 5
}

// direction is the hexside direction (0-5) from a hex to an adjacent one,
// or -1.
func (m *Map) direction(from, to string) int {
	a, b := m.axial(from), m.axial(to)
	for d := 0; d < 6; d++ {
		if a.Neighbor(d) == b {
			return d
		}
	}
	return -1
}

// freeExiters reports whether every unit of the stack is Open Order
// Capable or Mounted cavalry, which are not locked in EZOCs but leave them
// under 9.4e #1 (LoB 3.4 #6, 9.4e, 9.4h: Mounted cavalry even when
// stacked).
func (r *resolver) freeExiters(a *actingStack) bool {
	for _, p := range a.units {
		if !r.s.isOpenOrderCapable(p) && !(p.Kind == ArmCavalry && p.Unit.Formation == "mounted") {
			return false
		}
	}
	return len(a.units) > 0
}

// exitFreely reports whether every unit of the stack may leave its EZOC
// hex toward a hex as an Open Order Capable unit: only when that hex is
// next to no enemy combat unit (LoB 9.4e #1; the support rules'
// exitsEZOCFreely).
func (r *resolver) exitFreely(a *actingStack, to string) bool {
	for _, p := range a.units {
		if !r.s.exitsEZOCFreely(p, to) {
			return false
		}
	}
	return len(a.units) > 0
}

// zocFree reports whether the stack may leave or pass EZOCs: artillery
// (LoB 3.4 #3, 3.4c), units whose Command is Skedaddling, Fluke-stopped,
// starts following a new order moving its HQ this turn or has fulfilled
// its order (3.4 #2a-d), everyone on the first full night turn (3.4 #4),
// and a stack moving on after a won Charge (3.4 #5, 7.3c). Open Order
// Capable units and Mounted cavalry (3.4 #6, 9.4h) are not locked either
// but leave under 9.4e #1 (freeExiters, exitFreely).
func (r *resolver) zocFree(a *actingStack) bool {
	if a.charge.won {
		return true // LoB 7.3c
	}
	if r.s.scn.night(r.turn) && !r.s.scn.night(r.turn-1) {
		return true
	}
	links := r.ownLinks()
	for _, p := range a.units {
		if p.Kind == ArmArtillery {
			continue
		}
		if l, ok := links[p.Name]; ok && r.commandUnlocks(l.cmd) {
			continue
		}
		return false
	}
	return true
}

// commandUnlocks reports whether a Command's situation frees its units
// from EZOCs (LoB 3.4 #2): a Skedaddle, a Fluke Stoppage, a new order
// accepted this turn (every order moves the HQ), or its last order
// fulfilled with none accepted since.
func (r *resolver) commandUnlocks(c *Command) bool {
	st := r.s.cmdStatus(c.Name)
	if r.s.inSkedaddle(c) || st.Fluke {
		return true
	}
	fulfilled := false
	for _, o := range r.s.doc.Orders {
		if o.To != c.Name {
			continue
		}
		switch {
		case o.Status == Accepted && o.AcceptedTurn == r.turn:
			return true
		case o.Status == Accepted:
			fulfilled = false
		case o.Status == Ended:
			fulfilled = strings.HasPrefix(o.Why, "fulfilled")
		}
	}
	return fulfilled
}

// stepCosts prices a step for every unit of the stack (LoB 3.0, 3.0a,
// 3.0c) and reports whether it used Road Movement and whether the stack
// can pay. Each unit's expenditure is its own (3.2).
func (r *resolver) stepCosts(a *actingStack, to string) (map[string]MP, bool, bool) {
	road := r.roadStep(a, to)
	costs := map[string]MP{}
	oneHex := !a.fire && a.hex == a.start && !a.moved()
	for _, p := range a.units {
		c, ok := r.enterCost(p, a.hex, to, road)
		if !ok {
			r.add("move-refused", "LoB 3.0", "%s cannot enter %s: the terrain is prohibited to it in %s", p.Name, to, p.Unit.Formation)
			return nil, false, false
		}
		if left := r.allowance(a, p) - a.spent[p.Name]; c.MP > left {
			if oneHex && left > 0 {
				r.add("one-hex-move", "LoB 3.0c", "%s makes a one hex move into %s (cost %s, %s MPs available)", p.Name, to, c.MP, left)
				c.MP = left
			} else {
				r.add("move-refused", "LoB 3.0", "%s has %s MPs left and %s costs %s", p.Name, left, to, c.MP)
				return nil, false, false
			}
		}
		costs[p.Name] = c.MP
	}
	return costs, road, true
}

// roadStep reports whether a step can use Road Movement: along a road
// through the hexside it crosses, by a lone combat unit that does not
// end in a hex of friendly combat units (LoB 3.0a), in a formation whose
// column has a road cost (Line cannot, 3.1e).
func (r *resolver) roadStep(a *actingStack, to string) bool {
	if len(a.units) != 1 || r.roadType(a.hex, to) == "" || r.s.occupied(r.side, to) {
		return false
	}
	c, err := r.s.charts.field.RoadCost(movementColumn(a.units[0]), r.roadType(a.hex, to))
	return !r.fail(err) && !c.Unusable && !c.Prohibited
}

// roadType is the type of the road joining two adjacent hexes, or "".
func (r *resolver) roadType(a, b string) string {
	if rd := r.roadBetween(a, b); rd != nil {
		return rd.Type
	}
	return ""
}

// roadName is the name of the road joining two adjacent hexes, or "".
func (r *resolver) roadName(a, b string) string {
	if rd := r.roadBetween(a, b); rd != nil {
		return rd.Name
	}
	return ""
}

// roadBetween is the road joining two adjacent hexes, or nil.
func (r *resolver) roadBetween(a, b string) *Road {
	for i := range r.s.scn.Map.Roads {
		rd := &r.s.scn.Map.Roads[i]
		for j := 1; j < len(rd.Hexes); j++ {
			if (rd.Hexes[j-1] == a && rd.Hexes[j] == b) || (rd.Hexes[j-1] == b && rd.Hexes[j] == a) {
				return rd
			}
		}
	}
	return nil
}

// intersectionRoll is the die roll (or more) a unit starting its move in a
// Town intersection needs to turn onto a new road (LoB 1.7g).
const intersectionRoll = 4

// townTurn applies the Town Intersection rule to a Road Movement step
// (LoB 1.7g) and reports whether the stack may take it. Turning onto
// another road in a Town hex stops the stack for the phase; a stack that
// begins its move in a Town intersection rolls one die to leave by road,
// 4 or more to go (Galloper cannot know the road it arrived by; see
// docs/rulings-lob.md R-F-9).
func (r *resolver) townTurn(a *actingStack, to string) bool {
	h, _ := r.s.scn.Map.Hex(a.hex)
	if h.Terrain != "town" {
		return true
	}
	next := r.roadName(a.hex, to)
	switch {
	case a.road != "" && a.road != next:
		r.add("town-intersection", "LoB 1.7g", "%s would turn from %s onto %s in the Town hex %s: it stops for the phase", a.names(), a.road, next, a.hex)
		a.stopped = true
		return false
	case a.road == "" && a.hex == a.start && !a.moved() && r.intersection(a.hex):
		die := r.log.Roll(6, "LoB 1.7g", fmt.Sprintf("%s turns at the Town intersection %s", a.names(), a.hex))
		if die < intersectionRoll {
			r.add("town-intersection", "LoB 1.7g", "%s rolls %d at the Town intersection %s: it stands fast", a.names(), die, a.hex)
			a.stopped = true
			return false
		}
		r.add("town-intersection", "LoB 1.7g", "%s rolls %d at the Town intersection %s: it may turn onto %s", a.names(), die, a.hex, next)
	}
	return true
}

// intersection reports whether two or more roads meet in a hex.
func (r *resolver) intersection(h string) bool {
	n := 0
	for _, rd := range r.s.scn.Map.Roads {
		if slices.Contains(rd.Hexes, h) {
			n++
		}
	}
	return n > 1
}

// enterCost is one unit's cost to enter a hex: the road cost, or the hex
// cost plus each hexside feature crossed (LoB 3.0, 1.7d, 1.7h). A bridge
// or ford replaces the water it crosses for a column that can use it;
// Line pays the water instead of a bridge (3.1e).
func (r *resolver) enterCost(p *Piece, from, to string, road bool) (TerrainCost, bool) {
	f := r.s.charts.field
	col := movementColumn(p)
	if road {
		c, err := f.RoadCost(col, r.roadType(from, to))
		return c, !r.fail(err)
	}
	h, _ := r.s.scn.Map.Hex(to)
	terrain := "clear"
	if h.Terrain == "town" {
		terrain = "town" // woods and orchards cost nothing as hexes (LoB 1.7d)
	}
	c, err := f.EnterCost(col, terrain, r.crossedFeatures(col, from, to)...)
	if r.fail(err) {
		return c, false
	}
	return c, !c.Prohibited
}

// movementSides are the hexside kinds with movement costs (LoB 3.0).
var movementSides = []string{SideWoods, SideCreek, SideStream, "river", SideFord, SideBridge}

// crossedFeatures lists the hexside features a step pays for in a column.
func (r *resolver) crossedFeatures(col, from, to string) []string {
	var kinds []string
	crossing := ""
	for _, hs := range r.s.scn.Map.Hexsides {
		if !(hs.A == from && hs.B == to || hs.A == to && hs.B == from) || !slices.Contains(movementSides, hs.Kind) {
			continue
		}
		if hs.Kind == SideFord || hs.Kind == SideBridge {
			crossing = hs.Kind
			continue
		}
		kinds = append(kinds, hs.Kind)
	}
	if crossing == "" {
		return kinds
	}
	if c, err := r.s.charts.field.HexsideCost(col, crossing); !r.fail(err) && !c.Unusable {
		kinds = slices.DeleteFunc(kinds, func(k string) bool { return k == SideCreek || k == SideStream || k == "river" })
		kinds = append(kinds, crossing)
	}
	return kinds
}

// placeStack moves the stack's counters into a hex (LoB 3.0). The hex it
// leaves keeps its Morale State only if units stay there; a stack that
// even passes through a Routed hex is Routed (6.0a).
func (r *resolver) placeStack(a *actingStack, to string) {
	from := a.hex
	for _, p := range append(a.units, a.leaders...) {
		r.s.setHex(p, to)
	}
	a.hex = to
	if !r.s.occupied(r.side, from) {
		r.s.setMorale(from, MoraleNormal)
	}
	if r.s.cbf(from) > 0 && !r.hasArtillery(from) {
		r.s.editMarker(from, func(m *HexMarker) { m.CBF = 0 }) // LoB 5.8d
		r.add("cbf-removed", "LoB 5.8d", "no artillery is left under the CBF marker in %s: it is removed", from)
	}
	if r.s.occupied(r.side, to) && r.s.marker(to).Morale == MoraleRouted && a.morale != MoraleRouted && len(a.units) > 0 {
		a.morale = MoraleRouted
		r.add("morale-adopted", "LoB 6.0a", "%s stacks with Routed units in %s and is Routed", a.names(), to)
	}
}

// joinMorale gives a hex the worse of its Morale State and an arriving
// stack's; anyone who stacks with Routed units is Routed (LoB 6.0a).
func (r *resolver) joinMorale(h string, arriving MoraleMarker) {
	here := r.s.marker(h).Morale
	if moraleRank(arriving) > moraleRank(here) {
		if here != MoraleNormal && here != MoraleNone {
			r.add("morale-adopted", "LoB 6.0a", "%s takes the worst Morale State of the units there: %s", h, arriving)
		}
		r.s.setMorale(h, arriving)
	}
}

// face turns the stack to a hexside (LoB 3.3): Line units pay the Facing
// change once in each hex where they turn; Open Order Capable, Column,
// Mounted, Limbered and Unlimbered units turn for free.
func (r *resolver) face(a *actingStack, d int) {
	if why := r.faceBarred(a, d); why != "" { // areas.go
		r.add("face-refused", "LoB 12.2", "%s does not turn: %s", a.names(), why)
		return
	}
	if f, ok := r.s.breastworkFacing(r.side, a.hex); ok && f != d {
		r.add("face-refused", "LoB 9.5e", "%s stays facing %s: units in a Breastwork hex keep its Facing", a.names(), facingNames[f])
		return
	}
	for _, p := range a.units {
		if p.Unit.Facing == d {
			continue
		}
		if p.Unit.Formation == "line" && r.s.payFacingCost(p) && !a.faced[a.hex] {
			cost, err := r.s.charts.field.FormationChange("line-facing")
			if r.fail(err) {
				return
			}
			if !r.pay(a, p, cost, "a Facing change") {
				return
			}
		}
		p.Unit.Facing = d
	}
	if p := r.artilleryFacing(a); p != "" {
		r.add("artillery-faced", "LoB 5.4a", "%s changed Facing: any fire it makes draws an Opening Volley", p)
	}
	a.faced[a.hex] = true
	r.add("face", "LoB 3.3", "%s faces %s (%s)", a.names(), facingNames[d], a.spentText(nil))
}

// artilleryFacing names an artillery unit of the stack (a Facing change by
// artillery calls an Opening Volley on its fire, LoB 5.4a), or "".
func (r *resolver) artilleryFacing(a *actingStack) string {
	for _, p := range a.units {
		if p.Kind == ArmArtillery {
			a.artilleryTurned = true
			return p.Name
		}
	}
	return ""
}

// facingNames are the written facings by direction.
var facingNames = []string{"NE", "N", "NW", "SW", "S", "SE"}

// pay spends MPs of one unit and reports whether it had them.
func (r *resolver) pay(a *actingStack, p *Piece, cost MP, what string) bool {
	left := r.allowance(a, p) - a.spent[p.Name]
	if cost > left {
		r.add("mp-short", "LoB 3.0", "%s has %s MPs left, not the %s %s costs", p.Name, left, cost, what)
		return false
	}
	a.spent[p.Name] += cost
	return true
}

// endsInRadius reports whether the stack's combat units would be in
// Command Radius in a hex (LoB 10.2g).
func (r *resolver) endsInRadius(a *actingStack, to string) bool {
	t := r.s.newTrace(r.side)
	links := r.ownLinks()
	for _, p := range a.units {
		l, ok := links[p.Name]
		if !ok {
			continue
		}
		from := p.Hex
		r.s.setHex(p, to)
		in, _ := r.s.inRadius(t, p, l)
		r.s.setHex(p, from)
		if !in {
			return false
		}
	}
	return true
}

// towardRadius reports whether a step into a hex brings each of the
// stack's units that is out of Command Radius nearer its radius center, in
// hexes: a stack out of radius when it began to move "must move to
// re-establish Command Radius" (LoB 10.2g), so it may not wander on the way
// (docs/rulings-lob.md R-C2-RAD-3).
func (r *resolver) towardRadius(a *actingStack, to string) bool {
	return r.nearerCenter(a, a.hex, to, true)
}

// unlimberedThere reports whether a hex holds friendly Unlimbered
// artillery (LoB 3.2d).
func (r *resolver) unlimberedThere(h string) bool {
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.Hex == h && p.Side == r.side && p.Unit != nil && !p.Unit.Eliminated && p.Unit.Formation == "unlimbered" {
			return true
		}
	}
	return false
}

// checkStacking enforces the stacking limit where a stack ends (LoB 3.2a):
// an overstacked hex becomes DG, or Routed if it was DG.
func (r *resolver) checkStacking(h string) {
	sp := 0
	for _, p := range r.s.combatUnitsIn(h) {
		sp += p.Unit.SP
	}
	if sp <= stackingLimit {
		return
	}
	next := MoraleDG
	if moraleRank(r.s.marker(h).Morale) >= moraleRank(MoraleDG) {
		next = MoraleRouted
	}
	r.s.setMorale(h, next)
	r.add("overstacked", "LoB 3.2a", "%s holds %d SPs, over the limit of %d: it becomes %s", h, sp, stackingLimit, next)
}

// combatUnitsIn lists the combat units in a hex in stacking order (the
// state's order of counters; the first is the top unit).
func (s *State) combatUnitsIn(h string) []*Piece {
	var out []*Piece
	for _, i := range s.inHex(h) {
		p := &s.doc.Pieces[i]
		if p.Hex == h && p.Unit != nil && !p.Unit.Eliminated && !p.OffMap {
			out = append(out, p)
		}
	}
	return out
}

// townDG makes Line and Unlimbered units in a Town hex DG (LoB 1.7g);
// the Additive Morale chart does not apply.
func (r *resolver) townDG(a *actingStack) {
	h, _ := r.s.scn.Map.Hex(a.hex)
	if h == nil || h.Terrain != "town" || moraleRank(a.morale) >= moraleRank(MoraleDG) {
		return
	}
	for _, p := range a.units {
		if p.Unit.Formation == "line" || p.Unit.Formation == "unlimbered" {
			a.morale = MoraleDG
			r.s.setMorale(a.hex, MoraleDG)
			r.add("town-dg", "LoB 1.7g", "%s is in %s in the Town hex %s: the hex is DG", p.Name, p.Unit.Formation, a.hex)
			return
		}
	}
}

// adjacentHexes lists the map hexes next to h.
func (m *Map) adjacentHexes(h string) []string {
	var out []string
	at := m.axial(h)
	for d := 0; d < 6; d++ {
		if n := at.Neighbor(d); m.onMap(n) {
			out = append(out, m.hexID(n.ToOffset()))
		}
	}
	return out
}

// spentText describes the MPs of a step and spent so far, unit by unit:
// "1 Tex 1 MP, 2 of 6".
func (a *actingStack) spentText(costs map[string]MP) string {
	var parts []string
	for _, p := range a.units {
		part := p.Name
		if costs != nil {
			part += " " + costs[p.Name].String() + " MP,"
		}
		parts = append(parts, part+" "+a.spent[p.Name].String()+" spent")
	}
	return strings.Join(parts, "; ")
}

// zeroScaled applies a Zero-led brigade's roll (LoB 9.1e) to a unit's MA:
// the support rules roll once per brigade and phase, as it begins to move,
// and every unit of the brigade keeps that result (none, half or normal).
func (r *resolver) zeroScaled(brigade string, ma MP) MP {
	if r.zeroMA == nil {
		r.zeroMA = map[string]int{}
	}
	res, ok := r.zeroMA[brigade]
	if !ok {
		switch got := r.zeroLeaderMA(brigade, ma); {
		case got == ma:
			res = zeroNormal
		case got == 0:
			res = zeroNone
		default:
			res = zeroHalf
		}
		r.zeroMA[brigade] = res
	}
	switch res {
	case zeroNone:
		return 0
	case zeroHalf:
		return ma / 2
	}
	return ma
}

// The results of a Zero leader's roll (LoB 9.1e).
const (
	zeroNormal = iota
	zeroHalf
	zeroNone
)

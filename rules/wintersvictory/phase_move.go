package wintersvictory

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/wintersvictory/wvtext"
)

// The Movement Phase (See WV 4.1 phase 4, 5.0-9.0, 17.11-17.13):
//
//  1. Command Status Segment: a commander may go Standing (17.62,
//     COMMAND ...: STANDING); In Command is fixed for the phase (17.11).
//  2. Each unit's orders in the order written: MOVE along a path of
//     adjacent hexes, paying the Terrain Effects Chart (10.2) and half a
//     Movement Point per vertex a frontal unit turns to move through its
//     front (5.31, 5.4); FORM at 1 MP (French) or 2 MP (Allied) from the
//     same allowance (7.11), artillery 2 MP to limber or unlimber (7.51);
//     FACE at half a point per vertex (5.31).
//  3. An Out of Command unit changes formation or facing only after
//     passing a morale check, and moves only to end nearer its Brigade
//     Leader (17.12-17.13).
//  4. Stacking is checked where each move ends (9.1).
//
// Charge Zones add to the costs (12.61, chargezone.go); Opportunity
// Charges may follow a move (12.56.1, oppcharge.go). Grand Tactical
// Movement and Road Column (6.4, 6.6) are in march.go; hexside features
// (6.22-6.32) in hexside.go.

// inCommand decides 17.11 for every unit of side.
func (r *run) inCommand(side rules.Side) map[string]bool {
	out := map[string]bool{}
	byBrigade := map[string][]*Unit{}
	var brigades []string
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side != side || u.Eliminated {
			continue
		}
		if u.Type == "artillery" {
			l := r.s.leader(u.Brigade)
			b := BatteryC2{Limbered: u.Formation == "limbered", WithLeader: r.withLeader(u)}
			if l != nil {
				b.WithinAssignedRadius = r.s.dist(l.Hex, u.Hex) <= l.radius()
				b.SuperiorMobilized = l.State == Mobilized
			}
			out[u.Name] = BatteryInCommand(b)
			continue
		}
		if _, ok := byBrigade[u.Brigade]; !ok {
			brigades = append(brigades, u.Brigade)
		}
		byBrigade[u.Brigade] = append(byBrigade[u.Brigade], u)
	}
	for _, b := range brigades {
		us := byBrigade[b]
		l := r.s.leader(b)
		var reach map[hex.Axial]int
		if l != nil && l.Hex != "" {
			reach = r.s.radiusReach(side, l.Hex, l.radius())
		}
		cs := make([]UnitC2, len(us))
		for i, u := range us {
			cs[i] = UnitC2{Exempt: !u.formed() || u.skirmishing() || u.Formation == "general order" && (r.s.terrain(u.Hex) == "town" || r.s.terrain(u.Hex) == "woods"),
				WithLeader: r.withLeader(u)}
			_, cs[i].WithinRadius = reach[r.s.board().Axial(u.Hex)]
		}
		in := BrigadeInCommand(r.s.committed(b), cs, func(i, j int) bool { return r.s.dist(us[i].Hex, us[j].Hex) == 1 })
		for i, u := range us {
			out[u.Name] = in[i]
		}
	}
	return out
}

// leaderInCommand decides 17.11 for a Division or Brigade Leader: within
// his superior's radius, or (a Division Leader) Mobilized himself, or (a
// Brigade Leader) under a Mobilized superior; under an Attack Order he
// is In Command (17.73). Other leaders are always In Command.
func (r *run) leaderInCommand(l *Leader) bool {
	sup := r.s.leader(l.Superior)
	if (l.Level != Division && l.Level != Brigade) || sup == nil {
		return true
	}
	if l.Hex == "" || sup.Hex == "" {
		return false // on the display (17.52), or under a superior there
	}
	attack := r.s.attackHolder(l.Name) != nil
	return LeaderInCommand(LeaderC2{Level: l.Level, Distance: r.s.radiusDist(l.Side, sup.Hex, l.Hex), SuperiorRadius: sup.radius(),
		Mobilized: l.State == Mobilized, SuperiorMobilized: sup.State == Mobilized, AttackOrder: attack})
}

// withLeader reports whether a leader of the unit's side is in its hex.
func (r *run) withLeader(u *Unit) bool {
	for i := range r.s.Leaders {
		if l := &r.s.Leaders[i]; l.Side == u.Side && l.Hex == u.Hex {
			return true
		}
	}
	return false
}

// movementPhase carries out a side's Movement Phase orders.
func (r *run) movementPhase(side rules.Side, os []*wvtext.Order) {
	for _, o := range os {
		if o.Verb == wvtext.Command {
			if o.State == wvtext.EndAttack {
				r.refuse(side, o.At, "wv-17.76-segment", "WV 17.76", "an Attack Order ends at the end of its side's Rally Phase: send END ATTACK in your Command segment", "")
				continue
			}
			if o.State != wvtext.Standing {
				r.refuse(side, o.At, "wv-17.61-segment", "WV 17.61", "a commander goes Mobilized only in his Command Phase; in the Movement Phase only to STANDING (17.62)", "send it in your Command segment")
				continue
			}
			r.commandState(side, o, CommandStatusSegment)
		}
	}
	inCmd := r.inCommand(side)
	leadersIn := map[string]bool{}
	for i := range r.s.Leaders {
		if l := &r.s.Leaders[i]; l.Side == side {
			leadersIn[l.Name] = r.leaderInCommand(l)
		}
	}
	for _, o := range os {
		if o.Verb == wvtext.Command {
			continue
		}
		if l, ok := r.ownLeader(side, o.Who); ok && (o.Verb == wvtext.Move || o.Verb == wvtext.March) {
			if l.Hex == "" {
				r.refuse(side, o.At, "wv-17.52-inactive", "WV 17.52", l.Name+" is inactive, on the display: he is not on the map to move", "activate him with an order first")
				continue
			}
			r.moveLeader(side, l, o, leadersIn[l.Name])
			continue
		}
		if i := r.s.reserveIndex(side, o.Who.Text); i >= 0 {
			r.enter(side, i, o) // 6.7
			continue
		}
		u, ok := r.ownUnit(side, o.Who)
		if !ok {
			c, named := r.leaveGuns(side, o) // 7.65
			if named && c == nil {
				continue
			}
			u, ok = c, named
			if ok {
				inCmd[u.Name] = inCmd[strings.TrimSuffix(u.Name, crewSuffix)]
			}
		}
		if !ok {
			r.noUnit(side, o.Who, "unit or leader")
			continue
		}
		if why := crewless(u); why != "" && o.Verb != wvtext.Rejoin {
			r.refuse(side, o.At, "wv-7.53-no-crew", "WV 7.53", u.Name+": "+why, "move its crew back into its hex first")
			continue
		}
		if u.skirmishing() {
			inCmd[u.Name] = true // 17.1, and a company detached this phase
		}
		switch o.Verb {
		case wvtext.Move:
			r.move(side, u, o, inCmd[u.Name])
		case wvtext.March:
			r.march(side, u, o, inCmd[u.Name])
		case wvtext.Detach:
			r.detach(side, u, o)
		case wvtext.Rejoin:
			r.rejoin(side, u, o)
		case wvtext.Form:
			r.form(side, u, o, inCmd[u.Name])
		case wvtext.Face:
			r.face(side, u, o, inCmd[u.Name])
		}
		if !r.dry() {
			r.proximityActivation() // 17.53, the instant a move ends
		}
	}
}

// allowance is a unit's Movement Allowance in half points.
func allowance(u *Unit) int { return 2 * u.MA }

// mover is the Terrain Effects Chart column of a unit (10.2).
func mover(u *Unit) string {
	if u.loose() { // 7.61 A: a crew moves as a skirmish company
		return "skirmish" // 8.65 A.2
	}
	switch u.Type {
	case "cavalry":
		if u.Class == "heavy" {
			return "heavy-cavalry"
		}
		return "light-cavalry"
	case "artillery":
		return "artillery"
	}
	return "infantry"
}

// move carries out a MOVE.
func (r *run) move(side rules.Side, u *Unit, o *wvtext.Order, inCmd bool) {
	refuse := func(code, rule, msg, sugg string) { r.refuse(side, o.At, code, rule, u.Name+": "+msg, sugg) }
	switch {
	case r.moved[u.Name]:
		refuse("wv-6.1-moved", "WV 6.1", "it has moved already this phase: one MOVE a unit", "join the moves into one path")
		return
	case u.Morale == moraleRouted:
		refuse("wv-7.22-routed", "WV 7.22", "a Routed unit does not move by choice", "")
		return
	case u.Type == "artillery" && u.Formation == "unlimbered":
		refuse("wv-7.51-unlimbered", "WV 7.51", "unlimbered artillery does not move: limber it first (FORM ...: LIMBERED)", "")
		return
	case u.Extended != "":
		r.moveExtended(side, u, o, inCmd) // 8.34
		return
	case u.Formation == "road column":
		refuse("wv-6.6-road-column", "WV 6.6", "a unit in Road Column moves by Grand Tactical Movement only (ruling R63)", "MARCH it along the road, or FORM it out of Road Column first")
		return
	}
	at, facing, cost := u.Hex, u.Facing, r.spent[u.Name]
	gen, dis := false, false
	zone := 0 // half MP paid for enemy Charge Zones (12.61)
	path := []string{u.Hex}
	paidRoad := map[string]bool{} // roads whose first obstructed hex is paid (6.52)
	leader := r.s.leader(u.Brigade)
	var notes []string  // hexsides crossed, for the event
	var guns []gunCheck // Gun-Loss Checks owed (6.32)
	var pushed []*Unit  // battalions in Line put in General Order (6.13)
	line := u.Type == "infantry" && u.Formation == "line" && formedUnit(u)
	for _, h := range o.Path {
		if !r.onMap(h) {
			refuse("wv-off-map", "WV 6.1", h+" is not a hex of the map", "")
			return
		}
		if r.s.dist(at, h) != 1 {
			refuse("wv-6.1-not-adjacent", "WV 6.1", fmt.Sprintf("%s is not next to %s: a path names every hex entered, in order", h, at), "")
			return
		}
		if e := r.enemyIn(side, h); e != nil && r.displaceable(u, h) {
			// 8.66: skirmish companies displace before it (skirmishdisplace.go).
		} else if e != nil && r.s.sees(side, h) {
			refuse("wv-6.14-enemy", "WV 6.14", "it may not enter "+h+": an enemy unit is there", "stop short of it")
			return
		} else if e != nil && !r.dry() {
			// A hidden unit is found only when the move is carried out;
			// the check of the orders knows nothing of it (ruling R43).
			r.tell("moved", "WV 6.14", only(side), "%s stops at %s: an enemy unit, unseen until now, holds %s", u.Name, at, h)
			break
		}
		if v := r.lengthAt(u, h); v != nil { // 6.52 Note, 6.65; ruling R109
			refuse("wv-6.65-length", "WV 6.65", fmt.Sprintf("it may not enter %s: %s fills the road there behind it", h, v.Name), "go round it, or move that unit first")
			return
		}
		if code, why := r.skirmishStepProblem(side, u, at, h); why != "" {
			refuse(code, "WV 8.65", why, "")
			return
		}
		if u.frontal() && !gen {
			nf, turns := r.s.stepFacing(at, h, facing)
			if u.facingRear() { // 5.42.2
				code, disorders := r.rearStep(u, len(path), at, h, turns)
				if code != "" {
					refuse(code, "WV 5.42", "Facing to the Rear it moves at most two hexes through its front, and turns only back to its original facing", "")
					return
				}
				dis = dis || disorders
			}
			cost += turns
			facing = nf
		}
		tc, err := r.pack.Terrain(r.s.terrain(h), mover(u))
		if err != nil {
			refuse("wv-10.2-terrain", "WV 10.2", err.Error(), "")
			return
		}
		// 6.52: infantry and cavalry pay the first obstructed hex of a
		// road as usual, then 1 MP a hex along the same road; a
		// prohibited hex entered along a road costs 2 MP and Disorders.
		if u.Type != "artillery" && r.s.terrain(h) != "clear" {
			road := r.s.roadBetween(at, h)
			switch {
			case road != "" && tc.Prohibited:
				tc = TerrainCost{MP: 2, Disorder: true}
			case road != "" && paidRoad[road]:
				tc = TerrainCost{MP: 1}
			}
			for _, rd := range r.s.board().Roads {
				if slices.Contains(rd.Hexes, h) {
					paidRoad[rd.Name] = true
				}
			}
		}
		// 6.52, 6.3: a limbered battery pays 1 MP for an obstructed hex
		// entered from a connected road hex, woods and Frozen Wetlands
		// included, and is not Disordered there (10.31.1, ruling R21).
		if u.Type == "artillery" && r.s.terrain(h) != "clear" && r.s.roadBetween(at, h) != "" {
			tc = TerrainCost{MP: 1}
		}
		if tc.Prohibited {
			refuse("wv-10.2-prohibited", "WV 10.2", fmt.Sprintf("%s may not enter %s (%s)", u.Type, h, r.s.terrain(h)), "go round it")
			return
		}
		cost += 2 * tc.MP
		x := r.cross(mover(u), at, h, allowance(u)-cost, dis && u.formed()) // 6.22-6.31, hexside.go
		if x.bad != "" {
			code := "wv-10.2-terrain"
			if x.badRule == "WV 6.22" {
				code = "wv-6.22-prohibited"
			}
			refuse(code, x.badRule, x.bad, "go round it")
			return
		}
		cost += 2 * x.cost.MP
		tc.GeneralOrder = tc.GeneralOrder || x.cost.GeneralOrder
		tc.Disorder = tc.Disorder || x.cost.Disorder
		notes = append(notes, x.notes...)
		guns = append(guns, x.guns...)
		if at != u.Hex { // 6.13: leaving a hex moved through
			extra, adopt, disturbed := r.throughHex(u, line, path[len(path)-2], at, h, allowance(u)-cost) // after the hex beyond is paid
			if extra > 0 {
				cost += extra
				notes = append(notes, fmt.Sprintf("+%s MP through the friendly formed unit at %s (6.13)", halves(extra), at))
			}
			if adopt {
				gen, line = true, false
				notes = append(notes, fmt.Sprintf("it adopts General Order moving through the friendly formed unit at %s (6.13)", at))
			}
			for _, o := range disturbed {
				if !slices.Contains(pushed, o) {
					pushed = append(pushed, o)
				}
			}
		}
		if extra, _ := r.chargeZoneStep(side, at, h); extra > 0 { // 12.61
			cost += extra
			zone += extra
		}
		if cost > allowance(u) {
			refuse("wv-6.11-allowance", "WV 6.11", fmt.Sprintf("the path costs more than its %d Movement Points at %s", u.MA, h), "stop sooner")
			return
		}
		gen = gen || tc.GeneralOrder && u.Type == "infantry"
		dis = dis || tc.Disorder
		at = h
		path = append(path, h)
	}
	if o.Facing != "" {
		f, _ := facingIndex(o.Facing)
		if u.frontal() {
			cost += vertexTurns(facing, f)
		}
		facing = f
		if cost > allowance(u) {
			refuse("wv-6.11-allowance", "WV 5.31", fmt.Sprintf("the path and the turn to %s cost more than its %d Movement Points", o.Facing, u.MA), "")
			return
		}
	}
	// 5.41: a frontal unit that ends in a friendly frontal unit's hex
	// turns to its facing, paying the Movement Points, or may not enter
	// (ruling R80: moves are carried out in order, so a unit swapping
	// with the one there lets that one move out first).
	if named := o.Facing != ""; u.frontal() && !gen && !dis && at != u.Hex {
		for _, o := range r.s.unitsAt(at) {
			if o == u || o.Side != u.Side || o.Type != u.Type || !o.frontal() || o.Facing == facing {
				continue
			}
			if named {
				refuse("wv-5.41-facing", "WV 5.41", fmt.Sprintf("it would face %s in %s, where %s faces %s", facingNames[facing], at, o.Name, facingNames[o.Facing]), "name its facing as "+facingNames[o.Facing]+", or leave the facing out")
				return
			}
			turn := vertexTurns(facing, o.Facing)
			if cost+turn > allowance(u) {
				refuse("wv-5.41-facing", "WV 5.41", fmt.Sprintf("it may not enter %s: it lacks the Movement Points to turn to the facing of %s there", at, o.Name), "end the move elsewhere, or move that unit out first")
				return
			}
			cost += turn
			facing = o.Facing
			break
		}
	}
	if !inCmd && leader != nil && r.s.dist(at, leader.Hex) >= r.s.dist(u.Hex, leader.Hex) {
		refuse("wv-17.13-out-of-command", "WV 17.13", fmt.Sprintf("it is Out of Command: it may only move to end nearer %s", leader.Name), "move it toward "+leader.Name+" at "+leader.Hex)
		return
	}
	if msg := r.stackProblem(u, at); msg != "" {
		refuse("wv-9.1-stacking", "WV 9.1", msg, "end the move elsewhere")
		return
	}
	from := u.Hex
	r.spent[u.Name], r.moved[u.Name] = cost, true
	// 11.3: leaving a hex of an enemy Minimum Range Fire Zone draws its
	// fire first, hex by hex; a unit driven off or destroyed stops there.
	zoneChecked := false
	var displaced []*Unit // 8.66
	for i, h := range path[1:] {
		if i == 0 && r.slipsZone(u, h) { // 11.31
			if u.Type == "cavalry" && u.formed() {
				u.Morale = moraleDisordered
				r.tell("disordered", "WV 11.31", nil, "%s leaves the enemy infantry's Minimum Range Fire Zone at %s unfired on, faster than the units projecting it, and is Disordered (11.31)", u.Name, path[i])
			} else {
				r.tell("moved", "WV 11.31", only(side), "%s leaves the enemy infantry's Minimum Range Fire Zone at %s unfired on, faster than the units projecting it (11.31)", u.Name, path[i])
			}
		} else if !r.holdFire(r.displacedBy(u, h), func() bool { return r.opportunityFire(u, "leaves "+path[i]) }) {
			return
		}
		if !r.holdFire(r.displacedBy(u, h), func() bool { return r.leaveMediumFire(u, path[i], h) }) { // 11.3.3
			return
		}
		if r.enemyIn(side, h) != nil && !r.dry() {
			displaced = append(displaced, r.displaceFrom(u, h)...) // 8.66
			if u.Eliminated || !u.formed() || r.enemyIn(side, h) != nil {
				r.tell("moved", "WV 8.66", only(side), "%s stops at %s: the skirmishers' fire or a unit left in %s halts it (8.66)", u.Name, u.Hex, h)
				return
			}
		}
		u.Hex = h
		// 16.17: lone enemy command units next to h are displaced.
		r.displaceLeaders(u)
		// 7.61 E: a crew takes the Disorder of the units it joins.
		r.crewTakesMorale(u)
		if !zoneChecked && u.skirmishing() && !r.dry() { // 12.61.1, chargezone.go
			if stop, checked := r.skirmishZoneCheck(side, u); checked {
				zoneChecked = true
				if stop {
					return
				}
			}
		}
	}
	u.Hex, u.Facing = at, facing
	u.RoadTail = ""
	if n := len(path); n >= 2 && path[n-1] == at {
		u.RoadTail = path[n-2] // read by tailAt (6.52 Note)
	}
	note := ""
	for _, n := range notes {
		note += "; " + n
	}
	if zone > 0 {
		note += fmt.Sprintf("; %s MP of it for enemy Charge Zones (12.61)", halves(zone))
	}
	if gen && u.Formation != "general order" {
		u.Formation = "general order"
		note += "; it enters obstructed terrain and adopts General Order (8.51)"
	}
	if dis && u.formed() {
		u.Morale = moraleDisordered
		note += "; the terrain Disorders it (10.31)"
	}
	r.tell("moved", "WV 6.0", only(side), "%s moves %s to %s facing %s (%s of %d MP)%s", u.Name, from, at, facingNames[facing], halves(cost), u.MA, note)
	for _, o := range pushed {
		if o.Formation == "line" && formedUnit(o) {
			o.Formation = "general order"
			r.tell("formation", "WV 6.13", r.seenBy(o), "%s adopts General Order as %s passes through %s (6.13)", o.Name, u.Name, o.Hex)
		}
	}
	if u.isCrew() {
		defer r.rejoinGuns(u) // 7.62 C
	}
	r.traced(rules.Trace{Kind: rules.TraceMove, Side: side, Label: u.Name, Hexes: path})
	if !r.dry() {
		r.gunLoss(u, guns)           // 6.32
		defer r.opportunityCharge(u) // 12.56.1, after the reaction facing
		r.displaceAgain(u, displaced)
		r.reactionFacing(u)
	}
}

// reactionFacing gives each enemy cavalry unit that u has moved to
// within 3 hexes of its choice of turning one vertex (7.42): toward u
// when that brings u nearer its front, or not at all. The cavalry's
// standing REACTION decides, else its side is asked. Heavy cavalry must
// pass a morale check to turn.
func (r *run) reactionFacing(u *Unit) {
	for i := range r.s.Units {
		c := &r.s.Units[i]
		if c.Side == u.Side || c.Eliminated || c.Type != "cavalry" || !c.formed() || c.Exhausted || r.s.dist(c.Hex, u.Hex) > 3 {
			continue
		}
		want := r.s.bearingTo(c.Hex, u.Hex)
		now := angleOff(layout.CornerBearing(c.Facing), want)
		if now <= 30+1e-6 {
			continue // already facing it
		}
		best := c.Facing
		for _, v := range []int{(c.Facing + 5) % 6, (c.Facing + 1) % 6} {
			if angleOff(layout.CornerBearing(v), want) < angleOff(layout.CornerBearing(best), want) {
				best = v
			}
		}
		if best == c.Facing {
			continue
		}
		ch := rules.Choice{Key: "reaction facing " + c.Name, Side: c.Side, Rule: "WV 7.42",
			// The question names the mover by its side only: it is the
			// cavalry's owner's, and an event naming a unit is told to
			// that unit's side.
			Question: fmt.Sprintf("a %s unit has moved to %s, %d hexes from %s (facing %s): turn %s to face %s, or STAY", u.Side, u.Hex, r.s.dist(c.Hex, u.Hex), c.Name, facingNames[c.Facing], c.Name, facingNames[best]),
			Options:  []string{facingNames[best], "STAY"}, Default: facingNames[best]}
		switch r.standing(c.Side, "REACTION") {
		case "TOWARD":
			ch.Standing = facingNames[best]
		case "NEVER":
			ch.Standing = "STAY"
		}
		if r.decide(ch) == "STAY" {
			continue
		}
		if c.Class == "heavy" && r.moraleResult(c, MoraleFacts{}, "WV 7.42", "reaction facing", u.Hex) != "" {
			continue
		}
		c.Facing = best
		r.tell("reaction-facing", "WV 7.42", nil, "%s turns to face %s as %s comes within %d hexes", c.Name, facingNames[best], u.Name, r.s.dist(c.Hex, u.Hex))
	}
}

// halves prints a count of half Movement Points.
func halves(n int) string {
	if n%2 == 0 {
		return fmt.Sprint(n / 2)
	}
	return fmt.Sprintf("%d.5", n/2)
}

// enemyIn is an enemy unit in hex h, or nil.
func (r *run) enemyIn(side rules.Side, h string) *Unit {
	for _, e := range r.s.unitsAt(h) {
		if e.Side != side {
			return e
		}
	}
	return nil
}

// slipsZone is 11.31: a cavalry unit or skirmish company leaving the hex
// it began its move in, which only enemy infantry's Minimum Range Fire
// Zones hold, each of a unit with a smaller Movement Allowance, for a
// first hex next to none of them, draws no opportunity fire (ruling R81:
// Galloper always takes the exception when the path allows it; a path
// whose first hex is next to a firer forgoes it).
func (r *run) slipsZone(u *Unit, next string) bool {
	if r.dry() || u.Type != "cavalry" && !u.skirmishing() {
		return false
	}
	firers := r.minZoneFirers(u, u.Hex)
	if len(firers) == 0 {
		return false
	}
	for _, e := range firers {
		if e.Type != "infantry" || e.MA >= u.MA || r.s.dist(e.Hex, next) <= 1 || e.Extended != "" && r.s.dist(e.Extended, next) <= 1 {
			return false
		}
	}
	return true
}

// stackProblem says why u may not end in hex h (9.1, 9.11, 9.14): no
// different combat types together, at most so many units and Strength
// Points of a type in a clear or an obstructed hex.
func (r *run) stackProblem(u *Unit, h string) string {
	if why := r.batteryStacking(u, h); why != "" {
		return why // 9.41
	}
	n, sp := 1, u.Strength
	for _, o := range r.s.unitsAt(h) {
		if o == u || o.Side != u.Side {
			continue // an enemy unit's hex is refused by 6.14, seen or not
		}
		if why := skirmishStacking(u, o); why != "skip" {
			if why != "" {
				return why
			}
			continue
		}
		if o.Type != u.Type {
			return fmt.Sprintf("%s holds %s (%s): different combat types may not share a hex", h, o.Name, o.Type)
		}
		n++
		sp += o.Strength
	}
	lim, err := r.tables.Stack(u.Type)
	if err != nil {
		return ""
	}
	most := lim.Clear
	if r.s.terrain(h) != "clear" {
		most = lim.Obstructed
	}
	if n > lim.Units || sp > most {
		return fmt.Sprintf("%s would hold %d %s units of %d SP (limit %d units, %d SP)", h, n, u.Type, sp, lim.Units, most)
	}
	return ""
}

// outOfCommandCheck is 17.12's morale check before an Out of Command
// unit changes formation or facing: false when it fails and the change
// is cancelled (no Disorder).
func (r *run) outOfCommandCheck(side rules.Side, u *Unit, what string) bool {
	if r.dry() {
		return true
	}
	pass, text := r.moraleTest(u, MoraleFacts{}, "WV 17.12", "Out of Command "+what)
	if !pass {
		r.tell("order-skipped", "WV 17.12", only(side), "%s is Out of Command and fails its morale check (%s): no %s", u.Name, text, what)
	}
	return pass
}

// form carries out a FORM (7.1, 7.11, 7.51).
func (r *run) form(side rules.Side, u *Unit, o *wvtext.Order, inCmd bool) {
	refuse := func(code, rule, msg, sugg string) { r.refuse(side, o.At, code, rule, u.Name+": "+msg, sugg) }
	to := strings.ToLower(o.Formation)
	if u.skirmishing() {
		refuse("wv-8.6-skirmish", "WV 8.6", "a skirmish company has a single formation, Skirmish", "REJOIN it to its battalion instead")
		return
	}
	if to == "road column" || u.Formation == "road column" {
		r.roadColumnForm(side, u, o, inCmd) // 6.61-6.62
		return
	}
	switch {
	case !slices.Contains(formationsOf(u.Type), to):
		refuse("wv-7.1-formation", "WV 7.1", fmt.Sprintf("%s has no %s formation (it has %s)", u.Type, to, strings.Join(formationsOf(u.Type), ", ")), "")
		return
	case u.Formation == to:
		refuse("wv-7.1-same", "WV 7.1", "it is already in "+to, "leave the line out")
		return
	case u.Morale == moraleRouted:
		refuse("wv-7.22-routed", "WV 7.22", "a Routed unit changes no formation", "")
		return
	case u.Rear && u.formed():
		refuse("wv-5.42-formation", "WV 5.42", "Facing to the Rear it may not change its formation", "FACE it back to its original facing first")
		return
	case to == "unlimbered" && r.s.terrain(u.Hex) == "frozen-wetlands":
		refuse("wv-6.21-frozen-wetlands", "WV 6.21", "an artillery unit may never unlimber in a Frozen Wetlands hex, even on a road", "move it out first")
		return
	case u.Type == "cavalry":
		refuse("wv-7.4-cavalry", "WV 7.4", "cavalry formations other than its own are not yet carried out by Galloper", "")
		return
	case to == "general order" && u.Class != "light":
		refuse("wv-8.53-not-light", "WV 8.53", "only light infantry (French Light, Allied Jaeger) adopts General Order at will; others adopt it entering obstructed terrain (8.51)", "")
		return
	case u.Formation == "general order" && r.s.terrain(u.Hex) != "clear":
		refuse("wv-8.52-obstructed", "WV 8.52", "a unit in General Order reforms only in a clear hex", "move it out into the clear first")
		return
	}
	cost := 2
	if side == SideAllied {
		cost = 4
	}
	if u.Formation == "general order" {
		cost = 2 // 8.52: reforming from General Order costs 1 MP
	}
	if u.Type == "artillery" {
		cost = 4 // 7.51: 2 MP to limber or unlimber
	}
	if _, in := r.zoneModifier(side, u.Hex); in || r.moved[u.Name] && r.nearCharger(side, u.Hex) {
		cost += 2 // 12.61: +1 MP in a Charge Zone, or near one after moving
	}
	f := u.Facing
	if o.Facing != "" {
		f, _ = facingIndex(o.Facing) // all-around to frontal at no cost (5.32)
	}
	ext, ok := r.extendTo(side, u, o, to, f)
	if !ok {
		return
	}
	if r.spent[u.Name]+cost > allowance(u) {
		refuse("wv-7.11-allowance", "WV 7.11", fmt.Sprintf("the change costs %s MP and it has %s of %d left", halves(cost), halves(allowance(u)-r.spent[u.Name]), u.MA), "")
		return
	}
	if !inCmd && !r.outOfCommandCheck(side, u, "formation change") {
		return
	}
	if !r.zoneCheck(side, u, "formation change") { // 12.61.2
		return
	}
	// 7.12: no fire at a change to General Order.
	if to != "general order" && !r.opportunityFire(u, "changes formation") {
		return
	}
	if to == "unlimbered" && !r.unlimberFire(u) { // 11.3.2
		return
	}
	r.spent[u.Name] += cost
	u.Formation, u.Facing = to, f
	note := ""
	switch {
	case ext != "":
		u.Extended, note = ext, " in Extended Line to "+ext+" (8.31)"
	case u.Extended != "":
		u.Extended, note = "", "; its Extended Line marker is removed (8.32)"
	}
	r.tell("formation", "WV 7.1", r.seenBy(u), "%s forms %s facing %s (%s MP)%s", u.Name, to, facingNames[f], halves(cost), note)
}

// face carries out a FACE (5.31).
func (r *run) face(side rules.Side, u *Unit, o *wvtext.Order, inCmd bool) {
	if r.faceRear(side, u, o, inCmd) { // 5.42, facerear.go
		return
	}
	if u.Extended != "" {
		r.pivot(side, u, o, inCmd) // 8.34.2
		return
	}
	f, _ := facingIndex(o.Facing)
	cost := 0
	if u.frontal() {
		cost = vertexTurns(u.Facing, f)
		if u.Type == "artillery" {
			cost = 2 // 5.31: unlimbered artillery, 1 MP to any vertex
		}
	}
	if _, in := r.zoneModifier(side, u.Hex); in {
		cost *= 2 // 12.61.2: doubled in an enemy Charge Zone
	}
	if r.spent[u.Name]+cost > allowance(u) {
		r.refuse(side, o.At, "wv-5.31-allowance", "WV 5.31", fmt.Sprintf("%s: the turn costs %s MP and it has %s left", u.Name, halves(cost), halves(allowance(u)-r.spent[u.Name])), "")
		return
	}
	if !inCmd && !r.outOfCommandCheck(side, u, "facing change") {
		return
	}
	if !r.zoneCheck(side, u, "facing change") { // 12.61.2
		return
	}
	if cost >= 2 && !r.opportunityFire(u, "changes facing") { // 1 MP or more (11.3)
		return
	}
	r.spent[u.Name] += cost
	u.Facing = f
	r.tell("facing", "WV 5.31", only(side), "%s faces %s (%s MP)", u.Name, o.Facing, halves(cost))
}

// currentER is 13.2's current Effectiveness Rating; selfRally leaves out
// the Attack Order bonus.
func (r *run) currentER(u *Unit, selfRally bool) int {
	f := EffectivenessFacts{GeneralOrder: u.Formation == "general order", Demoralized: r.s.demoralized(u)}
	if u.Type != "artillery" {
		f.HalfStrength = HalfStrength(u.Strength, u.Printed)
	}
	if b := r.s.leader(u.Brigade); b != nil {
		if lvl, err := r.tables.Fatigue(b.Fatigue); err == nil {
			f.FatigueLevel = lvl.Level
		}
	}
	f.AttackOrder = !selfRally && u.Type == "infantry" && u.formed() && r.underAttackOrder(u)
	er := r.tables.CurrentEffectiveness(u.ER, f)
	if u.facingRear() {
		er-- // 5.42.2: Facing to the Rear
	}
	return er
}

// underAttackOrder reports whether the unit's formation is under an
// Attack Order: its brigade or a commander above it holds one (17.73).
func (r *run) underAttackOrder(u *Unit) bool {
	return r.s.attackHolder(u.Brigade) != nil
}

// moraleTest rolls a morale check (13.1): the unit's facts from its hex
// and stack are added to f. It reports a pass and the roll's text.
func (r *run) moraleTest(u *Unit, f MoraleFacts, rule, why string) (bool, string) {
	outcome, text := r.moraleCheck(u, f, rule, why)
	return outcome == "", text
}

// moraleCheck rolls a morale check and returns 13.1's outcome ("" for a
// pass) and the roll's text.
func (r *run) moraleCheck(u *Unit, f MoraleFacts, rule, why string) (string, string) {
	f = r.moraleFacts(u, f)
	state := Formed
	switch {
	case f.Disordered:
		state = Disordered
	case f.Unformed:
		state = Unformed
	}
	die, mod, er := r.moraleRoll(u, f, rule, why)
	out, err := r.tables.MoraleOutcome(state, die+mod, er)
	if err != nil {
		return "", err.Error()
	}
	return out, moraleText(die, mod, er)
}

// moraleFacts adds to f the facts of 13.13 the unit's hex and stack give.
func (r *run) moraleFacts(u *Unit, f MoraleFacts) MoraleFacts {
	f.EffectivenessModifier = u.EM
	switch r.s.terrain(u.Hex) {
	case "town":
		f.HardCover = true
	case "woods", "farmette":
		f.SoftCover = true
	}
	f.CommandUnit = r.withUnreducedLeader(u)
	f.Square = u.Formation == "square"
	f.Disordered = u.Morale == moraleDisordered
	f.Unformed = u.Formation == "general order" || u.loose()
	f.IntoWind = r.s.intoWind(u)           // 13.13, snow.go
	f.AmmoDepleted = u.AmmoOut             // 11.91
	f.SkirmisherFar = r.s.skirmisherFar(u) // 8.65 A.7, C.3
	return f
}

// moraleRoll rolls a morale check's die with its facts f complete: the
// die, the total modifier and the current Effectiveness Rating (13.1).
func (r *run) moraleRoll(u *Unit, f MoraleFacts, rule, why string) (die, mod, er int) {
	mod = r.tables.MoraleModifier(f)
	er = r.currentER(u, false)
	die = r.d10(rule, "morale check: "+u.Name+" ("+why+")", r.seenBy(u))
	return die, mod, er
}

// moraleText is a morale check's roll for players.
func moraleText(die, mod, er int) string {
	return fmt.Sprintf("rolled %d%+d = %d against %d", die, mod, die+mod, er)
}

// orderName is a name with no position, for lookups.
func orderName(n string) orders.Name { return orders.Name{Text: n} }

// moveLeader carries out a leader's MOVE: 1 MP a hex whatever the
// terrain (16.11), up to his Movement Allowance for his Command State
// (16.15), never into an enemy unit's hex (6.14), and Out of Command only
// nearer his superior (17.13). By MARCH he enters and leaves Road Column
// at no cost (6.64): each hex along a road costs the Road Column's 1/2 MP
// (Major Road) or 2/3 (Minor Road), any other 1 MP.
func (r *run) moveLeader(side rules.Side, l *Leader, o *wvtext.Order, inCmd bool) {
	refuse := func(code, rule, msg string) { r.refuse(side, o.At, code, rule, l.Name+": "+msg, "") }
	if o.Facing != "" {
		refuse("wv-16.11-facing", "WV 16.11", "a leader has no facing")
		return
	}
	if r.moved[l.Name] {
		refuse("wv-6.1-moved", "WV 6.1", "he has moved already this phase")
		return
	}
	ma := l.MA[0]
	if l.State == Mobilized && len(l.MA) > 1 {
		ma = l.MA[1]
	}
	march := o.Verb == wvtext.March // a command unit by Grand Tactical Movement (6.41)
	if march {
		ma += 2
		if r.enemyNear(side, l.Hex) != nil {
			refuse("wv-6.41-enemy-near", "WV 6.41", fmt.Sprintf("an enemy unit is within %d hexes: no Grand Tactical Movement", gtmNear))
			return
		}
	}
	at := l.Hex
	path := []string{l.Hex}
	cost, column := 0, false // sixths of a point; along a road in Road Column (6.64)
	for i, h := range o.Path {
		step := 6 // 16.11
		if rt := r.roadType(r.s.roadBetween(at, h)); march && rt != "" {
			step, column = map[string]int{"major": 3, "minor": 4}[rt], true // 6.6, 6.64
		}
		cost += step
		switch {
		case !r.onMap(h):
			refuse("wv-off-map", "WV 6.1", h+" is not a hex of the map")
			return
		case r.s.dist(at, h) != 1:
			refuse("wv-6.1-not-adjacent", "WV 6.1", fmt.Sprintf("%s is not next to %s", h, at))
			return
		case cost > 6*ma:
			refuse("wv-16.11-allowance", "WV 16.11", fmt.Sprintf("the path costs more than his %d Movement Points", ma))
			return
		}
		if e := r.enemyIn(side, h); e != nil && r.s.sees(side, h) {
			refuse("wv-6.14-enemy", "WV 6.14", "he may not enter "+h+": an enemy unit is there")
			return
		} else if e != nil && !r.dry() {
			r.tell("moved", "WV 6.14", only(side), "%s stops at %s: an enemy unit, unseen until now, holds %s", l.Name, at, h)
			break
		}
		at = h
		path = append(path, h)
		if march && i < len(o.Path)-1 && r.enemyNear(side, h) != nil {
			refuse("wv-6.41-enemy-near", "WV 6.41", fmt.Sprintf("%s is within %d hexes of an enemy unit: the march ends there", h, gtmNear))
			return
		}
	}
	// 17.13: an Out of Command Division or Brigade Leader moves only to
	// end nearer his superior (ruling R57 on the brigade's exception).
	if sup := r.s.leader(l.Superior); !inCmd && sup != nil && r.s.dist(at, sup.Hex) >= r.s.dist(l.Hex, sup.Hex) {
		refuse("wv-17.13-out-of-command", "WV 17.13", fmt.Sprintf("he is Out of Command: he may only move to end nearer %s", sup.Name))
		return
	}
	r.moved[l.Name] = true
	from := l.Hex
	l.Hex = at
	if column {
		r.tell("moved", "WV 6.64", only(side), "%s rides from %s to %s by Grand Tactical Movement, in Road Column along the road (%s of %d MP, 6.64)", l.Name, from, at, sixths(cost), ma)
	} else {
		r.tell("moved", "WV 16.11", only(side), "%s rides from %s to %s", l.Name, from, at)
	}
	r.traced(rules.Trace{Kind: rules.TraceMove, Side: side, Label: l.Name, Hexes: path})
}

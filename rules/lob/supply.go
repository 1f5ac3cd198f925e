package lob

import (
	"fmt"
	"slices"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/lob/lobtext"
)

// Supply: Wagons and their Ammo Points, artillery Depletion and the two
// ways to replenish, "by Caisson" and "by Battery" (LoB 8.0-8.5).

// Ammunition types (LoB 8.2b).
const (
	AmmoShell    = "shell"
	AmmoCanister = "canister"
)

// canisterRange is the longest range Canister can be fired at, and the
// longest a battery Depleted of Shell can shoot at (LoB 8.2d, 8.2e).
const canisterRange = 3

// caissonMP is how far, in Limbered artillery MPs, a Wagon may be from a
// battery for "by Caisson" replenishment (LoB 8.4a, 8.4d).
const caissonMP = 25

// byBatteryMinutes is how long a battery is away replenishing "By
// Battery" (LoB 8.5b: one hour).
const byBatteryMinutes = 60

// batteryMayFire reports whether a battery may fire a round type at a
// range, and why not (LoB 8.2d, 8.2e): Canister only at 3 hexes or less,
// by guns that have it and are not Depleted of it; Shell at any range
// unless Depleted of Shell, which also keeps the guns from shooting beyond
// 3 hexes; guns Depleted of both cannot fire.
func (s *State) batteryMayFire(p *Piece, round string, rng int) (bool, string) {
	u := s.scn.unit(p.Name)
	if u == nil || u.Arm != ArmArtillery || p.Unit == nil {
		return false, "it is not a battery"
	}
	st, has := p.Unit, s.hasCanister(p)
	switch {
	case st.DepletedShell && (st.DepletedCanister || !has):
		return false, "it is Depleted of all its ammunition"
	case round == AmmoCanister && !has:
		return false, "its guns have no Canister"
	case round == AmmoCanister && st.DepletedCanister:
		return false, "it is Depleted of Canister"
	case round == AmmoCanister && rng > canisterRange:
		return false, fmt.Sprintf("Canister can only be fired at %d hexes or less, as LoB 8.2e provides", canisterRange)
	case round == AmmoShell && st.DepletedShell:
		return false, "it is Depleted of Shell"
	case rng > canisterRange && st.DepletedShell:
		return false, fmt.Sprintf("guns Depleted of Shell cannot shoot beyond %d hexes", canisterRange)
	}
	return true, ""
}

// canisterCounts reports whether a battery's guns count for Canister
// column shifts: not when Depleted of Canister (LoB 8.2d).
func (s *State) canisterCounts(p *Piece) bool {
	return s.hasCanister(p) && p.Unit != nil && !p.Unit.DepletedCanister
}

// hasCanister reports whether a battery's guns carry Canister: the
// counter's own Canister type when the scenario gives one, otherwise the
// Weapons Characteristics Chart's for its weapon code (LoB 5.0, 8.2e).
func (s *State) hasCanister(p *Piece) bool {
	u := s.scn.unit(p.Name)
	if u == nil || u.Arm != ArmArtillery {
		return false
	}
	if u.Canister != "" {
		return true
	}
	if s.charts == nil || s.charts.field == nil {
		return false
	}
	w, err := s.charts.field.Gun(u.Weapon)
	return err == nil && w.Canister != CanisterNone
}

// FiredBattery is a battery in a shot whose Combat Table roll fell in a
// Depletion zone, and the round it fired (LoB 8.2a, 8.2e).
type FiredBattery struct {
	Name  string
	Round string
}

// depleteOneOf applies a Depletion result after the Combat Table result
// (LoB 8.2a, 8.2c): one battery depletes, chosen with a die when several
// fired, and applyDepletion does the rest.
func (r *resolver) depleteOneOf(fired []FiredBattery) {
	if len(fired) == 0 {
		return
	}
	b := fired[0]
	if len(fired) > 1 {
		i := r.log.Roll(len(fired), "LoB 8.2c", fmt.Sprintf("which of %d batteries Depletes", len(fired)), r.side)
		b = fired[i-1]
	}
	r.applyDepletion(r.s.piece(b.Name), b.Round)
}

// applyDepletion Depletes one battery of the round it fired (LoB 8.2c):
// "By Caisson" refills it at once when possible (8.4, the owner's default
// is to use it, R-S-5); otherwise it is marked Depleted of that round.
// Guns with no Canister are fully Depleted when they Deplete Shell (8.2d).
// The fire rules call it for the battery they chose.
func (r *resolver) applyDepletion(p *Piece, round string) {
	w, why := r.s.caissonWagon(p, round)
	if w == "" {
		r.add("caisson-unavailable", "LoB 8.4a", "%s cannot be refilled by Caisson: %s", p.Name, why)
		r.markDepleted(p, round)
		return
	}
	r.payAmmo(w, round, p.Unit.SP)
	r.add("replenish-caisson", "LoB 8.4b", "%s Depletes %s and is refilled by Caisson from %s: %d Ammo Points", p.Name, round, w, p.Unit.SP)
}

// markDepleted puts a Depletion marker on a battery (LoB 8.2c, 8.4c).
func (r *resolver) markDepleted(p *Piece, round string) {
	switch {
	case round == AmmoCanister:
		p.Unit.DepletedCanister = true
	case !r.s.hasCanister(p):
		p.Unit.DepletedShell, p.Unit.DepletedCanister = true, true
		r.add("depleted", "LoB 8.2d", "%s has no Canister and is fully Depleted: it cannot fire", p.Name)
		return
	default:
		p.Unit.DepletedShell = true
	}
	r.add("depleted", "LoB 8.2c", "%s is marked Depleted %s", p.Name, round)
}

// payAmmo takes Ammo Points of a type from a Wagon (LoB 8.3b).
func (r *resolver) payAmmo(wagon, round string, n int) {
	w := r.s.wagonState(wagon)
	if round == AmmoCanister {
		w.Canister -= n
	} else {
		w.Shell -= n
	}
}

// ammoOf is a Wagon's remaining Ammo Points of a type.
func (w *WagonState) ammoOf(round string) int {
	if round == AmmoCanister {
		return w.Canister
	}
	return w.Shell
}

// wagonServes reports whether a Wagon may supply a battery: it belongs to
// the battery's organization, its division, corps or army (LoB 8.1, 8.3c).
func (s *State) wagonServes(wagon string, battery string) bool {
	c := s.unitCommand(battery)
	if c == nil {
		return false
	}
	return slices.Contains(s.scn.orgPath(c), s.scenarioWagon(wagon).Command)
}

// usableWagons lists the Wagons in play that may supply a battery with n
// Ammo Points of a type, in scenario order (LoB 8.3c, 8.3d).
func (s *State) usableWagons(battery, round string, n int) []string {
	var out []string
	for _, name := range s.wagonNames(s.piece(battery).Side) {
		w := s.wagonStatus(name)
		if !w.Destroyed && !s.piece(name).OffMap && s.wagonServes(name, battery) && w.ammoOf(round) >= n {
			out = append(out, name)
		}
	}
	return out
}

// caissonWagon is the Wagon that refills a battery "by Caisson", or "" and
// why none can (LoB 8.4a): a Wagon of its organization with the Ammo
// Points (8.3b-d) within 25 Limbered MPs of a hex next to the battery by
// a path enemy combat units and EZOCs do not block (8.4d); not when the
// battery is in an EZOC or its hex holds a CBF marker. Its Morale State
// does not matter (8.4f). The nearest Wagon serves, the first in scenario
// order on ties.
func (s *State) caissonWagon(p *Piece, round string) (string, string) {
	if s.zoc(s.enemyOf(p.Side))[p.Hex] {
		return "", "the battery is in an enemy ZOC"
	}
	if s.cbfMarked(p.Hex) {
		return "", "its hex holds a Counter Battery Fire marker"
	}
	ws := s.usableWagons(p.Name, round, p.Unit.SP)
	if len(ws) == 0 {
		return "", fmt.Sprintf("no Wagon of its organization has %d Ammo Points of %s", p.Unit.SP, round)
	}
	best, bestCost := "", 0
	for _, w := range ws {
		if cost, ok := s.caissonPath(s.piece(w).Hex, p); ok && (best == "" || cost < bestCost) {
			best, bestCost = w, cost
		}
	}
	if best == "" {
		return "", fmt.Sprintf("no Wagon is within %d Limbered MPs by an open path", caissonMP)
	}
	return best, ""
}

// cbfMarked reports whether a hex holds a Counter Battery Fire marker of
// either level (LoB 5.8, 8.4a #3): the level the fire rules keep on the
// hex's markers.
func (s *State) cbfMarked(h string) bool { return s.cbf(h) > 0 }

// caissonPath is the cheapest Limbered path cost from a Wagon's hex to a
// hex next to the battery, within 25 MPs (LoB 8.4d). Enemy combat units
// and EZOC hexes block it, friendly units do not cancel that, and hexes
// Limbered artillery cannot enter block it.
func (s *State) caissonPath(from string, p *Piece) (int, bool) {
	m := &s.scn.Map
	if m.distance(from, p.Hex) <= 1 {
		return 0, true
	}
	cost := s.limberedCost(p.Side)
	reach := hex.Reach(m.axial(from), int(WholeMP(caissonMP)), cost)
	best, ok := 0, false
	for d := 0; d < 6; d++ {
		n := m.axial(p.Hex).Neighbor(d)
		if c, in := reach[n]; in && (!ok || c < best) {
			best, ok = c, true
		}
	}
	return best, ok
}

// limberedCost is a hex.CostFunc in half MPs for Limbered artillery of a
// side (LoB 3.0, 3.0a, 8.4d): the road cost along a road, else the hex
// cost; enemy combat units' hexes, EZOC hexes and hexes Limbered
// artillery cannot enter are blocked. A table the chart pack lacks blocks
// too, so a broken pack never opens a path.
func (s *State) limberedCost(side rules.Side) hex.CostFunc {
	m := &s.scn.Map
	enemy := s.occupancy()[s.enemyOf(side)]
	ezoc := s.zoc(s.enemyOf(side))
	return func(from, to hex.Axial) int {
		if !m.onMap(to) {
			return -1
		}
		a, b := m.hexID(from.ToOffset()), m.hexID(to.ToOffset())
		if enemy[b] || ezoc[b] {
			return -1
		}
		if road := m.roadType(a, b); road != "" {
			if c, err := s.charts.field.RoadCost("limbered", road); err == nil && !c.Prohibited && !c.Unusable {
				return int(c.MP)
			}
		}
		h, _ := m.Hex(b)
		c, err := s.charts.field.HexCost("limbered", h.Terrain)
		if err != nil || c.Prohibited || c.Unusable {
			return -1
		}
		return int(c.MP)
	}
}

// roadType is the type of a road joining two adjacent hexes, or "".
func (m *Map) roadType(a, b string) string {
	for _, r := range m.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			if (r.Hexes[i-1] == a && r.Hexes[i] == b) || (r.Hexes[i-1] == b && r.Hexes[i] == a) {
				return r.Type
			}
		}
	}
	return ""
}

// byBattery sends a Depleted battery to replenish "By Battery" (LoB 8.5):
// it must stand Limbered at its Formation's HQ (or the leader who fills in
// for one) with a path open from there to a Wagon of its organization
// holding the Ammo Points (8.5a). It pays them, loses its Depletion
// markers and leaves the map until one hour later (8.5b). When the points
// are not there yet it waits for them, or for the game's off-map
// replenishment (8.5c, 8.5d). Batteries
// replenishing are exempt from Command Radius (8.5g). It reports whether
// the battery went, with the reason when it did not.
func (r *resolver) byBattery(name string) (bool, string) {
	p := r.s.piece(name)
	c := r.s.unitCommand(name)
	if p.Unit == nil || c == nil || !p.Unit.DepletedShell && !p.Unit.DepletedCanister {
		return false, "it is not a Depleted battery"
	}
	hq := r.s.hqHex(c)
	if p.Hex != hq || p.Unit.Formation != "limbered" {
		return false, fmt.Sprintf("it must first limber and move to its HQ at %s", hq)
	}
	need := map[string]bool{AmmoShell: p.Unit.DepletedShell, AmmoCanister: p.Unit.DepletedCanister}
	paid := map[string]string{}
	for _, round := range []string{AmmoShell, AmmoCanister} {
		if !need[round] {
			continue
		}
		for _, w := range r.s.usableWagons(name, round, p.Unit.SP) {
			if r.s.wagonPathOpen(hq, w, p.Side) {
				paid[round] = w
				break
			}
		}
		if paid[round] == "" {
			return r.waitForAmmo(p, hq, round) // LoB 8.5c, 8.5d: supply_wait.go
		}
	}
	for _, round := range []string{AmmoShell, AmmoCanister} {
		if w := paid[round]; w != "" {
			r.payAmmo(w, round, p.Unit.SP)
			r.add("replenish-battery", "LoB 8.5b", "%s draws %d Ammo Points of %s from %s", name, p.Unit.SP, round, w)
		}
	}
	p.Unit.DepletedShell, p.Unit.DepletedCanister = false, false
	back := r.s.turnAfter(r.turn, byBatteryMinutes)
	r.awaySince(p, AwayBattery{Name: name, Hex: hq, Returns: back})
	r.add("by-battery", "LoB 8.5b", "%s leaves the map to replenish By Battery; it returns Limbered at its HQ at %s", name, r.clock(back))
	return true, ""
}

// wagonPathOpen reports whether a path for Limbered movement, of any
// length, joins a hex to a Wagon: enemy units, EZOCs and impassable
// terrain block it (LoB 8.5a).
func (s *State) wagonPathOpen(from, wagon string, side rules.Side) bool {
	return s.pathOpen(from, s.piece(wagon).Hex, side)
}

// batteriesReturn brings back the batteries whose hour By Battery is up
// (LoB 8.5b): Limbered, in the hex where the HQ they left from now
// stands, in their side's Activity Phase.
func (r *resolver) batteriesReturn() {
	r.ammoArrives()      // LoB 8.5c
	r.waitingBatteries() // LoB 8.5c, 8.5d
	var keep []AwayBattery
	for _, a := range r.s.doc.Support.Away {
		p := r.s.piece(a.Name)
		if p.Side != r.side || a.Waits != "" || a.Returns > r.turn {
			keep = append(keep, a)
			continue
		}
		at := a.Hex
		if c := r.s.unitCommand(a.Name); c != nil {
			at = r.s.hqHex(c)
		}
		p.OffMap, p.Unit.Formation = false, "limbered"
		r.s.setHex(p, at)
		r.add("battery-returns", "LoB 8.5b", "%s returns from replenishing, Limbered at its HQ at %s", a.Name, at)
	}
	r.s.doc.Support.Away = keep
}

// retireBattery removes a battery from play for good (LoB 8.5e): the
// player's choice when it is Depleted of both kinds and the Ammo Points
// will never come, or he will not spend them on it.
func (r *resolver) retireBattery(name string) {
	p := r.s.piece(name)
	p.Unit.Eliminated = true
	r.s.doc.Support.Retired = append(r.s.doc.Support.Retired, name)
	r.s.doc.Support.sortSupport()
	r.add("battery-retired", "LoB 8.5e", "%s is removed from play; the decision cannot be revoked", name)
}

// wagonsDestroyed destroys the Wagons of a side that stand with no
// friendly combat unit while an enemy infantry or cavalry unit is next to
// them (LoB 8.1b); their Ammo Points are lost with them (8.1).
func (r *resolver) wagonsDestroyed(side rules.Side) {
	for _, name := range r.s.wagonNames(side) {
		w, p := r.s.wagonStatus(name), r.s.piece(name)
		if w.Destroyed || p.OffMap || len(r.s.stackUnits(side, p.Hex)) > 0 {
			continue
		}
		if r.s.enemyCombatAdjacent(side, p.Hex, ArmInfantry, ArmCavalry) {
			r.destroyWagon(name, "an enemy infantry or cavalry unit is adjacent")
		}
	}
}

// destroyWagon destroys a Wagon and its load (LoB 8.1, 8.1b). The fire
// rules call it for a numeric Combat Table result against a Wagon not
// stacked with combat units (all-around Rear facing).
func (r *resolver) destroyWagon(name, why string) {
	w := r.s.wagonState(name)
	w.Destroyed, w.Shell, w.Canister, w.Destination = true, 0, 0, ""
	r.s.piece(name).OffMap = true // out of play: nothing moves or draws it
	r.add("wagon-destroyed", "LoB 8.1b", "%s is destroyed with its Ammo Points: %s", name, why)
}

// wagonMoves moves each Wagon of the side that has somewhere to go (LoB
// 8.1c): toward the destination its owning leader gave it, or after its
// Command's HQ while that Command carries out an order that moves it; a
// Skedaddle moves it with command and control (10.9). A Wagon moves as
// far as its MA pays (moveWagon); Wagons the WAGON directive already
// moved this phase do not move again. A Wagon that has reached its
// destination is emplaced there.
func (r *resolver) wagonMoves(side rules.Side, moved map[string]bool) {
	for _, name := range r.s.wagonNames(side) {
		w, p := r.s.wagonStatus(name), r.s.piece(name)
		if w.Destroyed || p.OffMap || moved[name] {
			continue
		}
		if w.Destination != "" && w.Destination == p.Hex {
			r.s.wagonState(name).Destination = ""
		}
		to, why := r.wagonGoal(name)
		if to == "" || to == p.Hex {
			continue
		}
		from := p.Hex
		if _, _, ok := r.moveWagon(p, to); ok { // wagons.go, R-MOV-2
			r.add("wagon-follows", "LoB 8.1c", "%s moves from %s to %s (%s)", name, from, p.Hex, why)
		}
	}
}

// wagonGoal is where a Wagon goes this turn and why, or "" when it stays
// emplaced (LoB 8.1c).
func (r *resolver) wagonGoal(name string) (string, string) {
	c := r.s.scn.command(r.s.scenarioWagon(name).Command)
	if c != nil && r.s.cmdStatus(c.Name).Skedaddle != "" {
		// Command and control has moved it with the Skedaddle (10.9)
		// this phase, even one its owning leader gave a destination: a
		// Wagon's MA is spent once a turn.
		return "", ""
	}
	if w := r.s.wagonStatus(name); w.Destination != "" {
		return w.Destination, "its owning leader's order"
	}
	if c == nil {
		return "", ""
	}
	for _, o := range r.own(Accepted) {
		// Not while the HQ waits for a division to begin it (10.6d #5): the
		// Command does not yet execute the order.
		if o.To == c.Name && r.begun(o) && r.s.hqHex(c) != r.s.piece(name).Hex {
			return r.s.hqHex(c), "it follows its Command's " + o.ID
		}
	}
	return "", ""
}

// noteWagonOrders records the destinations owning leaders gave Wagons in
// WAGON directives (LoB 8.1c), so a Wagon keeps going on later turns.
func (r *resolver) noteWagonOrders(f *orders.File) {
	for _, d := range directives(f, "WAGON") {
		if _, ok := r.s.index[d.Who]; ok {
			r.s.wagonState(d.Who).Destination = d.Target
		}
	}
}

// validateSupportDirective checks a REPLENISH directive (LoB 8.5): it
// must name one of the side's batteries, Depleted of some ammunition.
// Where the battery stands is checked when the Activity Phase comes. It
// also checks who may POST a battery, and how many (9.1c), and who may
// give a Wagon its destination (8.1c).
func (s *State) validateSupportDirective(sd *SideOOB, f *orders.File, d *lobtext.Directive, ps *problems) {
	switch d.Keyword {
	case "POST":
		s.validatePosting(sd, f, d, ps)
		return
	case "WAGON":
		s.validateWagonOrder(sd, d, ps)
		return
	}
	if d.Keyword != "REPLENISH" {
		return
	}
	p, ok := s.ownPieceExact(sd, d.Who)
	switch {
	case !ok || p.Kind != ArmArtillery:
		ps.add(d.WhoAt, "lob-8.5-not-battery", "LoB 8.5", fmt.Sprintf("%s is not one of your batteries", d.Who), "name the battery as its counter does")
	case p.Unit.Eliminated || p.OffMap:
		ps.add(d.WhoAt, "lob-8.5-not-in-play", "LoB 8.5", fmt.Sprintf("%s is not on the map", d.Who), "")
	case !p.Unit.DepletedShell && !p.Unit.DepletedCanister:
		ps.add(d.At, "lob-8.5-not-depleted", "LoB 8.5", fmt.Sprintf("%s is not Depleted; only Depleted batteries replenish By Battery", d.Who), "leave the line out")
	}
}

// replenishments sends the batteries named in REPLENISH directives to
// replenish By Battery (LoB 8.5); one that cannot go yet stays, and the
// report says why.
func (r *resolver) replenishments(f *orders.File) {
	for _, d := range directives(f, "REPLENISH") {
		if ok, why := r.byBattery(d.Who); !ok {
			r.add("by-battery-waits", "LoB 8.5a", "%s cannot replenish By Battery yet: %s", d.Who, why)
		}
	}
}

// validatePosting checks a POST directive against LoB 9.1c: an Artillery
// Leader of the battery's Command must be stacked with it in the Command
// Phase (other leaders cannot post batteries), and he posts only one
// battery a turn.
func (s *State) validatePosting(sd *SideOOB, f *orders.File, d *lobtext.Directive, ps *problems) {
	leader := s.postingLeader(sd, d)
	if leader == "" {
		if p, ok := s.ownPieceExact(sd, d.Who); ok && p.Kind == ArmArtillery {
			ps.add(d.At, "lob-9.1c-no-artillery-leader", "LoB 9.1c",
				fmt.Sprintf("no Artillery Leader of %s's Command is stacked with it at %s to post it", d.Who, p.Hex),
				"move an Artillery Leader of its Command to the battery first")
		}
		return // a name that is no battery: command and control reports it
	}
	for _, e := range directives(f, "POST") {
		if e == d {
			return
		}
		if s.postingLeader(sd, e) == leader {
			ps.add(d.At, "lob-9.1c-one-post", "LoB 9.1c",
				fmt.Sprintf("%s has already posted %s this turn; an Artillery Leader posts one battery a turn", leader, e.Who),
				"post this battery next turn")
			return
		}
	}
}

// postingLeader is the Artillery Leader of a battery's Command stacked
// with it who may post it (LoB 9.1c), the first in counter order, or "".
func (s *State) postingLeader(sd *SideOOB, d *lobtext.Directive) string {
	p, ok := s.ownPieceExact(sd, d.Who)
	if !ok || p.Kind != ArmArtillery {
		return ""
	}
	for _, n := range s.leadersIn(sd.Side, p.Hex) {
		if l, _ := s.leaderData(n); l.Artillery && slices.Contains(s.leaderUnits(n), p.Name) {
			return n
		}
	}
	return ""
}

// validateWagonOrder checks a WAGON directive against LoB 8.1c: the
// Wagon's owning leader, or one of his seniors, gives it an order when
// stacked with it (no Initiative needed).
func (s *State) validateWagonOrder(sd *SideOOB, d *lobtext.Directive, ps *problems) {
	p, ok := s.ownPieceExact(sd, d.Who)
	if !ok || p.Kind != "wagon" {
		return // command and control reports it
	}
	owner := s.scn.command(s.scenarioWagon(d.Who).Command)
	for _, n := range s.leadersIn(sd.Side, p.Hex) {
		for _, post := range s.postsOf(n) {
			if c := s.scn.command(post); c != nil && owner != nil && slices.Contains(s.scn.orgPath(owner), c.Name) {
				return
			}
		}
	}
	who := "its owning leader"
	if owner != nil {
		if l, ok := s.commander(owner); ok {
			who = l.Name
		}
	}
	ps.add(d.At, "lob-8.1c-not-stacked", "LoB 8.1c",
		fmt.Sprintf("%s can be ordered only by %s or his seniors, stacked with it at %s", d.Who, who, p.Hex),
		"move the leader to the Wagon first")
}

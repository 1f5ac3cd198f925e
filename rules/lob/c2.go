package lob

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/lob/lobtext"
)

// Command and control beyond the basic order cycle (resolve.go): re-issue,
// Reserve, night orders, reinforcements, Fluke Stoppage, Attack Recovery,
// leader losses, Skedaddle and Initiative (LoB 10.3-10.10, 12.1-12.5).

// isMidnight reports whether a turn is the midnight turn (LoB 10.3e).
func (s *State) isMidnight(turn int) bool { return s.scn.clock(turn).Format("15:04") == "00:00" }

// firstLightAfter is the first Twilight turn after a turn (LoB 10.4d #1),
// or a turn past the game's end when the scenario ends first.
func (s *State) firstLightAfter(turn int) int {
	for t := turn + 1; t <= turn+24*60/s.scn.TurnMins; t++ {
		if s.scn.clock(t).Format("15:04") == s.scn.FirstLight {
			return t
		}
	}
	return s.scn.Turns + 1
}

// leaderOut reports why a leader cannot roll: off the map (LoB 10.3f) or
// lost (9.1a); "" when he can.
func (s *State) leaderOut(name string) string {
	if _, ok := s.index[name]; !ok {
		return "" // a Repl takes his post with the leader's counter (LoB 9.1a-b)
	}
	p := s.piece(name)
	switch {
	case p.OffMap:
		return "is not yet on the map"
	case p.Status == "lost":
		return "has been lost"
	}
	return ""
}

// inReserve reports whether a Command, or every unit of it, is in Reserve
// (LoB 10.4c).
func (s *State) inReserve(c *Command) bool {
	if s.cmdStatus(c.Name).Reserve {
		return true
	}
	us := c.units()
	for _, u := range us {
		if p := s.piece(u.Name); p.Unit == nil || !p.Unit.Reserve {
			return false
		}
	}
	return len(us) > 0
}

// cmdStatus is a read-only copy of a Command's status.
func (s *State) cmdStatus(name string) CommandState {
	for _, c := range s.doc.Commands {
		if c.Name == name {
			return c
		}
	}
	return CommandState{Name: name}
}

// commandRoll makes one leader's Command Roll (LoB 10.6) with the Reserve
// modifier when his formation is in Reserve (10.4c), and records it.
func (r *resolver) commandRoll(l Leader, reserve bool, purpose string) (sum int, yes bool) {
	r.rolled[l.Name] = true
	sum = r.log.Roll2d6("LoB 10.6", fmt.Sprintf("Command Roll: %s %s", l.Name, purpose), r.side)
	mod := ""
	if reserve {
		sum += r.s.charts.c2.rollReserve
		mod = fmt.Sprintf(", %+d in Reserve under LoB 10.4c,", r.s.charts.c2.rollReserve)
	}
	yes = r.s.charts.commandRoll(l.Command, sum)
	r.add("command-roll", "LoB 10.6", "%s (Command Value %d) rolls %d%s to %s: %s", l.Name, l.Command, sum, mod, purpose, yesNo(yes))
	return sum, yes
}

// held reports why an order on hand may not roll this turn, or "".
func (r *resolver) held(o *Order, c *Command) (rule, why string) {
	st := r.s.cmdStatus(c.Name)
	switch {
	case r.s.inSkedaddle(c):
		return "LoB 10.9c", "its Command is Skedaddling; the order waits until the Skedaddle ends"
	case o.NotBefore > r.turn:
		return "LoB 10.3e", fmt.Sprintf("a night order rolls no earlier than first light (%s)", r.clock(o.NotBefore))
	case o.Type == "ATTACK" && st.Recovering:
		return "LoB 10.8c", "its Command must achieve Attack Recovery before it can roll for an Attack order"
	}
	l, ok := r.s.commander(c)
	if !ok {
		return "LoB 9.1b", "no leader heads " + c.Name + " now"
	}
	if why := r.s.leaderOut(l.Name); why != "" {
		rule := "LoB 10.3f"
		if r.s.piece(l.Name).Status == "lost" {
			rule = "LoB 10.8b"
		}
		return rule, l.Name + " " + why
	}
	return "", ""
}

// rollLeader is the leader who makes a Command's rolls now: its commander
// after losses and promotions (LoB 9.1b), who rolls with his own Command
// Value (10.6, 10.7b, 10.8c). See docs/rulings-lob.md R-C2-LEAD.
func (s *State) rollLeader(c *Command) Leader {
	if l, ok := s.commander(c); ok {
		return l
	}
	return Leader{Name: "the leaderless " + c.Name} // a leader value of 0, as LoB 10.7c does
}

// withHQ reports whether the leader heading a Command now is stacked with
// its HQ, as he must be to make any Command Roll (LoB 10.6). A leader who
// fills in for an HQ always is (10.6d example step 4); so is a Repl, who
// takes his post with the fallen leader's counter (9.1a-b).
func (r *resolver) withHQ(c *Command) bool {
	l := r.s.rollLeader(c)
	if _, ok := r.s.index[l.Name]; c.NoHQ || !ok {
		return true
	}
	return r.s.piece(l.Name).Hex == r.s.hqHex(c)
}

// relay re-issues an accepted order to subordinate Commands (LoB 10.4a,
// 10.6d, 10.2i): an Attack order to each of them, any other order to
// those out of Command Radius (relayTargets). No new roll
// (docs/rulings-lob.md A3), all at once, delivered in the distance part
// of the Order Delivery chart. Conditions travel with it (10.4d
// exception).
func (r *resolver) relay(o *Order, c *Command) bool {
	from := r.s.rollLeader(c).Name
	targets := r.relayTargets(o, c)
	for _, t := range targets {
		sub := t.sub
		dist := r.s.scn.Map.distance(r.s.hqHex(c), r.s.hqHex(sub))
		band := r.s.charts.band(dist, c.Level, sub.Level)
		if r.s.piece(sub.Leader.Name).OffMap {
			band = band50 // LoB 10.3f
		}
		delay := r.s.charts.deliveryTurns(band, distanceOnly)
		n := Order{ID: r.s.nextID(r.side), Side: r.side, Type: o.Type, From: from, To: sub.Name,
			Objective: o.Objective, ObjectiveName: o.ObjectiveName, Route: o.Route, Condition: o.Condition,
			For: r.s.instructionsFor(o.For, sub), Intent: o.Intent, Axis: o.Axis, IssuedTurn: r.turn,
			ArrivesTurn: r.turn + delay, Status: InTransit, Parent: o.ID}
		r.s.doc.Orders = append(r.s.doc.Orders, n)
		r.add("order-relayed", t.rule, "%s re-issues %s to %s as %s: HQs %s apart (%s), distance part only: %s, arrives %s%s",
			from, o.ID, sub.Name, n.ID, count(dist, "hex", "hexes"), band, count(delay, "turn", "turns"), r.clock(n.ArrivesTurn), t.why)
	}
	return len(targets) > 0
}

// relayTarget is a subordinate Command an accepted order goes on to, the
// rule that sends it and, for LoB 10.2i, why.
type relayTarget struct {
	sub       *Command
	rule, why string
}

// relayTargets lists the subordinate Commands an accepted order must be
// relayed to: for an Attack order every one (LoB 10.4a, 10.6d); for any
// other order those whose center is out of the Command's radius at that
// moment, as a scenario or reinforcement may place them (10.2i,
// docs/rulings-lob.md R-C2-10I). Artillery Battalions move by destination
// or association (10.8e) and are never relayed to.
func (r *resolver) relayTargets(o *Order, c *Command) []relayTarget {
	var out []relayTarget
	t := r.s.newTrace(c.Side)
	for _, sub := range r.s.scn.subordinates(c) {
		switch {
		case sub.Level == LevelArtillery:
		case o.Type == "ATTACK":
			out = append(out, relayTarget{sub: sub, rule: "LoB 10.6d"})
		default:
			if why := r.s.outOfRadius(t, c, sub); why != "" {
				out = append(out, relayTarget{sub: sub, rule: "LoB 10.2i",
					why: fmt.Sprintf("; %s, so even a %s order must be relayed to it", why, o.Type)})
			}
		}
	}
	return out
}

// outOfRadius says why a subordinate Command's center (its HQ, or the
// leader filling in for one) is out of its parent's Command Radius (LoB
// 10.2b, 10.2e: the trace from the parent's HQ, blocked by enemy units
// and EZOCs), or "" when it is in.
func (s *State) outOfRadius(t *radiusTrace, c, sub *Command) string {
	if s.piece(sub.Leader.Name).OffMap {
		return fmt.Sprintf("%s is not yet on the map, out of Command Radius of %s", sub.Name, c.Name)
	}
	hq, center, rad := s.hqHex(c), s.hqHex(sub), s.radius(c)
	if t.reaches(hq, center, rad) {
		return ""
	}
	return fmt.Sprintf("%s at %s is out of Command Radius of %s (its HQ at %s, %d hexes away; radius %d)",
		sub.Name, center, c.Name, hq, s.scn.Map.distance(hq, center), rad)
}

// instructionsFor keeps the instructions that concern a subordinate
// Command or its formations: each division's re-issue carries its own
// (LoB 10.3c, 10.6d step 3).
func (s *State) instructionsFor(all []Instruction, sub *Command) []Instruction {
	var out []Instruction
	for _, in := range all {
		if s.within(in.Unit, sub) {
			out = append(out, in)
		}
	}
	return out
}

// applyReserves puts the formations an accepted order names into Reserve
// (LoB 10.4c #3): a Command, a brigade or a unit.
func (r *resolver) applyReserves(o *Order) {
	for _, name := range o.Reserves {
		for _, u := range r.s.formationUnits(name) {
			if p := r.s.piece(u); p.Unit != nil {
				p.Unit.Reserve = true
				r.s.toMarchFormation(p) // LoB 10.4c #2
			}
		}
		if c := r.s.scn.command(name); c != nil {
			r.s.cmdState(c.Name).Reserve = true
		}
		r.add("reserve-set", "LoB 10.4c", "%s goes into Reserve under %s", name, o.ID)
	}
}

// formationUnits lists the combat units of a Command, brigade or unit.
func (s *State) formationUnits(name string) []string {
	var out []string
	for _, c := range s.scn.commands() {
		for _, b := range c.Brigades {
			for _, u := range b.units() {
				if c.Name == name || b.Name == name || u.Name == name {
					out = append(out, u.Name)
				}
			}
		}
		for _, u := range c.Units {
			if c.Name == name || u.Name == name {
				out = append(out, u.Name)
			}
		}
	}
	return out
}

// associate records Artillery Battalion lines of an accepted order (LoB
// 10.8e): a destination hex, or association with the order's Command.
func (r *resolver) associate(o *Order) {
	for _, a := range o.Artillery {
		st := r.s.cmdState(a.Battalion)
		if a.Hex == "" {
			st.Associated = o.To
			r.add("artillery-associated", "LoB 10.8e", "%s is associated with %s and moves with it", a.Battalion, o.To)
			continue
		}
		st.Destination = a.Hex
		r.add("artillery-destination", "LoB 10.8e", "%s's HQ is to go to %s", a.Battalion, a.Hex)
	}
}

// endAttack ends an order; an Attack order's Command then needs Attack
// Recovery (LoB 10.8c). Re-issues of it that no division has begun end
// with it; divisions already carrying theirs out go on independently
// (10.6d #5) until their own orders end. See docs/rulings-lob.md R-C2-6.
func (r *resolver) endAttack(o *Order, why string) {
	r.end(o, why)
	if o.Type != "ATTACK" {
		return
	}
	r.startRecovery(o.To)
	for i := range r.s.doc.Orders {
		ch := &r.s.doc.Orders[i]
		if ch.Parent == o.ID && ch.Status != Ended && ch.Status != Accepted {
			r.end(ch, "ended with "+o.ID)
			r.add("order-ended", "LoB 10.7a", "%s ends with %s before %s began it", ch.ID, o.ID, ch.To)
		}
	}
}

// startRecovery marks a Command as needing Attack Recovery (LoB 10.8c).
// A corps does not: its divisions recover independently, and it may be
// given new Attack orders meanwhile (docs/rulings-lob.md R-C2-6).
func (r *resolver) startRecovery(cmd string) {
	st := r.s.cmdState(cmd)
	if st.Recovering || r.s.hasDivisions(r.s.scn.command(cmd)) {
		return
	}
	st.Recovering = true
	r.recoveryStarted[cmd] = true
	r.add("attack-recovery-needed", "LoB 10.8c", "%s must achieve Attack Recovery before it takes new Attack orders", cmd)
}

// flukeStop stops a Command's attack (LoB 10.7b): it withdraws in the next
// Activity Phase and needs Attack Recovery. When every division of its
// corps has stopped, the corps order ends (10.7a #4) and units attached
// directly to the corps stop with it (10.7e).
func (r *resolver) flukeStop(c *Command, rule, why string) {
	st := r.s.cmdState(c.Name)
	st.Fluke, st.Withdraw, st.Recovering = true, true, true
	r.recoveryStarted[c.Name] = true
	r.add("fluke-stoppage", rule, "%s suffers Fluke Stoppage (%s): it must pull back out of enemy Small Arms range and needs Attack Recovery", c.Name, why)
	parent := r.s.scn.parent(c)
	if parent == nil || parent.Level != LevelCorps {
		return
	}
	for _, sub := range r.s.scn.subordinates(parent) {
		if sub.Level != LevelArtillery && !r.s.cmdStatus(sub.Name).Fluke {
			return
		}
	}
	for _, o := range r.own(Accepted) {
		if o.To == parent.Name {
			r.end(o, "all its divisions suffered Fluke Stoppage")
			r.add("order-ended", "LoB 10.7a", "%s ends: every division of %s has suffered Fluke Stoppage", o.ID, parent.Name)
			if len(parent.units()) > 0 {
				r.add("fluke-corps-units", "LoB 10.7e", "units attached directly to %s stop now that the corps order has ended", parent.Name)
			}
			r.startRecovery(parent.Name)
		}
	}
}

// fluke makes the Fluke Stoppage checks (LoB 10.7b-d): each Command that
// is carrying out an Attack order and has not already stopped, after the
// scenario's grace period.
func (r *resolver) fluke() {
	for _, c := range r.s.scn.commands() {
		if c.Side != r.side || r.s.cmdStatus(c.Name).Fluke || !r.attacking(c) || len(r.s.scn.subordinates(c)) > 0 {
			continue
		}
		if grace := r.s.flukeGrace(); r.turn <= grace {
			r.add("fluke-grace", "LoB 10.7b", "no Fluke Stoppage roll for %s: turn %d is within the first %d turns of the scenario", c.Name, r.turn, grace)
			continue
		}
		r.flukeCheck(c)
	}
}

// flukeGrace is the number of turns at a scenario's start without Fluke
// Stoppage rolls: the scenario's own, or the chart pack's (LoB 10.7b).
func (s *State) flukeGrace() int {
	if s.scn.FlukeGrace > 0 {
		return s.scn.FlukeGrace
	}
	return s.charts.c2.flukeGrace
}

// attacking reports whether a Command is carrying out an Attack order.
func (r *resolver) attacking(c *Command) bool {
	for _, o := range r.own(Accepted) {
		if o.To == c.Name && o.Type == "ATTACK" {
			return true
		}
	}
	return false
}

func (r *resolver) flukeCheck(c *Command) {
	x := &r.s.charts.c2
	sum := r.log.Roll2d6("LoB 10.7b", "Fluke Stoppage Base Check: "+c.Name, r.side)
	note := ""
	if ok, why := r.s.hasReserve(c); ok {
		sum += x.flukeReserve
		note = fmt.Sprintf(", %+d for its reserve under LoB 10.7c,", x.flukeReserve)
	} else if why != "" {
		note = " (no reserve modifier: " + why + ")"
	}
	if x.flukePasses(sum) {
		r.add("fluke-check", "LoB 10.7b", "%s: Base Check %d%s passes; no stoppage this turn", c.Name, sum, note)
		return
	}
	l := r.s.rollLeader(c) // the leader heading it now (LoB 9.1b)
	r.add("fluke-check", "LoB 10.7b", "%s: Base Check %d%s fails; %s rolls on his Command Value column", c.Name, sum, note, l.Name)
	roll := r.log.Roll2d6("LoB 10.7b", "Fluke Stoppage leader roll: "+l.Name, r.side)
	if !x.flukeStops(l.Command, roll) {
		r.add("fluke-check", "LoB 10.7b", "%s rolls %d on Command Value %d: no effect, the attack goes on", l.Name, roll, l.Command)
		return
	}
	rule := "LoB 10.7b"
	if c.Level == LevelBrigade {
		rule = "LoB 10.7d"
	}
	r.flukeStop(c, rule, fmt.Sprintf("%s rolled %d on Command Value %d", l.Name, roll, l.Command))
}

// hasReserve applies LoB 10.7c: a Command has a reserve when its units in
// Reserve include a complete brigade (3 or more brigades) or a
// full-strength regiment (1 or 2), none Wrecked or destroyed, none within
// enemy Small Arms range, no cavalry for an infantry division, and a lone
// regiment not DG or Routed. It says why not when some Reserve fails.
func (s *State) hasReserve(c *Command) (bool, string) {
	why := ""
	for _, b := range c.Brigades {
		var in []*Unit
		for _, u := range b.units() {
			if p := s.piece(u.Name); p.Unit != nil && p.Unit.Reserve {
				in = append(in, u)
			}
		}
		if len(in) == 0 {
			continue
		}
		fail := s.reserveFails(c, b, in)
		if fail == "" {
			return true, ""
		}
		if why == "" {
			why = fail
		}
	}
	return false, why
}

// reserveFails checks one brigade's Reserve units against LoB 10.7c:
// conditions 1-4, then the minimum size.
func (s *State) reserveFails(c *Command, b Brigade, in []*Unit) string {
	enemy := s.enemyOf(c.Side)
	for _, u := range in {
		p := s.piece(u.Name)
		switch {
		case p.Unit.Eliminated || u.Wrecked(p.Unit.SP):
			return u.Name + " is Wrecked or destroyed"
		case s.enemySmallArmsWithin(enemy, p.Hex):
			return "enemy Small Arms can fire on " + u.Name
		case u.Arm == ArmCavalry && c.hasArm(ArmInfantry):
			return "cavalry cannot be the reserve of an infantry division"
		case len(in) == 1 && (s.marker(p.Hex).Morale == MoraleDG || s.marker(p.Hex).Morale == MoraleRouted):
			return u.Name + " is Disorganized or Routed"
		}
	}
	if len(c.Brigades) >= 3 && len(in) != len(b.units()) {
		return fmt.Sprintf("a division of %d brigades needs a complete brigade in reserve", len(c.Brigades))
	}
	for _, u := range in {
		if s.piece(u.Name).Unit.SP >= u.SP {
			return ""
		}
	}
	return "the reserve needs a full-strength regiment"
}

// hasArm reports whether any unit of the Command is of an arm.
func (c *Command) hasArm(arm string) bool {
	for _, u := range c.units() {
		if u.Arm == arm {
			return true
		}
	}
	return false
}

// enemySmallArmsWithin reports whether an enemy infantry or cavalry unit
// of side lies within Small Arms range of a hex. Line of sight is not
// traced (docs/rulings-lob.md R-C2-4).
func (s *State) enemySmallArmsWithin(side rules.Side, h string) bool {
	for _, p := range s.doc.Pieces {
		if p.Side == side && p.Unit != nil && !p.Unit.Eliminated && !p.OffMap && p.Kind != ArmArtillery &&
			s.scn.Map.distance(p.Hex, h) <= s.charts.c2.smallArms {
			return true
		}
	}
	return false
}

// recovery makes the Attack Recovery rolls (LoB 10.8c) for this side's
// Commands that need it, from the turn after the need arose
// (docs/rulings-lob.md R-C2-3). All recover on the first Twilight turn of
// a new day.
func (r *resolver) recovery() {
	for _, c := range r.s.scn.commands() {
		if c.Side != r.side || !r.s.cmdStatus(c.Name).Recovering || r.recoveryStarted[c.Name] {
			continue // rolls begin the turn after the need arises
		}
		if r.turn > 1 && r.clock(r.turn) == r.s.scn.FirstLight {
			r.recovered(c, "it is the first Twilight turn of a new day")
			continue
		}
		sit := r.s.situation(c)
		sum := r.log.Roll2d6("LoB 10.8c", "Attack Recovery Base Check: "+c.Name, r.side)
		if !r.s.charts.c2.recoveryPossible(sit, sum) {
			r.add("attack-recovery", "LoB 10.8c", "%s (%s): Base Check %d is outside the range; no recovery this turn", c.Name, situationText(sit), sum)
			continue
		}
		l := r.s.rollLeader(c) // the leader heading it now (LoB 9.1b)
		roll := r.log.Roll2d6("LoB 10.8c", "Attack Recovery leader roll: "+l.Name, r.side)
		if !r.s.charts.c2.recovers(l.Command, roll) {
			r.add("attack-recovery", "LoB 10.8c", "%s (%s): Base Check %d allows recovery, but %s rolls %d on Command Value %d: not yet", c.Name, situationText(sit), sum, l.Name, roll, l.Command)
			continue
		}
		r.recovered(c, fmt.Sprintf("%s; Base Check %d, %s rolled %d on Command Value %d", situationText(sit), sum, l.Name, roll, l.Command))
	}
}

func (r *resolver) recovered(c *Command, why string) {
	st := r.s.cmdState(c.Name)
	st.Recovering, st.Fluke, st.Withdraw = false, false, false
	r.add("attack-recovered", "LoB 10.8c", "%s achieves Attack Recovery: %s", c.Name, why)
	if r.attacking(c) {
		r.add("attack-resumed", "LoB 10.8c", "%s takes up its Attack order again", c.Name)
	}
}

// situation is a Command's Attack Recovery situation (LoB 10.8c): Wrecked
// and Destroyed units at any time, ignoring Open Order and Sharpshooters.
// situationText is the Attack Recovery situation (LoB 10.8c) in words.
func situationText(sit string) string {
	switch sit {
	case "none":
		return "no unit wrecked or destroyed"
	case "wrecked":
		return "a unit wrecked"
	case "destroyed":
		return "a unit destroyed"
	case "wrecked-destroyed":
		return "units wrecked and destroyed"
	}
	return sit
}

func (s *State) situation(c *Command) string {
	var wrecked, destroyed bool
	for _, u := range c.units() {
		if u.OpenOrder || u.Sharpshooter {
			continue
		}
		p := s.piece(u.Name)
		destroyed = destroyed || p.Unit.Eliminated
		wrecked = wrecked || (!p.Unit.Eliminated && u.Wrecked(p.Unit.SP))
	}
	switch {
	case wrecked && destroyed:
		return "wrecked-destroyed"
	case wrecked:
		return "wrecked"
	case destroyed:
		return "destroyed"
	}
	return "none"
}

// pendingEvents answers the field events raised since the side's last
// Command Phase: leader losses (LoB 10.8b) and forced Skedaddles (10.9).
func (r *resolver) pendingEvents() {
	var keep []Pending
	for _, e := range r.s.doc.Pending {
		if r.s.sideOf(e.Name) != r.side {
			keep = append(keep, e)
			continue
		}
		switch e.Kind {
		case "leader-lost":
			r.leaderLost(e)
		case "hq-overrun", "hq-retreat-small-arms", "hq-displaced":
			r.forceSkedaddle(e.Name, e.Kind)
		}
	}
	r.s.doc.Pending = keep
}

// hasDivisions reports whether a Command has subordinate Commands other
// than Artillery Battalions: a corps.
func (s *State) hasDivisions(c *Command) bool {
	if c == nil {
		return false
	}
	for _, sub := range s.scn.subordinates(c) {
		if sub.Level != LevelArtillery {
			return true
		}
	}
	return false
}

// raise records a field event for command and control to answer in the
// owning side's next Command Phase (see Pending). The field rules call it
// when a leader is lost (LoB 9.1a) or an HQ is overrun, retreats from
// Small Arms fire or is displaced (9.2, 10.9).
//
// A lost leader's Pending keeps the Commands he headed as he fell, printed
// or by promotion, before his posts are filled again (LoB 9.1b, 10.8b).
func (s *State) raise(kind, name string) {
	e := Pending{Kind: kind, Name: name}
	if kind == "leader-lost" {
		e.Commands = s.commandsHeadedBy(name)
	}
	s.doc.Pending = append(s.doc.Pending, e)
}

// commandsHeadedBy lists the Commands a leader heads now (LoB 9.1b).
func (s *State) commandsHeadedBy(name string) []string {
	var out []string
	for _, post := range s.postsOf(name) {
		if s.scn.command(post) != nil {
			out = append(out, post)
		}
	}
	return out
}

// sideOf is the side of a leader or Command.
func (s *State) sideOf(name string) rules.Side {
	if c := s.scn.command(name); c != nil {
		return c.Side
	}
	if i, ok := s.index[name]; ok {
		return s.doc.Pieces[i].Side
	}
	return ""
}

// leaderLost applies LoB 10.8b: when a Command's senior leader, printed
// or promoted to its head (9.1b), is lost while it carries out an Attack
// order, the whole Command suffers Fluke Stoppage; orders he was still
// trying to roll for are eliminated. Move orders and subordinate leaders'
// losses change nothing. See docs/rulings-lob.md R-C2-LEAD.
func (r *resolver) leaderLost(e Pending) {
	name := e.Name
	if _, ok := r.s.index[name]; ok {
		r.s.piece(name).Status = "lost"
	}
	cmds := e.Commands
	if len(cmds) == 0 {
		cmds = r.s.commandsHeadedBy(name)
	}
	if len(cmds) == 0 {
		r.add("leader-lost", "LoB 10.8b", "%s is lost; he leads no Command, so orders go on", name)
		return
	}
	for _, cmd := range cmds {
		r.seniorLost(name, r.s.scn.command(cmd))
	}
}

// seniorLost applies LoB 10.8b to one Command whose senior leader was lost.
func (r *resolver) seniorLost(name string, c *Command) {
	for _, o := range r.own(Waiting, Awaiting) {
		if o.To == c.Name {
			r.end(o, "eliminated: "+name+" was lost before accepting it")
			r.add("order-eliminated", "LoB 10.8b", "%s is eliminated: %s was lost before it passed its Command Roll", o.ID, name)
		}
	}
	if !r.attacking(c) {
		r.add("leader-lost", "LoB 10.8b", "%s, senior leader of %s, is lost; it is not attacking, so its orders go on", name, c.Name)
		return
	}
	r.flukeStop(c, "LoB 10.8b", name+", its senior leader, was lost during its attack")
	for _, sub := range r.s.scn.subordinates(c) {
		if r.attacking(sub) {
			r.flukeStop(sub, "LoB 10.8b", name+", senior leader of "+c.Name+", was lost during its attack")
		}
	}
}

// forceSkedaddle marks a Command to Skedaddle in its owner's next Activity
// Phase (LoB 10.9). Commands whose leader fills in for an HQ cannot be
// forced. See docs/rulings-lob.md R-C2-5 on what forces one.
func (r *resolver) forceSkedaddle(cmd, why string) {
	c := r.s.scn.command(cmd)
	if c == nil {
		return
	}
	if c.NoHQ {
		r.add("skedaddle-not-forced", "LoB 10.9", "%s uses its leader in place of an HQ and cannot be forced to Skedaddle (%s)", cmd, why)
		return
	}
	if r.s.cmdStatus(cmd).Skedaddle != "" {
		return
	}
	r.s.cmdState(cmd).SkedaddleDue = true
	r.add("skedaddle-forced", "LoB 10.9", "%s must Skedaddle in this Activity Phase (%s)", cmd, why)
}

// startSkedaddle executes a Skedaddle (LoB 10.9): the HQ is put in a hex
// to the rear, every order of the Command and of the Commands under it is
// cancelled (10.9c), and their units must form Column, Limbered or
// Mounted.
func (r *resolver) startSkedaddle(c *Command, to string) {
	st := r.s.cmdState(c.Name)
	if to == "" {
		to = r.s.rearHex(c)
	}
	st.SkedaddleDue, st.Skedaddle = false, to
	cmds := r.s.skedaddleCommands(c)
	for _, o := range r.own(InTransit, Waiting, Awaiting, Accepted) {
		if slices.ContainsFunc(cmds, func(x *Command) bool { return x.Name == o.To }) {
			r.end(o, "cancelled by the Skedaddle")
			r.add("order-cancelled", "LoB 10.9c", "%s is cancelled: %s Skedaddles", o.ID, c.Name)
		}
	}
	hq := r.s.hqPiece(c) // a leader filling in for one is the one heading it now (LoB 9.1b)
	from := hq.Hex
	r.s.setHex(hq, to)
	r.s.setHex(r.s.commanderPiece(c), to)
	r.add("skedaddle", "LoB 10.9", "%s Skedaddles: its HQ is placed from %s at %s; its units form column and fall back into Command Radius", c.Name, from, to)
	for _, x := range cmds {
		for _, u := range x.units() {
			if p := r.s.piece(u.Name); p.Unit != nil && !p.Unit.Eliminated {
				p.Unit.Formation = u.Sides[0]
			}
		}
	}
}

// rearHex is where a Skedaddling HQ goes when its owner names no hex: the
// hex within 6 hexes farthest from the nearest enemy combat unit (first by
// hex id on ties). See docs/rulings-lob.md R-C2-5.
func (s *State) rearHex(c *Command) string {
	m := &s.scn.Map
	best, bd := s.hqHex(c), s.enemyDistance(c.Side, s.hqHex(c))
	cands := hex.Range(m.axial(best), 6)
	ids := make([]string, 0, len(cands))
	for _, a := range cands {
		if m.onMap(a) {
			ids = append(ids, m.hexID(a.ToOffset()))
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		if d := s.enemyDistance(c.Side, id); d > bd {
			best, bd = id, d
		}
	}
	return best
}

// enemyDistance is the distance from a hex to the nearest enemy combat unit.
func (s *State) enemyDistance(side rules.Side, h string) int {
	best := 1 << 20
	for _, p := range s.doc.Pieces {
		if p.Side != side && p.Unit != nil && !p.Unit.Eliminated && !p.OffMap {
			best = min(best, s.scn.Map.distance(p.Hex, h))
		}
	}
	return best
}

// directives lists the file's directives of one keyword.
func directives(f *orders.File, keyword string) []*lobtext.Directive {
	var out []*lobtext.Directive
	for _, o := range f.Orders {
		if d, ok := o.(*lobtext.Directive); ok && d.Keyword == keyword {
			out = append(out, d)
		}
	}
	return out
}

// futile ends the attacks the player declares futile (LoB 10.7a #5) and
// applies 10.7b: the Command pulls back and needs Attack Recovery.
func (r *resolver) futile(f *orders.File) {
	for _, d := range directives(f, "FUTILE") {
		c := r.s.commandByAnyName(d.Who)
		for _, o := range r.own(Accepted) {
			if o.To == c.Name && o.Type == "ATTACK" {
				r.add("order-futile", "LoB 10.7a", "%s declares %s's attack futile: %s ends", r.s.scn.side(r.side).Army.Leader.Name, c.Name, o.ID)
				r.endAttack(o, "declared futile")
				st := r.s.cmdState(c.Name)
				st.Fluke, st.Withdraw = true, true
			}
		}
	}
}

// commandByAnyName finds a Command by its name, HQ or leader.
func (s *State) commandByAnyName(n string) *Command {
	for _, c := range s.scn.commands() {
		if strings.EqualFold(c.Name, n) || strings.EqualFold(c.HQName(), n) || strings.EqualFold(c.Leader.Name, n) {
			return c
		}
	}
	return nil
}

// posting posts batteries (LoB 9.1c): an Artillery Leader stacked with
// one battery of his Command notes its destination hex; posted batteries
// may ignore Command Radius (10.2d).
func (r *resolver) posting(f *orders.File) {
	for _, d := range directives(f, "POST") {
		p := r.s.piece(d.Who)
		p.Unit.Posted = d.Target
		r.add("battery-posted", "LoB 9.1c", "%s is posted to %s and may ignore Command Radius, as LoB 10.2d provides", d.Who, d.Target)
	}
}

// arriveOnMap brings on Commands whose arrival turn has come (LoB 3.7):
// their leader, HQ and units enter at their Entry Area (3.7a, 3.7b).
func (r *resolver) arriveOnMap() {
	for _, c := range r.s.scn.commands() {
		st := r.s.cmdStatus(c.Name)
		if c.Side != r.side || st.ArrivesTurn == 0 || st.ArrivesTurn > r.turn {
			continue
		}
		if !r.arriveAt(c, st.Entry) { // reinforcements.go
			continue
		}
		r.s.cmdState(c.Name).ArrivesTurn = 0
	}
	r.arriveUnits() // reinforcements.go: the Order of Arrival's units
}

// belongs reports whether a counter is the leader, HQ or a unit of c.
func (s *State) belongs(name string, c *Command) bool {
	if name == c.Leader.Name || name == c.HQName() {
		return true
	}
	for _, u := range c.units() {
		if u.Name == name {
			return true
		}
	}
	for _, b := range c.Brigades {
		if b.Leader != nil && b.Leader.Name == name {
			return true
		}
	}
	return false
}

// toMarchFormation puts a unit in Column, Limbered or Mounted (its first
// printed side), or keeps Open Order (LoB 10.4b, 10.4c #2, 10.9).
func (s *State) toMarchFormation(p *Piece) {
	u := s.scn.unit(p.Name)
	if u == nil || p.Unit == nil || p.Unit.Formation == "open-order" {
		return
	}
	p.Unit.Formation = u.Sides[0]
}

// moveInfantry reports whether a unit is Infantry for a Move order (LoB
// 10.4b): a unit with a Column side that is not Open Order; artillery and
// cavalry are not Infantry here.
func moveInfantry(u *Unit) bool {
	return u.Arm == ArmInfantry && !u.OpenOrder && u.Sides[0] == "column"
}

// formColumn puts a Command's Infantry into Column as it accepts a Move
// order (LoB 10.4b).
func (r *resolver) formColumn(c *Command) {
	var formed []string
	for _, u := range c.units() {
		p := r.s.piece(u.Name)
		if !moveInfantry(u) || p.Unit.Formation == "column" || p.Unit.Eliminated {
			continue
		}
		p.Unit.Formation = "column"
		formed = append(formed, u.Name)
	}
	if len(formed) > 0 {
		r.add("column-formed", "LoB 10.4b", "%s forms column for its Move order: %s", c.Name, strings.Join(formed, ", "))
	}
}

// columnHeldBy is the Move order that keeps a unit in Column, or nil: its
// Command's Infantry "must remain in this column until they deploy", and
// may deploy only on reaching the objective (the order is then fulfilled),
// on Attack orders (which replace it) or by Initiative (which ends it).
// See LoB 10.4b, 10.7a.
func (r *resolver) columnHeldBy(p *Piece) *Order {
	u := r.s.scn.unit(p.Name)
	l, ok := r.s.links(p.Side)[p.Name]
	if u == nil || !ok || !moveInfantry(u) {
		return nil
	}
	for _, o := range r.own(Accepted) {
		if o.To == l.cmd.Name && o.Type == "MOVE" {
			return o
		}
	}
	return nil
}

package lob

import (
	"fmt"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// Initiative types (LoB 10.10b), as written after INITIATIVE, with the
// order type each creates ("" when it creates no order).
var initiativeTypes = map[string]string{
	"ARTILLERY":     "MOVE",   // 1) move an artillery Command
	"MODIFY":        "",       // 2) change an order's route or timing, not its objective
	"DEPLOY":        "",       // 3) deploy a Command during a Move order
	"RELEASE":       "",       // 4) release a Reserve
	"COUNTERATTACK": "ATTACK", // 5) a Reserve retakes lost ground
	"END-SKEDADDLE": "",       // 6) end a Skedaddle
}

// leaderRole is a leader and what he commands: a Command, or a brigade
// of it.
type leaderRole struct {
	leader  Leader
	cmd     *Command
	brigade *Brigade // nil for a Command's own leader
}

// role finds a leader by name and what he heads now, after losses and
// promotions (LoB 9.1b): a Command, else a brigade. A leader who heads
// nothing now (lost, or his post taken) is found at his printed post, so
// that his Initiative is refused with the reason. See
// docs/rulings-lob.md R-C2-LEAD.
func (s *State) role(name string) (leaderRole, bool) {
	for _, c := range s.scn.commands() {
		if s.postHolder(c.Name) == name {
			l, _ := s.leaderData(name)
			return leaderRole{leader: l, cmd: c}, true
		}
	}
	for _, c := range s.scn.commands() {
		for i := range c.Brigades {
			if b := &c.Brigades[i]; b.Leader != nil && s.postHolder(b.Name) == name {
				l, _ := s.leaderData(name)
				return leaderRole{leader: l, cmd: c, brigade: b}, true
			}
		}
	}
	return s.printedRole(name)
}

// printedRole finds a leader at his post in the order of battle.
func (s *State) printedRole(name string) (leaderRole, bool) {
	for _, c := range s.scn.commands() {
		if c.Leader.Name == name {
			return leaderRole{leader: c.Leader, cmd: c}, true
		}
		for i := range c.Brigades {
			if b := &c.Brigades[i]; b.Leader != nil && b.Leader.Name == name {
				return leaderRole{leader: *b.Leader, cmd: c, brigade: b}, true
			}
		}
	}
	return leaderRole{}, false
}

// formation is what the leader's Initiative acts on: his brigade or his
// Command.
func (lr leaderRole) formation() string {
	if lr.brigade != nil {
		return lr.brigade.Name
	}
	return lr.cmd.Name
}

// reserve reports whether the leader's formation is in Reserve.
func (s *State) reserveOf(lr leaderRole) bool {
	if lr.brigade == nil {
		return s.inReserve(lr.cmd)
	}
	for _, u := range lr.brigade.units() {
		if p := s.piece(u.Name); p.Unit == nil || !p.Unit.Reserve {
			return false
		}
	}
	return true
}

// initiative makes the Initiative attempts of the file (LoB 10.10): each a
// Command Roll; on "yes" the order is in effect at once, with no delivery
// and no implementation roll.
func (r *resolver) initiative(f *orders.File) {
	for _, d := range directives(f, "INITIATIVE") {
		lr, _ := r.s.role(d.Who)
		if r.rolled[lr.leader.Name] {
			r.add("initiative-not-tried", "LoB 10.6", "%s has already made his Command Roll this phase; no Initiative", lr.leader.Name)
			continue
		}
		if lr.brigade == nil && !r.withHQ(lr.cmd) {
			r.add("initiative-not-tried", "LoB 10.6", "%s is not stacked with his HQ and cannot roll for Initiative", lr.leader.Name)
			continue
		}
		if d.Type == "END-SKEDADDLE" && !r.allInRadius(lr.cmd) {
			r.add("initiative-not-tried", "LoB 10.9b", "%s cannot end its Skedaddle: not all its units are back in Command Radius", lr.cmd.Name)
			continue
		}
		if _, yes := r.commandRoll(lr.leader, r.s.reserveOf(lr), "take the Initiative ("+d.Type+")"); !yes {
			r.add("initiative-failed", "LoB 10.10", "%s does not gain the Initiative", lr.leader.Name)
			continue
		}
		if r.initiativeWon == nil {
			r.initiativeWon = map[string]bool{}
		}
		r.initiativeWon[lr.leader.Name] = true
		r.applyInitiative(lr, d)
	}
}

func (r *resolver) applyInitiative(lr leaderRole, d *lobtext.Directive) {
	c := lr.cmd
	switch d.Type {
	case "ARTILLERY", "COUNTERATTACK":
		o := Order{ID: r.s.nextID(r.side), Side: r.side, Type: initiativeTypes[d.Type], From: lr.leader.Name, To: c.Name,
			Objective: d.Target, Route: []Waypoint{{Text: d.Target, Hex: d.Target}}, Initiative: d.Type,
			IssuedTurn: r.turn, ArrivesTurn: r.turn, Status: Awaiting}
		r.s.doc.Orders = append(r.s.doc.Orders, o)
		r.release(lr)
		r.accept(&r.s.doc.Orders[len(r.s.doc.Orders)-1], c, "LoB 10.10", "Initiative: in effect at once")
	case "MODIFY":
		r.modify(lr, d)
	case "DEPLOY":
		for _, o := range r.own(Accepted) {
			if o.To == c.Name && o.Type == "MOVE" {
				r.end(o, "the Command deployed by Initiative")
				r.add("order-ended", "LoB 10.7a", "%s deploys by Initiative: the Move order %s ends, as LoB 10.4b #3 and 10.7a #6 provide", c.Name, o.ID)
			}
		}
	case "RELEASE":
		r.release(lr)
	case "END-SKEDADDLE":
		r.s.cmdState(c.Name).Skedaddle = ""
		r.add("skedaddle-ended", "LoB 10.9b", "%s ends its Skedaddle; its units keep column until the next Activity Phase", c.Name)
	}
}

// release takes a leader's formation out of Reserve (LoB 10.4c #4).
func (r *resolver) release(lr leaderRole) {
	if !r.s.reserveOf(lr) {
		return
	}
	for _, u := range r.s.formationUnits(lr.formation()) {
		if p := r.s.piece(u); p.Unit != nil {
			p.Unit.Reserve = false
		}
	}
	if lr.brigade == nil {
		r.s.cmdState(lr.cmd.Name).Reserve = false
	}
	r.add("reserve-released", "LoB 10.4c", "%s leaves Reserve after a successful Command Roll", lr.formation())
}

// modify carries out an INITIATIVE MODIFY that gained the Initiative: a
// new route point for the order being carried out, or a new condition for
// the order waiting for one (LoB 10.10b #2, 10.4d; R-C2-INIT-1).
func (r *resolver) modify(lr leaderRole, d *lobtext.Directive) {
	c := lr.cmd
	kind, text := modifyTarget(d.Target)
	if kind == "timing" {
		var ps problems
		cond, _ := r.s.condition(r.s.scn.side(c.Side), text, d.At, &ps)
		if o := r.s.waitingOrder(c); o != nil {
			old := o.Condition.Text
			o.Condition, o.Condition.Text = cond, conditionText(cond) // as WHEN writes it
			r.add("order-modified", "LoB 10.10b", "%s changes the timing of %s: it now waits until %s, not for %s; the objective %s stands", lr.leader.Name, o.ID, o.Condition.Text, old, o.objectiveText())
		}
		return
	}
	for _, o := range r.own(Accepted) {
		if o.To == c.Name {
			o.Route = []Waypoint{{Text: text, Hex: text}}
			o.Path = r.s.plan(r.s.hqHex(c), o)
			r.add("order-modified", "LoB 10.10b", "%s changes the route of %s to go by %s; the objective %s stands", lr.leader.Name, o.ID, text, o.objectiveText())
		}
	}
}

// conditionText is a condition as the timing it sets: "First Light",
// "Wright's Brigade attacks".
func conditionText(c Condition) string {
	t := strings.TrimSpace(c.Text)
	if w, rest, ok := strings.Cut(t, " "); ok && strings.EqualFold(w, "when") {
		return rest
	}
	return t
}

// allInRadius reports whether every unit of a Command is in Command Radius.
func (r *resolver) allInRadius(c *Command) bool {
	t := r.s.newTrace(c.Side)
	links := r.s.links(c.Side)
	for _, x := range r.s.skedaddleCommands(c) { // its divisions' units too (LoB 10.9)
		for _, u := range x.units() {
			p := r.s.piece(u.Name)
			if p.Unit.Eliminated || p.OffMap {
				continue
			}
			if ok, _ := r.s.inRadius(t, p, links[u.Name]); !ok {
				return false
			}
		}
	}
	return true
}

// initiativeProblem checks an INITIATIVE directive (LoB 10.10, 10.9,
// 10.3f) and returns a problem code, rule and message, or "".
func (s *State) initiativeProblem(side *SideOOB, d *lobtext.Directive) (code, rule, msg string) {
	if _, ok := initiativeTypes[d.Type]; !ok {
		return "lob-10.10b-initiative-type", "LoB 10.10b", fmt.Sprintf("%q is not one of the six Initiative types: ARTILLERY, MODIFY, DEPLOY, RELEASE, COUNTERATTACK, END-SKEDADDLE", d.Type)
	}
	lr, ok := s.role(d.Who)
	if !ok || lr.cmd.Side != side.Side {
		return "lob-unknown-leader", "LoB 10.10", fmt.Sprintf("%s is not one of your leaders", d.Who)
	}
	sked := s.cmdStatus(lr.cmd.Name).Skedaddle != ""
	over := s.skedaddlingOver(lr.cmd) // a corps' Skedaddle holds its divisions' leaders too (10.9)
	switch {
	case lr.cmd == &side.Army && d.Type != "END-SKEDADDLE": // docs/rulings-lob.md A9
		return "lob-10.10a-army-commander", "LoB 10.10a", "the Army Commander cannot use Initiative except to end a Skedaddle"
	case !sked && s.inSkedaddle(lr.cmd) && d.Type != "END-SKEDADDLE":
		return "lob-10.10a-skedaddle", "LoB 10.10a", fmt.Sprintf("%s is Skedaddling, and %s with it; its leaders can use Initiative only to end the Skedaddle", over.Name, lr.cmd.Name)
	case !sked && s.inSkedaddle(lr.cmd):
		return "lob-10.9b-senior-leader", "LoB 10.9b", fmt.Sprintf("only the senior leader of %s can end its Skedaddle, not %s", over.Name, lr.leader.Name)
	case sked && d.Type != "END-SKEDADDLE":
		return "lob-10.10a-skedaddle", "LoB 10.10a", fmt.Sprintf("%s is Skedaddling; its leaders can use Initiative only to end the Skedaddle", lr.cmd.Name)
	case !sked && d.Type == "END-SKEDADDLE":
		return "lob-10.9b-no-skedaddle", "LoB 10.9b", fmt.Sprintf("%s is not Skedaddling", lr.cmd.Name)
	case s.leaderOut(lr.leader.Name) != "":
		if s.piece(lr.leader.Name).Status == "lost" {
			return "lob-9.1a-leader-lost", "LoB 9.1a", fmt.Sprintf("%s has been lost and cannot use Initiative; whoever now heads %s may",
				lr.leader.Name, lr.formation())
		}
		return "lob-10.3f-off-map", "LoB 10.3f", fmt.Sprintf("%s %s and cannot use Initiative", lr.leader.Name, s.leaderOut(lr.leader.Name))
	case s.postHolder(lr.formation()) != lr.leader.Name:
		return "lob-9.1b-not-in-command", "LoB 9.1b", fmt.Sprintf("%s no longer heads %s; %s does", lr.leader.Name, lr.formation(), s.postHolder(lr.formation()))
	}
	return s.initiativeTypeProblem(lr, d)
}

func (s *State) initiativeTypeProblem(lr leaderRole, d *lobtext.Directive) (code, rule, msg string) {
	if d.Type == "MODIFY" {
		return s.modifyProblem(lr, d)
	}
	needHex := d.Type == "ARTILLERY" || d.Type == "COUNTERATTACK"
	if needHex {
		if _, ok := s.scn.Map.Hex(d.Target); !ok {
			return "lob-10.10b-initiative-target", "LoB 10.10b", fmt.Sprintf("INITIATIVE %s needs 'to' and a hex of this map", d.Type)
		}
	}
	switch d.Type {
	case "ARTILLERY":
		if lr.cmd.Level != LevelArtillery {
			return "lob-10.10b-not-artillery", "LoB 10.10b", fmt.Sprintf("%s does not lead an artillery Command", lr.leader.Name)
		}
		if !s.inFriendlyRadius(lr.cmd.Side, d.Target) {
			return "lob-10.8e-destination", "LoB 10.8e", fmt.Sprintf("%s is not in Command Radius of a friendly infantry or cavalry Command", d.Target)
		}
	case "DEPLOY":
		if !s.hasAccepted(lr.cmd, true) {
			return "lob-10.10b-no-order", "LoB 10.10b", fmt.Sprintf("%s is carrying out no order that Initiative %s could change", lr.cmd.Name, d.Type)
		}
	case "RELEASE", "COUNTERATTACK":
		if !s.reserveOf(lr) {
			return "lob-10.10b-not-reserve", "LoB 10.10b", fmt.Sprintf("%s is not in Reserve", lr.formation())
		}
	}
	return "", "", ""
}

// modifyTarget reads what an INITIATIVE MODIFY changes (LoB 10.10b #2,
// docs/rulings-lob.md R-C2-INIT-1): after 'to', "objective ..." is the
// objective, which Initiative may not change; "route <hex>" or a hex is a
// route point; "timing ..." or anything else is the timing, a condition
// of LoB 10.4d. It returns the kind and the text after its keyword.
func modifyTarget(t string) (kind, rest string) {
	t = strings.TrimSpace(t)
	w, after, _ := strings.Cut(t, " ")
	switch strings.ToUpper(w) {
	case "OBJECTIVE":
		return "objective", strings.TrimSpace(after)
	case "ROUTE":
		return "route", strings.TrimSpace(after)
	case "TIMING":
		return "timing", strings.TrimSpace(after)
	}
	if t == "" || hexInText.FindString(t) == t {
		return "route", t
	}
	return "timing", t
}

// modifyProblem checks an INITIATIVE MODIFY (LoB 10.10b #2): "modify an
// existing order as to route or timing, but not objective". A route point
// needs an order being carried out; a new timing, a condition 10.4d allows,
// an order still waiting for its condition (R-C2-INIT-1).
func (s *State) modifyProblem(lr leaderRole, d *lobtext.Directive) (code, rule, msg string) {
	kind, text := modifyTarget(d.Target)
	switch kind {
	case "objective":
		return "lob-10.10b-objective", "LoB 10.10b", "Initiative may change an order's route or timing, not its objective; a new objective needs a new order from the Army Commander"
	case "route":
		if _, ok := s.scn.Map.Hex(text); !ok {
			return "lob-10.10b-initiative-target", "LoB 10.10b", "INITIATIVE MODIFY needs 'to' and a hex of this map for a route point, or 'to' and a condition of LoB 10.4d for the timing (to when Hood's Division attacks)"
		}
		if !s.hasAccepted(lr.cmd, false) {
			return "lob-10.10b-no-order", "LoB 10.10b", fmt.Sprintf("%s is carrying out no order whose route Initiative could change", lr.cmd.Name)
		}
	case "timing":
		var ps problems
		if _, ok := s.condition(s.scn.side(lr.cmd.Side), text, d.At, &ps); !ok && len(ps) > 0 {
			return ps[0].Code, ps[0].Rule, ps[0].Message
		}
		if s.waitingOrder(lr.cmd) == nil {
			return "lob-10.10b-no-order", "LoB 10.10b", fmt.Sprintf("%s has no order waiting for its condition whose timing Initiative could change; an order being carried out has begun", lr.cmd.Name)
		}
	}
	return "", "", ""
}

// waitingOrder is the Command's order waiting for its condition (LoB
// 10.4d), the first issued, or nil.
func (s *State) waitingOrder(c *Command) *Order {
	for i := range s.doc.Orders {
		if o := &s.doc.Orders[i]; o.To == c.Name && o.Status == Waiting {
			return o
		}
	}
	return nil
}

// hasAccepted reports whether a Command is carrying out an order (a Move
// order when move is set).
func (s *State) hasAccepted(c *Command, move bool) bool {
	for _, o := range s.doc.Orders {
		if o.To == c.Name && o.Status == Accepted && (!move || o.Type == "MOVE") {
			return true
		}
	}
	return false
}

// inFriendlyRadius reports whether a hex lies in Command Radius of any of
// side's infantry or cavalry Commands (LoB 10.8e a).
func (s *State) inFriendlyRadius(side rules.Side, h string) bool {
	t := s.newTrace(side)
	for _, c := range s.scn.commands() {
		if c.Side == side && c.Level != LevelArtillery && c.Level != LevelArmy && t.reaches(s.hqHex(c), h, s.radius(c)) {
			return true
		}
	}
	return false
}

package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/lob/lobtext"
)

// resolver carries one player turn's resolution.
type resolver struct {
	s      *State // the next state, changed in place
	side   rules.Side
	turn   int
	log    *rules.Log
	rolled map[string]bool // leaders who made their Command Roll this phase (LoB 10.6)
	// heldNoted marks orders already reported as held this phase.
	heldNoted map[string]bool
	// decisions are the answers so far to this segment's decision
	// requests; asked numbers the choices made (decisions.go).
	decisions []rules.Decision
	asked     map[string]int
	// acted marks the units that had their activity this phase (LoB 2.2);
	// scripted those an activity script names, which do not close up on
	// their HQ by themselves.
	acted    map[string]bool
	scripted map[string]bool
	// artilleryTargets counts the shots involving artillery at each hex
	// this phase: one, or three with an Artillery Leader (LoB 3.6d, 9.1c).
	artilleryTargets map[string]int
	// firedSP counts the SPs that fired out of each hex (LoB 5.1a), and
	// firedAt the hex each hex's units fired at (5.3b).
	firedSP map[string]int
	firedAt map[string]string
	// losses counts SPs lost in the combat being resolved (LoB 5.1b).
	losses combatLosses
	// err is the first chart lookup failure; resolution stops with it.
	err error
	// walked is the path of the last automatic move, from where it began
	// (foldMoves), for the trace of the event that tells it.
	walked []string
	// recoveryStarted marks Commands that came to need Attack Recovery
	// this phase; they roll from the next turn (LoB 10.8c).
	recoveryStarted map[string]bool
	// zeroMA keeps each Zero-led brigade's roll this phase (LoB 9.1e).
	zeroMA map[string]int
	// columns are the Road Columns that marched this phase (LoB 12.3).
	columns []*roadColumn
	// initiativeWon marks the leaders who won a Command Roll for the
	// Initiative this phase (LoB 10.10).
	initiativeWon map[string]bool
	// sideLinks is links(side), built once: the order of battle does not
	// change during a resolution (ownLinks).
	sideLinks map[string]radiusLink
	// about is the side whose counters the events now told are about,
	// when it is not the phasing side: a retreat or a displaced HQ of the
	// other side (audience.go, R-FOG-5).
	about rules.Side
	// lastTrace is the last Command Radius trace built, and lastInputs
	// what it was built from (trace).
	lastTrace  *radiusTrace
	lastInputs []traceInput
	scratch    []traceInput // sameTraceInputs's, reused
	// areaMarks holds each Command's recorded no-orders area grouped for
	// the steps measured against it (areaNear).
	areaMarks map[string]*areaMarks
}

// resolve runs one player turn in the order of LoB 2.1: the Command Phase
// (arrivals, implementation rolls, new orders, Attack Recovery, Fluke
// Stoppage), the Activity Phase (HQs, the activity scripts, then the
// support rules' part of it) and the Rally Phase (Rally, CBF markers, then
// Breastworks and the midnight Loss Recovery). A decision no standing
// reaction answers stops it with the pause as its error.
func (s *State) resolve(in rules.Input) (*State, []rules.Event, error) {
	if s.Over() {
		return nil, nil, fmt.Errorf("lob: the game is over")
	}
	side := s.side()
	f := in.Orders[side]
	if f == nil {
		f = emptyFile(side)
	}
	if ps := s.validate(side, f); len(ps) > 0 {
		return nil, nil, fmt.Errorf("lob: %s orders are illegal: %s (%s)", side, ps[0].Message, ps[0].Code)
	}
	r := &resolver{s: s.clone(), side: side, turn: s.turn(), log: &rules.Log{Dice: in.Dice}, rolled: map[string]bool{},
		heldNoted: map[string]bool{}, recoveryStarted: map[string]bool{},
		acted: map[string]bool{}, artilleryTargets: map[string]int{}, firedSP: map[string]int{}, firedAt: map[string]string{},
		decisions: in.Decisions, zeroMA: map[string]int{}}
	r.supportCommand()
	r.arriveOnMap()
	r.pendingEvents()
	r.arrivals()
	r.implement()
	r.issueAll(f)
	r.initiative(f)
	r.posting(f)
	r.futile(f)
	r.recovery()
	r.fluke()
	r.activity(f)
	if r.err == nil {
		r.supportActivity(f)
		r.fail(r.rallyPhase())
	}
	if r.err != nil {
		return nil, r.log.Events, r.err
	}
	r.supportRally()
	r.s.doc.Segment++
	return r.s, r.log.Events, nil
}

// add adds an event told to the phasing side, or, while the events are
// about the other side's counters (about), to their owner: each side
// reads its own units' fate; what the phasing side may read of it, tell
// gives it (R-FOG-5).
// addTraced is add for an event that leaves tr on its readers' maps:
// add tells the acting side's own units' doings to their owner alone.
func (r *resolver) addTraced(tr rules.Trace, kind, rule, format string, args ...any) {
	r.add(kind, rule, format, args...)
	if len(tr.Hexes) < 2 {
		return // it went nowhere
	}
	e := &r.log.Events[len(r.log.Events)-1]
	*e = e.Traced(tr)
}

func (r *resolver) add(kind, rule, format string, args ...any) {
	if r.about != "" {
		r.log.Add(kind, rule, fmt.Sprintf(format, args...), r.about)
		return
	}
	r.log.Add(kind, rule, fmt.Sprintf(format, args...), r.side)
}

func (r *resolver) clock(turn int) string { return r.s.scn.clock(turn).Format("15:04") }

// own lists this side's orders in issue order.
func (r *resolver) own(status ...string) []*Order {
	var os []*Order
	for i := range r.s.doc.Orders {
		o := &r.s.doc.Orders[i]
		if o.Side != r.side {
			continue
		}
		for _, st := range status {
			if o.Status == st {
				os = append(os, o)
			}
		}
	}
	return os
}

// end closes an order.
func (r *resolver) end(o *Order, why string) {
	o.Status, o.EndedTurn, o.Why, o.Path = Ended, r.turn, why, nil
}

// arrivals delivers orders whose arrival turn has come. A newly arrived
// order eliminates any order of that leader still waiting for a "yes".
// See LoB 10.6a and 10.6b.
func (r *resolver) arrivals() {
	for _, o := range r.own(InTransit) {
		if o.ArrivesTurn > r.turn {
			continue
		}
		for _, old := range r.own(Waiting, Awaiting) {
			if old.To == o.To {
				r.end(old, "superseded by "+o.ID+" before it was accepted")
				r.add("order-superseded", "LoB 10.6b", "%s to %s is superseded by %s, which has arrived", old.ID, old.To, o.ID)
			}
		}
		o.Status = Awaiting
		if o.Condition.Kind != "" && !r.relays(o) {
			o.Status = Waiting
		}
		r.add("order-arrived", "LoB 10.6a", "%s (%s) reaches %s at %s", o.ID, o.Type, o.To, r.clock(r.turn))
	}
}

// implement makes the Command Rolls for orders on hand. Conditional orders
// do not roll until their condition occurs (LoB 10.4d); a condition can be
// met by another Command's acceptance this phase, so passes repeat until
// nothing changes.
func (r *resolver) implement() {
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(r.s.doc.Orders); i++ { // by index: re-issues append
			o := &r.s.doc.Orders[i]
			if o.Side != r.side || (o.Status != Waiting && o.Status != Awaiting) {
				continue
			}
			if o.Status == Waiting {
				if !r.conditionMet(o) {
					continue
				}
				o.Status = Awaiting
				r.add("order-condition-met", "LoB 10.4d", "%s: the condition %q has occurred", o.ID, o.Condition.Text)
			}
			if r.rollToImplement(o) {
				changed = true
			}
		}
	}
	for _, o := range r.own(Waiting) {
		r.add("order-waiting", "LoB 10.4d", "%s to %s waits for its condition %q; no Command Roll", o.ID, o.To, o.Condition.Text)
	}
}

// relays reports whether an order is an Attack order to a Command that
// must re-issue it to its subordinates (LoB 10.4a, 10.6d).
func (r *resolver) relays(o *Order) bool {
	c := r.s.scn.command(o.To)
	return o.Type == "ATTACK" && c != nil && len(r.s.scn.subordinates(c)) > 0
}

// rollToImplement makes the receiver's Command Roll and reports whether the
// order was accepted. See LoB 10.6 and, for the Army HQ, 9.2a.
func (r *resolver) rollToImplement(o *Order) bool {
	c := r.s.scn.command(o.To)
	if rule, why := r.held(o, c); rule != "" {
		if !r.heldNoted[o.ID] {
			r.heldNoted[o.ID] = true
			r.add("order-held", rule, "%s to %s cannot roll this turn: %s", o.ID, c.Name, why)
		}
		return false
	}
	if c.Level == LevelArmy {
		r.accept(o, c, "LoB 9.2a", "orders to the Army HQ succeed automatically in their Command Roll to implement")
		return true
	}
	l := r.s.rollLeader(c) // the leader heading it now (LoB 9.1b)
	if r.rolled[l.Name] {
		return false
	}
	if !r.withHQ(c) {
		r.add("command-roll", "LoB 10.6", "%s is not stacked with his HQ and cannot roll for %s", l.Name, o.ID)
		return false
	}
	sum, yes := r.commandRoll(l, r.s.inReserve(c), "implement "+o.ID)
	o.Rolls = append(o.Rolls, RollNote{Turn: r.turn, Sum: sum, Yes: yes})
	if !yes {
		r.add("order-refused", "LoB 10.6", "%s does not yet act on %s; he must roll again next turn", l.Name, o.ID)
		return false
	}
	r.accept(o, c, "LoB 10.6", "rolled yes")
	return true
}

// accept starts carrying out an order; it replaces the order being carried
// out (LoB 10.6b).
func (r *resolver) accept(o *Order, c *Command, rule, why string) {
	for _, old := range r.own(Accepted) {
		if old.To == o.To {
			r.end(old, "replaced by "+o.ID)
			r.add("order-superseded", "LoB 10.6b", "%s replaces %s, which %s was carrying out", o.ID, old.ID, c.Name)
		}
	}
	o.Status, o.AcceptedTurn = Accepted, r.turn
	o.Path = r.s.plan(r.s.hqHex(c), o)
	r.add("order-accepted", rule, "%s accepts %s (%s): %s", c.Name, o.ID, o.Type, why)
	if r.s.inReserve(c) && len(o.Reserves) == 0 {
		r.release(leaderRole{leader: r.s.rollLeader(c), cmd: c})
	}
	if o.Type == "MOVE" {
		r.formColumn(c)
	}
	r.applyReserves(o)
	r.associate(o)
	r.relay(o, c)
}

// stacked reports whether the leader heading a Command now (LoB 9.1b) is
// with its HQ (10.6); a leader who fills in for an HQ always is (10.6d
// example step 4).
func (r *resolver) stacked(c *Command) bool {
	return c.NoHQ || r.s.commanderPiece(c).Hex == r.s.hqHex(c)
}

// conditionMet checks an order's condition (LoB 10.4d). First Light is the
// first Twilight turn of the day. "Command X attacks" occurs the turn X
// accepts an Attack order issued no earlier than this order, or while X
// is carrying one out; "N hours after" counts turns from that acceptance.
// See docs/rulings-lob.md A4.
func (r *resolver) conditionMet(o *Order) bool {
	c := o.Condition
	switch c.Kind {
	case "first-light":
		return r.clock(r.turn) == r.s.scn.FirstLight
	case "attacks":
		start, ok := r.attackStart(c.Command, o.IssuedTurn)
		return ok && r.turn >= r.s.turnAfter(start, c.Minutes) // by the clock: night turns last 30 minutes (LoB 2.3)
	}
	return true
}

func (r *resolver) attackStart(cmd string, since int) (int, bool) {
	best, ok := 0, false
	for _, a := range r.own(Accepted, Ended) {
		if a.To != cmd || a.Type != "ATTACK" || a.AcceptedTurn == 0 {
			continue
		}
		if a.Status == Accepted || a.AcceptedTurn >= since {
			if !ok || a.AcceptedTurn < best {
				best, ok = a.AcceptedTurn, true
			}
		}
	}
	return best, ok
}

// issueAll sends the file's new orders: the one order of a normal
// Command Phase (LoB 2.1b), the night orders of the midnight turn (10.3e)
// or Pre-Set Orders before play (12.1).
func (r *resolver) issueAll(f *orders.File) {
	var ws []*lobtext.Written
	for _, o := range f.Orders {
		if w, ok := o.(*lobtext.Written); ok {
			ws = append(ws, w)
		}
	}
	switch {
	case len(ws) == 0:
	case r.s.preSet():
		for _, w := range ws {
			r.preSetOrder(w)
		}
	case r.s.isMidnight(r.turn):
		for _, w := range ws {
			r.nightOrder(w)
		}
	default:
		r.issue(ws[0])
	}
}

// newOrder compiles a written order and gives it its number.
func (r *resolver) newOrder(w *lobtext.Written) *Order {
	var ps problems
	o := r.s.compile(r.s.scn.side(r.side), w, &ps)
	o.ID, o.IssuedTurn = r.s.nextID(r.side), r.turn
	r.s.doc.Orders = append(r.s.doc.Orders, o)
	return &r.s.doc.Orders[len(r.s.doc.Orders)-1]
}

// nightOrder is an order written on the midnight turn (LoB 10.3e): no
// Command Roll to send it, delivered at once, and no implementation roll
// before the first Twilight turn.
func (r *resolver) nightOrder(w *lobtext.Written) {
	o := r.newOrder(w)
	o.ArrivesTurn, o.NotBefore, o.Status = r.turn, r.s.firstLightAfter(r.turn), Awaiting
	if o.Condition.Kind != "" && !r.relays(o) {
		o.Status = Waiting
	}
	r.add("order-issued", "LoB 10.3e", "%s: %s %s to %s, objective %s, written on the midnight turn: no Command Roll, delivered at once; it rolls to implement from %s",
		o.ID, o.From, o.Type, o.To, o.objectiveText(), r.clock(o.NotBefore))
}

// preSetOrder puts a Pre-Set Order into effect before play (LoB 12.1),
// as a scenario's starting order is (11.0 #6): accepted at once and, for
// an Attack order, relayed to every level and active from the start.
func (r *resolver) preSetOrder(w *lobtext.Written) {
	o := r.newOrder(w)
	o.ArrivesTurn, o.Status = r.turn, Awaiting
	c := r.s.scn.command(o.To)
	id := o.ID
	r.accept(o, c, "LoB 12.1", "a Pre-Set Order, in effect from the start")
	for i := 0; i < len(r.s.doc.Orders); i++ {
		ch := &r.s.doc.Orders[i]
		if ch.Parent == id && ch.Status == InTransit {
			ch.ArrivesTurn, ch.Status = r.turn, Awaiting
			r.accept(ch, r.s.scn.command(ch.To), "LoB 12.1", "re-issued Pre-Set Order, in effect from the start")
		}
	}
}

// issue is the Army Commander's attempt to send one new order: a Command
// Roll, then delivery by the Order Delivery chart. See LoB 2.1b, 10.6, 10.6a.
func (r *resolver) issue(w *lobtext.Written) {
	sd := r.s.scn.side(r.side)
	army := &sd.Army
	var ps problems
	o := r.s.compile(sd, w, &ps)
	l := r.s.rollLeader(army) // the leader heading the army now (LoB 9.1b)
	if r.rolled[l.Name] {
		r.add("order-not-sent", "LoB 10.6", "%s has already made his Command Roll this phase; the order is not sent", l.Name)
		return
	}
	if !r.withHQ(army) {
		r.add("order-not-sent", "LoB 10.6", "%s is not stacked with his HQ and cannot roll; the order is not sent", l.Name)
		return
	}
	if _, yes := r.commandRoll(l, false, "issue an order to "+o.To); !yes {
		r.add("order-not-sent", "LoB 10.6", "the %s order to %s is not sent; try again next turn", o.Type, o.To)
		return
	}
	to := r.s.scn.command(o.To)
	dist := r.s.scn.Map.distance(r.s.hqHex(army), r.s.hqHex(to))
	band := r.s.charts.band(dist, army.Level, to.Level)
	rule, how := "LoB 10.6a", "HQs "+count(dist, "hex", "hexes")+" apart"
	if r.s.piece(to.Leader.Name).OffMap {
		// Always beyond radius and 50 hexes or more. See LoB 10.3f.
		band, rule = band50, "LoB 10.3f"
		how = o.To + " has not yet arrived, so the order goes as beyond Command Radius and 50 hexes or more away under LoB 10.3f"
	}
	delay := r.s.charts.deliveryTurns(band, sd.Awareness)
	o.ID = r.s.nextID(r.side)
	o.IssuedTurn, o.ArrivesTurn, o.Status = r.turn, r.turn+delay, InTransit
	r.s.doc.Orders = append(r.s.doc.Orders, o)
	r.add("order-issued", rule, "%s: %s %s to %s, objective %s, sent at %s; %s (%s), Awareness %s: %s, arrives %s (turn %d)",
		o.ID, l.Name, o.Type, o.To, o.objectiveText(), r.clock(r.turn), how, band, sd.Awareness, count(delay, "turn", "turns"), r.clock(o.ArrivesTurn), o.ArrivesTurn)
}

// nextID numbers a side's orders: CSA-1, CSA-2, ...
func (s *State) nextID(side rules.Side) string {
	for i := range s.doc.Counters {
		if s.doc.Counters[i].Side == side {
			s.doc.Counters[i].Last++
			return fmt.Sprintf("%s-%d", side, s.doc.Counters[i].Last)
		}
	}
	panic("lob: no order counter for " + side)
}

func (o *Order) objectiveText() string {
	if o.ObjectiveName != "" {
		return o.Objective + " (" + o.ObjectiveName + ")"
	}
	return o.Objective
}

// count writes a number with its noun, singular for one: "1 turn",
// "3 hexes".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// activity is the Activity Phase at HQ-and-Command level (LoB 2.2):
// Skedaddles start, stopped divisions pull back, each Command with an
// accepted order moves its HQ along the planned path (its leader and the
// units no script moves close on it), the activity scripts are carried out
// stack by stack, and units out of Command Radius head back into it.
func (r *resolver) activity(f *orders.File) {
	r.scripted = r.scriptedUnits(f)
	r.skedaddles(f)
	r.withdrawals()
	sd := r.s.scn.side(r.side)
	cmds := []*Command{&sd.Army}
	for i := range sd.Commands {
		cmds = append(cmds, &sd.Commands[i])
	}
	var cols []*roadColumn
	for _, c := range cmds {
		for _, o := range r.own(Accepted) {
			if o.To == c.Name && r.mayMove(c, o) {
				if col := r.move(c, o); col != nil {
					cols = append(cols, col)
				}
			}
		}
	}
	r.marchColumns(cols)
	r.followAssociation()
	r.stackActivities(f)
	r.radiusChecks()
	r.wagons(f)
}

// mayMove reports whether a Command's HQ follows its order this phase: not
// while Fluke-stopped (LoB 10.7b) or Skedaddling (10.9), and a corps HQ
// only once one of its divisions has begun the re-issued order (10.6d #5).
func (r *resolver) mayMove(c *Command, o *Order) bool {
	st := r.s.cmdStatus(c.Name)
	if st.Fluke || r.s.inSkedaddle(c) {
		return false
	}
	if r.begun(o) {
		return true
	}
	r.add("hq-waits", "LoB 10.6d", "%s HQ waits: none of its divisions has begun %s yet", c.Name, o.ID)
	return false
}

// begun reports whether an accepted order moves its Command's HQ yet: at
// once, but a corps' re-issued Attack order only once one of its
// divisions has begun it (LoB 10.6d #5).
func (r *resolver) begun(o *Order) bool {
	if !r.relays(o) {
		return true
	}
	for _, ch := range r.s.doc.Orders {
		if ch.Parent == o.ID && (ch.Status == Accepted || ch.AcceptedTurn > 0) {
			return true
		}
	}
	return false
}

// move carries out a Command's order for this phase: its HQ follows the
// planned path at its units' pace (paced), the leader with it, and the
// Command's units and brigade leaders close up on it. Under Advanced Road
// Columns (LoB 12.3) a Move order marched by road returns the Road
// Column, whose units march after every HQ has moved (marchColumns); the
// rest close up then.
func (r *resolver) move(c *Command, o *Order) *roadColumn {
	hq := r.s.hqPiece(c)
	from := hq.Hex
	if r.s.offRoute(o) != "" {
		o.Path = r.s.replan(from, o)
		r.add("hq-replanned", "LoB 10.2h", "%s is at %s, off the path planned for %s: it goes on from there toward %s", hq.Name, from, o.ID, o.objectiveText())
	}
	withLeader := r.stacked(c)
	n, road := r.s.hqReach(from, o.Path)
	column := n > 0 && road && o.Type == "MOVE" && r.s.optional("12.3")
	if !column {
		n = r.paced(c, hq, o.Path[:n])
	}
	last := from
	if n > 1 {
		last = o.Path[n-2]
	}
	var col *roadColumn
	if n > 0 {
		r.s.setHex(hq, o.Path[n-1])
		o.Path = o.Path[n:]
		if withLeader {
			r.s.setHex(r.s.commanderPiece(c), hq.Hex) // the leader heading it now (LoB 9.1b)
		}
		r.add("hq-moved", "LoB 9.2", "%s moves %d hexes from %s to %s following %s", hq.Name, n, from, hq.Hex, o.ID)
		if column {
			r.add("road-column", "LoB 12.3e", "%s marches in Road Column: %d hexes of road", c.Name, r.s.columnLength(c))
			col = r.roadColumn(c, last, n)
		}
		r.drift(c, o)
		if col == nil {
			r.closeUpAll(c, n, nil)
		}
	}
	if hq.Hex == o.Objective {
		r.add("order-fulfilled", "LoB 10.7a", "%s has reached its objective %s: %s is fulfilled", c.Name, o.objectiveText(), o.ID)
		r.endAttack(o, "fulfilled: the HQ reached "+o.objectiveText())
	}
	return col
}

// closeUpAll closes up a Command's units, but those of its Road Column,
// and the leaders heading its brigades now (a Repl after a loss, LoB
// 9.1b) on its HQ after the HQ moved n hexes.
func (r *resolver) closeUpAll(c *Command, n int, col *roadColumn) {
	to := r.s.hqHex(c)
	for _, u := range c.units() {
		if p := r.s.piece(u.Name); col == nil || !slices.Contains(col.units, p) {
			r.closeUp(p, to, n)
		}
	}
	for i := range c.Brigades {
		name, at, ok := r.s.brigadeHead(&c.Brigades[i])
		if ok && !r.scripted[name] && !r.acted[name] {
			if h := r.leaderCloseUp(&Piece{Name: name, Side: c.Side, Hex: *at}, to, n); h != *at {
				*at = h
				r.s.hexesMoved() // the head may be a counter
			}
		}
	}
}

// closeUp moves a unit toward its HQ, stopping next to it. A combat unit
// moves as a Move Activity (autoMove, LoB 3.0): its cheapest legal path,
// within its MA, stopping at an EZOC (3.4) or short of overstacking
// (3.2a); a leader or HQ goes up to n hexes, never into a hex enemy
// combat units hold. Units the player moves with an activity script stay
// for it, and so do those that have moved this phase (LoB 2.2), as a
// brigade drifting toward the sound of the guns (12.5).
func (r *resolver) closeUp(p *Piece, to string, n int) {
	if r.scripted[p.Name] || r.acted[p.Name] || p.OffMap || p.Unit != nil && p.Unit.Eliminated {
		return
	}
	if p.Unit != nil {
		path := r.autoPath(p, to)
		if len(path) < 2 {
			return
		}
		from := p.Hex
		spent := r.autoMove(p, path[:len(path)-1], nil) // stop adjacent to the HQ
		if p.Hex != from {
			r.addTraced(r.walkedTrace(p), "close-up", "LoB 3.0", "%s closes up toward its HQ from %s to %s (%s)", p.Name, from, p.Hex, spent)
		}
		return
	}
	r.s.setHex(p, r.leaderCloseUp(p, to, n))
}

// leaderCloseUp is the hex a leader or HQ closing up on a hex ends in: up
// to n hexes along the shortest path that avoids hexes enemy combat units
// hold, stopping next to it.
func (r *resolver) leaderCloseUp(p *Piece, to string, n int) string {
	m := &r.s.scn.Map
	enemy := r.s.occupancy()[r.s.enemyOf(p.Side)]
	path, _, ok := hex.Path(m.axial(p.Hex), m.axial(to), func(a, b hex.Axial) int {
		if !m.onMap(b) || enemy[m.hexID(b.ToOffset())] {
			return -1
		}
		return 1
	})
	if steps := min(n, len(path)-2); ok && steps > 0 { // stop adjacent to the HQ
		return m.hexID(path[steps].ToOffset())
	}
	return p.Hex
}

// closeUpEnd is the hex a combat unit closing up on a hex would end in
// (closeUp), without moving it, on a board read beforehand.
func (r *resolver) closeUpEnd(p *Piece, to string, b autoBoard) string {
	path := r.autoPathBy(p, to, r.autoCostOn(p, b))
	if len(path) < 2 {
		return p.Hex
	}
	path = path[:len(path)-1]
	end := r.autoReachOn(r.autoStack(p), path, nil, -1, b)
	for end >= 0 && r.overstacks(p, path[end]) {
		end--
	}
	if end < 0 {
		return p.Hex
	}
	return path[end]
}

// unitCost lets a brigade step onto any map hex.
func (m *Map) unitCost(_, to hex.Axial) int {
	if !m.onMap(to) {
		return -1
	}
	return 1
}

// stepCost is the HQ movement cost of one step in allowance units: a road
// step costs 1/road of a turn's allowance, any other 1/cross-country.
func (s *State) stepCost(a, b string) int {
	if s.scn.Map.onRoad(a, b) {
		return s.charts.country
	}
	return s.charts.road
}

// onRoad reports whether a and b are consecutive hexes of one road.
func (m *Map) onRoad(a, b string) bool {
	for _, r := range m.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			if (r.Hexes[i-1] == a && r.Hexes[i] == b) || (r.Hexes[i-1] == b && r.Hexes[i] == a) {
				return true
			}
		}
	}
	return false
}

// plan is the HQ's path (not counting its own hex) from a hex along the
// order's route to its objective: the cheapest path to each hex waypoint,
// and along each named road hex by hex from where the HQ joins it to where
// it leaves it for the next point.
func (s *State) plan(from string, o *Order) []string {
	m := &s.scn.Map
	var path []string
	cur := from
	goTo := func(to string) {
		p, _, ok := hex.Path(m.axial(cur), m.axial(to), func(a, b hex.Axial) int {
			if !m.onMap(b) {
				return -1
			}
			return s.stepCost(m.hexID(a.ToOffset()), m.hexID(b.ToOffset()))
		})
		if !ok {
			return
		}
		for _, a := range p[1:] {
			path = append(path, m.hexID(a.ToOffset()))
		}
		cur = to
	}
	for i, w := range o.Route {
		if w.Road == "" {
			goTo(w.Hex)
			continue
		}
		road := m.road(w.Road)
		in := nearestOn(m, road, cur)
		out := nearestOn(m, road, s.anchor(o, i+1, road))
		goTo(road.Hexes[in])
		step := 1
		if out < in {
			step = -1
		}
		for j := in; j != out; j += step {
			path = append(path, road.Hexes[j+step])
		}
		cur = road.Hexes[out]
	}
	goTo(o.Objective)
	return path
}

// anchor is the hex the route heads for after waypoint i-1 leaves a road:
// the next hex waypoint, the nearest hex of the next road, or the objective.
func (s *State) anchor(o *Order, i int, from *Road) string {
	if i >= len(o.Route) {
		return o.Objective
	}
	w := o.Route[i]
	if w.Road == "" {
		return w.Hex
	}
	next := s.scn.Map.road(w.Road)
	best, bd := next.Hexes[0], -1
	for _, a := range next.Hexes {
		for _, b := range from.Hexes {
			if d := s.scn.Map.distance(a, b); bd < 0 || d < bd {
				best, bd = a, d
			}
		}
	}
	return best
}

// nearestOn is the index of the road hex nearest to a hex (first on ties).
func nearestOn(m *Map, r *Road, to string) int {
	best, bd := 0, -1
	for i, h := range r.Hexes {
		if d := m.distance(h, to); bd < 0 || d < bd {
			best, bd = i, d
		}
	}
	return best
}

// road finds a road by exact name.
func (m *Map) road(name string) *Road {
	for i := range m.Roads {
		if m.Roads[i].Name == name {
			return &m.Roads[i]
		}
	}
	return &Road{Name: name}
}

// describe is a one-line summary of an order's status for reports.
func (s *State) describe(o *Order) string {
	head := fmt.Sprintf("%s %s %s -> %s, objective %s", o.ID, o.Type, o.From, o.To, o.objectiveText())
	if o.Condition.Kind != "" {
		head += fmt.Sprintf(", when %s", o.Condition.Text)
	}
	if o.Parent != "" {
		head += fmt.Sprintf(" (re-issue of %s)", o.Parent)
	}
	if o.Initiative != "" {
		head += fmt.Sprintf(" (Initiative %s)", o.Initiative)
	}
	if o.Axis != "" {
		head += ", axis " + o.Axis
	}
	if o.Defend != "" {
		head += ", defensive position " + o.Defend
	}
	if o.Intent != "" {
		head += fmt.Sprintf(", intent %q", strings.ReplaceAll(o.Intent, "\n", " "))
	}
	clock := func(t int) string { return s.scn.clock(t).Format("15:04") }
	var st string
	switch o.Status {
	case InTransit:
		st = fmt.Sprintf("in transit (arrives %s)", clock(o.ArrivesTurn))
	case Waiting:
		st = fmt.Sprintf("arrived %s, waiting for its condition", clock(o.ArrivesTurn))
	case Awaiting:
		st = "awaiting acceptance" + rollsText(o, clock)
	case Accepted:
		st = fmt.Sprintf("accepted %s, executing", clock(o.AcceptedTurn))
		if cs := s.cmdStatus(o.To); cs.Fluke {
			st = fmt.Sprintf("accepted %s, stopped by Fluke Stoppage until Attack Recovery", clock(o.AcceptedTurn))
		}
		st += s.offRoute(o)
	case Ended:
		st = fmt.Sprintf("ended %s (%s)", clock(o.EndedTurn), o.Why)
	}
	if o.Ruling != "" {
		st += fmt.Sprintf("; referee: %s", o.Ruling)
	}
	return head + ": " + st
}

// replan plans an order's path afresh from where its HQ stands now, as
// after a displacement (LoB 9.2), through the route's waypoints still
// ahead on the old path: an HQ must follow the order's path (10.2h), but
// from its present hex, not the one it left.
func (s *State) replan(from string, o *Order) []string {
	rest := *o
	rest.Route = nil
	for _, w := range o.Route {
		ahead := slices.Contains(o.Path, w.Hex)
		if w.Road != "" {
			ahead = slices.ContainsFunc(s.scn.Map.road(w.Road).Hexes, func(h string) bool { return slices.Contains(o.Path, h) })
		}
		if ahead {
			rest.Route = append(rest.Route, w)
		}
	}
	return s.plan(from, &rest)
}

// offRoute says when a Command's HQ is not where its order's route goes
// next (LoB 10.2h: "A Command's HQ must follow the order's movement
// path"), as after a displacement (9.2).
func (s *State) offRoute(o *Order) string {
	c := s.scn.command(o.To)
	if c == nil || len(o.Path) == 0 {
		return ""
	}
	if hq := s.hqHex(c); s.scn.Map.distance(hq, o.Path[0]) > 1 {
		return fmt.Sprintf("; its HQ at %s has left its route (next %s)", hq, o.Path[0])
	}
	return ""
}

func rollsText(o *Order, clock func(int) string) string {
	if len(o.Rolls) == 0 {
		return " (no roll yet)"
	}
	var parts []string
	for _, n := range o.Rolls {
		parts = append(parts, fmt.Sprintf("%s rolled %d, %s", clock(n.Turn), n.Sum, yesNo(n.Yes)))
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

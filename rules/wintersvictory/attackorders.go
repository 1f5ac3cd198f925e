package wintersvictory

import (
	"fmt"
	"strings"

	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// Attack Orders held and implemented, and the Attack Order formation
// (See WV 17.71-17.72):
//
//  1. A Corps (Wing) Commander who receives an Attack Order holds it
//     beneath his counter, keeping his Order Received: it is not yet in
//     force. He implements it in a later (or the same) Corps Commander
//     Activity Segment by sending Division Attack Orders (ATTACK <corps>
//     TO <division>) through the Order Delivery procedure, outside the
//     limits of 17.33. Sent to every Division Leader of his corps it is a
//     Corps Attack Order, in force for the corps the moment one Division
//     Leader receives it; sent to fewer it is a Division Attack Order and
//     the held order is spent as it is sent (ruling R73).
//  2. A Division Leader who receives an Attack Order (from his Army or
//     Corps Commander) puts it in force at once, and it replaces his Order
//     Received. His Division Attack Order marker takes the first of the
//     letters A, B, C his army is not using (17.72).
//  3. In the same sub-segment each of his Brigade Leaders on the map
//     within his Command Radius takes a Brigade Attack Order marker with
//     the same letter in lower case; one beyond it takes its marker in a
//     later Division Attack Order Activity sub-segment of its side's
//     Command Phase, once within the radius; one on the display is sent
//     an Attack Order as if within the radius, and takes the marker when
//     it is received (17.71).
//  4. A brigade is under its formation's Attack Order (17.73, 17.75) only
//     once its Brigade Leader holds its marker. Ending the Attack Order
//     (17.76) removes the formation's markers.

// attackLetters are the Division Attack Order markers (17.72).
var attackLetters = []string{"A", "B", "C", "D", "E", "F"}

// nextLetter is the first Division Attack Order letter side is not
// using.
func (s *State) nextLetter(side rules.Side) string {
	used := map[string]bool{}
	for _, l := range s.Leaders {
		if l.Side == side && l.Level != Brigade && l.Letter != "" {
			used[l.Letter] = true
		}
	}
	for _, x := range attackLetters {
		if !used[x] {
			return x
		}
	}
	return attackLetters[len(attackLetters)-1]
}

// attackReceived applies an Attack Order delivered to leader l (17.71).
func (r *run) attackReceived(l *Leader, c Courier) {
	switch l.Level {
	case Corps:
		l.Held = true
		r.tell("attack-held", "WV 17.71", only(c.Side), "%s holds the Attack Order (objective %s) beneath his counter: he implements it by sending Division Attack Orders", l.Name, c.Objective)
	case Division:
		if c.Corps {
			if k := r.s.leader(c.From); k != nil && k.Held {
				k.Held, k.Attack = false, true
				r.tell("attack-order", "WV 17.71", only(c.Side), "%s's Corps Attack Order is implemented: %s's formation is under an Attack Order toward %s: infantry +1 Effectiveness (13.2)", k.Name, k.Name, c.Objective)
			}
		} else {
			l.Attack = true
			r.tell("attack-order", "WV 17.73", only(c.Side), "%s's formation is under an Attack Order toward %s: infantry +1 Effectiveness (13.2)", l.Name, c.Objective)
		}
		l.Received = false // the Attack Order acts as his Order Received
		if l.Letter == "" {
			l.Letter = r.s.nextLetter(l.Side)
		}
		r.tell("attack-marker", "WV 17.72", only(c.Side), "%s takes Division Attack Order marker %s", l.Name, l.Letter)
		r.markBrigades(l)
	case Brigade:
		if d := r.s.leader(c.From); d != nil && d.Letter != "" {
			l.Letter = strings.ToLower(d.Letter)
			l.Received = false
			r.tell("attack-marker", "WV 17.71", only(c.Side), "%s receives Brigade Attack Order marker %s", l.Name, l.Letter)
		}
	default:
		l.Attack = true
	}
}

// markBrigades is the Division Attack Order Activity sub-segment of
// Division Leader d (17.71): his Brigade Leaders on the map within his
// radius take their markers; those on the display are sent an Attack
// Order as if within it.
func (r *run) markBrigades(d *Leader) {
	if d.Letter == "" || d.Hex == "" {
		return
	}
	for i := range r.s.Leaders {
		b := &r.s.Leaders[i]
		if b.Superior != d.Name || b.Level != Brigade || b.Letter != "" || b.Retired {
			continue
		}
		if b.Hex == "" {
			if !r.courierTo(b.Name) {
				o := &wvtext.Order{Verb: wvtext.Attack, Objective: d.Objective}
				r.send(d.Side, d, b, o, min(max(r.s.receiverDist(d.Side, d, b), 0), d.radius()))
			}
			continue
		}
		if dist := r.s.radiusDist(d.Side, d.Hex, b.Hex); within(dist, d.radius()) {
			b.Letter = strings.ToLower(d.Letter)
			r.tell("attack-marker", "WV 17.71", only(d.Side), "%s takes Brigade Attack Order marker %s (%d hexes from %s)", b.Name, b.Letter, dist, d.Name)
		}
	}
}

// courierTo reports whether an order to leader name is in delivery.
func (r *run) courierTo(name string) bool {
	for _, c := range r.s.Couriers {
		if c.To == name {
			return true
		}
	}
	return false
}

// divisionAttackActivity marks, in the side's Command Phase, the Brigade
// Leaders that have come within their Division Leader's radius (17.71).
func (r *run) divisionAttackActivity(side rules.Side) {
	for i := range r.s.Leaders {
		if d := &r.s.Leaders[i]; d.Side == side && d.Level == Division && d.Letter != "" {
			r.markBrigades(d)
		}
	}
}

// implementHeld settles what a Corps Commander holding an Attack Order
// has implemented by the Division Attack Orders he sent this segment
// (17.71, ruling R73): sent to every Division Leader of his corps, a
// Corps Attack Order (in force when one receives it); else a Division
// Attack Order, and the held order is spent.
func (r *run) implementHeld(k *Leader, sent []*Leader) (corps bool) {
	if k.Level != Corps || !k.Held || len(sent) == 0 {
		return false
	}
	all := true
	for i := range r.s.Leaders {
		if d := &r.s.Leaders[i]; d.Superior == k.Name && d.Level == Division {
			all = all && containsLeader(sent, d)
		}
	}
	if all {
		r.tell("attack-implemented", "WV 17.71", only(k.Side), "%s implements his Attack Order as a Corps Attack Order", k.Name)
		return true
	}
	k.Held = false
	r.tell("attack-implemented", "WV 17.71", only(k.Side), "%s implements his Attack Order as a Division Attack Order to %s", k.Name, sent[0].Name)
	return false
}

func containsLeader(ls []*Leader, l *Leader) bool {
	for _, x := range ls {
		if x == l {
			return true
		}
	}
	return false
}

// clearMarkers removes the Attack Order markers of holder h's formation
// when its Attack Order ends (17.76).
func (s *State) clearMarkers(h *Leader) {
	h.Letter = ""
	for i := range s.Leaders {
		if _, below := s.subordinate(h, &s.Leaders[i]); below {
			s.Leaders[i].Letter = ""
		}
	}
}

// markerText is a leader's Attack Order marker for his side's view.
func markerText(l *Leader) string {
	switch {
	case l.Held:
		return "Attack Order held"
	case l.Letter == "":
		return ""
	case l.Level == Brigade:
		return fmt.Sprintf("Brigade Attack Order marker %s", l.Letter)
	}
	return fmt.Sprintf("Division Attack Order marker %s", l.Letter)
}

// commandViolation adds the violation of a command unit of an attacking
// formation that is reduced or goes Standing during the Attack Order
// (17.75.4).
func (r *run) commandViolation(l *Leader, what string) {
	if r.dry() {
		return
	}
	if h := r.s.attackHolder(l.Name); h != nil {
		h.Violations++
		r.tell("attack-violation", "WV 17.75", only(l.Side), "%s's Attack Order: 1 violation, %d in all (%s %s)", h.Name, h.Violations, l.Name, what)
	}
}

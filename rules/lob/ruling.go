package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// Rule applies a referee's ruling on an order's intent, which Galloper
// checks only in its structured parts (objective, route, HQ movement;
// LoB 10.3d asks players to follow the elaboration "as real commanders
// would"). The text is "<order id> <verb> [note]", the verb one of the
// following; other text is not a ruling (the error wraps rules.ErrNotRuling):
//
//	fulfilled  the order has achieved its intent (LoB 10.7a #1)
//	futile     the attack cannot reach its objective (LoB 10.7a #5, 10.7b)
//	note       a ruling to record and show with the order
//
// It returns the new position and the event recording the ruling, seen
// only by the order's side (orders are secret, LoB 2.4). The position is
// not otherwise resolved: the ruling takes effect at once.
func (System) Rule(s rules.State, text string) (rules.State, rules.Event, error) {
	st, ok := s.(*State)
	if !ok {
		return nil, rules.Event{}, fmt.Errorf("lob: state is %T, not a Line of Battle state", s)
	}
	f := strings.Fields(text)
	if len(f) < 2 || !slices.Contains([]string{"fulfilled", "futile", "note"}, strings.ToLower(f[1])) {
		return nil, rules.Event{}, fmt.Errorf("lob: a ruling is \"<order id> fulfilled|futile|note [text]\": %w", rules.ErrNotRuling)
	}
	next := st.clone()
	o := next.order(f[0])
	if o == nil {
		return nil, rules.Event{}, fmt.Errorf("lob: there is no order %s", f[0])
	}
	note := strings.Join(f[2:], " ")
	r := &resolver{s: next, side: o.Side, turn: next.turn(), log: &rules.Log{}, rolled: map[string]bool{},
		heldNoted: map[string]bool{}, recoveryStarted: map[string]bool{}}
	switch strings.ToLower(f[1]) {
	case "fulfilled":
		if o.Status != Accepted {
			return nil, rules.Event{}, fmt.Errorf("lob: %s is %s, not being carried out", o.ID, o.Status)
		}
		r.endAttack(o, "fulfilled by the referee's ruling"+suffix(note))
	case "futile":
		if o.Status != Accepted || o.Type != "ATTACK" {
			return nil, rules.Event{}, fmt.Errorf("lob: %s is not an Attack order being carried out", o.ID)
		}
		r.endAttack(o, "declared futile by the referee"+suffix(note))
		cs := next.cmdState(o.To)
		cs.Fluke, cs.Withdraw = true, true
	case "note":
		o = next.order(f[0])
		o.Ruling = note
	}
	ev := rules.Event{Kind: "ruling", Rule: "LoB 10.3d", Text: fmt.Sprintf("Referee's ruling on %s: %s", f[0], strings.Join(f[1:], " ")),
		Visible: []rules.Side{o.Side}}
	return next, ev, nil
}

func suffix(note string) string {
	if note == "" {
		return ""
	}
	return ": " + note
}

// order finds an order by id.
func (s *State) order(id string) *Order {
	for i := range s.doc.Orders {
		if s.doc.Orders[i].ID == id {
			return &s.doc.Orders[i]
		}
	}
	return nil
}

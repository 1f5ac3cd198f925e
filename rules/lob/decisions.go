package lob

import (
	"fmt"

	"galloper/rules"
)

// Decisions mid-turn (docs/commands.md "Decisions mid-segment"). When the
// rules make a side choose and its standing reactions do not cover the
// choice, resolution stops with a rules.DecisionRequest; the segment is
// then resolved again from its start with the same dice and the answers so
// far in rules.Input.Decisions. Keys number each kind of choice in the
// order the choices arise, so a re-run asks the same keys in the same
// order.

// pauseError stops resolution for a decision. Resolve turns it into
// rules.Result.Pauses, a set of one (LoB asks one choice at a time);
// callers pass it up unchanged (or wrapped with %w).
type pauseError struct{ req rules.DecisionRequest }

func (e *pauseError) Error() string {
	return fmt.Sprintf("lob: resolution waits for %s to decide %s", e.req.Side, e.req.Key)
}

// choice is one choice the rules give a side mid-turn.
type choice = rules.Choice

// decide answers a choice (rules.Decide): with the standing reactions,
// else with the side's answer in rules.Input.Decisions, else it pauses
// resolution: the pause is returned and also kept as the resolution's
// error, which resolve returns at the end of the Activity Phase. A choice
// with a single option needs no answer.
func (r *resolver) decide(c choice) (string, error) {
	a := rules.Decide(c, r.decisionKey(c.Key), r.decisions)
	if a.Note != "" {
		r.add("decision", c.Rule, "%s", a.Note)
	}
	if a.Pause != nil {
		err := &pauseError{*a.Pause}
		r.fail(err) // the pause stands even if a caller drops the error
		return "", err
	}
	return a.Choice, nil
}

// decisionKey numbers a key stem (rules.DecisionKey): the first choice
// with a stem in a segment is "<stem> #1", the next "<stem> #2".
func (r *resolver) decisionKey(stem string) string {
	if r.asked == nil {
		r.asked = map[string]int{}
	}
	return rules.DecisionKey(r.asked, stem)
}

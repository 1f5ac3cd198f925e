package lob

import (
	"fmt"
	"slices"
	"strings"

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
type choice struct {
	Key      string // stem of the decision key, e.g. "retreat 4 Ala"
	Side     rules.Side
	Rule     string
	Question string
	Options  []string
	Default  string
	// Standing is the option the side's standing reactions pick, "" when
	// they do not cover the choice.
	Standing string
}

// decide answers a choice: with the standing reactions, else with the
// side's answer in rules.Input.Decisions, else it pauses resolution: the
// pause is returned and also kept as the resolution's error, which
// resolve returns at the end of the Activity Phase. A choice with a
// single option needs no answer.
func (r *resolver) decide(c choice) (string, error) {
	key := r.decisionKey(c.Key)
	switch {
	case len(c.Options) == 1:
		return c.Options[0], nil
	case c.Standing != "":
		r.add("decision", c.Rule, "%s: %s (standing reaction)", c.Question, c.Standing)
		return c.Standing, nil
	}
	for _, d := range r.decisions {
		if d.Key != key || d.Side != c.Side {
			continue
		}
		if !slices.Contains(c.Options, d.Choice) {
			r.add("decision", c.Rule, "%s: %q is not an option; the default %s applies", c.Question, d.Choice, c.Default)
			return c.Default, nil
		}
		r.add("decision", c.Rule, "%s: %s (decided by %s)", c.Question, d.Choice, c.Side)
		return d.Choice, nil
	}
	err := &pauseError{rules.DecisionRequest{Key: key, Side: c.Side, Rule: c.Rule,
		Question: c.Question, Options: c.Options, Default: c.Default}}
	r.fail(err) // the pause stands even if a caller drops the error
	return "", err
}

// decisionKey numbers a key stem: the first choice with a stem in a
// segment is "<stem> #1", the next "<stem> #2".
func (r *resolver) decisionKey(stem string) string {
	if r.asked == nil {
		r.asked = map[string]int{}
	}
	r.asked[stem]++
	return fmt.Sprintf("%s #%d", strings.TrimSpace(stem), r.asked[stem])
}

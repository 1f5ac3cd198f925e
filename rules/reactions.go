package rules

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
)

// Reactions: where a rulebook makes a side choose mid-segment, the side's
// standing orders (its STANDING block, over its dialect's reaction table)
// decide; a reaction the side has not set takes the table's default, or,
// where the system prefers to ask, resolution pauses with a decision
// request and the segment is resolved again from its start with the
// answer in Input.Decisions. The functions here are that logic, shared by
// every system.

// StandingLookup returns a side's standing choices for a reaction kind,
// most preferred first, and whether its standing orders cover the kind.
// Each system keeps the standing orders in its state in its own way.
type StandingLookup func(side Side, kind string) ([]string, bool)

// StandingChoice is a side's first standing choice for a reaction kind, or
// the default of the reaction table t when its standing orders do not
// cover the kind.
func StandingChoice(look StandingLookup, t *orders.ReactionTable, side Side, kind string) string {
	if cs, ok := look(side, kind); ok && len(cs) > 0 {
		return cs[0]
	}
	return t.Default(kind)
}

// Choice is one choice the rules give a side mid-segment.
type Choice struct {
	Key      string // stem of the decision key, e.g. "retreat 4 Ala"
	Side     Side
	Rule     string
	Question string
	Options  []string
	Default  string
	// Standing is the option the side's standing orders pick, "" when
	// they do not cover the choice.
	Standing string
}

// Answer is how Decide answered a choice.
type Answer struct {
	// Choice is the option taken; "" while Pause is set.
	Choice string
	// Note is the text of the event that records the decision, "" when
	// there is nothing to record (a choice of a single option).
	Note string
	// Pause is the decision request to send when the choice must be asked.
	Pause *DecisionRequest
}

// DecisionKey numbers a key stem within one resolution of a segment, in
// asked, which counts the stems seen: the first choice with a stem is
// "<stem> #1", the next "<stem> #2". A segment resolved again asks the
// same keys in the same order.
func DecisionKey(asked map[string]int, stem string) string {
	asked[stem]++
	return fmt.Sprintf("%s #%d", strings.TrimSpace(stem), asked[stem])
}

// Decide answers choice c, whose numbered key is key: a single option
// needs no answer; else the side's standing orders decide; else the
// side's answer among decisions; else the answer is a pause with the
// decision request to send. An answer that is not one of the options
// takes the default.
func Decide(c Choice, key string, decisions []Decision) Answer {
	switch {
	case len(c.Options) == 1:
		return Answer{Choice: c.Options[0]}
	case c.Standing != "":
		return Answer{Choice: c.Standing, Note: fmt.Sprintf("%s: %s (standing reaction)", c.Question, c.Standing)}
	}
	for _, d := range decisions {
		if d.Key != key || d.Side != c.Side {
			continue
		}
		if !slices.Contains(c.Options, d.Choice) {
			return Answer{Choice: c.Default, Note: fmt.Sprintf("%s: %q is not an option; the default %s applies", c.Question, d.Choice, c.Default)}
		}
		return Answer{Choice: d.Choice, Note: fmt.Sprintf("%s: %s (decided by %s)", c.Question, d.Choice, c.Side)}
	}
	return Answer{Pause: &DecisionRequest{Key: key, Side: c.Side, Rule: c.Rule,
		Question: c.Question, Options: c.Options, Default: c.Default}}
}

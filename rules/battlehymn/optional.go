package battlehymn

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

var _ rules.OptionalRules = System{}

// The switchable rulings of docs/rulings-battlehymn.md are a game's
// choices before play, offered to the adjudicator's game set-up as
// optional rules: each id names a ruling and the value other than its
// default ("A1:may" is `horse-artillery-rbc: may`). A game without them
// plays every default.
var switchable = []struct {
	id, option, value, name string
}{
	{"A1:may", "horse-artillery-rbc", "may", "Horse artillery may choose whether to retreat before combat (ruling A1)"},
	{"A3:bombard-only", "artillery-range-on-fire", "false", "Range Attenuation applies to Bombardment only (ruling A3)"},
	{"A8:one-or-two", "horse-holders", "one-or-two", "One or two horse holders, never fewer nor more (ruling A8)"},
	{"A10:twice", "shatter-loss", "twice", "A unit unable to retreat loses two SPs as it Shatters (ruling A10)"},
	{"A12:per-hex", "conga-line", "per-hex", "The conga line counts per entry hex (ruling A12)"},
}

// OptionalRules implements rules.OptionalRules.
func (System) OptionalRules() []rules.OptionalRule {
	out := make([]rules.OptionalRule, len(switchable))
	for i, o := range switchable {
		out[i] = rules.OptionalRule{ID: o.id, Name: o.name}
	}
	return out
}

// WithOptionalRules implements rules.OptionalRules: only before the first
// Hour is played.
func (System) WithOptionalRules(st rules.State, ids []string) (rules.State, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("battlehymn: state is %T, not a Battle Hymn state", st)
	}
	if s.Hour != s.First {
		return nil, fmt.Errorf("battlehymn: the switchable rulings are chosen before play starts")
	}
	next := s.clone()
	for _, id := range ids {
		i := slices.IndexFunc(switchable, func(o struct{ id, option, value, name string }) bool { return o.id == id })
		if i < 0 {
			var known []string
			for _, o := range switchable {
				known = append(known, o.id)
			}
			return nil, fmt.Errorf("battlehymn: %q is not a switchable ruling (%s)", id, strings.Join(known, ", "))
		}
		if !slices.Contains(next.Optional, id) {
			next.Optional = append(next.Optional, id)
		}
	}
	slices.Sort(next.Optional)
	if _, err := next.options(); err != nil {
		return nil, err
	}
	return next, nil
}

// OptionalRulesInPlay implements rules.OptionalRules.
func (System) OptionalRulesInPlay(st rules.State) []string {
	if s, ok := st.(*State); ok {
		return slices.Clone(s.Optional)
	}
	return nil
}

// options are the rulings a game plays: the defaults with its switchable
// rulings (ParseOptions).
func (s *State) options() (Options, error) {
	in := map[string]string{}
	for _, id := range s.Optional {
		for _, o := range switchable {
			if o.id == id {
				in[o.option] = o.value
			}
		}
	}
	return ParseOptions(in)
}

// opts is options() for a state whose rulings were checked when chosen.
func (s *State) opts() Options {
	o, err := s.options()
	if err != nil {
		return DefaultOptions()
	}
	return o
}

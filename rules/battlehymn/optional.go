package battlehymn

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

var _ rules.OptionalRules = System{}

// The switchable rulings of docs/rulings-battlehymn.md (ruling E-8) are a
// game's choices before play: a game's configuration names an option and
// its value under `options:`, passed to the game's set-up as optional
// rules "key=value" (galloper game new --optional horse-artillery-rbc=may),
// as every system with switchable rulings does. The ruling-id forms
// ("A1:may") are read as the same choices. An option not given takes its
// default, the first of its values (ParseOptions).

// rulingAliases are the ruling-id forms of the values other than the
// defaults, by id: the ruling and the option and value each names.
var rulingAliases = []struct{ id, ruling, option, value string }{
	{"A1:may", "A1", "horse-artillery-rbc", "may"},
	{"A3:bombard-only", "A3", "artillery-range-on-fire", "false"},
	{"A8:one-or-two", "A8", "horse-holders", "one-or-two"},
	{"A10:twice", "A10", "shatter-loss", "twice"},
	{"A12:per-hex", "A12", "conga-line", "per-hex"},
	{"E-11:on", "E-11", "fog-of-war", "on"},
}

// rulingOf is the ruling that documents an option.
func rulingOf(option string) string {
	for _, a := range rulingAliases {
		if a.option == option {
			return a.ruling
		}
	}
	return ""
}

// parseOptional reads one optional rule id: "key=value", "key:value" or
// a ruling-id form, and checks both key and value.
func parseOptional(id string) (string, string, error) {
	id = strings.TrimSpace(id)
	for _, a := range rulingAliases {
		if strings.EqualFold(id, a.id) {
			return a.option, a.value, nil
		}
	}
	k, v, ok := strings.Cut(id, "=")
	if !ok {
		k, v, ok = strings.Cut(id, ":")
	}
	if !ok {
		return "", "", fmt.Errorf("%q is not KEY=VALUE (e.g. horse-artillery-rbc=may)", id)
	}
	k, v = strings.ToLower(strings.TrimSpace(k)), strings.ToLower(strings.TrimSpace(v))
	if _, err := ParseOptions(map[string]string{k: v}); err != nil {
		return "", "", err
	}
	return k, v, nil
}

// OptionalRules implements rules.OptionalRules: every value of every
// switchable ruling, as "key=value", the default first.
func (System) OptionalRules() []rules.OptionalRule {
	var out []rules.OptionalRule
	for _, name := range optionOrder() {
		for i, s := range optionSetters[name] {
			def := ""
			if i == 0 {
				def = ", the default"
			}
			out = append(out, rules.OptionalRule{ID: name + "=" + s.value,
				Name: fmt.Sprintf("(ruling %s: %s %s%s)", rulingOf(name), name, s.value, def)})
		}
	}
	return out
}

// optionOrder is the option names in the order of their rulings.
func optionOrder() []string {
	out := make([]string, len(rulingAliases))
	for i, a := range rulingAliases {
		out[i] = a.option
	}
	return out
}

// WithOptionalRules implements rules.OptionalRules: a copy of a new
// game's state with the options ids set, only before the first Hour is
// played. The state keeps each as "key=value".
func (System) WithOptionalRules(st rules.State, ids []string) (rules.State, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("battlehymn: state is %T, not a Battle Hymn state", st)
	}
	if s.Hour != s.First {
		return nil, fmt.Errorf("battlehymn: the switchable rulings are chosen before play starts")
	}
	set, err := s.optionMap()
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		k, v, err := parseOptional(id)
		if err != nil {
			return nil, fmt.Errorf("battlehymn: %w", err)
		}
		set[k] = v
	}
	next := s.clone()
	next.Optional = nil
	for _, k := range optionOrder() {
		if v, ok := set[k]; ok {
			next.Optional = append(next.Optional, k+"="+v)
		}
	}
	return next, nil
}

// OptionalRulesInPlay implements rules.OptionalRules: the options set
// for the game, as "key=value", in the order of the rulings.
func (System) OptionalRulesInPlay(st rules.State) []string {
	s, ok := st.(*State)
	if !ok {
		return nil
	}
	set, err := s.optionMap()
	if err != nil {
		return slices.Clone(s.Optional)
	}
	var out []string
	for _, k := range optionOrder() {
		if v, ok := set[k]; ok {
			out = append(out, k+"="+v)
		}
	}
	return out
}

// optionMap reads the state's optional rules as a game config's
// `options:` map.
func (s *State) optionMap() (map[string]string, error) {
	in := map[string]string{}
	for _, id := range s.Optional {
		k, v, err := parseOptional(id)
		if err != nil {
			return nil, fmt.Errorf("battlehymn: %w", err)
		}
		in[k] = v
	}
	return in, nil
}

// options are the rulings a game plays: the defaults with its switchable
// rulings (ParseOptions).
func (s *State) options() (Options, error) {
	in, err := s.optionMap()
	if err != nil {
		return DefaultOptions(), err
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

package acwminis

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// The switchable rulings (docs/rulings-acwminis.md, "Options at a
// glance"): a game's configuration names an option and its value when the
// game is set up (galloper game new --optional KEY=VALUE), a scenario may
// set its own default (its options: block), and every report names the
// options in force. An option not given takes its default, the first of
// its values.

var _ rules.OptionalRules = System{}

// option is one switchable ruling: its key, the ruling that documents it,
// and its values, the default first, each with what it means.
type option struct {
	key, ruling string
	values      []string
	means       []string
}

// Option keys read by the rules.
const (
	optShakenCharged   = "shaken-charged-test"
	optInterpenetrated = "interpenetration-test"
	optSixTwo          = "hit-six-counts-two"
	optBandEdge        = "band-edge"
	optMeleeWorn       = "melee-worn-modifier"
	optCinCRally       = "cinc-rally"
	optRetireShoots    = "advance-retire-shoots"
	optSavedMorale     = "morale-on-saved-hits"
	optFog             = "fog-of-war"
	optStacks          = "steady-reroll-stacks"
	optSteadyMorale    = "steady-reroll-morale"
	optMarkersForce    = "markers-force-disordered"
	optLargeSmall      = "large-small-shooting"
	optSplit           = "support-split-remainder"
	optRoadRun         = "road-bonus-on-run"
	optIndependentCinC = "independent-cinc"
	optObscuredPartial = "obscured-partial"
	optWinnerBy        = "melee-winner-by"
	optSmallCavWorn    = "small-cavalry-worn"
	optLineSkirmish    = "line-infantry-skirmish"
	optBlockedRetreat  = "blocked-retreat"
	optRerollUnit      = "reroll-unit"
)

// options are the switchable rulings the rules read, in the order of the
// rulings.
var options = []option{
	{optRerollUnit, "A2", []string{"die", "test"}, []string{"a reroll is one die that scored nothing", "a reroll retakes the whole test, once"}},
	{optStacks, "A3", []string{"true", "false"}, []string{"a Steady unit's reroll adds to a commander's", "a Steady unit in command range takes the greater of its reroll and the commander's"}},
	{optSteadyMorale, "A3", []string{"false", "true"}, []string{"a Steady unit has no reroll of its own on morale tests", "a Steady unit has its 1 reroll on morale tests too"}},
	{optMarkersForce, "A5", []string{"true", "false"}, []string{"a unit keeping a disorder marker is Disordered and takes no order", "disorder markers are only the -2D6 melee modifier"}},
	{optShakenCharged, "A7", []string{"melee", "shooting"}, []string{"a Shaken unit charged needs 3 successes", "a Shaken unit charged needs 2 successes"}},
	{optInterpenetrated, "A7", []string{"shooting", "melee"}, []string{"an interpenetration morale test needs 2 successes", "an interpenetration morale test needs 3 successes"}},
	{optSixTwo, "A8", []string{"false", "true"}, []string{"a 6 scores one hit", "a 6 scores two hits in shooting and melee"}},
	{optWinnerBy, "A9", []string{"unsaved", "scored"}, []string{"a melee round is won on the hits left after saves", "a melee round is won on the hits scored before saves"}},
	{optSmallCavWorn, "A12", []string{"6", "5"}, []string{"Small cavalry is Worn at 6 hits, as printed", "Small cavalry is Worn at 5 hits"}},
	{optLineSkirmish, "A30", []string{"false", "true"}, []string{"infantry regiments may not form Skirmish", "infantry regiments may reform into Skirmish"}},
	{optLargeSmall, "A11", []string{"formation", "always"}, []string{"Large and Small shooting modifiers only in the formations their special rules name", "Large and Small shooting modifiers in every formation"}},
	{optBandEdge, "A10", []string{"lower", "upper"}, []string{"a range exactly on a band edge is in the nearer band", "a range exactly on a band edge is in the farther band"}},
	{optMeleeWorn, "A14", []string{"true", "false"}, []string{"Worn units fight in melee at -2D6", "Worn units' melee dice are not reduced"}},
	{optSplit, "A16", []string{"artillery", "supporter"}, []string{"the remainder of a battery's melee hits split 2:1 goes on the battery", "the remainder goes on the supporting unit"}},
	{optBlockedRetreat, "A20", []string{"stop", "destroy"}, []string{"a blocked retreat or retire stops where it must", "a unit that cannot make half its retreat or retire is removed as Broken"}},
	{optCinCRally, "A22", []string{"true", "false"}, []string{"the C-in-C gives a RALLY within 12\"", "only Commanders give rallies"}},
	{optRoadRun, "A26", []string{"true", "false"}, []string{"the road bonus applies to a RUN too", "the road bonus applies to an ADVANCE only"}},
	{optIndependentCinC, "A27", []string{"true", "false"}, []string{"an Independent unit within 30\" of the C-in-C uses his rerolls", "an Independent unit's 30\" is to Commanders only"}},
	{optObscuredPartial, "A28", []string{"true", "false"}, []string{"a target partly hidden is obscured", "only obscuring terrain and supporting units are obscured"}},
	{optRetireShoots, "A29", []string{"false", "true"}, []string{"a unit retiring under ADVANCE does not shoot", "a unit retiring under ADVANCE may shoot"}},
	{optSavedMorale, "A36", []string{"false", "true"}, []string{"only units left with an unsaved hit test morale", "every unit hit tests morale, saved or not"}},
	{optFog, "A42", []string{"off", "on"}, []string{"every side sees the whole table", "a side sees only the enemy units its units can see"}},
}

func init() {
	// In the order of the rulings, A3 before A10.
	slices.SortStableFunc(options, func(a, b option) int { return rulingNumber(a.ruling) - rulingNumber(b.ruling) })
}

// rulingNumber is the number of a ruling id, "A10" 10.
func rulingNumber(id string) int {
	n := 0
	for _, c := range strings.TrimPrefix(id, "A") {
		n = n*10 + int(c-'0')
	}
	return n
}

// optionOf finds an option by key.
func optionOf(key string) (option, bool) {
	i := slices.IndexFunc(options, func(o option) bool { return o.key == key })
	if i < 0 {
		return option{}, false
	}
	return options[i], true
}

// opt is the value of an option in s: as set for the game or by its
// scenario, else its default.
func (s *State) opt(key string) string {
	if v, ok := s.Options[key]; ok {
		return v
	}
	o, ok := optionOf(key)
	if !ok {
		panic("acwminis: no option " + key)
	}
	return o.values[0]
}

// on reports whether a yes-or-no option is set to true (or "on").
func (s *State) on(key string) bool {
	v := s.opt(key)
	return v == "true" || v == "on"
}

// parseOption reads "key=value" and checks both.
func parseOption(id string) (string, string, error) {
	k, v, ok := strings.Cut(id, "=")
	if !ok {
		k, v, ok = strings.Cut(id, ":")
	}
	k, v = strings.ToLower(strings.TrimSpace(k)), strings.ToLower(strings.TrimSpace(v))
	o, known := optionOf(k)
	switch {
	case !ok:
		return "", "", fmt.Errorf("%q is not KEY=VALUE (e.g. band-edge=upper)", id)
	case !known:
		return "", "", fmt.Errorf("%q: no option %s (docs/rulings-acwminis.md)", id, k)
	case !slices.Contains(o.values, v):
		return "", "", fmt.Errorf("%q: %s is one of %s", id, k, strings.Join(o.values, ", "))
	}
	return k, v, nil
}

// OptionalRules implements rules.OptionalRules: every value of every
// switchable ruling, as "key=value".
func (System) OptionalRules() []rules.OptionalRule {
	var out []rules.OptionalRule
	for _, o := range options {
		for i, v := range o.values {
			def := ""
			if i == 0 {
				def = ", the default"
			}
			name := fmt.Sprintf("(ruling %s: %s%s)", o.ruling, o.means[i], def)
			out = append(out, rules.OptionalRule{ID: o.key + "=" + v, Name: name})
		}
	}
	return out
}

// WithOptionalRules implements rules.OptionalRules: a copy of a new
// game's state with the options ids ("key=value") set, over its
// scenario's.
func (sys System) WithOptionalRules(st rules.State, ids []string) (rules.State, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("acwminis: state is %T", st)
	}
	if s.Turn != 1 || s.Half != 0 {
		return nil, fmt.Errorf("acwminis: options are chosen before play starts")
	}
	next := s.clone()
	for _, id := range ids {
		k, v, err := parseOption(id)
		if err != nil {
			return nil, fmt.Errorf("acwminis: %w", err)
		}
		if next.Options == nil {
			next.Options = map[string]string{}
		}
		next.Options[k] = v
	}
	next.applySizes(sys.sheet)
	return next, nil
}

// applySizes sets the Worn value of Small cavalry by small-cavalry-worn
// (ruling A12): as printed (6), or 5.
func (s *State) applySizes(sheet *Sheet) {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Type != "Cavalry" || u.Size != "small" {
			continue
		}
		for _, r := range sheet.Sizes {
			if r.Type == u.Type && r.Size == u.Size {
				u.Worn = r.Worn
			}
		}
		if s.opt(optSmallCavWorn) == "5" {
			u.Worn = 5
		}
	}
}

// OptionalRulesInPlay implements rules.OptionalRules: the options set
// for the game or by its scenario, as "key=value", in the order of the
// rulings.
func (System) OptionalRulesInPlay(st rules.State) []string {
	s, ok := st.(*State)
	if !ok {
		return nil
	}
	var out []string
	for _, o := range options {
		if v, ok := s.Options[o.key]; ok {
			out = append(out, o.key+"="+v)
		}
	}
	return out
}

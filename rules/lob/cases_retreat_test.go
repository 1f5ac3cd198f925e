package lob

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"galloper/rules"
	"galloper/rules/rulestest"
)

// Case steps for the field rules that fire and Charges will trigger:
//
//	FIELD retreat <hex> <hexes> [from <hex>] [cause <cause>]   LoB 6.3
//	FIELD withdraw <hex> from <hex>                           LoB 9.4e
//	FIELD self-retreat <hex> [path <hex> ...]                 LoB 3.0e
//	FIELD cavalry <hex> [mounted-charge]                      LoB 9.4h
//	FIELD rally                                               LoB 6.4
//	FIELD cowardly-legs <hex>                                 LoB 6.5b
//
// Each runs on the current state for the side whose turn it is, with the
// collected DICE and DECIDE answers; it may pause like RESOLVE does, and
// the shared EXPECT-PAUSE checks the request.
//
// STATE lines: "standing <side> <KIND> <choices>", "cowardly-legs <hex>
// [<creator>, ...]". EXPECT-STATE lines (beside those of
// cases_field_test.go): "cowardly-legs <hex> yes|no", "standing <side>
// <text>", "result <text>" (what the last FIELD step returned).

// fieldStep runs one FIELD step.
func (r *caseRun) fieldStep(l rulestest.Line, args []string) {
	st := r.state()
	dice := r.ForcedDice()
	rs := &resolver{s: st.clone(), side: st.side(), turn: st.turn(), log: &rules.Log{Dice: dice},
		rolled: map[string]bool{}, heldNoted: map[string]bool{}, decisions: r.Decisions}
	var (
		out string
		err error
	)
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%v", p)
			}
		}()
		out, err = r.callRule(l, rs, args)
	}()
	res := rules.Result{Events: rs.log.Events, Next: rs.s}
	if p := (*pauseError)(nil); asPause(err, &p) {
		res.Next, res.Pauses = nil, []rules.DecisionRequest{p.req}
	} else if err != nil {
		r.t.Fatalf("%s: %v\nevents:\n%s", r.where(l), err, eventList(rs.log.Events))
	}
	if r.Step(l, dice, res) {
		r.result = out
	}
}

func asPause(err error, p **pauseError) bool {
	pe, ok := err.(*pauseError)
	*p = pe
	return ok
}

// callRule calls the rule a FIELD step names.
func (r *caseRun) callRule(l rulestest.Line, rs *resolver, args []string) (string, error) {
	opt := func(key string) string {
		if i := slices.Index(args, key); i >= 0 && i+1 < len(args) {
			return args[i+1]
		}
		return ""
	}
	switch args[0] {
	case "retreat":
		n, _ := strconv.Atoi(args[2])
		cause := opt("cause")
		if cause == "" {
			cause = "fire"
		}
		return rs.retreat(retreatOrder{Hex: args[1], Hexes: n, From: opt("from"), Cause: cause, Rule: "LoB 6.3",
			SmallArms: slices.Contains(args, "small-arms")})
	case "withdraw":
		return rs.withdraw(args[1], opt("from"))
	case "self-retreat":
		o := retreatOrder{Hex: args[1], Hexes: selfRetreatHexes, Cause: "self", Rule: "LoB 3.0e"}
		if i := slices.Index(args, "path"); i >= 0 {
			o.Path = args[i+1:]
		}
		return rs.retreat(o)
	case "cavalry":
		stands, err := rs.cavalryStands(args[1], slices.Contains(args, "mounted-charge"))
		return yesNo(stands), err
	case "rally":
		return "", rs.rallyPhase()
	case "cowardly-legs":
		return yesNo(rs.cowardlyLegsApplies(args[1])), nil
	}
	r.t.Fatalf("%s: unknown FIELD step %q", r.where(l), args[0])
	return "", nil
}

// retreatState applies the field STATE lines; false if l is not one.
func (r *caseRun) retreatState(l rulestest.Line, f []string) bool {
	st := r.state()
	switch f[0] {
	case "standing": // standing <side> <KIND> <choices, ...>
		rc := StandingReaction{Side: rules.Side(f[1]), Kind: f[2]}
		for _, c := range strings.Split(strings.Join(f[3:], " "), ",") {
			rc.Choices = append(rc.Choices, strings.TrimSpace(c))
		}
		rc.Choice = rc.Choices[0]
		st.doc.Standing = append(st.doc.Standing, rc)
	case "cowardly-legs": // cowardly-legs <hex> [<creator>, ...]
		st.editMarker(f[1], func(m *HexMarker) { m.CowardlyLegs = true })
		if len(f) > 2 {
			var us []string
			for _, u := range strings.Split(strings.Join(f[2:], " "), ",") {
				us = append(us, strings.TrimSpace(u))
			}
			st.exempt(f[1], us)
		}
	default:
		return false
	}
	return true
}

// retreatExpect reads the field EXPECT-STATE lines; ok is false if l is
// not one.
func (r *caseRun) retreatExpect(l rulestest.Line, f []string) (got, want string, ok bool) {
	st := r.state()
	switch f[0] {
	case "cowardly-legs":
		return yesNo(st.marker(f[1]).CowardlyLegs), f[2], true
	case "standing": // standing <side> <text>
		return st.standingText(rules.Side(f[1])), strings.Join(f[2:], " "), true
	case "result":
		return r.result, strings.Join(f[1:], " "), true
	}
	return "", "", false
}

package lob

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"galloper/rules"
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
// collected DICE and DECIDE answers; it may pause like RESOLVE does.
//
//	DECIDE <side> <key> = <choice>
//	EXPECT-PAUSE <side> <key>
//	  option <text>      (one of the request's options)
//	  default <text>
//
// STATE lines: "standing <side> <KIND> <choices>", "cowardly-legs <hex>
// [<creator>, ...]". EXPECT-STATE lines (beside those of
// cases_field_test.go): "cowardly-legs <hex> yes|no", "standing <side>
// <text>", "result <text>" (what the last FIELD step returned).

func init() { sections = append(sections, "FIELD", "DECIDE", "EXPECT-PAUSE") }

// retreatSection runs the field sections; any other keyword fails the case.
func (r *caseRun) retreatSection(l caseLineText, head []string, body []caseLineText) {
	switch head[0] {
	case "FIELD":
		r.fieldStep(l, head[1:])
	case "DECIDE":
		r.decide(l)
	case "EXPECT-PAUSE":
		r.expectPause(l, head[1:], body)
	default:
		r.t.Fatalf("%s: unknown section %q", r.where(l), head[0])
	}
}

// fieldStep runs one FIELD step.
func (r *caseRun) fieldStep(l caseLineText, args []string) {
	st := r.state()
	dice := &rules.ForcedDice{Results: r.dice}
	rs := &resolver{s: st.clone(), side: st.side(), turn: st.turn(), log: &rules.Log{Dice: dice},
		rolled: map[string]bool{}, heldNoted: map[string]bool{}, decisions: r.decisions}
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
	r.events, r.pause = rs.log.Events, nil
	if p := (*pauseError)(nil); asPause(err, &p) {
		r.pause = &p.req
		return
	}
	if err != nil {
		r.t.Fatalf("%s: %v\nevents:\n%s", r.where(l), err, eventList(rs.log.Events))
	}
	if used := len(dice.Rolls()); used != len(r.dice) {
		r.t.Fatalf("%s: %d forced dice given, %d used\nevents:\n%s", r.where(l), len(r.dice), used, eventList(rs.log.Events))
	}
	r.st, r.dice, r.decisions = rs.s, nil, nil
	r.result = out
}

func asPause(err error, p **pauseError) bool {
	pe, ok := err.(*pauseError)
	*p = pe
	return ok
}

// callRule calls the rule a FIELD step names.
func (r *caseRun) callRule(l caseLineText, rs *resolver, args []string) (string, error) {
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

// decide records an answer: DECIDE <side> <key> = <choice>.
func (r *caseRun) decide(l caseLineText) {
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l.text), "DECIDE"))
	side, rest, _ := strings.Cut(rest, " ")
	key, ch, ok := strings.Cut(rest, " = ")
	if !ok {
		r.t.Fatalf("%s: DECIDE <side> <key> = <choice>", r.where(l))
	}
	r.decisions = append(r.decisions, rules.Decision{Key: strings.TrimSpace(key), Side: rules.Side(side), Choice: strings.TrimSpace(ch)})
}

// expectPause checks that the last step paused for the given request.
func (r *caseRun) expectPause(l caseLineText, args []string, body []caseLineText) {
	if r.pause == nil {
		r.t.Fatalf("%s: no pause\nevents:\n%s", r.where(l), eventList(r.events))
	}
	p := r.pause
	if got, want := string(p.Side)+" "+p.Key, strings.Join(args, " "); got != want {
		r.t.Errorf("%s: paused for %q, want %q", r.where(l), got, want)
	}
	for _, b := range body {
		kind, text, _ := strings.Cut(strings.TrimSpace(b.text), " ")
		switch {
		case kind == "option" && !slices.Contains(p.Options, text):
			r.t.Errorf("%s: option %q not among %q", r.where(b), text, p.Options)
		case kind == "default" && p.Default != text:
			r.t.Errorf("%s: default %q, want %q", r.where(b), p.Default, text)
		case kind == "options" && strconv.Itoa(len(p.Options)) != text:
			r.t.Errorf("%s: %d options %q, want %s", r.where(b), len(p.Options), p.Options, text)
		}
	}
}

// retreatState applies the field STATE lines; false if l is not one.
func (r *caseRun) retreatState(l caseLineText, f []string) bool {
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
func (r *caseRun) retreatExpect(l caseLineText, f []string) (got, want string, ok bool) {
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

package lob

import (
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
	"galloper/rules/rulestest"
)

// The case corpus keys of the support rules (supply, leaders, HQs, Loss
// Recovery, Open Order, Breastworks, night). Names with spaces come first
// and the value last, as in the other keys; a CALL runs one rule that the
// fire, Charge or movement rules trigger, with the DICE given before it:
//
//	STATE ammo <wagon> <shell> <canister>
//	STATE depleted <battery> shell|canister|both
//	STATE inline <unit> <since turn>          (LoB 9.5b)
//	STATE breastwork <command> | <hex> | <facing>
//	STATE repl <brigade> <hex>
//	STATE leader-removed <leader>
//	STATE formation/at/sp/eliminated ...      (the runner's own keys)
//	CALL lose-leader <leader> <how>
//	CALL deplete <battery>=<round> | <battery>=<round> ...
//	CALL by-battery <battery>
//	CALL retire <battery>
//	CALL units-destroyed <side> <hex> charge|fire
//	CALL capture <hex>
//	CALL zero-ma <brigade> <MA>
//	CALL hq-retreated <command> small-arms|other
//	CALL destroy-wagon <wagon>
//	EXPECT-STATE ammo <wagon> <shell> <canister>
//	EXPECT-STATE depleted <battery> none|shell|canister|both
//	EXPECT-STATE sp <unit> <n>; eliminated <unit> yes|no
//	EXPECT-STATE holder <post> | <leader>|none
//	EXPECT-STATE repl <brigade> <hex>|no
//	EXPECT-STATE breastwork <hex> <facing>|no
//	EXPECT-STATE wagon-destroyed <wagon> yes|no
//	EXPECT-STATE pending <kind> <name>
//	EXPECT-STATE may-fire <battery> | <round> | <range> | yes|no
//	EXPECT-STATE caisson <battery> | <round> | <wagon>|none
//	EXPECT-STATE capable <unit> yes|no; fire-limit <unit> <n>
//	EXPECT-STATE unlimber <side> <hex> <n>; artillery-shots <side> <hex> <n>
//	EXPECT-STATE covers <side> <target> <from> yes|no
//	EXPECT-STATE clock <turn> <HH:MM>; night <turn> yes|no; first-night <turn> yes|no

// supportState applies a STATE line of the support rules; false when the
// key is not one of them.
func (r *caseRun) supportState(l rulestest.Line, f []string) bool {
	st := r.state()
	name, last := nameAndLast(f[1:])
	d := &st.doc.Support
	switch f[0] {
	case "ammo":
		w := st.wagonState(strings.Join(f[1:len(f)-2], " "))
		w.Shell, w.Canister = r.atoi(l, f[len(f)-2]), r.atoi(l, last)
	case "depleted":
		u := r.unitState(l, name)
		u.DepletedShell = last == "shell" || last == "both"
		u.DepletedCanister = last == "canister" || last == "both"
	case "inline":
		p := r.counter(l, name)
		d.InLine = append(d.InLine, LineMark{Unit: name, Hex: p.Hex, Since: r.atoi(l, last)})
		d.sortSupport()
	case "breastwork":
		parts := r.bars(l, 3)
		c := st.scn.command(parts[0])
		d.Breastworks = append(d.Breastworks, Breastwork{Hex: parts[1], Facing: r.atoi(l, parts[2]), Side: c.Side, Command: c.Name})
		d.sortSupport()
	case "repl":
		d.Repls = append(d.Repls, Repl{Brigade: name, Hex: last, Segment: -1})
		d.sortSupport()
	case "leader-removed":
		r.counter(l, strings.Join(f[1:], " ")).Status = leaderRemoved
	default:
		return false
	}
	return true
}

// bars splits the rest of a line after its key at "|" into n fields.
func (r *caseRun) bars(l rulestest.Line, n int) []string {
	text := strings.TrimSpace(l.Text)
	_, rest, _ := strings.Cut(text, " ")
	parts := strings.Split(rest, "|")
	if len(parts) != n {
		r.t.Fatalf("%s: want %d fields separated by |", r.where(l), n)
	}
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// atoi reads a number of a case line, failing the case when it is none.
func (r *caseRun) atoi(l rulestest.Line, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		r.t.Fatalf("%s: %q is not a number", r.where(l), s)
	}
	return n
}

// expectSupport checks an EXPECT-STATE line of the support rules; false
// when the key is not one of them.
func (r *caseRun) expectSupport(l rulestest.Line, f []string) bool {
	st := r.state()
	name, last := nameAndLast(f[1:])
	var got, want string
	switch f[0] {
	case "ammo":
		w := st.wagonState(strings.Join(f[1:len(f)-2], " "))
		got, want = fmt.Sprintf("%d %d", w.Shell, w.Canister), strings.Join(f[len(f)-2:], " ")
	case "depleted":
		got, want = depletion(r.unitState(l, name)), last
	case "sp":
		got, want = strconv.Itoa(r.unitState(l, name).SP), last
	case "eliminated":
		got, want = yesNo(r.unitState(l, name).Eliminated), last
	case "holder":
		parts := r.bars(l, 2)
		got, want = st.postHolder(parts[0]), parts[1]
		if got == "" {
			got = "none"
		}
	case "repl":
		got, want = "no", last
		if x := st.repl(name); x != nil {
			got = x.Hex
		}
	case "breastwork":
		got, want = "no", strings.Join(f[2:], " ")
		if b, ok := st.breastworkAt(f[1]); ok {
			got = strconv.Itoa(b.Facing)
		}
	case "wagon-destroyed":
		got, want = yesNo(st.wagonState(name).Destroyed), last
	case "pending":
		got, want = "no", "yes"
		for _, p := range st.doc.Pending {
			if p.Kind == f[1] && p.Name == strings.Join(f[2:], " ") {
				got = "yes"
			}
		}
	case "may-fire":
		parts := r.bars(l, 4)
		ok, why := st.batteryMayFire(r.counter(l, parts[0]), parts[1], r.atoi(l, parts[2]))
		got, want = yesNo(ok), parts[3]
		if got != want {
			r.t.Errorf("%s: may-fire: got %s (%s), want %s", r.where(l), got, why, want)
		}
		return true
	case "caisson":
		parts := r.bars(l, 3)
		w, why := st.caissonWagon(r.counter(l, parts[0]), parts[1])
		got, want = w, parts[2]
		if got == "" {
			got = "none"
		}
		if got != want {
			r.t.Errorf("%s: caisson: got %s (%s), want %s", r.where(l), got, why, want)
		}
		return true
	case "capable":
		got, want = yesNo(st.isOpenOrderCapable(r.counter(l, name))), last
	case "fire-limit":
		got, want = strconv.Itoa(st.stackFireLimit(r.counter(l, name))), last
	case "unlimber":
		got, want = strconv.Itoa(st.unlimberDistance(rules.Side(f[1]), f[2])), f[3]
	case "artillery-shots":
		got, want = strconv.Itoa(st.artilleryShots(rules.Side(f[1]), f[2])), f[3]
	case "covers":
		got, want = yesNo(st.breastworkCovers(rules.Side(f[1]), f[2], f[3])), f[4]
	case "clock":
		got, want = st.scn.clock(r.atoi(l, f[1])).Format("15:04"), f[2]
	case "night":
		got, want = yesNo(st.scn.night(r.atoi(l, f[1]))), f[2]
	case "first-night":
		got, want = yesNo(st.firstFullNightTurn(r.atoi(l, f[1]))), f[2]
	default:
		return false
	}
	if got != want {
		r.t.Errorf("%s: %s: got %q, want %q", r.where(l), strings.TrimSpace(l.Text), got, want)
	}
	return true
}

// depletion names a battery's Depletion markers.
func depletion(u *UnitState) string {
	switch {
	case u.DepletedShell && u.DepletedCanister:
		return "both"
	case u.DepletedShell:
		return "shell"
	case u.DepletedCanister:
		return "canister"
	}
	return "none"
}

// call runs one support rule on the current state with the case's dice
// (CALL <rule> <args>), as the fire, Charge and movement rules will.
func (r *caseRun) call(l rulestest.Line, args []string) {
	st := r.state()
	dice := r.ForcedDice()
	rs := &resolver{s: st.clone(), side: st.side(), turn: st.turn(), log: &rules.Log{Dice: dice},
		rolled: map[string]bool{}, heldNoted: map[string]bool{}}
	rest := strings.Join(args[1:], " ")
	name, last := nameAndLast(args[1:])
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%v", p)
			}
		}()
		err = r.dispatch(rs, args[0], rest, name, last)
	}()
	if err != nil {
		r.t.Fatalf("%s: CALL %s: %v\nevents:\n%s", r.where(l), args[0], err, eventList(rs.log.Events))
	}
	r.Step(l, dice, rules.Result{Next: rs.s, Events: rs.log.Events})
}

// dispatch runs the named rule.
func (r *caseRun) dispatch(rs *resolver, rule, rest, name, last string) error {
	switch rule {
	case "lose-leader":
		rs.loseLeader(name, last)
	case "deplete":
		var fired []FiredBattery
		for _, part := range strings.Split(rest, "|") {
			b, round, _ := strings.Cut(strings.TrimSpace(part), "=")
			fired = append(fired, FiredBattery{Name: b, Round: round})
		}
		rs.depleteOneOf(fired)
	case "by-battery":
		if ok, why := rs.byBattery(rest); !ok {
			rs.add("by-battery-refused", "LoB 8.5a", "%s", why)
		}
	case "retire":
		rs.retireBattery(rest)
	case "units-destroyed":
		f := strings.Fields(rest)
		return rs.leaderUnitsDestroyed(rules.Side(f[0]), f[1], f[2] == "charge")
	case "capture":
		return rs.captureLoneLeaders(rest)
	case "zero-ma":
		n, err := strconv.Atoi(last)
		if err != nil {
			return err
		}
		rs.add("ma", "LoB 9.1e", "%s has MA %s", name, rs.zeroLeaderMA(name, WholeMP(n)))
	case "hq-retreated":
		rs.hqRetreated(rs.s.scn.command(name), last == "small-arms")
	case "destroy-wagon":
		rs.destroyWagon(rest, "a numeric Combat Table result")
	default:
		return fmt.Errorf("no rule %q", rule)
	}
	return nil
}

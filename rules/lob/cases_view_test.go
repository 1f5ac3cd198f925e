package lob

import (
	"strings"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/rulestest"
)

// The line of sight and fog of war EXPECT-STATE lines (LoB 2.4, 4.0-4.3):
//
//	los <from> <to> clear|blocked [<rule>]     a look (not a shot): the Slope Table from range 5
//	los-small-arms <from> <to> clear|blocked [<rule>]
//	los-artillery <from> <to> clear|blocked [<rule>]
//	sees <side> <hex> yes|no                   the side sees the hex this turn (4.3)
//	shown <side> <counter> yes|no              the side's map shows the counter (2.4)
//	marked <side> <counter> <status>|none      what the side's map shows on it (2.4)
//	arrow <side> <order id> yes|no             the side's map draws the order's arrow (2.4)
//
// Lines of sight are traced for the side whose turn it is, with every
// counter on the map as a possible blocker (4.2e); the rule, e.g. "LoB
// 4.1", is the one that decided the verdict.

// expectSight checks one of the lines above; it reports false for other
// lines.
func (r *caseRun) expectSight(l rulestest.Line, f []string) bool {
	st := r.state()
	var got, want string
	switch f[0] {
	case "los", "los-small-arms", "los-artillery":
		if len(f) < 4 {
			r.t.Fatalf("%s: want %s <from> <to> clear|blocked [<rule>]", r.where(l), f[0])
		}
		g := st.scn.Map.sight
		side := st.side()
		shot := Shot{SmallArms: f[0] == "los-small-arms", Side: side}
		s := g.lineOfSight(r.sightHex(l, f[1]), r.sightHex(l, f[2]), shot, g.blockersFor(side, st.sightUnits()))
		got = "blocked"
		if s.Clear {
			got = "clear"
		}
		want = strings.Join(f[3:], " ")
		if len(f) > 4 {
			got += " " + s.Rule
		}
		if got != want {
			r.t.Errorf("%s: %s: got %q (%v), want %q", r.where(l), strings.TrimSpace(l.Text), got, s, want)
		}
		return true
	case "sees":
		m := &st.scn.Map
		seen := st.seenBy(rules.Side(f[1]))
		got, want = yesNo(seen[m.sight.index(r.sightHex(l, f[2]))]), f[3]
	case "shown":
		name, last := nameAndLast(f[2:])
		got = "no"
		for _, u := range st.mapView(rules.Side(f[1])).Units {
			if u.Name == name {
				got = "yes"
			}
		}
		want = last
	case "marked":
		name, last := nameAndLast(f[2:])
		got = "not shown"
		for _, u := range st.mapView(rules.Side(f[1])).Units {
			if u.Name == name {
				got = u.Status
				if got == "" {
					got = "none"
				}
			}
		}
		want = last
	case "arrow":
		got = "no"
		for _, a := range st.mapView(rules.Side(f[1])).Arrows {
			if strings.HasPrefix(a.Label, f[2]+" ") {
				got = "yes"
			}
		}
		want = f[3]
	default:
		return false
	}
	if got != want {
		r.t.Errorf("%s: %s: got %q, want %q", r.where(l), strings.TrimSpace(l.Text), got, want)
	}
	return true
}

// sightHex is a hex of the case's map as line of sight reads it.
func (r *caseRun) sightHex(l rulestest.Line, id string) hex.Axial {
	m := &r.state().scn.Map
	if _, ok := m.Hex(id); !ok {
		r.t.Fatalf("%s: %q is not a hex of the map", r.where(l), id)
	}
	return m.axial(id)
}

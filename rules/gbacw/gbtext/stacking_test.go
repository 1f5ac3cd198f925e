package gbtext

import (
	"strings"
	"testing"

	"galloper/orders"
)

// TestFaceAboveBelow: FACE takes ABOVE or BELOW after its hex, for a unit
// turning about over artillery (7.21, 8.44), and prints it back.
func TestFaceAboveBelow(t *testing.T) {
	checkClauses(t, map[string]string{
		"unit X: face 0506 above":            "UNIT X: FACE 0506 ABOVE",
		"unit X: face 0506  Below then fire": "UNIT X: FACE 0506 BELOW THEN FIRE",
		"unit X: face 0506":                  "UNIT X: FACE 0506",
	}, map[string]string{
		"UNIT X: FACE 0506 ON TOP": "FACE takes one hex",
		"UNIT X: FACE 0506 OVER":   `not "OVER"`,
		"UNIT X: FACE ABOVE":       "is not a hex id",
		"UNIT X: FACE 0506 0507":   `not "0507"`,
	})
}

// TestRetractInto: RETRACT takes nothing, or the hex of one of the unit's
// parts to retract into (8.41, 8.52).
func TestRetractInto(t *testing.T) {
	checkClauses(t, map[string]string{
		"unit X: retract":            "UNIT X: RETRACT",
		"unit X: retract 0506":       "UNIT X: RETRACT 0506",
		"unit X: retract 0506; hold": "UNIT X: RETRACT 0506; HOLD",
	}, map[string]string{
		"UNIT X: RETRACT 0506 0507": "RETRACT takes nothing after it, or the hex",
		"UNIT X: RETRACT BACK":      `"BACK" is not a hex id`,
	})
}

// TestMoveWith: MOVE takes WITH and the units of its stack that move with
// it as one stack (8.21 Exception 1), and prints them back.
func TestMoveWith(t *testing.T) {
	checkClauses(t, map[string]string{
		"unit X: move 0506 0507 with 6th Wisconsin":                     "UNIT X: MOVE 0506 0507 WITH 6th Wisconsin",
		"unit X: move 0506 With 6th  Wisconsin,7th Wisconsin then fire": "UNIT X: MOVE 0506 WITH 6th Wisconsin, 7th Wisconsin THEN FIRE",
	}, map[string]string{
		"UNIT X: MOVE 0506 WITH":     "WITH takes the units stacked with the mover",
		"UNIT X: MOVE 0506 WITH A,":  "WITH takes the units stacked with the mover",
		"UNIT X: MOVE WITH A":        "MOVE takes the hexes of its path",
		"UNIT X: MOVE 0506 A WITH B": `"A" is not a hex id`,
		"UNIT X: TOWARD 0506 WITH B": "TOWARD takes one hex",
	})
}

// TestMoveAboveBelow: MOVE takes ABOVE or BELOW after its path, where the
// unit stacks with artillery (8.23 Exception), before any WITH.
func TestMoveAboveBelow(t *testing.T) {
	checkClauses(t, map[string]string{
		"unit X: move 0506 0507 below":     "UNIT X: MOVE 0506 0507 BELOW",
		"unit X: move 0506 Above with Y":   "UNIT X: MOVE 0506 ABOVE WITH Y",
		"unit X: move 0506 0507 then fire": "UNIT X: MOVE 0506 0507 THEN FIRE",
	}, map[string]string{
		"UNIT X: MOVE BELOW":            `"BELOW" is not a hex id`,
		"UNIT X: MOVE 0506 BELOW ABOVE": `"BELOW" is not a hex id`,
	})
}

// TestTopSection: TOP takes nothing, or SECTION and the number of a
// battery's section to put on top (8.24 Exception), and prints it back.
func TestTopSection(t *testing.T) {
	checkClauses(t, map[string]string{
		"unit X: top section 2":             "UNIT X: TOP SECTION 2",
		"unit X: top Section 3 then fire Y": "UNIT X: TOP SECTION 3 THEN FIRE Y",
		"unit X: top":                       "UNIT X: TOP",
	}, map[string]string{
		"UNIT X: TOP SECTION":     "TOP takes nothing after it, or SECTION",
		"UNIT X: TOP SECTION TWO": `"TWO" is not a section's number`,
		"UNIT X: TOP SECTION 0":   `"0" is not a section's number`,
		"UNIT X: TOP SECTION 1 2": "TOP takes nothing after it, or SECTION",
		"UNIT X: TOP 2":           "TOP takes nothing after it, or SECTION",
	})
}

// checkClauses parses each order line of prints, which must be accepted,
// print back as its value and read back the same, and each of refuses, which must draw one
// CodeBadClause problem whose message holds its value.
func checkClauses(t *testing.T, prints, refuses map[string]string) {
	t.Helper()
	for in, want := range prints {
		f, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + in + "\n")
		if len(ps) != 0 {
			t.Errorf("%q: %+v", in, ps)
			continue
		}
		got := strings.TrimSpace(orders.FormatOrders(f, Dialect))
		if got != want {
			t.Errorf("%q printed %q, want %q", in, got, want)
		}
		if g, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + got + "\n"); len(ps) != 0 || strings.TrimSpace(orders.FormatOrders(g, Dialect)) != got {
			t.Errorf("%q does not read back: %+v", got, ps)
		}
	}
	for in, says := range refuses {
		_, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + in + "\n")
		if len(ps) != 1 || ps[0].Code != CodeBadClause || !strings.Contains(ps[0].Message, says) {
			t.Errorf("%q: problems %+v, want one %s saying %q", in, ps, CodeBadClause, says)
		}
	}
}

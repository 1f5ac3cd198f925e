package acwtext

import (
	"strings"
	"testing"

	"galloper/orders"
	"galloper/orders/orderstest"
)

// FuzzParse checks the parse, print and parse round trip (orders.RoundTrip).
func FuzzParse(f *testing.F) { orderstest.Fuzz(f, Dialect) }

func TestSamplesParseClean(t *testing.T) { orderstest.Samples(t, Dialect, Samples, 3) }

func TestCanonicalForms(t *testing.T) {
	for in, want := range map[string]string{
		"hold  1st Minnesota":                                "HOLD 1st Minnesota",
		"hold 1st Minnesota: stand ground":                   "HOLD 1st Minnesota",
		"Advance 19th Indiana : wheel r 20 ; forward 3.50\"": "ADVANCE 19th Indiana: WHEEL RIGHT 20; FORWARD 3.5",
		"ADVANCE 19th Indiana: oblique l 30.5 2.125":         "ADVANCE 19th Indiana: OBLIQUE LEFT 30.5 2.125",
		"advance X: reform march column; to 24,30.5":         "ADVANCE X: REFORM MARCH COLUMN; TO 24,30.5",
		"hold X: reform supported line facing 045":           "HOLD X: REFORM SUPPORTED LINE FACING 45",
		"run X: retire max":                                  "RUN X: RETIRE MAX",
		"run X: toward  Miller's   Wood":                     "RUN X: TOWARD Miller's Wood",
		"charge 2nd Wisconsin:4th Alabama":                   "CHARGE 2nd Wisconsin: 4th Alabama",
		"rally 6th Wisconsin":                                "RALLY 6th Wisconsin",
		"commander Meredith: toward  2nd   Wisconsin":        "COMMANDER Meredith: TOWARD 2nd Wisconsin",
		"Commander Doubleday:to 30,6.50":                     "COMMANDER Doubleday: TO 30,6.5",
	} {
		f, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + in + "\n")
		if len(ps) != 0 {
			t.Errorf("%q: %+v", in, ps)
			continue
		}
		if got := strings.TrimSpace(orders.FormatOrders(f, Dialect)); got != want {
			t.Errorf("%q printed %q, want %q", in, got, want)
		}
	}
}

func TestProblems(t *testing.T) {
	for in, code := range map[string]string{
		"HOLD":                               CodeNoUnit,
		"HOLD X: FORWARD 3":                  CodeBadOption,
		"RUN X: REFORM LINE":                 CodeBadOption,
		"ADVANCE X: REFORM LINE FACING 90":   CodeBadOption,
		"ADVANCE X: REFORM WEDGE":            CodeBadFormation,
		"ADVANCE X: FORWARD three":           CodeBadStep,
		"ADVANCE X: OBLIQUE LEFT 50 2":       CodeBadStep,
		"ADVANCE X: FORWARD 2; RETIRE 1":     CodeBadStep,
		"ADVANCE X: RETIRE 2; FORWARD 1":     CodeTrailing,
		"ADVANCE X: SIDESTEP 2":              CodeBadStep,
		"ADVANCE X: FORWARD 1.0005":          CodeBadStep,
		"ADVANCE X: TO 24":                   CodeBadStep,
		"CHARGE X":                           CodeNoTarget,
		"RALLY X: FORWARD 2":                 CodeTrailing,
		"HOLD X: REFORM LINE; FORWARD 2":     CodeTrailing,
		"MARCH X":                            orders.CodeUnknownKeyword,
		"CAVALRY STAND":                      orders.CodeOutsideStanding,
		"COMMANDER Meredith":                 CodeBadStep,
		"COMMANDER Meredith: FORWARD 3":      CodeBadStep,
		"COMMANDER Meredith: WHEEL LEFT 9":   CodeBadStep,
		"COMMANDER Meredith: TO 1,2; TO 3,4": CodeTrailing,
		"COMMANDER Meredith: TO 1,2; FIRE X": CodeBadOption,
		"COMMANDER":                          CodeNoUnit,
	} {
		_, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + in + "\n")
		if len(ps) != 1 || ps[0].Code != code {
			t.Errorf("%q: got %+v, want one %s", in, ps, code)
		}
	}
}

func TestFireTargets(t *testing.T) {
	for in, want := range map[string]string{
		"hold A: fire  R ,Q":                    "HOLD A: FIRE R, Q",
		"advance A: forward 2; fire R":          "ADVANCE A: FORWARD 2; FIRE R",
		"rally A: fire R":                       "RALLY A: FIRE R",
		"hold A: reform line facing 90; fire R": "HOLD A: REFORM LINE FACING 90; FIRE R",
	} {
		f, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + in + "\n")
		if len(ps) != 0 {
			t.Errorf("%q: %+v", in, ps)
			continue
		}
		if got := strings.TrimSpace(orders.FormatOrders(f, Dialect)); got != want {
			t.Errorf("%q printed %q, want %q", in, got, want)
		}
	}
	for _, in := range []string{"RUN A: FORWARD 2; FIRE R", "CHARGE A: R; FIRE R", "HOLD A: FIRE R, R", "HOLD A: FIRE"} {
		if _, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + in + "\n"); len(ps) != 1 {
			t.Errorf("%q: %+v, want one problem", in, ps)
		}
	}
}

package wvtext

import (
	"strings"
	"testing"

	"galloper/orders"
	"galloper/orders/orderstest"
)

// FuzzParse checks the parse, print and parse round trip (orders.RoundTrip).
func FuzzParse(f *testing.F) { orderstest.Fuzz(f, Dialect) }

func TestSamplesParseClean(t *testing.T) { orderstest.Samples(t, Dialect, Samples, 2) }

func TestCanonicalForms(t *testing.T) {
	for in, want := range map[string]string{
		"order napoleon to Davout : objective 1408":         "ORDER napoleon TO Davout: OBJECTIVE 1408",
		"Attack Napoleon TO Augereau: objective 608;urgent": "ATTACK Napoleon TO Augereau: OBJECTIVE 0608; URGENT",
		"command Davout: mobilized":                         "COMMAND Davout: MOBILIZED",
		"exempt  Davout":                                    "EXEMPT Davout",
		"move 1/46 Ligne: 906 1006  1106 ; face ne":         "MOVE 1/46 Ligne: 0906 1006 1106; FACE NE",
		"march 1/46 Ligne: 0907 1007; face e":               "MARCH 1/46 Ligne: 0907 1007; FACE E",
		"form 1/46 Ligne: road column":                      "FORM 1/46 Ligne: ROAD COLUMN",
		"detach 1/16 Leger:  2":                             "DETACH 1/16 Leger: 2",
		"rejoin 1/16 Leger Sk1: 1/16 leger":                 "REJOIN 1/16 Leger Sk1: 1/16 leger",
		"form 1/tula: line; extend 2204":                    "FORM 1/tula: LINE; EXTEND 2204",
		"form 1/46 Ligne: general order":                    "FORM 1/46 Ligne: GENERAL ORDER",
		"face X: sw":                                        "FACE X: SW",
		"face X:  rear":                                     "FACE X: REAR",
		"face X: Front":                                     "FACE X: FRONT",
		"fire X: A ,  B":                                    "FIRE X: A, B",
		"fire X: A, B ; sp  4":                              "FIRE X: A, B; SP 4",
		"fire X: A, B ; from  2203":                         "FIRE X: A, B; FROM 2203",
		"fire X: A; sp 6; from 2203":                        "FIRE X: A; FROM 2203; SP 6",
		"fire X , Y: A":                                     "FIRE X, Y: A",
		"charge 7 Cuirassiers:Tula Musketeers":              "CHARGE 7 Cuirassiers: Tula Musketeers",
		"shock A,B: 1207":                                   "SHOCK A, B: 1207",
	} {
		f, ps := Parse("GAME g\nSIDE French\nTURN 1\n" + in + "\n")
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
		"ORDER Napoleon: OBJECTIVE 1408":        CodeNoReceiver,
		"ORDER Napoleon TO Davout":              CodeNoObjective,
		"ORDER Napoleon TO Davout: GO 1408":     CodeNoObjective,
		"ORDER Napoleon TO Davout: OBJECTIVE x": CodeBadHex,
		"MOVE X: 0906 north":                    CodeBadHex,
		"MOVE X: 0906; FACE N":                  CodeBadFacing,
		"MOVE X: 0906; FACE REAR":               CodeBadFacing,
		"FACE X: BACK":                          CodeBadFacing,
		"FORM X: WEDGE":                         CodeBadFormation,
		"COMMAND Davout: ASLEEP":                CodeBadState,
		"FIRE X":                                CodeNoTarget,
		"FIRE X: A; SP x":                       CodeBadPart,
		"FIRE X: A; FROM x":                     CodeBadPart,
		"FIRE X: A; SP 4; SP 5":                 CodeBadPart,
		"FIRE X: A; FACE E":                     CodeBadPart,
		"CHARGE X: A, B":                        CodeTrailing,
		"SHOCK A: here":                         CodeBadHex,
		"EXEMPT Davout: now":                    CodeTrailing,
		"MOVE : 0906":                           CodeNoName,
		"RETREAT AWAY":                          orders.CodeOutsideStanding,
		"WALK X: 0906":                          orders.CodeUnknownKeyword,
	} {
		_, ps := Parse("GAME g\nSIDE French\nTURN 1\n" + in + "\n")
		if len(ps) != 1 || ps[0].Code != code {
			t.Errorf("%q: got %+v, want one %s", in, ps, code)
		}
	}
}

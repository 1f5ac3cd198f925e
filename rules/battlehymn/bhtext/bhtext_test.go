package bhtext

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
		"move  Iron   Brigade:0605 0606":               "MOVE Iron Brigade: 0605 0606",
		"move Iron Brigade: 0605 if no enemy within 2": "MOVE Iron Brigade: 0605 IF NO ENEMY WITHIN 2",
		"Move Baxter: 0605 If Enemy Within 3":          "MOVE Baxter: 0605 IF ENEMY WITHIN 3",
		"move Buford: 0302 if at 0301":                 "MOVE Buford: 0302 IF AT 0301",
		"hold Weed":                                    "HOLD Weed",
		"rally Davis":                                  "RALLY Davis",
		"combat before pick 3":                         "COMBAT BEFORE PICK 3",
		"combat after  Rodes' Division":                "COMBAT AFTER Rodes' Division",
		"combat when 2 left":                           "COMBAT WHEN 2 LEFT",
		"combat when enemy adjacent to Iron Brigade":   "COMBAT WHEN ENEMY ADJACENT TO Iron Brigade",
		"combat last":                                  "COMBAT LAST",
		"bombard Dearing: 0807,0808":                   "BOMBARD Dearing: 0807, 0808",
		"rbc Tilton":                                   "RBC Tilton",
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
		"MOVE":                        CodeNoUnit,
		"MOVE Weed":                   CodeNoPath,
		"MOVE Weed: 605":              CodeBadHex,
		"MOVE Weed: 0605 IF SUNNY":    CodeBadIf,
		"MOVE Weed: 0605 IF AT x":     CodeBadIf,
		"HOLD Weed: 0605":             CodeTrailing,
		"COMBAT SOON":                 CodeBadWhen,
		"COMBAT AFTER":                CodeBadWhen,
		"COMBAT BEFORE PICK zero":     CodeBadWhen,
		"BOMBARD Dearing":             CodeNoTargets,
		"BOMBARD Dearing: 0807, 0807": CodeBadHex,
		"CAVALRY RBC NEVER":           orders.CodeOutsideStanding,
	} {
		_, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + in + "\n")
		if len(ps) != 1 || ps[0].Code != code {
			t.Errorf("%q: problems %+v, want one %s", in, ps, code)
		}
	}
}

func TestStandingReactions(t *testing.T) {
	f, ps := Parse("GAME g\nSIDE USA\nTURN 1\nSTANDING\nCAVALRY RBC NEVER\nENGAGEMENTS PREFER Weed, Baxter\nADVANCE AFTER COMBAT ALWAYS\nRETREAT TOWARD 0101\nEND\n")
	if len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
	s := f.Orders[0].(*orders.Standing)
	var got []string
	for _, r := range s.Reactions {
		got = append(got, r.Kind+" "+r.Choices[0].Text)
	}
	if want := "CAVALRY NEVER|ENGAGEMENTS PREFER|ADVANCES ALWAYS|RETREAT TOWARD"; strings.Join(got, "|") != want {
		t.Fatalf("got %q, want %q", strings.Join(got, "|"), want)
	}
}

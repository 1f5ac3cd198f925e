package gbacw

import (
	"slices"
	"strings"
	"testing"
)

func mustCombat(t *testing.T) *CombatCharts {
	t.Helper()
	c, err := LoadProvisionalCharts()
	if err != nil {
		t.Fatal(err)
	}
	if !c.Provisional || !c.Pack.Provisional {
		t.Fatal("the shipped pack is not marked provisional")
	}
	return c
}

// The Shock Resolution bands the rules pin: 1 or less attacker retreats 1
// and the defender may Continue Shock (12.42, 11.47); 5-9 defender retreats
// 1 (12.42); 8 or more the attacker may Continue Shock (11.47); 10 or more
// defender retreats 2, rout check, artillery Abandoned (12.42, 12.51, 11.64).
func TestShockResolutionPinned(t *testing.T) {
	c := mustCombat(t)
	for roll := -3; roll <= 14; roll++ {
		got := c.ShockResult(roll)
		has := func(e string) bool { return slices.Contains(got, e) }
		if has("attacker-retreat-1") != (roll <= 1) || has("defender-may-continue") != (roll <= 1) {
			t.Errorf("roll %d: %v; the attacker retreats 1 and the defender may continue on 1 or less", roll, got)
		}
		if has("defender-retreat-1") != (roll >= 5 && roll <= 9) {
			t.Errorf("roll %d: %v; the defender retreats 1 on 5-9", roll, got)
		}
		if has("attacker-may-continue") != (roll >= 8) {
			t.Errorf("roll %d: %v; the attacker may continue on 8 or more", roll, got)
		}
		ten := roll >= 10
		if has("defender-retreat-2") != ten || has("defender-rout-check") != ten || has("artillery-abandoned") != ten {
			t.Errorf("roll %d: %v; retreat 2, rout check and Abandoned artillery on 10 or more", roll, got)
		}
	}
}

// The example of GBACW 11.43: 5 SPs against 3 are 2-1 if the attacker
// moved, 1½-1 if it started adjacent or the defender is in the Woods. Odds
// below 1-4 are 1-4, above 5-1 are 5-1.
func TestExample1143ShockRatio(t *testing.T) {
	c := mustCombat(t)
	for _, tc := range []struct {
		a, d int
		att  bool
		want string
	}{
		{10, 6, true, "2-1"}, {10, 6, false, "1½-1"},
		{2, 12, false, "1-4"}, {2, 12, true, "1-4"}, {1, 12, true, "1-4"},
		{14, 2, true, "5-1"}, {14, 2, false, "5-1"},
		{6, 6, true, "1-1"}, {6, 6, false, "1-1"},
		{4, 6, true, "1-1½"}, {5, 6, true, "1-1"}, {5, 6, false, "1-1½"},
	} {
		if got := c.Ratio(tc.a, tc.d, tc.att); got.Name != tc.want {
			t.Errorf("%d half-SPs to %d, attacker's favour %v: %s, want %s", tc.a, tc.d, tc.att, got.Name, tc.want)
		}
	}
}

// The DRMs the rules pin (11.44, 11.47, 11.55, 11.56, 11.72, 15.23, 6.13,
// the Play Note to 8.48).
func TestPinnedDRMs(t *testing.T) {
	c := mustCombat(t)
	for k, want := range map[string]int{"surrounded": 5, "front-and-flank-or-rear": 4, "charge": 1, "countercharged-infantry": -1,
		"continued-shock": -1, "breastworks": -1, "no-brigadier": -1, "aggressive-brigadier": 1, "untargeted-front": -1} {
		if got := c.ShockDRM(k); got != want {
			t.Errorf("shock %s: %+d, want %+d", k, got, want)
		}
	}
	for k, want := range map[string]int{"march": 2, "charge": 1, "breastworks": -1} {
		if got := c.PreShockDRM(k); got != want {
			t.Errorf("pre-shock %s: %+d, want %+d", k, got, want)
		}
	}
}

// The example of GBACW 10.16: R has a maximum range of 5 and a Prepared
// Fire range of 1; M 2 and 1. N has Rapid Fire (10.68).
func TestExample1016Ranges(t *testing.T) {
	c := mustCombat(t)
	for w, want := range map[string][3]int{"R": {5, 1, 0}, "M": {2, 1, 0}, "N": {8, 0, 1}} {
		r, err := c.Range(w)
		if err != nil {
			t.Fatal(err)
		}
		rf := 0
		if r.RapidFire {
			rf = 1
		}
		if got := [3]int{r.Max, r.Prepared, rf}; got != want || len(r.DRM) != r.Max {
			t.Errorf("%s: %v with %d DRMs, want %v", w, got, len(r.DRM), want)
		}
	}
	if _, err := c.Range("Z"); err == nil || !strings.Contains(err.Error(), `weapon type "Z" is not on the Range Effects Chart`) {
		t.Errorf("unknown weapon: %v", err)
	}
}

// The 2nd Disorder effects rebuilt from 12.35-12.36.
func TestSecondDisorder(t *testing.T) {
	c := mustCombat(t)
	for _, tc := range []struct {
		cause string
		art   bool
		want  string
	}{
		{"fire", false, "lose-1 retreat-1-2 no-more-return-fire"}, // 12.35a
		{"fire", true, "lose-1"},                                  // 12.36
		{"shock", false, "udd-rout lose-1 retreat-1-2"},           // 12.35b
		{"shock", true, "abandoned"},                              // 12.36, 11.65
		{"reaction-facing", false, "udd-rout lose-1 retreat-1-2 no-return-fire-at-trigger"},
		{"terrain", false, "stop"},                                      // 12.35c
		{"post-shock", false, "blown-if-mounted lose-1-if-not-mounted"}, // 12.35d
	} {
		got, err := c.SecondDisorder(tc.cause, tc.art)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s, artillery %v: %v, want %s", tc.cause, tc.art, got, tc.want)
		}
	}
	if _, err := c.SecondDisorder("weather", false); err == nil {
		t.Error("unknown cause accepted")
	}
}

// Woods and Town are a level high and block LOS; Orchard does not block
// (10.23).
func TestTerrainPinned(t *testing.T) {
	c := mustCombat(t)
	for kind, want := range map[string][2]int{"woods": {1, 1}, "town": {1, 1}, "orchard": {0, 0}, "clear": {0, 0}} {
		tr, err := c.Terrain(kind)
		if err != nil {
			t.Fatal(err)
		}
		b := 0
		if tr.BlocksLOS {
			b = 1
		}
		if got := [2]int{tr.Height, b}; got != want {
			t.Errorf("%s: height and blocking %v, want %v", kind, got, want)
		}
	}
}

// The provisional fire tables are exactly the ladder docs/charts-gbacw.md
// states: step row+column-3 of - - d d+1 d+2 1 1d 1d+1 1d+2 1D 2d 2D.
func TestProvisionalFireLadder(t *testing.T) {
	c := mustCombat(t)
	ladder := []string{"-", "-", "d", "d+1", "d+2", "1", "1d", "1d+1", "1d+2", "1D", "2d", "2D"}
	check := func(name string, lookup func(sp, roll int) FireResult, spOf []int) {
		for ci, sp := range spOf {
			for row := 0; row <= 10; row++ {
				roll := row // row index 0 is "..0", 10 is "10.."
				if row == 10 {
					roll = 13
				}
				want := ladder[max(0, min(len(ladder)-1, row+ci-3))]
				if got := lookup(sp, roll); got.Code != want {
					t.Errorf("%s: %d SPs, roll %d: %s, want %s", name, sp, roll, got.Code, want)
				}
			}
		}
	}
	check("fire", c.Fire, []int{1, 2, 4, 5, 9, 10, 40})
	check("artillery-fire", c.ArtilleryFire, []int{2, 3, 6, 7, 12, 13})
	if r := c.Fire(5, -4); r.Code != "-" {
		t.Errorf("a very low roll: %v", r)
	}
}

func TestParseFireResult(t *testing.T) {
	for s, want := range map[string]FireResult{
		"-":    {Code: "-"},
		"2":    {Code: "2", Losses: 2},
		"d":    {Code: "d", UDD: true},
		"d+2":  {Code: "d+2", UDD: true, UDDMod: 2},
		"D":    {Code: "D", Disorder: true},
		"1d+2": {Code: "1d+2", Losses: 1, UDD: true, UDDMod: 2},
		"1D":   {Code: "1D", Losses: 1, Disorder: true},
	} {
		if got, err := parseFireResult(s); err != nil || got != want {
			t.Errorf("%q: %+v %v, want %+v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "x", "d+", "dD", "0d", "D+1", "1-"} {
		if _, err := parseFireResult(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}

// An owner's real card in the same format replaces the provisional pack.
func TestOwnerCardLoads(t *testing.T) {
	card := strings.Replace(string(ProvisionalPackData()), "provisional: true", "provisional: false", 1)
	card = strings.Replace(card, "name: GBACW provisional", "name: River of Death PAC", 1)
	card = strings.Replace(card, `surrounded: "5"`, `surrounded: "6"`, 1)
	c, err := LoadCombatCharts("rod.yaml", []byte(card))
	if err != nil {
		t.Fatal(err)
	}
	if c.Provisional || c.Pack.Name != "River of Death PAC" || c.ShockDRM("surrounded") != 6 {
		t.Errorf("the owner's card did not replace the provisional values: provisional %v, surrounded %+d", c.Provisional, c.ShockDRM("surrounded"))
	}
}

// A broken card is refused with an error naming the table and entry.
func TestBrokenCardRefused(t *testing.T) {
	good := string(ProvisionalPackData())
	cases := []struct{ name, from, to, want string }{
		{"fire code", `"1": ["-", "-", "-", "-", "d", "d+1", "d+2"]`, `"1": ["-", "-", "-", "-", "e", "d+1", "d+2"]`, `table fire: row "1" column "7..9": "e" is not a fire result`},
		{"fire row gap", `"4": ["-", "d"`, `"44": ["-", "d"`, `table fire: no row for rolls 4..4`},
		{"fire column gap", `columns: ["1", "2", "3..4"`, `columns: ["1", "2", "4..4"`, `table fire: no column for SPs 3..3`},
		{"fire column order", `columns: ["1", "2", "3..4"`, `columns: ["2", "1", "3..4"`, `table fire: the columns are not in ascending order of SPs`},
		{"missing table", "  pre-shock:", "  pre-shocks:", `missing table "pre-shock"`},
		{"range beyond max", `R:  ["5",  "1", "no",  "0", "0",  "-1", "-2", "-3", "x"`, `R:  ["5",  "1", "no",  "0", "0",  "-1", "-2", "-3", "0"`, `table range-effects: row R: range 6 is beyond the max range 5 and must be x`},
		{"prepared beyond max", `M:  ["2",  "1"`, `M:  ["2",  "3"`, `table range-effects: row M: prepared range "3" is not 0 to the max range 2`},
		{"shock effect", `"2..4": ["bloody-standoff"]`, `"2..4": ["bloody"]`, `table shock-resolution: row "2..4": effect "bloody" is not one of`},
		{"ratio clamp", `"5-1":  ["5"]`, `"6-1":  ["5"]`, `the ratios must run from 1-4 to 5-1 (GBACW 11.43)`},
		{"ratio DRM falls", `"3-1":  ["3"]`, `"3-1":  ["1"]`, `the DRM of 3-1 is lower than that of 2-1`},
		{"missing value", `      surrounded: "5"` + "\n", "", `table shock-adjustments: missing value "surrounded"`},
		{"unknown value", `      march: "2"`, `      marsh: "2"`, `missing value "march"`},
		{"second disorder row", "      terrain:           [", "      weather:           [", `table second-disorder: missing row "terrain"`},
		{"terrain cost", `woods:    ["3"`, `woods:    ["three"`, `table terrain: row woods column infantry: "three" is not a number from 1 to 20 (or P, prohibited)`},
		{"terrain disorder", `"d", "yes", "1", "-2", "-2"]`, `"x", "yes", "1", "-2", "-2"]`, `table terrain: row town column disorder: "x" is not -, d, dr or D`},
		{"wrong system", "system: gbacw", "system: lob.v2", `system is "lob.v2", want gbacw`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := strings.Replace(good, tc.from, tc.to, 1)
			if data == good {
				t.Fatalf("the edit %q did not apply", tc.from)
			}
			_, err := LoadCombatCharts("card.yaml", []byte(data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

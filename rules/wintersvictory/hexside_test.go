package wintersvictory

import (
	"slices"
	"strings"
	"testing"
)

// TestHexsidesLoad: the Serpallen map's hexside features (10.12-10.13)
// and the Slope hexsides its levels make.
func TestHexsidesLoad(t *testing.T) {
	st, err := New().NewGame("serpallen", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for _, c := range []struct {
		a, b string
		want sideFeatures
	}{
		{"2611", "2711", sideFeatures{Water: "stream"}},
		{"2712", "2612", sideFeatures{Water: "stream"}}, // either way round
		{"2613", "2714", sideFeatures{Water: "brook"}},
		{"2614", "2714", sideFeatures{Water: "major-stream"}},
		{"2812", "2813", sideFeatures{Cover: "2813"}},
		{"2812", "2712", sideFeatures{Cover: "both"}},
		{"2914", "2813", sideFeatures{Steep: true}},
		{"2811", "2812", sideFeatures{}},
	} {
		if got := s.hexside(c.a, c.b); got != c.want {
			t.Errorf("%s-%s: %+v, want %+v", c.a, c.b, got, c.want)
		}
	}
	for _, c := range []struct{ a, b, want string }{
		{"2813", "2914", "steep-slope-up"}, {"2914", "2813", "steep-slope-down"},
		{"2813", "2913", "slope-up"}, {"2913", "2812", "slope-down"}, {"2812", "2813", ""},
	} {
		if got := s.contour(c.a, c.b); got != c.want {
			t.Errorf("contour %s to %s: %q, want %q", c.a, c.b, got, c.want)
		}
	}
	if !s.lightCoverProtects("2812", "2813") || s.lightCoverProtects("2813", "2812") {
		t.Error("the hedge 2812-2813 splays into 2813 only")
	}
}

// TestHexsidesRefused: a map's broken hexsides are reported at once,
// each naming the entry, the hexside and the fault.
func TestHexsidesRefused(t *testing.T) {
	data, err := scenarioData("serpallen")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.NewReplacer(
		`{kind: brook, name: Mill stream`, `{kind: creek, name: Mill stream`,
		`{kind: light-cover, at: ["2812-2813"]}`, `{kind: light-cover, at: ["2812-2814", "28122813", "2812-3199"]}`,
		`{kind: light-cover-both, at: ["2712-2812"]}`, `{kind: light-cover-both, at: ["2712-2812", "2812-2712"]}`,
		`{kind: steep-slope, at: ["2813-2914", "2814-2914"]}`, `{kind: steep-slope, at: ["2813-2914", "2812-2813"]}`,
	).Replace(string(data))
	_, err = LoadScenario("bad", []byte(bad))
	if err == nil {
		t.Fatal("a map with broken hexsides loads")
	}
	for _, want := range []string{
		`hexsides[1]: field kind: unknown kind "creek" (use brook, light-cover, light-cover-both, major-stream, steep-slope, stream)`,
		`hexsides[3]: 2812-2814: hexes are not adjacent`,
		`hexsides[3]: "28122813": write a hexside as two hex ids joined by a dash`,
		`hexsides[3]: 2812-3199: "3199" is not a hex of this map`,
		`hexsides[4]: 2812-2712: already has a Light Cover hexside (hexsides[4])`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	// The steep slope on the level is found once the map itself loads.
	bad = strings.Replace(string(data), `["2813-2914", "2814-2914"]`, `["2813-2914", "2812-2813"]`, 1)
	_, err = LoadScenario("bad", []byte(bad))
	want := `hexsides[5]: 2812-2813: a steep slope is a contour between two levels (10.13), but both hexes are at level 0`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("the error does not say %q:\n%v", want, err)
	}
}

// TestHintReachCrossesHexsides: a stack's reach in its Movement segment's
// hints pays the hexsides too (6.22): with 1 MP, 1/33 Ligne at 2613
// reaches 2612 but not 2713 across the brook; a battery with 2 MP does
// not cross the major stream 2614-2714 to reach 2714.
func TestHintReachCrossesHexsides(t *testing.T) {
	sys := New()
	st, _ := sys.NewGame("serpallen", nil)
	s := st.(*State)
	s.Step = stepFrenchMove
	for i := range s.Units {
		u := &s.Units[i]
		switch u.Name {
		case "1/33 Ligne":
			u.Hex, u.MA = "2613", 1
		case "Foot Battery III/1":
			u.Hex, u.MA = "2614", 2 // the way round by the brook costs 4
		default:
			u.Eliminated = true
		}
	}
	reach := map[string][]string{}
	for _, sh := range sys.OrderHints(s, SideFrench).Stacks {
		reach[sh.Units[0]] = sh.Reach
	}
	if r := reach["1/33 Ligne"]; !slices.Contains(r, "2612") || slices.Contains(r, "2713") {
		t.Errorf("1/33 Ligne reaches %v: want 2612 and not 2713 (brook, +1)", r)
	}
	if r := reach["Foot Battery III/1"]; len(r) == 0 || slices.Contains(r, "2714") {
		t.Errorf("the battery reaches %v: want hexes, not 2714 (major stream)", r)
	}
}

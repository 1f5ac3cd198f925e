package battlehymn

import (
	"reflect"
	"strings"
	"testing"

	"galloper/rules"

	"pgregory.net/rapid"
)

// See BH 9.2 (seed lines 788-794): Adjacent +1, 2 hexes -3, 3 hexes -4,
// 4 hexes -5; and no range beyond 4 (LOS is four hexes, 9.3).
func TestRangeAttenuationTable(t *testing.T) {
	c := charts(t)
	if !reflect.DeepEqual(c.rangeMod, map[int]int{1: 1, 2: -3, 3: -4, 4: -5}) || c.maxRange != 4 {
		t.Fatalf("range attenuation %v (max %d)", c.rangeMod, c.maxRange)
	}
	for r, want := range map[int]int{1: 6, 2: 2, 3: 1, 4: 0} {
		got, _, err := c.ToHit(Shot{Firer: Artillery, Target: Infantry, TargetHex: "clear", Range: r, Bombard: true}, Options{})
		if err != nil || got != want {
			t.Errorf("bombarding clear at range %d: %d, %v; want %d", r, got, err, want)
		}
	}
	if _, _, err := c.ToHit(Shot{Firer: Artillery, Target: Infantry, TargetHex: "clear", Range: 5, Bombard: true}, Options{}); err == nil {
		t.Error("bombarded at 5 hexes")
	}
}

// See BH 10.3 (seed lines 895-900): d10 plus Morale Rating, 1-5 fails,
// 6-10 passes.
func TestMoraleCheckTable(t *testing.T) {
	c := charts(t)
	for _, tc := range []struct {
		roll, mr int
		pass     bool
	}{{5, 0, false}, {6, 0, true}, {1, 3, false}, {3, 3, true}, {8, -3, false}, {9, -3, true}, {10, -3, true}, {1, -3, false}} {
		if got := c.Passes(tc.roll, tc.mr); got != tc.pass {
			t.Errorf("roll %d MR %+d: pass %v, want %v", tc.roll, tc.mr, got, tc.pass)
		}
	}
}

// See BH 14.2 (seed lines 1087-1100): per Loss 8 (artillery, horse
// artillery, cavalry) or 4 (infantry); per Demoralized SP of a Shattered
// unit 4 or 2; per Demoralized SP of a unit not Shattered 2 or 1.
func TestVictoryPointsTable(t *testing.T) {
	c := charts(t)
	want := map[string][2]int{VPLoss: {8, 4}, VPShatteredDemoralized: {4, 2}, VPDemoralized: {2, 1}}
	if !reflect.DeepEqual(c.vp, want) {
		t.Fatalf("VP schedule %v, want %v", c.vp, want)
	}
	for _, tc := range []struct {
		t       UnitType
		printed int
		u       SPs
		want    int
	}{
		{Infantry, 6, SPs{Strength: 4, Demoralized: 1}, 2*4 + 1},
		{Cavalry, 4, SPs{Strength: 3, Demoralized: 1}, 8 + 2},
		{Artillery, 3, SPs{Strength: 2, Demoralized: 2}, 8 + 2*4},
		{Infantry, 5, SPs{Strength: 3, Demoralized: 3}, 2*4 + 3*2},
		{HorseArtillery, 2, SPs{}, 16},
	} {
		if got, err := c.VictoryPoints(tc.t, tc.printed, tc.u); err != nil || got != tc.want {
			t.Errorf("%s %d printed, %+v: %d VP, %v; want %d", tc.t, tc.printed, tc.u, got, err, tc.want)
		}
	}
}

// See BH 6.1.4, 6.4.1, 6.5.3: the modifiers the rules text prints.
func TestToHitRuleModifiers(t *testing.T) {
	c := charts(t)
	if c.approach != -3 || c.firerSurr != -2 || c.targetSurr != 2 || c.highToLow != 1 {
		t.Fatalf("approach %d, firer surrounded %d, target surrounded %d, high to low %d", c.approach, c.firerSurr, c.targetSurr, c.highToLow)
	}
	if c.die != 10 || c.alwaysHit != 1 || c.alwaysMiss != 10 {
		t.Fatalf("fire: d%d, always hit %d, always miss %d", c.die, c.alwaysHit, c.alwaysMiss)
	}
}

// The provisional pack says so at its top and in its data, and holds the
// values the rules' examples pin (see docs/charts-battlehymn.md).
func TestProvisionalPack(t *testing.T) {
	data := string(ProvisionalPackData())
	if !strings.HasPrefix(data, "# PROVISIONAL") {
		t.Error("the provisional pack does not open with a comment saying so")
	}
	c := charts(t)
	if !c.Provisional {
		t.Error("the shipped pack is not marked provisional: true")
	}
	pinned := map[string][2]int{"clear": {2, 5}, "woods": {3, 3}}
	for name, v := range pinned {
		if h := c.hexes[name]; h.MP != v[0] || h.ToHit != v[1] {
			t.Errorf("%s: MP %d To Hit %d, want %d and %d (5.4.1, 6.2.2, 6.5.1 examples)", name, h.MP, h.ToHit, v[0], v[1])
		}
	}
	if !c.hexes["marsh"].Prohibited[Artillery] || !c.hexes["marsh"].Prohibited[Cavalry] || c.hexes["marsh"].Prohibited[Infantry] {
		t.Error("marsh: want closed to artillery and cavalry only (5.4.1 example)")
	}
	for _, name := range []string{"woods", "town", "marsh"} {
		if !c.hexes[name].BlocksLOS {
			t.Errorf("%s does not block LOS (9.3)", name)
		}
	}
	if c.sides["stream"].MP != 1 || c.sides["road"].MP != 1 || c.sides["creek"].ToHit != -1 || c.sides["slope"].UphillToHit != -1 {
		t.Error("stream +1 MP, road 1 MP, creek -1, slope uphill -1 are pinned by 5.4.2, 5.4.3, 6.5.2 and 6.2.2")
	}
	for name, want := range map[string]ZOCBlock{"river": ZOCBlocked, "fortification": ZOCBlocked, "escarpment": ZOCUpOnly, "slope": ZOCOpen} {
		if got := c.sides[name].BlocksZOC; got != want {
			t.Errorf("%s blocks ZOC %q, want %q (5.4.4, 9)", name, got, want)
		}
	}
	if c.typeMod[Infantry][Artillery] != 1 || c.typeMod[Artillery][Infantry] != 0 {
		t.Error("infantry at artillery +1 and artillery at infantry 0 are pinned by the 6.2.2 example")
	}
}

// ownerPack is a real-card stand-in: the provisional pack's shape with
// other values and provisional: false.
func ownerPack() string {
	s := strings.Replace(string(ProvisionalPackData()), "provisional: true", "provisional: false", 1)
	s = strings.Replace(s, "name: Battle Hymn vol. 1 provisional terrain and special situations", "name: Owner card", 1)
	return strings.Replace(s, `woods: ["3", "3", "0", "yes", "none"]`, `woods: ["4", "2", "0", "yes", "none"]`, 1)
}

func TestOwnerPackLoads(t *testing.T) {
	c, err := LoadCharts([]byte(ownerPack()))
	if err != nil {
		t.Fatal(err)
	}
	if c.Provisional || c.Pack != "Owner card" {
		t.Fatalf("owner pack read as %q provisional %v", c.Pack, c.Provisional)
	}
	got, _, _ := c.ToHit(Shot{Firer: Infantry, Target: Infantry, TargetHex: "woods"}, DefaultOptions())
	mp, _ := c.EnterCost(Infantry, "woods", nil, false)
	if got != 2 || mp != 4 {
		t.Fatalf("owner's woods: To Hit %d, MP %d; want 2 and 4", got, mp)
	}
}

// A broken pack is refused with an error naming the table and the entry.
func TestBrokenPacksRefused(t *testing.T) {
	base := ownerPack()
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"wrong system", "system: battlehymn", "system: lob.v2", `system is "lob.v2"`},
		{"missing hex row", `      town: ["2", "3", "0", "yes", "none"]` + "\n", "", `table hex-terrain: missing row "town"`},
		{"not a number", `clear: ["2", "5"`, `clear: ["two", "5"`, `table hex-terrain row "clear" column "mp": "two" is not a whole number`},
		{"To Hit out of range", `clear: ["2", "5"`, `clear: ["2", "11"`, `To Hit Chance 11 is not 1 to 10`},
		{"short row", `clear: ["2", "5", "0", "no", "none"]`, `clear: ["2", "5", "0", "no"]`, `table hex-terrain row "clear" has 4 cells, want 5`},
		{"unknown unit type", `"artillery cavalry horse-artillery"]`, `"artillery dragoons"]`, `"dragoons" is not a unit type`},
		{"bad opening", `road: ["1", "hex"`, `road: ["1", "maybe"`, `row "road" column "opens": "maybe" is not one of no, hex, side`},
		{"bad ZOC block", `"2", "-2", "up"`, `"2", "-2", "down"`, `column "blocks-zoc": "down" is not one of`},
		{"missing unit type row", `      horse-artillery: ["0", "+1", "0", "0"]` + "\n", "", `table unit-types row "horse-artillery" column "infantry": missing`},
		{"modifier out of range", `cavalry: ["-1", "0", "-1", "-1"]`, `cavalry: ["-12", "0", "-1", "-1"]`, `To Hit modifier -12 is not -9 to +9`},
		{"missing table", "  unit-types:", "  unit-typos:", `missing table "unit-types"`},
		{"road costing nothing", `road: ["1", "hex"`, `road: ["0", "hex"`, `a road type's mp replaces the hex cost`},
		{"unknown field", "provisional: false", "provisional: false\nofficial: yes", "field official not found"},
	} {
		data := strings.Replace(base, tc.old, tc.new, 1)
		if data == base {
			t.Fatalf("%s: %q is not in the pack", tc.name, tc.old)
		}
		_, err := LoadCharts([]byte(data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// The printed tables' loader refuses a broken standard file too: the
// checks that keep the embedded data honest.
func TestStandardTablesChecked(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"gap in ranges", `      "3": "-4"` + "\n", "", `range 3: missing`},
		{"morale split", `pass: "6-10"`, `pass: "7-10"`, `must split 1-10`},
		{"rally missing", `      "+2": "2"` + "\n", "", `value "+2"`},
		{"always hit", `always-hit: "1"`, `always-hit: "0"`, `want 1 <= always-hit`},
	} {
		data := strings.Replace(string(standardData), tc.old, tc.new, 1)
		if data == string(standardData) {
			t.Fatalf("%s: %q not found", tc.name, tc.old)
		}
		p, err := rules.ParseChartPack("standard", []byte(data))
		if err == nil {
			err = (&Charts{}).readStandard(p)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// Split's property: the shares add up, differ by at most one, and the odd
// SPs land where the owner put them (see BH 6.3.1, 3.3).
func TestSplitProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sps := rapid.IntRange(0, 40).Draw(t, "sps")
		n := rapid.IntRange(1, 6).Draw(t, "hexes")
		perm := rapid.Permutation([]int{0, 1, 2, 3, 4, 5}[:n]).Draw(t, "order")
		odd := perm[:sps%n]
		got, err := Split(sps, n, odd)
		if err != nil {
			t.Fatal(err)
		}
		sum, lo, hi := 0, got[0], got[0]
		for _, g := range got {
			sum += g
			lo, hi = min(lo, g), max(hi, g)
		}
		if sum != sps || hi-lo > 1 || (sps%n != 0 && hi != sps/n+1) {
			t.Fatalf("Split(%d, %d, %v) = %v", sps, n, odd, got)
		}
		for _, i := range odd {
			if got[i] != sps/n+1 {
				t.Fatalf("odd SP target %d got %d", i, got[i])
			}
		}
	})
}

func TestSplitErrors(t *testing.T) {
	for _, tc := range []struct {
		sps, n int
		odd    []int
	}{{5, 2, nil}, {5, 2, []int{0, 1}}, {4, 3, []int{1, 1}}, {4, 3, []int{0, 3}}, {3, 0, nil}, {-1, 2, nil}} {
		if _, err := Split(tc.sps, tc.n, tc.odd); err == nil {
			t.Errorf("Split(%d, %d, %v) accepted", tc.sps, tc.n, tc.odd)
		}
	}
}

// ApproachFire's property: every SP is either fired at a marked unit or
// masked, and an unmarked unit is never fired on (see BH 6.1.4).
func TestApproachFireProperty(t *testing.T) {
	names := []string{"A", "B", "C", "D"}
	rapid.Check(t, func(t *rapid.T) {
		sps := rapid.IntRange(0, 12).Draw(t, "sps")
		zoc := rapid.Permutation(names).Draw(t, "zoc")[:rapid.IntRange(1, 4).Draw(t, "n")]
		marked := map[string]bool{}
		for _, z := range zoc {
			marked[z] = rapid.Bool().Draw(t, "marked "+z)
		}
		odd := rapid.Permutation(zoc).Draw(t, "odd")[:sps%len(zoc)]
		fire, masked, err := ApproachFire(sps, zoc, marked, odd)
		if err != nil {
			t.Fatal(err)
		}
		sum := masked
		for z, n := range fire {
			if !marked[z] {
				t.Fatalf("unmarked %s fired on with %d SPs", z, n)
			}
			sum += n
		}
		if sum != sps {
			t.Fatalf("%d SPs fired and masked, want %d: %v masked %d", sum, sps, fire, masked)
		}
	})
}

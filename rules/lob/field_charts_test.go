package lob

import (
	"os"
	"strings"
	"testing"

	"galloper/rules"
)

// provisionalField compiles the field tables of the shipped pack.
func provisionalField(t *testing.T) *fieldCharts {
	t.Helper()
	p, err := rules.ParseChartPack("charts/provisional.yaml", ChartPackData())
	if err != nil {
		t.Fatal(err)
	}
	f, err := compileFieldCharts(p)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// testFieldPackData is the small explicit pack of testdata/field-pack.yaml.
func testFieldPackData(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/field-pack.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// compileFieldText parses and compiles a field pack.
func compileFieldText(t *testing.T, data string) (*fieldCharts, error) {
	t.Helper()
	p, err := rules.ParseChartPack("test.yaml", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return compileFieldCharts(p)
}

// testField compiles the explicit test pack.
func testField(t *testing.T) *fieldCharts {
	t.Helper()
	f, err := compileFieldText(t, testFieldPackData(t))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestProvisionalCombatAgreesWithTheSeed checks the Combat Table, Opening
// Volley and weapon values the worked examples pin.
func TestProvisionalCombatAgreesWithTheSeed(t *testing.T) {
	f := provisionalField(t)
	// Complete Normal Fire Combat Example: 4 SPs, "4-5" column, 9 = 1 SP.
	col, fires := f.CombatColumn(4, false, 0)
	if !fires || f.CombatLabel(col) != "4-5" {
		t.Fatalf("4 SPs: column %q fires %v, want 4-5", f.CombatLabel(col), fires)
	}
	res, err := f.Combat(col, 9, 1)
	if err != nil || res.Loss != 1 || !res.Check {
		t.Fatalf("4-5 column roll 9 = %v %v, want a 1 SP loss", res, err)
	}
	// Complete Charge Combat Example: Charge column, +1 for frontal
	// Canister, is Shift Only; a 5 there takes 2 SPs (9 -> 7).
	vc, ok := f.VolleyColumn(VolleyCharge, 1)
	if !ok || VolleyLabel(vc) != VolleyShiftOnly {
		t.Fatalf("Charge +1 = %q %v, want shift-only", VolleyLabel(vc), ok)
	}
	if n, err := f.VolleyLoss(vc, 5); err != nil || n != 2 {
		t.Fatalf("shift-only 5 = %d %v, want 2", n, err)
	}
	// 5.4c: a range 1 volley with Canister lands on the Charge column.
	if c, _ := f.VolleyColumn("1", 1); VolleyLabel(c) != VolleyCharge {
		t.Errorf("range 1 +1 = %q, want charge", VolleyLabel(c))
	}
	// 5.6 example: 4 Dense and 4 Normal Canister SPs apply Dense only.
	cbf, _ := f.CombatShift("cbf-per-level")
	if got := f.CanisterShift(1, 8, 4, 4); got != f.canister.dense || got == f.canister.normal {
		t.Errorf("4 dense + 4 normal: shift %d, want the Dense shift %d", got, f.canister.dense)
	}
	if cbf != -1 || f.CBFShift(2) != -2 {
		t.Errorf("CBF level 2 shifts %d, want -2 (5.8a)", f.CBFShift(2))
	}
	// 5.6: Buck 'n Ball's shift never applies beyond 1 hex.
	if b, _ := f.SmallArms("B"); b.ShiftRange != 1 {
		t.Errorf("Buck 'n Ball shift range %d, want 1", b.ShiftRange)
	}
	if s, _ := f.SmallArmsShift(2, map[string]int{"B": 6}); s != 0 {
		t.Errorf("Buck 'n Ball at range 2 shifts %d", s)
	}
	// 8.2e, 8.2d: Canister only to 3 hexes; Depleted Shell to 3; a
	// Whitworth without Shell cannot fire.
	if f.CanisterShift(4, 4, 4, 0) != 0 {
		t.Error("Canister shift at range 4")
	}
	n, _ := f.Gun("N")
	w, _ := f.Gun("W")
	if f.GunRange(n, true, false) != 3 || f.GunRange(w, true, false) != 0 || f.GunRange(n, true, true) != 0 {
		t.Error("Depletion ranges disagree with 8.2d")
	}
}

// TestProvisionalMoraleAgreesWithTheSeed checks the Morale, Closing Roll
// and Leader Loss values the worked examples pin.
func TestProvisionalMoraleAgreesWithTheSeed(t *testing.T) {
	f := provisionalField(t)
	artillery, _ := f.MoraleModifier("artillery")
	wrecked, _ := f.MoraleModifier("wrecked")
	cases := []struct {
		name               string
		roll, mods, leader int
		blAllowed          bool
		want               string
	}{
		{"charge example: 11 +1 artillery +1 charge (7 v 5)", 11, artillery + f.ChargeModifier(7, 5), 0, true, "DG b3 L1"},
		{"normal fire example: 10, no modifiers", 10, 0, 0, false, "Sh b1"},
		{"6.2 example: Wrecked A, leader 4, rolls 3", 3, wrecked, 4, true, "-"},
		{"A, modified 2, Blood Lust allowed", 2, 0, 0, true, "BL"},
	}
	for _, c := range cases {
		got, err := f.MoraleCheck("A", c.roll, c.mods, c.leader, c.blAllowed)
		if err != nil || got.String() != c.want {
			t.Errorf("%s: %v %v, want %s", c.name, got, err, c.want)
		}
	}
	if artillery != 1 || wrecked != 3 || f.ChargeModifier(7, 5) != 1 {
		t.Errorf("artillery %d, wrecked %d, 7 v 5 %d; want +1, +3, +1", artillery, wrecked, f.ChargeModifier(7, 5))
	}
	pinned := map[int]string{13: "DG b3 L1", 10: "Sh b1", 2: "BL"}
	for roll, want := range pinned {
		if got, _ := f.MoraleTable("A", roll); got.String() != want {
			t.Errorf("A %d = %v, want %s", roll, got, want)
		}
	}
	if got, _ := f.MoraleTable("A", 6); got.State == MoraleBL {
		t.Error("A 6 must not be Blood Lust (6.2 example)")
	}
	// Charge example Closing Roll: A, leader Morale Value 4 (+1), frontal
	// Canister (-1): needs 2; the 4 rolled passes, a 1 would fail.
	canister, _ := f.ClosingModifier("frontal-canister")
	mods := f.LeaderClosingModifier(4) + canister
	if need, _ := f.ClosingNeeded("A", mods); need != 2 || mods != 0 {
		t.Errorf("closing A net %d needs %d, want net 0 needing 2", mods, need)
	}
	if ok, _ := f.ClosingPasses("A", 1, mods); ok {
		t.Error("a 1 passed the Charge example's Closing Roll")
	}
	if got, _ := f.LeaderLoss(LeaderChargeAttacker, 8, 0); got != LeaderWounded {
		t.Errorf("charge attacker 8 = %q, want wounded (Hood)", got)
	}
}

// TestProvisionalMovementAgreesWithTheSeed checks the allowances and costs
// the rules text and the Charge example name.
func TestProvisionalMovementAgreesWithTheSeed(t *testing.T) {
	f := provisionalField(t)
	for name, want := range map[string]int{"line": 6, "column": 8, "mounted": 12, "open-order": 8, "wagon": 4} {
		if got, err := f.Allowance(name); err != nil || got != WholeMP(want) {
			t.Errorf("MA %s = %v %v, want %d", name, got, err, want)
		}
	}
	for name, want := range map[string]int{"line-facing": 1, "mount": 1, "dismount": 3, "limber": 3} {
		if got, err := f.FormationChange(name); err != nil || got != WholeMP(want) {
			t.Errorf("%s = %v %v, want %d", name, got, err, want)
		}
	}
	// Charge example: side step 1, reface 1, forward across a Woods
	// hexside 2: 4 of the Line MA of 6 used.
	step, _ := f.EnterCost("line", "clear")
	face, _ := f.FormationChange("line-facing")
	fwd, _ := f.EnterCost("line", "clear", "woods")
	ma, _ := f.Allowance("line")
	if used := step.MP + face + fwd.MP; used != WholeMP(4) || ma-used != WholeMP(2) {
		t.Errorf("charge example used %v, want 4 of 6", used)
	}
	if c, _ := f.RoadCost("line", "road"); !c.Unusable {
		t.Error("Line used road costs (3.0a)")
	}
	if c, _ := f.HexsideCost("line", "bridge"); !c.Unusable {
		t.Error("Line used a bridge (3.1e)")
	}
}

// TestFieldArithmetic checks the pure arithmetic rules against the seed's
// numbers.
func TestFieldArithmetic(t *testing.T) {
	recovery := []struct{ printed, current, want int }{
		{6, 0, 1}, // 9.3a example: eliminated battery, 6 losses
		{8, 5, 1}, // 9.3a example: 3 losses
		{20, 4, 4},
		{6, 6, 0},
	}
	for _, c := range recovery {
		if got := LossRecovery(c.printed, c.current, false); got != c.want {
			t.Errorf("recovery %d/%d = %d, want %d", c.current, c.printed, got, c.want)
		}
	}
	if LossRecovery(6, 2, true) != 0 {
		t.Error("Sharpshooters recovered (9.3d)")
	}
	wrecked := []struct {
		printed, current int
		artillery, want  bool
	}{{6, 2, false, true}, {6, 3, false, false}, {5, 2, false, true}, {5, 3, false, false}, {6, 1, true, false}}
	for _, c := range wrecked {
		if IsWrecked(c.printed, c.current, c.artillery) != c.want {
			t.Errorf("wrecked %+v", c)
		}
	}
	if !IsSmall(3) || IsSmall(4) {
		t.Error("Small is 3 SPs or less (1.8)")
	}
	if FiringSPs(5, true) != 2 || FiringSPs(5, false) != 5 {
		t.Error("DG fire halves, dropping fractions (5.6)")
	}
	if DGAllowance(WholeMP(3)) != WholeMP(1) || FireActivityMP(WholeMP(3)) != WholeMP(2) || FireActivityMP(WholeMP(6)) != WholeMP(3) {
		t.Error("half MA: DG drops fractions (3.0e), Fire Activity rounds up (9.1e example)")
	}
	roads := []struct {
		kind      string
		sps, want int
	}{{RoadInfantry, 8, 3}, {RoadInfantry, 7, 2}, {RoadInfantry, 1, 1}, {RoadArtillery, 6, 2}, {RoadArtillery, 5, 1},
		{RoadMountedCavalry, 5, 5}, {RoadWagon, 0, 6}, {RoadOrdnanceTrain, 0, 16}}
	for _, c := range roads {
		if got, err := RoadColumnHexes(c.kind, c.sps); err != nil || got != c.want {
			t.Errorf("road column %s %d SPs = %d %v, want %d", c.kind, c.sps, got, err, c.want)
		}
	}
	// 12.3e example: a 1 and a 2 SP infantry unit share a hex; 2 and 2 do not.
	if lim, _ := RoadHexLimit(RoadInfantry); 1+2 > lim || 2+2 <= lim {
		t.Errorf("infantry road hex limit %d", lim)
	}
	if _, err := RoadColumnHexes("balloon", 1); err == nil {
		t.Error("unknown road column kind accepted")
	}
}

// TestExplicitPackLookups reads the small explicit pack through every
// lookup, so the code is tested apart from the provisional numbers.
func TestExplicitPackLookups(t *testing.T) {
	f := testField(t)
	columns := []struct {
		sps   int
		dg    bool
		shift int
		want  string
		fires bool
	}{
		{0, false, 0, "", false},   // below the first SP heading
		{1, false, -1, "-1", true}, // negative column
		{1, false, -2, "", false},  // off the left (5.2d)
		{3, false, 0, "2-3", true},
		{9, false, 0, "4+", true},
		{9, true, 0, "4+", true},  // DG: 4 SPs (5.6)
		{7, true, 0, "2-3", true}, // DG: 3 1/2, fractions dropped
		{3, true, 0, "1", true},   // DG: 1 1/2
		{1, true, 0, "", false},   // DG: 0 SPs, no heading
		{2, false, 5, "4+", true}, // off the right uses the last (5.2e)
	}
	for _, c := range columns {
		col, fires := f.CombatColumn(c.sps, c.dg, c.shift)
		if fires != c.fires || (fires && f.CombatLabel(col) != c.want) {
			t.Errorf("%d SPs shift %d: %q %v, want %q %v", c.sps, c.shift, f.CombatLabel(col), fires, c.want, c.fires)
		}
	}
	last, _ := f.CombatColumn(4, false, 0)
	results := []struct {
		roll, rng int
		want      string
		depletes  [2]bool // without, with Canister
	}{
		{12, 1, "3 red", [2]bool{true, true}},
		{12, 6, "1 red", [2]bool{true, true}}, // long range reduces, keeps the colour
		{11, 1, "2 blue", [2]bool{false, true}},
		{9, 7, "1", [2]bool{}},
		{3, 1, "m", [2]bool{}},
		{3, 6, "-", [2]bool{}},
	}
	for _, c := range results {
		got, err := f.Combat(last, c.roll, c.rng)
		if err != nil || got.String() != c.want || got.Depletes(false) != c.depletes[0] || got.Depletes(true) != c.depletes[1] {
			t.Errorf("4+ roll %d range %d: %v %v, want %s", c.roll, c.rng, got, err, c.want)
		}
	}
	if _, err := f.Combat(last, 13, 1); err == nil {
		t.Error("roll 13 accepted")
	}
	if f.CBFShift(1) != -2 || f.SmallArmsRangeShift(5, false) != -2 || f.SmallArmsRangeShift(1, true) != 1 {
		t.Error("shift lookups")
	}
	// Threshold: 3 firing SPs need 2 of a kind; X only shifts at range 1.
	if s, _ := f.SmallArmsShift(1, map[string]int{"X": 2, "Y": 1}); s != 1 {
		t.Errorf("X 2 of 3 at range 1: %d, want 1", s)
	}
	if s, _ := f.SmallArmsShift(2, map[string]int{"X": 1, "Y": 2}); s != 3 {
		t.Errorf("Y 2 of 3 at range 2: %d, want 3", s)
	}
	if _, err := f.SmallArmsShift(1, map[string]int{"Z": 1}); err == nil {
		t.Error("unknown weapon code accepted")
	}
	if f.CanisterShift(2, 3, 1, 1) != 1 || f.CanisterShift(2, 3, 2, 0) != 4 || f.CanisterShift(3, 3, 2, 0) != 0 {
		t.Error("canister shifts")
	}
	if c, ok := f.VolleyColumn("3", -1); ok {
		t.Errorf("wrecked volley at range 3 = column %d, want none (5.4i)", c)
	}
	if c, _ := f.VolleyColumn(VolleyCharge, 3); VolleyLabel(c) != VolleyShiftOnly {
		t.Error("volley off the right")
	}
	morale := []struct {
		rating   string
		modified int
		want     string
	}{{"A", -5, "BL"}, {"A", 5, "Sh b1"}, {"B", 5, "DG b2 L1"}, {"B", 40, "R b4 L2"}}
	for _, c := range morale {
		if got, err := f.MoraleTable(c.rating, c.modified); err != nil || got.String() != c.want {
			t.Errorf("morale %s %d = %v %v, want %s", c.rating, c.modified, got, err, c.want)
		}
	}
	if _, err := f.MoraleTable("Z", 4); err == nil {
		t.Error("rating Z accepted")
	}
	charge := []struct{ a, d, want int }{{10, 5, 5}, {9, 5, 1}, {5, 5, 0}, {4, 5, -4}, {1, 9, -4}, {3, 0, 5}}
	for _, c := range charge {
		if got := f.ChargeModifier(c.a, c.d); got != c.want {
			t.Errorf("charge %d v %d = %d, want %d", c.a, c.d, got, c.want)
		}
	}
	additive := []struct{ cur, add, want MoraleMarker }{
		{MoraleNone, MoraleSh, MoraleSh}, {MoraleSh, MoraleSh, MoraleRouted}, {MoraleDG, MoraleNone, MoraleDG}, {MoraleBL, MoraleDG, MoraleDG},
	}
	for _, c := range additive {
		if got := f.AddMorale(c.cur, c.add); got != c.want {
			t.Errorf("%q + %q = %q, want %q", c.cur, c.add, got, c.want)
		}
	}
	if need, _ := f.ClosingNeeded("B", f.LeaderClosingModifier(3)); need != 3 || f.LeaderClosingModifier(2) != 0 {
		t.Error("closing with a Morale Value 3 leader")
	}
	ss, _ := f.LeaderLossModifier("sharpshooter")
	leader := []struct {
		col       string
		roll, mod int
		want      string
	}{{LeaderRegular, 2, 0, LeaderKilled}, {LeaderRegular, 2, ss, ""}, {LeaderChargeDefender, 10, ss, LeaderWounded}, {LeaderCapture, 12, 9, LeaderCaptured}}
	for _, c := range leader {
		if got, err := f.LeaderLoss(c.col, c.roll, c.mod); err != nil || got != c.want {
			t.Errorf("leader %s %d%+d = %q %v, want %q", c.col, c.roll, c.mod, got, err, c.want)
		}
	}
	cost, _ := f.EnterCost("column", "clear", "woods")
	if cost.MP != 3 || cost.MP.String() != "1 1/2" {
		t.Errorf("column clear + woods = %v, want 1 1/2", cost.MP)
	}
	if c, _ := f.EnterCost("line", "marsh"); !c.Prohibited {
		t.Error("marsh is prohibited to Line")
	}
	if c, _ := f.EnterCost("column", "clear", "cliff"); !c.Prohibited {
		t.Error("cliff hexside is prohibited")
	}
	if c, _ := f.RoadCost("column", "road"); c.MP.String() != "1/2" {
		t.Errorf("road = %v", c.MP)
	}
	if _, err := f.HexCost("open-order", "clear"); err == nil {
		t.Error("a column the pack lacks was accepted")
	}
}

// TestFieldPackErrorsNameTheCell cuts or breaks the explicit pack and
// checks that compiling refuses it with an error naming the table and the
// row, column or value.
func TestFieldPackErrorsNameTheCell(t *testing.T) {
	base := testFieldPackData(t)
	cases := []struct {
		name, old, new string
		want           []string
	}{
		{"missing table", "  leader-loss:\n", "  leader-losses:\n", []string{`missing table "leader-loss"`}},
		{"missing combat row", `      "7": ["-", "m", "m", "1"]` + "\n", "", []string{"table combat", `missing row "7"`}},
		{"bad combat cell", `"1 blue", "2 blue"`, `"1 blue", "2 green"`, []string{"table combat", "row 11 column 2-3", `"green"`}},
		{"gap in SP columns", `["-1", "1", "2-3", "4+"]`, `["-1", "1", "3", "4+"]`, []string{"table combat", `column "3"`}},
		{"open column not last", `["-1", "1", "2-3", "4+"]`, `["-1", "1+", "2-3", "4"]`, []string{"table combat", `"1+"`}},
		{"shift column after SPs", `["-1", "1", "2-3", "4+"]`, `["1", "-1", "2-3", "4+"]`, []string{"table combat", `"-1"`}},
		{"missing long range key", "      \"3\": \"1\"\n", "", []string{"table combat-long-range", `missing value "3"`}},
		{"bad morale cell", `"Sh b1", "DG b2 L1"`, `"Sh b1", "DG L1 b2"`, []string{"table morale", "row 5 column B"}},
		{"morale row gap", `      "4": ["-", "Sh"]` + "\n", "", []string{"table morale", `missing row "4"`}},
		{"missing morale modifier", "      wrecked: \"+1\"\n", "", []string{"table morale-modifiers", `missing value "wrecked"`}},
		{"volley column", `["3", "2", "1", charge, shift-only]`, `["3", "2", "1", charge, canister]`, []string{"table opening-volley", `"shift-only"`}},
		{"volley cell", `["1", "1", "1", "2", "4"]`, `["1", "1", "1", "2", "x"]`, []string{"table opening-volley", "row 6 column shift-only"}},
		{"closing value", "      frontal-canister: \"-2\"\n", "", []string{"table closing-roll", `missing value "frontal-canister"`}},
		{"leader cell", `[killed, "-", "-", "-"]`, `[dead, "-", "-", "-"]`, []string{"table leader-loss", "row 2 column regular", `"dead"`}},
		{"additive row", "      DG: [DG, R, R, R]\n", "", []string{"table additive-morale", `missing row "DG"`}},
		{"charge even row", "      tie: [even, \"1\", \"0\"]\n", "", []string{"table charge-morale-modifiers", "larger even"}},
		{"threshold cell", `needed: ["1", "2", "2"]`, `needed: ["1", "two", "2"]`, []string{"table threshold-value", "row needed column 2"}},
		{"canister type", `G: ["9", dense]`, `G: ["9", grape]`, []string{"table artillery-weapons", "row G"}},
		{"allowance for column", "      column: \"7\"\n", "", []string{"table movement-allowance", `missing value "column"`}},
		{"hexside not additive", `woods: ["+1", "+1/2", "+1", "+1"]`, `woods: ["1", "+1/2", "+1", "+1"]`, []string{"table terrain-hexsides", "row woods column line"}},
		{"road columns", "    columns: [line, column, mounted, limbered]\n    rows:\n      road:", "    columns: [line]\n    rows:\n      road:", []string{"table terrain-roads", `missing column "column"`}},
		{"mp cell", `marsh: ["P", "3", "P", "P"]`, `marsh: ["P", "three", "P", "P"]`, []string{"table terrain-hexes", "row marsh column column"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(base, c.old) {
				t.Fatalf("no %q in the test pack", c.old)
			}
			data := strings.Replace(base, c.old, c.new, 1)
			if c.name == "road columns" {
				data = strings.Replace(data, `road: ["-", "1/2", "1/2", "1/2"]`, `road: ["-"]`, 1)
				data = strings.Replace(data, `pike: ["-", "1/2", "1/2", "1/2"]`, `pike: ["-"]`, 1)
			}
			_, err := compileFieldText(t, data)
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}

// TestProvisionalFieldTablesAreDocumented checks that every field table
// says where it comes from and how its values were made.
func TestProvisionalFieldTablesAreDocumented(t *testing.T) {
	p, err := rules.ParseChartPack("charts/provisional.yaml", ChartPackData())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"combat", "combat-long-range", "combat-shifts", "small-arms-range-shifts",
		"small-arms-weapons", "artillery-weapons", "threshold-value", "opening-volley", "morale", "morale-modifiers",
		"charge-morale-modifiers", "additive-morale", "closing-roll", "leader-loss", "movement-allowance",
		"formation-changes", "terrain-hexes", "terrain-hexsides", "terrain-roads"} {
		tb, err := p.Table(name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(tb.Rule, "LoB ") || len(tb.Derivation) < 40 {
			t.Errorf("%s: rule %q, derivation %q", name, tb.Rule, tb.Derivation)
		}
	}
}

// TestFormationChangeArithmetic checks the MP conversions of LoB 3.1b and
// 3.1d.
func TestFormationChangeArithmetic(t *testing.T) {
	cases := []struct {
		name      string
		got, want MP
	}{
		{"mount after 2 MPs in Line + 1 to mount", MountedSpent(WholeMP(3)), WholeMP(6)},
		{"dismount after 5 Mounted + 3", DismountedSpent(WholeMP(8)), WholeMP(4)},
		{"dismount after 6 Mounted + 3 rounds up", DismountedSpent(WholeMP(9)), WholeMP(5)},
		{"dismount after 5 1/2 Mounted + 3 rounds up", DismountedSpent(WholeMP(8) + 1), WholeMP(5)},
		{"Open Order 4 of 8 left mounts to 6 of 12", ConvertRemaining(WholeMP(4), WholeMP(8), WholeMP(12)), WholeMP(6)},
		{"Open Order 3 of 8 left mounts to 4 1/2, up to 5", ConvertRemaining(WholeMP(3), WholeMP(8), WholeMP(12)), WholeMP(5)},
		{"Open Order nothing left", ConvertRemaining(0, WholeMP(8), WholeMP(12)), 0},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestGameRefusesABrokenFieldTable: a game started with a pack whose field
// table is malformed or missing is refused, naming the cell or table.
func TestGameRefusesABrokenFieldTable(t *testing.T) {
	cases := []struct{ old, new, want string }{
		{`"13": ["DG b3 L1"`, `"13": ["DG x3 L1"`, "table morale: row 13 column A"},
		{"  terrain-roads:", "  terrain-lanes:", `missing table "terrain-roads"`},
	}
	for _, c := range cases {
		data := string(ChartPackData())
		if !strings.Contains(data, c.old) {
			t.Fatalf("no %q in the pack", c.old)
		}
		p, err := rules.ParseChartPack("house.yaml", []byte(strings.Replace(data, c.old, c.new, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New().NewGame("tanners-creek", p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

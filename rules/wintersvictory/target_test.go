package wintersvictory

import "testing"

// 11.0 step 3 (lines 1329-1333), 7.54.2, 11.12, 11.41-11.43.
func TestTargetClass(t *testing.T) {
	for _, c := range []struct {
		name      string
		tg        Target
		artillery bool
		opt       Options
		want      int
	}{
		{"column", Target{Kind: ColumnOrSquare}, false, Options{}, 1},
		{"line", Target{Kind: LineFormation}, true, Options{}, 2},
		{"cavalry", Target{Kind: Cavalry}, true, Options{}, 2},
		{"limbered artillery from artillery (7.54.2)", Target{Kind: LimberedArtillery}, true, Options{}, 1},
		{"limbered artillery from infantry", Target{Kind: LimberedArtillery}, false, Options{}, 2},
		{"unlimbered artillery", Target{Kind: UnlimberedArtillery}, true, Options{}, 3},
		{"unlimbered artillery is never enfiladed (11.42)", Target{Kind: UnlimberedArtillery, Enfiladed: true}, true, Options{}, 3},
		{"line enfiladed (11.42)", Target{Kind: LineFormation, Enfiladed: true}, false, Options{}, 1},
		{"routed", Target{Kind: LineFormation, Routed: true}, false, Options{}, 3},
		{"screened (11.45)", Target{Kind: ColumnOrSquare, Screened: true}, true, Options{}, 3},
		{"General Order 8 SP from artillery", Target{Kind: SkirmishOrGO, SP: 8}, true, Options{}, 1},
		{"General Order 6 SP from artillery", Target{Kind: SkirmishOrGO, SP: 6}, true, Options{}, 2},
		{"General Order 6 SP from infantry", Target{Kind: SkirmishOrGO, SP: 6}, false, Options{}, 1},
		{"General Order 9 SP from infantry", Target{Kind: SkirmishOrGO, SP: 9}, false, Options{}, 2},
		{"skirmishers 4 SP", Target{Kind: SkirmishOrGO, SP: 4, SkirmishOnly: true}, false, Options{}, 3},
		{"skirmishers 4 SP in Light Cover (11.43)", Target{Kind: SkirmishOrGO, SP: 4, SkirmishOnly: true, Cover: LightCoverHex}, false, Options{}, 4},
		{"skirmishers 5 SP in Light Cover", Target{Kind: SkirmishOrGO, SP: 5, SkirmishOnly: true, Cover: LightCoverHex}, true, Options{}, 2},
		{"behind a Light Cover hexside", Target{Kind: ColumnOrSquare, BehindLightCoverHexside: true}, false, Options{}, 3},
		{"behind a Light Cover hexside, 11.13 reading", Target{Kind: ColumnOrSquare, BehindLightCoverHexside: true}, false, Options{LightCoverHexsideClass: 4}, 4},
		{"infantry in woods (11.12.1)", Target{Kind: ColumnOrSquare, Cover: SoftCoverHex, Enfiladed: true}, true, Options{}, 4},
		{"infantry in town", Target{Kind: LineFormation, Cover: HardCoverHex}, true, Options{}, 5},
		{"cavalry in town: no cover (11.12.2)", Target{Kind: Cavalry, Cover: HardCoverHex}, true, Options{}, 2},
		{"massed line from artillery (11.41)", Target{Kind: LineFormation, Massed: true}, true, Options{}, 1},
		{"massed line from infantry", Target{Kind: LineFormation, Massed: true}, false, Options{}, 2},
		{"massed column from infantry stays 1 (R31)", Target{Kind: ColumnOrSquare, Massed: true}, false, Options{}, 1},
	} {
		if got := TargetClass(c.tg, c.artillery, c.opt); got != c.want {
			t.Errorf("%s: Class %d, want %d", c.name, got, c.want)
		}
	}
}

// 11.41: more than 18 infantry SP, or more than 12 cavalry or gun SP,
// limbered guns three times over, infantry with artillery added to the
// guns; never under cover.
func TestMassedTarget(t *testing.T) {
	for _, c := range []struct {
		inf, cav, guns, limbered int
		covered                  bool
		want                     bool
	}{
		{18, 0, 0, 0, false, false}, {19, 0, 0, 0, false, true},
		{0, 12, 0, 0, false, false}, {0, 13, 0, 0, false, true},
		{0, 0, 12, 0, false, false}, {0, 0, 0, 5, false, true}, // 5 limbered guns count 15
		{0, 0, 0, 4, false, false}, {4, 0, 9, 0, false, true}, // 9 guns and 4 infantry SP: 13
		{30, 0, 0, 0, true, false},
	} {
		if got := MassedTarget(c.inf, c.cav, c.guns, c.limbered, c.covered); got != c.want {
			t.Errorf("%+v: %v", c, got)
		}
	}
}

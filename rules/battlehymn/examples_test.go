package battlehymn

import (
	"reflect"
	"strings"
	"testing"

	"galloper/rules"
)

// The worked examples of Standard Rules 1-14 that the table layer can
// check, each with its printed numbers. Seed line numbers are those of the
// Standard Rules text; the examples needing the whole engine are listed in
// COVERAGE.md.

func charts(t *testing.T) *Charts {
	t.Helper()
	c, err := DefaultCharts()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// See BH 3.4 (seed line 245): a four SP unit with one Loss and two
// Demoralizations has a 3 Strength marker, a 2 Demoralization marker and
// one intact SP.
func TestExample3_4MarkingLosses(t *testing.T) {
	u := SPs{Strength: 4}
	u = RetreatLoss(u) // a Loss with no Demoralized SP comes off an intact one
	u = u.demoralize(2)
	if u != (SPs{Strength: 3, Demoralized: 2}) || u.Intact() != 1 {
		t.Fatalf("got %+v with %d intact, want strength 3, 2 demoralized, 1 intact", u, u.Intact())
	}
}

// See BH 10.1.2 (seed line 864): an 8 SP unit with two Losses and five
// Demoralizations has 6 SPs, 5 demoralized, one intact.
func TestExample10_1_2Demoralized(t *testing.T) {
	u := SPs{Strength: 8}
	u = RetreatLoss(RetreatLoss(u)).demoralize(5)
	if u != (SPs{Strength: 6, Demoralized: 5}) || u.Intact() != 1 || u.Shattered() {
		t.Fatalf("got %+v, want 6 SPs, 5 demoralized, 1 intact", u)
	}
}

// See BH 5.4.1-5.4.3 (seed lines 375, 379, 383): clear 2 MPs, woods 3,
// artillery and cavalry may not enter marsh except across a road, minor
// road or railroad hexside; clear across a stream 3; clear across a road
// hexside 1.
func TestExample5_4MovementCosts(t *testing.T) {
	c := charts(t)
	for _, tc := range []struct {
		t     UnitType
		hex   string
		sides []string
		want  int
	}{
		{Infantry, "clear", nil, 2},
		{Infantry, "woods", nil, 3},
		{Infantry, "clear", []string{"stream"}, 3},
		{Infantry, "clear", []string{"road"}, 1},
		{Artillery, "marsh", []string{"road"}, 1},
		{Cavalry, "marsh", []string{"railroad"}, 2},
	} {
		got, err := c.EnterCost(tc.t, tc.hex, tc.sides, false)
		if err != nil || got != tc.want {
			t.Errorf("%s into %s across %v: %d, %v; want %d", tc.t, tc.hex, tc.sides, got, err, tc.want)
		}
	}
	for _, ty := range []UnitType{Artillery, Cavalry} {
		if _, err := c.EnterCost(ty, "marsh", []string{"stream"}, false); err == nil {
			t.Errorf("%s entered marsh across a stream", ty)
		}
	}
	if _, err := c.EnterCost(Infantry, "marsh", nil, false); err != nil {
		t.Errorf("infantry may enter marsh: %v", err)
	}
	// See BH 5.4.4: no cavalry or artillery across an escarpment except by road.
	if _, err := c.EnterCost(Cavalry, "clear", []string{"escarpment"}, true); err == nil {
		t.Error("cavalry crossed an escarpment")
	}
	if got, err := c.EnterCost(Artillery, "clear", []string{"escarpment", "road"}, true); err != nil || got != 1 {
		t.Errorf("artillery up an escarpment by road: %d, %v; want 1", got, err)
	}
}

// See BH 11.3 (seed line 1016): a cavalry unit spends 4 MPs, then
// dismounts for 3 more, leaving 5 of its 12: 12 - 4 - 3 = 5.
func TestExample11_3Dismount(t *testing.T) {
	if got, err := Remount(12 - 4); err != nil || got != 5 {
		t.Fatalf("dismounting with 8 of 12 MPs left: %d, %v; want 5", got, err)
	}
	if _, err := Remount(2); err == nil {
		t.Fatal("dismounted with 2 MPs left")
	}
}

// See BH 6.2.2 (seed lines 535-537), every To Hit Chance of the example.
// Davis (infantry, MR 0) is on high ground, completely surrounded; the
// Iron Brigade has MR +3; Dearing and Fitzhugh are artillery.
func TestExample6_2_2ToHit(t *testing.T) {
	c := charts(t)
	o := DefaultOptions()
	for _, tc := range []struct {
		name string
		shot Shot
		want int
	}{
		{"Dearing at the Iron Brigade (clear 5, +1 artillery range)",
			Shot{Firer: Artillery, Target: Infantry, TargetHex: "clear", Range: 1}, 6},
		{"Davis at Weed (woods 3, MR 0, -2 surrounded)",
			Shot{Firer: Infantry, Target: Infantry, TargetHex: "woods", FirerSurrounded: true}, 1},
		{"Davis at Baxter (clear 5, +1 elevation, MR 0, -2 surrounded)",
			Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", HighToLow: true, FirerSurrounded: true}, 4},
		{"Davis at the Iron Brigade (as Baxter)",
			Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", HighToLow: true, FirerSurrounded: true}, 4},
		{"Davis at Fitzhugh (clear 5, MR 0, -2, +1 elevation, +1 infantry at artillery)",
			Shot{Firer: Infantry, Target: Artillery, TargetHex: "clear", HighToLow: true, FirerSurrounded: true}, 5},
		{"Baxter at Davis (clear 5, -1 up slope, +2 Davis surrounded)",
			Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", Hexsides: []string{"slope"}, Uphill: true, TargetSurrounded: true}, 6},
		{"the Iron Brigade at Dearing (clear 5, MR +3, +1 infantry at artillery)",
			Shot{Firer: Infantry, Target: Artillery, FirerMR: 3, TargetHex: "clear"}, 9},
		{"the Iron Brigade at Davis (clear 5, +3 MR, +2 surrounded, -1 slope)",
			Shot{Firer: Infantry, Target: Infantry, FirerMR: 3, TargetHex: "clear", Hexsides: []string{"slope"}, Uphill: true, TargetSurrounded: true}, 9},
		{"Weed at Pettigrew (clear)",
			Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear"}, 5},
		{"Weed at Davis (clear, Davis surrounded)",
			Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", TargetSurrounded: true}, 7},
	} {
		got, terms, err := c.ToHit(tc.shot, o)
		if err != nil || got != tc.want {
			t.Errorf("%s: To Hit %d (%v), %v; want %d", tc.name, got, terms, err, tc.want)
		}
	}
}

// See BH 6.2.2 (seed line 535): Davis splits his fire 2 SPs at each of the
// four USA units (8 SPs); the Iron Brigade splits 3 SPs each between
// Dearing and Davis (6 SPs).
func TestExample6_2_2Split(t *testing.T) {
	if got, err := Split(8, 4, nil); err != nil || !reflect.DeepEqual(got, []int{2, 2, 2, 2}) {
		t.Errorf("Davis: %v, %v; want 2 at each", got, err)
	}
	if got, err := Split(6, 2, nil); err != nil || !reflect.DeepEqual(got, []int{3, 3}) {
		t.Errorf("Iron Brigade: %v, %v; want 3 each", got, err)
	}
}

// See BH 6.2.3 (seed line 541): four SPs at To Hit 5 roll 1, 2, 4 and 7:
// a three value Hit marker. And a natural 1 always hits, a 10 always
// misses (seed line 543).
func TestExample6_2_3FireResolution(t *testing.T) {
	c := charts(t)
	d := &rules.ForcedDice{Results: []int{1, 2, 4, 7}}
	hits, rolls := c.Fire(d, 4, 5, "Fire")
	if hits != 3 || !reflect.DeepEqual(rolls, []int{1, 2, 4, 7}) {
		t.Fatalf("4 SPs at 5 rolling 1 2 4 7: %d hits, rolls %v; want 3", hits, rolls)
	}
	for _, r := range d.Rolls() {
		if r.Sides != 10 || r.Rule != "BH 6.2.3" {
			t.Fatalf("fire rolled %v, want a d10 per SP (BH 6.2.3)", r)
		}
	}
	if got := c.Hits([]int{1, 1}, -2); got != 2 {
		t.Errorf("natural 1s at To Hit -2: %d hits, want 2", got)
	}
	if got := c.Hits([]int{10, 9}, 12); got != 1 {
		t.Errorf("10 and 9 at To Hit 12: %d hits, want 1 (a 10 always misses)", got)
	}
}

// See BH 6.1.4 (seed line 451): Weed's 5 SPs split with 2 or 3 at Ramseur
// (the rest masked by the other unit exerting ZOC); Baxter's 5 SPs are
// masked 2 or 3 by Wright, the others fire on O'Neal; had Ramseur moved
// into hex A, Baxter would split 2 masked, 2 at Ramseur, 1 at O'Neal.
func TestExample6_1_4ApproachFireMasking(t *testing.T) {
	marked := map[string]bool{"Ramseur": true, "O'Neal": true}
	for _, odd := range []string{"Ramseur", "Wright"} {
		fire, masked, err := ApproachFire(5, []string{"Ramseur", "Wright"}, marked, []string{odd})
		if err != nil || fire["Ramseur"]+masked != 5 || (fire["Ramseur"] != 2 && fire["Ramseur"] != 3) {
			t.Errorf("Weed, odd SP to %s: %v, masked %d, %v; want 2 or 3 at Ramseur", odd, fire, masked, err)
		}
	}
	fire, masked, err := ApproachFire(5, []string{"Wright", "O'Neal"}, marked, []string{"Wright"})
	if err != nil || masked != 3 || !reflect.DeepEqual(fire, map[string]int{"O'Neal": 2}) {
		t.Errorf("Baxter: %v, masked %d, %v; want 3 masked, 2 at O'Neal", fire, masked, err)
	}
	fire, masked, err = ApproachFire(5, []string{"Wright", "Ramseur", "O'Neal"}, marked, []string{"Wright", "Ramseur"})
	if err != nil || masked != 2 || !reflect.DeepEqual(fire, map[string]int{"Ramseur": 2, "O'Neal": 1}) {
		t.Errorf("Baxter with hex A: %v, masked %d, %v; want 2 masked, 2 at Ramseur, 1 at O'Neal", fire, masked, err)
	}
	// The -3 for firing on a marked unit (seed line 431).
	c := charts(t)
	plain, _, _ := c.ToHit(Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear"}, DefaultOptions())
	approach, _, _ := c.ToHit(Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", ApproachFire: true}, DefaultOptions())
	if approach != plain-3 {
		t.Errorf("Approach Fire To Hit %d, plain %d: want 3 less", approach, plain)
	}
}

// See BH 6.3.1 (seed line 564): Unit A with one firing SP in the ZOC of
// three enemy units fires it at one hex of the owner's choice; Unit B's
// five SPs in two ZOCs split 3 and 2, the fifth SP where the owner says.
func TestExample6_3_1MultiHex(t *testing.T) {
	for i := 0; i < 3; i++ {
		got, err := Split(1, 3, []int{i})
		want := []int{0, 0, 0}
		want[i] = 1
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Unit A firing at hex %d: %v, %v", i+1, got, err)
		}
	}
	if got, _ := Split(5, 2, []int{0}); !reflect.DeepEqual(got, []int{3, 2}) {
		t.Errorf("Unit B, fifth SP to the first hex: %v", got)
	}
	if got, _ := Split(5, 2, []int{1}); !reflect.DeepEqual(got, []int{2, 3}) {
		t.Errorf("Unit B, fifth SP to the second hex: %v", got)
	}
	// At Random (see BH 3.1): the fifth SP goes where the die says.
	got, err := SplitAtRandom(&rules.ForcedDice{Results: []int{2}}, 5, []string{"X", "Y"}, "Unit B")
	if err != nil || !reflect.DeepEqual(got, map[string]int{"X": 2, "Y": 3}) {
		t.Errorf("Unit B At Random with a 2 on a d2: %v, %v", got, err)
	}
}

// See BH 6.3.2 (seed lines 570-572): Stonewall (4 SPs) fires 2 each at
// Weed and the Iron Brigade; Wright (5 SPs) splits 3 and 2 between the
// Iron Brigade and Baxter; the Iron Brigade is fired on by 4 or 5 SPs.
func TestExample6_3_2MultiUnit(t *testing.T) {
	stonewall, err := Split(4, 2, nil)
	if err != nil || !reflect.DeepEqual(stonewall, []int{2, 2}) {
		t.Fatalf("Stonewall: %v, %v", stonewall, err)
	}
	var onIron []int
	for _, odd := range []int{0, 1} {
		wright, err := Split(5, 2, []int{odd}) // Iron Brigade, Baxter
		if err != nil {
			t.Fatal(err)
		}
		onIron = append(onIron, stonewall[1]+wright[0])
	}
	if !reflect.DeepEqual(onIron, []int{5, 4}) {
		t.Errorf("SPs on the Iron Brigade: %v, want 5 or 4", onIron)
	}
}

// See BH 6.3.2 (seed line 578) and 6.2.4 (seed line 554): Wright's three
// Hits on Tilton (2 SPs, 6.1.3 example) are more than enough to Shatter
// it; the excess is ignored.
func TestExample6_3_2ExcessHits(t *testing.T) {
	r, err := ApplyHits(SPs{Strength: 2}, 3, CombatCheck, true)
	if err != nil || r.Hits != 2 || !r.Shattered || r.SPs != (SPs{Strength: 2, Demoralized: 2}) {
		t.Fatalf("three Hits on 2 SPs, passed: %+v, %v; want 2 Hits taken, Shattered", r, err)
	}
}

// See BH 6.5.1 (seed line 606): clear terrain's To Hit is five, hits on 1
// to 5; 6.5.2 (seed line 612): across a creek, 5 - 1 = 4.
func TestExample6_5TerrainToHit(t *testing.T) {
	c := charts(t)
	clear, _, _ := c.ToHit(Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear"}, DefaultOptions())
	if clear != 5 || c.Hits([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, clear) != 5 {
		t.Errorf("clear To Hit %d", clear)
	}
	creek, _, _ := c.ToHit(Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", Hexsides: []string{"creek"}}, DefaultOptions())
	if creek != 4 {
		t.Errorf("clear across a creek: %d, want 4", creek)
	}
	// See BH 6.5.4: artillery ignores the creek.
	art, _, _ := c.ToHit(Shot{Firer: Artillery, Target: Infantry, TargetHex: "clear", Hexsides: []string{"creek"}}, Options{})
	if art != 5 {
		t.Errorf("artillery across a creek: %d, want 5", art)
	}
}

// See BH 9.1 (seed line 778): a Bombardment scores two Hits and the
// Morale Check fails, so two SPs become demoralized. A pass has no effect.
func TestExample9_1Bombardment(t *testing.T) {
	r, err := ApplyHits(SPs{Strength: 5}, 2, BombardCheck, false)
	if err != nil || r.SPs != (SPs{Strength: 5, Demoralized: 2}) || r.Retreat {
		t.Fatalf("failed: %+v, %v; want 2 demoralized, no retreat", r, err)
	}
	r, _ = ApplyHits(SPs{Strength: 5}, 2, BombardCheck, true)
	if r.SPs != (SPs{Strength: 5}) {
		t.Fatalf("passed: %+v; want no effect", r)
	}
}

// See BH 10.4.1 (seed line 912): three SPs, one Demoralized, take two
// Hits and fail: one Loss of an intact SP (strength 2) and a Demoralization
// of the last intact SP, which Shatters the unit.
func TestExample10_4_1CombatCheck(t *testing.T) {
	r, err := ApplyHits(SPs{Strength: 3, Demoralized: 1}, 2, CombatCheck, false)
	if err != nil || r.SPs != (SPs{Strength: 2, Demoralized: 2}) || !r.Shattered || r.Retreat {
		t.Fatalf("got %+v, %v; want strength 2, all demoralized, Shattered, no retreat", r, err)
	}
}

// See BH 10.5.4 (seed lines 959-967): MR -3 to +1 rally 1 SP, +2 two, +3
// three; one SP always stays demoralized (seed line 938).
func TestExample10_5_4Rally(t *testing.T) {
	c := charts(t)
	for mr, want := range map[int]int{-3: 1, -2: 1, -1: 1, 0: 1, 1: 1, 2: 2, 3: 3} {
		if got, err := c.RallySPs(mr, SPs{Strength: 6, Demoralized: 6}); err != nil || got != want {
			t.Errorf("MR %+d: %d, %v; want %d", mr, got, err, want)
		}
	}
	if got, _ := c.RallySPs(3, SPs{Strength: 3, Demoralized: 3}); got != 2 {
		t.Errorf("MR +3 with 3 demoralized: %d, want 2 (one stays)", got)
	}
	if got, _ := c.RallySPs(3, SPs{Strength: 1, Demoralized: 1}); got != 0 {
		t.Errorf("a Shattered 1 SP unit rallied %d", got)
	}
}

// See BH 11.3 (seed line 1024): a third of the SPs, rounded down, hold
// the horses, and a unit left with no intact SP may not dismount; ruling
// A8 bounds the detachment to 1 or 2 as an option.
func TestHorseHolders(t *testing.T) {
	third, oneOrTwo := Options{}, Options{HorseHoldersOneOrTwo: true}
	for sp, want := range map[int][2]int{1: {0, 1}, 2: {0, 1}, 3: {1, 1}, 5: {1, 1}, 6: {2, 2}, 8: {2, 2}, 9: {3, 2}, 12: {4, 2}} {
		if a, b := HorseHolders(sp, third), HorseHolders(sp, oneOrTwo); a != want[0] || b != want[1] {
			t.Errorf("%d SPs: %d and %d holders, want %d (third) and %d (one or two)", sp, a, b, want[0], want[1])
		}
	}
	if CanDismount(SPs{Strength: 4, Demoralized: 3}, third) {
		t.Error("4 SPs with 1 intact dismounted, leaving no intact SP")
	}
	if !CanDismount(SPs{Strength: 4, Demoralized: 2}, third) {
		t.Error("4 SPs with 2 intact could not dismount one holder")
	}
	if CanDismount(SPs{Strength: 2, Demoralized: 1}, oneOrTwo) {
		t.Error("with one-or-two, 2 SPs with 1 intact dismounted")
	}
}

// See BH 12.2 (seed line 1056): the first unit pays the entry hex's cost,
// the second twice, the third three times.
func TestCongaLine(t *testing.T) {
	for k, want := range map[int]int{1: 2, 2: 4, 3: 6} {
		if got := CongaCost(k, 2); got != want {
			t.Errorf("unit %d into clear: %d MPs, want %d", k, got, want)
		}
	}
}

// Ruling A3 (docs/rulings-battlehymn.md): with "artillery-range-on-fire"
// off, only Bombardment takes the range modifier, and Dearing's adjacent
// fire in the 6.2.2 example would be 5, not the printed 6.
func TestRulingA3ArtilleryRange(t *testing.T) {
	c := charts(t)
	shot := Shot{Firer: Artillery, Target: Infantry, TargetHex: "clear", Range: 1}
	on, _, _ := c.ToHit(shot, DefaultOptions())
	off, _, _ := c.ToHit(shot, Options{})
	shot.Bombard = true
	bombard, _, _ := c.ToHit(shot, Options{})
	if on != 6 || off != 5 || bombard != 6 {
		t.Fatalf("adjacent artillery fire: %d with the option, %d without; bombardment %d; want 6, 5, 6", on, off, bombard)
	}
	inf, _, _ := c.ToHit(Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", Range: 1}, DefaultOptions())
	if inf != 5 {
		t.Fatalf("infantry took the artillery range modifier: %d", inf)
	}
}

// See BH 6.3.2 (seed lines 570-572) end to end at this layer: Stonewall
// (4 SPs) fires 2 each at Weed and the Iron Brigade; Wright (5 SPs) 3 at
// the Iron Brigade and 2 at Baxter, the odd SP At Random; one d10 per SP,
// hits by the chance. Forced dice: Wright's odd SP draws the Iron Brigade
// (a 1 on the d2 over Baxter, Iron Brigade), then the fire rolls.
func TestExample6_3_2RoundFire(t *testing.T) {
	c := charts(t)
	chance := map[string]int{"Weed": 5, "Iron Brigade": 5, "Baxter": 5}
	d := &rules.ForcedDice{Results: []int{
		2,    // Wright's odd SP: a d2 over [Baxter, Iron Brigade] draws the Iron Brigade
		3, 6, // Stonewall at the Iron Brigade: 1 hit
		10, 5, // Stonewall at Weed: 1 hit (a 10 always misses)
		1, 9, // Wright at Baxter: 1 hit
		7, 2, 4, // Wright at the Iron Brigade: 2 hits
	}}
	wright, err := SplitAtRandom(d, 5, []string{"Iron Brigade", "Baxter"}, "Wright")
	if err != nil || wright["Iron Brigade"] != 3 || wright["Baxter"] != 2 {
		t.Fatalf("Wright's split %v, %v; want 3 at the Iron Brigade", wright, err)
	}
	stonewall, _ := Split(4, 2, nil)
	hitsS, err := c.FireAt(d, map[string]int{"Weed": stonewall[0], "Iron Brigade": stonewall[1]}, chance, "Stonewall")
	if err != nil {
		t.Fatal(err)
	}
	hitsW, err := c.FireAt(d, wright, chance, "Wright")
	if err != nil {
		t.Fatal(err)
	}
	if hitsS["Iron Brigade"] != 1 || hitsS["Weed"] != 1 || hitsW["Baxter"] != 1 || hitsW["Iron Brigade"] != 2 {
		t.Fatalf("hits: Stonewall %v, Wright %v", hitsS, hitsW)
	}
	if fired := stonewall[1] + wright["Iron Brigade"]; fired != 5 {
		t.Fatalf("%d SPs fired on the Iron Brigade, want 5 (4 or 5 as the odd SP falls)", fired)
	}
	if n := len(d.Rolls()); n != 1+4+5 {
		t.Fatalf("%d rolls, want 1 draw and one d10 per SP (9)", n)
	}
}

// The To Hit breakdown lists its terms in the order of BH 6.2.2 steps 1-8,
// each with its rule, as a report shows them: Davis at Fitzhugh (seed
// line 535) and a bombardment across a creek at an Approach Fire target.
func TestToHitTermsInOrder(t *testing.T) {
	c := charts(t)
	_, terms, err := c.ToHit(Shot{Firer: Infantry, Target: Artillery, TargetHex: "clear", HighToLow: true, FirerSurrounded: true}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := []Term{
		{"hex terrain: clear", "BH 6.5.1", 5},
		{"firer surrounded", "BH 6.4.1", -2},
		{"infantry at artillery", "BH 11", 1},
		{"high to low", "BH 6.5.3", 1},
	}
	if !reflect.DeepEqual(terms, want) {
		t.Fatalf("terms %v\nwant %v", terms, want)
	}
	_, terms, _ = c.ToHit(Shot{Firer: Infantry, Target: Infantry, FirerMR: -1, TargetHex: "woods", FirerHex: "marsh", Hexsides: []string{"creek"}, ApproachFire: true}, DefaultOptions())
	var got []string
	for _, tm := range terms {
		got = append(got, tm.What)
	}
	if w := []string{"hex terrain: woods", "hexside: creek", "firing out of marsh", "Morale Rating", "Approach Fire"}; !reflect.DeepEqual(got, w) {
		t.Fatalf("terms %v, want %v", got, w)
	}
}

// Bad shots are refused with the entry named.
func TestToHitErrors(t *testing.T) {
	c := charts(t)
	for _, tc := range []struct {
		shot Shot
		want string
	}{
		{Shot{Firer: Infantry, Target: Infantry, TargetHex: "swamp"}, `hex terrain "swamp"`},
		{Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", Hexsides: []string{"wall"}}, `hexside "wall"`},
		{Shot{Firer: "dragoons", Target: Infantry, TargetHex: "clear"}, `unit types "dragoons"`},
		{Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", FirerMR: 4}, `Morale Rating +4`},
		{Shot{Firer: Infantry, Target: Infantry, TargetHex: "clear", FirerHex: "lava"}, `firer's hex terrain "lava"`},
	} {
		if _, _, err := c.ToHit(tc.shot, DefaultOptions()); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.shot, err, tc.want)
		}
	}
}

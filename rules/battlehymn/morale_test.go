package battlehymn

import "testing"

// The results of the Morale Checks that take Hits, as the rules text
// states them (see BH 10.4.1-10.4.3), on a 5 SP unit with 1 Demoralized.
func TestHitResults(t *testing.T) {
	u := SPs{Strength: 5, Demoralized: 1}
	for _, tc := range []struct {
		name      string
		kind      CheckKind
		pass      bool
		hits      int
		want      SPs
		retreat   bool
		shattered bool
	}{
		// 10.4.1 PASS: the Hits are Demoralizations.
		{"combat pass", CombatCheck, true, 2, SPs{5, 3}, false, false},
		// 10.4.1 FAIL: one Loss of an intact SP, the rest Demoralized, retreat.
		{"combat fail", CombatCheck, false, 2, SPs{4, 2}, true, false},
		// 10.4.1 FAIL with every intact SP gone: Shatter, no retreat.
		{"combat fail shatters", CombatCheck, false, 4, SPs{4, 4}, false, true},
		// 10.4.2 PASS: Demoralizations; FAIL: one Loss, the rest Demoralized, no retreat.
		{"approach pass", ApproachCheck, true, 3, SPs{5, 4}, false, false},
		{"approach fail", ApproachCheck, false, 3, SPs{4, 3}, false, false},
		{"approach fail shatters", ApproachCheck, false, 5, SPs{4, 4}, false, true},
		// 10.4.3 PASS: no effect; FAIL: Demoralizations only, no retreat.
		{"bombard pass", BombardCheck, true, 3, SPs{5, 1}, false, false},
		{"bombard fail", BombardCheck, false, 3, SPs{5, 4}, false, false},
		{"bombard fail shatters", BombardCheck, false, 4, SPs{5, 5}, false, true},
		{"no hits", CombatCheck, false, 0, SPs{5, 1}, false, false},
	} {
		r, err := ApplyHits(u, tc.hits, tc.kind, tc.pass)
		if err != nil || r.SPs != tc.want || r.Retreat != tc.retreat || r.Shattered != tc.shattered {
			t.Errorf("%s, %d hits: %+v, %v; want %+v retreat %v shattered %v", tc.name, tc.hits, r, err, tc.want, tc.retreat, tc.shattered)
		}
	}
	for _, bad := range []SPs{{0, 0}, {3, 3}, {3, -1}} {
		if _, err := ApplyHits(bad, 1, CombatCheck, true); err == nil {
			t.Errorf("hits applied to %+v, which is not an intact unit", bad)
		}
	}
}

// A Loss from a retreat through enemy ZOC or from a unit unable to retreat
// comes off a Demoralized SP if possible (see BH 7.3, 7.6); an SP-less
// unit is eliminated (see BH 10.2.3).
func TestRetreatLoss(t *testing.T) {
	if got := RetreatLoss(SPs{Strength: 4, Demoralized: 2}); got != (SPs{3, 1}) {
		t.Errorf("with demoralized SPs: %+v, want 3 SPs, 1 demoralized", got)
	}
	if got := RetreatLoss(SPs{Strength: 4}); got != (SPs{3, 0}) {
		t.Errorf("with none demoralized: %+v", got)
	}
	if got := RetreatLoss(SPs{Strength: 1, Demoralized: 1}); !got.Eliminated() {
		t.Errorf("last SP lost: %+v is not eliminated", got)
	}
}

package gbacw

import "testing"

// 2.6: at or below the Cohesion Rating passes; 11.73: the example's corps
// commander gives -3; stars add up; 17.31 Fatigue adds half, rounded up.
func TestUDD(t *testing.T) {
	if got := UDDDRM(3, NoFatigue, 0); got != -3 {
		t.Errorf("a corps commander: %+d, want -3 (11.73 example)", got)
	}
	if got := UDDDRM(1+2, Fatigue3, 2); got != 1 {
		t.Errorf("two leaders, Fatigue 3, d+2: %+d, want +1", got)
	}
	for _, tc := range []struct {
		roll, cohesion, drm int
		pass                bool
	}{{5, 5, 0, true}, {6, 5, 0, false}, {7, 5, -2, true}, {4, 5, 2, false}, {0, 0, 0, true}} {
		d := reads(tc.roll)
		roll, pass := UDD(d, "20th Maine", tc.cohesion, tc.drm, "test")
		if roll != tc.roll || pass != tc.pass {
			t.Errorf("roll %d, cohesion %d, DRM %+d: pass %v, want %v", tc.roll, tc.cohesion, tc.drm, pass, tc.pass)
		}
		if r := d.Rolls()[0]; r.Rule != "GBACW 2.6" || r.Sides != 10 {
			t.Errorf("logged %v", r)
		}
	}
}

// 12.71: a 0 kills; 17.26: 6-9 loses a gun.
func TestLeaderCasualtyAndBrokenWheels(t *testing.T) {
	for roll := 0; roll <= 9; roll++ {
		if _, killed := LeaderCasualty(reads(roll), "Reynolds"); killed != (roll == 0) {
			t.Errorf("casualty roll %d: killed %v", roll, killed)
		}
		if _, loses := BrokenWheels(reads(roll), "Battery B"); loses != (roll >= 6) {
			t.Errorf("wheels roll %d: loses %v", roll, loses)
		}
	}
}

// 13.52: pass recovers, fail stays routed, a rolled 9 eliminates even when
// the adjusted roll would pass.
func TestRecoverFromRout(t *testing.T) {
	for _, tc := range []struct {
		roll, rating, drm int
		want              string
	}{{3, 4, 0, Recovered}, {5, 4, 0, StaysRouted}, {9, 9, -2, Eliminated}, {8, 9, 0, Recovered}} {
		if _, got := RecoverFromRout(reads(tc.roll), "u", tc.rating, tc.drm); got != tc.want {
			t.Errorf("roll %d rating %d DRM %+d: %s, want %s", tc.roll, tc.rating, tc.drm, got, tc.want)
		}
	}
}

// 16.22-16.23: a pass adds 1 SP, never up to the printed strength.
func TestStragglerRecovery(t *testing.T) {
	for _, tc := range []struct {
		roll, sp, printed, want int
	}{{2, 5, 8, 6}, {2, 6, 8, 7}, {2, 7, 8, 7}, {7, 5, 8, 5}} {
		if _, got := StragglerRecovery(reads(tc.roll), "u", 5, 0, tc.sp, tc.printed); got != tc.want {
			t.Errorf("roll %d, %d of %d SPs: %d, want %d", tc.roll, tc.sp, tc.printed, got, tc.want)
		}
	}
}

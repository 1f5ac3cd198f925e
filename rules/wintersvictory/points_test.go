package wintersvictory

import "testing"

// 17.21: "The French army receives 6 CPs if Napoleon is in command. If
// Napoleon suffers Leader Loss, no Command Points are received"; the French
// total "is reset; any remaining CPs from the previous hour are lost". The
// Allied army "receives 3 CPs ... added to the Allied Army's CP point total
// up to a maximum of 5. If Bennigsen has suffered a Leader Loss, only 2
// CPs are received".
func TestAddCommandPoints(t *testing.T) {
	for _, c := range []struct {
		side        Side
		total       int
		lost        bool
		want        int
		description string
	}{
		{French, 0, false, 6, "French receive 6"},
		{French, 4, false, 6, "French leftovers are lost, not added"},
		{French, 4, true, 0, "Napoleon lost: none received, leftovers lost"},
		{Allied, 0, false, 3, "Allies receive 3"},
		{Allied, 1, false, 4, "Allied points accumulate"},
		{Allied, 3, false, 5, "to a maximum of 5"},
		{Allied, 5, false, 5, "already at 5"},
		{Allied, 0, true, 2, "Bennigsen lost: only 2"},
		{Allied, 4, true, 5, "Bennigsen lost: still at most 5"},
	} {
		got, err := AddCommandPoints(c.side, c.total, c.lost)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s: %v from %d (lost %v) = %d, want %d", c.description, c.side, c.total, c.lost, got, c.want)
		}
	}
	if _, err := AddCommandPoints(Allied, -1, false); err == nil {
		t.Error("negative total accepted")
	}
	if _, err := AddCommandPoints(Side(9), 0, false); err == nil {
		t.Error("unknown side accepted")
	}
}

// 17.32: 1 CP an order at the HQ; 17.71: "it cost 2 CPs to issue an
// Attack Order with a normal order"; 17.35: one more CP makes it urgent.
// 17.64: one CP exempts a commander from a Continuation check.
func TestCommandPointCosts(t *testing.T) {
	for _, c := range []struct {
		attack, urgent bool
		want           int
	}{{false, false, 1}, {true, false, 2}, {false, true, 2}, {true, true, 3}} {
		if got := OrderCost(c.attack, c.urgent); got != c.want {
			t.Errorf("attack %v urgent %v: %d CP, want %d", c.attack, c.urgent, got, c.want)
		}
	}
	if ExemptionCost != 1 {
		t.Errorf("exemption costs %d", ExemptionCost)
	}
}

// 17.22 ("stacked with, or within their Command Radius") against 17.32
// ("in the same hex"): ruling R1 makes it an option. 17.23: a suppressed
// HQ no longer acts as a headquarters.
func TestAtHQ(t *testing.T) {
	for _, c := range []struct {
		reach        HQReach
		dist, radius int
		suppressed   bool
		want         bool
	}{
		{HQWithinRadius, 0, 3, false, true},
		{HQWithinRadius, 3, 3, false, true},
		{HQWithinRadius, 4, 3, false, false},
		{HQSameHex, 0, 3, false, true},
		{HQSameHex, 1, 3, false, false},
		{HQWithinRadius, 0, 3, true, false},
		{HQWithinRadius, Unreachable, 3, false, false},
	} {
		if got := AtHQ(c.reach, c.dist, c.radius, c.suppressed); got != c.want {
			t.Errorf("%+v: %v", c, got)
		}
	}
}

// 17.64 (and 17.22): one CP each, eligible commanders only, a path free of
// enemy Minimum Range Fire Zones, the Army Commander at his HQ.
func TestCheckExemptions(t *testing.T) {
	corps := Exemption{Level: Corps, PathFree: true}
	is := CheckExemptions(2, true, []Exemption{corps, {Level: Division, IndependentOrUnderArmy: true, PathFree: true}, corps})
	if is.CP != 2 || len(is.Problems) != 1 || is.Problems[0].Code != "wv-17.64-no-cp" || is.Problems[0].Order != 2 {
		t.Errorf("three exemptions with 2 CP: %+v", is)
	}
	is = CheckExemptions(5, true, []Exemption{{Level: Division, PathFree: true}, {Level: Corps}})
	if is.CP != 0 || len(is.Problems) != 2 || is.Problems[0].Code != "wv-17.64-not-eligible" || is.Problems[1].Code != "wv-17.64-no-path" {
		t.Errorf("ineligible and cut off: %+v", is)
	}
	if is := CheckExemptions(5, false, []Exemption{corps}); is.CP != 0 || len(is.Problems) != 1 || is.Problems[0].Code != "wv-17.22-not-at-hq" {
		t.Errorf("away from the HQ: %+v", is)
	}
}

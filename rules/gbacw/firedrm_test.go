package gbacw

import (
	"strings"
	"testing"
)

func names(ms []Modifier) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Name)
	}
	return strings.Join(s, ", ")
}

// Each DRM of 10.81 with the sign the rule that states it gives it
// (ruling GBACW-R13), and the exceptions 10.81 lists.
func TestFireDRMs(t *testing.T) {
	c := mustCombat(t)
	rear := FireOptions{RearAsFlank: true}
	for _, tc := range []struct {
		name string
		f    Fire
		o    FireOptions
		want int
	}{
		{"R at 1, nothing else", Fire{Weapon: "R", Range: 1}, rear, 0},
		{"Prepared, Disordered", Fire{Weapon: "R", Range: 1, Prepared: true, FirerDisordered: true}, rear, 0},
		{"Prepared", Fire{Weapon: "R", Range: 1, Prepared: true}, rear, 1},
		{"no Prepared at night; night at 2 is -3", Fire{Weapon: "R", Range: 2, Prepared: true, Night: true}, rear, -3},
		{"night at 4 is -10", Fire{Weapon: "R", Range: 4, Night: true}, rear, -10 + -2},
		{"dawn at 1 has none", Fire{Weapon: "R", Range: 1, DawnDusk: true}, rear, 0},
		{"dawn at 2", Fire{Weapon: "R", Range: 2, DawnDusk: true}, rear, -2},
		{"flank", Fire{Weapon: "R", Range: 1, ThroughFlank: true}, rear, 1},
		{"flank, March target", Fire{Weapon: "R", Range: 1, ThroughFlank: true, TargetMarch: true}, rear, 0},
		{"rear as flank", Fire{Weapon: "R", Range: 1, ThroughRear: true}, rear, 1},
		{"rear as printed", Fire{Weapon: "R", Range: 1, ThroughRear: true}, FireOptions{}, 0},
		{"shell: no flank, massed, higher ground", Fire{Weapon: "N", Range: 4, Artillery: true, ThroughFlank: true, TargetSP: 9, TargetLower: true}, rear, 2},
		{"shell: TEC downhill already", Fire{Weapon: "N", Range: 4, Artillery: true, TargetSP: 9, TargetLower: true, TECDownhill: true, TerrainDRM: 1}, rear, 2},
		{"shell: dispersed", Fire{Weapon: "N", Range: 5, Artillery: true, TargetSP: 2}, rear, -1},
		{"shell: artillery-only hex", Fire{Weapon: "N", Range: 5, Artillery: true, TargetSP: 2, TargetArtilleryOnly: true}, rear, 0},
		{"canister: no massed", Fire{Weapon: "N", Range: 1, Artillery: true, TargetSP: 9}, rear, 1},
		{"Breastworks both ways, small arms", Fire{Weapon: "R", Range: 1, FromBreastworks: true, IntoBreastworks: true}, rear, 0},
		{"canister from Breastworks: no +1", Fire{Weapon: "N", Range: 2, Artillery: true, FromBreastworks: true}, rear, 0},
		{"shell into Breastworks: no -1", Fire{Weapon: "N", Range: 4, Artillery: true, IntoBreastworks: true, TargetSP: 5}, rear, 0},
		{"mounted at mounted", Fire{Weapon: "R", Range: 1, FirerMounted: true, TargetMountedNonPhased: true}, rear, 0},
		{"artillery moved, after facing, low ammo", Fire{Weapon: "N", Range: 1, Artillery: true, ArtilleryMoved: true, AfterReactionFacing: true, LowAmmo: true}, rear, 1 - 6},
		{"Green, Fatigue 3", Fire{Weapon: "M", Range: 1, Green: true, Fatigue: Fatigue3}, rear, -3},
		{"pre-shock two levels", Fire{Weapon: "N", Range: 1, Artillery: true, PreShockSteepAdjacent: true}, rear, 1 - 2},
	} {
		ms, err := c.FireDRMs(tc.f, tc.o)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := Sum(ms); got != tc.want {
			t.Errorf("%s: %+d (%s), want %+d", tc.name, got, names(ms), tc.want)
		}
	}
	if _, err := c.FireDRMs(Fire{Weapon: "M", Range: 3}, rear); err == nil || !strings.Contains(err.Error(), "weapon type M reaches 2 hexes, not 3 (GBACW 10.16)") {
		t.Errorf("out of range: %v", err)
	}
}

package gbacw

import (
	"strings"
	"testing"

	"galloper/rules"
)

// TestBothSidesRetreat is 12.48 on a chart pack whose shock result makes
// both sides retreat (the provisional pack has none): the side with the
// unit of the highest Cohesion Rating retreats last; on a tie the
// defenders retreat first.
func TestBothSidesRetreat(t *testing.T) {
	for _, tc := range []struct {
		name             string
		attacker, target int // Cohesion Ratings
		first            string
	}{
		{"the attacker steadier", 7, 5, "Rebs"},
		{"the defender steadier", 5, 7, "Yanks"},
		{"a tie", 6, 6, "Rebs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys := New()
			s := fieldScenario(t).start.clone()
			s.Units = append(s.Units,
				UnitSt{Name: "Yanks", Side: "USA", Brigade: "A Brigade", Kind: "infantry", Hex: "0707", Facing: 5, SP: 5, Cohesion: tc.attacker, Disordered: 4, MA: 6, Weapon: "R"},
				UnitSt{Name: "Rebs", Side: "CSA", Brigade: "Archer", Kind: "infantry", Hex: "0807", Facing: 2, SP: 5, Cohesion: tc.target, Disordered: 4, MA: 6, Weapon: "R"})
			n := len(s.Units)
			yanks, rebs := &s.Units[n-2], &s.Units[n-1]
			r := &resolver{sys: sys, s: s, log: &rules.Log{Dice: &rules.ForcedDice{Results: []int{1, 1, 1, 1}}}}
			g := &shockGroup{side: "USA", attackers: []*UnitSt{yanks}, hexes: []string{"0807"}}
			r.shockEffects(g, []*UnitSt{rebs}, []string{"attacker-retreat-1", "defender-retreat-1"}, maxContinued)
			var order []string
			for _, e := range r.log.Events {
				if e.Kind == "retreat" {
					order = append(order, strings.Fields(e.Text)[0])
				}
			}
			if len(order) != 2 || order[0] != tc.first {
				t.Errorf("retreats %v, want %s first", order, tc.first)
			}
		})
	}
}

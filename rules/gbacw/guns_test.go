package gbacw

import (
	"maps"
	"strings"
	"testing"

	"galloper/rules"
)

// TestGunsSavedFromRetreatThrough is 12.8's Exception for a Retreat-Through
// UDD (ruling GBACW-R66), on a chart pack whose 2nd Disorder Table
// Abandons artillery retreated through (the provisional one does not,
// 12.36): Yanks, in Good Order in the battery's hex, pass their UDD and
// the Disordered battery, failing its own, is not Abandoned; when Yanks
// fail theirs, it is.
func TestGunsSavedFromRetreatThrough(t *testing.T) {
	for _, tc := range []struct {
		name  string
		dice  []int
		want  string
		event string
	}{
		{"Yanks pass", []int{3, 10}, StDisordered, "not-abandoned"},
		{"Yanks fail", []int{10, 10}, StAbandoned, "abandoned"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys := New()
			cc := *sys.combat
			cc.second = maps.Clone(cc.second)
			cc.second["retreat-through"] = map[string][]string{"infantry-cavalry": cc.second["retreat-through"]["infantry-cavalry"], "artillery": {"abandoned"}}
			sys.combat = &cc
			s := fieldScenario(t).start.clone()
			s.Units = append(s.Units,
				UnitSt{Name: "Guns2", Side: "USA", Brigade: "A Brigade", Kind: "artillery", Hex: "0808", SP: 4, Cohesion: 5, Disordered: 3, MA: 6, Status: StDisordered},
				UnitSt{Name: "Yanks", Side: "USA", Brigade: "A Brigade", Kind: "infantry", Hex: "0808", SP: 5, Cohesion: 6, Disordered: 4, MA: 6, Weapon: "R"},
				UnitSt{Name: "Runner", Side: "USA", Brigade: "A Brigade", Kind: "infantry", Hex: "0909", SP: 3, Cohesion: 6, Disordered: 4, MA: 6, Weapon: "R"})
			n := len(s.Units)
			guns, yanks, runner := &s.Units[n-3], &s.Units[n-2], &s.Units[n-1]
			r := &resolver{sys: sys, s: s, log: &rules.Log{Dice: &rules.ForcedDice{Results: tc.dice}}}
			r.throughUDDs(runner, []*UnitSt{guns, yanks})
			if guns.Status != tc.want {
				t.Errorf("Guns2 is %q, want %q", guns.Status, tc.want)
			}
			var kinds []string
			for _, e := range r.log.Events {
				if e.Kind != "roll" {
					kinds = append(kinds, e.Kind+": "+e.Text)
				}
			}
			got := strings.Join(kinds, "\n")
			if !strings.Contains(got, "\n"+tc.event+": Guns2") {
				t.Errorf("no %s event for Guns2 in:\n%s", tc.event, got)
			}
			if !strings.HasPrefix(got, "udd: Yanks") {
				t.Errorf("Yanks, in Good Order, should roll before the Disordered battery:\n%s", got)
			}
		})
	}
}

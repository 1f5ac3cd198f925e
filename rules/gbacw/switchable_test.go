package gbacw

import (
	"slices"
	"strings"
	"testing"
)

// The switchable rulings are chosen as optional rules "KEY=VALUE" when a
// game is created; a value the ruling does not offer is refused with the
// ones it does; the reports list those chosen other than by default.
func TestSwitchableRulings(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("bristoe-ford", nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := sys.WithOptionalRules(st, []string{"rear_fire_drm=as-flank", "cavalry_halving=each-rule", "march_enemy_distance=strict"})
	if err != nil {
		t.Fatal(err)
	}
	s := got.(*State)
	if s.ruling(rulingRearFire) != "as-flank" || s.ruling(rulingMarchDistance) != "strict" || s.ruling(rulingCavalryHalving) != "each-rule" {
		t.Errorf("rulings chosen: %v", s.Rulings)
	}
	inPlay := sys.OptionalRulesInPlay(got)
	for _, want := range []string{"march_enemy_distance=strict", "rear_fire_drm=as-flank"} {
		if !slices.Contains(inPlay, want) {
			t.Errorf("in play %v, want %s listed", inPlay, want)
		}
	}
	if slices.Contains(inPlay, "cavalry_halving=each-rule") {
		t.Errorf("in play %v lists a default", inPlay)
	}
	// Every listed choice is one the system offers, named in reports.
	for _, id := range inPlay {
		if !knownOptional(id) {
			t.Errorf("%s is in play but not among the optional rules", id)
		}
	}
	// The saved state keeps them.
	back, err := Decode(got.Canonical())
	if err != nil || back.ruling(rulingRearFire) != "as-flank" {
		t.Errorf("decoded: %v, %v", err, back.Rulings)
	}
	// The original state is untouched.
	if st.(*State).Rulings != nil {
		t.Errorf("the new game's state was changed: %v", st.(*State).Rulings)
	}
	for _, bad := range []string{"rear_fire_drm=rear", "cavalry_halving", "march_enemy_distance=5"} {
		_, err := sys.WithOptionalRules(st, []string{bad})
		if err == nil || !strings.Contains(err.Error(), " or ") {
			t.Errorf("%s: %v, want a refusal naming the values", bad, err)
		}
	}
	if _, err := sys.WithOptionalRules(st, []string{"rear_fire=none"}); err == nil || !strings.Contains(err.Error(), "rear_fire_drm") {
		t.Errorf("an unknown key: %v, want the switchable rulings named", err)
	}
}

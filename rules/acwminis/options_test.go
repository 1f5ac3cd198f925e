package acwminis

import (
	"slices"
	"strings"
	"testing"
)

// TestOptionalRules checks the switchable rulings as a game's
// configuration sets them: every value of every option is offered, a
// scenario's own default is in play from the start, a game's choice
// replaces it, and a bad key, a bad value or a choice after play has
// started is refused.
func TestOptionalRules(t *testing.T) {
	sys := New()
	offered := map[string]bool{}
	for _, r := range sys.OptionalRules() {
		offered[r.ID] = true
	}
	for _, o := range options {
		for _, v := range o.values {
			if !offered[o.key+"="+v] {
				t.Errorf("%s=%s is not offered", o.key, v)
			}
		}
	}
	st, err := sys.NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := sys.OptionalRulesInPlay(st); !slices.Equal(got, []string{"fog-of-war=on"}) {
		t.Errorf("Willoughby Run starts with %v, want its fog-of-war=on", got)
	}
	next, err := sys.WithOptionalRules(st, []string{"band-edge=upper", "fog-of-war=off"})
	if err != nil {
		t.Fatal(err)
	}
	if got := sys.OptionalRulesInPlay(next); !slices.Equal(got, []string{"band-edge=upper", "fog-of-war=off"}) {
		t.Errorf("in play %v", got)
	}
	if s := next.(*State); s.opt(optBandEdge) != "upper" || s.on(optFog) || s.opt(optSixTwo) != "false" {
		t.Errorf("options read as %s, fog %v, %s", s.opt(optBandEdge), s.on(optFog), s.opt(optSixTwo))
	}
	if st.(*State).opt(optBandEdge) != "lower" {
		t.Error("WithOptionalRules changed the state it was given")
	}
	for _, bad := range []struct{ id, want string }{
		{"band-edge", "KEY=VALUE"}, {"no-such=1", "no option"}, {"band-edge=middle", "one of lower, upper"},
	} {
		if _, err := sys.WithOptionalRules(st, []string{bad.id}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want an error saying %q", bad.id, err, bad.want)
		}
	}
	played := next.(*State).clone()
	played.Half = 1
	if _, err := sys.WithOptionalRules(played, []string{"band-edge=upper"}); err == nil {
		t.Error("options chosen after play started")
	}
}

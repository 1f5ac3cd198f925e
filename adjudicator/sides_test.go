package adjudicator_test

import (
	"context"
	"strings"
	"testing"

	"galloper/adjudicator"
)

// TestGameSidesAgainstScenario: a game names only sides its scenario has,
// and every side of the scenario gets a player or an invite.
func TestGameSidesAgainstScenario(t *testing.T) {
	a := newAdjudicator(t)
	ctx := context.Background()
	for _, c := range []struct {
		spec adjudicator.GameSpec
		want string
	}{
		{spec("g1", "CSA", "UNION"), `no side "UNION"; its sides are CSA, USA`},
		{spec("g2", "CSA"), "side USA has no player"},
	} {
		if err := a.CreateGame(ctx, c.spec); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.spec.ID, err, c.want)
		}
	}
	invited := spec("g3", "CSA")
	invited.Players = append(invited.Players, adjudicator.PlayerSpec{Side: "USA", Invite: "code-1"})
	for _, s := range []adjudicator.GameSpec{spec("g4", "CSA", "USA"), invited} {
		if err := a.CreateGame(ctx, s); err != nil {
			t.Errorf("%s: %v", s.ID, err)
		}
	}
}

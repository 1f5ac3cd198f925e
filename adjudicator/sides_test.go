package adjudicator_test

import (
	"context"
	"strings"
	"testing"

	"galloper/adjudicator"
	"galloper/rules"
	"galloper/rules/acwminis"
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

// noRoster is ACW miniatures with a view that lists no roster: its sides
// are known only from the units on its table.
type noRoster struct{ rules.System }

func (noRoster) ID() string { return "test.noroster" }

func (s noRoster) View(st rules.State, side rules.Side) rules.View {
	v := s.System.View(st, side)
	v.Roster = nil
	return v
}

// TestGameSidesFromBoard: a scenario whose view lists no roster has the
// sides of the units on its board, not only the side that orders first.
func TestGameSidesFromBoard(t *testing.T) {
	a := newAdjudicator(t)
	a.UseSystem(noRoster{acwminis.New()})
	ctx := context.Background()
	g := adjudicator.GameSpec{ID: "table", System: "test.noroster", Scenario: "willoughby-run", Players: []adjudicator.PlayerSpec{
		{Side: "CSA", Email: "csa@players.test", Password: "pw"}, {Side: "UNION", Email: "usa@players.test", Password: "pw"}}}
	if err := a.CreateGame(ctx, g); err == nil || !strings.Contains(err.Error(), `no side "UNION"; its sides are CSA, USA`) {
		t.Fatalf("a side the table lacks: %v", err)
	}
	g.Players[1].Side = "USA"
	if err := a.CreateGame(ctx, g); err != nil {
		t.Fatalf("both sides of the table: %v", err)
	}
}

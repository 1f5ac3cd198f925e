package adjudicator_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/rules/systems"
)

// newAdjudicator returns an adjudicator over a fresh database.
func newAdjudicator(t *testing.T) *adjudicator.Adjudicator {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	now := func() time.Time { return time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC) }
	return adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: "gm@galloper.test", Domain: "galloper.test"}, now,
		bytes.NewReader(bytes.Repeat([]byte{7}, 1<<12)), nil)
}

func spec(id string, sides ...string) adjudicator.GameSpec {
	s := adjudicator.GameSpec{ID: id, System: "lob.v2", Scenario: "tanners-creek"}
	for _, side := range sides {
		s.Players = append(s.Players, adjudicator.PlayerSpec{Side: side, Email: strings.ToLower(side) + "@players.test", Password: "pw"})
	}
	return s
}

// TestGameIDsChecked: ids that would reach file names, headers and
// Content-IDs unsafely, and an id already taken, are refused at creation
// with a plain message naming what is wrong; nothing is created.
func TestGameIDsChecked(t *testing.T) {
	a := newAdjudicator(t)
	ctx := context.Background()
	if err := a.CreateGame(ctx, spec("creek-1_b", "CSA", "USA")); err != nil {
		t.Fatalf("a good id: %v", err)
	}
	cases := []struct {
		name string
		spec adjudicator.GameSpec
		want string
	}{
		{"path", spec("../etc", "CSA", "USA"), `game id "../etc": '.' is not allowed`},
		{"slash", spec("a/b", "CSA", "USA"), "'/' (ids become file names) is not allowed"},
		{"header injection", spec("x\r\nBcc: all@example.org", "CSA", "USA"), `game id "x\r\nBcc: all@example.org": a carriage return`},
		{"space", spec("two words", "CSA", "USA"), "a space is not allowed"},
		{"empty", spec("", "CSA", "USA"), "the game needs an id"},
		{"leading dash", spec("-x", "CSA", "USA"), "'-' is not allowed"},
		{"long", spec(strings.Repeat("a", 41), "CSA", "USA"), "41 characters long; use at most 40"},
		{"non-ASCII", spec("créek", "CSA", "USA"), "'é' is not allowed"},
		{"taken", spec("creek-1_b", "CSA", "USA"), `a game with id "creek-1_b" already exists`},
		{"side twice", spec("dup", "CSA", "csa"), "side csa is given twice"},
		{"side with line break", spec("side", "CSA\r\nX: y", "USA"), `side "CSA\r\nX: y": use no spaces`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := a.CreateGame(ctx, c.spec)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("CreateGame(%q): %v; want an error saying %q", c.spec.ID, err, c.want)
			}
			for _, bad := range []string{"UNIQUE", "constraint", "template"} {
				if strings.Contains(err.Error(), bad) {
					t.Fatalf("CreateGame(%q): %v: not a plain message", c.spec.ID, err)
				}
			}
		})
	}
	var n int
	a.DB().WithTx(ctx, func(tx *store.Tx) error {
		games, err := tx.ActiveGames()
		n = len(games)
		return err
	})
	if n != 1 {
		t.Fatalf("%d games stored, want only the good one", n)
	}
}

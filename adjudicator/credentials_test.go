package adjudicator_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/rules/systems"
)

// players returns the stored players of a game.
func players(t *testing.T, a *adjudicator.Adjudicator, game string) map[string]store.Player {
	t.Helper()
	out := map[string]store.Player{}
	a.DB().WithTx(context.Background(), func(tx *store.Tx) error {
		ps, err := tx.Players(game)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			out[p.Side] = p
		}
		return nil
	})
	return out
}

// replyTo returns the Reply-To address of the first queued mail to addr.
func replyTo(t *testing.T, a *adjudicator.Adjudicator, addr string) string {
	t.Helper()
	var out string
	a.DB().WithTx(context.Background(), func(tx *store.Tx) error {
		ms, err := tx.OutboxAfter(0)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			msg, err := mail.ReadMessage(bytes.NewReader(m.Raw))
			if err == nil && m.Recipient == addr && out == "" {
				a, _ := mail.ParseAddress(msg.Header.Get("Reply-To"))
				if a != nil {
					out = a.Address
				}
			}
		}
		return nil
	})
	if out == "" {
		t.Fatalf("no mail to %s with a Reply-To", addr)
	}
	return out
}

// status sends STATUS as from, to the given addresses, with the password
// (none when empty), and returns the outcome.
func status(t *testing.T, a *adjudicator.Adjudicator, to []string, password string) adjudicator.Outcome {
	t.Helper()
	text := "GAME creek\nSIDE CSA\n"
	if password != "" {
		text += "PASSWORD " + password + "\n"
	}
	out, err := a.HandleInbound(context.Background(), adjudicator.Incoming{From: "csa@players.test", To: to,
		MessageID: "<s" + password + strings.Join(to, ",") + "@x>", Subject: "status", Text: text + "STATUS\n"})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPasswordsSlowAndSalted: passwords are stored as argon2id with a salt
// per player, so two players with one password have different hashes;
// the right password verifies and a wrong one does not. A legacy SHA-256
// hash still verifies and is replaced by an argon2id one on that success.
func TestPasswordsSlowAndSalted(t *testing.T) {
	a := newAdjudicator(t)
	s := spec("creek", "CSA", "USA")
	for i := range s.Players {
		s.Players[i].Password = "same"
	}
	if err := a.CreateGame(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	ps := players(t, a, "creek")
	csa, usa := ps["CSA"].PasswordHash, ps["USA"].PasswordHash
	if !strings.HasPrefix(csa, "$argon2id$v=19$m=19456,t=2,p=1$") || csa == usa || strings.Contains(csa, "same") {
		t.Fatalf("stored hashes %q and %q: want distinct salted argon2id hashes", csa, usa)
	}
	if out := status(t, a, nil, "same"); strings.HasPrefix(out.Result, "problems") {
		t.Fatalf("the right password: %q", out.Result)
	}
	if out := status(t, a, nil, "wrong"); !strings.HasPrefix(out.Result, "problems") {
		t.Fatalf("a wrong password: %q", out.Result)
	}

	// A game from before: its hash is SHA-256 over tag, game, side and password.
	legacy := sha256.Sum256([]byte("galloper-password\x00creek\x00CSA\x00same"))
	a.DB().WithTx(context.Background(), func(tx *store.Tx) error {
		return tx.SetPasswordHash("creek", "CSA", hex.EncodeToString(legacy[:]))
	})
	if out := status(t, a, nil, "wrong"); !strings.HasPrefix(out.Result, "problems") {
		t.Fatalf("a wrong password against a legacy hash: %q", out.Result)
	}
	if got := players(t, a, "creek")["CSA"].PasswordHash; got != hex.EncodeToString(legacy[:]) {
		t.Fatal("a failed password changed the legacy hash")
	}
	if out := status(t, a, nil, "same"); strings.HasPrefix(out.Result, "problems") {
		t.Fatalf("the right password against a legacy hash: %q", out.Result)
	}
	up := players(t, a, "creek")["CSA"].PasswordHash
	if !strings.HasPrefix(up, "$argon2id$") {
		t.Fatalf("the legacy hash was not upgraded: %q", up)
	}
	if out := status(t, a, nil, "same"); strings.HasPrefix(out.Result, "problems") {
		t.Fatalf("the right password after the upgrade: %q", out.Result)
	}
}

// TestReplyTokensSealed: with a token key, reply tokens are stored sealed
// (the database alone does not give a player's reply address), and the
// reply address still authenticates. A game whose tokens were stored in
// the clear keeps its players' reply addresses when SealTokens seals them.
func TestReplyTokensSealed(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "g.db")
	open := func(key []byte) *adjudicator.Adjudicator {
		db, err := store.Open(context.Background(), dbPath)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		now := func() time.Time { return time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC) }
		return adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: "gm@galloper.test", Domain: "galloper.test", TokenKey: key}, now,
			bytes.NewReader(bytes.Repeat([]byte{7}, 1<<12)), nil)
	}
	old := open(nil)
	if err := old.CreateGame(context.Background(), spec("creek", "CSA", "USA")); err != nil {
		t.Fatal(err)
	}
	addr := replyTo(t, old, "csa@players.test")
	tok := players(t, old, "creek")["CSA"].Token
	if tok == "" || !strings.Contains(addr, tok) {
		t.Fatalf("without a key the token %q is stored as it is (reply address %s)", tok, addr)
	}

	key := bytes.Repeat([]byte{42}, 32)
	a := open(key)
	if n, err := a.SealTokens(context.Background()); err != nil || n != 2 {
		t.Fatalf("SealTokens: %d, %v; want both players sealed", n, err)
	}
	if n, err := a.SealTokens(context.Background()); err != nil || n != 0 {
		t.Fatalf("SealTokens again: %d, %v; want nothing left to seal", n, err)
	}
	sealed := players(t, a, "creek")["CSA"].Token
	if !strings.HasPrefix(sealed, "t1:") || strings.Contains(sealed, tok) {
		t.Fatalf("sealed token %q", sealed)
	}
	if out := status(t, a, []string{addr}, ""); strings.HasPrefix(out.Result, "problems") {
		t.Fatalf("the reply address after sealing: %q", out.Result)
	}
	if out := status(t, a, []string{strings.Replace(addr, tok, strings.Repeat("a", len(tok)), 1)}, ""); !strings.HasPrefix(out.Result, "problems") {
		t.Fatalf("a forged reply address: %q", out.Result)
	}

	// A game created with the key: the stored token is sealed from the start.
	if err := a.CreateGame(context.Background(), spec("ridge", "CSA", "USA")); err != nil {
		t.Fatal(err)
	}
	for side, p := range players(t, a, "ridge") {
		if !strings.HasPrefix(p.Token, "t1:") {
			t.Fatalf("%s's token stored as %q", side, p.Token)
		}
	}
	// Without the key a sealed token opens to nothing: the password still works.
	if out := status(t, open(nil), []string{addr}, ""); !strings.HasPrefix(out.Result, "problems") {
		t.Fatalf("a sealed token without the key: %q", out.Result)
	}
}

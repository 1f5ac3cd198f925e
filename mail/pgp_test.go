package mail_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/ProtonMail/go-crypto/openpgp/packet"

	"galloper/adjudicator"
)

// keyTime is when the test keys are made and used: before the rig's
// clock, since a signature from the future does not verify.
func keyTime() time.Time { return time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC) }

func newKey(t *testing.T, name string) (*openpgp.Entity, string) {
	t.Helper()
	e, err := openpgp.NewEntity(name, "", name+"@players.test", &packet.Config{Algorithm: packet.PubKeyAlgoEdDSA, Time: keyTime})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w, err := armor.Encode(&b, openpgp.PublicKeyType, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Serialize(w); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return e, b.String()
}

func clearsignText(t *testing.T, e *openpgp.Entity, text string) string {
	t.Helper()
	var b bytes.Buffer
	w, err := clearsign.Encode(&b, e.PrivateKey, &packet.Config{Time: keyTime})
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(text))
	w.Close()
	return b.String()
}

// TestClearsignedOrders: orders clearsigned with the side's registered key
// are accepted without a password from any address; a tampered or foreign
// signature is refused and changes nothing.
func TestClearsignedOrders(t *testing.T) {
	r := newRig(t)
	csaKey, csaPub := newKey(t, "csa")
	other, _ := newKey(t, "mallory")
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "signed", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip", PGPKey: csaPub},
			{Side: "USA", Email: usaAddr, Password: "oak"}}})
	if err != nil {
		t.Fatal(err)
	}
	r.cycle()
	body := strings.Replace(strings.Replace(csaTurn1, "GAME creek", "GAME signed", 1), "PASSWORD tulip\n", "", 1)

	forged := strings.Replace(clearsignText(t, csaKey, body), "Take the mill", "Burn the mill", 1)
	r.send("somewhere@else.test", "forged", forged)
	r.send("mallory@else.test", "foreign", clearsignText(t, other, body))
	r.cycle()
	for _, from := range []string{"somewhere@else.test", "mallory@else.test"} {
		if m := r.mailsTo(from, "Re: "); len(m) != 1 || !strings.Contains(m[0], "bad-signature") {
			t.Fatalf("badly signed orders from %s: %q", from, m)
		}
	}
	if r.game("signed").SegmentIndex != 0 {
		t.Fatal("badly signed orders changed the game")
	}

	r.send("laptop@elsewhere.test", "signed orders", "Orders below.\n\n"+clearsignText(t, csaKey, body))
	r.cycle()
	if m := r.mailsTo(csaAddr, "Receipt: signed"); len(m) != 1 || !strings.Contains(m[0], "Take the mill crossing.") {
		t.Fatalf("receipts for signed orders: %q; replies %q", m, r.mailsTo("laptop@elsewhere.test", ""))
	}
	if r.game("signed").SegmentIndex != 1 {
		t.Fatal("signed orders did not resolve CSA's segment")
	}
}

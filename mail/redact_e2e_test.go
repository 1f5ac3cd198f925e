package mail_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"galloper/adjudicator/store"
	"galloper/mail"
)

// storedMails returns every stored mail.
func (r *rig) storedMails() []store.Inbound {
	r.t.Helper()
	var out []store.Inbound
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		for id := int64(1); ; id++ {
			m, err := tx.Inbound(id)
			if err != nil {
				return nil
			}
			out = append(out, m)
		}
	})
	return out
}

// A processed mail is stored with its password redacted, keeping the hash
// of the body as it came, keyed under the mail key so that it cannot be
// used to test guesses at the password; the same mail delivered again is
// recognised by that hash and not processed a second time.
func TestStoredMailHasPasswordRedacted(t *testing.T) {
	r := newRig(t)
	key := bytes.Repeat([]byte{0x42}, 32)
	r.db.SetMailKey(key)
	r.cycle()
	orders := r.compose(csaAddr, "orders", csaTurn1)
	if err := r.srv.Deliver(orders); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 1 {
		t.Fatalf("%d receipts, want 1", n)
	}
	stored := r.storedMails()
	if len(stored) != 1 {
		t.Fatalf("%d mails stored, want 1", len(stored))
	}
	m := stored[0]
	if bytes.Contains(m.Raw, []byte("tulip")) || !bytes.Contains(m.Raw, []byte("PASSWORD "+mail.Redacted)) {
		t.Errorf("the stored mail keeps its password:\n%s", m.Raw)
	}
	if m.BodyHash != store.BodyHash(key, orders) || m.BodyHash == store.BodyHash(nil, orders) {
		t.Errorf("the stored body hash %s is not the keyed hash of the mail as it came", m.BodyHash)
	}
	if in := mail.Read(m.Raw); !strings.Contains(in.Text, "ROUTE A5.6, Mill Road, Tanner's Mill") {
		t.Errorf("the stored mail no longer reads as the orders sent:\n%s", in.Text)
	}

	// Delivered again (a new UID on the server): recognised, not stored
	// or answered again.
	if err := r.srv.Deliver(orders); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if n := r.inbound(""); n != 1 {
		t.Errorf("after the mail came again %d mails are stored, want 1", n)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 1 {
		t.Errorf("after the mail came again %d receipts were sent, want 1", n)
	}
}

package mail_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/emersion/go-message"

	"galloper/adjudicator/store"
	"galloper/mail"
)

// storedBytes sums the stored copies of the outbox rows after id, and
// returns the newest row's id.
func (r *rig) storedBytes(after int64) (n int, last int64, rows []store.Outgoing) {
	r.t.Helper()
	if err := r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		var err error
		rows, err = tx.OutboxAfter(after)
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
	last = after
	for _, m := range rows {
		n += len(m.Raw)
		last = m.ID
	}
	return n, last, rows
}

// parts lists a raw mail's leaf parts as "type filename: text" (the text
// only for text parts).
func parts(t *testing.T, raw []byte) []string {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(e *message.Entity)
	walk = func(e *message.Entity) {
		if mr := e.MultipartReader(); mr != nil {
			for {
				p, err := mr.NextPart()
				if err != nil {
					return
				}
				walk(p)
			}
		}
		ct, _, _ := e.Header.ContentType()
		_, dp, _ := e.Header.ContentDisposition()
		b, _ := io.ReadAll(e.Body)
		s := ct + " " + dp["filename"]
		if strings.HasPrefix(ct, "text/") {
			s += ": " + string(b)
		}
		out = append(out, s)
	}
	walk(e)
	return out
}

// TestStoredMailsCompacted: once a mail with maps is sent, the outbox
// keeps it without them (a note in their place), so the database grows by
// a fraction of what went out; every text part is kept as sent, and a mail
// without maps is kept byte for byte. The figures per segment are in
// docs/performance.md.
func TestStoredMailsCompacted(t *testing.T) {
	r := newRig(t)
	// segment runs act and measures the mails queued after the outbox
	// row last: what they weighed as sent, what their stored copies weigh.
	segment := func(name string, last int64, act func()) []store.Outgoing {
		sentBefore := len(r.srv.Sent())
		act()
		stored, _, rows := r.storedBytes(last)
		sent := 0
		for _, m := range r.srv.Sent()[sentBefore:] {
			sent += len(m.Raw)
		}
		if len(rows) == 0 || len(r.srv.Sent()) != sentBefore+len(rows) {
			t.Fatalf("%s: %d mails queued, %d sent", name, len(rows), len(r.srv.Sent())-sentBefore)
		}
		t.Logf("%s: %d mails, %d bytes sent, %d bytes stored (%.1f%%)", name, len(rows), sent, stored, 100*float64(stored)/float64(sent))
		if stored*5 > sent {
			t.Errorf("%s: %d bytes stored for %d sent; want under a fifth", name, stored, sent)
		}
		return rows
	}
	sentRaw := func(msgID string) []byte {
		for _, m := range r.srv.Sent() {
			if bytes.Contains(m.Raw, []byte("Message-Id: "+msgID)) || bytes.Contains(m.Raw, []byte("Message-ID: "+msgID)) {
				return m.Raw
			}
		}
		t.Fatalf("no sent mail %s", msgID)
		return nil
	}
	start := segment("game start", 0, r.cycle) // queued when the game was made
	_, last, _ := r.storedBytes(0)
	r.send(csaAddr, "orders "+t.Name(), csaTurn1)
	results := segment("turn 1 (receipt and results)", last, r.cycle)
	withMaps := 0
	for _, m := range append(start, results...) {
		if m.Status != "sent" {
			t.Fatalf("mail %s is %s", m.MessageID, m.Status)
		}
		orig := sentRaw(m.MessageID)
		light, ok := mail.CompactSent(orig)
		if !ok {
			if !bytes.Equal(m.Raw, orig) {
				t.Errorf("%s has no map but its stored copy differs from what was sent", m.Kind)
			}
			continue
		}
		withMaps++
		if !bytes.Equal(m.Raw, light) {
			t.Errorf("%s: the stored copy is not the compacted mail", m.Kind)
		}
		want, got := parts(t, orig), parts(t, m.Raw)
		if len(want) != len(got) {
			t.Fatalf("%s: %d parts sent, %d stored", m.Kind, len(want), len(got))
		}
		for i := range want {
			isMap, isGuide := strings.Contains(want[i], " map-"), strings.Contains(want[i], " guide-")
			switch {
			case !isMap && !isGuide && got[i] != want[i]:
				t.Errorf("%s part %d changed in the stored copy:\nsent   %.200q\nstored %.200q", m.Kind, i, want[i], got[i])
			case isMap && !strings.HasSuffix(got[i], mail.StoredMapNote):
				t.Errorf("%s part %d (%s) stored as %.200q, want the note", m.Kind, i, strings.Fields(want[i])[1], got[i])
			case isGuide && !strings.HasSuffix(got[i], mail.StoredGuideNote):
				t.Errorf("%s part %d (%s) stored as %.200q, want the guide's note", m.Kind, i, strings.Fields(want[i])[1], got[i])
			}
		}
	}
	if withMaps < 6 {
		t.Fatalf("only %d mails carried maps; want the 3 start and 3 results mails", withMaps)
	}
}

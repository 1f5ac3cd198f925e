package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
)

// inboundResults are the results of the stored mails, oldest first.
func (r *rig) inboundResults() []string {
	r.t.Helper()
	var out []string
	err := r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		for id := int64(1); ; id++ {
			m, err := tx.Inbound(id)
			if err != nil {
				return nil
			}
			out = append(out, m.Status+": "+m.Result)
		}
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return out
}

// TestRateLimits: with a window of an hour, two order files and three
// command mails an address, on a fake clock. Mails within the limits are
// read as usual; the next of each class is kept and answered with a reply
// naming the limit and the time to send again, its text repeated, and is
// not acted on; each class and each address counts apart; an address that
// goes on sending has as many such replies as the limit and then none,
// its mails still stored; once the window has passed its oldest mail, a
// file is read again.
func TestRateLimits(t *testing.T) {
	r := newRig(t)
	r.limits = adjudicator.Limits{RateWindow: time.Hour, OrderFiles: 2, Commands: 3}
	r.restart()
	status := func(n int) string { return fmt.Sprintf("GAME creek\nSIDE CSA\nPASSWORD tulip\nSTATUS\n\nask %d\n", n) }
	for i := 1; i <= 4; i++ {
		r.send(csaAddr, fmt.Sprintf("status %d", i), status(i))
	}
	r.cycle()
	if got := r.mailsTo(csaAddr, "STATUS: creek"); len(got) != 3 {
		t.Fatalf("%d STATUS replies within the limit of 3 command mails, want 3", len(got))
	}
	limited := r.mailsTo(csaAddr, "Re: status 4 (not read: rate limit)")
	if len(limited) != 1 || !strings.Contains(limited[0], "at most 3 command mails from one address in an hour (limits.commands)") ||
		!strings.Contains(limited[0], "Send it again after Mon 1 Jun 2026 10:00 UTC") || !strings.Contains(limited[0], "> STATUS") ||
		strings.Contains(limited[0], "tulip") {
		t.Fatalf("the reply to the command over the limit:\n%q", limited)
	}
	docs, _ := r.docsTo(csaAddr, "Re: status 4")
	if len(docs) != 1 || len(docs[0].Problems) != 1 || docs[0].Problems[0].Code != "rate-limited" {
		t.Fatalf("its document: %+v", docs)
	}

	// Order files count apart from commands; a file over the limit is not
	// read, however good.
	r.clock = r.clock.Add(10 * time.Minute)
	bad := "GAME creek\nSIDE CSA\nTURN 1\nPASSWORD tulip\n\nORDER NONSENSE %d\n"
	r.send(csaAddr, "bad 1", fmt.Sprintf(bad, 1))
	r.send(csaAddr, "bad 2", fmt.Sprintf(bad, 2))
	r.send(csaAddr, "good 1", csaTurn1)
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Re: bad")); n != 2 {
		t.Fatalf("%d problem replies to the two files within the limit", n)
	}
	if got := r.mailsTo(csaAddr, "Re: good 1 (not read: rate limit)"); len(got) != 1 ||
		!strings.Contains(got[0], "at most 2 order files from one address in an hour (limits.order_files)") ||
		!strings.Contains(got[0], "Send it again after Mon 1 Jun 2026 10:10 UTC") || !strings.Contains(got[0], "> ORDER MOVE from Harrow to Barton") {
		t.Fatalf("the reply to the order file over the limit:\n%q", got)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt: creek")); n != 0 {
		t.Fatalf("the file over the limit was acted on: %d receipts", n)
	}
	// Another address is not held back.
	r.send(usaAddr, "usa status", "GAME creek\nSIDE USA\nPASSWORD oak\nSTATUS\n")
	r.cycle()
	if n := len(r.mailsTo(usaAddr, "STATUS: creek")); n != 1 {
		t.Fatalf("USA's STATUS got %d replies, want 1", n)
	}

	// Two more over the limit: one more reply (as many replies as the
	// limit), then none; both mails are kept.
	r.send(csaAddr, "good 2", csaTurn1+"\n")
	r.send(csaAddr, "good 3", csaTurn1+"\n\n")
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Re: good 2 (not read")); n != 1 {
		t.Fatalf("%d replies to the second file over the limit, want 1", n)
	}
	if n := len(r.mailsTo(csaAddr, "Re: good 3")); n != 0 {
		t.Fatalf("%d replies to the third file over the limit, want none", n)
	}
	res := r.inboundResults()
	if len(res) != 10 || !strings.HasPrefix(res[9], "processed: rate-limited: 2 order files from csa@players.test") ||
		!strings.HasSuffix(res[9], "not answered (as many replies as the limit sent already)") ||
		!strings.HasPrefix(res[3], "processed: rate-limited: 3 command mails") {
		t.Fatalf("stored mails:\n%s", strings.Join(res, "\n"))
	}

	// The window passes the first file: one more is read.
	r.clock = r.clock.Add(time.Hour) // 10:10, an hour after the first file
	r.send(csaAddr, "good 4", csaTurn1+"\n\n\n")
	r.cycle()
	if got := r.mailsTo(csaAddr, "Receipt: creek"); len(got) != 1 {
		t.Fatalf("after the window, %d receipts, want 1", len(got))
	}
}

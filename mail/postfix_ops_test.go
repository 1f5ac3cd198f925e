package mail_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"galloper/adjudicator/store"
	"galloper/mail"
)

// dovecotIMAP lists the pids of the suite's Dovecot processes that serve
// IMAP (imap-login and imap): the children of its master, found by the
// master.pid in its run directory.
func dovecotIMAP(t *testing.T) []int {
	t.Helper()
	dir := os.Getenv("GALLOPER_IT_DOVECOT_DIR")
	if dir == "" {
		t.Skip("GALLOPER_IT_DOVECOT_DIR is not set: run scripts/dovecot.sh (scripts/test.sh does)")
	}
	b, err := os.ReadFile(filepath.Join(dir, "run", "master.pid"))
	if err != nil {
		t.Fatal(err)
	}
	master := strings.TrimSpace(string(b))
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var pids []int
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // the process has gone
		}
		// pid (comm) state ppid ...
		s := string(b)
		open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || end < open {
			continue
		}
		comm, rest := s[open+1:end], strings.Fields(s[end+1:])
		if len(rest) < 2 || rest[1] != master || (comm != "imap" && comm != "imap-login") {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(s[:open]))
		if err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// hangDovecot stops the suite's Dovecot IMAP processes (SIGSTOP), as an
// operator saw Dovecot's imap hang: their sockets stay open and nothing
// answers. The returned function (also run at cleanup) continues them.
func hangDovecot(t *testing.T) (resume func()) {
	t.Helper()
	pids := dovecotIMAP(t)
	if len(pids) == 0 {
		t.Fatal("no imap or imap-login process of the suite's Dovecot found")
	}
	stopped := true
	resume = func() {
		if !stopped {
			return
		}
		stopped = false
		for _, p := range pids {
			syscall.Kill(p, syscall.SIGCONT)
		}
	}
	t.Cleanup(resume)
	for _, p := range pids {
		if err := syscall.Kill(p, syscall.SIGSTOP); err != nil {
			t.Fatalf("stop Dovecot's process %d: %v", p, err)
		}
	}
	return resume
}

// TestPostfixHungDovecot: Galloper's intake waits in IDLE on the real
// Dovecot when Dovecot's IMAP processes stop (SIGSTOP). The IDLE renewal
// gets no answer; the configured timeout (300 ms here) gives the server
// up, logged in human units, and health reports IMAP as failing; a player's
// orders arrive through Postfix meanwhile. Once Dovecot goes on (SIGCONT),
// intake reconnects, logs the outage and takes the waiting mail. A stop
// asked for while Dovecot is hung again completes promptly.
func TestPostfixHungDovecot(t *testing.T) {
	s := postfix(t)
	r := newStackRig(t, s)
	r.imap.Timeout = 300 * time.Millisecond
	r.restart()
	clock := newFakeClock()
	logs := &logBuf{}
	health := mail.NewHealth(r.clock)
	r.d.Intake.Health = health
	mail.SetLog(r.d.Intake, logs.logger())
	mail.SetShutdownGrace(r.d.Intake, 100*time.Millisecond)
	notified, stop := runIntakeLoop(t, r, clock)
	within := time.Minute
	clock.next(t, "in IDLE", time.Hour)
	if err := health.Check(r.clock, within); err != nil {
		t.Fatalf("health before the hang: %v", err)
	}
	// No sender reports to this Health; Check looks at IMAP first, so a
	// failure below names IMAP.
	okAt, _ := health.Last()

	resume := hangDovecot(t)
	clock.fire <- time.Time{} // the IDLE is renewed: DONE gets no answer
	clock.next(t, "hung Dovecot given up", time.Second)
	if l := logs.String(); !strings.Contains(l, "imap idle done: no answer within 300ms") || !strings.Contains(l, `"retry_in":"1s"`) {
		t.Fatalf("the hung server is not logged as such, with the wait in human units:\n%s", l)
	}
	// Intake is in its backoff wait: two minutes pass on its clock.
	r.clock = r.clock.Add(2 * time.Minute)
	if last, _ := health.Last(); !last.Equal(okAt) {
		t.Fatalf("IMAP recorded as answering at %s while hung", last)
	}
	if err := health.Check(r.clock, within); err == nil || !strings.Contains(err.Error(), "imap: last successful exchange 2m0s ago") {
		t.Fatalf("health with Dovecot hung for two minutes: %v; want IMAP reported", err)
	}

	s.submit(t, "csa", csaAddr, gm, r.compose(csaAddr, "orders", csaTurn1))
	postfixQueueEmpty(t, s) // delivered into Dovecot's mailbox by LMTP
	resume()
	clock.fire <- time.Time{} // the backoff is over
	waitNotified(t, "Dovecot back", notified)
	clock.next(t, "in IDLE again", time.Hour)
	if n := r.inbound(""); n != 1 {
		t.Fatalf("%d mails stored after reconnecting, want the orders", n)
	}
	if l := logs.String(); !strings.Contains(l, `"msg":"imap reconnected"`) || !strings.Contains(l, `"outage":"2m0s"`) {
		t.Fatalf("the reconnection is not logged with its outage:\n%s", l)
	}
	if last, _ := health.Last(); !last.Equal(r.clock) {
		t.Fatalf("after reconnecting, IMAP last answered at %s, want %s", last, r.clock)
	}

	hangDovecot(t)
	select {
	case <-stop():
	case <-time.After(5 * time.Second): // a stuck test, not a measurement
		t.Fatal("intake did not stop within 5 s while Dovecot was hung")
	}
	if l := logs.String(); !strings.Contains(l, `"msg":"imap intake stopped"`) {
		t.Fatalf("the stop is not logged:\n%s", l)
	}
}

// postfixQueueEmpty waits (polling, up to 20 s) until the suite's Postfix
// has delivered or returned every mail it accepted.
func postfixQueueEmpty(t *testing.T, s *mailStack) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		out, err := exec.Command("postqueue", "-c", s.dir, "-p").CombinedOutput()
		if err != nil {
			t.Fatalf("postqueue -p: %v\n%s", err, out)
		}
		if strings.Contains(string(out), "Mail queue is empty") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Postfix's queue is not empty after 20 s:\n%s", out)
		}
	}
}

// inboxCount is how many messages a Dovecot user's INBOX holds.
func inboxCount(t *testing.T, cfg *mail.IMAPConfig) int {
	t.Helper()
	c := login(t, cfg)
	defer c.Close()
	st, err := c.Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		t.Fatal(err)
	}
	c.Logout().Wait()
	return int(*st.NumMessages)
}

// TestPostfixReadOnlyDatabase: a daemon whose database cannot be written
// (as when it runs as a user that may not write the file) flushes its
// outbox four times, a minute apart, to the real Postfix. It sends
// nothing: once Postfix has delivered everything it accepted, no player's
// Dovecot mailbox holds a mail, and the database health check fails. When
// the database is writable again, each start mail goes exactly once.
func TestPostfixReadOnlyDatabase(t *testing.T) {
	s := postfix(t)
	r := newStackRig(t, s)
	ctx := context.Background()
	r.db.Close()
	ro, err := store.OpenReadOnly(ctx, r.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if err := ro.Writable(ctx); err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Fatalf("the health check of a read-only database: %v; want it to fail", err)
	}
	sender := mail.NewSender(*s.galloperSMTP(), ro, func() time.Time { return r.clock }, nil)
	for i := range 4 {
		r.clock = r.clock.Add(time.Minute)
		if n, err := sender.Flush(ctx); err == nil || n != 0 {
			t.Fatalf("flush %d on a read-only database: %d sent, %v; want nothing sent and an error", i, n, err)
		}
	}
	postfixQueueEmpty(t, s)
	for _, u := range []string{"csa", "usa", "umpire"} {
		if n := inboxCount(t, s.account(u)); n != 0 {
			t.Fatalf("%s's mailbox holds %d mails sent from a read-only database, want none", u, n)
		}
	}

	r.start()
	if n, err := r.d.Sender.Flush(ctx); n != 3 || err != nil {
		t.Fatalf("with the database writable again Flush sent %d (%v), want the 3 start mails", n, err)
	}
	postfixQueueEmpty(t, s)
	for _, u := range []string{"csa", "usa", "umpire"} {
		if got := subjects(t, waitInbox(t, s.account(u), 1)); len(got) != 1 {
			t.Fatalf("%s's mailbox holds %q, want its start mail once", u, got)
		}
	}
}

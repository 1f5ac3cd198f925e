package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator/store"
	"galloper/adjudicator/store/storetest"
	"galloper/mail/mailtest"
)

// TestCrashRecovery streams order mails into a mailbox while `galloper
// serve` is killed with SIGKILL at random moments and restarted. At the
// end every order is stored exactly once, every receipt was sent at least
// once and always under the same Message-ID, and nothing is left
// unacknowledged. It runs when GALLOPER_CRASH_MAILS is set (scripts/test.sh
// sets 500).
func TestCrashRecovery(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("GALLOPER_CRASH_MAILS"))
	if n <= 0 {
		t.Skip("set GALLOPER_CRASH_MAILS (e.g. 500) to run the crash test")
	}
	crashTest(t, n, 1, 10, "")
}

// TestCrashRecoveryPostgres is the crash test with three daemons on one
// mailbox and one PostgreSQL database, a random one of them killed with
// SIGKILL 15 times and restarted. GALLOPER_CRASH_PG_MAILS sets its size
// (scripts/test.sh sets 60; docs/performance.md has a run of 1,000); it
// also needs the test server (GALLOPER_TEST_POSTGRES).
func TestCrashRecoveryPostgres(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("GALLOPER_CRASH_PG_MAILS"))
	if n <= 0 {
		t.Skip("set GALLOPER_CRASH_PG_MAILS (e.g. 60) to run the crash test on PostgreSQL")
	}
	crashTest(t, n, 3, 15, storetest.Schema(t))
}

// crashTest runs the crash test: n order mails, the given number of
// daemons, kills SIGKILLs. With dsn empty the daemons share a SQLite
// database, otherwise the PostgreSQL database dsn names.
func crashTest(t *testing.T, n, daemons, kills int, dsn string) {
	const perGame = 10 // turns 1-5, CSA then USA
	games := (n + perGame - 1) / perGame
	n = games * perGame
	dir := t.TempDir()
	bin := filepath.Join(dir, "galloper")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	srv, err := mailtest.Start("gm@crash.test", "gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	cfg := filepath.Join(dir, "galloper.yaml")
	engine := ""
	env := os.Environ()
	if dsn != "" {
		engine = "store: postgres\ntoken_key_file: " + filepath.Join(dir, "token.key") + "\n"
		env = append(env, "GALLOPER_POSTGRES_DSN="+dsn)
	}
	os.WriteFile(cfg, fmt.Appendf(nil, `%sdatabase: %s
address: gm@crash.test
domain: crash.test
deadline: 0s
poll: 1s
log_level: warn
imap: {addr: "%s", tls: false, username: gm, password: pw}
smtp: {addr: "%s", starttls: false}
`, engine, filepath.Join(dir, "g.db"), srv.IMAPAddr, srv.SMTPAddr), 0o644)
	for g := range games {
		cmd := exec.Command(bin, "game", "new", "--config", cfg, "--id", fmt.Sprintf("g%03d", g), "--scenario", "tanners-creek",
			"--player", fmt.Sprintf("CSA:csa%03d@p.test:pc%d", g, g), "--player", fmt.Sprintf("USA:usa%03d@p.test:pu%d", g, g))
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("game new: %v\n%s", err, out)
		}
	}
	var mails [][]byte
	for i := range perGame {
		turn, side := i/2+1, []string{"CSA", "USA"}[i%2]
		for g := range games {
			pw := map[string]string{"CSA": "pc", "USA": "pu"}[side] + strconv.Itoa(g)
			from := fmt.Sprintf("%s%03d@p.test", strings.ToLower(side), g)
			body := fmt.Sprintf("GAME g%03d\nSIDE %s\nTURN %d\nPASSWORD %s\n", g, side, turn, pw)
			raw := fmt.Sprintf("From: %s\r\nTo: gm@crash.test\r\nSubject: orders %d\r\nMessage-ID: <m%d.%d@p.test>\r\n\r\n%s",
				from, i, g, i, strings.ReplaceAll(body, "\n", "\r\n"))
			mails = append(mails, []byte(raw))
		}
	}
	start := func() *exec.Cmd {
		c := exec.Command(bin, "serve", "--config", cfg)
		c.Env = env
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		return c
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	running := make([]*exec.Cmd, daemons)
	for i := range running {
		running[i] = start()
	}
	batch := n / kills
	for k := range kills {
		for _, m := range mails[k*batch : (k+1)*batch] {
			if err := srv.Deliver(m); err != nil {
				t.Fatal(err)
			}
		}
		// Kill once the daemon has made some random amount of progress,
		// no more than the mails delivered so far can make (2 start
		// mails a game, 3 replies an order mail).
		want := min(len(srv.Sent())+1+rng.IntN(40), games*2+(k+1)*batch*3)
		if _, err := srv.WaitFor(ctx, want, 2*time.Minute); err != nil {
			t.Fatalf("kill %d: %v", k+1, err)
		}
		victim := rng.IntN(daemons)
		running[victim].Process.Kill() // SIGKILL
		running[victim].Wait()
		running[victim] = start()
	}
	for _, m := range mails[kills*batch:] {
		srv.Deliver(m)
	}
	var db *store.DB
	if dsn != "" {
		db, err = store.OpenPostgres(ctx, dsn)
	} else {
		db, err = store.Open(ctx, filepath.Join(dir, "g.db"))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Every game: 2 start mails, and per order mail a receipt and 2 results.
	expect := games*2 + n*3
	unsent := func() int {
		var u int
		if err := db.WithTx(ctx, func(tx *store.Tx) (err error) { u, err = tx.CountOutbox("pending"); return err }); err != nil {
			t.Fatal(err)
		}
		return u
	}
	// Until every mail has gone, and every claim of a killed daemon on a
	// mail that went before the kill has been released and the mail sent
	// again.
	deadline := time.Now().Add(5 * time.Minute)
	for (distinctIDs(t, srv.Sent()) < expect || unsent() > 0) && time.Now().Before(deadline) {
		srv.WaitFor(ctx, len(srv.Sent())+1, 10*time.Second)
	}
	// The last daemons are stopped as systemd would: each finishes what
	// it has in hand and exits cleanly.
	for _, daemon := range running {
		daemon.Process.Signal(syscall.SIGTERM)
	}
	for _, daemon := range running {
		if err := daemon.Wait(); err != nil {
			t.Errorf("galloper serve after SIGTERM: %v", err)
		}
	}

	if got := distinctIDs(t, srv.Sent()); got != expect {
		t.Fatalf("%d distinct mails sent, want %d", got, expect)
	}
	// Every receipt answers one order mail, under one Message-ID.
	receiptIDs := map[string]map[string]bool{} // In-Reply-To -> Message-IDs
	for _, m := range srv.Sent() {
		h := header(t, m.Raw)
		if s, _ := h.Subject(); strings.HasPrefix(s, "Receipt") {
			irt := h.Get("In-Reply-To")
			if receiptIDs[irt] == nil {
				receiptIDs[irt] = map[string]bool{}
			}
			receiptIDs[irt][h.Get("Message-Id")] = true
		}
	}
	if len(receiptIDs) != n {
		t.Errorf("%d order mails got receipts, want %d", len(receiptIDs), n)
	}
	for irt, ids := range receiptIDs {
		if len(ids) != 1 {
			t.Errorf("order mail %s got receipts under %d Message-IDs", irt, len(ids))
		}
	}
	db.WithTx(ctx, func(tx *store.Tx) error {
		all, _ := tx.CountInbound("")
		pending, _ := tx.CountInbound("new")
		unsent, _ := tx.CountOutbox("pending")
		if all != n || pending != 0 || unsent != 0 {
			t.Errorf("inbound %d (want %d), unprocessed %d, unsent %d", all, n, pending, unsent)
		}
		stored := 0
		for g := range games {
			for seg := range perGame {
				o, err := tx.LatestOrders(fmt.Sprintf("g%03d", g), seg)
				if err != nil || len(o) != 1 || o[0].InboundID == 0 {
					t.Errorf("game g%03d segment %d: orders %+v (%v)", g, seg, o, err)
				}
				stored += len(o)
			}
		}
		if stored != n {
			t.Errorf("%d orders stored, want %d", stored, n)
		}
		return nil
	})
	if u := unseenIn(t, srv); u != 0 {
		t.Errorf("%d mails left unacknowledged in the mailbox", u)
	}
}

func header(t *testing.T, raw []byte) *gomail.Header {
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return &mr.Header
}

func distinctIDs(t *testing.T, ms []mailtest.Message) int {
	seen := map[string]bool{}
	for _, m := range ms {
		seen[header(t, m.Raw).Get("Message-Id")+" "+m.To] = true
	}
	return len(seen)
}

func unseenIn(t *testing.T, srv *mailtest.Server) int {
	c, err := imapclient.DialInsecure(srv.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("gm", "pw").Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	d, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	return len(d.AllUIDs())
}

package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The coordination workload: the database work of `galloper serve` for
// order mails, without the CPU work around it (reading MIME, argon2id,
// adjudication, drawing maps), so that what the database and the claims
// between daemons cost can be measured on a machine whose two cores the
// rest would fill. Each game is sent one order mail, stored before the
// daemons start (intake is measured by mail's BenchmarkIngest). A daemon
// repeats what its loop does:
//
//   - processing: read a batch of pending mail; for each, claim the game's
//     lane (DB.Lane), count the attempt, then in one transaction hold the
//     game's row, read its players and decisions, save the orders and the
//     resolved segment with its journal, advance the game, queue a receipt
//     and two results mails, redact and mark the mail processed;
//   - sending: claim each due mail of the outbox and mark it sent;
//   - deadlines: list the games whose deadline work is due and claim each
//     (SKIP LOCKED on PostgreSQL), as ResolveDue does, and set its next
//     deadline, as resolving it would; a tenth of the games are due.
//
// It checks that every mail was processed once, every segment saved
// once and every outgoing mail sent once.
type coordWorld struct {
	games int
	state []byte // a game's state, as big as Tanner's Creek's
	mail  []byte // a stored outgoing mail, as big as a compacted results mail
}

func newCoordWorld(games int) coordWorld {
	return coordWorld{games: games, state: bytes.Repeat([]byte("s"), 12<<10), mail: bytes.Repeat([]byte("m"), 9<<10)}
}

// setUp creates the games and stores their order mails.
func (w coordWorld) setUp(tb testing.TB, db *DB) {
	ctx := context.Background()
	const batch = 500
	for lo := 0; lo < w.games; lo += batch {
		err := db.WithTx(ctx, func(tx *Tx) error {
			for g := lo; g < min(lo+batch, w.games); g++ {
				id := fmt.Sprintf("g%05d", g)
				deadline := int64(1 << 40) // far ahead
				if g%10 == 0 {
					deadline = 500 // due
				}
				if err := tx.CreateGame(Game{ID: id, System: "lob.v2", Scenario: "tanners-creek", State: w.state, ChartPack: []byte("{}"),
					DiceSecret: []byte("secret"), DiceHead: []byte("head"), DiceLinks: 64, Deadline: deadline},
					[]Player{{Side: "CSA", Email: "csa" + id + "@p.test", PasswordHash: "h", Token: "t"},
						{Side: "USA", Email: "usa" + id + "@p.test", PasswordHash: "h", Token: "t"}}); err != nil {
					return err
				}
				raw := []byte(fmt.Sprintf("From: csa%s@p.test\r\nMessage-ID: <o.%s@p.test>\r\n\r\nGAME %s\r\nSIDE CSA\r\nTURN 1\r\n", id, id, id))
				if _, _, err := tx.InsertInbound(Inbound{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(g + 1),
					MessageID: "<o." + id + "@p.test>", Raw: raw, ReceivedAt: 1}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
}

// gameOf is the game an order mail names (its GAME line), as the lane.
func gameOf(raw []byte) string {
	_, after, _ := strings.Cut(string(raw), "GAME ")
	id, _, _ := strings.Cut(after, "\r\n")
	return id
}

// process handles one stored mail as the processor and adjudicator do;
// it reports false when another daemon had it.
func (w coordWorld) process(ctx context.Context, db *DB, m Inbound) (bool, error) {
	id := gameOf(m.Raw)
	release, ok, err := db.Lane(ctx, "game:"+id)
	if err != nil || !ok {
		return false, err
	}
	defer release()
	if err := db.WithTx(ctx, func(tx *Tx) error { _, err := tx.StartInboundAttempt(m.ID); return err }); errors.Is(err, ErrNotFound) {
		return false, nil // processed meanwhile
	} else if err != nil {
		return false, err
	}
	err = db.WithTx(ctx, func(tx *Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		if _, err := tx.Players(id); err != nil {
			return err
		}
		if _, _, err := tx.PendingDecision(id); err != nil {
			return err
		}
		if err := tx.SaveOrders(Order{GameID: id, SegmentIndex: g.SegmentIndex, Side: "CSA", InboundID: m.ID,
			Canonical: "TURN 1\nHOLD\n", Hash: "h", Salt: "s", CreatedAt: 2}); err != nil {
			return err
		}
		if _, err := tx.LatestOrders(id, g.SegmentIndex); err != nil {
			return err
		}
		if _, err := tx.Decisions(id, g.SegmentIndex); err != nil {
			return err
		}
		k, err := tx.DiceLinkUsed(id)
		if err != nil {
			return err
		}
		if err := tx.UseDiceLink(id, k+1); err != nil {
			return err
		}
		if err := tx.SaveSegment(Segment{GameID: id, SegmentIndex: g.SegmentIndex, Label: "Turn 1 CSA", StateBefore: g.State,
			StateAfter: w.state, DiceRecord: "{}", ResolvedAt: 2}); err != nil {
			return err
		}
		kinds, bodies := make([]string, 20), make([]string, 20)
		for i := range kinds {
			kinds[i], bodies[i] = "move", `{"text":"a unit moves"}`
		}
		if err := tx.AppendEvents(id, g.SegmentIndex, kinds, bodies); err != nil {
			return err
		}
		if err := tx.AdvanceGame(id, g.SegmentIndex+1, w.state, false, g.Deadline); err != nil {
			return err
		}
		for _, kind := range []string{"receipt", "report.csa", "report.usa"} {
			if err := tx.Enqueue(Outgoing{MessageID: fmt.Sprintf("<%s.%s.%d@galloper>", kind, id, g.SegmentIndex), GameID: id, Kind: kind,
				Recipient: "p@p.test", Raw: w.mail, CreatedAt: 2, Segment: g.SegmentIndex}); err != nil {
				return err
			}
		}
		if err := tx.RedactInbound(m.ID, m.Raw); err != nil {
			return err
		}
		return tx.MarkProcessed(m.ID, id, "orders")
	})
	if errors.Is(err, ErrProcessed) {
		return false, nil
	}
	return err == nil, err
}

// send sends what is due, as the sender's flushes in a daemon step do:
// release dead daemons' claims (on PostgreSQL), read up to a hundred due
// mails, claim each and mark it sent, again while a whole hundred came.
// It returns how many it sent.
func send(ctx context.Context, db *DB) (int, error) {
	n := 0
	for {
		var due []Outgoing
		if err := db.WithTx(ctx, func(tx *Tx) (err error) {
			if db.Engine() == "postgres" {
				if _, err := tx.ReleaseClaims(10); err != nil {
					return err
				}
			}
			due, err = tx.DueOutgoing(10, 100)
			return err
		}); err != nil {
			return n, err
		}
		k := 0
		for _, m := range due {
			var ok bool
			if err := db.WithTx(ctx, func(tx *Tx) (err error) { ok, err = tx.ClaimOutgoing(m.ID, 10, 10+300_000); return err }); err != nil {
				return n, err
			}
			if !ok {
				continue // another daemon's
			}
			// (the mail leaves here)
			if err := db.WithTx(ctx, func(tx *Tx) error { return tx.MarkSent(m.ID, 20) }); err != nil {
				return n, err
			}
			k++
		}
		n += k
		if k < 100 {
			return n, nil
		}
	}
}

// deadlines claims the due games, as ResolveDue does; it returns how many.
func deadlines(ctx context.Context, db *DB) (int, error) {
	var ids []string
	if err := db.WithTx(ctx, func(tx *Tx) (err error) { ids, err = tx.DueGames(1000, 0); return err }); err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		err := db.WithTx(ctx, func(tx *Tx) error {
			g, ok, err := tx.ClaimGame(id)
			if err != nil || !ok || g.Deadline > 1000 {
				return err // another daemon's, or done meanwhile
			}
			n++
			// Resolved with default orders: the next deadline is far.
			return tx.SetSchedule(id, 1<<40, 0)
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// run is one daemon's loop until nothing is left for it.
func (w coordWorld) run(ctx context.Context, db *DB, processed, sent, due *atomic.Int64) error {
	for idle := 0; idle < 2; {
		// Processing takes batches of fifty while it finds work, as
		// Processor.RunOnce does, then deadlines, then sending.
		took := 0
		for {
			var batch []Inbound
			if err := db.WithTx(ctx, func(tx *Tx) (err error) { batch, err = tx.PendingInbound(50); return err }); err != nil {
				return err
			}
			k := 0
			for _, m := range batch {
				ok, err := w.process(ctx, db, m)
				if err != nil {
					return err
				}
				if ok {
					k++
					processed.Add(1)
				}
			}
			took += k
			if k == 0 || len(batch) < 50 {
				break
			}
		}
		d, err := deadlines(ctx, db)
		if err != nil {
			return err
		}
		due.Add(int64(d))
		n, err := send(ctx, db)
		if err != nil {
			return err
		}
		sent.Add(int64(n))
		if took == 0 && n == 0 && d == 0 {
			idle++
		} else {
			idle = 0
		}
	}
	return nil
}

// runDaemons runs n daemons, each with its own connections to the
// database (dsn, or the SQLite file path), until the work is done, and
// checks that it was done once.
func (w coordWorld) runDaemons(tb testing.TB, open func() *DB, n int, timed func(bool)) {
	ctx := context.Background()
	dbs := make([]*DB, n)
	for i := range dbs {
		dbs[i] = open()
	}
	var processed, sent, due atomic.Int64
	errs := make([]error, n)
	timed(true)
	var wg sync.WaitGroup
	for i, db := range dbs {
		wg.Go(func() { errs[i] = w.run(ctx, db, &processed, &sent, &due) })
	}
	wg.Wait()
	timed(false)
	if err := errors.Join(errs...); err != nil {
		tb.Fatal(err)
	}
	var pending, segs, unsent int
	err := dbs[0].WithTx(ctx, func(tx *Tx) error {
		if err := tx.queryRow(`SELECT count(*) FROM inbound WHERE status = 'new'`).Scan(&pending); err != nil {
			return err
		}
		if err := tx.queryRow(`SELECT count(*) FROM segments`).Scan(&segs); err != nil {
			return err
		}
		return tx.queryRow(`SELECT count(*) FROM outbox WHERE status <> 'sent'`).Scan(&unsent)
	})
	if err != nil {
		tb.Fatal(err)
	}
	wantDue := int64((w.games + 9) / 10)
	if processed.Load() != int64(w.games) || sent.Load() != 3*int64(w.games) || pending != 0 || segs != w.games || unsent != 0 || due.Load() != wantDue {
		tb.Fatalf("%d daemons: %d mails processed, %d sent, %d left new, %d segments, %d unsent, %d deadlines; want %d processed, %d sent, %d segments, %d deadlines",
			n, processed.Load(), sent.Load(), pending, segs, unsent, due.Load(), w.games, 3*w.games, w.games, wantDue)
	}
}

// opener returns a function that opens the benchmark's database for each
// daemon: a new PostgreSQL schema or SQLite file, the games stored.
func (w coordWorld) opener(tb testing.TB, engine string) func() *DB {
	ctx := context.Background()
	var first *DB
	var dsn string
	if engine == "postgres" {
		dsn = testSchema(tb)
		db, err := OpenPostgres(ctx, dsn)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { db.Close() })
		first = db
	} else {
		first = openEngine(tb, engine)
	}
	w.setUp(tb, first)
	used := false
	return func() *DB {
		if !used {
			used = true
			return first
		}
		if dsn == "" {
			tb.Fatal("one daemon on SQLite")
		}
		db, err := OpenPostgres(ctx, dsn)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { db.Close() })
		return db
	}
}

// Two daemons on PostgreSQL, and one on SQLite, do the coordination
// workload of 40 games, each mail processed, each segment saved and each
// outgoing mail sent exactly once.
func TestCoordinationOnce(t *testing.T) {
	w := newCoordWorld(40)
	t.Run("sqlite", func(t *testing.T) { w.runDaemons(t, w.opener(t, "sqlite"), 1, func(bool) {}) })
	t.Run("postgres", func(t *testing.T) { w.runDaemons(t, w.opener(t, "postgres"), 2, func(bool) {}) })
}

// BenchmarkCoordination measures mails a second through the coordination
// workload with GALLOPER_COORD_GAMES games (default 10,000), one order
// mail each: one daemon on SQLite, one to three on PostgreSQL.
func BenchmarkCoordination(b *testing.B) {
	games := 10000
	if n, err := strconv.Atoi(os.Getenv("GALLOPER_COORD_GAMES")); err == nil && n > 0 {
		games = n
	}
	w := newCoordWorld(games)
	for _, c := range []struct {
		engine  string
		daemons int
	}{{"sqlite", 1}, {"postgres", 1}, {"postgres", 2}, {"postgres", 3}} {
		b.Run(fmt.Sprintf("%s/daemons=%d", c.engine, c.daemons), func(b *testing.B) {
			mails := 0
			var own, server time.Duration // CPU of the daemons and of the PostgreSQL server while timed
			for b.Loop() {
				b.StopTimer()
				open := w.opener(b, c.engine)
				pg := postgresCPU(b, open, c.engine)
				var own0, server0 time.Duration
				w.runDaemons(b, open, c.daemons, func(on bool) {
					if on {
						own0, server0 = processCPU(), pg()
						b.StartTimer()
					} else {
						b.StopTimer()
						own, server = own+processCPU()-own0, server+pg()-server0
					}
				})
				mails += games
				b.StartTimer()
			}
			b.ReportMetric(float64(mails)/b.Elapsed().Seconds(), "mails/s")
			b.ReportMetric(float64(own.Microseconds())/float64(mails), "daemon-cpu-µs/mail")
			if c.engine == "postgres" {
				b.ReportMetric(float64(server.Microseconds())/float64(mails), "server-cpu-µs/mail")
			}
		})
	}
}

// processCPU is the CPU time (user and system) this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// postgresCPU returns a function giving the CPU time the PostgreSQL
// server of the benchmark has used: its postmaster, its live backends and
// those that ended, read from /proc (Linux) for the server whose data
// directory the database names. It gives 0 on SQLite, or when /proc
// cannot tell.
func postgresCPU(tb testing.TB, open func() *DB, engine string) func() time.Duration {
	if engine != "postgres" {
		return func() time.Duration { return 0 }
	}
	var dir string
	db := open()
	if err := db.WithTx(context.Background(), func(tx *Tx) error {
		return tx.queryRow(`SELECT current_setting('data_directory')`).Scan(&dir)
	}); err != nil {
		tb.Fatal(err)
	}
	return func() time.Duration {
		procs, _ := os.ReadDir("/proc")
		var master string
		stats := map[string][]string{} // pid -> fields after the command
		for _, p := range procs {
			if _, err := strconv.Atoi(p.Name()); err != nil {
				continue
			}
			raw, err := os.ReadFile("/proc/" + p.Name() + "/stat")
			if err != nil {
				continue
			}
			i := bytes.LastIndexByte(raw, ')')
			if i < 0 {
				continue
			}
			stats[p.Name()] = strings.Fields(string(raw[i+1:]))
			if cmd, err := os.ReadFile("/proc/" + p.Name() + "/cmdline"); err == nil && bytes.Contains(cmd, []byte("-D\x00"+dir+"\x00")) {
				master = p.Name()
			}
		}
		f := stats[master]
		if master == "" || len(f) < 15 {
			return 0
		}
		ticks := func(f []string, from, to int) int64 {
			var n int64
			for k := from; k <= to; k++ {
				v, _ := strconv.ParseInt(f[k], 10, 64)
				n += v
			}
			return n
		}
		// Fields (from the state, field 3, on): utime 14, stime 15,
		// cutime 16, cstime 17; the parent is field 4.
		total := ticks(f, 11, 14)
		for _, c := range stats {
			if len(c) > 12 && c[1] == master {
				total += ticks(c, 11, 12)
			}
		}
		return time.Duration(total) * time.Second / 100 // USER_HZ
	}
}

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
	"galloper/rules/lob"
	"galloper/rules/systems"
)

// The big-battle soak: a generated Line of Battle battle played whole
// through the daemon (IMAP intake, processing, resolution, results mails
// with maps, SMTP) by two scripted players who send an activity script
// for every regiment every player turn. The normal test command plays a
// small one; GALLOPER_SOAK=full plays one of real size: a 60×40 map, 333
// units a side in three corps of three divisions, 60 turns.
// docs/performance.md has the figures and the command.

// soakSize shapes a generated battle.
type soakSize struct {
	name                                  string
	cols, rows, turns                     int
	corps, divisions, brigades, regiments int // divisions a corps, brigades a division, regiments a brigade
}

var (
	soakSmall = soakSize{name: "soak-small", cols: 16, rows: 12, turns: 3, corps: 1, divisions: 1, brigades: 2, regiments: 3}
	soakFull  = soakSize{name: "soak-full", cols: 60, rows: 40, turns: 60, corps: 3, divisions: 3, brigades: 4, regiments: 9}
)

// soakRegiment names a regiment: side initial, corps, division, brigade,
// regiment.
func soakRegiment(side string, c, d, b, i int) string {
	return fmt.Sprintf("%s %d-%d-%d-%d", side[:1], c+1, d+1, b+1, i+1)
}

// soakScenario writes the battle's scenario: open ground, each side in
// three (or z.corps) bands from north to south, one a corps, its
// brigades in lines of regiments one hex apart, the Confederates in the
// west and the Federals in the east.
func soakScenario(z soakSize) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\ntitle: Generated big battle\nmap:\n  name: Soak\n  description: open ground\n  letter: S\n  cols: %d\n  rows: %d\n  terrain:\n", z.name, z.cols, z.rows)
	for range z.rows {
		fmt.Fprintf(&b, "    - %q\n", strings.Repeat(".", z.cols))
	}
	b.WriteString("  elevation:\n")
	for range z.rows {
		fmt.Fprintf(&b, "    - %q\n", strings.Repeat("0", z.cols))
	}
	fmt.Fprintf(&b, "start: \"1863-07-02 05:00\"\nturn_minutes: 15\nturns: %d\nfirst_light: \"04:30\"\nnightfall: \"21:00\"\nvisibility: 8\nsides:\n", z.turns)
	band := z.rows / z.corps
	for _, side := range []string{"CSA", "USA"} {
		col := func(c int) int { // mirrored for the Federals
			if side == "USA" {
				return z.cols + 1 - c
			}
			return c
		}
		hex := func(c, r int) string { return fmt.Sprintf("S%d.%d", col(c), r) }
		fmt.Fprintf(&b, "  - side: %s\n    awareness: Normal\n    army: {name: %s Army, leader: {name: %s Chief, command: 3, morale: 3}, hq: %s}\n    commands:\n",
			side, side, side, hex(1, z.rows))
		for c := range z.corps {
			r0 := c * band
			fmt.Fprintf(&b, "      - name: %s Corps %d\n        level: corps\n        leader: {name: %s General %d, command: 2, morale: 2}\n        hq: %s\n",
				side, c+1, side, c+1, hex(1, r0+1))
			for d := range z.divisions {
				c0 := 2 + d*z.brigades
				fmt.Fprintf(&b, "      - name: %s Division %d-%d\n        parent: %s Corps %d\n        leader: {name: %s Brigadier %d-%d, command: 2, morale: 3}\n        hq: %s\n        brigades:\n",
					side, c+1, d+1, side, c+1, side, c+1, d+1, hex(c0+1, r0+z.regiments+3))
				for br := range z.brigades {
					fmt.Fprintf(&b, "          - name: %s Brigade %d-%d-%d\n            hex: %s\n            leader: {name: %s Colonel %d-%d-%d, command: 2, morale: 2}\n            regiments:\n",
						side, c+1, d+1, br+1, hex(c0+br, r0+1), side, c+1, d+1, br+1)
					for i := range z.regiments {
						fmt.Fprintf(&b, "              - {name: %s, sp: 5, morale: B, weapon: R, hex: %s}\n", soakRegiment(side, c, d, br, i), hex(c0+br, r0+1+i))
					}
				}
				fmt.Fprintf(&b, "        units:\n          - {name: %s Battery %d-%d, arm: artillery, sp: 3, morale: C, weapon: N, canister: dense, sides: [unlimbered, limbered], hex: %s}\n",
					side, c+1, d+1, hex(c0, r0+z.regiments+2))
			}
		}
	}
	return b.String()
}

// soakOrders is a player's activity scripts for a turn: every regiment
// turns to face one way on odd turns and back on even ones (LoB 3.3).
func soakOrders(z soakSize, side string, turn int) string {
	face := soakFacing(turn)
	var b strings.Builder
	for c := range z.corps {
		for d := range z.divisions {
			for br := range z.brigades {
				for i := range z.regiments {
					fmt.Fprintf(&b, "STACK %s\n  FACE %s\nEND\n", soakRegiment(side, c, d, br, i), face)
				}
			}
		}
	}
	return b.String()
}

// soakFacing is the way every regiment faces after a turn's scripts.
func soakFacing(turn int) string { return map[bool]string{true: "NE", false: "SE"}[turn%2 == 1] }

// fakeClock is the daemon's clock: it moves only when the test moves it.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// soakSegment is what one player turn cost.
type soakSegment struct {
	took      time.Duration // from the order mail sent to both results mails in
	mailBytes int           // every mail Galloper sent for it
	dbBytes   int64         // the database file and its WAL afterwards
	heap      uint64        // live heap afterwards
	mailHeld  int           // mail the test's SMTP sink holds in memory by then
}

// liveHeap is the heap that is still reachable, after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

func TestBigBattleSoak(t *testing.T) {
	z := soakSmall
	if os.Getenv("GALLOPER_SOAK") == "full" {
		z = soakFull
	}
	if err := lob.RegisterScenario(z.name, []byte(soakScenario(z))); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "galloper.db")
	srv, err := mailtest.Start(demoGM, "gm", "gm-password")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	db, err := store.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	clock := &fakeClock{now: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: demoGM, Domain: "demo.galloper.test"}, clock.Now, newSeedReader(7), nil)
	if err := adj.CreateGame(ctx, adjudicator.GameSpec{ID: demoGame, System: "lob.v2", Scenario: z.name, Players: []adjudicator.PlayerSpec{
		{Side: "CSA", Email: demoCSA, Password: demoPassC}, {Side: "USA", Email: demoUSA, Password: demoPassU}}}); err != nil {
		t.Fatal(err)
	}
	d := &mail.Daemon{
		Intake:    mail.NewIntake(mail.IMAPConfig{Addr: srv.IMAPAddr, Username: "gm", Password: "gm-password"}, db, clock.Now, nil),
		Processor: mail.NewProcessor(adj, nil),
		Sender:    mail.NewSender(mail.SMTPConfig{Addr: srv.SMTPAddr, From: demoGM}, db, clock.Now, nil),
		Adj:       adj, Poll: 20 * time.Millisecond,
	}
	dctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- d.Run(dctx) }()
	defer func() {
		stop()
		if err := <-done; err != nil && ctx.Err() == nil && dctx.Err() == nil {
			t.Error(err)
		}
	}()
	expect := 2 // the game-start mails
	if _, err := srv.WaitFor(ctx, expect, time.Minute); err != nil {
		t.Fatal(err)
	}
	players := map[string]*demoPlayer{
		"CSA": {side: "CSA", email: demoCSA, password: demoPassC},
		"USA": {side: "USA", email: demoUSA, password: demoPassU},
	}
	var segs []soakSegment
	for turn := 1; turn <= z.turns; turn++ {
		for _, side := range []string{"CSA", "USA"} {
			clock.advance(time.Hour)
			start := time.Now()
			if err := players[side].send(srv, turn, soakOrders(z, side, turn)); err != nil {
				t.Fatal(err)
			}
			got, err := awaitResults(ctx, srv, players, expect)
			if err != nil {
				t.Fatalf("turn %d %s: %v", turn, side, err)
			}
			s := soakSegment{took: time.Since(start)}
			expect += len(got)
			faced := 0
			for _, m := range got {
				s.mailBytes += len(m.Raw)
				if m.To == players[side].email && strings.HasPrefix(subject(m.Raw), "Results") {
					faced = strings.Count(bodyText(m.Raw), " faces "+soakFacing(turn)+" ")
				}
				if os.Getenv("SOAKDEBUG") != "" && turn == 1 {
					t.Logf("turn %d %s %s:\n%s", turn, side, subject(m.Raw), bodyText(m.Raw))
				}
				if subj := subject(m.Raw); !strings.HasPrefix(subj, "Results") && !strings.HasPrefix(subj, "Receipt") && !strings.HasPrefix(subj, "Decision") {
					t.Fatalf("turn %d %s: unexpected mail %q:\n%s", turn, side, subj, bodyText(m.Raw))
				}
			}
			if want := z.corps * z.divisions * z.brigades * z.regiments; faced != want {
				t.Fatalf("turn %d %s: %d regiments turned to face %s, want %d", turn, side, faced, soakFacing(turn), want)
			}
			for _, suffix := range []string{"", "-wal"} {
				if fi, err := os.Stat(dbPath + suffix); err == nil {
					s.dbBytes += fi.Size()
				}
			}
			s.heap, s.mailHeld = liveHeap(), 0
			for _, m := range srv.Sent() {
				s.mailHeld += len(m.Raw)
			}
			segs = append(segs, s)
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	var j []store.JournalEntry
	if err := db.WithTx(ctx, func(tx *store.Tx) error { j, err = tx.Journal(demoGame); return err }); err != nil {
		t.Fatal(err)
	}
	if err := store.VerifyJournal(j); err != nil {
		t.Fatalf("journal: %v", err)
	}
	start := time.Now()
	res, err := adj.Replay(ctx, demoGame)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	replay := time.Since(start)
	if res.Segments != 2*z.turns {
		t.Fatalf("replayed %d segments, want %d", res.Segments, 2*z.turns)
	}
	var total time.Duration
	for _, s := range segs {
		total += s.took
	}
	t.Logf("%s: %d×%d map, %d units a side, %d turns: %d segments, %d journal entries, %d events replayed",
		z.name, z.cols, z.rows, z.corps*z.divisions*(z.brigades*z.regiments+1), z.turns, len(segs), len(j), res.Events)
	tenth, times := max(1, len(segs)/10), []time.Duration{}
	for _, part := range []struct {
		name     string
		from, to int
	}{{"first tenth", 0, tenth}, {"middle tenth", len(segs)/2 - tenth/2, len(segs)/2 - tenth/2 + tenth}, {"last tenth", len(segs) - tenth, len(segs)}} {
		var took time.Duration
		mailB := 0
		for _, s := range segs[part.from:part.to] {
			took += s.took
			mailB += s.mailBytes
		}
		n := part.to - part.from
		last := segs[part.to-1]
		t.Logf("  %s (segments %d-%d): %v a segment, %d bytes of mail a segment; after it: database %d bytes, live heap %d bytes, of which %d bytes are mail held by the test's SMTP sink",
			part.name, part.from+1, part.to, took/time.Duration(n), mailB/n, last.dbBytes, last.heap, last.mailHeld)
		times = append(times, took/time.Duration(n))
	}
	if z == soakFull && times[2] > 2*times[1] {
		t.Errorf("segments take %v at the end against %v in the middle: the cost grows with turns played", times[2], times[1])
	}
	slowest := slices.MaxFunc(segs, func(a, b soakSegment) int { return int(a.took - b.took) })
	t.Logf("  slowest segment %v; whole game %v; replay of the whole game %v; memory obtained from the OS (peak) %d bytes",
		slowest.took, total, replay, ms.Sys)
}

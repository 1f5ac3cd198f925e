package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator/store"
)

// TestMonthLongGame plays a month on a fake clock: a player books an
// absence that moves a deadline, misses a turn (default orders after the
// grace period), the umpire pauses the game for nine days and resumes it,
// and the game goes on. The daemon is restarted twice on the way, and
// nothing of the schedule is lost. Every deadline is checked in the
// database.
func TestMonthLongGame(t *testing.T) {
	r := newRig(t)
	r.deadline, r.remind, r.grace = 72*time.Hour, 24*time.Hour, 24*time.Hour
	r.restart()
	day := func(d, h int) time.Time { return time.Date(2026, 6, d, h, 0, 0, 0, time.UTC) }
	at := func(tm time.Time) { r.clock = tm; r.cycle() }
	game := func() store.Game {
		var g store.Game
		r.db.WithTx(context.Background(), func(tx *store.Tx) error {
			var err error
			g, err = tx.Game("creek")
			return err
		})
		return g
	}
	wantDeadline := func(step string, want time.Time) {
		t.Helper()
		if got := time.UnixMilli(game().Deadline).UTC(); !got.Equal(want) {
			t.Fatalf("%s: deadline %s, want %s", step, got, want)
		}
	}
	wantSegment := func(step string, want int) {
		t.Helper()
		if got := game().SegmentIndex; got != want {
			t.Fatalf("%s: at segment %d, want %d", step, got, want)
		}
	}
	orders := func(side, pw string, turn int) string {
		return fmt.Sprintf("GAME creek\nSIDE %s\nTURN %d\nPASSWORD %s\n", side, turn, pw)
	}

	at(day(1, 9)) // game-start mails
	r.send(csaAddr, "t1", csaTurn1)
	at(day(2, 9)) // CSA turn 1 resolves; USA owes orders by 5 June 09:00
	wantSegment("CSA turn 1 sent", 1)
	wantDeadline("USA turn 1 opens", day(5, 9))

	r.send(usaAddr, "away", "GAME creek\nSIDE USA\nPASSWORD oak\nABSENCE 2026-06-04 2026-06-08\n")
	at(day(2, 10))
	if a := r.mailsTo(usaAddr, "ABSENCE"); len(a) != 1 || !strings.Contains(a[0], "deadline moves to Tue 9 Jun 2026 09:00") {
		t.Fatalf("absence reply: %q", a)
	}
	wantDeadline("absence booked", day(9, 9))

	r.restart()    // the schedule lives in the database
	at(day(8, 12)) // reminded a day before, though away
	if n := len(r.mailsTo(usaAddr, "Reminder")); n != 1 {
		t.Fatalf("reminders = %d, want 1", n)
	}
	at(day(9, 12)) // past the deadline: grace, one notice
	wantSegment("in grace", 1)
	if n := len(r.mailsTo(usaAddr, "Overdue")); n != 1 {
		t.Fatalf("overdue notices = %d, want 1", n)
	}
	at(day(10, 10)) // grace over: USA's missed turn resolves with default orders
	wantSegment("missed turn", 2)
	wantDeadline("CSA turn 2 opens", day(13, 10))

	r.send(umpAddr, "pause", "GAME creek\nSIDE UMPIRE\nPASSWORD whistle\nPAUSE\n")
	at(day(11, 10))
	r.send(csaAddr, "t2", orders("CSA", "tulip", 2)) // orders in while paused: stored, not resolved
	at(day(15, 10))
	r.restart()
	at(day(19, 10))
	wantSegment("paused", 2)
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 2 {
		t.Fatalf("CSA receipts = %d, want 2 (orders are taken while paused)", n)
	}
	if n := len(r.mailsTo(csaAddr, "Reminder")) + len(r.mailsTo(csaAddr, "Overdue")); n != 0 {
		t.Fatalf("%d reminders were sent while the game was paused", n)
	}
	r.send(usaAddr, "no", "GAME creek\nSIDE USA\nPASSWORD oak\nRESUME\n")
	at(day(20, 10))
	if n := len(r.mailsTo(usaAddr, "Re: no")); n != 1 {
		t.Fatal("a player could RESUME the game")
	}
	wantSegment("still paused", 2)
	r.send(umpAddr, "resume", "GAME creek\nSIDE UMPIRE\nPASSWORD whistle\nRESUME\n")
	at(day(20, 11)) // every order was in: CSA turn 2 resolves on resume
	wantSegment("resumed", 3)
	wantDeadline("USA turn 2 opens", day(23, 11))

	for i, d := range []int{22, 24, 26, 28} { // the rest of the month, on time
		side, pw := "USA", "oak"
		if i%2 == 1 {
			side, pw = "CSA", "tulip"
		}
		r.send(map[string]string{"USA": usaAddr, "CSA": csaAddr}[side], fmt.Sprintf("late june %d", i), orders(side, pw, 2+(i+1)/2))
		at(day(d, 10))
	}
	wantSegment("end of June", 7)
	if n := len(r.mailsTo(umpAddr, "Results")); n != 7 {
		t.Fatalf("the umpire got %d results mails, want 7", n)
	}
}

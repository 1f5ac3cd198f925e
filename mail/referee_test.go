package mail_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/rules/dice"
)

const umpire = "GAME creek\nSIDE UMPIRE\nPASSWORD whistle\n"

func (r *rig) game(id string) store.Game {
	r.t.Helper()
	var g store.Game
	err := r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		var err error
		g, err = tx.Game(id)
		return err
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return g
}

func (r *rig) outbox(status string) int {
	r.t.Helper()
	var n int
	if err := r.db.WithTx(context.Background(), func(tx *store.Tx) (err error) { n, err = tx.CountOutbox(status); return }); err != nil {
		r.t.Fatal(err)
	}
	return n
}

func (r *rig) segments(id string) []store.Segment {
	r.t.Helper()
	var s []store.Segment
	if err := r.db.WithTx(context.Background(), func(tx *store.Tx) (err error) { s, err = tx.Segments(id); return }); err != nil {
		r.t.Fatal(err)
	}
	return s
}

func (r *rig) journal(id string) []store.JournalEntry {
	r.t.Helper()
	var j []store.JournalEntry
	if err := r.db.WithTx(context.Background(), func(tx *store.Tx) (err error) { j, err = tx.Journal(id); return }); err != nil {
		r.t.Fatal(err)
	}
	if err := store.VerifyJournal(j); err != nil {
		r.t.Fatalf("journal chain: %v", err)
	}
	return j
}

// TestRefereeCommands: the umpire holds results for review, rolls a
// segment back and has it resolved again with a fresh dice link, releases the
// results, rules on a dispute and extends a deadline; a player may do none
// of it.
func TestRefereeCommands(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(umpAddr, "preview", umpire+"PREVIEW\n")
	r.cycle()
	if m := r.mailsTo(umpAddr, "PREVIEW: creek"); len(m) != 1 || !strings.Contains(m[0], "Preview is on") {
		t.Fatalf("PREVIEW reply: %q", m)
	}

	r.send(csaAddr, "t1", csaTurn1)
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Results: creek")); n != 0 {
		t.Fatalf("CSA got %d results mails while preview is on", n)
	}
	if n := len(r.mailsTo(umpAddr, "Preview: Results: creek")); n != 1 {
		t.Fatalf("the umpire got %d preview mails, want 1", n)
	}
	if n := r.outbox("held"); n != 2 {
		t.Fatalf("%d mails held, want 2 (CSA and USA)", n)
	}
	first := r.segments("creek")
	if len(first) != 1 {
		t.Fatalf("%d segments resolved, want 1", len(first))
	}

	r.send(umpAddr, "rollback", umpire+"ROLLBACK\n")
	r.cycle()
	g := r.game("creek")
	if g.SegmentIndex != 0 || g.PausedAt == 0 || len(r.segments("creek")) != 0 {
		t.Fatalf("after ROLLBACK: segment %d, paused %d, %d segments", g.SegmentIndex, g.PausedAt, len(r.segments("creek")))
	}
	if n := r.outbox("discarded"); n != 2 {
		t.Fatalf("%d held mails discarded, want 2", n)
	}
	r.send(umpAddr, "resume", umpire+"RESUME\n")
	r.cycle()
	again := r.segments("creek")
	if len(again) != 1 {
		t.Fatalf("%d segments after RESUME, want 1", len(again))
	}
	// The umpire saw the first record: the re-run takes the next link.
	was, err := dice.ParseRecord(first[0].DiceRecord)
	if err != nil {
		t.Fatal(err)
	}
	now, err := dice.ParseRecord(again[0].DiceRecord)
	if err != nil {
		t.Fatal(err)
	}
	if now.Segment != was.Segment+1 || !bytes.Equal(now.Prev, was.Link) {
		t.Fatalf("resolved again with link %d after %x, want link %d after %x", now.Segment, now.Prev, was.Segment+1, was.Link)
	}
	if n := r.outbox("held"); n != 2 {
		t.Fatalf("%d mails held after the second resolution, want 2", n)
	}

	r.send(umpAddr, "release", umpire+"RELEASE\n")
	r.cycle()
	for _, addr := range []string{csaAddr, usaAddr} {
		if n := len(r.mailsTo(addr, "Results: creek")); n != 1 {
			t.Fatalf("%s got %d results mails after RELEASE, want 1", addr, n)
		}
	}

	r.send(umpAddr, "rule", umpire+"RULE Barton's route may use the Mill Road.\nThe ford is passable.\n-- \nthe umpire\n")
	r.cycle()
	for _, addr := range []string{csaAddr, usaAddr} {
		m := r.mailsTo(addr, "Ruling: creek")
		for i := range m {
			m[i] = strings.ReplaceAll(m[i], "\r\n", "\n")
		}
		if len(m) != 1 || !strings.Contains(m[0], "Barton's route may use the Mill Road.\nThe ford is passable.") || strings.Contains(m[0], "the umpire\n") {
			t.Fatalf("ruling to %s: %q", addr, m)
		}
	}
	kinds := map[string]int{}
	for _, e := range r.journal("creek") {
		kinds[e.Kind]++
	}
	if kinds["rollback"] != 1 || kinds["ruling"] != 1 {
		t.Fatalf("journal kinds %v: want one rollback and one ruling", kinds)
	}

	r.send(umpAddr, "extend", umpire+"EXTEND 2d\n")
	r.send(csaAddr, "sneaky", "GAME creek\nSIDE CSA\nPASSWORD tulip\nROLLBACK\n")
	r.cycle()
	if got, want := time.UnixMilli(r.game("creek").Deadline), r.clock.Add(48*time.Hour); !got.Equal(want) {
		t.Fatalf("deadline after EXTEND 2d: %s, want %s", got, want)
	}
	if m := r.mailsTo(csaAddr, "Re: sneaky"); len(m) != 1 || !strings.Contains(m[0], "umpire-only") {
		t.Fatalf("a player's ROLLBACK: %q", m)
	}
	if len(r.segments("creek")) != 1 {
		t.Fatal("a player's ROLLBACK changed the game")
	}
}

// TestWithdrawResignVerify: a player withdraws orders held while the game
// is paused; another resigns and is not waited for again; VERIFY mails the
// dice records, which verify against the published commitment.
func TestWithdrawResignVerify(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(umpAddr, "pause", umpire+"PAUSE\n")
	r.cycle()
	r.send(csaAddr, "t1", csaTurn1)
	r.cycle()
	r.send(csaAddr, "withdraw", "GAME creek\nSIDE CSA\nPASSWORD tulip\nWITHDRAW\n")
	r.send(csaAddr, "what now", "GAME creek\nSIDE CSA\nPASSWORD tulip\nORDERS\n")
	r.cycle()
	if m := r.mailsTo(csaAddr, "WITHDRAW: creek"); len(m) != 1 || !strings.Contains(m[0], "withdrawn") {
		t.Fatalf("WITHDRAW reply: %q", m)
	}
	if m := r.mailsTo(csaAddr, "ORDERS: creek"); len(m) != 1 || !strings.Contains(m[0], "holds no orders") {
		t.Fatalf("ORDERS after WITHDRAW: %q", m)
	}
	r.send(umpAddr, "resume", umpire+"RESUME\n")
	r.cycle()
	if n := len(r.segments("creek")); n != 0 {
		t.Fatalf("the segment resolved without CSA's orders (%d segments)", n)
	}
	r.send(csaAddr, "t1 again", strings.Replace(csaTurn1, "Take the mill", "Hold the mill", 1))
	r.cycle()
	if n := len(r.segments("creek")); n != 1 {
		t.Fatalf("%d segments after CSA's new orders, want 1", n)
	}

	// RESIGN asks for confirmation, then USA is never waited for again.
	r.send(usaAddr, "resign?", "GAME creek\nSIDE USA\nPASSWORD oak\nRESIGN\n")
	r.cycle()
	if m := r.mailsTo(usaAddr, "RESIGN: creek"); len(m) != 1 || !strings.Contains(m[0], "send RESIGN YES") || r.game("creek").SegmentIndex != 1 {
		t.Fatalf("unconfirmed RESIGN: %q", m)
	}
	r.send(usaAddr, "resign!", "GAME creek\nSIDE USA\nPASSWORD oak\nRESIGN YES\n")
	r.cycle()
	if m := r.mailsTo(csaAddr, "USA resigned: creek"); len(m) != 1 {
		t.Fatalf("CSA was told of the resignation %d times", len(m))
	}
	if g := r.game("creek"); g.SegmentIndex != 2 {
		t.Fatalf("USA's segment was not resolved at once on resignation: at segment %d", g.SegmentIndex)
	}
	r.send(csaAddr, "t2", strings.Replace(csaTurn1, "TURN 1", "TURN 2", 1))
	r.cycle()
	if g := r.game("creek"); g.SegmentIndex != 4 {
		t.Fatalf("after CSA's turn 2 the game is at segment %d, want 4 (USA's turn resolved with standing orders)", g.SegmentIndex)
	}
	r.send(usaAddr, "late", "GAME creek\nSIDE USA\nTURN 3\nPASSWORD oak\n")
	r.cycle()
	if m := r.mailsTo(usaAddr, "Re: late"); len(m) != 1 || !strings.Contains(m[0], "resigned") {
		t.Fatalf("orders from a resigned player: %q", m)
	}

	r.send(csaAddr, "verify", "GAME creek\nSIDE CSA\nPASSWORD tulip\nVERIFY\n")
	r.cycle()
	att := r.attachment(csaAddr, "VERIFY: creek", "dice-creek-verify.txt")
	if strings.Contains(att, "BEGIN GALLOPER DICE RECORD") {
		t.Fatalf("VERIFY during play mailed CSA a whole record:\n%s", att)
	}
	if n := countRoots(att) + strings.Count(att, "no roll you may see"); n != 4 {
		t.Fatalf("VERIFY: %d segments, want 4:\n%s", n, att)
	}
	ops, err := dice.ParseOpenings(att)
	if err != nil {
		t.Fatal(err)
	}
	// The records, as the game's end (or the umpire) opens them, verify
	// against the commitment, and every roll shown to CSA is theirs.
	g := r.game("creek")
	var recs []dice.Record
	for _, s := range r.segments("creek") {
		rec, err := dice.ParseRecord(s.DiceRecord)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
		var mine []dice.Opening
		for _, o := range ops {
			if o.Segment == rec.Segment {
				mine = append(mine, o)
			}
		}
		if err := dice.CheckSideOpenings(rec, mine); err != nil {
			t.Fatalf("CSA's openings: %v", err)
		}
	}
	if err := dice.VerifyRecords(g.DiceHead, recs); err != nil {
		t.Fatalf("the records do not verify: %v", err)
	}
}

func countRoots(s string) int { return strings.Count(s, "committed by Merkle root") }

// attachment returns the named attachment of the one mail to addr whose
// subject starts with prefix.
func (r *rig) attachment(addr, prefix, name string) string {
	r.t.Helper()
	for _, m := range r.srv.Sent() {
		mr, err := gomail.CreateReader(bytes.NewReader(m.Raw))
		if err != nil || m.To != addr {
			continue
		}
		if s, _ := mr.Header.Subject(); !strings.HasPrefix(s, prefix) {
			continue
		}
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			if h, ok := p.Header.(*gomail.AttachmentHeader); ok {
				if n, _ := h.Filename(); n == name {
					b, _ := io.ReadAll(p.Body)
					return string(b)
				}
			}
		}
	}
	r.t.Fatalf("no mail to %s %q with attachment %s", addr, prefix, name)
	return ""
}

// TestJoinWithInvite: an open seat is taken by the first mail with its
// code, which gets the game-start mail and a reply address; the code works
// once.
func TestJoinWithInvite(t *testing.T) {
	r := newRig(t)
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "open", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Invite: "7QK4-M2TD-X9PA"}}})
	if err != nil {
		t.Fatal(err)
	}
	r.cycle()
	r.send("newcomer@players.test", "join", "JOIN 7QK4-M2TD-X9PA\n")
	r.cycle()
	start := r.mailsTo("newcomer@players.test", "Game open begins: you are USA")
	if len(start) != 1 {
		t.Fatalf("the joining player got %d start mails", len(start))
	}
	reply := r.replyTo("newcomer@players.test")
	if !strings.Contains(reply, "+open.usa.") {
		t.Fatalf("reply address %q", reply)
	}
	r.send("thief@players.test", "join", "JOIN 7QK4-M2TD-X9PA\n")
	r.cycle()
	if m := r.mailsTo("thief@players.test", "Re: join"); len(m) != 1 || !strings.Contains(m[0], "bad-invite") {
		t.Fatalf("second JOIN: %q", m)
	}
	// The new player's orders count when sent to the reply address.
	if err := r.srv.Send("newcomer@players.test", reply, r.compose("newcomer@players.test", "status", "STATUS\n")); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if m := r.mailsTo("newcomer@players.test", "STATUS: open, USA"); len(m) != 1 {
		t.Fatalf("STATUS from the joined player: %d replies", len(m))
	}
}

// TestGameFromSubject: orders without a GAME line are matched to the game
// named in the subject, or to the game whose plus address they were sent
// to.
func TestGameFromSubject(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(csaAddr, "[creek] turn 1", strings.Replace(csaTurn1, "GAME creek\n", "", 1))
	r.cycle()
	if m := r.mailsTo(csaAddr, "Receipt: creek"); len(m) != 1 {
		t.Fatalf("orders with the game in the subject: %d receipts; replies %q", len(m), r.mailsTo(csaAddr, "Re:"))
	}
	// One mailbox serves many games: a second game's orders, without a
	// GAME line, sent to that game's plus address.
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "ridge", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"}}})
	if err != nil {
		t.Fatal(err)
	}
	plus := "gm+ridge@galloper.test"
	if err := r.srv.Send(csaAddr, plus, r.compose(csaAddr, "turn 1", strings.Replace(csaTurn1, "GAME creek\n", "", 1))); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if m := r.mailsTo(csaAddr, "Receipt: ridge"); len(m) != 1 {
		t.Fatalf("orders sent to %s: %d receipts; replies %q", plus, len(m), r.mailsTo(csaAddr, "Re:"))
	}
	if g := r.game("ridge"); g.SegmentIndex != 1 {
		t.Fatalf("ridge is at segment %d, want 1", g.SegmentIndex)
	}
}

// TestWaitPolicy: a game that waits for missing orders never resolves
// without them, and keeps reminding the player daily.
func TestWaitPolicy(t *testing.T) {
	r := newRig(t)
	r.deadline, r.grace = 24*time.Hour, 24*time.Hour
	r.restart()
	for _, p := range []string{"wait", "defaults"} {
		err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: p, System: "lob.v2", Scenario: "tanners-creek",
			NMRPolicy: p, Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"}}})
		if err != nil {
			t.Fatal(err)
		}
	}
	start := r.clock
	for d := 0; d <= 6; d++ {
		r.clock = start.Add(time.Duration(d)*24*time.Hour + time.Hour)
		r.cycle()
	}
	if g := r.game("wait"); g.SegmentIndex != 0 {
		t.Fatalf("a waiting game resolved without orders: segment %d", g.SegmentIndex)
	}
	if g := r.game("defaults"); g.SegmentIndex == 0 {
		t.Fatal("the default-policy game did not resolve after its grace period")
	}
	over := r.mailsTo(csaAddr, "Overdue: wait")
	if len(over) < 5 || !strings.Contains(over[0], "waits for every player") {
		t.Fatalf("%d overdue notices for the waiting game: %q", len(over), over)
	}
}

// TestRuleAppliedByEngine: a RULE in the form the game system understands
// changes the game's state, is mailed only to the side whose order it
// concerns and survives a replay of the game after the next segment; one
// the engine cannot apply is refused and changes nothing.
func TestRuleAppliedByEngine(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(csaAddr, "t1", csaTurn1)
	r.cycle()
	if len(r.segments("creek")) != 1 {
		t.Fatal("CSA's turn 1 was not resolved")
	}

	r.send(umpAddr, "bad ruling", umpire+"RULE CSA-9 fulfilled\n")
	r.cycle()
	if m := r.mailsTo(umpAddr, "Re: bad ruling"); len(m) != 1 || !strings.Contains(m[0], "bad-ruling") || !strings.Contains(m[0], "no order CSA-9") {
		t.Fatalf("reply to a ruling on a missing order: %q", m)
	}
	before := r.game("creek").State

	r.send(umpAddr, "ruling", umpire+"RULE CSA-1 note the Mill Road route is within intent\n-- \nthe umpire\n")
	r.cycle()
	g := r.game("creek")
	if string(g.State) == string(before) || !strings.Contains(string(g.State), "the Mill Road route is within intent") {
		t.Fatalf("the ruling did not reach the game's state:\n%s", g.State)
	}
	m := r.mailsTo(umpAddr, "RULE: creek")
	if len(m) != 1 || !strings.Contains(m[0], "Galloper applied your ruling: Referee's ruling on CSA-1: note the Mill Road route is within intent") ||
		!strings.Contains(m[0], "mailed to CSA (the sides") || !strings.Contains(m[0], "referee: the Mill Road route is within intent") {
		t.Fatalf("RULE reply: %q", m)
	}
	if m := r.mailsTo(csaAddr, "Ruling: creek"); len(m) != 1 || !strings.Contains(m[0], "Referee's ruling on CSA-1: note the Mill Road route is within intent (LoB 10.3d)") {
		t.Fatalf("ruling to CSA: %q", m)
	}
	if m := r.mailsTo(usaAddr, "Ruling: creek"); len(m) != 0 {
		t.Fatalf("USA was told of a ruling on CSA's secret order: %q", m)
	}
	var applied int
	for _, e := range r.journal("creek") {
		if e.Kind == "ruling" && strings.Contains(e.Body, `"applied":true`) {
			applied++
		}
	}
	if applied != 1 {
		t.Fatalf("%d applied rulings in the journal, want 1", applied)
	}

	r.send(usaAddr, "t1", "GAME creek\nSIDE USA\nTURN 1\nPASSWORD oak\n")
	r.cycle()
	segs := r.segments("creek")
	if len(segs) != 2 || !strings.Contains(string(segs[1].StateBefore), "the Mill Road route is within intent") {
		t.Fatalf("%d segments; the second did not start from the ruled state", len(segs))
	}
	if _, err := r.d.Adj.Replay(context.Background(), "creek"); err != nil {
		t.Fatalf("replay after a ruling: %v", err)
	}

	// A ruling on the position a segment produced goes with the segment
	// when it is rolled back.
	r.send(umpAddr, "second", umpire+"RULE CSA-1 note overruled later\n")
	r.cycle()
	if !strings.Contains(string(r.game("creek").State), "overruled later") {
		t.Fatal("the second ruling did not reach the game's state")
	}
	r.send(umpAddr, "rollback", umpire+"ROLLBACK\n")
	r.cycle()
	r.send(umpAddr, "resume", umpire+"RESUME\n")
	r.cycle()
	if segs := r.segments("creek"); len(segs) != 2 || strings.Contains(string(r.game("creek").State), "overruled later") {
		t.Fatalf("after ROLLBACK and RESUME: %d segments, state:\n%s", len(segs), r.game("creek").State)
	}
	if _, err := r.d.Adj.Replay(context.Background(), "creek"); err != nil {
		t.Fatalf("replay after a rolled-back ruling: %v", err)
	}
}

package mail_test

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator"
)

// mapsTo returns, for each mail to addr whose subject starts with prefix,
// its map attachments by name without the tag that names when it was
// drawn, and its inline PNG map.
func (r *rig) mapsTo(addr, prefix string) []map[string]string {
	r.t.Helper()
	var out []map[string]string
	for _, m := range r.srv.Sent() {
		mr, err := gomail.CreateReader(bytes.NewReader(m.Raw))
		if err != nil || m.To != addr {
			continue
		}
		if s, _ := mr.Header.Subject(); !strings.HasPrefix(s, prefix) {
			continue
		}
		maps := map[string]string{}
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			switch h := p.Header.(type) {
			case *gomail.AttachmentHeader:
				if n, _ := h.Filename(); strings.HasPrefix(n, "map-") {
					b, _ := io.ReadAll(p.Body)
					maps[n[strings.LastIndex(n, "-"):]] = string(b)
				}
			case *gomail.InlineHeader:
				if ct, _, _ := h.ContentType(); ct == "image/png" {
					b, _ := io.ReadAll(p.Body)
					maps["inline PNG"] = string(b)
				}
			}
		}
		out = append(out, maps)
	}
	return out
}

// TestPreviewHoldsEverything: while the umpire holds a segment's results,
// nothing a player receives depends on them. USA's MAP shows the same
// maps, byte for byte, as before the segment was resolved; STATUS says
// results are held; VERIFY leaves out the held segment's dice; an order
// file is refused without a word of the position; no reminder or overdue
// notice goes out and the next segment is not resolved, however long the
// hold. RELEASE sends the results and restarts the clock.
func TestPreviewHoldsEverything(t *testing.T) {
	r := newRig(t)
	r.deadline, r.remind, r.grace = 24*time.Hour, 6*time.Hour, 48*time.Hour
	r.restart()
	r.cycle()
	r.send(umpAddr, "preview", umpire+"PREVIEW ON\n")
	const usa = "GAME creek\nSIDE USA\nPASSWORD oak\n"
	r.send(usaAddr, "map before", usa+"MAP\n")
	r.cycle()
	before := r.mapsTo(usaAddr, "MAP: creek")
	if len(before) != 1 || len(before[0]) != 2 {
		t.Fatalf("USA's MAP before: %d replies, %v", len(before), before)
	}

	r.send(csaAddr, "t1", csaTurn1)
	r.cycle()
	if n := len(r.segments("creek")); n != 1 {
		t.Fatalf("%d segments resolved, want 1", n)
	}
	r.send(usaAddr, "map during", usa+"MAP\n")
	r.send(usaAddr, "status during", usa+"STATUS\n")
	r.send(usaAddr, "verify during", usa+"VERIFY\n")
	r.send(usaAddr, "orders during", "GAME creek\nSIDE USA\nTURN 1\nPASSWORD oak\n\nORDER MOVE from Crandall to Lyle\n  OBJECTIVE Tanner's Mill\nEND\n")
	r.cycle()
	during := r.mapsTo(usaAddr, "MAP: creek")
	if len(during) != 2 {
		t.Fatalf("USA got %d MAP replies", len(during))
	}
	for name, b := range before[0] {
		if during[1][name] != b {
			t.Errorf("USA's map %s during the hold differs from before the segment", name)
		}
	}
	if m := r.mailsTo(usaAddr, "STATUS: creek"); len(m) != 1 || !strings.Contains(m[0], "held for the umpire's review") {
		t.Errorf("STATUS during the hold: %q", m)
	}
	if m := r.mailsTo(usaAddr, "VERIFY: creek"); len(m) != 1 || !strings.Contains(m[0], "dice of the 0 resolved segment(s)") {
		t.Errorf("VERIFY during the hold: %q", m)
	}
	if m := r.mailsTo(usaAddr, "Re: orders during"); len(m) != 1 || !strings.Contains(m[0], "results-held") {
		t.Errorf("orders during the hold: %q", m)
	}

	start := r.clock
	for _, at := range []time.Duration{19 * time.Hour, 25 * time.Hour, 80 * time.Hour, 30 * 24 * time.Hour} {
		r.clock = start.Add(at)
		r.cycle()
	}
	for _, prefix := range []string{"Reminder", "Overdue", "Results"} {
		if n := len(r.mailsTo(usaAddr, prefix)) + len(r.mailsTo(csaAddr, prefix)); n != 0 {
			t.Errorf("%d %q mails to the players during the hold", n, prefix)
		}
	}
	if n := len(r.segments("creek")); n != 1 {
		t.Fatalf("%d segments resolved during the hold, want 1", n)
	}

	r.send(umpAddr, "release", umpire+"RELEASE\n")
	r.send(usaAddr, "map after", usa+"MAP\n")
	r.cycle()
	for _, addr := range []string{csaAddr, usaAddr} {
		if n := len(r.mailsTo(addr, "Results: creek")); n != 1 {
			t.Errorf("%s got %d results mails after RELEASE, want 1", addr, n)
		}
	}
	if g := r.game("creek"); g.PausedAt != 0 || g.Deadline <= r.clock.UnixMilli() {
		t.Errorf("after RELEASE the clock is not running again: paused %d, deadline %s", g.PausedAt, time.UnixMilli(g.Deadline))
	}
	// The MAP replies' text from the situation on: the same before and
	// during the hold, and after RELEASE the game has moved on.
	situation := func(m string) string { _, s, _ := strings.Cut(m, "== Situation"); return s }
	texts := r.mailsTo(usaAddr, "MAP: creek")
	if len(texts) != 3 {
		t.Fatalf("USA got %d MAP replies, want 3", len(texts))
	}
	if situation(texts[1]) != situation(texts[0]) {
		t.Errorf("USA's MAP text during the hold differs from before:\n%s\nversus\n%s", texts[1], texts[0])
	}
	if !strings.Contains(texts[2], "USA player turn") || strings.Contains(texts[1], "USA player turn") {
		t.Errorf("USA's MAP after RELEASE does not show the game moved on (the test shows nothing):\n%s", texts[2])
	}
}

// TestPreviewHoldsDecisionRequests: in a previewed game a decision
// request comes to the umpire first; the player's copy waits for RELEASE
// and its time to answer runs from then; meanwhile no default is taken,
// however long the hold.
func TestPreviewHoldsDecisionRequests(t *testing.T) {
	r := newRig(t)
	r.askGame("ask")
	r.cycle()
	r.send(umpAddr, "preview", "GAME ask\nSIDE UMPIRE\nPASSWORD whistle\nPREVIEW ON\n")
	r.cycle()
	r.send(csaAddr, "t1", strings.Replace(csaTurn1, "GAME creek", "GAME ask", 1))
	r.cycle()
	if m := r.mailsTo(umpAddr, "Preview: Decision needed: ask"); len(m) != 1 || !strings.Contains(m[0], "held until you send RELEASE") {
		t.Fatalf("the umpire's copy of the request: %q", m)
	}
	if n := len(r.mailsTo(usaAddr, "Decision needed: ask")); n != 0 {
		t.Fatalf("USA got %d decision requests before RELEASE", n)
	}
	start := r.clock
	r.clock = start.Add(30 * 24 * time.Hour)
	r.cycle()
	if n := len(r.mailsTo(usaAddr, "Results: ask")) + len(r.mailsTo(csaAddr, "Results: ask")); n != 0 {
		t.Fatalf("the decision took its default during the hold: %d results mails", n)
	}

	r.send(umpAddr, "release", "GAME ask\nSIDE UMPIRE\nPASSWORD whistle\nRELEASE\n")
	r.cycle()
	req := r.mailsTo(usaAddr, "Decision needed: ask")
	if len(req) != 1 || !strings.Contains(req[0], "If no answer arrives within 24 hours of this mail") {
		t.Fatalf("USA's request after RELEASE: %q", req)
	}
	r.clock = r.clock.Add(adjudicator.DefaultDecisionWindow - time.Minute)
	r.cycle()
	if n := len(r.mailsTo(usaAddr, "Results: ask")); n != 0 {
		t.Fatalf("the default was taken before the window ran out after RELEASE")
	}
	r.send(usaAddr, "answer", "GAME ask\nSIDE USA\nPASSWORD oak\nDECIDE 1 east\n")
	r.cycle()
	if m := r.mailsTo(umpAddr, "Preview: Results: ask"); len(m) != 1 || !strings.Contains(m[0], "East into the woods") {
		t.Fatalf("the umpire's preview of the results: %q", m)
	}
}

package mail_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator"
)

// Every mail Galloper sends about a game carries In-Reply-To and
// References naming the game's thread, whatever its kind: game start,
// receipt, results, decision request, command answer, refusal, reminder,
// overdue notice. A reply names the mail it answers last in References,
// after that mail's own references, and in In-Reply-To.
func TestThreadingHeadersOnEveryMail(t *testing.T) {
	r := newRig(t)
	r.deadline, r.remind, r.grace = 24*time.Hour, 6*time.Hour, 24*time.Hour
	r.restart()
	r.askGame("ask")
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "dl", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"}}})
	if err != nil {
		t.Fatal(err)
	}
	r.cycle()
	// CSA's orders, sent as a reply deep in the player's own thread.
	orders := r.compose(csaAddr, "Re: Re: ask", strings.Replace(csaTurn1, "GAME creek", "GAME ask", 1))
	orders = append([]byte("References: <root@players.test> <galloper.game.ask@galloper.test> <mid@players.test>\r\n"), orders...)
	if err := r.srv.Send(csaAddr, gm, orders); err != nil {
		t.Fatal(err)
	}
	r.send(usaAddr, "status", "GAME creek\nSIDE USA\nPASSWORD oak\nSTATUS\n")
	r.send(usaAddr, "bad orders", "GAME creek\nSIDE USA\nTURN 7\nPASSWORD oak\n")
	r.cycle() // receipt, decision request to USA and the umpire, status, problems
	r.clock = r.clock.Add(19 * time.Hour)
	r.cycle() // a reminder for dl's CSA
	r.clock = r.clock.Add(6 * time.Hour)
	r.cycle() // an overdue notice; ask's decision is taken by default: results
	r.clock = r.clock.Add(24 * time.Hour)
	r.cycle() // dl resolves with default orders: results

	ordersID := header(t, orders).Get("Message-Id")
	kinds := map[string]int{}
	for _, m := range r.srv.Sent() {
		h := header(t, m.Raw)
		subject, _ := h.Subject()
		irt, refs := h.Get("In-Reply-To"), strings.Fields(h.Get("References"))
		game := "creek"
		for _, id := range []string{"ask", "dl"} {
			if strings.Contains(subject, " "+id+",") || strings.Contains(subject, "Game "+id+" ") {
				game = id
			}
		}
		thread := "<galloper.game." + game + "@galloper.test>"
		if irt == "" || len(refs) == 0 || refs[0] != thread {
			t.Errorf("%q to %s: In-Reply-To %q, References %q; want the thread %s first", subject, m.To, irt, refs, thread)
		}
		kind, _, _ := strings.Cut(subject, ":")
		kinds[kind]++
		if strings.HasPrefix(subject, "Receipt: ask") {
			want := []string{thread, "<root@players.test>", "<mid@players.test>", ordersID}
			if irt != ordersID || strings.Join(refs, " ") != strings.Join(want, " ") {
				t.Errorf("receipt: In-Reply-To %q, References %q; want %q and %q", irt, refs, ordersID, want)
			}
		}
	}
	for _, k := range []string{"Game creek begins", "Game ask begins", "Game dl begins", "Receipt", "Decision needed", "STATUS",
		"Re", "Reminder", "Overdue", "Results"} {
		if kinds[k] == 0 {
			t.Errorf("no %q mail was sent; got %v", k, kinds)
		}
	}
}

func header(t *testing.T, raw []byte) *gomail.Header {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return &mr.Header
}

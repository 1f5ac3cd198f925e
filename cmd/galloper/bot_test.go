package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"

	"galloper/mail/mailtest"
	"galloper/orders"
	"galloper/rules"
)

// docMail is a mail from Galloper carrying document d, replying to
// replyTo.
func docMail(t *testing.T, d rules.MailDoc, replyTo string) []byte {
	t.Helper()
	var h gomail.Header
	h.SetAddressList("From", []*gomail.Address{{Address: demoGM}})
	h.SetAddressList("Reply-To", []*gomail.Address{{Address: replyTo}})
	h.SetSubject(d.Kind)
	var buf bytes.Buffer
	mw, err := gomail.CreateWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	var th gomail.InlineHeader
	th.SetContentType("text/plain", nil)
	tw, _ := mw.CreateSingleInline(th)
	io.WriteString(tw, "The mail's text.\n")
	tw.Close()
	var ah gomail.AttachmentHeader
	ah.SetContentType("application/json", nil)
	ah.SetFilename("doc.json")
	aw, _ := mw.CreateAttachment(ah)
	json.NewEncoder(aw).Encode(d)
	aw.Close()
	mw.Close()
	return buf.Bytes()
}

// TestBotAnswers feeds the sample bot the documents of one segment of an
// ACW miniatures game: it writes its unit's line from the hints; when that
// file is refused it falls back once on the empty file, and sends nothing
// more for the segment; it answers each decision of a set once, by its
// default, from the first decision mail that lists them, naming the
// default by its number (an option that is a hex id, "2010", would be
// read as option 2010).
func TestBotAnswers(t *testing.T) {
	srv, err := mailtest.Start(demoGM, "gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const reply = "referee@elsewhere.test" // not the game master's, so the server keeps what it is sent
	b := &mailBot{SMTPAddr: srv.SMTPAddr, Address: "csa@players.galloper.test", sent: map[string]bool{}}
	seg := &rules.SegmentDoc{Turn: 2, Index: 2, Name: "CSA", Label: "Turn 2, CSA", Sides: []rules.Side{"CSA"}}
	due := rules.MailDoc{Kind: "results", Game: "g", System: "acwminis.v1", Side: "CSA", Segment: seg, OrdersDue: true,
		Hints: &rules.OrderHints{Orders: []string{"HOLD"}, Units: []rules.UnitHint{
			{Unit: "1st Tennessee", Orders: []string{"HOLD", "ADVANCE"}, State: "Steady", Targets: []rules.ReachHint{{Unit: "2nd Wisconsin", Inches: 12}}}}}}
	refused := due
	refused.Kind, refused.Orders = "problems", &rules.OrdersDoc{Status: "refused"}
	decide := due
	decide.Kind, decide.OrdersDue = "decision", false
	decide.Decisions = []rules.DecisionDoc{{Seq: 1, Key: "a", Options: []string{"STAND", "RETIRE"}, Default: "STAND"},
		{Seq: 2, Key: "b", Options: []string{"2009", "2010"}, Default: "2010"}}
	for _, d := range []rules.MailDoc{due, due, refused, refused, decide, decide} {
		if err := b.answer(docMail(t, d, reply)); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, m := range srv.Sent() {
		if m.To != reply {
			t.Fatalf("the bot wrote to %s, not the reply address", m.To)
		}
		mr, err := gomail.CreateReader(bytes.NewReader(m.Raw))
		if err != nil {
			t.Fatal(err)
		}
		p, _ := mr.NextPart()
		body, _ := io.ReadAll(p.Body)
		if f := (orders.JSONFile{}); json.Unmarshal(body, &f) == nil && f.Schema != "" {
			got = append(got, "orders: "+strings.Join(f.Orders, " | "))
			continue
		}
		got = append(got, strings.TrimSpace(string(body)))
	}
	want := []string{"orders: HOLD 1st Tennessee: FIRE 2nd Wisconsin", "orders: ", "DECIDE 1 1", "DECIDE 2 2"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || b.Refused != 2 {
		t.Fatalf("the bot sent (%d refusals seen):\n%s\nwant:\n%s", b.Refused, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

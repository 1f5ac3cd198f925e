package mail_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"

	"galloper/mail"
	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// docsTo returns the JSON document of every mail sent to addr whose
// subject starts with prefix, with the mail's text.
func (r *rig) docsTo(addr, prefix string) (docs []rules.MailDoc, texts []string) {
	r.t.Helper()
	for _, m := range r.srv.Sent() {
		if m.To != addr {
			continue
		}
		mr, err := gomail.CreateReader(bytes.NewReader(m.Raw))
		if err != nil {
			r.t.Fatal(err)
		}
		if s, _ := mr.Header.Subject(); !strings.HasPrefix(s, prefix) {
			continue
		}
		var d *rules.MailDoc
		text := ""
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			b, _ := io.ReadAll(p.Body)
			switch ct := p.Header.Get("Content-Type"); {
			case strings.HasPrefix(ct, "application/json"):
				d = new(rules.MailDoc)
				if err := json.Unmarshal(b, d); err != nil {
					r.t.Fatalf("the document of a mail to %s: %v", addr, err)
				}
			case strings.HasPrefix(ct, "text/plain") && text == "":
				text = string(b)
			}
		}
		if d == nil {
			r.t.Fatalf("a mail to %s (%s...) has no JSON document", addr, prefix)
		}
		docs, texts = append(docs, *d), append(texts, text)
	}
	return docs, texts
}

// composeWith builds a player's mail with a short note as its body and
// one attachment.
func (r *rig) composeWith(from, subject, note, name, contentType string, data []byte) []byte {
	r.t.Helper()
	var h gomail.Header
	h.SetAddressList("From", []*gomail.Address{{Address: from}})
	h.SetAddressList("To", []*gomail.Address{{Address: gm}})
	h.SetSubject(subject)
	h.SetDate(r.clock)
	h.SetMessageID(fmt.Sprintf("%s-%d@players.test", name, len(data)))
	var buf bytes.Buffer
	w, err := gomail.CreateWriter(&buf, h)
	if err != nil {
		r.t.Fatal(err)
	}
	var th gomail.InlineHeader
	th.Set("Content-Type", "text/plain")
	tw, _ := w.CreateSingleInline(th)
	io.WriteString(tw, note)
	tw.Close()
	var ah gomail.AttachmentHeader
	ah.Set("Content-Type", contentType)
	ah.SetFilename(name)
	aw, _ := w.CreateAttachment(ah)
	aw.Write(data)
	aw.Close()
	w.Close()
	return buf.Bytes()
}

// An order file sent as JSON, in the body or attached, is read as its
// text form: the receipt echoes the orders in canonical text, with the
// same hash as the text form's, and the stored mail keeps no password.
func TestJSONOrdersGetReceipt(t *testing.T) {
	f, probs := lobtext.Parse(csaTurn1)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	j, _ := json.MarshalIndent(orders.ToJSON(f, lobtext.Dialect), "", "  ")
	h := lobtext.Hash(f)
	for _, how := range []string{"body", "attachment"} {
		t.Run(how, func(t *testing.T) {
			r := newRig(t)
			r.cycle()
			raw := r.compose(csaAddr, "orders", string(j))
			if how == "attachment" {
				raw = r.composeWith(csaAddr, "orders", "My orders are attached.\n", "orders.json", "application/json", j)
			}
			if err := r.srv.Deliver(raw); err != nil {
				t.Fatal(err)
			}
			r.cycle()
			docs, texts := r.docsTo(csaAddr, "Receipt")
			if len(docs) != 1 {
				t.Fatalf("%d receipts, want 1; replies: %q", len(docs), r.mailsTo(csaAddr, "Re:"))
			}
			d := docs[0]
			if d.Kind != "receipt" || d.Orders == nil || d.Orders.Status != "accepted" {
				t.Fatalf("document %+v", d)
			}
			if d.Orders.Hash != fmt.Sprintf("%x", h[:]) || !strings.Contains(texts[0], d.Orders.Hash) {
				t.Errorf("hash %s, want the text form's %x", d.Orders.Hash, h[:])
			}
			if d.Orders.Text != lobtext.FormatOrders(f) || !strings.Contains(texts[0], "ROUTE     A5.6, Mill Road, Tanner's Mill") {
				t.Errorf("the receipt does not echo the orders in canonical text:\n%s\n%s", d.Orders.Text, texts[0])
			}
			for _, m := range r.storedMails() {
				// Read as Galloper reads it, whatever its transfer encoding.
				if text := mail.Read(m.Raw).Text; strings.Contains(text, "tulip") || !strings.Contains(text, `"password": "`+mail.Redacted+`"`) {
					t.Errorf("the stored mail keeps its JSON password:\n%s", text)
				}
			}
		})
	}
}

// JSON that is not an order file in the schema is refused with a reason,
// and the reply does not repeat its password.
func TestBadJSONOrdersRefused(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(csaAddr, "orders", `{"schema": "galloper/v1/orders", "game": "creek", "side": "CSA", "password": "tulip", "turn": 1, "orders": []}`)
	r.cycle()
	docs, texts := r.docsTo(csaAddr, "Re: orders")
	if len(docs) != 1 {
		t.Fatalf("%d replies, want 1", len(docs))
	}
	d := docs[0]
	if len(d.Problems) != 1 || d.Problems[0].Code != "bad-json" || !strings.Contains(d.Problems[0].Message, `field "turn"`) {
		t.Errorf("problems %+v, want one bad-json naming the turn field", d.Problems)
	}
	if strings.Contains(texts[0], "tulip") || strings.Contains(d.Orders.Text, "tulip") {
		t.Errorf("the reply repeats the password:\n%s\n%s", texts[0], d.Orders.Text)
	}
	if d.View != nil {
		t.Errorf("a sender who proved no side gets a view")
	}
}

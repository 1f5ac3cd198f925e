package mail_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"
	"github.com/santhosh-tekuri/jsonschema/v6"

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

// checkSentDocs validates the JSON document of every mail the rig sent
// against the schema it names in docs/schema/v1, and returns how many it
// checked.
func (r *rig) checkSentDocs() int {
	r.t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const dir, base = "../docs/schema/v1", "https://galloper.invalid/schema/v1/"
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			r.t.Fatalf("%s: %v", f, err)
		}
		c.AddResource(base+filepath.Base(f), doc)
	}
	n := 0
	for _, m := range r.srv.Sent() {
		mr, err := gomail.CreateReader(bytes.NewReader(m.Raw))
		if err != nil {
			r.t.Fatal(err)
		}
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			if !strings.HasPrefix(p.Header.Get("Content-Type"), "application/json") {
				continue
			}
			b, _ := io.ReadAll(p.Body)
			var d rules.MailDoc
			json.Unmarshal(b, &d)
			s, err := c.Compile(base + strings.TrimPrefix(d.Schema, "galloper/v1/") + ".json")
			if err != nil {
				r.t.Fatalf("schema %q: %v", d.Schema, err)
			}
			v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err := s.Validate(v); err != nil {
				r.t.Errorf("the %s document to %s does not validate: %v", d.Kind, m.To, err)
			}
			n++
		}
	}
	return n
}

// STATUS brings the whole board, the side's orders held and the hints of
// the side whose turn it is; the umpire's document sees every side's
// decision and no hints of its own. Every document the rig sent validates.
func TestStatusDocument(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(csaAddr, "orders", strings.Replace(csaTurn1, "TURN 1", "TURN 1", 1))
	r.cycle()
	r.send(usaAddr, "status", "GAME creek\nSIDE USA\nPASSWORD oak\nSTATUS\n")
	r.send(umpAddr, "status", "GAME creek\nSIDE UMPIRE\nPASSWORD whistle\nSTATUS\n")
	r.cycle()
	docs, _ := r.docsTo(usaAddr, "STATUS")
	if len(docs) != 1 {
		t.Fatalf("%d STATUS replies to USA, want 1", len(docs))
	}
	d := docs[0]
	if d.Kind != "status" || !d.FullBoard || d.View == nil || d.View.Map == nil || len(d.View.Map.Hexes) == 0 || d.View.Style == nil {
		t.Fatalf("the STATUS document does not carry the whole board: kind %s, full %v", d.Kind, d.FullBoard)
	}
	if d.Side != "USA" || d.Segment == nil || !d.OrdersDue || d.Hints == nil || len(d.Hints.Commands) == 0 {
		t.Errorf("USA's turn: side %s, due %v, hints %+v", d.Side, d.OrdersDue, d.Hints)
	}
	results, _ := r.docsTo(usaAddr, "Results")
	if len(results) != 1 || results[0].FullBoard || results[0].View.Map.Hexes != nil || len(results[0].Hidden) == 0 {
		t.Errorf("the results document is not slim, or lists no hidden hex: %d documents", len(results))
	}
	ump, _ := r.docsTo(umpAddr, "STATUS")
	if len(ump) != 1 || ump[0].Side != "" || ump[0].Hints != nil {
		t.Errorf("the umpire's STATUS document: %+v", ump)
	}
	if n := r.checkSentDocs(); n < 8 {
		t.Errorf("%d documents validated, want at least 8", n)
	}
}

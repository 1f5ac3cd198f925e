package templates

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// Mail is an outgoing message before it is encoded.
type Mail struct {
	From       string
	To         string
	ReplyTo    string
	Subject    string
	MessageID  string // with angle brackets, e.g. "<receipt.12@galloper.example>"
	InReplyTo  string
	References []string
	Date       time.Time
	Text       string // the plain-text body
	// HTML, when set, is an alternative to Text that shows the attachments
	// with a ContentID inline (see HTML). Text stays first and complete.
	HTML string
	// Attachments follow the body in order.
	Attachments []Attachment
}

// Attachment is a file attached to a mail.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
	// ContentID (RFC 2392, without angle brackets) makes the file an inline
	// part of a mail with HTML, which names it as cid:ContentID.
	ContentID string
	// Note, for an inline map, is a line the HTML adds under it (e.g.
	// which part of the map it shows). It is not part of the mail.
	Note string
}

// Compose encodes a mail as RFC 5322 bytes. Galloper's mails are marked
// Auto-Submitted (RFC 3834) so that well-behaved robots do not answer them.
func Compose(m Mail) ([]byte, error) {
	var h mail.Header
	h.SetDate(m.Date)
	from, err := mail.ParseAddress(m.From)
	if err != nil {
		return nil, fmt.Errorf("compose: From %q: %w", m.From, err)
	}
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return nil, fmt.Errorf("compose: To %q: %w", m.To, err)
	}
	h.SetAddressList("From", []*mail.Address{from})
	h.SetAddressList("To", []*mail.Address{to})
	if m.ReplyTo != "" {
		rt, err := mail.ParseAddress(m.ReplyTo)
		if err != nil {
			return nil, fmt.Errorf("compose: Reply-To %q: %w", m.ReplyTo, err)
		}
		h.SetAddressList("Reply-To", []*mail.Address{rt})
	}
	h.SetSubject(m.Subject)
	h.Set("Message-Id", m.MessageID)
	if m.InReplyTo != "" {
		h.Set("In-Reply-To", m.InReplyTo)
	}
	if len(m.References) > 0 {
		refs := ""
		for i, r := range m.References {
			if i > 0 {
				refs += " "
			}
			refs += r
		}
		h.Set("References", refs)
	}
	h.Set("Auto-Submitted", "auto-replied")
	h.Set("X-Galloper", "1")

	var buf bytes.Buffer
	if m.HTML != "" {
		if err := composeRelated(&buf, h, m); err != nil {
			return nil, fmt.Errorf("compose: %w", err)
		}
		return buf.Bytes(), nil
	}
	w, err := mail.CreateWriter(&buf, h)
	if err != nil {
		return nil, err
	}
	var th mail.InlineHeader
	th.Set("Content-Type", "text/plain; charset=utf-8")
	tw, err := w.CreateSingleInline(th)
	if err != nil {
		return nil, err
	}
	if _, err := tw.Write([]byte(m.Text)); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	for _, a := range m.Attachments {
		var ah mail.AttachmentHeader
		ah.Set("Content-Type", a.ContentType)
		ah.SetFilename(a.Name)
		ah.Set("Content-Transfer-Encoding", transferEncoding(a.ContentType))
		aw, err := w.CreateAttachment(ah)
		if err != nil {
			return nil, err
		}
		if _, err := aw.Write(a.Data); err != nil {
			return nil, err
		}
		if err := aw.Close(); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// composeRelated writes a mail whose text comes in two forms and whose
// HTML shows images inline (RFC 2046, RFC 2387, RFC 2392):
//
//	multipart/mixed
//	  multipart/related
//	    multipart/alternative
//	      text/plain
//	      text/html
//	    image/png, Content-ID, inline
//	  attachments
func composeRelated(buf *bytes.Buffer, h mail.Header, m Mail) error {
	h.SetContentType("multipart/mixed", nil)
	mixed, err := message.CreateWriter(buf, h.Header)
	if err != nil {
		return err
	}
	var rh message.Header
	rh.SetContentType("multipart/related", map[string]string{"type": "multipart/alternative"})
	related, err := mixed.CreatePart(rh)
	if err != nil {
		return err
	}
	var ah message.Header
	ah.SetContentType("multipart/alternative", nil)
	alt, err := related.CreatePart(ah)
	if err != nil {
		return err
	}
	for _, p := range []struct{ ct, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		var th message.Header
		th.SetContentType(p.ct, map[string]string{"charset": "utf-8"})
		th.Set("Content-Transfer-Encoding", "quoted-printable")
		if err := writePart(alt, th, []byte(p.body)); err != nil {
			return err
		}
	}
	if err := alt.Close(); err != nil {
		return err
	}
	for _, a := range m.Attachments {
		if a.ContentID != "" {
			if err := writeFile(related, a, "inline"); err != nil {
				return err
			}
		}
	}
	if err := related.Close(); err != nil {
		return err
	}
	for _, a := range m.Attachments {
		if a.ContentID == "" {
			if err := writeFile(mixed, a, "attachment"); err != nil {
				return err
			}
		}
	}
	return mixed.Close()
}

// writeFile writes a file as a base64 part, inline or attachment.
func writeFile(w *message.Writer, a Attachment, disposition string) error {
	var h message.Header
	h.Set("Content-Type", a.ContentType)
	h.SetContentDisposition(disposition, map[string]string{"filename": a.Name})
	h.Set("Content-Transfer-Encoding", transferEncoding(a.ContentType))
	if a.ContentID != "" {
		h.Set("Content-Id", "<"+a.ContentID+">")
	}
	return writePart(w, h, a.Data)
}

// transferEncoding is how an attachment of a content type travels: text
// and JSON, nearly all ASCII, as quoted-printable (a third lighter than
// base64, and a dice record stays readable in the mail's source, by eye or
// by a script reading the raw mail), anything else as base64.
func transferEncoding(contentType string) string {
	if strings.HasPrefix(contentType, "application/json") || strings.HasPrefix(contentType, "text/") {
		return "quoted-printable"
	}
	return "base64"
}

func writePart(w *message.Writer, h message.Header, body []byte) error {
	pw, err := w.CreatePart(h)
	if err != nil {
		return err
	}
	if _, err := pw.Write(body); err != nil {
		return err
	}
	return pw.Close()
}

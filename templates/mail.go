package templates

import (
	"bytes"
	"fmt"
	"time"

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
	// Attachments follow the body in order.
	Attachments []Attachment
}

// Attachment is a file attached to a mail.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
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

package mail

import (
	"bufio"
	"bytes"
	"io"
	"mime"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"

	"galloper/adjudicator"
)

// maxReportPart bounds how much of a report's part is read.
const maxReportPart = 1 << 20

// ParseDSN reads a delivery status notification (RFC 3464: a
// multipart/report with report-type=delivery-status) and returns what it
// says of the first recipient whose Action is "failed", with the
// Message-ID of the returned mail when the report carries its header.
// It returns nil for any other mail, and for a report of delays or
// successful deliveries.
func ParseDSN(raw []byte) *adjudicator.Bounce {
	e, err := message.Read(bytes.NewReader(raw))
	if e == nil || (err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err)) {
		return nil
	}
	t, params, err := e.Header.ContentType()
	if err != nil || !strings.EqualFold(t, "multipart/report") || !strings.EqualFold(params["report-type"], "delivery-status") {
		return nil
	}
	mr := e.MultipartReader()
	if mr == nil {
		return nil
	}
	var b *adjudicator.Bounce
	msgID := ""
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		pt, _, _ := p.Header.ContentType()
		body, _ := io.ReadAll(io.LimitReader(p.Body, maxReportPart))
		switch strings.ToLower(pt) {
		case "message/delivery-status", "message/global-delivery-status":
			b = failedRecipient(body)
		case "message/rfc822", "text/rfc822-headers", "message/global", "message/global-headers":
			if h, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(body))); err == nil {
				msgID = strings.TrimSpace(h.Get("Message-Id"))
			}
		}
	}
	if b != nil {
		b.MessageID = msgID
	}
	return b
}

// failedRecipient reads a delivery-status body: the per-message fields,
// then a group of fields per recipient, separated by blank lines.
func failedRecipient(body []byte) *adjudicator.Bounce {
	br := bufio.NewReader(bytes.NewReader(bytes.TrimLeft(body, "\r\n")))
	if _, err := textproto.ReadHeader(br); err != nil { // per-message fields
		return nil
	}
	for {
		for {
			c, err := br.Peek(1)
			if err != nil {
				return nil
			}
			if c[0] != '\r' && c[0] != '\n' {
				break
			}
			br.ReadByte()
		}
		h, err := textproto.ReadHeader(br)
		if err != nil && h.Len() == 0 {
			return nil
		}
		if strings.EqualFold(strings.TrimSpace(h.Get("Action")), "failed") {
			return &adjudicator.Bounce{
				Recipient:  typedAddress(h.Get("Final-Recipient")),
				Status:     strings.TrimSpace(h.Get("Status")),
				Diagnostic: strings.Join(strings.Fields(typedValue(h.Get("Diagnostic-Code"))), " "),
			}
		}
		if err != nil {
			return nil
		}
	}
}

// typedAddress reads "rfc822; ann@example.org" as ann@example.org.
func typedAddress(v string) string {
	return strings.Trim(typedValue(v), "<> ")
}

// typedValue drops the type of "type; value" (RFC 3464 §2.1.2), decoding
// encoded words in it.
func typedValue(v string) string {
	if _, rest, ok := strings.Cut(v, ";"); ok {
		v = rest
	}
	if d, err := new(mime.WordDecoder).DecodeHeader(v); err == nil {
		v = d
	}
	return strings.TrimSpace(v)
}

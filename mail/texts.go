package mail

import (
	"io"
	"strings"

	"github.com/emersion/go-message/mail"
)

// TextParts returns the decoded text/plain parts of the mail mr reads,
// its body and its text attachments (a dice record, openings), in order,
// each followed by a line break. Other parts are skipped; reading stops at
// the first part that does not parse or read.
func TextParts(mr *mail.Reader) string {
	var b strings.Builder
	for {
		p, err := mr.NextPart()
		if err != nil {
			return b.String()
		}
		var ct string
		switch h := p.Header.(type) {
		case *mail.InlineHeader:
			ct, _, _ = h.ContentType()
		case *mail.AttachmentHeader:
			ct, _, _ = h.ContentType()
		}
		if ct == "text/plain" {
			body, err := io.ReadAll(p.Body)
			b.Write(body)
			if err != nil {
				return b.String()
			}
			b.WriteString("\n")
		}
	}
}

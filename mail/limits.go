package mail

import (
	"bytes"
	"fmt"
	"io"

	"galloper/adjudicator"
)

// ReadWithin is Read bounded by lim: it reads at most lim.MIMEParts parts
// and lim.DecodedBytes decoded bytes in all, and follows forwarded mails
// (message/rfc822) and nested multiparts at most lim.MIMEDepth deep. A
// mail over a limit gets a ReadErr naming it, which the adjudicator
// answers; nothing of it is taken as orders.
func ReadWithin(raw []byte, lim adjudicator.Limits) adjudicator.Incoming {
	b := &budget{lim: lim.WithDefaults()}
	in := b.read(raw, 1)
	if b.err != nil && in.ReadErr == nil {
		in.ReadErr, in.Text = b.err, ""
	}
	return in
}

// budget is what is left of a mail's limits as its parts are read, nested
// mails included.
type budget struct {
	lim   adjudicator.Limits
	parts int
	bytes int64
	err   error // the first limit passed
}

// read reads one mail at nesting depth (1 for the mail itself). A mail
// with more multipart entities than the parts it may have is refused
// before it is parsed: the MIME reader keeps a reader and a buffer for
// each open multipart level.
func (b *budget) read(raw []byte, depth int) adjudicator.Incoming {
	if n := multipartHeaders(raw); n > b.lim.MIMEParts && b.err == nil {
		b.err = fmt.Errorf("it has %d multipart sections; Galloper reads at most %d MIME parts", n, b.lim.MIMEParts)
	}
	if b.err != nil && depth > 1 {
		return adjudicator.Incoming{ReadErr: b.err}
	}
	return readMail(raw, b, depth) // reads only the headers once b.err is set
}

// multipartHeaders counts the Content-Type header lines of raw, folded
// continuation included, that name a multipart type: a bound on the
// multipart entities the MIME reader will open.
func multipartHeaders(raw []byte) int {
	n, rest := 0, raw
	for len(rest) > 0 {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		rest = after
		if len(line) < len("content-type:") || !bytes.EqualFold(line[:len("content-type:")], []byte("content-type:")) {
			continue
		}
		value := line[len("content-type:"):]
		if len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
			next, _, _ := bytes.Cut(rest, []byte("\n"))
			value = append(append([]byte(nil), value...), next...)
		}
		if bytes.Contains(bytes.ToLower(value), []byte("multipart/")) {
			n++
		}
	}
	return n
}

// part reads one part's body within what is left of the budget. It
// returns false, and records why, once a limit is passed.
func (b *budget) part(r io.Reader) ([]byte, bool) {
	if b.err != nil {
		return nil, false
	}
	b.parts++
	if b.parts > b.lim.MIMEParts {
		b.err = fmt.Errorf("it has more than %d MIME parts; Galloper reads at most %d", b.lim.MIMEParts, b.lim.MIMEParts)
		return nil, false
	}
	left := b.lim.DecodedBytes - b.bytes
	body, err := io.ReadAll(io.LimitReader(r, min(left, maxPart)+1))
	b.bytes += int64(len(body))
	if int64(len(body)) > left {
		b.err = fmt.Errorf("its parts decode to more than %d bytes; Galloper reads at most %d", b.lim.DecodedBytes, b.lim.DecodedBytes)
		return nil, false
	}
	if int64(len(body)) > maxPart {
		body = body[:maxPart]
	}
	return body, err == nil
}

// nested reads a forwarded mail found inside the mail at depth.
func (b *budget) nested(raw []byte, depth int) adjudicator.Incoming {
	if depth+1 > b.lim.MIMEDepth {
		if b.err == nil {
			b.err = fmt.Errorf("it nests forwarded mails more than %d deep; Galloper reads at most %d", b.lim.MIMEDepth, b.lim.MIMEDepth)
		}
		return adjudicator.Incoming{ReadErr: b.err}
	}
	return b.read(raw, depth+1)
}

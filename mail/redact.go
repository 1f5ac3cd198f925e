package mail

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/quotedprintable"
	"regexp"
	"slices"
	"strings"

	"github.com/emersion/go-message/textproto"

	"galloper/orders"
)

// Redacted is what stands in a stored mail for the value of a PASSWORD line.
const Redacted = "[redacted]"

// maxRedactDepth is how deep in nested MIME parts Redact looks, as deep
// as any mail program nests them and then some.
const maxRedactDepth = 16

var (
	// passwordLine matches a PASSWORD line of plain text, quoted or not,
	// up to the start of its value.
	passwordLine = regexp.MustCompile(`(?im)^([ \t>]*password\b[ \t]*:?[ \t]*)[^\r\n]+`)
	// passwordHTML matches a PASSWORD line of HTML, which starts after a
	// tag or a line break and ends at the next tag or line break; a line
	// break between the keyword and its value is only a space in HTML.
	passwordHTML = regexp.MustCompile(`(?i)((?:^|>|\n)(?:\s|&nbsp;)*password(?:\s|&nbsp;|:)+)[^<\r\n]+`)
)

// Redact returns raw with the value of every PASSWORD line in its text
// parts (plain text, HTML, text attachments and forwarded mails, whatever
// their transfer encoding) replaced by Redacted, and reports whether there
// was any. Only the parts that held a password are written again (in
// their own transfer encoding); every other byte of the mail is kept as
// it came, so the stored mail stays the evidence of what was sent.
func Redact(raw []byte) ([]byte, bool) {
	return redactEntity(raw, 0)
}

// redactEntity redacts one MIME entity: a header and its body.
func redactEntity(raw []byte, depth int) ([]byte, bool) {
	if depth > maxRedactDepth {
		return raw, false
	}
	n := headerLen(raw)
	h, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(raw[:n])))
	if err != nil {
		return raw, false
	}
	ct, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		ct, params = "text/plain", nil // RFC 2045 §5.2
	}
	_, disp, _ := mime.ParseMediaType(h.Get("Content-Disposition"))
	name := strings.ToLower(disp["filename"] + params["name"])
	body := raw[n:]
	var out []byte
	var changed bool
	switch {
	case strings.HasPrefix(ct, "multipart/") && params["boundary"] != "":
		out, changed = redactMultipart(body, params["boundary"], depth)
	case ct == "message/rfc822":
		out, changed = redactEntity(body, depth+1)
	case strings.HasPrefix(ct, "text/") || strings.HasSuffix(name, ".txt") || ct == "application/json" || strings.HasSuffix(name, ".json"):
		out, changed = redactLeaf(body, ct == "text/html", h.Get("Content-Transfer-Encoding"))
	}
	if !changed {
		return raw, false
	}
	return slices.Concat(raw[:n], out), true
}

// headerLen is the length of raw's header, with the blank line ending it.
func headerLen(raw []byte) int {
	for i := 0; i < len(raw); {
		j := bytes.IndexByte(raw[i:], '\n')
		if j < 0 {
			break
		}
		line := raw[i : i+j+1]
		i += j + 1
		if len(bytes.TrimRight(line, "\r\n")) == 0 {
			return i
		}
	}
	return len(raw)
}

// redactMultipart redacts each part of a multipart body, keeping its
// preamble, delimiter lines and epilogue as they are (RFC 2046 §5.1.1).
func redactMultipart(body []byte, boundary string, depth int) ([]byte, bool) {
	delim := []byte("--" + boundary)
	var lines []int // where each delimiter line starts
	// As Go's and go-message's readers do, take the line break of the
	// first delimiter line as the one before every later delimiter, so
	// that the parts found here are the parts Read finds.
	var nl []byte
	for i := 0; ; {
		j := bytes.Index(body[i:], delim)
		if j < 0 {
			break
		}
		j += i
		i = j + len(delim)
		rest := body[i:]
		if !(len(rest) == 0 || strings.IndexByte("\r\n \t", rest[0]) >= 0 || bytes.HasPrefix(rest, []byte("--"))) {
			continue
		}
		switch {
		case nl == nil && (j == 0 || body[j-1] == '\n'):
			nl = []byte("\n")
			if eol := bytes.IndexByte(rest, '\n'); eol > 0 && rest[eol-1] == '\r' {
				nl = []byte("\r\n")
			}
		case nl == nil || !bytes.HasSuffix(body[:j], nl):
			continue
		}
		lines = append(lines, j)
	}
	var b bytes.Buffer
	changed, last := false, 0
	for k := 0; k+1 < len(lines); k++ {
		if bytes.HasPrefix(body[lines[k]+len(delim):], []byte("--")) {
			break // the close delimiter
		}
		start := lines[k] + bytes.IndexByte(body[lines[k]:], '\n') + 1 // a next delimiter line follows, so there is a '\n'
		end := lines[k+1] - len(nl)                                    // the line break before a delimiter belongs to it
		if start > end {
			continue
		}
		if part, ok := redactEntity(body[start:end], depth+1); ok {
			b.Write(body[last:start])
			b.Write(part)
			last, changed = end, true
		}
	}
	if !changed {
		return body, false
	}
	b.Write(body[last:])
	return b.Bytes(), true
}

// redactLeaf redacts the text of a single part, decoding its transfer
// encoding and encoding it again the same way when it changed.
func redactLeaf(body []byte, isHTML bool, cte string) ([]byte, bool) {
	cte = strings.ToLower(strings.TrimSpace(cte))
	text := body
	var err error
	switch cte {
	case "base64":
		text, err = io.ReadAll(base64.NewDecoder(base64.StdEncoding, bytes.NewReader(bytes.ReplaceAll(body, []byte(" "), nil))))
	case "quoted-printable":
		text, err = io.ReadAll(quotedprintable.NewReader(bytes.NewReader(body)))
	}
	if err != nil {
		return body, false
	}
	re := passwordLine
	if isHTML {
		re = passwordHTML
	}
	// An order file in JSON holds its password in a field.
	lines, fields := re.Match(text), orders.JSONPassword.Match(text)
	if !lines && !fields {
		return body, false
	}
	text = re.ReplaceAll(text, []byte("${1}"+Redacted))
	text = orders.JSONPassword.ReplaceAll(text, []byte(`${1}"`+Redacted+`"`))
	switch cte {
	case "base64":
		enc := base64.StdEncoding.EncodeToString(text)
		var b bytes.Buffer
		for len(enc) > 76 {
			b.WriteString(enc[:76] + "\r\n")
			enc = enc[76:]
		}
		b.WriteString(enc + "\r\n")
		return b.Bytes(), true
	case "quoted-printable":
		var b bytes.Buffer
		w := quotedprintable.NewWriter(&b)
		w.Write(text)
		w.Close()
		return b.Bytes(), true
	}
	return text, true
}

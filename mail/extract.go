// Package mail is Galloper's mail side: IMAP intake that stores every
// message before acknowledging it, MIME reading of order mails, and the
// SMTP sender that drains the outbox.
package mail

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"html"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	_ "github.com/emersion/go-message/charset" // decode windows-1252, Latin-1, ...
	"github.com/emersion/go-message/mail"
	"golang.org/x/text/encoding/charmap"

	"galloper/adjudicator"
)

// MaxAttachments is the most attachments an order mail may carry. A mail
// with more is refused with a clear reply rather than searched.
const MaxAttachments = 5

// maxPart is the most Galloper reads of one MIME part.
const maxPart = 1 << 20

// Read turns a raw stored message into what the adjudicator needs: the
// sender, threading headers, whether it is an automatic mail, and the
// order text: the body (its first text/plain part, format=flowed decoded,
// else its HTML part turned into text) or a .txt attachment or forwarded
// mail, whichever is the order file (see orderText), without a phone's
// signature and what follows it (see cutClientSignature).
func Read(raw []byte) adjudicator.Incoming {
	return ReadWithin(raw, adjudicator.DefaultLimits())
}

// readMail is Read of a mail at nesting depth within budget b.
func readMail(raw []byte, b *budget, depth int) adjudicator.Incoming {
	var in adjudicator.Incoming
	mr, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil && mr == nil {
		in.ReadErr = fmt.Errorf("not a mail message: %w", err)
		return in
	}
	h := mr.Header
	if from, err := h.AddressList("From"); err == nil && len(from) > 0 {
		in.From = from[0].Address
	}
	for _, key := range []string{"To", "Cc", "Delivered-To", "X-Original-To"} {
		if list, err := h.AddressList(key); err == nil {
			for _, a := range list {
				in.To = append(in.To, a.Address)
			}
		}
	}
	in.MessageID, _ = h.MessageID()
	if in.MessageID != "" {
		in.MessageID = "<" + in.MessageID + ">"
	}
	if refs, err := h.MsgIDList("References"); err == nil {
		for _, r := range refs {
			in.References = append(in.References, "<"+r+">")
		}
	}
	in.Subject, _ = h.Subject()
	in.Automatic = isAutomatic(h)
	if v := h.Get(OversizeHeader); v != "" {
		var size, limit int64
		fmt.Sscanf(v, "%d %d", &size, &limit)
		in.ReadErr = fmt.Errorf("it is %d bytes, over Galloper's limit of %d bytes, so it was not read", size, limit)
		return in
	}
	if b.err != nil {
		in.ReadErr = b.err // refused before its parts are read
		return in
	}
	var plain, html string
	var files []textFile // text attachments and forwarded messages, in order
	attachments := 0
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if plain == "" && len(files) == 0 && html == "" {
				in.ReadErr = fmt.Errorf("the mail's MIME structure is broken: %w", err)
			}
			break
		}
		body, ok := b.part(p.Body)
		if b.err != nil {
			break
		}
		if !ok {
			continue
		}
		switch ph := p.Header.(type) {
		case *mail.InlineHeader:
			ct, params, _ := ph.ContentType()
			_, disp, _ := ph.ContentDisposition()
			name := cmp.Or(disp["filename"], params["name"])
			switch {
			case ct == "text/plain" && name != "":
				// Apple Mail sends an attached file inline.
				files = append(files, textFile{name, plainText(body, params)})
			case ct == "text/plain" && plain == "":
				plain = plainText(body, params)
			case ct == "text/html" && html == "":
				html = htmlToText(string(body))
			case ct == "message/rfc822":
				if fwd := b.nested(body, depth); fwd.ReadErr == nil && hasGameLine(fwd.Text) {
					files = append(files, textFile{"the forwarded mail", fwd.Text})
				}
			}
		case *mail.AttachmentHeader:
			attachments++
			name, _ := ph.Filename()
			ct, params, _ := ph.ContentType()
			switch {
			case strings.HasSuffix(strings.ToLower(name), ".txt") || ct == "text/plain":
				files = append(files, textFile{name, plainText(body, params)})
			case strings.HasSuffix(strings.ToLower(name), ".json") || ct == "application/json":
				// An order file in JSON, as bots send it (docs/bots.md).
				files = append(files, textFile{name, string(body)})
			case ct == "message/rfc822":
				// A mail forwarded as an attachment: its own order text.
				if fwd := b.nested(body, depth); fwd.ReadErr == nil && hasGameLine(fwd.Text) {
					files = append(files, textFile{"the forwarded mail", fwd.Text})
				}
			}
		}
	}
	if attachments > MaxAttachments {
		in.ReadErr = fmt.Errorf("it has %d attachments; Galloper reads at most %d, and only a .txt order file among them", attachments, MaxAttachments)
		return in
	}
	if plain == "" {
		plain = html
	}
	text, err := orderText(plain, files)
	if err != nil {
		in.ReadErr = err
	}
	in.Text = cutClientSignature(unforward(fromWindows1252(text)))
	return in
}

// textFile is a text attachment, or a forwarded mail's order text.
type textFile struct{ name, text string }

// plainText is the text of a text/plain part, format=flowed decoded.
func plainText(body []byte, params map[string]string) string {
	if strings.EqualFold(params["format"], "flowed") {
		return decodeFlowed(string(body), strings.EqualFold(params["delsp"], "yes"))
	}
	return string(body)
}

// orderText chooses the order file among a mail's body and its text
// files: the one with the most envelope lines (see envelopeLines), the
// body when it has as many as any file; two files with the most is an
// error, since either may be the one meant. When none has any, the first
// text file is read, else the body, so that the reply lists the problems
// of what was most likely meant as orders. A body note that mentions the
// game ("my orders for this game are attached") has no envelope line.
func orderText(body string, files []textFile) (string, error) {
	best := envelopeLines(body)
	var found []textFile
	for _, f := range files {
		switch n := envelopeLines(f.text); {
		case n > best:
			best, found = n, []textFile{f}
		case n == best && n > 0 && len(found) > 0:
			found = append(found, f)
		}
	}
	switch {
	case len(found) == 1:
		return found[0].text, nil
	case len(found) > 1:
		var names []string
		for _, f := range found {
			names = append(names, fmt.Sprintf("%q", f.name))
		}
		return "", fmt.Errorf("it has %d order files (%s) and Galloper cannot tell which one you meant, so it read none; "+
			"send the one that counts on its own", len(found), strings.Join(names, ", "))
	case best == 0 && len(files) > 0 && strings.TrimSpace(files[0].text) != "":
		return files[0].text, nil
	}
	return body, nil
}

// envelopeKeywords start the lines that make a text an order file.
var envelopeKeywords = []string{"GAME", "SIDE", "TURN", "PASSWORD"}

// envelopeLines counts the envelope keywords (GAME, SIDE, TURN, PASSWORD)
// that start an unquoted line of text: 4 for a whole order file, fewer
// for one sent to the game's own address without its GAME line, or for a
// note that happens to start a line with "Game".
func envelopeLines(text string) int {
	seen := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			if k := strings.ToUpper(strings.TrimSuffix(f[0], ":")); slices.Contains(envelopeKeywords, k) {
				seen[k] = true
			}
		}
	}
	return len(seen)
}

// fromWindows1252 decodes text that is not valid UTF-8 as Windows-1252,
// the charset mail programs use most often when they declare none (or
// declare it wrongly). Valid UTF-8 is returned as it is.
func fromWindows1252(text string) string {
	if utf8.ValidString(text) {
		return text
	}
	s, err := charmap.Windows1252.NewDecoder().String(text)
	if err != nil {
		return text
	}
	return s
}

// isAutomatic reports bounces and auto-replies, which must never be
// answered (RFC 3834).
func isAutomatic(h mail.Header) bool {
	if v := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted"))); v != "" && v != "no" {
		return true
	}
	switch strings.ToLower(strings.TrimSpace(h.Get("Precedence"))) {
	case "bulk", "junk", "list", "auto_reply":
		return true
	}
	if h.Get("X-Autoreply") != "" || h.Get("X-Autorespond") != "" || h.Get("X-Galloper") != "" {
		return true
	}
	if ct, _, err := h.ContentType(); err == nil && ct == "multipart/report" {
		return true // a delivery or read report (RFC 6522)
	}
	rp := strings.TrimSpace(h.Get("Return-Path"))
	if rp == "<>" {
		return true
	}
	from := strings.ToLower(h.Get("From"))
	return strings.Contains(from, "mailer-daemon") || strings.Contains(from, "postmaster@")
}

var (
	htmlBreak = regexp.MustCompile(`(?i)<\s*(br|p|/p|div|/div|/li|tr|/tr|/h[1-6]|/pre|hr)\b[^>]*>`)
	htmlTag   = regexp.MustCompile(`(?s)<[^>]*>`)
	htmlDrop  = regexp.MustCompile(`(?is)<(style|script|head)[^>]*>.*?</(style|script|head)>`)
	htmlQuote = regexp.MustCompile(`(?i)<(/?)blockquote\b[^>]*>`)
	htmlPre   = regexp.MustCompile(`(?is)<pre\b[^>]*>.*?</pre>`)
	htmlSpace = regexp.MustCompile(`[ \t\r\n]+`)
)

// htmlToText keeps the text of an HTML mail, one line per block. White
// space in the HTML source counts as one space, as a browser shows it,
// except inside <pre>; quoted replies (<blockquote>) are dropped, as
// quoted text lines are in a plain mail; every entity is decoded.
func htmlToText(s string) string {
	s = htmlDrop.ReplaceAllString(s, "")
	s = dropBlockquotes(s)
	s = collapseOutsidePre(s)
	s = htmlBreak.ReplaceAllString(s, "\n")
	s = htmlTag.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, "&nbsp;", " ")
	return html.UnescapeString(s)
}

// dropBlockquotes removes every <blockquote> element, nested ones too.
func dropBlockquotes(s string) string {
	var b strings.Builder
	depth, last := 0, 0
	for _, m := range htmlQuote.FindAllStringSubmatchIndex(s, -1) {
		closing := m[3] > m[2]
		if depth == 0 {
			b.WriteString(s[last:m[0]])
		}
		switch {
		case !closing:
			depth++
		case depth > 0:
			depth--
		}
		last = m[1]
	}
	if depth == 0 {
		b.WriteString(s[last:])
	}
	return b.String()
}

// collapseOutsidePre turns each run of white space into one space, except
// inside <pre> elements, whose line ends become <br>.
func collapseOutsidePre(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range htmlPre.FindAllStringIndex(s, -1) {
		b.WriteString(htmlSpace.ReplaceAllString(s[last:m[0]], " "))
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(s[m[0]:m[1]], "\r\n", "<br>"), "\n", "<br>"))
		last = m[1]
	}
	b.WriteString(htmlSpace.ReplaceAllString(s[last:], " "))
	return b.String()
}

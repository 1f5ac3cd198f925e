package mail

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emersion/go-message"
)

// allText returns the decoded text of every part of a mail, forwarded
// mails included, so that a test can look for a password anywhere.
func allText(t *testing.T, raw []byte) string {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && e == nil {
		t.Fatalf("the mail does not parse: %v", err)
	}
	var b strings.Builder
	err = e.Walk(func(_ []int, p *message.Entity, err error) error {
		if err != nil || p.MultipartReader() != nil {
			return err
		}
		body, err := io.ReadAll(p.Body)
		if ct, _, _ := p.Header.ContentType(); ct == "message/rfc822" {
			b.WriteString(allText(t, body))
		}
		b.Write(body)
		return err
	})
	if err != nil {
		t.Fatalf("reading the mail's parts: %v", err)
	}
	return b.String()
}

// TestRedact checks that Redact removes the password from every part of
// a mail, in any transfer encoding, changes nothing else that Galloper
// reads, and leaves a mail without a password exactly as it was.
func TestRedact(t *testing.T) {
	head := "From: ed@example.org\r\nTo: galloper+tc-1@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\n"
	b64 := base64.StdEncoding.EncodeToString([]byte(orderFile + "PASSWORD: tulip-47\r\n"))
	mails := map[string]string{
		"plain, no MIME":   "From: ed@example.org\r\nSubject: orders\r\n\r\n" + strings.ReplaceAll(orderFile, "\r\n", "\n"),
		"quoted-printable": head + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nGAME tc-1\r\npassword=20tulip-47=\r\n\r\nSTACK Barton\r\nEND\r\n",
		"quoted too":       head + "Content-Type: text/plain\r\n\r\nGAME tc-1\r\n\r\n> PASSWORD tulip-47\r\n>> Password: tulip-47\r\n",
		"html": head + "Content-Type: text/html; charset=utf-8\r\n\r\n<div dir=\"ltr\">GAME tc-1<div>PASSWORD&nbsp;tulip-47</div>" +
			"<div>STACK Barton</div></div>\r\n<p>\r\nPASSWORD tulip-47<br>\r\n</p>\r\n",
		"base64 attachment, nested": head + "Content-Type: multipart/mixed; boundary=\"outer\"\r\n\r\npreamble\r\n--outer\r\n" +
			"Content-Type: multipart/alternative; boundary=\"inner\"\r\n\r\n--inner\r\nContent-Type: text/plain\r\n\r\nsee attached\r\n" +
			"--inner\r\nContent-Type: text/html\r\n\r\n<div>see attached</div>\r\n--inner--\r\n\r\n--outer\r\n" +
			"Content-Type: application/octet-stream; name=\"orders.txt\"\r\nContent-Disposition: attachment; filename=\"orders.txt\"\r\n" +
			"Content-Transfer-Encoding: base64\r\n\r\n" + b64[:40] + "\r\n" + b64[40:] + "\r\n\r\n--outer--\r\nepilogue\r\n",
		"forwarded": head + "Content-Type: multipart/mixed; boundary=f\r\n\r\n--f\r\nContent-Type: text/plain\r\n\r\nfrom Ann\r\n--f\r\n" +
			"Content-Type: message/rfc822\r\nContent-Disposition: attachment\r\n\r\nFrom: ann@example.org\r\nSubject: orders\r\n" +
			"Content-Type: text/plain; charset=utf-8; format=flowed\r\nContent-Transfer-Encoding: 7bit\r\n\r\n" + orderFile + "\r\n--f--\r\n",
	}
	// And every real client's mail in the corpus of order mails.
	corpus, _ := filepath.Glob("../cmd/galloper/testdata/mails/*.eml")
	if len(corpus) < 20 {
		t.Fatalf("found %d mails in the corpus", len(corpus))
	}
	for _, path := range corpus {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		mails[filepath.Base(path)] = string(raw)
	}
	for name, raw := range mails {
		out, changed := Redact([]byte(raw))
		had := strings.Contains(allText(t, []byte(raw)), "tulip-47")
		if changed != had {
			t.Errorf("%s: redacted %v, but the mail holds a password: %v", name, changed, had)
		}
		if !changed {
			if !bytes.Equal(out, []byte(raw)) {
				t.Errorf("%s: a mail without a password was changed", name)
			}
			continue
		}
		if all := allText(t, out); strings.Contains(all, "tulip-47") || !strings.Contains(all, Redacted) {
			t.Errorf("%s: after redaction the mail reads:\n%s", name, all)
		}
		before, after := Read([]byte(raw)), Read(out)
		// A part written again has CRLF line ends, as mail should.
		crlf := strings.NewReplacer("\r\n", "\n")
		if want := strings.ReplaceAll(crlf.Replace(before.Text), "tulip-47", Redacted); crlf.Replace(after.Text) != want || fmt.Sprint(after.ReadErr) != fmt.Sprint(before.ReadErr) ||
			after.MessageID != before.MessageID || after.Subject != before.Subject {
			t.Errorf("%s: read after redaction as\n%q (%v)\nwant\n%q", name, after.Text, after.ReadErr, want)
		}
	}
}

// FuzzRedact checks that redacting any byte string never panics, that a
// mail without a PASSWORD line is left exactly as it was, and that what
// Read makes of a redacted mail has no PASSWORD line with a value other
// than Redacted.
func FuzzRedact(f *testing.F) {
	head := "From: a@b.test\r\nTo: g@x.test\r\nSubject: orders\r\nMIME-Version: 1.0\r\n"
	for _, s := range []string{
		head + "Content-Type: text/plain\r\n\r\nGAME g\r\nPASSWORD secret\r\n",
		head + "Content-Type: text/plain; format=flowed; delsp=yes\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nPASSWORD=20s=\r\necret\r\n",
		head + "Content-Type: multipart/mixed; boundary=m\r\n\r\n--m\r\nContent-Type: text/html\r\n\r\n<div>PASSWORD s</div>\r\n--m\r\n" +
			"Content-Disposition: attachment; filename=o.txt\r\nContent-Transfer-Encoding: base64\r\n\r\nUEFTU1dPUkQgcwo=\r\n--m--\r\n",
		head + "Content-Type: multipart/mixed; boundary=m\r\n\r\n--m\r\nContent-Type: message/rfc822\r\n\r\nSubject: x\r\n\r\nPASSWORD s\r\n--m",
		"not a mail at all",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		out, changed := Redact(raw)
		if !changed && !bytes.Equal(out, raw) {
			t.Fatal("Redact changed a mail but said it did not")
		}
		if !changed {
			return
		}
		for _, l := range strings.Split(Read(out).Text, "\n") {
			f := strings.Fields(strings.TrimLeft(l, " \t>"))
			if len(f) > 1 && strings.EqualFold(strings.TrimSuffix(f[0], ":"), "PASSWORD") && f[1] != Redacted {
				t.Fatalf("a PASSWORD line survived redaction: %q", l)
			}
		}
	})
}

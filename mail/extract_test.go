package mail

import (
	"encoding/base64"
	"strings"
	"testing"
)

// orderFile is a whole order file, as an attachment or body carries it.
const orderFile = "GAME tc-1\r\nSIDE CSA\r\nTURN 1\r\nPASSWORD tulip-47\r\n\r\nSTACK Barton\r\n  MOVE A4.3\r\nEND\r\n"

// mixed builds a multipart/mixed mail with a text body and the parts given.
func mixed(body string, parts ...string) []byte {
	s := "From: ed@example.org\r\nTo: galloper+tc-1@example.org\r\nSubject: orders\r\nMessage-ID: <m@example.org>\r\n" +
		"MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n" +
		"--b\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n" + body + "\r\n"
	for _, p := range parts {
		s += "--b\r\n" + p + "\r\n"
	}
	return []byte(s + "--b--\r\n")
}

// file is an attached text file, base64 as mail programs send it.
func file(name, disposition, text string) string {
	return "Content-Type: text/plain; charset=UTF-8; name=\"" + name + "\"\r\nContent-Disposition: " + disposition +
		"; filename=\"" + name + "\"\r\nContent-Transfer-Encoding: base64\r\n\r\n" + base64.StdEncoding.EncodeToString([]byte(text)) + "\r\n"
}

// TestReadChoosesTheOrderFile checks which text Read takes as the order
// file when a mail has a body and text files: the one with an envelope
// line, whatever the note says; never one of two order files silently.
func TestReadChoosesTheOrderFile(t *testing.T) {
	note := "Some notes on the game: the mill matters.\r\n"
	for _, tc := range []struct {
		name    string
		raw     []byte
		want    string // a line the order text must have
		wantErr string
	}{
		{"note mentions the game", mixed("My orders for this game are attached.", file("orders.txt", "attachment", orderFile)), "STACK Barton", ""},
		{"note in capitals", mixed("GAME ON! Orders attached.", file("orders.txt", "attachment", orderFile)), "STACK Barton", ""},
		{"orders in the body win", mixed(orderFile, file("notes.txt", "attachment", note)), "STACK Barton", ""},
		{"notes file first", mixed("Two files.", file("notes.txt", "attachment", note), file("orders.txt", "attachment", orderFile)), "STACK Barton", ""},
		{"orders file first", mixed("Two files.", file("orders.txt", "attachment", orderFile), file("notes.txt", "attachment", note)), "STACK Barton", ""},
		{"Apple Mail attaches inline", mixed("Orders attached.", file("orders.txt", "inline", orderFile)), "STACK Barton", ""},
		{"file without GAME line", mixed("See the file.", file("o.txt", "attachment", strings.Replace(orderFile, "GAME tc-1\r\n", "", 1))), "STACK Barton", ""},
		{"no order file: the attachment is read", mixed("See the file.", file("o.txt", "attachment", "STAK Barton\r\n")), "STAK Barton", ""},
		{"two order files", mixed("Old and new.", file("turn1.txt", "attachment", orderFile), file("turn1-v2.txt", "attachment", orderFile)),
			"", `it has 2 order files ("turn1.txt", "turn1-v2.txt") and Galloper cannot tell which one you meant`},
	} {
		in := Read(tc.raw)
		switch {
		case tc.wantErr != "":
			if in.ReadErr == nil || !strings.Contains(in.ReadErr.Error(), tc.wantErr) {
				t.Errorf("%s: error %v, want %q", tc.name, in.ReadErr, tc.wantErr)
			}
		case in.ReadErr != nil:
			t.Errorf("%s: %v", tc.name, in.ReadErr)
		case !strings.Contains(in.Text, tc.want):
			t.Errorf("%s: read %q, want a line %q", tc.name, in.Text, tc.want)
		}
	}
}

// TestReadFlowedAndSignatures checks that Read decodes format=flowed parts
// and leaves out a phone's signature and the reply quoted below it, also
// when only the HTML part is there to read.
func TestReadFlowedAndSignatures(t *testing.T) {
	head := "From: ed@example.org\r\nTo: galloper+tc-1@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\n"
	for _, tc := range []struct {
		name, raw, want, not string
	}{
		{"flowed", head + "Content-Type: text/plain; charset=UTF-8; format=flowed\r\n\r\n   INTENT Seize the mill \r\nbefore dawn.\r\n",
			"  INTENT Seize the mill before dawn.\n", ""},
		{"flowed delsp", head + "Content-Type: text/plain;\r\n\tcharset=us-ascii;\r\n\tformat=flowed;\r\n\tdelsp=yes\r\n\r\nROUTE Mill Road,  \r\nA8.6\r\n",
			"ROUTE Mill Road, A8.6\n", ""},
		{"flowed quoted-printable", head + "Content-Type: text/plain; charset=utf-8; format=flowed\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nINTENT Hold the ford=20\r\nat A8.6.\r\n",
			"INTENT Hold the ford at A8.6.\n", ""},
		{"fixed text keeps its trailing spaces apart", head + "Content-Type: text/plain; charset=UTF-8\r\n\r\nINTENT a \r\nEND\r\n", "INTENT a \r\nEND", ""},
		{"iPhone plain", head + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + orderFile + "\r\nSent from my iPhone\r\n\r\n> On 3 Mar 2026, at 09:30, Galloper <g@example.org> wrote:\r\n",
			"STACK Barton", "iPhone"},
		{"iPhone HTML only", head + "Content-Type: text/html; charset=utf-8\r\n\r\n<html><body dir=\"auto\"><div dir=\"ltr\">GAME tc-1</div><div dir=\"ltr\">STACK Barton</div>" +
			"<div dir=\"ltr\">END</div><div dir=\"ltr\"><br></div><div dir=\"ltr\">Sent from my iPhone</div><div dir=\"ltr\"><br>" +
			"<blockquote type=\"cite\">On 3 Mar 2026, at 09:30, Galloper &lt;g@example.org&gt; wrote:<br><br></blockquote></div>" +
			"<blockquote type=\"cite\"><div dir=\"ltr\">\ufeff<pre>Galloper could not accept your orders</pre></div></blockquote></body></html>\r\n",
			"STACK Barton", "Sent from"},
		{"Android, reply unquoted below", head + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + orderFile + "\r\n\r\nSent from my Galaxy\r\n\r\n\r\n" +
			"-------- Original message --------\r\nFrom: Galloper <g@example.org>\r\nDate: 03/03/2026 09:30 (GMT+00:00)\r\n\r\nGalloper could not accept your orders\r\n",
			"STACK Barton", "could not accept"},
	} {
		in := Read([]byte(tc.raw))
		if in.ReadErr != nil || !strings.Contains(in.Text, tc.want) || tc.not != "" && strings.Contains(in.Text, tc.not) {
			t.Errorf("%s: read %q (%v), want %q without %q", tc.name, in.Text, in.ReadErr, tc.want, tc.not)
		}
	}
}

// TestReadBrokenMIME checks that a mail whose MIME structure breaks before
// any text is read is refused as broken, not read as an empty mail.
func TestReadBrokenMIME(t *testing.T) {
	raw := "From: ed@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n" +
		"--b\r\nContent-Type: multipart/alternative; boundary=c\r\n\r\n--b--\r\n"
	if in := Read([]byte(raw)); in.ReadErr == nil || !strings.Contains(in.ReadErr.Error(), "MIME structure is broken") {
		t.Fatalf("read %q, error %v", in.Text, in.ReadErr)
	}
}

package mail

import (
	"testing"
	"unicode/utf8"

	"galloper/orders"
	"galloper/rules/lob/lobtext"
)

// FuzzRead checks that reading any byte string as a mail never panics,
// that the order text it finds is valid UTF-8, and that the parser copes
// with it.
func FuzzRead(f *testing.F) {
	head := "From: a@b.test\r\nTo: g@x.test\r\nSubject: orders\r\nMIME-Version: 1.0\r\n"
	for _, s := range []string{
		head + "Content-Type: text/plain; charset=utf-8\r\n\r\nGAME g\r\nSIDE CSA\r\nTURN 1\r\nSTACK a\r\n FACE N\r\nEND\r\n",
		head + "Content-Type: text/html\r\n\r\n<div>GAME g</div><blockquote><div>old</div></blockquote><pre>STACK a\n</pre>",
		head + "Content-Type: text/plain; charset=windows-1252\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nSTACK Hood=92s Div\r\n",
		head + "Content-Type: multipart/mixed; boundary=m\r\n\r\n--m\r\nContent-Type: text/plain\r\n\r\nsee attached\r\n--m\r\n" +
			"Content-Disposition: attachment; filename=o.txt\r\nContent-Transfer-Encoding: base64\r\n\r\nR0FNRSBnCg==\r\n--m--\r\n",
		head + "Content-Type: text/plain\r\n\r\n\x92\x93\x94 8-bit without a charset\r\n",
		"not a mail at all",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		in := Read(raw)
		if !utf8.ValidString(in.Text) {
			t.Fatalf("order text is not UTF-8: %q", in.Text)
		}
		orders.ParseEnvelope(in.Text)
		lobtext.Parse(in.Text)
	})
}

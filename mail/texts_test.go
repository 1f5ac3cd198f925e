package mail

import (
	"bytes"
	"testing"

	"github.com/emersion/go-message/mail"
)

// TestTextParts checks that TextParts returns a mail's body and its text
// attachments, decoded and in order, and leaves out its HTML and binary
// parts.
func TestTextParts(t *testing.T) {
	raw := mixed("Results of turn 1.",
		"Content-Type: text/html; charset=UTF-8\r\n\r\n<p>Results</p>\r\n",
		file("dice.txt", "attachment", "BEGIN GALLOPER DICE RECORD\r\n"),
		"Content-Type: application/zip; name=\"map.zip\"\r\nContent-Disposition: attachment; filename=\"map.zip\"\r\n\r\nPK\r\n")
	mr, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	want := "Results of turn 1.\n" + "BEGIN GALLOPER DICE RECORD\r\n\n"
	if got := TextParts(mr); got != want {
		t.Errorf("TextParts = %q, want %q", got, want)
	}
}

package mail_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// msgIDPattern is RFC 5322's msg-id (§3.6.4) without obsolete forms or
// folding: "<" dot-atom-text "@" (dot-atom-text / no-fold-literal) ">",
// where a dot-atom-text is atext runs joined by single dots (§3.2.3).
var msgIDPattern = func() *regexp.Regexp {
	atext := "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
	dotAtom := atext + `(?:\.` + atext + `)*`
	literal := `\[[\x21-\x5a\x5e-\x7e]*\]`
	return regexp.MustCompile(`^<` + dotAtom + `@(?:` + dotAtom + `|` + literal + `)>$`)
}()

func TestMsgIDPatternIsStrict(t *testing.T) {
	for id, valid := range map[string]bool{
		"<galloper.help.1.ann=example.test@example.test>":  true,
		"<galloper.help..1.ann=example.test@example.test>": false,
		"<.a@b>": false, "<a.@b>": false, "<a b@c>": false, "<a@b..c>": false, "<a@[1.2.3.4]>": true, "a@b": false,
	} {
		if msgIDPattern.MatchString(id) != valid {
			t.Errorf("%s: valid %v, want %v", id, !valid, valid)
		}
	}
}

// Every kind of mail Galloper sends (game start, receipt, results,
// STATUS, ORDERS, HELP to a stranger, refusals) carries a valid
// Message-ID.
func TestEveryMailHasAValidMessageID(t *testing.T) {
	r := newRig(t)
	r.cycle()
	replyTo := r.replyTo(usaAddr)
	if err := r.srv.Send(usaAddr, replyTo, r.compose(usaAddr, "Re: Game creek begins", "status\n")); err != nil {
		t.Fatal(err)
	}
	r.send(csaAddr, "what do you hold", "GAME creek\nSIDE CSA\nPASSWORD tulip\nORDERS\n")
	r.send("ann@example.test", "help", "HELP\n")
	r.send("bob.o'neil+games@example.test", "hello", "hello, how do I play?\n")
	r.send(csaAddr, "map", "GAME creek\nSIDE CSA\nPASSWORD wrong\nMAP\n")
	r.send(csaAddr, "orders", csaTurn1)
	r.cycle()
	kinds := map[string]bool{}
	for _, m := range r.srv.Sent() {
		h := header(t, m.Raw)
		id := strings.TrimSpace(h.Get("Message-Id"))
		subject := h.Get("Subject")
		kinds[strings.SplitN(subject, ":", 2)[0]] = true
		if !msgIDPattern.MatchString(id) {
			t.Errorf("mail %q to %s has an invalid Message-ID %s", subject, m.To, id)
		}
		if bytes.Count(m.Raw, []byte("\nMessage-Id:"))+bytes.Count(m.Raw, []byte("\nMessage-ID:")) > 1 {
			t.Errorf("mail %q has more than one Message-ID", subject)
		}
	}
	if len(kinds) < 6 {
		t.Fatalf("only %d kinds of mail were sent (%v); the test covers too little", len(kinds), kinds)
	}
}

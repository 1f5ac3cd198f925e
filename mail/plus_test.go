package mail_test

import (
	"bytes"
	"strings"
	"testing"
)

// A reply address written in capitals, as some clients and gateways
// write it (GM+CREEK.USA.TOKEN@GALLOPER.TEST), finds its game and player:
// addresses are compared without regard to case.
func TestUpperCasePlusAddress(t *testing.T) {
	r := newRig(t)
	r.cycle()
	upper := strings.ToUpper(r.replyTo(usaAddr))
	raw := r.compose(usaAddr, "Re: Game creek begins", "status\n")
	raw = bytes.Replace(raw, []byte("To: <"+gm+">"), []byte("To: <"+upper+">"), 1)
	if !bytes.Contains(raw, []byte(upper)) {
		t.Fatalf("the test mail is not addressed to %s:\n%s", upper, raw)
	}
	if err := r.srv.Deliver(append([]byte("Delivered-To: "+upper+"\r\n"), raw...)); err != nil {
		t.Fatal(err)
	}
	// A mail with no GAME line sent to the game's address in capitals.
	raw = r.compose(csaAddr, "orders", "SIDE CSA\nTURN 1\nPASSWORD tulip\n")
	raw = bytes.Replace(raw, []byte("To: <"+gm+">"), []byte("To: <GM+CREEK@GALLOPER.TEST>"), 1)
	if err := r.srv.Deliver(raw); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if got := r.mailsTo(usaAddr, "STATUS: creek, USA"); len(got) != 1 {
		t.Fatalf("STATUS by the upper-case reply address: %d answers, want 1", len(got))
	}
	if got := r.mailsTo(csaAddr, "Receipt: creek"); len(got) != 1 {
		var subjects []string
		for _, m := range r.srv.Sent() {
			subjects = append(subjects, m.To+": "+header(t, m.Raw).Get("Subject"))
		}
		t.Fatalf("orders to the upper-case game address: %d receipts, want 1; sent: %q", len(got), subjects)
	}
}

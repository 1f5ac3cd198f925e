package mail_test

import (
	"bytes"
	"fmt"
	"runtime/metrics"
	"strings"
	"testing"

	"galloper/adjudicator"
	"galloper/mail"
)

// peakBudget is the most memory handling one hostile mail may take.
const peakBudget = 200 << 20

// allocated returns the bytes f allocates on the heap, by the runtime's
// cumulative allocation counter. The live heap cannot grow by more than
// that, so it bounds from above the peak memory f needs beyond what was
// in use before.
func allocated(f func()) uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	f()
	metrics.Read(s)
	return s[0].Value.Uint64() - before
}

// forwardBomb returns a mail that forwards a mail that forwards a mail ...
// n deep, each as a message/rfc822 part of a multipart/mixed mail.
func forwardBomb(n int) []byte {
	var b bytes.Buffer
	for i := n - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\nContent-Type: message/rfc822\r\n\r\n", i, i)
	}
	b.WriteString("From: x@example.org\r\nSubject: orders\r\nContent-Type: text/plain\r\n\r\nGAME creek\r\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "\r\n--b%d--\r\n", i)
	}
	return b.Bytes()
}

// TestForwardBombRefused: 15,000 nested forwards (once 5 GB of memory)
// are refused, within the memory budget, naming the limit; a mail nested
// within the limit is still read.
func TestForwardBombRefused(t *testing.T) {
	bomb := forwardBomb(15000)
	var in adjudicator.Incoming
	n := allocated(func() { in = mail.Read(bomb) })
	if in.ReadErr == nil || !strings.Contains(in.ReadErr.Error(), "Galloper reads at most") {
		t.Fatalf("the forward bomb (%d bytes) was read: %v", len(bomb), in.ReadErr)
	}
	if n > peakBudget {
		t.Fatalf("reading the forward bomb allocated %d MB, over %d MB", n>>20, peakBudget>>20)
	}
	t.Logf("forward bomb of %d bytes: %v; %d KB allocated", len(bomb), in.ReadErr, n>>10)

	// The same built with only forwarded mails, no multipart: the depth
	// limit stops it.
	deep := []byte("From: x@example.org\r\nContent-Type: text/plain\r\n\r\nGAME creek\r\n")
	for i := 0; i < 20; i++ {
		deep = append([]byte("From: x@example.org\r\nContent-Type: message/rfc822\r\nContent-Disposition: inline\r\n\r\n"), deep...)
	}
	n = allocated(func() { in = mail.Read(deep) })
	if in.ReadErr == nil || !strings.Contains(in.ReadErr.Error(), "forwarded mails more than") || n > peakBudget {
		t.Fatalf("20 forwards without multipart: %v, %d MB allocated", in.ReadErr, n>>20)
	}

	ok := mail.ReadWithin(forwardBomb(3), adjudicator.Limits{MIMEDepth: 4})
	if ok.ReadErr != nil || !strings.Contains(ok.Text, "GAME creek") {
		t.Fatalf("a mail forwarded 3 deep: %v, text %q", ok.ReadErr, ok.Text)
	}
	if tight := mail.ReadWithin(forwardBomb(3), adjudicator.Limits{MIMEDepth: 3}); tight.ReadErr == nil {
		t.Fatal("a mail forwarded 3 deep was read with a depth limit of 3")
	}
	big := mail.ReadWithin(append([]byte("From: x@example.org\r\nContent-Type: text/plain\r\n\r\n"), bytes.Repeat([]byte("x"), 1000)...),
		adjudicator.Limits{DecodedBytes: 100})
	if big.ReadErr == nil || !strings.Contains(big.ReadErr.Error(), "decode to more than 100 bytes") {
		t.Fatalf("a 1,000-byte body with a 100-byte decoded limit: %v", big.ReadErr)
	}
}

// TestForwardBombAnswered: through the daemon, the sender of the forward
// bomb is told the mail could not be read, and the mail is done with.
func TestForwardBombAnswered(t *testing.T) {
	r := newRig(t)
	r.cycle()
	bomb := append([]byte("From: "+csaAddr+"\r\nTo: "+gm+"\r\nSubject: bomb\r\nMessage-ID: <bomb@players.test>\r\nMIME-Version: 1.0\r\n"),
		forwardBomb(15000)...)
	if err := r.srv.Send(csaAddr, gm, bomb); err != nil {
		t.Fatal(err)
	}
	n := allocated(r.cycle)
	if m := r.mailsTo(csaAddr, "Re: bomb"); len(m) != 1 || !strings.Contains(m[0], "could not read this mail") {
		t.Fatalf("replies to the forward bomb: %q", m)
	}
	if r.inbound("new") != 0 || n > peakBudget {
		t.Fatalf("after the forward bomb: %d mails pending, %d MB allocated", r.inbound("new"), n>>20)
	}
}

const csaHeader = "GAME creek\nSIDE CSA\nTURN 1\nPASSWORD tulip\n\n"

// TestOrderFloodsBounded: the order files that once took gigabytes (2,000
// STACK lines for one unit, 25,000 STACK blocks) are refused or answered
// within the memory budget, with a reply of bounded size that says what
// was wrong.
func TestOrderFloodsBounded(t *testing.T) {
	lim := adjudicator.DefaultLimits()
	cases := []struct {
		name, text, want string
	}{
		{"stack flood", strings.Repeat("STACK Barton\n", 2000), "too-many-blocks"},
		{"stack flood at the limit", strings.Repeat("STACK Barton\n", lim.OrderBlocks), "more not listed"},
		{"25k blocks", strings.Repeat("STACK Barton\n  MOVE A5.6, A5.7\nEND\n", 25000), "too-large"},
		{"25k short blocks", strings.Repeat("STACK Barton\nEND\n", 25000), "too-many-lines"},
		{"long block", "STACK Barton\n" + strings.Repeat("  MOVE A5.6\n", 300) + "END\nSTACK Barton\nEND\n", "block-too-long"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t)
			r.cycle()
			r.send(csaAddr, "flood", csaHeader+c.text)
			n := allocated(r.cycle)
			m := r.mailsTo(csaAddr, "Re: flood")
			if len(m) != 1 || !strings.Contains(m[0], c.want) {
				t.Fatalf("%d replies; want one saying %q:\n%.2000s", len(m), c.want, strings.Join(m, "\n---\n"))
			}
			if len(m[0]) > lim.ReplyBytes || n > peakBudget {
				t.Fatalf("reply of %d bytes (limit %d), %d MB allocated", len(m[0]), lim.ReplyBytes, n>>20)
			}
			t.Logf("%d-byte file: reply of %d bytes, %d MB allocated", len(c.text), len(m[0]), n>>20)
		})
	}
}

package mail_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"galloper/rules/systems"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
)

const benchBatch = 200

// fill delivers n order mails of about pad+120 bytes to a fresh in-process
// server.
func fill(b *testing.B, n, pad int) *mailtest.Server {
	srv, err := mailtest.Start(gm, "gm", "pw")
	if err != nil {
		b.Fatal(err)
	}
	for i := range n {
		raw := fmt.Sprintf("From: csa@players.test\r\nTo: gm@galloper.test\r\nSubject: o %d\r\nMessage-ID: <b%d@p>\r\n\r\nGAME creek\r\nSIDE CSA\r\nTURN 1\r\n%s", i, i,
			strings.Repeat("> quoted text of the previous report, kept by the mail client\r\n", pad/64))
		if err := srv.Deliver([]byte(raw)); err != nil {
			b.Fatal(err)
		}
	}
	return srv
}

// BenchmarkIngest measures Galloper's intake: search unseen, fetch each
// message, commit it to SQLite (full sync), then mark it \Seen.
func BenchmarkIngest(b *testing.B) {
	for _, pad := range []int{0, 8 << 10} {
		b.Run(fmt.Sprintf("mail=%dB", pad+120), func(b *testing.B) { benchIngest(b, pad) })
	}
}

func benchIngest(b *testing.B, pad int) {
	for b.Loop() {
		b.StopTimer()
		srv := fill(b, benchBatch, pad)
		db, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "g.db"))
		if err != nil {
			b.Fatal(err)
		}
		in := mail.NewIntake(mail.IMAPConfig{Addr: srv.IMAPAddr, Username: "gm", Password: "pw"}, db, time.Now, nil)
		b.StartTimer()
		n, err := in.PollOnce(context.Background())
		if err != nil || n != benchBatch {
			b.Fatalf("stored %d of %d: %v", n, benchBatch, err)
		}
		b.StopTimer()
		db.Close()
		srv.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(benchBatch*b.N)/b.Elapsed().Seconds(), "mails/s")
}

// BenchmarkBareFetch is the same work with go-imap alone, batched the same
// way (50 messages a FETCH): search unseen, fetch sizes and bodies, mark
// them \Seen, store nothing.
func BenchmarkBareFetch(b *testing.B) {
	for _, pad := range []int{0, 8 << 10} {
		b.Run(fmt.Sprintf("mail=%dB", pad+120), func(b *testing.B) { benchBareFetch(b, pad) })
	}
}

func benchBareFetch(b *testing.B, pad int) {
	for b.Loop() {
		b.StopTimer()
		srv := fill(b, benchBatch, pad)
		b.StartTimer()
		c, err := imapclient.DialInsecure(srv.IMAPAddr, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := c.Login("gm", "pw").Wait(); err != nil {
			b.Fatal(err)
		}
		if _, err := c.Select("INBOX", nil).Wait(); err != nil {
			b.Fatal(err)
		}
		d, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
		if err != nil {
			b.Fatal(err)
		}
		uids := d.AllUIDs()
		for start := 0; start < len(uids); start += 50 {
			set := imap.UIDSetNum(uids[start:min(start+50, len(uids))]...)
			sec := &imap.FetchItemBodySection{Peek: true}
			if _, err := c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true}).Collect(); err != nil {
				b.Fatal(err)
			}
			if _, err := c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect(); err != nil {
				b.Fatal(err)
			}
			if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close(); err != nil {
				b.Fatal(err)
			}
		}
		c.Logout().Wait()
		c.Close()
		b.StopTimer()
		srv.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(benchBatch*b.N)/b.Elapsed().Seconds(), "mails/s")
}

// BenchmarkReceiptLatency measures, with the real daemon loop woken by
// IDLE, the time from a valid order mail landing in the mailbox to its
// receipt reaching the SMTP sink. The orders resolve the segment in the
// same transaction, so the time includes adjudication and both sides'
// reports with their maps. It reports the median.
func BenchmarkReceiptLatency(b *testing.B) {
	srv, err := mailtest.Start(gm, "gm", "pw")
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	db, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "g.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: gm, Domain: "galloper.test"}, time.Now, rand.Reader, nil)
	d := &mail.Daemon{
		Intake:    mail.NewIntake(mail.IMAPConfig{Addr: srv.IMAPAddr, Username: "gm", Password: "pw"}, db, time.Now, nil),
		Processor: mail.NewProcessor(adj, nil),
		Sender:    mail.NewSender(mail.SMTPConfig{Addr: srv.SMTPAddr, From: gm}, db, time.Now, nil),
		Adj:       adj, Poll: time.Minute,
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	defer func() { stop(); <-done }()
	var lat []time.Duration
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		id := fmt.Sprintf("g%d", i)
		if err := adj.CreateGame(ctx, adjudicator.GameSpec{ID: id, System: "lob.v2", Scenario: "tanners-creek",
			Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"}}}); err != nil {
			b.Fatal(err)
		}
		before := len(srv.Sent()) // the game-start mails go out during the loop below
		raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: orders\r\nMessage-ID: <lat%d@p>\r\n\r\n%s", csaAddr, gm, i,
			strings.ReplaceAll(strings.Replace(csaTurn1, "GAME creek", "GAME "+id, 1), "\n", "\r\n"))
		b.StartTimer()
		t0 := time.Now()
		if err := srv.Deliver([]byte(raw)); err != nil {
			b.Fatal(err)
		}
		for seen := before; ; {
			got := srv.Sent()
			found := false
			for _, m := range got[seen:] {
				found = found || subjectOf(b, m.Raw) == "Receipt: "+id+", Turn 1 (07:00), CSA player turn"
			}
			if found {
				break
			}
			seen = len(got)
			if _, err := srv.WaitFor(ctx, seen+1, time.Minute); err != nil {
				b.Fatal(err)
			}
		}
		lat = append(lat, time.Since(t0))
		b.StopTimer()
		if _, err := srv.WaitFor(ctx, before+5, time.Minute); err != nil { // and both results
			b.Fatal(err)
		}
		b.StartTimer()
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "median-ms")
}

func subjectOf(b *testing.B, raw []byte) string {
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		b.Fatal(err)
	}
	s, _ := mr.Header.Subject()
	return s
}

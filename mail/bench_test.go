package mail_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

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

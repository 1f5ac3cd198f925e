package mail_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/rules/systems"
)

// fuzzGame makes a database holding one game, creek, for FuzzIntake to
// copy for each input, so that every input meets the same game.
func fuzzGame(f *testing.F) string {
	f.Helper()
	path := filepath.Join(f.TempDir(), "template.db")
	db, err := store.Open(context.Background(), path)
	if err != nil {
		f.Fatal(err)
	}
	adj := fuzzAdjudicator(db)
	err = adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "creek", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"},
			{Side: "UMPIRE", Email: umpAddr, Password: "whistle"}}})
	if err != nil {
		f.Fatal(err)
	}
	if err := db.Close(); err != nil {
		f.Fatal(err)
	}
	return path
}

func fuzzAdjudicator(db *store.DB) *adjudicator.Adjudicator {
	now := func() time.Time { return time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC) }
	return adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: gm, Domain: "galloper.test", TokenKey: bytes.Repeat([]byte{1}, 32)},
		now, bytes.NewReader(bytes.Repeat([]byte{7}, 1<<12)), nil)
}

// FuzzIntake feeds whole mails, as stored by intake, to the daemon's
// processor over a real database holding a game: every mail must be
// processed or set aside without an error of Galloper's (a recovered
// panic is one), within a memory budget, and leave nothing pending.
func FuzzIntake(f *testing.F) {
	template := fuzzGame(f)
	head := "From: csa@players.test\r\nTo: gm@galloper.test\r\nSubject: orders\r\nMessage-ID: <f@players.test>\r\nMIME-Version: 1.0\r\n"
	for _, s := range []string{
		head + "Content-Type: text/plain\r\n\r\n" + csaTurn1,
		head + "Content-Type: text/plain\r\n\r\nGAME creek\r\nSIDE USA\r\nPASSWORD oak\r\nSTATUS\r\n",
		head + "Content-Type: text/plain\r\n\r\nGAME creek\r\nSIDE UMPIRE\r\nPASSWORD whistle\r\nPAUSE\r\n",
		head + "Content-Type: text/plain\r\n\r\n" + csaHeader + "STACK Barton\r\nSTACK Barton\r\nSTACK Barton\r\n",
		head + "Content-Type: multipart/mixed; boundary=m\r\n\r\n--m\r\nContent-Type: message/rfc822\r\n\r\n" +
			"Content-Type: multipart/mixed; boundary=n\r\n\r\n--n\r\nContent-Type: text/plain\r\n\r\nGAME creek\r\n--n--\r\n--m--\r\n",
		head + "Content-Type: multipart/alternative; boundary=a\r\n\r\n--a\r\nContent-Type: text/html\r\n\r\n<p>GAME creek</p>\r\n--a--\r\n",
		head + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nR0FNRSBjcmVlawpTSURFIENTQQo=\r\n",
		"not a mail at all",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	n := 0
	f.Fuzz(func(t *testing.T, raw []byte) {
		n++
		path := filepath.Join(dir, "fuzz.db")
		for _, p := range []string{path, path + "-wal", path + "-shm"} {
			os.Remove(p)
		}
		data, err := os.ReadFile(template)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := store.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		adj := fuzzAdjudicator(db)
		if err := db.WithTx(context.Background(), func(tx *store.Tx) error {
			_, _, err := tx.InsertInbound(store.Inbound{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(n),
				MessageID: "<fuzz@players.test>", BodyHash: store.BodyHash(nil, raw), Raw: raw})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		p := mail.NewProcessor(adj, nil)
		var perr error
		used := allocated(func() { _, perr = p.RunOnce(context.Background()) })
		if perr != nil {
			t.Fatalf("processing failed: %v", perr)
		}
		if used > peakBudget {
			t.Fatalf("processing a %d-byte mail allocated %d MB", len(raw), used>>20)
		}
		var pending int
		if err := db.WithTx(context.Background(), func(tx *store.Tx) (err error) {
			pending, err = tx.CountInbound("new")
			return err
		}); err != nil || pending != 0 {
			t.Fatalf("%d mails left pending (%v)", pending, err)
		}
	})
}

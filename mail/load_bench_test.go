package mail_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/adjudicator/store/storetest"
	"galloper/mail"
	"galloper/rules/systems"
)

// BenchmarkLoad measures how many stored order mails a second one, two
// and three daemons sharing a PostgreSQL database process, and one daemon
// on SQLite: GALLOPER_LOAD_GAMES games (default 20), each sent a turn's
// orders by both sides, so that every game resolves a segment per mail.
// Each daemon is a processor with its own database connection, as
// `galloper serve` has; intake and sending are left out (see
// BenchmarkIngest and BenchmarkReceiptLatency).
func BenchmarkLoad(b *testing.B) {
	games := 20
	if n, err := strconv.Atoi(os.Getenv("GALLOPER_LOAD_GAMES")); err == nil && n > 0 {
		games = n
	}
	b.Run("sqlite/daemons=1", func(b *testing.B) { benchLoad(b, games, 1, "") })
	for _, d := range []int{1, 2, 3} {
		b.Run(fmt.Sprintf("postgres/daemons=%d", d), func(b *testing.B) { benchLoad(b, games, d, "postgres") })
	}
}

func benchLoad(b *testing.B, games, daemons int, engine string) {
	ctx := context.Background()
	const perGame = 4 // turns 1-2, CSA then USA
	mails := 0
	for b.Loop() {
		b.StopTimer()
		var dsn, path string
		if engine == "postgres" {
			dsn = storetest.Schema(b)
		} else {
			path = filepath.Join(b.TempDir(), "g.db")
		}
		open := func() *store.DB {
			var db *store.DB
			var err error
			if dsn != "" {
				db, err = store.OpenPostgres(ctx, dsn)
			} else {
				db, err = store.Open(ctx, path)
			}
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { db.Close() })
			return db
		}
		now := func() time.Time { return time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC) }
		var procs []*mail.Processor
		var dbs []*store.DB
		for i := range daemons {
			db := open()
			dbs = append(dbs, db)
			adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: gm, Domain: "galloper.test"},
				now, bytes.NewReader(bytes.Repeat([]byte{byte(7 + i)}, 1<<20)), nil)
			procs = append(procs, mail.NewProcessor(adj, nil))
			if i > 0 {
				continue
			}
			for g := range games {
				err := adj.CreateGame(ctx, adjudicator.GameSpec{ID: fmt.Sprintf("g%05d", g), System: "lob.v2", Scenario: "tanners-creek",
					Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: fmt.Sprintf("csa%d@p.test", g), Password: "pc"},
						{Side: "USA", Email: fmt.Sprintf("usa%d@p.test", g), Password: "pu"}}})
				if err != nil {
					b.Fatal(err)
				}
			}
			err := adj.DB().WithTx(ctx, func(tx *store.Tx) error {
				for i := range perGame {
					turn, side := i/2+1, []string{"CSA", "USA"}[i%2]
					for g := range games {
						pw := map[string]string{"CSA": "pc", "USA": "pu"}[side]
						raw := fmt.Sprintf("From: %s%d@p.test\r\nTo: %s\r\nSubject: orders\r\nMessage-ID: <m%d.%d@p.test>\r\n\r\nGAME g%05d\r\nSIDE %s\r\nTURN %d\r\nPASSWORD %s\r\n",
							strings.ToLower(side), g, gm, g, i, g, side, turn, pw)
						if _, _, err := tx.InsertInbound(store.Inbound{Mailbox: "INBOX", UIDValidity: 1, UID: uint32(i*games + g + 1),
							MessageID: fmt.Sprintf("<m%d.%d@p.test>", g, i), Raw: []byte(raw), ReceivedAt: 1}); err != nil {
							return err
						}
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		var wg sync.WaitGroup
		errs := make([]error, daemons)
		for i, p := range procs {
			wg.Go(func() {
				// As the daemon's loop does, until a round finds nothing
				// it may take: the rest is in other daemons' hands.
				for {
					k, err := p.RunOnce(ctx)
					if err != nil || k == 0 {
						errs[i] = err
						return
					}
				}
			})
		}
		wg.Wait()
		if _, err := procs[0].RunOnce(ctx); err != nil { // whatever the last to stop left
			b.Fatal(err)
		}
		b.StopTimer()
		for _, err := range errs {
			if err != nil {
				b.Fatal(err)
			}
		}
		err := dbs[0].WithTx(ctx, func(tx *store.Tx) error {
			for g := range games {
				segs, err := tx.Segments(fmt.Sprintf("g%05d", g))
				if err != nil {
					return err
				}
				if len(segs) != perGame {
					return fmt.Errorf("game g%05d: %d segments resolved, want %d", g, len(segs), perGame)
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		mails += games * perGame
		b.StartTimer()
	}
	b.ReportMetric(float64(mails)/b.Elapsed().Seconds(), "mails/s")
}

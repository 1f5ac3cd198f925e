package mail

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
)

// Processor hands stored mail to the adjudicator, oldest first.
type Processor struct {
	adj *adjudicator.Adjudicator
	log *slog.Logger
}

// NewProcessor returns a processor.
func NewProcessor(adj *adjudicator.Adjudicator, log *slog.Logger) *Processor {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Processor{adj: adj, log: log}
}

// RunOnce processes every pending stored mail and returns how many. Each
// mail is processed in its own transaction, which also marks it processed,
// so after a crash exactly the unprocessed ones are done again.
func (p *Processor) RunOnce(ctx context.Context) (int, error) {
	n := 0
	for {
		var batch []store.Inbound
		if err := p.adj.DB().WithTx(ctx, func(tx *store.Tx) error {
			var err error
			batch, err = tx.PendingInbound(50)
			return err
		}); err != nil {
			return n, err
		}
		if len(batch) == 0 {
			return n, nil
		}
		for _, m := range batch {
			in := Read(m.Raw)
			in.InboundID, in.AuthResults = m.ID, m.AuthResults
			if _, err := p.adj.HandleInbound(ctx, in); err != nil {
				return n, err
			}
			n++
		}
	}
}

// Daemon runs intake, processing, deadlines and sending until stopped.
type Daemon struct {
	Intake    *Intake
	Processor *Processor
	Sender    *Sender
	Adj       *adjudicator.Adjudicator
	// Poll is how often the mailbox is polled when IDLE is unavailable, and
	// the longest an IDLE lasts; also how often deadlines and retries are
	// checked.
	Poll time.Duration
	Log  *slog.Logger
}

// Run works until ctx is cancelled, then finishes the mail in hand.
func (d *Daemon) Run(ctx context.Context) error {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	kick := make(chan struct{}, 1)
	notify := func() {
		select {
		case kick <- struct{}{}:
		default:
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = d.Intake.Run(ctx, d.Poll, notify)
	}()
	defer wg.Wait()
	// Work left from before a restart is done first.
	notify()
	t := time.NewTicker(d.Poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-kick:
		case <-t.C:
		}
		if err := d.Step(context.WithoutCancel(ctx)); err != nil {
			d.Log.Error("daemon step failed", "err", err)
		}
	}
}

// Step processes pending mail, resolves due segments and flushes the
// outbox once.
func (d *Daemon) Step(ctx context.Context) error {
	if _, err := d.Processor.RunOnce(ctx); err != nil {
		return fmt.Errorf("process mail: %w", err)
	}
	if _, err := d.Adj.ResolveDue(ctx); err != nil {
		return fmt.Errorf("deadlines: %w", err)
	}
	if _, err := d.Sender.Flush(ctx); err != nil {
		return fmt.Errorf("send mail: %w", err)
	}
	return nil
}

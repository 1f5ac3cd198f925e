package mail

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/orders"
)

// Processor hands stored mail to the adjudicator, oldest first.
type Processor struct {
	adj *adjudicator.Adjudicator
	log *slog.Logger

	// Metrics, when set, counts processed mail by outcome.
	Metrics *Metrics

	afterHandle  func()              // called after each mail is processed; for tests
	beforeHandle func(store.Inbound) // called before each mail is read; for tests
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
// so after a crash exactly the unprocessed ones are done again. When ctx
// ends, the mail in hand is finished and no other is started.
func (p *Processor) RunOnce(ctx context.Context) (int, error) {
	work := context.WithoutCancel(ctx)
	n := 0
	for ctx.Err() == nil {
		var batch []store.Inbound
		if err := p.adj.DB().WithTx(work, func(tx *store.Tx) error {
			var err error
			batch, err = tx.PendingInbound(50)
			return err
		}); err != nil {
			return n, err
		}
		if len(batch) == 0 {
			return n, nil
		}
		blocked := map[string]bool{} // lanes another daemon holds
		took := 0
		for _, m := range batch {
			if ctx.Err() != nil {
				break
			}
			lane := p.lane(m)
			if blocked[lane] {
				continue // its older mail is in another daemon's hands
			}
			release, ok, err := p.adj.DB().Lane(work, lane)
			if err != nil {
				return n, err
			}
			if !ok {
				blocked[lane] = true
				continue
			}
			took++
			out, err := p.processOne(work, m)
			release()
			if err != nil {
				return n, err // tried again at the next step, before any later mail
			}
			if out == nil {
				continue // set aside
			}
			p.Metrics.outcome(out.Result)
			n++
			if p.afterHandle != nil {
				p.afterHandle()
			}
		}
		if took == 0 {
			return n, nil // the rest is in other daemons' hands
		}
	}
	return n, nil
}

// lane names the work a stored mail belongs to, so that daemons sharing a
// database each take a game's mail in the order it came: the game its
// GAME line or plus address names, or, for mail that names no game (a new
// game, a JOIN, HELP), its sender, so that one sender's such mails keep
// their order while different senders' go on in parallel. A lane is held
// while one mail of it is processed (see store.DB.Lane). On SQLite, with
// one daemon, the mail is not read for it.
func (p *Processor) lane(m store.Inbound) string {
	if p.adj.DB().Engine() != "postgres" {
		return ""
	}
	return laneOf(ReadWithin(m.Raw, p.adj.Limits()))
}

// laneOf is the lane of a mail as read.
func laneOf(in adjudicator.Incoming) string {
	if f, _ := orders.ParseEnvelope(in.Text); f != nil && f.Game != "" {
		return "game:" + strings.ToLower(f.Game)
	}
	for _, addr := range in.To {
		local, _, _ := strings.Cut(addr, "@")
		if _, plus, ok := strings.Cut(local, "+"); ok && plus != "" {
			return "game:" + strings.ToLower(strings.Split(plus, ".")[0])
		}
	}
	if in.From != "" {
		return "from:" + strings.ToLower(in.From)
	}
	return "other"
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
	// Metrics, when set, is given to the intake, processor and sender too.
	Metrics *Metrics
	// Health, when set, is given to the intake and sender.
	Health *Health
	// after is the clock the loop waits on between steps: time.After, or
	// a fake in tests.
	after func(time.Duration) <-chan time.Time
}

// Run works until ctx is cancelled, then finishes the mail in hand: the
// batch intake is storing is committed and acknowledged, the mail being
// processed is finished and its replies sent. Mail not yet started stays
// where it is (unread on the server, or stored and pending) for the next
// start.
func (d *Daemon) Run(ctx context.Context) error {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Metrics != nil {
		d.Intake.Metrics, d.Processor.Metrics, d.Sender.Metrics = d.Metrics, d.Metrics, d.Metrics
	}
	if d.Health != nil {
		d.Intake.Health, d.Sender.Health = d.Health, d.Health
	}
	// At a stop, the mail in hand is finished, but a hung SMTP server
	// gets only a few seconds more.
	defer context.AfterFunc(ctx, d.Sender.Hurry)()
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
	after := d.after
	if after == nil {
		after = time.After
	}
	for {
		select {
		case <-ctx.Done():
			d.Log.Info("daemon stopping; finishing the mail in hand")
			return nil
		case <-kick:
		case <-after(d.nextStep()):
		}
		if err := d.Step(ctx); err != nil {
			d.Metrics.count(stepFailures, 1)
			d.Log.Error("daemon step failed", "err", err)
		}
	}
}

// nextStep is how long the loop waits for the next step when no mail
// comes: the poll period, or less when the sender is to try an
// unreachable SMTP server again sooner, so that sending resumes as soon
// as the backoff allows rather than at the next poll.
func (d *Daemon) nextStep() time.Duration {
	wait := d.Poll
	if at := d.Sender.retryAt; !at.IsZero() {
		wait = min(wait, max(at.Sub(d.Sender.now()), 0))
	}
	return wait
}

// Step processes pending mail, resolves due segments and flushes the
// outbox once. When ctx ends during the step, the mail in hand is
// finished, no further mail is processed and no deadline work started,
// and the replies already queued are still sent.
func (d *Daemon) Step(ctx context.Context) error {
	work := context.WithoutCancel(ctx)
	if _, err := d.Processor.RunOnce(ctx); err != nil {
		return fmt.Errorf("process mail: %w", err)
	}
	if ctx.Err() == nil {
		n, err := d.Adj.ResolveDue(work)
		d.Metrics.count(resolved, n)
		if err != nil {
			return fmt.Errorf("deadlines: %w", err)
		}
	}
	// A flush sends at most a batch; a backlog (a burst of deadlines, say)
	// is sent at once, not a batch a poll.
	for {
		n, err := d.Sender.Flush(work)
		if err != nil {
			return fmt.Errorf("send mail: %w", err)
		}
		if n < flushBatch || ctx.Err() != nil {
			return nil
		}
	}
}

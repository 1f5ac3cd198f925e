package mail

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
)

// MaxAttempts is the default of adjudicator.Limits.Attempts: how many
// times a stored mail is taken up for processing before it is set aside.
const MaxAttempts = 5

// errAside is why a mail's headers are read without its body once it is
// being set aside: the body may be what fails.
var errAside = errors.New("set aside")

// processOne processes one stored mail in isolation. The attempt is
// counted in its own transaction before the mail is read, so an attempt
// that kills the process (out of memory, a fatal error) counts as one;
// a panic is recovered and counts as a failed attempt. A mail whose
// attempts are used up is set aside, with the operator told by the log
// and the failed-outcome metric, and its sender told once. It returns
// the outcome, or nil when the mail was set aside or another daemon
// processed it first; an error means the
// mail failed and stays pending, to be tried again before any later one.
func (p *Processor) processOne(ctx context.Context, m store.Inbound) (*adjudicator.Outcome, error) {
	lim := p.adj.Limits()
	var attempt int
	if err := p.adj.DB().WithTx(ctx, func(tx *store.Tx) (err error) {
		attempt, err = tx.StartInboundAttempt(m.ID)
		return err
	}); errors.Is(err, store.ErrNotFound) {
		return nil, nil // processed meanwhile by another daemon on the same database
	} else if err != nil {
		return nil, err
	}
	if attempt > lim.Attempts {
		return nil, p.setAside(ctx, m, lim.Attempts, fmt.Errorf("%d attempts to process it did not finish (the process stopped while processing it)", lim.Attempts))
	}
	out, err := p.handle(ctx, m, lim)
	if err == nil {
		return &out, nil
	}
	if errors.Is(err, store.ErrProcessed) {
		return nil, nil // another daemon processed it first; its effects stand
	}
	if attempt >= lim.Attempts {
		return nil, p.setAside(ctx, m, attempt, err)
	}
	p.log.Warn("mail processing failed; it will be tried again", "inbound", m.ID, "attempt", attempt, "of", lim.Attempts, "err", err)
	if nerr := p.adj.DB().WithTx(ctx, func(tx *store.Tx) error { return tx.NoteInboundError(m.ID, err.Error()) }); nerr != nil {
		return nil, errors.Join(err, nerr)
	}
	return nil, err
}

// handle reads and processes one mail, turning a panic into an error.
func (p *Processor) handle(ctx context.Context, m store.Inbound, lim adjudicator.Limits) (out adjudicator.Outcome, err error) {
	defer func() {
		if r := recover(); r != nil {
			p.log.Error("panic processing mail", "inbound", m.ID, "panic", r, "stack", string(debug.Stack()))
			err = fmt.Errorf("inbound mail %d: panic: %v", m.ID, r)
		}
	}()
	if p.beforeHandle != nil {
		p.beforeHandle(m)
	}
	in := ReadWithin(m.Raw, lim)
	in.InboundID, in.AuthResults = m.ID, m.AuthResults
	in.Bounce = ParseDSN(m.Raw)
	if redacted, ok := Redact(m.Raw); ok {
		in.Redacted = redacted
	}
	return p.adj.HandleInbound(ctx, in)
}

// setAside sets m aside after attempts failed attempts.
func (p *Processor) setAside(ctx context.Context, m store.Inbound, attempts int, cause error) error {
	in := readMail(m.Raw, &budget{lim: adjudicator.DefaultLimits(), err: errAside}, 1) // headers only
	in.InboundID = m.ID
	if err := p.adj.SetAside(ctx, in, attempts, cause); err != nil {
		return err
	}
	p.Metrics.outcome("failed")
	p.log.Error("mail set aside after repeated processing failures", "inbound", m.ID, "msgid", m.MessageID,
		"attempts", attempts, "err", cause)
	return nil
}

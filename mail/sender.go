package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"galloper/adjudicator/store"
)

// SMTPConfig says how to send mail.
type SMTPConfig struct {
	Addr     string // host:port
	TLS      bool   // implicit TLS (port 465)
	StartTLS bool   // STARTTLS (port 587); with neither, plain text for loopback only
	Username string // empty: no AUTH
	Password string
	From     string // envelope sender
}

// Sender drains the outbox over SMTP. Each mail keeps the Message-ID it was
// given when queued, so a retry after a crash is the same mail.
type Sender struct {
	cfg SMTPConfig
	db  *store.DB
	now func() time.Time
	log *slog.Logger

	// Metrics, when set, counts delivery attempts by result.
	Metrics *Metrics

	// unreachable counts the failed connections to the server in a row;
	// no new connection is tried before retryAt (exponential backoff).
	unreachable int
	retryAt     time.Time
}

// Backoff of connections to an unreachable SMTP server: the first retry
// after serverRetryBase, doubling up to serverRetryMax.
const (
	serverRetryBase = 30 * time.Second
	serverRetryMax  = 15 * time.Minute
)

// NewSender returns a sender.
func NewSender(cfg SMTPConfig, db *store.DB, now func() time.Time, log *slog.Logger) *Sender {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Sender{cfg: cfg, db: db, now: now, log: log}
}

// Flush sends every due mail and returns how many were sent. A temporary
// failure is retried later with exponential backoff; a permanent one (SMTP
// 5xx) is marked failed. When the server cannot be reached at all, nothing
// is marked and no connection is tried again until a backoff that doubles
// with each failure in a row (30 s up to 15 min) has passed.
func (s *Sender) Flush(ctx context.Context) (int, error) {
	var due []store.Outgoing
	if err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		var err error
		due, err = tx.DueOutgoing(s.now().UnixMilli(), 100)
		return err
	}); err != nil {
		return 0, err
	}
	if len(due) == 0 || s.now().Before(s.retryAt) {
		return 0, nil
	}
	c, err := s.dial()
	if err != nil {
		s.unreachable++
		s.retryAt = s.now().Add(min(serverRetryBase<<min(s.unreachable-1, 10), serverRetryMax))
		return 0, fmt.Errorf("%w; next attempt at %s", err, s.retryAt.UTC().Format(time.RFC3339)) // the whole batch waits; nothing is marked
	}
	s.unreachable, s.retryAt = 0, time.Time{}
	defer c.Close()
	sent := 0
	for _, m := range due {
		err := c.SendMail(s.cfg.From, []string{m.Recipient}, bytes.NewReader(m.Raw))
		if err := s.record(ctx, m, err); err != nil {
			return sent, err
		}
		if err == nil {
			sent++
		} else if c.Reset() != nil {
			return sent, nil // the connection is gone; the rest wait
		}
	}
	_ = c.Quit()
	return sent, nil
}

func (s *Sender) record(ctx context.Context, m store.Outgoing, sendErr error) error {
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		if sendErr == nil {
			s.Metrics.send("sent")
			s.log.Info("mail sent", "msgid", m.MessageID, "to", m.Recipient, "kind", m.Kind)
			return tx.MarkSent(m.ID, s.now().UnixMilli())
		}
		permanent := isPermanent(sendErr)
		if permanent {
			s.Metrics.send("permanent")
		} else {
			s.Metrics.send("temporary")
		}
		delay := time.Minute << min(m.Attempts, 10)
		s.log.Warn("mail not sent", "msgid", m.MessageID, "to", m.Recipient, "err", sendErr, "permanent", permanent)
		return tx.MarkFailed(m.ID, sendErr.Error(), permanent, s.now().Add(delay).UnixMilli())
	})
}

// isPermanent reports an SMTP 5xx answer. Everything else (4xx, network
// errors) is temporary.
func isPermanent(err error) bool {
	var se *smtp.SMTPError
	return errors.As(err, &se) && se.Code >= 500
}

func (s *Sender) dial() (*smtp.Client, error) {
	var c *smtp.Client
	var err error
	host, _, _ := net.SplitHostPort(s.cfg.Addr)
	switch {
	case s.cfg.TLS:
		c, err = smtp.DialTLS(s.cfg.Addr, tlsConfig(host))
	case s.cfg.StartTLS:
		c, err = smtp.DialStartTLS(s.cfg.Addr, tlsConfig(host))
	default:
		c, err = smtp.Dial(s.cfg.Addr)
	}
	if err != nil {
		if c != nil {
			c.Close()
		}
		return nil, fmt.Errorf("smtp dial %s: %w", s.cfg.Addr, err)
	}
	if s.cfg.Username != "" {
		if err := c.Auth(sasl.NewPlainClient("", s.cfg.Username, s.cfg.Password)); err != nil {
			c.Close()
			return nil, fmt.Errorf("smtp auth as %s: %w", s.cfg.Username, err)
		}
	}
	return c, nil
}

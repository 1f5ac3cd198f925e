package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
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
	// TLSOptions name a CA file and the certificate's server name.
	TLSOptions
	// Timeout bounds each exchange with the server (connect, greeting,
	// each command, the mail's data); default DefaultTimeout.
	Timeout  time.Duration
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
	// Health, when set, is told of each SMTP session that succeeded.
	Health *Health
	// ProbeEvery, when set, makes Flush log in to the server (and log
	// out) when it has had nothing to send for that long, so that Health
	// knows the server is there before a mail needs it.
	ProbeEvery time.Duration
	lastOK     time.Time
	// downSince is when the server was first found unreachable in the
	// outage under way (zero: none).
	downSince time.Time
	// released is set once the claims of a sender stopped earlier have
	// been released (see claimLease).
	released bool

	// mu guards conn, the connection of the SMTP session under way, and
	// stopping, set by Hurry.
	mu       sync.Mutex
	conn     *boundedConn
	stopping bool
	grace    time.Duration // shutdownGrace, or shorter in tests

	// unreachable counts the failed connections to the server in a row;
	// no new connection is tried before retryAt (exponential backoff).
	unreachable int
	retryAt     time.Time
}

// Backoff of connections to an unreachable SMTP server: the first retry
// after serverRetryBase, doubling up to serverRetryMax. The daemon wakes
// for the retry, so after an outage sending resumes within twice its
// length.
const (
	serverRetryBase = 10 * time.Second
	serverRetryMax  = 5 * time.Minute
)

// NewSender returns a sender.
func NewSender(cfg SMTPConfig, db *store.DB, now func() time.Time, log *slog.Logger) *Sender {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	return &Sender{cfg: cfg, db: db, now: now, log: log, grace: shutdownGrace}
}

// Hurry bounds each exchange with the SMTP server from now on, the one
// under way included, by a few seconds: the daemon is stopping, and a
// hung server must not hold the stop up for the full timeout.
func (s *Sender) Hurry() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopping = true
	if s.conn != nil {
		s.conn.hurry(s.grace)
	}
}

// claimLease is how long a mail claimed for sending is kept from other
// attempts. When its sending cannot be recorded (the database refused
// the write), it is tried again after this; a mail is never sent unless
// the claim that records its attempt was written first, so a database
// Galloper cannot write sends nothing at all. The claims of a process
// that stopped (or was killed) mid-send are released when the next one
// starts, so those mails go at once.
const claimLease = 10 * time.Minute

// flushBatch is the most mails one Flush sends.
const flushBatch = 100

// Flush sends the due mails, the oldest flushBatch of them, and returns
// how many were sent (Daemon.Step flushes again after a full batch). A temporary
// failure is retried later with exponential backoff; a permanent one (SMTP
// 5xx) is marked failed. When the server cannot be reached at all, nothing
// is marked and no connection is tried again until a backoff that doubles
// with each failure in a row (10 s up to 5 min) has passed.
//
// Each mail is claimed, sent and recorded, in that order: the claim (a
// committed write that moves its next attempt past claimLease) comes
// before the mail leaves, so a failure to record can delay a mail but
// never makes it go out again at the next flush.
func (s *Sender) Flush(ctx context.Context) (int, error) {
	var due []store.Outgoing
	if err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		if !s.released || s.db.Engine() == "postgres" { // other daemons' claims too
			n, err := tx.ReleaseClaims(s.now().UnixMilli())
			if err != nil {
				return err
			}
			if n > 0 {
				s.log.Warn("mails claimed for sending before a stop are sent again", "mails", n)
			}
		}
		var err error
		due, err = tx.DueOutgoing(s.now().UnixMilli(), flushBatch)
		return err
	}); err != nil {
		return 0, err
	}
	s.released = true
	if s.now().Before(s.retryAt) {
		return 0, nil
	}
	if len(due) == 0 {
		return 0, s.probe()
	}
	c, err := s.connect()
	if err != nil {
		return 0, err
	}
	defer c.Close()
	sent := 0
	for _, m := range due {
		claimed, err := s.claim(ctx, m)
		if err != nil {
			return sent, fmt.Errorf("claim mail %s before sending (nothing sent): %w", m.MessageID, err)
		}
		if !claimed {
			continue // another flush has it
		}
		sendErr := c.SendMail(s.cfg.From, []string{m.Recipient}, bytes.NewReader(m.Raw))
		if err := s.record(ctx, m, sendErr); err != nil {
			return sent, fmt.Errorf("record mail %s (tried again after %s): %w", m.MessageID, human(claimLease), err)
		}
		if sendErr == nil {
			sent++
			s.Health.smtpOK(s.now())
			s.lastOK = s.now()
		} else if c.Reset() != nil {
			return sent, nil // the connection is gone; the rest wait
		}
	}
	_ = c.Quit()
	return sent, nil
}

// connect dials the server, with backoff after failures, and logs the
// start and end of an outage.
func (s *Sender) connect() (*smtp.Client, error) {
	c, err := s.dial()
	if err != nil {
		s.unreachable++
		wait := min(serverRetryBase<<min(s.unreachable-1, 10), serverRetryMax)
		s.retryAt = s.now().Add(wait)
		if s.downSince.IsZero() {
			s.downSince = s.now()
		}
		return nil, fmt.Errorf("%w; next attempt at %s, in %s", err, s.retryAt.UTC().Format(time.RFC3339), human(wait)) // the whole batch waits; nothing is marked
	}
	if !s.downSince.IsZero() {
		s.log.Info("smtp reconnected", "addr", s.cfg.Addr, "outage", human(s.now().Sub(s.downSince)))
		s.downSince = time.Time{}
	}
	s.unreachable, s.retryAt = 0, time.Time{}
	s.Health.smtpOK(s.now())
	s.lastOK = s.now()
	return c, nil
}

// probe logs in to the server and out again when nothing has been sent
// for ProbeEvery, so that health knows of an outage before a mail waits.
func (s *Sender) probe() error {
	if s.ProbeEvery <= 0 || (!s.lastOK.IsZero() && s.now().Sub(s.lastOK) < s.ProbeEvery) {
		return nil
	}
	c, err := s.connect()
	if err != nil {
		return err
	}
	defer c.Close()
	return c.Quit()
}

// claim moves a due mail's next attempt past claimLease in a committed
// transaction; it reports false when the mail is no longer due.
func (s *Sender) claim(ctx context.Context, m store.Outgoing) (bool, error) {
	var ok bool
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		var err error
		now := s.now()
		ok, err = tx.ClaimOutgoing(m.ID, now.UnixMilli(), now.Add(claimLease).UnixMilli())
		return err
	})
	return ok, err
}

func (s *Sender) record(ctx context.Context, m store.Outgoing, sendErr error) error {
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		if sendErr == nil {
			s.Metrics.send("sent")
			s.log.Info("mail sent", "msgid", m.MessageID, "to", m.Recipient, "kind", m.Kind)
			if err := tx.MarkSent(m.ID, s.now().UnixMilli()); err != nil {
				return err
			}
			if light, ok := CompactSent(m.Raw); ok {
				return tx.CompactOutgoing(m.ID, light)
			}
			return nil
		}
		permanent := isPermanent(sendErr)
		delay := time.Minute << min(m.Attempts, 10)
		if permanent {
			s.Metrics.send("permanent")
			s.log.Error("mail refused by the SMTP server; it will not be retried unless an operator runs `galloper outbox retry`",
				"msgid", m.MessageID, "to", m.Recipient, "from", s.cfg.From, "game", m.GameID, "kind", m.Kind, "err", sendErr,
				"hint", senderHint(sendErr))
		} else {
			s.Metrics.send("temporary")
			s.log.Warn("mail not sent; it will be retried", "msgid", m.MessageID, "to", m.Recipient, "err", sendErr,
				"retry_in", human(delay))
		}
		return tx.MarkFailed(m.ID, sendErr.Error(), permanent, s.now().Add(delay).UnixMilli())
	})
}

// senderHint explains the refusals an operator can fix in the mail
// server's configuration rather than in the mail.
func senderHint(err error) string {
	var se *smtp.SMTPError
	if errors.As(err, &se) && (se.Code == 553 || se.EnhancedCode == smtp.EnhancedCode{5, 7, 1}) {
		return "the SMTP server refuses the sender address: check that the SMTP login may send as `address`"
	}
	return ""
}

// isPermanent reports an SMTP 5xx answer. Everything else (4xx, network
// errors) is temporary.
func isPermanent(err error) bool {
	var se *smtp.SMTPError
	return errors.As(err, &se) && se.Code >= 500
}

func (s *Sender) dial() (*smtp.Client, error) {
	host, _, _ := net.SplitHostPort(s.cfg.Addr)
	var tc *tls.Config
	if s.cfg.TLS || s.cfg.StartTLS {
		var err error
		if tc, err = s.cfg.TLSOptions.config(host); err != nil {
			return nil, fmt.Errorf("smtp: %w", err)
		}
	}
	d := net.Dialer{Timeout: s.cfg.Timeout}
	raw, err := d.Dial("tcp", s.cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("smtp connect %s: %w", s.cfg.Addr, err)
	}
	bc := newBoundedConn(raw, s.cfg.Timeout)
	s.mu.Lock()
	s.conn = bc
	if s.stopping {
		bc.hurry(s.grace)
	}
	s.mu.Unlock()
	conn := net.Conn(bc)
	var c *smtp.Client
	switch {
	case s.cfg.TLS:
		t := tls.Client(conn, tc)
		if err = within(raw, s.cfg.Timeout, "smtp tls", t.Handshake); err == nil {
			c = smtp.NewClient(t)
		}
	case s.cfg.StartTLS:
		if c, err = smtp.NewClientStartTLS(conn, tc); err == nil {
			// EHLO again now, which makes the TLS handshake, so that a
			// certificate problem shows here and not as a failed login.
			err = c.Hello("localhost")
		}
	default:
		c = smtp.NewClient(conn)
		err = c.Hello("localhost")
	}
	if err != nil {
		raw.Close()
		if p := tlsProblem(err); p != "" {
			return nil, fmt.Errorf("smtp connect %s: %s: %w", s.cfg.Addr, p, err)
		}
		return nil, fmt.Errorf("smtp connect %s: %w", s.cfg.Addr, err)
	}
	c.CommandTimeout, c.SubmissionTimeout = s.cfg.Timeout, s.cfg.Timeout
	if s.cfg.Username != "" {
		if err := c.Auth(sasl.NewPlainClient("", s.cfg.Username, s.cfg.Password)); err != nil {
			c.Close()
			return nil, fmt.Errorf("smtp login as %s at %s: %w", s.cfg.Username, s.cfg.Addr, err)
		}
	}
	return c, nil
}

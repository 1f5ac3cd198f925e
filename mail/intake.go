package mail

import (
	"context"
	"errors"
	"fmt"

	"log/slog"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"galloper/adjudicator/store"
)

// IMAPConfig says where to read order mail.
type IMAPConfig struct {
	Addr     string // host:port
	TLS      bool   // implicit TLS (port 993); otherwise plain, for loopback only
	Username string
	Password string
	Mailbox  string // default "INBOX"
	// Processed, when set, is the folder each stored message is moved to
	// after it is marked \Seen, keeping the inbox empty.
	Processed string
	// MaxSize is the largest message fetched; larger ones are stored as a
	// placeholder and refused. Default 10 MiB.
	MaxSize int64
}

// OversizeHeader marks a stored message that was over the size limit: only
// its header was fetched. Its value is "SIZE LIMIT".
const OversizeHeader = "X-Galloper-Oversize"

// Intake copies new mail from an IMAP mailbox into the store. A message is
// marked \Seen only after its row is committed, so a crash at any moment
// loses nothing: unacknowledged mail is fetched again and recognised.
type Intake struct {
	cfg  IMAPConfig
	db   *store.DB
	now  func() time.Time
	log  *slog.Logger
	wake chan struct{}
}

// NewIntake returns an intake for the mailbox.
func NewIntake(cfg IMAPConfig, db *store.DB, now func() time.Time, log *slog.Logger) *Intake {
	if cfg.Mailbox == "" {
		cfg.Mailbox = "INBOX"
	}
	if cfg.MaxSize == 0 {
		cfg.MaxSize = 10 << 20
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Intake{cfg: cfg, db: db, now: now, log: log, wake: make(chan struct{}, 1)}
}

func (in *Intake) dial() (*imapclient.Client, error) {
	opts := &imapclient.Options{UnilateralDataHandler: &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case in.wake <- struct{}{}:
				default:
				}
			}
		},
	}}
	var c *imapclient.Client
	var err error
	if in.cfg.TLS {
		c, err = imapclient.DialTLS(in.cfg.Addr, opts)
	} else {
		c, err = imapclient.DialInsecure(in.cfg.Addr, opts)
	}
	if err != nil {
		return nil, fmt.Errorf("imap dial %s: %w", in.cfg.Addr, err)
	}
	if err := c.Login(in.cfg.Username, in.cfg.Password).Wait(); err != nil {
		c.Close()
		return nil, fmt.Errorf("imap login as %s: %w", in.cfg.Username, err)
	}
	return c, nil
}

// Run reads mail until ctx ends: it drains the mailbox, then waits in IDLE
// (or polls every pollEvery when the server has no IDLE), reconnecting
// with backoff when the connection fails. notify is signalled after each
// batch of new mail is stored.
func (in *Intake) Run(ctx context.Context, pollEvery time.Duration, notify func()) error {
	backoff := time.Second
	for ctx.Err() == nil {
		err := in.session(ctx, pollEvery, notify)
		if ctx.Err() != nil {
			return nil
		}
		in.log.Warn("imap session ended; reconnecting", "err", err, "backoff", backoff)
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 5*time.Minute)
	}
	return nil
}

func (in *Intake) session(ctx context.Context, pollEvery time.Duration, notify func()) error {
	c, err := in.dial()
	if err != nil {
		return err
	}
	defer c.Close()
	in.ensureProcessed(c)
	sel, err := c.Select(in.cfg.Mailbox, nil).Wait()
	if err != nil {
		return fmt.Errorf("select %s: %w", in.cfg.Mailbox, err)
	}
	for {
		n, err := in.drain(ctx, c, sel.UIDValidity)
		if err != nil {
			return err
		}
		if n > 0 && notify != nil {
			notify()
		}
		if !c.Caps().Has(imap.CapIdle) {
			select {
			case <-ctx.Done():
				return c.Logout().Wait()
			case <-c.Closed():
				return errors.New("connection closed")
			case <-time.After(pollEvery):
			}
			if err := c.Noop().Wait(); err != nil {
				return err
			}
			continue
		}
		idle, err := c.Idle()
		if err != nil {
			return fmt.Errorf("idle: %w", err)
		}
		t := time.NewTimer(pollEvery)
		select {
		case <-in.wake:
		case <-t.C:
		case <-ctx.Done():
		case <-c.Closed():
		}
		t.Stop()
		if err := idle.Close(); err != nil {
			return err
		}
		if err := idle.Wait(); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return c.Logout().Wait()
		}
	}
}

// PollOnce connects, stores every unseen message and disconnects. It
// returns how many new messages were stored.
func (in *Intake) PollOnce(ctx context.Context) (int, error) {
	c, err := in.dial()
	if err != nil {
		return 0, err
	}
	defer c.Close()
	in.ensureProcessed(c)
	sel, err := c.Select(in.cfg.Mailbox, nil).Wait()
	if err != nil {
		return 0, fmt.Errorf("select %s: %w", in.cfg.Mailbox, err)
	}
	n, err := in.drain(ctx, c, sel.UIDValidity)
	if err != nil {
		return n, err
	}
	return n, c.Logout().Wait()
}

// drain stores every unseen message, one at a time: fetch with BODY.PEEK[]
// (which leaves \Seen alone), commit, then set \Seen.
func (in *Intake) drain(ctx context.Context, c *imapclient.Client, uidValidity uint32) (int, error) {
	data, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		return 0, fmt.Errorf("search unseen: %w", err)
	}
	stored := 0
	for _, uid := range data.AllUIDs() {
		if ctx.Err() != nil {
			return stored, nil
		}
		raw, _, err := in.fetch(c, uid)
		if err != nil {
			return stored, err
		}
		m := store.Inbound{Mailbox: in.cfg.Mailbox, UIDValidity: uidValidity, UID: uint32(uid),
			MessageID: messageID(raw, uidValidity, uint32(uid)), Raw: raw, ReceivedAt: in.now().UnixMilli()}
		var inserted bool
		if err := in.db.WithTx(ctx, func(tx *store.Tx) error {
			_, inserted, err = tx.InsertInbound(m)
			return err
		}); err != nil {
			return stored, fmt.Errorf("store message uid %d: %w", uid, err)
		}
		if inserted {
			stored++
		}
		// Committed: now, and only now, acknowledge it.
		if err := c.Store(imap.UIDSetNum(uid), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true,
			Flags: []imap.Flag{imap.FlagSeen}}, nil).Close(); err != nil {
			return stored, fmt.Errorf("mark uid %d seen: %w", uid, err)
		}
		if in.cfg.Processed != "" {
			if _, err := c.Move(imap.UIDSetNum(uid), in.cfg.Processed).Wait(); err != nil {
				return stored, fmt.Errorf("move uid %d to %s: %w", uid, in.cfg.Processed, err)
			}
		}
		in.log.Debug("mail stored", "uid", uid, "new", inserted)
	}
	return stored, nil
}

// fetch reads a message without marking it read. A message over the size
// limit is not fetched whole: its header is kept with a note of its size,
// so that the sender can be told.
func (in *Intake) fetch(c *imapclient.Client, uid imap.UID) ([]byte, int64, error) {
	sizes, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
	if err != nil {
		return nil, 0, fmt.Errorf("fetch size of uid %d: %w", uid, err)
	}
	if len(sizes) == 0 {
		return nil, 0, fmt.Errorf("fetch uid %d: no such message", uid)
	}
	size := sizes[0].RFC822Size
	sec := &imap.FetchItemBodySection{Peek: true}
	if size > in.cfg.MaxSize {
		sec.Specifier = imap.PartSpecifierHeader
	}
	msgs, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		return nil, 0, fmt.Errorf("fetch uid %d: %w", uid, err)
	}
	if len(msgs) == 0 {
		return nil, 0, fmt.Errorf("fetch uid %d: no such message", uid)
	}
	raw := msgs[0].FindBodySection(sec)
	if size > in.cfg.MaxSize {
		raw = append(fmt.Appendf(nil, "%s: %d %d\r\n", OversizeHeader, size, in.cfg.MaxSize), raw...)
	}
	return raw, size, nil
}

// messageID is the mail's Message-ID, or a stand-in made from its mailbox
// position when it has none.
func messageID(raw []byte, uidValidity, uid uint32) string {
	if m := Read(raw); m.MessageID != "" {
		return m.MessageID
	}
	return fmt.Sprintf("<no-message-id.%d.%d@galloper>", uidValidity, uid)
}

// ensureProcessed creates the processed folder if there is one and it does
// not exist yet. An error here (usually "already exists") is ignored: a
// real problem shows when the first MOVE fails.
func (in *Intake) ensureProcessed(c *imapclient.Client) {
	if in.cfg.Processed != "" {
		_ = c.Create(in.cfg.Processed, nil).Wait()
	}
}

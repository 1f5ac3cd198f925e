package mail

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strings"

	"log/slog"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message/textproto"

	"galloper/adjudicator/store"
)

// IMAPConfig says where to read order mail.
type IMAPConfig struct {
	Addr     string // host:port
	TLS      bool   // implicit TLS (port 993)
	StartTLS bool   // STARTTLS (port 143); with neither, plain text for loopback only
	// TLSOptions name a CA file and the certificate's server name.
	TLSOptions
	// Timeout bounds each exchange with the server (connect, login, each
	// command, the end of an IDLE); default DefaultTimeout.
	Timeout  time.Duration
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

	// box names the mailbox in the database: account, server and mailbox
	// (gm@imap.example.org:993/INBOX), since UIDVALIDITY and UIDs mean
	// something only for one mailbox on one server.
	box string
	// validity is the mailbox's UIDVALIDITY as recorded in the database,
	// once validityKnown.
	validity      uint32
	validityKnown bool
	afterFetch    func() // called after each batch is fetched; for tests
	// after is the clock intake waits on: time.After, or a fake in tests.
	after func(time.Duration) <-chan time.Time

	// Metrics, when set, counts sessions, failures, rescans and stored mail.
	Metrics *Metrics
	// Health, when set, is told of each exchange with the server that
	// succeeded.
	Health *Health
	// downSince is when the server was last lost (zero while connected);
	// the reconnection is logged with how long it was away.
	downSince time.Time
	// grace bounds the last exchanges at shutdown: shutdownGrace, or
	// shorter in tests.
	grace time.Duration
}

// NewIntake returns an intake for the mailbox.
func NewIntake(cfg IMAPConfig, db *store.DB, now func() time.Time, log *slog.Logger) *Intake {
	if cfg.Mailbox == "" {
		cfg.Mailbox = "INBOX"
	}
	if cfg.MaxSize == 0 {
		cfg.MaxSize = DefaultMaxSize
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Intake{cfg: cfg, db: db, now: now, log: log, wake: make(chan struct{}, 1), after: time.After, grace: shutdownGrace,
		box: cfg.Username + "@" + cfg.Addr + "/" + cfg.Mailbox}
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
	}, Dialer: &net.Dialer{Timeout: in.cfg.Timeout}}
	if in.cfg.TLS || in.cfg.StartTLS {
		host, _, _ := net.SplitHostPort(in.cfg.Addr)
		tc, err := in.cfg.TLSOptions.config(host)
		if err != nil {
			return nil, fmt.Errorf("imap: %w", err)
		}
		opts.TLSConfig = tc
	}
	var c *imapclient.Client
	conn, err := opts.Dialer.Dial("tcp", in.cfg.Addr)
	if err == nil {
		c, err = in.handshake(conn, opts)
	}
	if err != nil {
		if p := tlsProblem(err); p != "" {
			return nil, fmt.Errorf("imap connect %s: %s: %w", in.cfg.Addr, p, err)
		}
		return nil, fmt.Errorf("imap connect %s: %w", in.cfg.Addr, err)
	}
	if err := within(c, in.cfg.Timeout, "imap login", func() error {
		return c.Login(in.cfg.Username, in.cfg.Password).Wait()
	}); err != nil {
		c.Close()
		return nil, fmt.Errorf("imap login as %s at %s: %w", in.cfg.Username, in.cfg.Addr, err)
	}
	return c, nil
}

// handshake starts the IMAP session on conn: TLS first (implicit TLS),
// or STARTTLS after the greeting, or neither; bounded by the timeout.
func (in *Intake) handshake(conn net.Conn, opts *imapclient.Options) (*imapclient.Client, error) {
	var c *imapclient.Client
	err := within(conn, in.cfg.Timeout, "imap greeting", func() error {
		var err error
		switch {
		case in.cfg.TLS:
			tc := opts.TLSConfig.Clone()
			tc.NextProtos = []string{"imap"}
			t := tls.Client(conn, tc)
			if err = t.Handshake(); err != nil {
				return err
			}
			c = imapclient.New(t, opts)
		case in.cfg.StartTLS:
			c, err = imapclient.NewStartTLS(conn, opts) // closes conn on failure
			return err
		default:
			c = imapclient.New(conn, opts)
		}
		return c.WaitGreeting()
	})
	if err != nil {
		conn.Close()
		return nil, err
	}
	return c, nil
}

// exchange runs a command under the configured timeout and, when it
// succeeds, tells Health.
func (in *Intake) exchange(c *imapclient.Client, what string, op func() error) error {
	err := within(c, in.cfg.Timeout, "imap "+what, op)
	if err == nil {
		in.Health.imapOK(in.now())
	}
	return err
}

// Run reads mail until ctx ends: it drains the mailbox, then waits in IDLE
// (or polls every pollEvery when the server has no IDLE), reconnecting
// with backoff when the connection fails or the server stops answering
// within the timeout. notify is signalled after each batch of new mail is
// stored.
func (in *Intake) Run(ctx context.Context, pollEvery time.Duration, notify func()) error {
	backoff := time.Second
	for ctx.Err() == nil {
		selected, err := in.session(ctx, pollEvery, notify)
		if ctx.Err() != nil {
			in.log.Info("imap intake stopped", "mailbox", in.box)
			return nil
		}
		if selected {
			// The server was there; this is a new outage, not more of
			// the last one.
			backoff = time.Second
		}
		if in.downSince.IsZero() {
			in.downSince = in.now()
		}
		in.Metrics.count(imapFailures, 1)
		in.log.Warn("imap session ended; reconnecting", "err", err, "retry_in", human(backoff))
		select {
		case <-ctx.Done():
		case <-in.after(backoff):
		}
		backoff = min(backoff*2, maxBackoff)
	}
	in.log.Info("imap intake stopped", "mailbox", in.box)
	return nil
}

// maxBackoff is the longest intake waits before trying the server again.
const maxBackoff = 5 * time.Minute

// connected notes a session that got as far as selecting the mailbox, and
// logs the reconnection after an outage.
func (in *Intake) connected() {
	if !in.downSince.IsZero() {
		in.log.Info("imap reconnected", "mailbox", in.box, "outage", human(in.now().Sub(in.downSince)))
		in.downSince = time.Time{}
	}
}

// session logs in, selects the mailbox and reads mail until the
// connection fails or ctx ends. selected reports whether it got as far as
// selecting the mailbox. Every exchange is bounded by the timeout; at
// shutdown, the end of IDLE and the LOGOUT by shutdownGrace.
func (in *Intake) session(ctx context.Context, pollEvery time.Duration, notify func()) (selected bool, err error) {
	c, err := in.dial()
	if err != nil {
		return false, err
	}
	defer c.Close()
	in.Metrics.count(sessions, 1)
	sel, err := in.open(c)
	if err != nil {
		return false, err
	}
	in.connected()
	for {
		n, err := in.drain(ctx, c, sel.UIDValidity)
		if err != nil {
			return true, err
		}
		if n > 0 && notify != nil {
			notify()
		}
		if !c.Caps().Has(imap.CapIdle) {
			select {
			case <-ctx.Done():
				return true, in.logout(c)
			case <-c.Closed():
				return true, errors.New("connection closed")
			case <-in.after(pollEvery):
			}
			if err := in.exchange(c, "noop", func() error { return c.Noop().Wait() }); err != nil {
				return true, err
			}
			continue
		}
		var idle *imapclient.IdleCommand
		if err := in.exchange(c, "idle", func() error {
			var err error
			idle, err = c.Idle()
			return err
		}); err != nil {
			return true, fmt.Errorf("idle: %w", err)
		}
		select {
		case <-in.wake:
		case <-in.after(pollEvery): // renewed well within the 29 minutes of RFC 2177
		case <-ctx.Done():
		case <-c.Closed():
		}
		done := in.cfg.Timeout
		if ctx.Err() != nil {
			done = min(done, in.grace)
		}
		if err := within(c, done, "imap idle done", func() error {
			if err := idle.Close(); err != nil {
				return err
			}
			return idle.Wait()
		}); err != nil {
			return true, err
		}
		in.Health.imapOK(in.now())
		if ctx.Err() != nil {
			return true, in.logout(c)
		}
	}
}

// open creates the processed folder if need be and selects the mailbox.
func (in *Intake) open(c *imapclient.Client) (*imap.SelectData, error) {
	in.ensureProcessed(c)
	var sel *imap.SelectData
	if err := in.exchange(c, "select", func() error {
		var err error
		sel, err = c.Select(in.cfg.Mailbox, nil).Wait()
		return err
	}); err != nil {
		return nil, fmt.Errorf("select %s: %w", in.cfg.Mailbox, err)
	}
	return sel, nil
}

// logout ends the session politely, waiting no longer than shutdownGrace.
func (in *Intake) logout(c *imapclient.Client) error {
	return within(c, min(in.cfg.Timeout, in.grace), "imap logout", func() error { return c.Logout().Wait() })
}

// Box is how the database names the mailbox intake reads.
func (in *Intake) Box() string { return in.box }

// PollOnce connects, stores every unseen message and disconnects. It
// returns how many new messages were stored.
func (in *Intake) PollOnce(ctx context.Context) (int, error) {
	c, err := in.dial()
	if err != nil {
		return 0, err
	}
	defer c.Close()
	sel, err := in.open(c)
	if err != nil {
		return 0, err
	}
	n, err := in.drain(ctx, c, sel.UIDValidity)
	if err != nil {
		return n, err
	}
	return n, in.logout(c)
}

// batchSize is how many messages are fetched together; maxGroup is how
// many fetched batches one transaction stores at most (and so how many
// the fetcher reads ahead).
const (
	batchSize = 50
	maxGroup  = 4
)

// drain stores every new message (see search), a batch at a time: fetch with
// BODY.PEEK[] (which leaves \Seen alone), commit the batch, and only then
// set \Seen (and move the batch to the processed folder, if any). A crash
// before the flags are set means the batch is fetched again and recognised.
//
// When the mailbox's UIDVALIDITY is not the one recorded, the UIDs stored
// before name other messages or none (the mailbox was recreated or
// restored), and flags may not be what Galloper left: every message in it
// is read again, seen or not, and what is already stored is recognised by
// its Message-ID and body hash. The new UIDVALIDITY is recorded in the
// same transaction as the rescan's last batch, so a rescan cut short by a
// crash starts again.
func (in *Intake) drain(ctx context.Context, c *imapclient.Client, uidValidity uint32) (int, error) {
	// A batch in hand is committed and acknowledged even when ctx ends
	// meanwhile; ctx only stops the next batch from starting.
	dbCtx := context.WithoutCancel(ctx)
	if !in.validityKnown {
		if err := in.db.WithTx(dbCtx, func(tx *store.Tx) error {
			var err error
			in.validity, err = tx.MailboxValidity(in.box)
			return err
		}); err != nil {
			return 0, fmt.Errorf("read mailbox state: %w", err)
		}
		in.validityKnown = true
	}
	record := in.validity != uidValidity
	if record && in.validity != 0 {
		in.log.Warn("mailbox UIDVALIDITY changed; reading every message in it again", "mailbox", in.box,
			"was", in.validity, "now", uidValidity)
		in.Metrics.count(rescans, 1)
	}
	found, err := in.search(dbCtx, c, uidValidity, record)
	if err != nil {
		return 0, err
	}
	var batches [][]imap.UID
	for uids := found; len(uids) > 0; uids = uids[min(batchSize, len(uids)):] {
		batches = append(batches, uids[:min(batchSize, len(uids))])
	}
	if len(batches) == 0 && record {
		if err := in.db.WithTx(dbCtx, func(tx *store.Tx) error {
			return tx.SetMailboxValidity(in.box, uidValidity, in.now().UnixMilli())
		}); err != nil {
			return 0, fmt.Errorf("record UIDVALIDITY: %w", err)
		}
		in.validity = uidValidity
	}
	stored := 0
	// Three stages overlap. A fetcher reads batches ahead (and computes
	// their hashes and header facts) while earlier ones are committed;
	// each transaction takes every batch fetched by then, up to
	// maxGroup, so that when the disk is slow to sync, fewer and larger
	// commits keep up (group commit); and a committed group's \Seen flags
	// are set while the next is committed. UID commands on disjoint sets
	// may run concurrently (RFC 9051 5.5), and BODY.PEEK leaves the flags
	// alone. No mail is flagged before its transaction is committed.
	ahead := make(chan fetched, maxGroup)
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		for _, b := range batches {
			f := in.fetchBatch(c, b)
			select {
			case ahead <- f:
			case <-quit:
				return
			}
			if f.err != nil {
				return
			}
		}
	}()
	acks := make(chan error, len(batches))
	inFlight := 0
	// waitAcks waits for every acknowledgement under way and returns the
	// first error, or err if there was one before.
	waitAcks := func(err error) error {
		for ; inFlight > 0; inFlight-- {
			if e := <-acks; err == nil {
				err = e
			}
		}
		return err
	}
	for consumed := 0; consumed < len(batches) && ctx.Err() == nil; {
		first := <-ahead
		consumed++
		if first.err != nil {
			return stored, waitAcks(first.err)
		}
		if in.afterFetch != nil {
			in.afterFetch()
		}
		// The batch in hand, and whatever else is fetched already
		// (unless ctx has ended: then only the batch in hand).
		group := []fetched{first}
		var fetchErr error
	collect:
		for ctx.Err() == nil && len(group) < maxGroup && consumed < len(batches) {
			select {
			case f := <-ahead:
				consumed++
				if f.err != nil {
					fetchErr = f.err
					break collect
				}
				group = append(group, f)
			default:
				break collect
			}
		}
		last := consumed == len(batches) && fetchErr == nil
		now := in.now().UnixMilli()
		inserted := 0
		var held []imap.UID
		err := in.db.WithTx(dbCtx, func(tx *store.Tx) error {
			inserted, held = 0, nil
			for _, f := range group {
				for _, m := range f.mails {
					m.Mailbox, m.UIDValidity, m.ReceivedAt = in.box, uidValidity, now
					_, ok, err := tx.InsertInbound(m)
					if err != nil {
						return fmt.Errorf("store message uid %d: %w", m.UID, err)
					}
					if ok {
						inserted++
						continue
					}
					// Not stored: the same mail is stored already, or
					// another mail holds this UID, which the server must
					// never reuse under one UIDVALIDITY. That one is
					// left unread, not lost.
					if taken, err := tx.UIDTaken(m); err != nil {
						return err
					} else if taken {
						held = append(held, imap.UID(m.UID))
						in.log.Error("another mail is stored under this mailbox UID; leaving the new one unread on the server",
							"mailbox", in.box, "uidvalidity", uidValidity, "uid", m.UID, "msgid", m.MessageID)
					}
				}
			}
			if last && record {
				return tx.SetMailboxValidity(in.box, uidValidity, now)
			}
			return nil
		})
		if err != nil {
			return stored, waitAcks(err)
		}
		stored += inserted
		in.Metrics.count(storedMails, inserted)
		if last && record {
			in.validity = uidValidity
		}
		// Committed: now, and only now, acknowledge the group.
		var ack []imap.UID
		for _, f := range group {
			for _, u := range f.uids {
				if !slices.Contains(held, u) {
					ack = append(ack, u)
				}
			}
		}
		if len(ack) > 0 {
			inFlight++
			go func(set imap.UIDSet, n int) { acks <- in.ack(c, set, n) }(imap.UIDSetNum(ack...), len(ack))
		}
		in.log.Debug("mail stored", "batches", len(group), "mails", len(ack))
		if fetchErr != nil {
			return stored, waitAcks(fetchErr)
		}
	}
	return stored, waitAcks(nil)
}

// search lists the UIDs to fetch. Mail is taken by UID, not only by the
// \Seen flag, so that a mail another client has read is still stored:
// every UID above the highest one stored under this UIDVALIDITY, and
// every unseen one (a mail stored but not yet acknowledged is recognised
// and acknowledged). The very first time a mailbox is read, when nothing
// is known of it, only the unseen ones are taken, so that old read mail
// is not answered; after a UIDVALIDITY change (record, with a validity
// known before), every message.
func (in *Intake) search(ctx context.Context, c *imapclient.Client, uidValidity uint32, record bool) ([]imap.UID, error) {
	unseen := imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}
	var last uint32
	queries := []imap.SearchCriteria{unseen}
	switch {
	case record && in.validity != 0:
		queries = []imap.SearchCriteria{{}} // ALL
	case !record:
		if err := in.db.WithTx(ctx, func(tx *store.Tx) error {
			var err error
			last, err = tx.LastInboundUID(in.box, uidValidity)
			return err
		}); err != nil {
			return nil, fmt.Errorf("read mailbox state: %w", err)
		}
		above := imap.SearchCriteria{UID: []imap.UIDSet{{imap.UIDRange{Start: imap.UID(last) + 1, Stop: 0}}}}
		queries = append(queries, above)
	}
	var found []imap.UID
	for i, q := range queries {
		var data *imap.SearchData
		if err := in.exchange(c, "search", func() error {
			var err error
			data, err = c.UIDSearch(&q, nil).Wait()
			return err
		}); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		for _, u := range data.AllUIDs() {
			// "n:*" holds the highest UID even when it is below n
			// (RFC 9051 §6.4.4).
			if i == 0 || uint32(u) > last {
				found = append(found, u)
			}
		}
	}
	slices.Sort(found)
	return slices.Compact(found), nil
}

// ack marks a committed batch \Seen, and moves it to the processed folder
// if there is one.
func (in *Intake) ack(c *imapclient.Client, set imap.UIDSet, n int) error {
	if err := in.exchange(c, "store", func() error {
		return c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true,
			Flags: []imap.Flag{imap.FlagSeen}}, nil).Close()
	}); err != nil {
		return fmt.Errorf("mark %d mails seen: %w", n, err)
	}
	if in.cfg.Processed != "" {
		if err := in.exchange(c, "move", func() error { _, err := c.Move(set, in.cfg.Processed).Wait(); return err }); err != nil {
			return fmt.Errorf("move %d mails to %s: %w", n, in.cfg.Processed, err)
		}
	}
	return nil
}

// fetched is a batch read by fetchBatch: its UIDs, and its mails ready to
// store but for their mailbox, UIDVALIDITY and time of receipt.
type fetched struct {
	uids  []imap.UID
	mails []store.Inbound
	err   error
}

// fetchBatch fetches a batch and reads what intake keeps of each mail's
// header and hashes its body, so that the transaction storing the batch
// does nothing but write.
func (in *Intake) fetchBatch(c *imapclient.Client, uids []imap.UID) fetched {
	raws, err := in.fetch(c, uids)
	if err != nil {
		return fetched{err: err}
	}
	mails := make([]store.Inbound, 0, len(uids))
	br := bufio.NewReader(nil)
	for _, uid := range uids {
		raw, ok := raws[uid]
		if !ok {
			continue // expunged meanwhile
		}
		id, auth := headerFacts(br, raw)
		if id == "" {
			id = in.db.StandInMessageID(raw)
		}
		mails = append(mails, store.Inbound{UID: uint32(uid), MessageID: id, Raw: raw, AuthResults: auth,
			BodyHash: in.db.BodyHash(raw)})
	}
	return fetched{uids: uids, mails: mails}
}

// fetch reads messages without marking them read. A message over the size
// limit is not fetched whole: its header is kept with a note of its size,
// so that the sender can be told.
func (in *Intake) fetch(c *imapclient.Client, uids []imap.UID) (map[imap.UID][]byte, error) {
	var sizes []*imapclient.FetchMessageBuffer
	if err := in.exchange(c, "fetch", func() error {
		var err error
		sizes, err = c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
		return err
	}); err != nil {
		return nil, fmt.Errorf("fetch sizes: %w", err)
	}
	var small, big []imap.UID
	size := map[imap.UID]int64{}
	for _, m := range sizes {
		size[m.UID] = m.RFC822Size
		if m.RFC822Size > in.cfg.MaxSize {
			big = append(big, m.UID)
		} else {
			small = append(small, m.UID)
		}
	}
	out := map[imap.UID][]byte{}
	for _, part := range []struct {
		uids []imap.UID
		spec imap.PartSpecifier
	}{{small, imap.PartSpecifierNone}, {big, imap.PartSpecifierHeader}} {
		if len(part.uids) == 0 {
			continue
		}
		sec := &imap.FetchItemBodySection{Peek: true, Specifier: part.spec}
		var msgs []*imapclient.FetchMessageBuffer
		if err := in.exchange(c, "fetch", func() error {
			var err error
			msgs, err = c.Fetch(imap.UIDSetNum(part.uids...), &imap.FetchOptions{UID: true,
				BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
			return err
		}); err != nil {
			return nil, fmt.Errorf("fetch %d mails: %w", len(part.uids), err)
		}
		for _, m := range msgs {
			raw := m.FindBodySection(sec)
			if part.spec == imap.PartSpecifierHeader {
				raw = append(fmt.Appendf(nil, "%s: %d %d\r\n", OversizeHeader, size[m.UID], in.cfg.MaxSize), raw...)
			}
			out[m.UID] = raw
		}
	}
	return out, nil
}

// headerFacts reads a mail's header once for what intake keeps: its
// Message-ID ("" when it has none: intake then gives it a stand-in, see
// store.StandInMessageID) and the Authentication-Results headers (RFC 8601) that the
// receiving mail server added. Those DKIM, SPF and DMARC verdicts are kept
// as evidence of where a mail came from; they never authenticate a player.
// br is a reader to reuse.
func headerFacts(br *bufio.Reader, raw []byte) (msgID, authResults string) {
	br.Reset(bytes.NewReader(raw))
	h, err := textproto.ReadHeader(br)
	if err == nil {
		msgID = strings.TrimSpace(h.Get("Message-Id"))
	}
	if err != nil {
		return msgID, ""
	}
	var out []string
	for f := h.FieldsByKey("Authentication-Results"); f.Next(); {
		out = append(out, strings.Join(strings.Fields(f.Value()), " "))
	}
	return msgID, strings.Join(out, "\n")
}

// ensureProcessed creates the processed folder if there is one and it does
// not exist yet. An error here (usually "already exists") is ignored: a
// real problem shows when the first MOVE fails.
func (in *Intake) ensureProcessed(c *imapclient.Client) {
	if in.cfg.Processed != "" {
		_ = in.exchange(c, "create", func() error { return c.Create(in.cfg.Processed, nil).Wait() })
	}
}

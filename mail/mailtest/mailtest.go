// Package mailtest runs a small real mail system in process, on loopback:
// an IMAP server (go-imap's imapserver with its in-memory backend) holding
// the game master's mailbox, and an SMTP server (go-smtp) that delivers
// mail for the game master into that mailbox and keeps every other mail
// for inspection. galloper demo and the end-to-end tests use it.
package mailtest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"
)

// Message is one mail the SMTP server accepted for someone other than the
// game master.
type Message struct {
	From string
	To   string
	Raw  []byte
}

// Server is an IMAP server and an SMTP server on 127.0.0.1.
type Server struct {
	IMAPAddr, SMTPAddr string
	User, Password     string // the game master's IMAP login
	GMAddress          string // mail to this address lands in the IMAP INBOX

	user *imapmemserver.User
	imap *imapserver.Server
	smtp *smtp.Server

	mem *imapmemserver.Server
	// boxes are players' own IMAP mailboxes, by address (AddMailbox).
	boxes map[string]*imapmemserver.User

	mu         sync.Mutex
	outbox     []Message
	arrived    chan struct{}
	failNext   int    // refuse the next N deliveries with a temporary error
	rejectNext int    // refuse the next N deliveries with a permanent error
	notOwned   string // a sender refused at RCPT with 553, as Postfix refuses a login's foreign address
}

// Start starts both servers on loopback ports chosen by the system.
func Start(gmAddress, user, password string) (*Server, error) {
	s := &Server{User: user, Password: password, GMAddress: strings.ToLower(gmAddress), arrived: make(chan struct{}, 1)}
	mem := imapmemserver.New()
	s.user = imapmemserver.NewUser(user, password)
	if err := s.user.Create("INBOX", nil); err != nil {
		return nil, err
	}
	mem.AddUser(s.user)
	s.mem, s.boxes = mem, map[string]*imapmemserver.User{}
	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true, // loopback only
	})
	iln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	go s.imap.Serve(iln)
	s.IMAPAddr = iln.Addr().String()

	s.smtp = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{srv: s}, nil }))
	s.smtp.Domain = "localhost"
	s.smtp.AllowInsecureAuth = true
	s.smtp.MaxMessageBytes = 32 << 20
	sln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.imap.Close()
		return nil, err
	}
	go s.smtp.Serve(sln)
	s.SMTPAddr = sln.Addr().String()
	return s, nil
}

// AddMailbox gives address an IMAP mailbox of its own, with the login
// user and password: mail for it is delivered to its INBOX as well as
// kept for inspection. Call it before any mail for address arrives.
func (s *Server) AddMailbox(address, user, password string) error {
	u := imapmemserver.NewUser(user, password)
	if err := u.Create("INBOX", nil); err != nil {
		return err
	}
	s.mem.AddUser(u)
	s.mu.Lock()
	s.boxes[strings.ToLower(address)] = u
	s.mu.Unlock()
	return nil
}

// Close stops both servers.
func (s *Server) Close() {
	s.smtp.Close()
	s.imap.Close()
}

// Deliver puts a raw message straight into the game master's INBOX, as an
// MTA would.
func (s *Server) Deliver(raw []byte) error {
	_, err := s.user.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{})
	return err
}

// DeliverFlags puts a raw message into the game master's INBOX with the
// given flags, e.g. \Seen for a message restored from a backup as read.
func (s *Server) DeliverFlags(raw []byte, flags ...imap.Flag) error {
	_, err := s.user.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{Flags: flags})
	return err
}

// RecreateMailbox deletes a mailbox with everything in it and creates it
// again, empty, as an operator restoring a mailbox from a backup would.
// The server gives the new mailbox a new UIDVALIDITY.
func (s *Server) RecreateMailbox(name string) error {
	if err := s.user.Delete(name); err != nil {
		return err
	}
	return s.user.Create(name, nil)
}

// UIDValidity is a mailbox's current UIDVALIDITY.
func (s *Server) UIDValidity(name string) (uint32, error) {
	d, err := s.user.Status(name, &imap.StatusOptions{UIDValidity: true})
	if err != nil {
		return 0, err
	}
	return d.UIDValidity, nil
}

// Send submits a raw message over SMTP, as a player's mail client would.
func (s *Server) Send(from, to string, raw []byte) error {
	c, err := smtp.Dial(s.SMTPAddr) // plain text: loopback only
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, []string{to}, bytes.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

// FailNext makes the SMTP server refuse the next n mails for players with a
// temporary error (421), to exercise retries.
func (s *Server) FailNext(n int) {
	s.mu.Lock()
	s.failNext = n
	s.mu.Unlock()
}

// RejectNext makes the SMTP server refuse the next n mails for players with
// a permanent error (550), as for an address that does not exist.
func (s *Server) RejectNext(n int) {
	s.mu.Lock()
	s.rejectNext = n
	s.mu.Unlock()
}

// RefuseSender makes the SMTP server refuse every mail from addr at RCPT
// TO with 553 5.7.1, as Postfix with reject_sender_login_mismatch refuses
// a sender address the login does not own; "" lifts the refusal.
func (s *Server) RefuseSender(addr string) {
	s.mu.Lock()
	s.notOwned = strings.ToLower(addr)
	s.mu.Unlock()
}

// Sent returns every mail accepted for someone other than the game master.
func (s *Server) Sent() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.outbox...)
}

// WaitFor waits until at least n mails have been accepted for others, or
// the timeout passes, and returns what has been accepted.
func (s *Server) WaitFor(ctx context.Context, n int, timeout time.Duration) ([]Message, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		if got := s.Sent(); len(got) >= n {
			return got, nil
		}
		select {
		case <-s.arrived:
		case <-deadline.C:
			got := s.Sent()
			return got, fmt.Errorf("waited %s for %d mails, %d arrived", timeout, n, len(got))
		case <-ctx.Done():
			return s.Sent(), ctx.Err()
		}
	}
}

type session struct {
	srv  *Server
	from string
	to   []string
}

func (ss *session) AuthMechanisms() []string { return nil }
func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	ss.from = from
	return nil
}
func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.srv.mu.Lock()
	refused := ss.srv.notOwned != "" && strings.EqualFold(ss.from, ss.srv.notOwned)
	ss.srv.mu.Unlock()
	if refused {
		return &smtp.SMTPError{Code: 553, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
			Message: "<" + ss.from + ">: Sender address rejected: not owned by user"}
	}
	ss.to = append(ss.to, strings.ToLower(to))
	return nil
}
func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s := ss.srv
	for _, to := range ss.to {
		if stripPlus(to) == s.GMAddress {
			// Like a real MDA, record the envelope recipient.
			if err := s.Deliver(append([]byte("Delivered-To: "+to+"\r\n"), raw...)); err != nil {
				return err
			}
			continue
		}
		s.mu.Lock()
		if s.rejectNext > 0 {
			s.rejectNext--
			s.mu.Unlock()
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
		}
		if s.failNext > 0 {
			s.failNext--
			s.mu.Unlock()
			return &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
		}
		// In the recipient's own mailbox first, so that whoever sees it
		// among Sent can read it there.
		if box := s.boxes[to]; box != nil {
			if _, err := box.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{}); err != nil {
				s.mu.Unlock()
				return err
			}
		}
		s.outbox = append(s.outbox, Message{From: ss.from, To: to, Raw: raw})
		s.mu.Unlock()
		select {
		case s.arrived <- struct{}{}:
		default:
		}
	}
	return nil
}
func (ss *session) Reset()        { ss.from, ss.to = "", nil }
func (ss *session) Logout() error { return nil }

// stripPlus removes a plus part: gm+x.y@host is delivered to gm@host.
func stripPlus(addr string) string {
	local, domain, ok := strings.Cut(addr, "@")
	if !ok {
		return addr
	}
	local, _, _ = strings.Cut(local, "+")
	return local + "@" + domain
}

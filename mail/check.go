package mail

import (
	"context"
	"fmt"
)

// Check logs in to the IMAP server, selects the mailbox and logs out, as
// `galloper check-config --connect` does before a deployment.
func (in *Intake) Check(ctx context.Context) error {
	c, err := in.dial()
	if err != nil {
		return err
	}
	defer c.Close()
	if _, err := in.open(c); err != nil {
		return fmt.Errorf("imap: %w", err)
	}
	return in.logout(c)
}

// Check logs in to the SMTP server and asks it to take a mail from
// Galloper's address to that same address (MAIL FROM and RCPT TO, then
// RSET: nothing is sent), so that a login that may not send as Galloper's
// address (Postfix's "Sender address rejected: not owned by user", often
// given only at RCPT) is found before the first mail is lost to it.
func (s *Sender) Check(ctx context.Context) error {
	c, err := s.dial()
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Mail(s.cfg.From, nil); err != nil {
		return fmt.Errorf("smtp server refuses the sender %s (MAIL FROM): %w", s.cfg.From, err)
	}
	if err := c.Rcpt(s.cfg.From, nil); err != nil {
		return fmt.Errorf("smtp server refuses a mail from %s to %s (RCPT TO): %w", s.cfg.From, s.cfg.From, err)
	}
	if err := c.Reset(); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return c.Quit()
}

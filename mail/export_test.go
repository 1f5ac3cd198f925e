package mail

import (
	"log/slog"
	"time"

	"galloper/adjudicator/store"
)

// SetAfterFetch makes in call f after it has fetched each batch of mail,
// before the batch is stored.
func SetAfterFetch(in *Intake, f func()) { in.afterFetch = f }

// SetAfterHandle makes p call f after it has processed each mail.
func SetAfterHandle(p *Processor, f func()) { p.afterHandle = f }

// SetAfter replaces the clock in waits on (backoff, polling, IDLE renewal).
func SetAfter(in *Intake, f func(time.Duration) <-chan time.Time) { in.after = f }

// SetBeforeHandle makes p call f before it reads each mail.
func SetBeforeHandle(p *Processor, f func(store.Inbound)) { p.beforeHandle = f }

// SetLog gives in a logger.
func SetLog(in *Intake, log *slog.Logger) { in.log = log }

// SetShutdownGrace bounds in's last exchanges at shutdown by d.
func SetShutdownGrace(in *Intake, d time.Duration) { in.grace = d }

// SetDaemonAfter replaces the clock d's loop waits on between steps.
func SetDaemonAfter(d *Daemon, f func(time.Duration) <-chan time.Time) { d.after = f }

// SetSenderGrace bounds s's exchanges after Hurry by d.
func SetSenderGrace(s *Sender, d time.Duration) { s.grace = d }

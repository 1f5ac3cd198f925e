package mail

import (
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

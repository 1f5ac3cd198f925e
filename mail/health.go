package mail

import (
	"fmt"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Health keeps when the daemon last exchanged mail-server commands
// successfully, for /healthz and for the galloper_*_last_success metrics.
// A nil *Health records nothing.
type Health struct {
	mu      sync.Mutex
	started time.Time
	imap    time.Time
	smtp    time.Time
}

// NewHealth returns a Health for a daemon started at now.
func NewHealth(now time.Time) *Health { return &Health{started: now} }

func (h *Health) imapOK(t time.Time) {
	if h != nil {
		h.mu.Lock()
		h.imap = t
		h.mu.Unlock()
	}
}

func (h *Health) smtpOK(t time.Time) {
	if h != nil {
		h.mu.Lock()
		h.smtp = t
		h.mu.Unlock()
	}
}

// Last returns when IMAP and SMTP last succeeded (zero: not yet).
func (h *Health) Last() (imap, smtp time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.imap, h.smtp
}

// Check reports a problem when IMAP or SMTP has not succeeded within the
// last within (counting from the start, for a daemon that has not yet
// succeeded at all).
func (h *Health) Check(now time.Time, within time.Duration) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, p := range []struct {
		name string
		last time.Time
	}{{"imap", h.imap}, {"smtp", h.smtp}} {
		since := p.last
		if since.IsZero() {
			since = h.started
		}
		if gap := now.Sub(since); gap > within {
			if p.last.IsZero() {
				return fmt.Errorf("%s: no successful exchange since the start %s ago", p.name, human(gap))
			}
			return fmt.Errorf("%s: last successful exchange %s ago (%s)", p.name, human(gap), p.last.UTC().Format(time.RFC3339))
		}
	}
	return nil
}

// Register adds the galloper_imap_last_success_timestamp_seconds and
// galloper_smtp_last_success_timestamp_seconds gauges to reg (0 until the
// first success).
func (h *Health) Register(reg prometheus.Registerer) {
	unix := func(t time.Time) float64 {
		if t.IsZero() {
			return 0
		}
		return float64(t.UnixMilli()) / 1000
	}
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "galloper_imap_last_success_timestamp_seconds",
			Help: "When an exchange with the IMAP server last succeeded (Unix time; 0: not since the start)."},
			func() float64 { t, _ := h.Last(); return unix(t) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "galloper_smtp_last_success_timestamp_seconds",
			Help: "When an exchange with the SMTP server last succeeded (Unix time; 0: not since the start)."},
			func() float64 { _, t := h.Last(); return unix(t) }))
}

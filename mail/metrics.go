package mail

import "github.com/prometheus/client_golang/prometheus"

// Metrics counts what the daemon does since it started, for Prometheus.
// The counts of stored and queued mail by status come from the database
// (see `galloper serve`); these counters say what happened meanwhile. A
// nil *Metrics counts nothing.
type Metrics struct {
	imapSessions prometheus.Counter
	imapFailures prometheus.Counter
	rescans      prometheus.Counter
	stored       prometheus.Counter
	processed    *prometheus.CounterVec
	sends        *prometheus.CounterVec
	stepFailures prometheus.Counter
	resolved     prometheus.Counter
}

// NewMetrics makes the daemon's counters and registers them with reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		imapSessions: prometheus.NewCounter(prometheus.CounterOpts{Name: "galloper_imap_sessions_total",
			Help: "IMAP sessions opened (the first, and one per reconnection)."}),
		imapFailures: prometheus.NewCounter(prometheus.CounterOpts{Name: "galloper_imap_failures_total",
			Help: "IMAP sessions that failed (dial, login, select, fetch, store); each is retried with backoff."}),
		rescans: prometheus.NewCounter(prometheus.CounterOpts{Name: "galloper_imap_uidvalidity_changes_total",
			Help: "Times the mailbox's UIDVALIDITY changed and every message in it was read again."}),
		stored: prometheus.NewCounter(prometheus.CounterOpts{Name: "galloper_mails_stored_total",
			Help: "Received mails committed to the database (duplicates not counted)."}),
		processed: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "galloper_mails_processed_total",
			Help: "Stored mails processed, by outcome: accepted, problems, command, ignored, bounced (a delivery failure report of a mail Galloper sent), bounce (one that matches no mail), failed (set aside after repeated errors)."}, []string{"outcome"}),
		sends: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "galloper_smtp_sends_total",
			Help: "SMTP delivery attempts, by result: sent, temporary (retried later), permanent (given up)."}, []string{"result"}),
		stepFailures: prometheus.NewCounter(prometheus.CounterOpts{Name: "galloper_step_failures_total",
			Help: "Daemon steps (process, deadlines, send) that failed and will be retried."}),
		resolved: prometheus.NewCounter(prometheus.CounterOpts{Name: "galloper_deadline_resolutions_total",
			Help: "Segments resolved because their deadline and grace period passed."}),
	}
	for _, o := range []string{"accepted", "problems", "command", "ignored", "bounced", "bounce", "failed"} {
		m.processed.WithLabelValues(o)
	}
	for _, r := range []string{"sent", "temporary", "permanent"} {
		m.sends.WithLabelValues(r)
	}
	reg.MustRegister(m.imapSessions, m.imapFailures, m.rescans, m.stored, m.processed, m.sends, m.stepFailures, m.resolved)
	return m
}

// count adds n to the counter pick chooses, when there are metrics.
func (m *Metrics) count(pick func(*Metrics) prometheus.Counter, n int) {
	if m != nil && n > 0 {
		pick(m).Add(float64(n))
	}
}

func sessions(m *Metrics) prometheus.Counter     { return m.imapSessions }
func imapFailures(m *Metrics) prometheus.Counter { return m.imapFailures }
func rescans(m *Metrics) prometheus.Counter      { return m.rescans }
func storedMails(m *Metrics) prometheus.Counter  { return m.stored }
func stepFailures(m *Metrics) prometheus.Counter { return m.stepFailures }
func resolved(m *Metrics) prometheus.Counter     { return m.resolved }

func (m *Metrics) send(result string) {
	if m != nil {
		m.sends.WithLabelValues(result).Inc()
	}
}

// outcome files a processing result ("accepted", "problems: 3",
// "ignored: ...", or a command's name) under its outcome label.
func (m *Metrics) outcome(result string) {
	if m == nil {
		return
	}
	o := "command"
	for _, p := range []string{"accepted", "problems", "ignored", "bounce", "bounced", "failed"} {
		if len(result) >= len(p) && result[:len(p)] == p {
			o = p
		}
	}
	m.processed.WithLabelValues(o).Inc()
}

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"galloper/adjudicator/store"
	"galloper/mail"
)

// opsRegistry is the daemon's Prometheus registry: Go and process
// metrics, and the mail counts by status, read from the database on each
// scrape so that they are right after a restart too. The daemon's own
// counters (mail.NewMetrics) are registered with it as well.
func opsRegistry(db *store.DB) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	count := func(f func(tx *store.Tx) (int, error)) float64 {
		var n int
		_ = db.WithTx(context.Background(), func(tx *store.Tx) error {
			var err error
			n, err = f(tx)
			return err
		})
		return float64(n)
	}
	for _, st := range []string{"new", "processed", "failed"} {
		reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "galloper_inbound_mails",
			Help: "Received mails stored, by processing status.", ConstLabels: prometheus.Labels{"status": st}},
			func() float64 { return count(func(tx *store.Tx) (int, error) { return tx.CountInbound(st) }) }))
	}
	for _, st := range []string{"pending", "sent", "failed", "bounced"} {
		reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "galloper_outbox_mails",
			Help: "Outgoing mails, by delivery status.", ConstLabels: prometheus.Labels{"status": st}},
			func() float64 { return count(func(tx *store.Tx) (int, error) { return tx.CountOutbox(st) }) }))
	}
	return reg
}

// healthCheck is what /healthz asks: that the database can be written,
// and that IMAP and SMTP have answered within the configured time.
type healthCheck struct {
	db     *store.DB
	health *mail.Health // nil: the mail servers are not checked
	within time.Duration
	now    func() time.Time // time.Now when nil
}

func (h healthCheck) check(ctx context.Context) error {
	if err := h.db.Writable(ctx); err != nil {
		return err
	}
	if h.health == nil {
		return nil
	}
	now := time.Now
	if h.now != nil {
		now = h.now
	}
	return h.health.Check(now(), h.within)
}

// opsHandler serves /metrics (Prometheus) from reg and /healthz for the
// daemon: 200 "ok", or 503 with the first problem found.
func opsHandler(h healthCheck, reg *prometheus.Registry) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		if err := h.check(r.Context()); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	return mux
}

// serveOps runs the ops server on addr until ctx ends.
func serveOps(ctx context.Context, addr string, h healthCheck, reg *prometheus.Registry, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("metrics listener %s: %w", addr, err)
	}
	srv := &http.Server{Handler: opsHandler(h, reg), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	log.Info("metrics and health", "addr", ln.Addr().String())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

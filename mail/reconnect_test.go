package mail_test

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"galloper/mail"
)

// proxy stands between intake and the IMAP server on loopback, to make
// outages (it refuses and cuts connections while down) and to play a
// server without IDLE (it strikes IDLE from the capabilities it relays).
type proxy struct {
	t      *testing.T
	ln     net.Listener
	target string
	noIdle bool

	mu      sync.Mutex
	up      bool
	frozen  bool // relays nothing, as a stopped server answers nothing
	conns   []net.Conn
	sawIdle bool // a client sent IDLE
}

func newProxy(t *testing.T, target string, noIdle bool) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{t: t, ln: ln, target: target, noIdle: noIdle}
	t.Cleanup(func() { ln.Close(); p.setUp(false) })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.handle(c)
		}
	}()
	return p
}

// setUp brings the proxy up or down; going down cuts every connection.
func (p *proxy) setUp(up bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.up = up
	if !up {
		for _, c := range p.conns {
			c.Close()
		}
		p.conns = nil
	}
}

// freeze makes the proxy swallow everything, both ways, on the
// connections it holds and on new ones, until it is thawed.
func (p *proxy) freeze(on bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.frozen = on
}

func (p *proxy) isFrozen() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.frozen
}

func (p *proxy) idleSeen() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.sawIdle
}

func (p *proxy) handle(client net.Conn) {
	p.mu.Lock()
	if !p.up {
		p.mu.Unlock()
		client.Close()
		return
	}
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		p.mu.Unlock()
		client.Close()
		return
	}
	p.conns = append(p.conns, client, server)
	p.mu.Unlock()
	go p.relay(client, server, func(line []byte) []byte {
		if bytes.HasSuffix(bytes.ToUpper(line), []byte(" IDLE\r\n")) {
			p.mu.Lock()
			p.sawIdle = true
			p.mu.Unlock()
		}
		return line
	})
	p.relay(server, client, func(line []byte) []byte {
		if p.noIdle && bytes.Contains(line, []byte("CAPABILITY")) {
			// An IMAP4rev1 server without the IDLE extension
			// (IMAP4rev2 includes IDLE).
			line = bytes.ReplaceAll(line, []byte(" IMAP4rev2"), nil)
			return bytes.ReplaceAll(line, []byte(" IDLE"), nil)
		}
		return line
	})
}

// relay copies lines from src to dst through edit.
func (p *proxy) relay(src, dst net.Conn, edit func([]byte) []byte) {
	defer src.Close()
	defer dst.Close()
	r := bufio.NewReader(src)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 && !p.isFrozen() {
			if _, werr := dst.Write(edit(line)); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// fakeClock hands intake's waits to the test: each wait is announced on
// waits, and ends when the test sends on fire.
type fakeClock struct {
	waits chan time.Duration
	fire  chan time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{waits: make(chan time.Duration), fire: make(chan time.Time)}
}

func (f *fakeClock) after(d time.Duration) <-chan time.Time {
	f.waits <- d
	return f.fire
}

// next waits for intake's next wait, which must be of length want.
func (f *fakeClock) next(t *testing.T, step string, want time.Duration) {
	t.Helper()
	select {
	case got := <-f.waits:
		if got != want {
			t.Fatalf("%s: intake waits %s, want %s", step, got, want)
		}
	case <-time.After(time.Minute): // a stuck test, not a measurement
		t.Fatalf("%s: intake did not wait for %s", step, want)
	}
}

// runIntake runs the rig's intake through the proxy, its waits on clock,
// until the test ends; notified gets a value each time new mail is stored.
func runIntake(t *testing.T, r *rig, p *proxy, clock *fakeClock) (notified chan struct{}) {
	r.imap.Addr = p.ln.Addr().String()
	r.restart()
	notified, _ = runIntakeLoop(t, r, clock)
	return notified
}

// runIntakeLoop runs the rig's intake as set up, its waits on clock, until
// the test ends or stop is called; notified gets a value each time new
// mail is stored, and the channel stop returns is closed once Run has
// returned.
func runIntakeLoop(t *testing.T, r *rig, clock *fakeClock) (notified chan struct{}, stop func() <-chan struct{}) {
	mail.SetAfter(r.d.Intake, clock.after)
	notified = make(chan struct{}, 10)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.d.Intake.Run(ctx, time.Hour, func() { notified <- struct{}{} })
	}()
	t.Cleanup(func() {
		cancel()
		// Let a wait in progress end so that Run sees ctx.
		for {
			select {
			case <-done:
				return
			case <-clock.waits:
			case clock.fire <- time.Time{}:
			}
		}
	})
	return notified, func() <-chan struct{} { cancel(); return done }
}

func waitNotified(t *testing.T, step string, ch chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(time.Minute): // a stuck test, not a measurement
		t.Fatalf("%s: no mail was stored", step)
	}
}

// While the server is away, intake retries after 1, 2, 4, ... seconds;
// once it is back, mail is read and intake waits in IDLE. A later outage
// starts again from 1 second.
func TestReconnectWithBackoff(t *testing.T) {
	r := newRig(t)
	p := newProxy(t, r.srv.IMAPAddr, false)
	clock := newFakeClock()
	notified := runIntake(t, r, p, clock)
	for _, want := range []time.Duration{1, 2, 4, 8} {
		clock.next(t, "server down", want*time.Second)
		clock.fire <- time.Time{}
	}
	clock.next(t, "server down", 16*time.Second)
	r.send(csaAddr, "orders", csaTurn1)
	p.setUp(true)
	clock.fire <- time.Time{}
	waitNotified(t, "server back", notified)
	clock.next(t, "in IDLE", time.Hour) // IDLE, renewed after the poll period
	if n := r.inbound(""); n != 1 {
		t.Fatalf("%d mails stored after reconnecting, want 1", n)
	}
	if !p.idleSeen() {
		t.Fatal("intake did not use IDLE, which the server offers")
	}
	// The connection is cut while intake waits in IDLE.
	p.setUp(false)
	clock.next(t, "cut in IDLE", time.Second)
	r.send(usaAddr, "orders", "GAME creek\nSIDE USA\nTURN 1\nPASSWORD oak\n")
	p.setUp(true)
	clock.fire <- time.Time{}
	waitNotified(t, "back again", notified)
	clock.next(t, "in IDLE again", time.Hour)
	if n := r.inbound(""); n != 2 {
		t.Fatalf("%d mails stored after the second outage, want 2", n)
	}
}

// A server without IDLE is polled: each poll period intake asks again and
// stores what has come.
func TestPollingWithoutIdle(t *testing.T) {
	r := newRig(t)
	p := newProxy(t, r.srv.IMAPAddr, true)
	p.setUp(true)
	clock := newFakeClock()
	notified := runIntake(t, r, p, clock)
	clock.next(t, "first poll period", time.Hour)
	r.send(csaAddr, "orders", csaTurn1)
	clock.fire <- time.Time{}
	waitNotified(t, "poll", notified)
	clock.next(t, "second poll period", time.Hour)
	if n := r.inbound(""); n != 1 {
		t.Fatalf("%d mails stored by polling, want 1", n)
	}
	if p.idleSeen() {
		t.Fatal("intake sent IDLE to a server that does not offer it")
	}
}

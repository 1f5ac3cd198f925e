package mail

import (
	"fmt"
	"io"
	"net"
	"sync/atomic"
	"time"
)

// DefaultTimeout is how long Galloper waits for any one exchange with a
// mail server (connecting, logging in, each command, the end of an IDLE)
// before it gives the connection up as hung and reconnects. A server
// that has stopped answering (a stopped process, a dead link that still
// holds TCP open) would otherwise leave Galloper waiting for ever.
const DefaultTimeout = time.Minute

// shutdownGrace bounds the last exchanges at shutdown (ending IDLE,
// LOGOUT), so that a stuck server never holds a stop up for long.
const shutdownGrace = 5 * time.Second

// within runs op and closes c when op has not returned after d, which
// makes every command waiting on c fail at once. what names the
// exchange in the error.
func within(c io.Closer, d time.Duration, what string, op func() error) error {
	var fired atomic.Bool
	t := time.AfterFunc(d, func() {
		fired.Store(true)
		c.Close()
	})
	err := op()
	t.Stop()
	if fired.Load() {
		return fmt.Errorf("%s: no answer within %s; the server is hung or unreachable", what, d)
	}
	return err
}

// boundedConn is a connection on which no read or write waits longer than
// max: every deadline the protocol library sets (or clears) is cut to max
// from now. go-smtp sets a deadline before each command, so each SMTP
// exchange gets at most max. hurry shortens max, for a stop.
type boundedConn struct {
	net.Conn
	max atomic.Int64 // nanoseconds
}

func newBoundedConn(c net.Conn, max time.Duration) *boundedConn {
	b := &boundedConn{Conn: c}
	b.max.Store(int64(max))
	return b
}

func (c *boundedConn) clamp(t time.Time) time.Time {
	limit := time.Now().Add(time.Duration(c.max.Load()))
	if t.IsZero() || t.After(limit) {
		return limit
	}
	return t
}

func (c *boundedConn) SetDeadline(t time.Time) error      { return c.Conn.SetDeadline(c.clamp(t)) }
func (c *boundedConn) SetReadDeadline(t time.Time) error  { return c.Conn.SetReadDeadline(c.clamp(t)) }
func (c *boundedConn) SetWriteDeadline(t time.Time) error { return c.Conn.SetWriteDeadline(c.clamp(t)) }

// hurry bounds every exchange from now on, the one under way included,
// by d.
func (c *boundedConn) hurry(d time.Duration) {
	if d < time.Duration(c.max.Load()) {
		c.max.Store(int64(d))
		c.Conn.SetDeadline(time.Now().Add(d))
	}
}

// human prints a duration for a log line: "2m46s", never nanoseconds.
func human(d time.Duration) string {
	if d >= time.Second {
		d = d.Round(time.Second)
	}
	return d.String()
}

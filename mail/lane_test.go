package mail

import (
	"fmt"
	"testing"
)

// Mail naming a game goes in the game's lane; mail naming none goes in its
// sender's, so that two players' new games or JOINs are processed by two
// daemons at once, not one after the other.
func TestLanes(t *testing.T) {
	mail := func(from, to, body string) string {
		return laneOf(Read(fmt.Appendf(nil, "From: %s\r\nTo: %s\r\nSubject: x\r\nMessage-ID: <1@x>\r\n\r\n%s\r\n", from, to, body)))
	}
	for _, c := range []struct{ name, got, want string }{
		{"GAME line", mail("a@x.test", "gm@g.test", "GAME Creek\nSIDE CSA\n"), "game:creek"},
		{"plus address", mail("a@x.test", "gm+Ford.csa.tok@g.test", "HOLD\n"), "game:ford"},
		{"new game", mail("Alice@X.test", "gm@g.test", "NEW GAME lob.v2 tanners-creek\n"), "from:alice@x.test"},
		{"another sender", mail("bob@x.test", "gm@g.test", "JOIN abc\n"), "from:bob@x.test"},
		{"no sender", mail("", "gm@g.test", "HELP\n"), "other"},
	} {
		if c.got != c.want {
			t.Errorf("%s: lane %q, want %q", c.name, c.got, c.want)
		}
	}
}

package templates

import (
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/lob"
)

// TestStartMailTeachesTheSystemsOrderForm: the game-start mail shows the
// order form the system's style gives, not one the templates know.
func TestStartMailTeachesTheSystemsOrderForm(t *testing.T) {
	for _, c := range []struct {
		style     *rules.Style
		want, not string
	}{
		{lob.Style(), "    ORDER MOVE from <leader> to <command>\n      OBJECTIVE <hex or place>", "HOLD"},
		{&rules.Style{OrderForm: "HOLD <unit>\n"}, "    HOLD <unit>\n", "ORDER MOVE"},
		{nil, "The full reference", "ORDER MOVE"},
	} {
		text, err := Start(StartData{Game: "g", Side: "CSA", View: rules.View{Style: c.style}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, c.want) || strings.Contains(text, c.not) {
			t.Errorf("start mail with %v: want %q and no %q:\n%s", c.style, c.want, c.not, text)
		}
	}
}

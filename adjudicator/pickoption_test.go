package adjudicator

import (
	"strings"
	"testing"
)

// TestPickOption: DECIDE's choice is an option's number, its whole text in
// any case and spacing (as the request prints it, "(default)" and all), or
// a start of its text that fits it alone; anything else is a problem that
// lists the options with their numbers.
func TestPickOption(t *testing.T) {
	options := []string{"Stand", "Stand fast at the Mill", "Retire to A5.6", "Retreat", "Evade"}
	for _, c := range []struct{ written, want, problem string }{
		{"2", "Stand fast at the Mill", ""},
		{"stand", "Stand", ""}, // the whole text wins over a start of another
		{"STAND FAST AT THE MILL", "Stand fast at the Mill", ""},
		{"stand  fast at\tthe mill", "Stand fast at the Mill", ""},
		{"Retire to A5.6   (default)", "Retire to A5.6", ""},
		{"reti", "Retire to A5.6", ""},
		{"ret", "", `"ret" could be 3. Retire to A5.6 or 4. Retreat`},
		{"e", "Evade", ""},
		{"sta", "", `"sta" could be 1. Stand or 2. Stand fast at the Mill`},
		{"advance", "", `"advance" is not one of the options: 1. Stand; 2. Stand fast at the Mill; 3. Retire to A5.6; 4. Retreat; 5. Evade`},
		{"6", "", "there is no option 6: choose 1 to 5 (1. Stand; 2. Stand fast at the Mill; 3. Retire to A5.6; 4. Retreat; 5. Evade)"},
		{"", "", "DECIDE needs a choice: one of 1. Stand; 2. Stand fast at the Mill; 3. Retire to A5.6; 4. Retreat; 5. Evade"},
	} {
		got, err := pickOption(options, c.written)
		checkPick(t, got, err, c.written, c.want, c.problem)
	}
	// Options that are hex ids: the whole id is that hex, a small number
	// is still an option's number.
	hexes := []string{"2009", "2010", "1"}
	for _, c := range []struct{ written, want, problem string }{
		{"2009", "2009", ""},
		{"2", "2010", ""},
		{"1", "1", ""}, // the whole text wins
		{"2011", "", "there is no option 2011: choose 1 to 3"},
	} {
		got, err := pickOption(hexes, c.written)
		checkPick(t, got, err, c.written, c.want, c.problem)
	}
}

func checkPick(t *testing.T, got string, err error, written, want, problem string) {
	t.Helper()
	switch {
	case problem == "" && (err != nil || got != want):
		t.Errorf("%q: %q, %v; want %q", written, got, err, want)
	case problem != "" && (err == nil || !strings.Contains(err.Error(), problem)):
		t.Errorf("%q: %q, %v; want a problem saying %q", written, got, err, problem)
	}
}

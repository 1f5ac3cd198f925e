package battlehymn

import (
	"os"
	"strings"
	"testing"
)

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions(nil)
	if err != nil || o != DefaultOptions() {
		t.Fatalf("no options: %+v, %v; want the defaults", o, err)
	}
	// Each option's first value is its default.
	for name, values := range optionSetters {
		o, err := ParseOptions(map[string]string{name: values[0].value})
		if err != nil || o != DefaultOptions() {
			t.Errorf("%s: %s is not the default: %+v, %v", name, values[0].value, o, err)
		}
	}
	o, err = ParseOptions(map[string]string{
		"artillery-range-on-fire": "false", "horse-holders": "one-or-two", "horse-artillery-rbc": "may",
		"shatter-loss": "twice", "conga-line": "per-hex",
	})
	want := Options{HorseHoldersOneOrTwo: true, HorseArtilleryMayRBC: true, ShatterLossTwice: true, CongaPerHex: true}
	if err != nil || o != want {
		t.Fatalf("every option switched: %+v, %v; want %+v", o, err, want)
	}
	if _, err := ParseOptions(map[string]string{"horse-holders": "half"}); err == nil || !strings.Contains(err.Error(), `"half" is not one of third, one-or-two`) {
		t.Errorf("a bad value: %v", err)
	}
	if _, err := ParseOptions(map[string]string{"fog": "yes"}); err == nil || !strings.Contains(err.Error(), "no such option") {
		t.Errorf("an unknown option: %v", err)
	}
}

// Every option is documented in docs/rulings-battlehymn.md with its
// values, default first.
func TestOptionsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rulings-battlehymn.md")
	if err != nil {
		t.Fatal(err)
	}
	for name, values := range optionSetters {
		var vs []string
		for _, v := range values {
			vs = append(vs, v.value)
		}
		want := "`" + name + ": " + strings.Join(vs, " | ") + "`"
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/rulings-battlehymn.md does not document %s", want)
		}
	}
}

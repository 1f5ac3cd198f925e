package lobtext

import (
	"galloper/orders"
	"reflect"
	"testing"
)

// FuzzParse checks that Parse never panics and that its result survives a
// trip through Format: parse, format, parse gives the same orders, the
// canonical text is a fixed point, and a file without problems still has
// none once formatted.
func FuzzParse(f *testing.F) {
	for _, s := range Dialect.Seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		f1, p1 := Parse(text)
		out := Format(f1)
		f2, p2 := Parse(out)
		if a, b := StripPositions(f1), StripPositions(f2); !reflect.DeepEqual(a, b) {
			t.Fatalf("round trip changed the file\ninput:  %q\nformat: %q\nfirst:  %#v\nsecond: %#v", text, out, a, b)
		}
		if again := Format(f2); again != out {
			t.Fatalf("Format is not a fixed point\nfirst:  %q\nsecond: %q", out, again)
		}
		if len(p1) == 0 && len(p2) != 0 {
			t.Fatalf("a clean file formats to one with problems\ninput:  %q\nformat: %q\nproblems: %+v", text, out, p2)
		}
		for _, p := range p1 {
			if p.Kind != orders.Invalid || p.Code == "" || p.Message == "" {
				t.Fatalf("incomplete problem %+v", p)
			}
		}
		if Hash(f1) != Hash(f2) {
			t.Fatalf("hash changed in the round trip of %q", text)
		}
	})
}

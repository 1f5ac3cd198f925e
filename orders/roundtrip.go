package orders

import (
	"fmt"
	"reflect"
)

// RoundTrip checks the parse, print and parse round trip of text in
// dialect d, as every dialect's fuzz test and the conformance suite do:
// the file survives a trip through Format (apart from positions), the
// canonical text is a fixed point, a file without problems still has none
// once formatted, every problem is complete, and the hash is unchanged. It
// returns the first failure, or nil.
func RoundTrip(text string, d Dialect) error {
	f1, p1 := Parse(text, d)
	out := Format(f1, d)
	f2, p2 := Parse(out, d)
	if a, b := StripPositions(f1, d), StripPositions(f2, d); !reflect.DeepEqual(a, b) {
		return fmt.Errorf("round trip changed the file\ninput:  %q\nformat: %q\nfirst:  %#v\nsecond: %#v", text, out, a, b)
	}
	if again := Format(f2, d); again != out {
		return fmt.Errorf("Format is not a fixed point\nfirst:  %q\nsecond: %q", out, again)
	}
	if len(p1) == 0 && len(p2) != 0 {
		return fmt.Errorf("a clean file formats to one with problems\ninput:  %q\nformat: %q\nproblems: %+v", text, out, p2)
	}
	for _, p := range p1 {
		if p.Kind != Invalid || p.Code == "" || p.Message == "" {
			return fmt.Errorf("incomplete problem %+v", p)
		}
	}
	if Hash(f1, d) != Hash(f2, d) {
		return fmt.Errorf("hash changed in the round trip of %q", text)
	}
	return nil
}

package lobtext

import (
	"strings"

	"galloper/orders"
)

// hexID returns the canonical form of s if s is a hex id: one or more
// letters, a column, a dot and a row ("a03.08" is "A3.8").
func hexID(s string) (string, bool) {
	i := 0
	for i < len(s) && isLetter(s[i]) {
		i++
	}
	letters := s[:i]
	col, rest, ok := strings.Cut(s[i:], ".")
	if letters == "" || !ok || !orders.IsDigits(col) || !orders.IsDigits(rest) {
		return "", false
	}
	return orders.Upper(letters) + trimZeros(col) + "." + trimZeros(rest), true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func trimZeros(s string) string {
	if t := strings.TrimLeft(s, "0"); t != "" {
		return t
	}
	return "0"
}

// parsePlace reads one objective or route point. Quotes force a name, so
// "A12.8" in double quotes is a place called A12.8, not the hex. It reports
// false when nothing is left.
func parsePlace(s string, at orders.Pos) (Place, bool) {
	s = orders.Collapse(s)
	if !orders.Quoted(s) {
		if h, ok := hexID(s); ok {
			return Place{At: at, Hex: h}, true
		}
	}
	n := orders.CleanName(s)
	return Place{At: at, Name: n}, n != ""
}

// String returns the place as Format writes it: the hex id, or the name,
// in double quotes when it would otherwise read as a hex id or lose its
// own quotes.
func (p Place) String() string {
	if p.Hex != "" {
		return p.Hex
	}
	if _, ok := hexID(p.Name); ok {
		return `"` + p.Name + `"`
	}
	return orders.QuoteName(p.Name)
}

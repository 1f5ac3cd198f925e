package orders

import (
	"crypto/sha256"
	"fmt"
	"strings"
)

// Format returns f in canonical form: the header first (GAME, SIDE, TURN,
// PASSWORD, SALT; empty fields left out), then each order as FormatOrders
// writes it, keywords in capitals, one item per line. Every field is
// printed as it is, the password included. Parse(Format(f, d), d) gives f
// again, apart from positions, for any f that Parse returned.
func Format(f *File, d Dialect) string {
	var b strings.Builder
	writeHeader(&b, f, true)
	if len(f.Orders) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(FormatOrders(f, d))
	}
	return b.String()
}

// FormatOrders returns only the order blocks of f in canonical form,
// separated by blank lines: the STANDING block as this package writes it,
// every other order as its dialect d does.
func FormatOrders(f *File, d Dialect) string {
	var b strings.Builder
	for i, o := range f.Orders {
		if i > 0 {
			b.WriteString("\n")
		}
		if s, ok := o.(*Standing); ok {
			writeStanding(&b, s)
		} else {
			d.WriteOrder(&b, o)
		}
	}
	return b.String()
}

// Hash returns the SHA-256 of the file's canonical orders: the text Format
// gives with the PASSWORD and SALT lines left out, that is the GAME, SIDE
// and TURN lines, a blank line, and FormatOrders. The dice mix this hash
// into the segment's seed, and the receipt shows it, so a player can check
// that the orders the dice saw are the orders sent. The password stays out
// so that the hash can be shown to anyone; the salt stays out because the
// dice take it separately.
func Hash(f *File, d Dialect) [32]byte {
	var b strings.Builder
	writeHeader(&b, f, false)
	if len(f.Orders) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(FormatOrders(f, d))
	}
	return sha256.Sum256([]byte(b.String()))
}

func writeHeader(b *strings.Builder, f *File, secrets bool) {
	field := func(k, v string) {
		if v != "" {
			fmt.Fprintf(b, "%-9s%s\n", k, v)
		}
	}
	field("GAME", f.Game)
	field("SIDE", f.Side)
	field("TURN", f.Turn)
	if secrets {
		field("PASSWORD", f.Password)
		field("SALT", f.Salt)
	}
}

// StripPositions returns a deep copy of f with every position zeroed and
// no Header map (it holds only positions), for comparing files; d strips
// its own order kinds.
func StripPositions(f *File, d Dialect) *File {
	if f == nil {
		return nil
	}
	g := *f
	g.Header = nil
	g.Orders = nil
	for _, o := range f.Orders {
		if s, ok := o.(*Standing); ok {
			g.Orders = append(g.Orders, stripStanding(s))
		} else {
			g.Orders = append(g.Orders, d.StripOrder(o))
		}
	}
	return &g
}

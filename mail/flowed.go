package mail

import "strings"

// decodeFlowed undoes format=flowed (RFC 3676), which Thunderbird uses by
// default and Apple Mail with DelSp=yes: a line ending in a space is a
// soft break and is joined to the next line of the same quote depth
// (RFC 3676 §4.2); with DelSp=yes that trailing space was added by the
// sender and is removed (§4.2); one leading space after the quote marks
// is space-stuffing and is removed (§4.4); and the signature separator
// "-- " is never a soft break and always starts a line (§4.3). Quoted lines keep their quote marks,
// written again as ">" per level and a space, so that they are still
// read as quoted text.
func decodeFlowed(text string, delSp bool) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	final := strings.HasSuffix(text, "\n")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var b strings.Builder
	open, openDepth := false, 0 // a paragraph waits for its next line
	for _, l := range lines {
		depth := len(l) - len(strings.TrimLeft(l, ">"))
		l = strings.TrimPrefix(l[depth:], " ") // See RFC 3676 §4.4.
		sig := l == "-- "
		if open && (depth != openDepth || sig) {
			// A flowed line followed by one of another quote depth
			// ends its paragraph anyway (RFC 3676 §4.5), and so does
			// the signature separator, which starts a line of its own.
			b.WriteByte('\n')
			open = false
		}
		if !open {
			if depth > 0 {
				b.WriteString(strings.Repeat(">", depth))
				if l != "" {
					b.WriteByte(' ')
				}
			}
		}
		soft := strings.HasSuffix(l, " ") && !sig // See RFC 3676 §4.3.
		if soft && delSp {
			l = l[:len(l)-1]
		}
		b.WriteString(l)
		if soft {
			open, openDepth = true, depth
			continue
		}
		b.WriteByte('\n')
		open = false
	}
	out := strings.TrimSuffix(b.String(), "\n")
	if final {
		out += "\n"
	}
	return out
}

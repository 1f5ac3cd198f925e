package orders

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// line is one line of an order file that may carry content: not blank,
// not quoted reply text, not inside the signature.
type line struct {
	n    int    // 1-based line number in the file as sent
	text string // without its line ending, smart quotes made ASCII
	// cols maps a byte offset in text to its column; nil when text is
	// ASCII and the column is the offset plus one.
	cols []int32
}

func newLine(n int, text string) line {
	l := line{n: n, text: text}
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			l.cols = columns(text)
			break
		}
	}
	return l
}

// columns returns the column of every byte offset in s, len(s) included.
// A byte inside a character has the column of the character.
func columns(s string) []int32 {
	cols := make([]int32, len(s)+1)
	col := int32(1)
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		for j := i; j < i+size; j++ {
			cols[j] = col
		}
		i += size
		col++
	}
	cols[len(s)] = col
	return cols
}

// pos returns the position of the byte offset off in l. Columns count
// characters, so a tab or an accented letter is one column.
func (l line) pos(off int) Pos {
	if l.cols == nil {
		return Pos{Line: l.n, Col: off + 1}
	}
	return Pos{Line: l.n, Col: int(l.cols[off])}
}

// smartQuotes turns the typographic quotes that mail clients insert into
// ASCII ones. Each replacement is one character for one, so columns do not
// move.
var smartQuotes = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201A", "'", "\u201B", "'", "\u02BC", "'",
	"\u201C", `"`, "\u201D", `"`, "\u201E", `"`, "\u201F", `"`,
)

// splitLines cuts text into content lines. It accepts LF, CRLF and lone CR
// line endings and a leading UTF-8 byte order mark; it drops blank lines,
// quoted reply lines (first visible character '>') and everything from a
// signature separator ("-- " or "--" alone on a line) on.
func splitLines(text string) []line {
	text = strings.TrimPrefix(text, "\uFEFF")
	out := make([]line, 0, strings.Count(text, "\n")+1)
	for n := 1; text != ""; n++ {
		i := strings.IndexAny(text, "\r\n")
		raw := text
		if i < 0 {
			text = ""
		} else {
			raw = text[:i]
			if strings.HasPrefix(text[i:], "\r\n") {
				i++
			}
			text = text[i+1:]
		}
		if strings.TrimRight(raw, " \t") == "--" {
			break
		}
		vis := strings.TrimLeftFunc(raw, unicode.IsSpace)
		if vis == "" || vis[0] == '>' {
			continue
		}
		if strings.Contains(raw, "\xe2\x80") || strings.Contains(raw, "\u02BC") { // U+2018 to U+201F start with E2 80
			raw = smartQuotes.Replace(raw)
		}
		out = append(out, newLine(n, raw))
	}
	return out
}

// splitKeyword returns the first word of s (ended by white space or a
// colon, one colon right after it being dropped) and the rest of the line
// with surrounding white space trimmed, each with its byte offset in s.
func splitKeyword(s string) (kw string, kwOff int, rest string, restOff int) {
	kwOff = len(s) - len(strings.TrimLeftFunc(s, unicode.IsSpace))
	end := kwOff
	for end < len(s) {
		r, size := utf8.DecodeRuneInString(s[end:])
		if unicode.IsSpace(r) || r == ':' {
			break
		}
		end += size
	}
	kw = s[kwOff:end]
	if end < len(s) && s[end] == ':' {
		end++
	}
	rest, restOff = trimAt(s[end:], end)
	return kw, kwOff, rest, restOff
}

// trimAt trims white space from s, which starts at offset off in its line,
// and returns the trimmed text with its own offset.
func trimAt(s string, off int) (string, int) {
	t := strings.TrimLeftFunc(s, unicode.IsSpace)
	off += len(s) - len(t)
	return strings.TrimRightFunc(t, unicode.IsSpace), off
}

// word is a run of non-space characters and its byte offset in its line.
type word struct {
	text string
	off  int
}

// words splits s, which starts at offset off in its line, at white space.
func words(s string, off int) []word {
	ws := make([]word, 0, 8)
	for {
		t, o := trimAt(s, off)
		if t == "" {
			return ws
		}
		end := strings.IndexFunc(t, unicode.IsSpace)
		if end < 0 {
			end = len(t)
		}
		ws = append(ws, word{t[:end], o})
		s, off = t[end:], o+end
	}
}

// asciiUpper upper-cases the ASCII letters of s and nothing else, so that
// keywords match in any case without Unicode case folding surprises.
func asciiUpper(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return 'a' <= r && r <= 'z' }) {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	return string(b)
}

// collapse trims s and turns every run of white space inside it into one
// space.
func collapse(s string) string {
	if collapsed(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// quoted reports whether s is wrapped in double quotes.
func quoted(s string) bool {
	return len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"'
}

// name normalises a leader, unit or place name: white space collapsed, one
// pair of surrounding double quotes removed.
func name(s string) string {
	s = collapse(s)
	if quoted(s) {
		s = collapse(s[1 : len(s)-1])
	}
	return s
}

// collapsed reports whether collapse would leave s as it is: ASCII text
// with single spaces between words and none at the ends.
func collapsed(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80 || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '):
			return false
		}
	}
	return true
}

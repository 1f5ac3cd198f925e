package orders

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line is one line of an order file that may carry content: not blank,
// not quoted reply text, not inside the signature. Its first word is
// split off as SplitKeyword does.
type Line struct {
	N    int    // 1-based line number in the file as sent
	Text string // without its line ending, smart quotes made ASCII
	// Keyword is the line's first word as written, KeywordOff its byte
	// offset in Text; Key is Keyword in capitals.
	Keyword    string
	KeywordOff int
	Key        string
	// Value is the rest of the line, trimmed, ValueOff its byte offset.
	Value    string
	ValueOff int
	// cols maps a byte offset in Text to its column; nil when Text is
	// ASCII and the column is the offset plus one.
	cols []int32
}

func newLine(n int, text string) Line {
	l := Line{N: n, Text: text}
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			l.cols = columns(text)
			break
		}
	}
	l.Keyword, l.KeywordOff, l.Value, l.ValueOff = SplitKeyword(text)
	l.Key = Upper(l.Keyword)
	return l
}

// At is the position of the line's keyword.
func (l Line) At() Pos { return l.Pos(l.KeywordOff) }

// ValueAt is the position of the line's value.
func (l Line) ValueAt() Pos { return l.Pos(l.ValueOff) }

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

// Pos returns the position of the byte offset off in l. Columns count
// characters, so a tab or an accented letter is one column.
func (l Line) Pos(off int) Pos {
	if l.cols == nil {
		return Pos{Line: l.N, Col: off + 1}
	}
	return Pos{Line: l.N, Col: int(l.cols[off])}
}

// smartQuotes turns the typographic quotes that mail clients insert into
// ASCII ones. Each replacement is one character for one, so columns do not
// move.
var smartQuotes = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201A", "'", "\u201B", "'", "\u02BC", "'",
	"\u201C", `"`, "\u201D", `"`, "\u201E", `"`, "\u201F", `"`,
)

// eachLine cuts text into content lines and calls do with each, in order.
// It accepts LF, CRLF and lone CR line endings and a leading UTF-8 byte
// order mark; it drops blank lines, quoted reply lines (first visible
// character '>') and everything from a signature separator ("-- " or "--"
// alone on a line) on.
func eachLine(text string, do func(Line)) {
	text = strings.TrimPrefix(text, "\uFEFF")
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
		do(newLine(n, raw))
	}
}

// SplitKeyword returns the first word of s (ended by white space or a
// colon, one colon right after it being dropped) and the rest of the line
// with surrounding white space trimmed, each with its byte offset in s.
func SplitKeyword(s string) (kw string, kwOff int, rest string, restOff int) {
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
	rest, restOff = TrimAt(s[end:], end)
	return kw, kwOff, rest, restOff
}

// TrimAt trims white space from s, which starts at offset off in its line,
// and returns the trimmed text with its own offset.
func TrimAt(s string, off int) (string, int) {
	t := strings.TrimLeftFunc(s, unicode.IsSpace)
	off += len(s) - len(t)
	return strings.TrimRightFunc(t, unicode.IsSpace), off
}

// Clauses splits s, which starts at offset off in its line, at each ';',
// each clause trimmed of white space with its own offset: the steps of a
// move, the clauses of a script.
func Clauses(s string, off int) []Word {
	var out []Word
	for s != "" {
		item, rest, more := strings.Cut(s, ";")
		t, o := TrimAt(item, off)
		out = append(out, Word{t, o})
		if !more {
			break
		}
		s, off = rest, off+len(item)+1
	}
	return out
}

// Word is a run of non-space characters and its byte offset in its line.
type Word struct {
	Text string
	Off  int
}

// Words splits s, which starts at offset off in its line, at white space.
func Words(s string, off int) []Word {
	ws := make([]Word, 0, 8)
	for {
		t, o := TrimAt(s, off)
		if t == "" {
			return ws
		}
		end := strings.IndexFunc(t, unicode.IsSpace)
		if end < 0 {
			end = len(t)
		}
		ws = append(ws, Word{t[:end], o})
		s, off = t[end:], o+end
	}
}

// JoinWords joins the texts of ws with single spaces.
func JoinWords(ws []Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}

// Upper upper-cases the ASCII letters of s and nothing else, so that
// keywords match in any case without Unicode case folding surprises.
func Upper(s string) string {
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

// Collapse trims s and turns every run of white space inside it into one
// space.
func Collapse(s string) string {
	if collapsed(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// Quoted reports whether s is wrapped in double quotes.
func Quoted(s string) bool {
	return len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"'
}

// CleanName normalises a leader, unit or place name: white space collapsed, one
// pair of surrounding double quotes removed.
func CleanName(s string) string {
	s = Collapse(s)
	if Quoted(s) {
		s = Collapse(s[1 : len(s)-1])
	}
	return s
}

// collapsed reports whether Collapse would leave s as it is: ASCII text
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

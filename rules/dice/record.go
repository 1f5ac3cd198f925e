package dice

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
)

// Record is everything needed to recheck one segment's dice.
type Record struct {
	Version int    // spec version, 1
	GameID  string //
	Segment int    // k, 1-based
	Engine  string // engine version
	Head    []byte // chain head
	Prev    []byte // link_{k-1}, the head when k is 1
	Link    []byte // link_k
	State   []byte // SHA-256 of the canonical state at segment start
	Orders  [][]byte
	Salts   [][]byte
	Seed    []byte
	Root    []byte // Merkle root over Rolls
	Rolls   []rules.Roll
}

// Record block markers and line limits.
const (
	BeginMarker = "-----BEGIN GALLOPER DICE RECORD-----"
	EndMarker   = "-----END GALLOPER DICE RECORD-----"
	specName    = "galloper-dice/"
	// MaxLine is the longest physical line FormatRecord writes; longer
	// logical lines continue on lines that start with "+".
	MaxLine = 76
)

// FormatRecord prints rec as a plain-text block that survives email: ASCII
// only, lines of at most MaxLine characters, no trailing spaces, text fields
// percent-encoded where needed (see docs/dice.md).
func FormatRecord(rec Record) string {
	var b strings.Builder
	line := func(key, val string) { writeWrapped(&b, key+": "+val) }
	b.WriteString(BeginMarker + "\n")
	line("spec", specName+strconv.Itoa(rec.Version))
	line("game", escape(rec.GameID))
	line("segment", strconv.Itoa(rec.Segment))
	line("engine", escape(rec.Engine))
	line("head", hexOrDash(rec.Head))
	line("prev", hexOrDash(rec.Prev))
	line("link", hexOrDash(rec.Link))
	line("state", hexOrDash(rec.State))
	for _, o := range sortedCopy(rec.Orders) {
		line("order", hexOrDash(o))
	}
	for _, s := range sortedCopy(rec.Salts) {
		line("salt", hexOrDash(s))
	}
	line("seed", hexOrDash(rec.Seed))
	line("root", hexOrDash(rec.Root))
	line("rolls", strconv.Itoa(len(rec.Rolls)))
	for _, r := range rec.Rolls {
		line("roll", rollText(r))
	}
	b.WriteString(EndMarker + "\n")
	return b.String()
}

// rollText is "<index> d<sides> = <result> | <rule> | <purpose>".
func rollText(r rules.Roll) string {
	return fmt.Sprintf("%d d%d = %d | %s | %s", r.Index, r.Sides, r.Result, escape(r.Rule), escape(r.Purpose))
}

func hexOrDash(p []byte) string {
	if len(p) == 0 {
		return "-"
	}
	return hex.EncodeToString(p)
}

// writeWrapped writes one logical line, cut into physical lines of at most
// MaxLine characters. A cut falls before a space when there is one in the
// line's second half, so that words stay whole ("Lyle's Co" / "+rps" was
// hard to read), and never leaves a space at the end of a line: the space
// starts the continuation.
func writeWrapped(b *strings.Builder, s string) {
	limit := MaxLine
	for len(s) > limit {
		cut := limit
		if i := strings.LastIndexByte(s[:limit+1], ' '); i > limit/2 {
			cut = i // escape never writes two spaces in a row
		} else if s[cut-1] == ' ' {
			cut--
		}
		b.WriteString(s[:cut] + "\n+")
		s = s[cut:]
		limit = MaxLine - 1
	}
	b.WriteString(s + "\n")
}

// escape percent-encodes bytes outside printable ASCII, '%', '|', and any
// space that is leading, trailing or next to another space. The empty
// string is written "-", and the string "-" as "%2D".
func escape(s string) string {
	if s == "" {
		return "-"
	}
	if s == "-" {
		return "%2D"
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		lone := i > 0 && i < len(s)-1 && s[i-1] != ' ' && s[i+1] != ' '
		if c < 0x20 || c > 0x7e || c == '%' || c == '|' || (c == ' ' && !lone) {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func unescape(s string) (string, error) {
	if s == "-" {
		return "", nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", fmt.Errorf("truncated escape in %q", s)
		}
		v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", fmt.Errorf("bad escape %q", s[i:i+3])
		}
		b.WriteByte(byte(v))
		i += 2
	}
	return b.String(), nil
}

// ErrNoRecord means the text holds no record block.
var ErrNoRecord = errors.New("dice: no record block found")

// ParseRecord reads the first record block in text, which may be a whole
// mail body: the block is found by its marker lines, and a quoting prefix
// in front of the BEGIN marker (such as "> ") is removed from every line.
func ParseRecord(text string) (Record, error) {
	recs, err := parseBlocks(text, 1)
	if err != nil {
		return Record{}, err
	}
	return recs[0], nil
}

// ParseRecords reads every record block in text, in order.
func ParseRecords(text string) ([]Record, error) { return parseBlocks(text, -1) }

func parseBlocks(text string, max int) ([]Record, error) {
	bodies, err := blocks(text, BeginMarker, EndMarker, max)
	if err != nil {
		return nil, err
	}
	if len(bodies) == 0 {
		return nil, ErrNoRecord
	}
	recs := make([]Record, len(bodies))
	for i, body := range bodies {
		if recs[i], err = parseBody(body); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// blocks returns the logical lines of up to max blocks (all when max < 0)
// between begin and end marker lines.
func blocks(text, begin, end string, max int) ([][]string, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var out [][]string
	for i := 0; i < len(lines) && (max < 0 || len(out) < max); i++ {
		at := strings.Index(lines[i], begin)
		if at < 0 {
			continue
		}
		body, next, err := blockLines(lines, i+1, lines[i][:at], end)
		if err != nil {
			return nil, err
		}
		out = append(out, body)
		i = next
	}
	return out, nil
}

// blockLines returns the logical lines between a BEGIN marker and its END
// marker, with the quoting prefix removed and continuations joined.
func blockLines(lines []string, from int, prefix, end string) ([]string, int, error) {
	var out []string
	for i := from; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		if p := strings.TrimRight(prefix, " \t"); strings.HasPrefix(l, prefix) {
			l = l[len(prefix):]
		} else if strings.HasPrefix(l, p) {
			l = l[len(p):]
		}
		switch {
		case l == end:
			return out, i, nil
		case strings.HasPrefix(l, "+") && len(out) > 0:
			out[len(out)-1] += l[1:]
		case l != "":
			out = append(out, l)
		}
	}
	return nil, 0, fmt.Errorf("dice: block has no %s line", end)
}

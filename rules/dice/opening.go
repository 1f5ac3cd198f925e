package dice

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Opening is what one side receives for one roll it may see: the roll, its
// leaf key and its inclusion proof under a published root. A side's opening
// (Side set, SideOpenings) is under the root of that side's own roll tree,
// and its roll's Index is the roll's place among the rolls the side may
// see; otherwise the root is the record's and the Index the roll's own.
type Opening struct {
	GameID  string
	Segment int
	Side    string
	Root    []byte
	Proof   RollProof
}

// Opening block markers.
const (
	OpeningBegin = "-----BEGIN GALLOPER DICE OPENING-----"
	OpeningEnd   = "-----END GALLOPER DICE OPENING-----"
)

// Openings builds the openings of the listed rolls of a record, for the
// side that may see them.
func Openings(rec Record, indices []int) ([]Opening, error) {
	out := make([]Opening, 0, len(indices))
	for _, j := range indices {
		p, err := Proof(rec.Link, rec.Rolls, j)
		if err != nil {
			return nil, err
		}
		out = append(out, Opening{GameID: rec.GameID, Segment: rec.Segment, Root: rec.Root, Proof: p})
	}
	return out, nil
}

// Verify checks the opening's proof against its root. The player must
// also check that the root is the one mailed for that segment.
func (o Opening) Verify() error {
	if err := VerifyProof(o.Root, o.Proof); err != nil {
		return fmt.Errorf("segment %d: %w", o.Segment, err)
	}
	return nil
}

// FormatOpening prints an opening as a block, with the same line rules as
// FormatRecord.
func FormatOpening(o Opening) string {
	var b strings.Builder
	line := func(key, val string) { writeWrapped(&b, key+": "+val) }
	b.WriteString(OpeningBegin + "\n")
	line("spec", specName+strconv.Itoa(Version))
	line("game", escape(o.GameID))
	line("segment", strconv.Itoa(o.Segment))
	if o.Side != "" {
		line("side", escape(o.Side))
	}
	line("root", hexOrDash(o.Root))
	line("width", strconv.Itoa(o.Proof.Width))
	line("key", hexOrDash(o.Proof.Key))
	line("roll", rollText(o.Proof.Roll))
	for _, h := range o.Proof.Path {
		line("path", hexOrDash(h))
	}
	b.WriteString(OpeningEnd + "\n")
	return b.String()
}

// ErrNoOpening means the text holds no opening block.
var ErrNoOpening = errors.New("dice: no opening block found")

// ParseOpenings reads every opening block in text, in order.
func ParseOpenings(text string) ([]Opening, error) {
	bodies, err := blocks(text, OpeningBegin, OpeningEnd, -1)
	if err != nil {
		return nil, err
	}
	if len(bodies) == 0 {
		return nil, ErrNoOpening
	}
	out := make([]Opening, len(bodies))
	for i, body := range bodies {
		if out[i], err = parseOpening(body); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func parseOpening(lines []string) (Opening, error) {
	var o Opening
	var rec Record // reuses the record's field readers
	var err error
	seen := map[string]bool{}
	for n, l := range lines {
		key, val, _ := strings.Cut(l, ":")
		val = strings.TrimSpace(val)
		if seen[key] && key != "path" {
			return o, fmt.Errorf("dice: opening line %d: %s given twice", n+1, key)
		}
		seen[key] = true
		switch key {
		case "spec", "game", "segment", "root":
			err = rec.set(key, val, nil)
		case "side":
			o.Side, err = unescape(val)
		case "width":
			o.Proof.Width, err = strconv.Atoi(val)
		case "key":
			o.Proof.Key, err = unhex(val)
		case "roll":
			o.Proof.Roll, err = parseRoll(val)
		case "path":
			var h []byte
			h, err = unhex(val)
			o.Proof.Path = append(o.Proof.Path, h)
		default:
			err = fmt.Errorf("unknown key")
		}
		if err != nil {
			return o, fmt.Errorf("dice: opening line %d: %s: %w", n+1, key, err)
		}
	}
	for _, k := range []string{"spec", "game", "segment", "root", "width", "key", "roll"} {
		if !seen[k] {
			return o, fmt.Errorf("dice: opening has no %s line", k)
		}
	}
	o.GameID, o.Segment, o.Root = rec.GameID, rec.Segment, rec.Root
	return o, nil
}

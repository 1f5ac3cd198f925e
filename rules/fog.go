package rules

import (
	"slices"
	"sort"
	"strings"
)

// FogPiece is one unit, leader or commander of a game played with fog of
// war, and whether each side knew where it stood at each end of a
// segment: in its sight, or known off the board (not yet arrived, or
// gone). A piece is always known to its own side.
type FogPiece struct {
	Name  string
	Side  Side
	Known map[Side][2]bool // [before, after]
}

// FogEvents marks who may be told each event of a segment resolved with
// fog of war, for systems whose hidden information is where the enemy's
// pieces stand. A side is told an event in full when it names one of the
// side's own pieces (a unit fired on learns by whom), or when every enemy
// piece it names was known to the side at both ends of the segment. A
// piece known at only one end would give away, by its move, retreat or
// rout, where it came from or went out of sight, so the side is told
// instead, once, that it moved into or out of sight (a cut copy, citing
// rule); an event naming a piece known at neither end is not told. The
// segment's rolls become events, each told to the sides told its purpose
// in full, so that a side's dice record opens only those. Events already
// addressed, and those of the kinds in open, keep their marks.
func FogEvents(sides []Side, pieces []FogPiece, events []Event, rolls []Roll, rule string, open ...string) []Event {
	tell := func(side Side, text string) (full bool, partly []string) {
		for _, p := range pieces {
			if p.Side == side && NamedIn(text, p.Name) {
				return true, nil
			}
		}
		for _, p := range pieces {
			if p.Side == side || !NamedIn(text, p.Name) {
				continue
			}
			switch k := p.Known[side]; {
			case k[0] && k[1]:
			case k[0] || k[1]:
				partly = append(partly, p.Name)
			default:
				return false, nil
			}
		}
		sort.Strings(partly)
		return len(partly) == 0, partly
	}
	visible := func(text string) []Side {
		var out []Side
		for _, side := range sides {
			if full, _ := tell(side, text); full {
				out = append(out, side)
			}
		}
		if len(out) == len(sides) {
			return nil
		}
		if out == nil {
			return []Side{} // the umpire's alone
		}
		return out
	}
	copied := map[Side]map[string]bool{}
	out := make([]Event, 0, len(events)+len(rolls))
	for _, e := range events {
		if e.Visible != nil || slices.Contains(open, e.Kind) {
			out = append(out, e)
			continue
		}
		e.Visible = visible(e.Text)
		out = append(out, e)
		for _, side := range sides {
			_, partly := tell(side, e.Text)
			for _, n := range partly {
				if copied[side] == nil {
					copied[side] = map[string]bool{}
				}
				if copied[side][n] {
					continue
				}
				copied[side][n] = true
				out = append(out, Event{Kind: "sighting", Rule: rule,
					Text: n + " moved into or out of sight", Visible: []Side{side}, Copy: true})
			}
		}
	}
	for _, r := range rolls {
		r := r
		out = append(out, Event{Kind: "roll", Rule: r.Rule, Text: r.String(), Visible: visible(r.Purpose), Roll: &r})
	}
	return out
}

// NamedIn reports whether text names name as a whole: not as part of a
// longer word or number ("7th Tennessee" is not named in "17th
// Tennessee"), alone or in the possessive ("Fry's script").
func NamedIn(text, name string) bool {
	if name == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if strings.HasPrefix(text[end:], "'s") {
			end += 2
		}
		if (j == 0 || !nameByte(text[j-1])) && (end == len(text) || !nameByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func nameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '\''
}

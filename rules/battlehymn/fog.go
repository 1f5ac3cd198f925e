package battlehymn

import (
	"slices"
	"strings"

	"galloper/rules"
)

// Fog of war (ruling E-11, option fog-of-war). The hidden-units rule
// (17.2) is not in the seed; with the option on, a side sees an enemy
// unit on the map only while one of its own units on the map has a Line
// of Sight to it (BH 9.3, ruling E-3: four hexes at most) or stands
// adjacent to it. What a side cannot see is left out of its map, roster
// and lines, of the events and rolls it is told (but for those that also
// name one of its own units), and of the checks, receipts and hints of
// its orders, which are made on the map as the side knows it. Resolution
// is the umpire's: it plays on the true map.

// fog reports whether the game plays with fog of war.
func (s *State) fog() bool { return s.opts().FogOfWar }

// seenBy names the enemy units on the map that side can see, or returns
// nil when it sees everything: the umpire, or a game without fog.
func (s *State) seenBy(side rules.Side) map[string]bool {
	if side == "" || !s.fog() {
		return nil
	}
	var own []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.onMap() {
			own = append(own, u)
		}
	}
	seen := map[string]bool{}
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == side || !e.onMap() {
			continue
		}
		for _, u := range own {
			if s.board.adjacent(u.Hex, e.Hex) || s.board.sight(u.Hex, e.Hex, s.charts) {
				seen[e.Name] = true
				break
			}
		}
	}
	return seen
}

// hiddenFrom reports whether u is an enemy unit on the map that side
// cannot see (seen from seenBy).
func hiddenFrom(seen map[string]bool, side rules.Side, u *Unit) bool {
	return seen != nil && u.Side != side && u.onMap() && !seen[u.Name]
}

// knownTo is a copy of s as side knows it: without the enemy units on
// the map it cannot see. Orders are checked, noted and hinted on it, so
// that neither a problem nor a receipt nor a hint tells where a hidden
// unit stands.
func (s *State) knownTo(side rules.Side) *State {
	seen := s.seenBy(side)
	if seen == nil {
		return s
	}
	c := s.clone()
	c.Units = slices.DeleteFunc(c.Units, func(u Unit) bool { return hiddenFrom(seen, side, &u) })
	return c
}

// fogEvents marks who may see each event of an Hour resolved with fog of
// war: a side is not told an event that names an enemy unit it saw
// neither before the Hour nor after it, unless the event names one of
// its own units too (a unit fired on learns by whom). The Hour's rolls
// become events too, each told to the sides that may know its purpose,
// so that a side's dice record opens only those (the others stay
// committed by the record's Merkle root).
func fogEvents(before, after *State, events []rules.Event, rolls []rules.Roll) []rules.Event {
	if !before.fog() {
		return events
	}
	hidden, own := map[rules.Side][]string{}, map[rules.Side][]string{}
	for _, u := range before.Units {
		own[u.Side] = append(own[u.Side], u.Name)
	}
	for _, side := range before.Sides {
		knows := map[string]bool{}
		for _, st := range []*State{before, after} {
			if st == nil {
				continue
			}
			for n := range st.seenBy(side) {
				knows[n] = true
			}
		}
		for _, u := range before.Units {
			if u.Side != side && !knows[u.Name] {
				hidden[side] = append(hidden[side], u.Name)
			}
		}
	}
	visible := func(text string) []rules.Side {
		var out []rules.Side
		for _, side := range before.Sides {
			named := func(n string) bool { return namedIn(text, n) }
			if slices.ContainsFunc(own[side], named) || !slices.ContainsFunc(hidden[side], named) {
				out = append(out, side)
			}
		}
		if len(out) == len(before.Sides) {
			return nil
		}
		if out == nil {
			return []rules.Side{} // the umpire's alone
		}
		return out
	}
	out := make([]rules.Event, 0, len(events)+len(rolls))
	for _, e := range events {
		if e.Visible == nil {
			e.Visible = visible(e.Text)
		}
		out = append(out, e)
	}
	for _, r := range rolls {
		r := r
		out = append(out, rules.Event{Kind: "roll", Rule: r.Rule, Text: r.String(), Visible: visible(r.Purpose), Roll: &r})
	}
	return out
}

// namedIn reports whether text names name as a whole: not as part of a
// longer word or number ("7th Tennessee" is not named in "17th
// Tennessee"), alone or in the possessive ("Fry's script").
func namedIn(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if strings.HasPrefix(text[end:], "'s") { // the possessive: "Fry's script"
			end += 2
		}
		if (j == 0 || !wordByte(text[j-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '\''
}

package acwminis

import (
	"slices"
	"strings"

	"galloper/rules"
)

// Fog of war on the table (ruling A42, option fog-of-war). The sheet has
// no hidden information (rules notes §8); with the option on, a side
// sees an enemy unit only while one of its own units in play has line of
// sight to it by the sheet's rule (LINE OF SIGHT, seed L174-176: half the
// target seen, half of the looking unit's front edge seeing it; units,
// blocking terrain and gaps under 6" in the way), looking in any
// direction, and an enemy commander only while the line from one of its
// units' centre to him is clear. Commanders do not look. What a side
// cannot see is left out of its table, roster and situation lines, of the
// events and rolls it is told (but for those about its own units), and of
// the checks and dry runs of its orders, which are made on the table as
// the side knows it.

// seenBy names the enemy units and commanders side can see, or returns
// nil when it sees everything: the umpire, or a game without fog.
func (s *State) seenBy(side rules.Side) map[string]bool {
	if side == "" || !s.on(optFog) {
		return nil
	}
	sc := s.screen()
	var own []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.inPlay() {
			own = append(own, u)
		}
	}
	seen := map[string]bool{}
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == side || !e.inPlay() {
			continue
		}
		for _, u := range own {
			if sg, err := sc.Sight(u.Name, e.Name); err == nil && sg.Good {
				seen[e.Name] = true
				break
			}
		}
	}
	for i := range s.Commanders {
		c := &s.Commanders[i]
		if c.Side == side {
			continue
		}
		for _, u := range own {
			if ok, _ := sc.Clear(u.body().Centre(), c.Point(), u.Name); ok {
				seen[c.Name] = true
				break
			}
		}
	}
	return seen
}

// shown reports whether a piece of owner's called name appears to side,
// given what it sees (seenBy).
func shown(seen map[string]bool, side, owner rules.Side, name string) bool {
	return seen == nil || owner == side || seen[name]
}

// knownTo is a copy of s as side knows it: without the enemy units it
// cannot see. Orders are checked and dry-run on it, so that neither a
// refusal nor a receipt tells where a hidden unit stands.
func (s *State) knownTo(side rules.Side) *State {
	seen := s.seenBy(side)
	c := s.clone()
	if seen == nil {
		return c
	}
	c.Units = slices.DeleteFunc(c.Units, func(u Unit) bool { return !shown(seen, side, u.Side, u.Name) && u.inPlay() })
	return c
}

// fogEvents marks who may see each event of a half resolved in a game
// with fog of war: a side is not told an event that names an enemy unit
// or commander it saw neither before the half nor after it, unless the
// event names one of its own units or commanders too (a unit shot at or
// charged learns by whom). The half's
// rolls become events too, each told to the sides that may know its
// purpose, so that a side's dice record opens only those (the others stay
// committed by the record's Merkle root).
func fogEvents(before, after *State, events []rules.Event, rolls []rules.Roll) []rules.Event {
	if !before.on(optFog) {
		return events
	}
	knows := map[rules.Side]map[string]bool{}
	hidden, own := map[rules.Side][]string{}, map[rules.Side][]string{}
	for _, u := range before.Units {
		own[u.Side] = append(own[u.Side], u.Name)
	}
	for _, c := range before.Commanders {
		own[c.Side] = append(own[c.Side], c.Name)
	}
	for _, side := range before.Sides {
		knows[side] = map[string]bool{}
		for _, st := range []*State{before, after} {
			for n := range st.seenBy(side) {
				knows[side][n] = true
			}
		}
		for _, u := range before.Units {
			if u.Side != side && !knows[side][u.Name] {
				hidden[side] = append(hidden[side], u.Name)
			}
		}
		for _, c := range before.Commanders {
			if c.Side != side && !knows[side][c.Name] {
				hidden[side] = append(hidden[side], c.Name)
			}
		}
	}
	visible := func(text string) []rules.Side {
		var out []rules.Side
		for _, side := range before.Sides {
			named := func(n string) bool { return names(text, n) }
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
		// The end of the game, and the result by the VPs of every unit,
		// is told to all (the game's end opens everything, ruling A42).
		if e.Visible == nil && e.Kind != "game-over" && e.Kind != "victory" {
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

// names reports whether text names name as a whole: not as part of a
// longer word or number ("7th Tennessee" is not named in "17th
// Tennessee").
func names(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !wordByte(text[j-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '\''
}

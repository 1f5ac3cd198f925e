package gbacw

import (
	"slices"
	"strings"

	"galloper/rules"
)

// optFog is the optional fog of war (ruling GBACW-R21): a side sees an
// enemy unit or leader only while one of its own combat units on the map
// is adjacent to it or has a line of sight to its hex (10.21-10.27, the
// rule fire uses). What a side cannot see is left out of its map, roster
// and situation lines, of the events and rolls it is told (but for those
// naming one of its own units or leaders too), and of the checks and
// hints of its orders, which are made on the map as the side knows it.
const optFog = "fog-of-war"

// fogged reports whether the game is played with fog of war.
func (s *State) fogged() bool { return slices.Contains(s.Optional, optFog) }

// seenBy names the enemy units and leaders side can see, or returns nil
// when it sees everything: the umpire, or a game without fog of war.
func (s *State) seenBy(cc *CombatCharts, side rules.Side) map[string]bool {
	if side == "" || !s.fogged() {
		return nil
	}
	var eyes []string
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.combat() && !slices.Contains(eyes, u.Hex) {
			eyes = append(eyes, u.Hex)
		}
	}
	cache := map[string]bool{}
	sees := func(h string) bool {
		if v, ok := cache[h]; ok {
			return v
		}
		v := false
		for _, e := range eyes {
			if e == h || slices.Contains(s.g.neighbours[e], h) || s.lineOfSight(cc, e, h) {
				v = true
				break
			}
		}
		cache[h] = v
		return v
	}
	seen := map[string]bool{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side != side && u.onMap() && sees(u.Hex) {
			seen[u.Name] = true
		}
	}
	for _, l := range s.Leaders {
		if l.Side != side && l.Hex != "" && !l.Killed && sees(l.Hex) {
			seen[l.Name] = true
		}
	}
	return seen
}

// shown reports whether a piece of owner's named name appears to side,
// given what it sees (seenBy).
func shown(seen map[string]bool, side, owner rules.Side, name string) bool {
	return seen == nil || owner == side || seen[name]
}

// knownTo is a copy of s as side knows it: the enemy units and leaders
// it cannot see are taken off the map. Orders are checked and hinted on
// it, so that neither a problem nor a hint tells where a hidden unit
// stands (ruling GBACW-R21).
func (s *State) knownTo(cc *CombatCharts, side rules.Side) *State {
	seen := s.seenBy(cc, side)
	c := s.clone()
	if seen == nil {
		return c
	}
	for i := range c.Units {
		if u := &c.Units[i]; u.onMap() && !shown(seen, side, u.Side, u.Name) {
			u.Hex = ""
		}
	}
	for i := range c.Leaders {
		if l := &c.Leaders[i]; l.Hex != "" && !shown(seen, side, l.Side, l.Name) {
			l.Hex = ""
		}
	}
	return c
}

// fogEvents marks who may be told each event and roll of a resolution in
// a game with fog of war (ruling GBACW-R21). A side is told one in full
// when it names one of its own units or leaders (a unit fired on learns
// by whom), or when every enemy piece it names was in the side's sight
// both before the resolution and after it (or off the map there). A
// piece seen at only one end would give away, by its move, retreat or
// rout, where it came from or went out of sight: the side gets instead
// one cut copy saying it moved into or out of sight. One seen at neither
// end is not told at all. Events already marked keep their marks; the
// end of the game is told to all.
func fogEvents(cc *CombatCharts, before, after *State, events []rules.Event) []rules.Event {
	if !before.fogged() {
		return events
	}
	own := map[rules.Side][]string{}
	owner := map[string]rules.Side{}
	for _, u := range before.Units {
		own[u.Side] = append(own[u.Side], u.Name)
		owner[u.Name] = u.Side
	}
	for _, l := range before.Leaders {
		own[l.Side] = append(own[l.Side], l.Name)
		owner[l.Name] = l.Side
	}
	onMap := func(s *State, name string) bool {
		for i := range s.Units {
			if s.Units[i].Name == name {
				return s.Units[i].onMap()
			}
		}
		for _, l := range s.Leaders {
			if l.Name == name {
				return l.Hex != "" && !l.Killed
			}
		}
		return false
	}
	var sides []rules.Side
	both, either := map[rules.Side]map[string]bool{}, map[rules.Side]map[string]bool{}
	for _, ss := range before.Sides {
		side := ss.Side
		sides = append(sides, side)
		b := before.seenBy(cc, side)
		var a map[string]bool
		if after != nil {
			a = after.seenBy(cc, side)
		}
		both[side], either[side] = map[string]bool{}, map[string]bool{}
		for n, o := range owner {
			if o == side {
				continue
			}
			sb := b[n] || !onMap(before, n)
			sa := after == nil || a[n] || !onMap(after, n)
			switch {
			case sb && sa:
				both[side][n] = true
			case sb || sa:
				either[side][n] = true
			}
		}
	}
	tell := func(side rules.Side, text string) (full bool, partly []string) {
		named := func(n string) bool { return namesWhole(text, n) }
		if slices.ContainsFunc(own[side], named) {
			return true, nil
		}
		for n, o := range owner {
			if o == side || !named(n) {
				continue
			}
			switch {
			case both[side][n]:
			case either[side][n]:
				partly = append(partly, n)
			default:
				return false, nil
			}
		}
		slices.Sort(partly)
		return len(partly) == 0, partly
	}
	visible := func(text string) []rules.Side {
		var out []rules.Side
		for _, side := range sides {
			if full, _ := tell(side, text); full {
				out = append(out, side)
			}
		}
		if len(out) == len(sides) {
			return nil
		}
		if out == nil {
			return []rules.Side{} // the umpire's alone
		}
		return out
	}
	copied := map[rules.Side]map[string]bool{}
	out := make([]rules.Event, 0, len(events))
	for _, e := range events {
		if e.Visible != nil || e.Kind == "game-over" || e.Kind == "victory" {
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
				out = append(out, rules.Event{Kind: "sighting", Rule: "Galloper ruling GBACW-R21",
					Text: n + " moved into or out of sight", Visible: []rules.Side{side}, Copy: true})
			}
		}
	}
	return out
}

// namesWhole reports whether text names name as a whole: not as part of a
// longer word or number ("7th Tennessee" is not named in "17th
// Tennessee"), alone or in the possessive ("Meredith's brigade").
func namesWhole(text, name string) bool {
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
		if (j == 0 || !wordByte(text[j-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '\''
}

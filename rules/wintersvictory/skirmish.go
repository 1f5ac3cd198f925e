package wintersvictory

import (
	"fmt"
	"strings"

	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// Skirmish companies (See WV 8.6). DETACH and REJOIN, in the phasing
// side's Movement Phase:
//
//  1. A battalion detaches companies only at the beginning of its
//     movement (8.61: before it moves, changes formation or facing), at no
//     Movement Point cost and drawing no opportunity fire; its strength
//     falls by the companies' SP, and they stand in its hex.
//  2. French Light and Allied Jaeger (and Prussian Fusilier) battalions,
//     Galloper's light infantry, may detach any number; all of their
//     strength puts the battalion in the Battalions Broken Down box
//     (8.62.1). Line battalions detach one company a game, at full
//     strength only (8.62.2); Russian Musketeers and Grenadiers never
//     (8.62.3); Disordered or Routed battalions neither detach nor take
//     back companies (8.62.4).
//  3. A French battalion of 10 SP or more at the start detaches companies
//     of 2 SP, others of 1 (8.63; ruling R65 for the Allied companies).
//  4. A company rejoins a battalion of its kind and designation (its
//     nation, light or line, and brigade: ruling R65), never above the
//     battalion's original strength: from the same or an adjacent hex if
//     neither has moved, or in the battalion's hex once the battalion's
//     movement has ended (8.64).
//
// A company shares a hex with friendly infantry or artillery without
// counting against it, never with friendly cavalry (8.65 A.3-A.4).
//
// A company is a unit in Skirmish formation named after its battalion:
// "1/16 Leger Sk1". It has all-around facing (5.2), moves 1 MP a hex on
// the Terrain Effects Chart's skirmish column (8.65 A.2), fires on the
// Skirmish/General Order line and is fired on and shocked as an unformed
// unit (8.65 B.4, D.2), and is always In Command (17.1).

// skirmishSP is the strength of the companies a battalion detaches (8.63).
func skirmishSP(b *Unit) int {
	if b.Nation == "French" && b.Printed >= 10 {
		return 2
	}
	return 1
}

// skirmishing reports a skirmish company.
func (u *Unit) skirmishing() bool { return u.Formation == "skirmish" }

// newCompany is a company of sp SP detached from b.
func newCompany(b *Unit, name string, sp int) Unit {
	c := *b
	c.Name, c.Strength, c.Printed, c.Formation, c.Parent = name, sp, sp, "skirmish", b.Name
	c.Detached, c.Charge, c.Fired, c.Halved = 0, "", false, false
	return c
}

// detach carries out a DETACH (8.61-8.63).
func (r *run) detach(side rules.Side, b *Unit, o *wvtext.Order) {
	refuse := func(code, rule, msg, sugg string) { r.refuse(side, o.At, code, rule, b.Name+": "+msg, sugg) }
	sp := skirmishSP(b)
	light := b.Class == "light"
	switch {
	case b.Type != "infantry" || b.skirmishing():
		refuse("wv-8.6-not-battalion", "WV 8.6", "only an infantry battalion detaches skirmish companies", "")
		return
	case b.Nation == "Russian" && !light:
		refuse("wv-8.62-never", "WV 8.62", "Russian Musketeer and Grenadier battalions never detach skirmish companies", "")
		return
	case b.Morale != "":
		refuse("wv-8.62-disordered", "WV 8.62", "a Disordered or Routed battalion detaches no skirmish companies", "")
		return
	case r.moved[b.Name] || r.spent[b.Name] > 0:
		refuse("wv-8.61-after-move", "WV 8.61", "companies are detached only at the beginning of the battalion's movement", "write DETACH before its other orders")
		return
	case !light && (o.Count != 1 || b.Detached > 0 || b.Strength != b.Printed):
		refuse("wv-8.62-line", "WV 8.62", "a Line battalion detaches one skirmish company a game, and only at full strength", "")
		return
	case o.Count*sp > b.Strength:
		refuse("wv-8.62-strength", "WV 8.62", fmt.Sprintf("%d companies of %d SP are more than its %d SP", o.Count, sp, b.Strength), "")
		return
	}
	var cs []Unit
	var names []string
	for k := range o.Count {
		name := fmt.Sprintf("%s Sk%d", b.Name, b.Detached+k+1)
		cs = append(cs, newCompany(b, name, sp))
		names = append(names, name)
	}
	b.Detached += o.Count
	b.Strength -= o.Count * sp
	name, hex, left := b.Name, b.Hex, b.Strength
	seen := r.seenBy(b)
	r.s.Units = append(r.s.Units, cs...) // b is not to be used after this
	kind := "company"
	if o.Count > 1 {
		kind = "companies"
	}
	r.tell("detached", "WV 8.61", seen, "%s detaches %d skirmish %s of %d SP at %s (%s); it has %d SP left", name, o.Count, kind, sp, hex, strings.Join(names, ", "), left)
	if left == 0 {
		i := r.s.index(name)
		r.s.BrokenDown = append(r.s.BrokenDown, r.s.Units[i])
		r.s.Units = append(r.s.Units[:i:i], r.s.Units[i+1:]...)
		r.tell("broken-down", "WV 8.62", seen, "%s is broken down into skirmish companies (8.62)", name)
	}
}

// rejoin carries out a REJOIN (8.64).
func (r *run) rejoin(side rules.Side, c *Unit, o *wvtext.Order) {
	refuse := func(code, msg, sugg string) { r.refuse(side, o.At, code, "WV 8.64", c.Name+": "+msg, sugg) }
	b, ok := r.ownUnit(side, o.To)
	switch {
	case !c.skirmishing():
		refuse("wv-8.64-not-company", "only a skirmish company rejoins a battalion", "")
		return
	case !ok:
		r.noUnit(side, o.To, "battalion")
		return
	case b.Type != "infantry" || b.skirmishing() || b.Nation != c.Nation || b.Class != c.Class || b.Brigade != c.Brigade:
		refuse("wv-8.64-kind", fmt.Sprintf("%s is not a battalion of its kind and designation (its nation, light or line, and brigade)", b.Name), "")
		return
	case b.Morale != "" || c.Morale != "":
		r.refuse(side, o.At, "wv-8.62-disordered", "WV 8.62", c.Name+": a Disordered or Routed battalion or company is not recombined", "")
		return
	case b.Strength+c.Strength > b.Printed:
		refuse("wv-8.64-strength", fmt.Sprintf("%s would have %d SP, more than its original %d", b.Name, b.Strength+c.Strength, b.Printed), "")
		return
	}
	atStart := !r.moved[c.Name] && r.spent[c.Name] == 0 && r.s.dist(c.Hex, b.Hex) <= 1 && !r.moved[b.Name] && r.spent[b.Name] == 0
	afterMove := c.Hex == b.Hex && r.moved[b.Name]
	if !atStart && !afterMove {
		refuse("wv-8.64-apart", fmt.Sprintf("it rejoins %s from its hex or the next before either moves, or in its hex once the battalion's movement has ended", b.Name), "")
		return
	}
	b.Strength += c.Strength
	r.tell("rejoined", "WV 8.64", r.seenBy(c), "%s rejoins %s (%d SP)", c.Name, b.Name, b.Strength)
	i := r.s.index(c.Name)
	r.s.Units = append(r.s.Units[:i:i], r.s.Units[i+1:]...)
}

// index is the index in s.Units of the unit of that name, or -1.
func (s *State) index(name string) int {
	for i := range s.Units {
		if strings.EqualFold(s.Units[i].Name, name) {
			return i
		}
	}
	return -1
}

// skirmishStacking is 8.65 A.3-A.4 for u ending in a hex with friendly
// unit o: "skip" when neither is a skirmish company (the usual limits
// apply), "" when o does not count, else why u may not.
func skirmishStacking(u, o *Unit) string {
	switch {
	case u.loose() == o.loose():
		return "skip"
	case u.Type == "cavalry" || o.Type == "cavalry":
		return fmt.Sprintf("%s and %s: a skirmish company or artillery crew never shares a hex with friendly cavalry (8.65, 7.61)", u.Name, o.Name)
	}
	return ""
}

// sharedDepletion is 11.91 at the end of a phase: every skirmish company
// in the hex of one under an Ammo Deplt marker is depleted too.
func (r *run) sharedDepletion() {
	for i := range r.s.Units {
		d := &r.s.Units[i]
		if !d.AmmoOut || d.Eliminated || !d.skirmishing() {
			continue
		}
		for _, c := range r.s.unitsAt(d.Hex) {
			if c.Side != d.Side || !c.skirmishing() || c.AmmoOut {
				continue
			}
			c.AmmoOut = true
			r.tell("ammunition", "WV 11.91", only(c.Side), "%s shares %s with %s, depleted: its ammunition is depleted too (11.91)", c.Name, c.Hex, d.Name)
		}
	}
}

package wintersvictory

import (
	"fmt"

	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// Split fire (See WV 11.61-11.62). A battalion in General Order or a
// skirmish company may split its fire: several FIRE lines, each ending
// "; SP n", the parts together no more than its troop strength. Each part
// is a fire of its own, with its own die, resolved in turn with the
// opponent's fires like any fire plan, out of one hexside: no more than
// 9 SP (11.62), and no two parts at the same target hex, which may be
// fired on only once from the hex (11.62). A part whose first target is
// gone falls back on its others. Skirmish companies of one hex named in
// one FIRE line fire as one: one die, their SP together, at most 9
// (11.61-11.62, 8.65 D.2); a second plan from a hex of General Order or
// skirmish units aiming first at the same hex is refused (11.62).

// splitFires gathers a side's split fire plans while they are checked.
type splitFires map[string]*splitFire

type splitFire struct {
	sp      int
	targets map[string]bool
}

// has reports a unit with split fire plans.
func (f splitFires) has(name string) bool { return f[name] != nil }

// add checks one part o of unit u's split fire, whose first target is in
// hex h, or says why not.
func (f splitFires) add(u *Unit, o *wvtext.Order, h string) string {
	switch {
	case u.Formation != "general order" && !u.skirmishing():
		return "only a unit in General Order or a skirmish company splits its fire (11.61)"
	case o.SP == 0:
		return "each of its FIRE lines is a part of a split fire: end each with '; SP <n>' (11.61)"
	case o.SP > 9:
		return fmt.Sprintf("%d SP out of one hexside: the most is 9 (11.62)", o.SP)
	}
	s := f[u.Name]
	if s == nil {
		s = &splitFire{targets: map[string]bool{}}
		f[u.Name] = s
	}
	s.sp += o.SP
	switch {
	case s.sp > u.Strength:
		return fmt.Sprintf("its parts have %d SP, more than its %d (11.61)", s.sp, u.Strength)
	case s.targets[h]:
		return fmt.Sprintf("two parts aim first at %s: a target hex is fired on only once from a hex (11.62)", h)
	}
	s.targets[h] = true
	return ""
}

// targetHex is the hex of the first target of fire plan o as side sees
// it, or the target's name when it sees none.
func (r *run) targetHex(side rules.Side, o *wvtext.Order) string {
	if t := r.seenEnemy(side, o.Targets[0].Text); t != nil {
		return t.Hex
	}
	return o.Targets[0].Text
}

// splitTwice reports whether a part of u's split fire has hit t's hex
// already, and else records that this one does (11.62).
func (r *run) splitTwice(u, t *Unit) bool {
	k := u.Name + ">" + t.Hex
	if r.splitHit[k] {
		return true
	}
	if r.splitHit == nil {
		r.splitHit = map[string]bool{}
	}
	r.splitHit[k] = true
	return false
}

// splitPart readies unit u to fire sp of its SP as one part of a split
// fire, and returns what ends it: each part fires though an earlier one
// has, and after it the unit has fired (11.11).
func (r *run) splitPart(u *Unit, sp int) func() {
	u.Fired = false
	r.splitSP = sp
	return func() {
		r.splitSP = 0
		u.Fired = true
	}
}

// firingSP is the Strength Points unit u fires with: a split fire's
// part, never more than it has left (11.61), else its troop strength and
// that of the companies firing with it, at most 9 (11.62).
func (r *run) firingSP(u *Unit) int {
	if r.splitSP > 0 {
		return min(r.splitSP, u.Strength)
	}
	sp := u.Strength
	for _, c := range r.together {
		sp += c.Strength
	}
	if len(r.together) > 0 {
		sp = min(sp, 9)
	}
	return sp
}

// togetherProblem says why the skirmish companies of fire plan o, u and
// the others it names, may not fire as one (11.61-11.62; 8.65 D.2), or
// ""; seen holds the units with a fire plan, to which it adds them.
func (r *run) togetherProblem(side rules.Side, u *Unit, o *wvtext.Order, seen map[string]bool) string {
	if len(o.Also) == 0 {
		return ""
	}
	if !u.skirmishing() || o.SP > 0 {
		return u.Name + ": only skirmish companies of one hex fire as one, with no '; SP' part (11.61)"
	}
	sp := u.Strength
	for _, n := range o.Also {
		c, ok := r.ownUnit(side, n)
		switch {
		case !ok:
			return fmt.Sprintf("%s has no unit called %s", side, n.Text)
		case !c.skirmishing() || c.Hex != u.Hex:
			return fmt.Sprintf("%s is not a skirmish company in %s's hex %s (11.61)", c.Name, u.Name, u.Hex)
		case seen[c.Name]:
			return c.Name + " has a fire plan already: a unit fires once a phase (11.11)"
		case canFire(c) != "":
			return c.Name + ": " + canFire(c)
		}
		seen[c.Name] = true
		sp += c.Strength
	}
	if sp > 9 {
		return fmt.Sprintf("%d SP out of one hexside: the most is 9 (11.62)", sp)
	}
	return ""
}

// fireTogether readies the companies named in also, still in u's hex and
// able to fire, to fire with u as one, and returns what ends it: each has
// fired (11.61).
func (r *run) fireTogether(u *Unit, also []string) func() {
	r.together = nil
	for _, n := range also {
		if c := r.s.unit(n); c != nil && !c.Eliminated && c.Hex == u.Hex && canFire(c) == "" {
			r.together = append(r.together, c)
		}
	}
	return func() {
		for _, c := range r.together {
			c.Fired = true
		}
		r.together = nil
	}
}

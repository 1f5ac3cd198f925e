package wintersvictory

import (
	"fmt"

	"galloper/rules"
)

// Skirmish companies stacked with a battery (See WV 9.41):
//
//  1. With an unlimbered battery the companies' SP and the battery's
//     crew steps together are at most 6 (a limbered battery's hex they
//     enter under 8.65 A.3, ruling R104).
//  2. Of the losses of one fire or shock combat on the hex, the first is
//     the battery's (a gun), the second the companies' (the top company's
//     SP); each further one is the owner's choice, asked with a decision
//     request (ruling R104).
//  3. The companies fire only through the battery's flank and rear
//     hexsides, as fires of their own.
//
// Not yet: their place at the bottom of the stack (9.41).

// batteryStacking says why u may not end in hex h with a friendly
// battery or skirmish companies there (9.41), or "".
func (r *run) batteryStacking(u *Unit, h string) string {
	var bat *Unit
	sp := 0
	for _, o := range append(r.s.unitsAt(h), u) {
		switch {
		case o.Side != u.Side:
		case o.Type == "artillery" && o.Hex == h || o.Type == "artillery" && o == u:
			bat = o
		case o.skirmishing():
			sp += o.Strength
		}
	}
	switch {
	case bat == nil || sp == 0 || !u.skirmishing() && u != bat || bat.Formation != "unlimbered":
		return "" // a limbered battery's hex is 8.65 A.3's (ruling R104)
	case sp+bat.Crew > 6:
		return fmt.Sprintf("skirmish companies of %d SP and %s's crew of %d steps would stand in %s: at most 6 together (9.41)", sp, bat.Name, bat.Crew, h)
	}
	return ""
}

// batteryAbove is the friendly unlimbered battery that skirmish company
// u is stacked with, or nil (9.41).
func (r *run) batteryAbove(u *Unit) *Unit {
	if !u.skirmishing() {
		return nil
	}
	for _, o := range r.s.unitsAt(u.Hex) {
		if o.Side == u.Side && o.Type == "artillery" && o.Formation == "unlimbered" {
			return o
		}
	}
	return nil
}

// companiesOf lists the skirmish companies stacked with battery b.
func (r *run) companiesOf(b *Unit) []*Unit {
	var out []*Unit
	for _, o := range r.s.unitsAt(b.Hex) {
		if o.Side == b.Side && o.skirmishing() && !o.Eliminated {
			out = append(out, o)
		}
	}
	return out
}

// batteryLoss is 9.41 for n losses of one combat on battery b stacked
// with skirmish companies: it reports false, taking none, when b has no
// companies with it.
func (r *run) batteryLoss(b *Unit, n int, rule string) bool {
	if b.skirmishing() { // a company fired on beneath its battery
		for _, o := range r.s.unitsAt(b.Hex) {
			if o.Side == b.Side && o.Type == "artillery" {
				b = o
				break
			}
		}
	}
	if b.Type != "artillery" || len(r.companiesOf(b)) == 0 {
		return false
	}
	for i := 1; i <= n; i++ {
		cs := r.companiesOf(b)
		onBattery := i == 1 || len(cs) == 0
		switch {
		case b.Eliminated && len(cs) == 0:
			return true
		case b.Eliminated:
			onBattery = false
		case i == 2:
			onBattery = false
		case i > 2 && len(cs) > 0:
			onBattery = r.decide(rules.Choice{Key: "battery loss " + b.Name, Side: b.Side, Rule: "WV 9.41",
				Question: fmt.Sprintf("loss %d of %d on %s and its skirmish companies in %s: from the battery (a gun) or from %s (an SP)", i, n, b.Name, b.Hex, cs[0].Name),
				Options:  []string{"battery", "skirmish"}, Default: "battery"}) == "battery"
		}
		if onBattery {
			r.loseSP(b, 1, "WV 9.41")
		} else {
			r.loseSP(cs[0], 1, "WV 9.41")
		}
	}
	return true
}

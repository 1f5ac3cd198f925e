package gbacw

import "galloper/rules/hex"

// Units as blockers of fire (GBACW 10.26): intervening combat units block
// small-arms fire and canister, but for the four Exceptions; friends near
// the target block Shot/Shell; friends fired over risk a UDD (ruling
// GBACW-R44).

// unitsBlock applies 10.26 to a fire from u at t at range d: intervening
// combat units block small-arms fire, and artillery fire at canister
// range, unless one of its Exceptions holds; friendly units on the line
// within two hexes of the target, or beyond it, block artillery fire at
// 4 hexes or more (ruling GBACW-R44).
func (s *State) unitsBlock(cc *CombatCharts, u *UnitSt, th string, d int) bool {
	blocked, _ := s.firedOver(cc, u, th, d)
	return blocked
}

// firedOver is 10.26 for a fire from u at t at range d: whether units
// block it, and else the friendly combat units adjacent to the target it
// passes over, who risk a UDD on a low roll.
func (s *State) firedOver(cc *CombatCharts, u *UnitSt, th string, d int) (bool, []*UnitSt) {
	a, b := s.axial(u.Hex), s.axial(th)
	la, lb := s.baseLevel(u.Hex), s.baseLevel(th)
	shotShell := u.Kind == "artillery" && d >= 4
	left, right := hex.Line(a, b)
	var between []*UnitSt // the combat units on the line of fire
	seen := map[hex.Axial]bool{}
	for _, p := range [][]hex.Axial{left, right} {
		for _, x := range p {
			if x == a || x == b || seen[x] {
				continue
			}
			seen[x] = true
			if id := s.hexID(x); id != "" {
				for _, v := range s.unitsAt(id) {
					if v.combat() {
						between = append(between, v)
					}
				}
			}
		}
	}
	if shotShell {
		for _, v := range between {
			if v.Side == u.Side && hex.Distance(s.axial(v.Hex), b) <= 2 {
				return true, nil
			}
		}
		return s.friendsBeyond(u, a, b), nil
	}
	// Exception 2: no friends between, and terrain hides every enemy
	// unit between from the firer.
	hidden := true
	for _, v := range between {
		hidden = hidden && v.Side != u.Side && !s.lineOfSight(cc, u.Hex, v.Hex)
	}
	if len(between) > 0 && hidden {
		return false, nil
	}
	var over []*UnitSt
	for _, v := range between {
		x := s.axial(v.Hex)
		lv := s.baseLevel(v.Hex)
		lo, hi, lowEnd, highEnd := la, lb, a, b
		if lb < la {
			lo, hi, lowEnd, highEnd = lb, la, b, a
		}
		switch {
		case lv < la && lv < lb: // Exception 1
		case u.Kind == "artillery" && hex.Distance(x, a) == 1 && la >= lv+2: // Exception 3
		case hi-lo >= 2 && lv == lo && hex.Distance(x, lowEnd) >= hex.Distance(x, highEnd): // Exception 4
		default:
			return true, nil
		}
		if v.Side == u.Side && hex.Distance(x, b) == 1 {
			over = append(over, v)
		}
	}
	return false, over
}

// friendsBeyond: a friendly combat unit of u's on the line of fire
// carried two hexes past the target at b blocks its Shot/Shell (10.26).
func (s *State) friendsBeyond(u *UnitSt, a, b hex.Axial) bool {
	beyond := hex.Axial{Q: 2*b.Q - a.Q, R: 2*b.R - a.R}
	l2, r2 := hex.Line(b, beyond)
	for _, p := range [][]hex.Axial{l2, r2} {
		for _, x := range p {
			if x == b || hex.Distance(x, b) > 2 {
				continue
			}
			if id := s.hexID(x); id != "" {
				for _, v := range s.unitsAt(id) {
					if v.combat() && v.Side == u.Side {
						return true
					}
				}
			}
		}
	}
	return false
}

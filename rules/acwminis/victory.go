package acwminis

import (
	"fmt"
	"strings"

	"galloper/rules"
)

const ruleVictory = "ACW VICTORY AND DEFEAT (seed L53-65)"

// victory scores the game at its end (seed L53-65): each side earns VPs
// for the enemy's broken commands (+10), broken units (+5), Shaken (+3)
// and Worn (+1) units (ruling A37: the opponent scores them; a broken
// unit counts for its command too). A difference of 0-5 is a draw, 6+ a
// win.
func (r *resolver) victory() {
	vp := map[rules.Side]int{}
	var lines []string
	for _, side := range r.s.Sides {
		var parts []string
		for i := range r.s.Units {
			u := &r.s.Units[i]
			if u.Side == side {
				continue
			}
			n := map[string]int{"Broken": 5, "Shaken": 3, "Worn": 1}[u.State()]
			if n > 0 {
				vp[side] += n
				parts = append(parts, fmt.Sprintf("%s %s +%d", u.Name, u.State(), n))
			}
		}
		for i := range r.s.Commanders {
			c := &r.s.Commanders[i]
			if c.Side == side || c.Rank != "Commander" {
				continue
			}
			all, any := true, false
			for j := range r.s.Units {
				if u := &r.s.Units[j]; strings.EqualFold(u.Commander, c.Name) {
					any = true
					all = all && (u.State() == "Shaken" || u.State() == "Broken")
				}
			}
			if any && all {
				vp[side] += 10
				parts = append(parts, fmt.Sprintf("%s's command broken +10", c.Name))
			}
		}
		lines = append(lines, fmt.Sprintf("%s %d VPs (%s)", side, vp[side], strings.Join(parts, ", ")))
	}
	a, b := r.s.Sides[0], r.s.Sides[1]
	diff := vp[a] - vp[b]
	verdict := "a draw"
	switch {
	case diff >= 6:
		verdict = string(a) + " wins"
	case -diff >= 6:
		verdict = string(b) + " wins"
	}
	r.event("victory", ruleVictory, "%s; difference %d: %s", strings.Join(lines, "; "), max(diff, -diff), verdict)
}

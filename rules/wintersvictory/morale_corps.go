package wintersvictory

import (
	"fmt"

	"galloper/rules"
)

// Corps Morale (See WV 14.0-14.2). The procedure, with its rules:
//
//  1. A scenario may keep a Corps Morale track apart from its side's Army
//     Morale: the Prussian Corps on the Allied track (14.0). The combat
//     units of that nation lose and regain their Morale Points on the
//     corps' total, not the army's (14.11).
//  2. In each Interphase a corps at zero or less rolls as an army does: a
//     die at or under the negative of its total Demoralizes it (14.21).
//  3. A Demoralized corps' combat units lose 1 Effectiveness and get no
//     leader modifier to self-rally (14.22), as an army's do.

// CorpsMorale is one Corps Morale track (14.0): the corps is the side's
// combat units of one nation.
type CorpsMorale struct {
	Side        rules.Side `json:"side" yaml:"side"`
	Nation      string     `json:"nation" yaml:"nation"`
	Morale      int        `json:"morale" yaml:"morale"`
	Demoralized bool       `json:"demoralized,omitempty" yaml:"-"`
}

// corpsOf is the Corps Morale track unit u counts on, or nil (its army's).
func (s *State) corpsOf(u *Unit) *CorpsMorale {
	for i := range s.Corps {
		if c := &s.Corps[i]; c.Side == u.Side && c.Nation == u.Nation {
			return c
		}
	}
	return nil
}

// demoralized reports whether unit u's army or corps is Demoralized
// (14.22).
func (s *State) demoralized(u *Unit) bool {
	if c := s.corpsOf(u); c != nil {
		return c.Demoralized
	}
	return s.Demoralized[sideIndex(u.Side)]
}

// unitMorale adds n to the Morale total unit u counts on: its corps' or
// its army's (14.11).
func (r *run) unitMorale(u *Unit, n int, why string) {
	c := r.s.corpsOf(u)
	if c == nil {
		r.moraleChange(u.Side, n, why)
		return
	}
	if n == 0 || r.dry() {
		return
	}
	c.Morale += n
	r.tell("corps-morale", "WV 14.11", only(u.Side), "%s Corps Morale %+d (%s): %d", c.Nation, n, why, c.Morale)
}

// corpsDemoralization is 14.21 for each Corps Morale track, in the
// Interphase after the armies'.
func (r *run) corpsDemoralization() {
	for i := range r.s.Corps {
		c := &r.s.Corps[i]
		if c.Demoralized || c.Morale > 0 {
			continue
		}
		die := r.d10("WV 14.21", fmt.Sprintf("%s Corps demoralization", c.Nation), only(c.Side))
		if !Demoralized(die, c.Morale) {
			r.tell("corps-morale", "WV 14.21", only(c.Side), "%s Corps holds: rolled %d, over %d", c.Nation, die, -c.Morale)
			continue
		}
		c.Demoralized = true
		r.tell("demoralized", "WV 14.22", only(c.Side), "%s Corps is Demoralized: rolled %d, at or under %d; its units lose 1 Effectiveness", c.Nation, die, -c.Morale)
	}
}

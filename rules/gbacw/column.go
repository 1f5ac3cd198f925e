package gbacw

import (
	"fmt"
	"strings"

	"galloper/rules/gbacw/gbtext"
)

// Extended Columns (GBACW 8.5, 9.2). Under March Orders an infantry unit
// of 8 SPs or more, or a cavalry unit of 5 or more, extends one hex to
// the Rear; infantry of 15 or more, cavalry of 9 or more, two:
//
//	1. As it moves, its extensions follow its path: they stand in the
//	   last hexes it left, the nearest first (8.5, 8.51).
//	2. No other unit may stand in its hexes (8.5); its SPs are spread
//	   over them as an Extended Line's, each part a target of its own,
//	   and a Disorder of any part Disorders the whole unit (8.5).
//	3. It is shocked as one unit, of its full strength (8.5).
//	4. Combat that takes it below what needs a column removes the
//	   extension at the end of the brigade activation (8.5).
//	5. Under other Orders than March it ends when the unit first acts in
//	   its brigade's next activation: it becomes an Extended Line by
//	   EXTEND (7.23, 8.52), else retracts for the MPs of entering its
//	   head's hex, under Attack Orders Disordered when it lacks them
//	   (8.52-8.53). It retracts to advance (8.52) and retreats extended
//	   when it can (8.47).
//	6. It turns about by FACE, head and tail changing places (8.51).
//
// Under Advance Orders a unit moving by road alone moves in Extended
// Column, at the road's rate, as each of its hexes keeps to March stacking
// (8.13, 8.52); its extensions spend MPs of their own (columnFollows).

// columnLength is how many hexes behind it a unit's Extended Column
// needs: 0, 1 or 2 (8.5).
func (u *UnitSt) columnLength() int {
	small, big := 8, 15
	switch u.Kind {
	case "cavalry":
		small, big = 5, 9
	case "artillery":
		return 0
	}
	switch {
	case u.SP >= big:
		return 2
	case u.SP >= small:
		return 1
	}
	return 0
}

// followColumn places a March unit's extensions in the last hexes of its
// trail (its old extensions, the hex it started in, the hexes it passed
// through), behind the hex it ended in. See GBACW 8.5, 8.51.
func (r *resolver) followColumn(u *UnitSt, trail []string) {
	n := u.columnLength()
	if n == 0 || len(trail) < 2 {
		return
	}
	behind := trail[:len(trail)-1]
	u.ColA, u.ColB = behind[len(behind)-1], ""
	if n == 2 && len(behind) >= 2 {
		u.ColB = behind[len(behind)-2]
	}
	tail := u.ColA
	if u.ColB != "" {
		tail += " and " + u.ColB
	}
	var parts []string
	for _, p := range u.lineParts() {
		parts = append(parts, fmt.Sprintf("%d SP in %s", p.sp, p.hex))
	}
	r.event("column", "GBACW 8.5", "%s moves in Extended Column, its extensions behind it in %s: %s", u.Name, tail, strings.Join(parts, ", "))
}

// shortenColumn removes the extensions a unit no longer needs after
// combat (8.5: at the end of the brigade activation).
func (r *resolver) shortenColumn(u *UnitSt) {
	switch n := u.columnLength(); {
	case n == 0:
		r.event("retract", "GBACW 8.5", "%s no longer needs an Extended Column and removes its extensions", u.Name)
		u.ColA, u.ColB = "", ""
	case n == 1 && u.ColB != "":
		r.event("retract", "GBACW 8.5", "%s needs one extension only and removes the one in %s", u.Name, u.ColB)
		u.ColB = ""
	}
}

// retractAll draws in a unit's Extended Line or Column, for no MPs, as
// it advances or retreats (8.47, 8.52), or as its March Orders end; why
// says so in the report.
func (r *resolver) retractAll(u *UnitSt, why string) {
	if !u.spread() {
		return
	}
	what := "Extended Line"
	if u.inColumn() {
		what = "Extended Column"
	}
	u.ExtLeft, u.ExtRight, u.ColA, u.ColB = "", "", "", ""
	r.event("retract", "GBACW 8.47", "%s retracts its %s into %s %s", u.Name, what, u.Hex, why)
}

// endColumn ends the Extended Column of a unit no longer under March
// Orders as it first acts in its brigade's activation: its EXTEND LEFT or
// RIGHT turns a one-extension column into an Extended Line, the
// extension on that side, with no cost for the facing change (7.23, 8.52)
// when the line may be formed (8.41); else the column retracts into its
// head for the MPs of entering it off the road (8.52), which under Attack
// Orders bars Prepared Fire; one that lacks them under Attack Orders
// retracts, is Disordered and does no more in the activation (8.53). A
// unit that Stands keeps its column (8.53). It reports whether the action
// was so used. See ruling GBACW-R32.
func (r *resolver) endColumn(u *UnitSt, a gbtext.Action, stand bool) bool {
	s := r.s
	if !u.inColumn() || s.ordersOf(u) == March || stand {
		return false
	}
	if s.ordersOf(u) == Advance && a.Verb != gbtext.ActExtend {
		return false // 8.52: under Advance Orders it may stay a column
	}
	if a.Verb == gbtext.ActExtend && a.Target != "BOTH" && u.ColB == "" && u.Kind == "infantry" && u.SP >= 8 &&
		len(s.adjacentEnemies(u.ColA, u.Side)) == 0 && !s.nextToLine(u.ColA, u.Side) {
		at, ca := s.axial(u.Hex), s.axial(u.ColA)
		for v := range 6 {
			right, left := s.flankDirs(v)
			d := right
			if a.Target == "LEFT" {
				d = left
			}
			if at.Neighbor(d) != ca {
				continue
			}
			u.Facing = v
			if a.Target == "LEFT" {
				u.ExtLeft = u.ColA
			} else {
				u.ExtRight = u.ColA
			}
			u.ColA = ""
			r.event("extend", "GBACW 7.23", "%s turns its Extended Column into an Extended Line, its extension in %s (no cost, 7.23)", u.Name, u.Ext())
			return true
		}
	}
	o := s.ordersOf(u)
	cost := 0
	for _, x := range []string{u.ColA, u.ColB} {
		if x != "" {
			cost = max(cost, s.moveCost(r.sys.combat, u, Attack, x, u.Hex)) // 8.52: not the road's cost
		}
	}
	short := cost > r.mpLeft(u, o)
	r.retractAll(u, fmt.Sprintf("as its March Orders have ended (%s; ruling GBACW-R32)", halfMP(cost)))
	u.Spent += cost
	u.Moved = u.Moved || cost > 0
	u.Walked = u.Walked || len(s.adjacentEnemies(u.Hex, u.Side)) > 0 // 8.53, 9.53
	switch {
	case short && o == Attack && len(s.adjacentEnemies(u.Hex, u.Side)) > 0 && cost <= 2*u.MA:
		// 8.53, 9.42 Exception 2: into a hex next to an enemy, within its
		// full MA, it retracts, but neither fires nor shocks.
		u.NoFire, u.NoShock = true, true
		r.event("retract-limited", "GBACW 9.42", "%s retracts next to the enemy by 9.42 Exception 2: it neither fires nor shocks in this activation", u.Name)
	case short && o == Attack:
		// 8.53: it retracts, is Disordered, and its activation is over.
		r.disorder(u, "retracting without the MPs")
		u.Fired, u.NoFire = true, true
		return true
	}
	return false
}

// retractColumn is a column's RETRACT under Advance Orders: its parts
// come into one of its hexes, its head's or the one named, for the cost
// of entering it off the road, even next to the enemy (8.52, ruling
// GBACW-R97).
func (r *resolver) retractColumn(u *UnitSt, into string) {
	s := r.s
	o := s.ordersOf(u)
	cost := r.retractCost(u, into)
	if cost > r.mpLeft(u, o) {
		r.event("no-retract", "GBACW 8.52", "%s has not the MPs to retract (%s)", u.Name, halfMP(cost))
		return
	}
	u.Spent += cost
	u.Moved = true
	u.Hex = into
	r.retractAll(u, "("+halfMP(cost)+", 8.52)")
	u.Walked = u.Walked || len(s.adjacentEnemies(u.Hex, u.Side)) > 0 // 8.52, 9.53
}

// columnHexes are a unit's Extended Column extensions, the nearest first.
func (u *UnitSt) columnHexes() []string {
	var out []string
	for _, h := range []string{u.ColA, u.ColB} {
		if h != "" {
			out = append(out, h)
		}
	}
	return out
}

// columnFollows reports whether a unit's extensions could follow it into
// next, under March Orders or under Advance Orders by road: each spends
// MPs of its own, as a separate unit with the head's MA (limit, in half
// MPs), entering the hexes of the trail one step behind the one before it
// (8.5). An extension placed anew in the head's starting hex pays nothing
// for it, but under Advance Orders has 1 MP less, the second 2 (8.5).
// existing is how many extensions the unit had when it began to move;
// trail is its hexes so far, the rearmost first. See GBACW 8.5.
func (r *resolver) columnFollows(u *UnitSt, o Orders, trail []string, next string, limit, existing int) bool {
	s := r.s
	all := append(append([]string(nil), trail...), next)
	for i := range u.columnLength() {
		end := len(all) - 2 - i // where extension i stands after this step
		first := existing       // a new extension starts in the head's starting hex
		if i < existing {
			first = existing - 1 - i // an old one in its own hex
		}
		costs, own := 0, limit
		if o == Advance && i >= existing {
			own -= 2 * (i + 1) // 8.5: 1 MP less, 2 for a second extension
		}
		for j := first; j < end; j++ {
			costs += s.moveCost(r.sys.combat, u, o, all[j], all[j+1])
		}
		if costs > own {
			return false
		}
	}
	return true
}

// clearColumn: at the end of its move a unit in Extended Column may not
// stand stacked with another unit, its extensions included (8.5), at
// any time (8.11). A head whose extensions would stand among other units
// halts at the last hex of its trail where they would not and it may
// stop, or where it began. It returns the trail so cut.
func (r *resolver) clearColumn(u *UnitSt, trail []string) []string {
	s := r.s
	n := u.columnLength()
	if n == 0 || len(trail) < 2 {
		return trail
	}
	clear := func(t []string) bool {
		if len(t) == 1 {
			return true // where it began: no column yet
		}
		for i := 0; i <= n && i < len(t); i++ {
			for _, f := range s.holders(t[len(t)-1-i]) {
				if f != u && f.Side == u.Side {
					return false
				}
			}
		}
		return true
	}
	k := len(trail)
	for k > 1 && !clear(trail[:k]) {
		k--
	}
	if k == len(trail) {
		return trail
	}
	u.Hex = trail[k-1]
	r.event("column-halted", "GBACW 8.5", "%s halts at %s: its Extended Column may not end its move with an extension among other units (8.5, 8.11)", u.Name, u.Hex)
	if t := r.trails[u.Name]; len(t) > 0 {
		r.trails[u.Name] = t[:max(1, len(t)-(len(trail)-k))]
	}
	return trail[:k]
}

package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// bestLeader is the leader with the highest Morale Value of those who
// may lend it to a side's stack in a hex (LoB 6.1, 6.4, 9.1; the support
// rules' moraleLeaders: a Repl just placed where his leader fell does
// not, 9.1b), or nil when there is none.
func (s *State) bestLeader(side rules.Side, h string) *Leader {
	var best *Leader
	for _, l := range s.moraleLeaders(side, h) {
		if best == nil || l.Morale > best.Morale {
			best = &l
		}
	}
	return best
}

// stackLeader is the leader moving with the stack who has the highest
// Morale Value: he must finish the move with it (LoB 3.5b), so leaders
// who only stand in the hex do not count. nil when there is none.
func (r *resolver) stackLeader(a *actingStack) *Leader {
	var best *Leader
	for _, p := range a.leaders {
		if l, ok := r.s.leaderData(p.Name); ok && p.Status == "" && (best == nil || l.Morale > best.Morale) {
			best = &l
		}
	}
	return best
}

// adjacentEnemies lists the enemy combat units next to a hex.
func (r *resolver) adjacentEnemies(h string) []*Piece {
	enemy := r.s.enemyOf(r.side)
	around := r.s.scn.Map.adjacentHexes(h)
	// Each neighbour's units, in neighbour order, from the hex index:
	// asked at every step. A hex id listed twice is read at its first place.
	var out []*Piece
	for k, n := range around {
		if slices.Index(around, n) != k {
			continue
		}
		for _, i := range r.s.inHex(n) {
			if p := &r.s.doc.Pieces[i]; p.Side == enemy && p.Unit != nil && !p.Unit.Eliminated && !p.OffMap {
				out = append(out, p)
			}
		}
	}
	return out
}

// closing makes the Closing Roll a stack with combat units needs to enter
// a hex next to enemy combat units (LoB 3.5) and reports whether it may
// enter. Wrecked
// units always fail and are left behind (3.5, 5.7 #1).
func (r *resolver) closing(a *actingStack, to string) bool {
	enemies := r.adjacentEnemies(to)
	if len(enemies) == 0 || len(a.units) == 0 {
		return true // LoB 3.5a #5; leaders alone need no roll (3.5)
	}
	if why := r.noClosingRollEver(a, enemies); why != "" {
		r.add("closing-not-needed", "LoB 3.5a", "%s enters %s without a Closing Roll: %s", a.names(), to, why)
		return true
	}
	if why := r.autoFail(a); why != "" {
		r.log.Addf("closing-failed", "LoB 3.5", "%s cannot close on %s: %s", a.names(), to, why)
		a.closingFailed, a.stopped = true, true
		return false
	}
	if left := r.leaveWrecked(a); len(a.units) == 0 {
		r.log.Addf("closing-failed", "LoB 3.5", "%s cannot close on %s: Wrecked units always fail their Closing Rolls, as LoB 5.7 provides", left, to)
		a.closingFailed, a.stopped = true, true
		return false
	}
	if why, rule := r.noClosingRoll(a, to, enemies); why != "" {
		if why == noSightWhy {
			r.endPointsPlaced(a.hex, enemies)
		}
		r.add("closing-not-needed", rule, "%s enters %s without a Closing Roll: %s", a.names(), to, why)
		return true
	}
	return r.closingRoll(a, "close on "+to, r.closingMods(a.hex, to, enemies))
}

// autoFail says why a stack automatically fails a Closing Roll: it is DG
// (LoB 3.5, 6.0). "" when it does not.
func (r *resolver) autoFail(a *actingStack) string {
	if a.morale == MoraleDG {
		return "DG units automatically fail Closing Rolls"
	}
	return ""
}

// leaveWrecked drops the stack's Wrecked units, which stay where they are
// (LoB 3.5: "leave behind" its Wrecked units), and names them.
func (r *resolver) leaveWrecked(a *actingStack) string {
	var keep []*Piece
	var left []string
	for _, p := range a.units {
		if u := r.s.scn.unit(p.Name); u != nil && u.Wrecked(p.Unit.SP) {
			left = append(left, p.Name)
			continue
		}
		keep = append(keep, p)
	}
	if len(left) > 0 && len(keep) > 0 {
		r.add("wrecked-left-behind", "LoB 3.5", "%s, Wrecked, cannot pass a Closing Roll and stays in %s", strings.Join(left, ", "), a.hex)
	}
	if len(keep) > 0 {
		a.units = keep
	}
	if len(left) > 0 && len(keep) == 0 {
		a.units = nil
	}
	return strings.Join(left, ", ")
}

// noClosingRoll says why no Closing Roll is needed, with the rule, or ""
// (LoB 3.5, 3.5a).
func (r *resolver) noClosingRoll(a *actingStack, to string, enemies []*Piece) (string, string) {
	if a.morale == MoraleBL {
		return "Blood Lusted units close automatically", "LoB 3.5"
	}
	// Only Capable units: an Open Order unit that is not Capable is in
	// Line, whatever side its counter shows. See LoB 9.4b, 9.4f.
	allOpen := true
	for _, p := range a.units {
		allOpen = allOpen && r.s.closingAutoPass(p)
	}
	if allOpen {
		return "Open Order units close automatically", "LoB 3.5, 9.4f"
	}
	for _, p := range r.s.combatUnitsIn(to) {
		if p.Side == r.side && !r.s.isOpenOrderCapable(p) {
			return fmt.Sprintf("%s, not Open Order Capable, is already there", p.Name), "LoB 3.5a"
		}
	}
	if !r.seesAny(a.hex, enemies) {
		return noSightWhy, "LoB 3.5a"
	}
	return "", ""
}

// noClosingRollEver says why a stack needs no Closing Roll even when it
// would automatically fail one (DG, Wrecked units), or "": 3.5a #3 (only
// Open Order Capable enemy units next to the hex) and #4 (Skedaddling,
// 10.9) carry no "does not trump Auto Fail restrictions" exception, as #1
// and #2 do (docs/rulings-lob.md R-MOV-4).
func (r *resolver) noClosingRollEver(a *actingStack, enemies []*Piece) string {
	onlyOpen := true
	for _, e := range enemies {
		onlyOpen = onlyOpen && r.s.isOpenOrderCapable(e)
	}
	switch {
	case onlyOpen:
		return "the only enemy combat units next to it are Open Order Capable"
	case r.skedaddling(a):
		return "the stack is Skedaddling"
	}
	return ""
}

// skedaddling reports whether a unit of the stack belongs to a Skedaddling
// Command (LoB 10.9).
func (r *resolver) skedaddling(a *actingStack) bool {
	links := r.s.links(r.side)
	for _, p := range a.units {
		if l, ok := links[p.Name]; ok && r.s.cmdStatus(r.s.skedaddlingOver(l.cmd).Name).Skedaddle != "" {
			return true
		}
	}
	return false
}

// noSightWhy is noClosingRoll's reason under LoB 3.5a #2.
const noSightWhy = "the stack has no Clear line of sight to the enemy next to that hex"

// seesAny reports whether the stack's hex has a Clear line of sight to
// any of the units (LoB 3.5a #2, 4.0). The non-moving player places the
// End Points in a Closing Roll situation (4.0): his standing ENDPOINT
// reaction says where (docs/rulings-lob-retreat.md R-RET-18). CLEAR, the
// default, where the line is Clear if it can be; BLOCKED where it is
// Blocked if it can be, which matters only where the line runs along a
// hexside. It only looks: automatic moves ask it of steps they never
// take (wouldClose), so the placement is reported by endPointsPlaced
// when a stack does enter the hex.
func (r *resolver) seesAny(from string, units []*Piece) bool {
	m := &r.s.scn.Map
	g := m.sight
	b := r.s.sightBlockers(r.side)
	blocking := r.s.choiceOf(r.s.enemyOf(r.side), "ENDPOINT") == "BLOCKED"
	for _, p := range units {
		if g.lineOfSight(m.axial(from), m.axial(p.Hex), Shot{Side: r.side, Blocking: blocking}, b).Clear {
			return true
		}
	}
	return false
}

// endPointsPlaced reports the lines from a hex to the units that the
// non-moving player's standing ENDPOINT BLOCKED left Blocked where the
// moving player could have seen along them, when the stack enters a hex
// without a Closing Roll for want of a Clear line of sight (LoB 4.0,
// 3.5a #2).
func (r *resolver) endPointsPlaced(from string, units []*Piece) {
	enemy := r.s.enemyOf(r.side)
	if r.s.choiceOf(enemy, "ENDPOINT") != "BLOCKED" {
		return
	}
	m := &r.s.scn.Map
	g := m.sight
	b := r.s.sightBlockers(r.side)
	for _, p := range units {
		a, z := m.axial(from), m.axial(p.Hex)
		if s := g.lineOfSight(a, z, Shot{Side: r.side, Blocking: true}, b); !s.Clear && g.lineOfSight(a, z, Shot{Side: r.side}, b).Clear {
			r.add("end-point", "LoB 4.0", "%s places the End Points of the line from %s where it is Blocked (standing ENDPOINT BLOCKED): to %s: %s",
				enemy, from, p.Hex, sightWhy(s))
		}
	}
}

// closingRoll rolls one die for the top unit's Morale Rating with the
// leader modifier and the named table modifiers, closingMods' enemy rear
// hex, frontal Canister and Breastwork ones (LoB 3.5, 3.5b, 9.5d): what
// says what the roll is for ("close on F4.5", "Charge F4.5").
func (r *resolver) closingRoll(a *actingStack, what string, names []string) bool {
	f := r.s.charts.field
	top := a.units[0]
	rating := r.s.scn.unit(top.Name).Morale
	mods, why := 0, []string{}
	if l := r.stackLeader(a); l != nil {
		if n := f.LeaderClosingModifier(l.Morale); n != 0 {
			mods += n
			why = append(why, fmt.Sprintf("leader %s %+d", l.Name, n))
		}
	}
	for _, m := range names {
		n, err := f.ClosingModifier(m)
		if r.fail(err) {
			return false
		}
		mods += n
		why = append(why, fmt.Sprintf("%s %+d", m, n))
	}
	need, err := f.ClosingNeeded(rating, mods)
	if r.fail(err) {
		return false
	}
	die := r.log.Roll(6, "LoB 3.5", fmt.Sprintf("Closing Roll for %s to %s", a.names(), what))
	ok, err := f.ClosingPasses(rating, die, mods)
	if r.fail(err) {
		return false
	}
	verdict := "fails: the stack stops"
	if ok {
		verdict = "succeeds"
	}
	r.log.Addf("closing-roll", "LoB 3.5", "%s (Morale %s, needs %d after modifiers: %s) rolls %d to %s: %s",
		top.Name, rating, need, modList(why), die, what, verdict)
	if !ok {
		a.closingFailed, a.stopped = true, true
	}
	return ok
}

// closingMods names the table modifiers that apply to a Closing Roll made
// in hex from to be in hex to, next to the enemies (to is from itself for
// a Charge's roll, 7.0a c): a rear hex of any adjacent enemy unit (LoB 3.5), a front hex of
// enemy artillery whose Canister counts (3.5 table, 8.2d) and closing from
// a friendly Breastwork hex (9.5d).
func (r *resolver) closingMods(from, to string, enemies []*Piece) []string {
	var out []string
	rear, canister := false, false
	m := &r.s.scn.Map
	for _, e := range enemies {
		if !r.s.hasFront(e) || !frontal(e.Unit.Facing, m.direction(e.Hex, to)) {
			rear = true
			continue
		}
		if e.Kind == ArmArtillery && r.s.canisterCounts(e) {
			canister = true
		}
	}
	if rear {
		out = append(out, "enemy-rear-hex")
	}
	if canister {
		out = append(out, "frontal-canister")
	}
	if r.s.closingFromBreastworks(r.side, from) {
		out = append(out, "from-breastworks")
	}
	return out
}

// modList prints modifiers for an event, "none" when there are none.
func modList(ms []string) string {
	if len(ms) == 0 {
		return "none"
	}
	return strings.Join(ms, ", ")
}

package gbacw

import (
	"slices"

	"galloper/rules"
	"galloper/rules/dice"
)

// Leader Casualty Checks (GBACW 12.71, 11.48):
//
//  0. They are made for losses in Fire Combat and in the Shock Steps: not
//     for a step a failed Rally costs (13.41), nor for one lost to the
//     Post-Shock Automatic Disorder of Step 6e (11.48).
//
// And for one Fire Combat result:
//
//  1. Each leader stacked with combat units that lose one or more steps
//     to the result rolls once: a 0 kills him.
//  2. For a loss the result causes directly the leaders roll at once, so
//     for a "1d+2" they roll before the unit's UDD (Note 1).
//  3. For steps lost only to 2nd Disorders, they roll after all the
//     units have made their UDDs (Note 1): the result's UDDs, those of
//     the stack under a hit unit (8.35) and the Collapse UDDs (12.23).
//
// And for each of Shock Steps 2, 4 and 6b (the checks of Step 5's
// Pre-Shock Fire are those of its Fire Combat results): steps 1-3 as for
// one result, the Step's UDDs being those of all its shocks (Step 6b is
// one shock's: each is resolved whole, 11.41). Note 2, the leaders in any
// hex of an Extended Unit, is not yet played.

// lossCheck says when a step loss's Leader Casualty Checks are made.
type lossCheck int

const (
	checkNow       lossCheck = iota // at once (steps 1-2)
	checkAfterUDDs                  // lost to a 2nd Disorder alone: after the result's UDDs (step 3)
	noCheck                         // none (step 0)
)

// casualtyBatch is one Fire Combat result's checks: the leaders who have
// rolled, and those stacked with steps lost to 2nd Disorders alone, in
// turn.
type casualtyBatch struct {
	rolled map[string]bool
	later  []*Leader
	// blown are the Blown units that have lost their additional SP to
	// this result (11.58: once a result).
	blown map[string]bool
	// start is each unit's hex when the result or Shock Step began, its
	// stack before any retreat; stackLost marks the stacks that have lost
	// their one SP to 2nd Disorders (12.35e). Under Shot/Shell the losers
	// wait in pending for the random pick.
	start     map[string]string
	stackLost map[string]bool
	shotShell bool
	pending   map[string][]*UnitSt
}

// newBatch opens the checks of one result or Shock Step, noting where
// every unit stands (12.35e).
func (r *resolver) newBatch() *casualtyBatch {
	b := &casualtyBatch{rolled: map[string]bool{}, start: map[string]string{}, stackLost: map[string]bool{}}
	for i := range r.s.Units {
		if u := &r.s.Units[i]; u.onMap() {
			b.start[u.Name] = u.Hex
		}
	}
	return b
}

// stackedLeaders are the living leaders of side in hex h.
func (s *State) stackedLeaders(h string, side rules.Side) []*Leader {
	var out []*Leader
	for i := range s.Leaders {
		if l := &s.Leaders[i]; l.Side == side && !l.Killed && l.Hex == h && h != "" {
			out = append(out, l)
		}
	}
	return out
}

// casualtyChecks is steps 1-2 for the leaders of side in hex h.
func (r *resolver) casualtyChecks(h string, side rules.Side) {
	for _, l := range r.s.stackedLeaders(h, side) {
		r.casualtyCheck(l)
	}
}

// casualtyCheck rolls for one leader, once a result (step 1).
func (r *resolver) casualtyCheck(l *Leader) {
	if b := r.casualties; b != nil {
		if b.rolled[l.Name] || l.Killed {
			return
		}
		b.rolled[l.Name] = true
	}
	if roll, killed := LeaderCasualty(r, l.Name); killed {
		l.Killed, l.Hex = true, ""
		r.event("leader-killed", "GBACW 12.71", "%s is killed (rolled %d)", l.Name, roll)
	}
}

// checkLater is step 3, once the result's UDDs are all made, for the
// leaders who stood with the steps lost then; it closes the batch and
// goes back to the one it was opened in, if any.
func (r *resolver) checkLater(outer *casualtyBatch) {
	if b := r.casualties; b != nil {
		for _, l := range b.later {
			r.casualtyCheck(l)
		}
	}
	r.casualties = outer
}

// openChecks opens the checks of one Fire Combat result or Shock Step
// (steps 1-3); the function it returns makes the checks put off to the
// end (step 3) and closes them.
func (r *resolver) openChecks() (closeChecks func()) {
	outer := r.casualties
	r.casualties = r.newBatch()
	return func() { r.checkLater(outer) }
}

// secondDisorderLoss is the 1 SP a 2nd Disorder costs u (12.35 a, b):
// stacked infantry and cavalry lose a total of 1 SP to the 2nd Disorders
// of one Fire or Shock result or Shock Step, the first of them to suffer
// it (ruling GBACW-R74). A stack is the units that stood together when
// the result began, so a retreating unit stopping among others for a
// moment makes none with them. Blown cavalry loses its own (11.58), and
// under Shot/Shell the stack's loss falls at random. See GBACW 12.35e.
func (r *resolver) secondDisorderLoss(u *UnitSt) {
	b := r.casualties
	h, ok := "", false
	if b != nil && b.start != nil {
		h, ok = b.start[u.Name]
	}
	if !ok || u.Blown || u.Kind == "artillery" {
		r.loseSteps(u, 1, "a 2nd Disorder", checkAfterUDDs)
		return
	}
	if b.shotShell {
		if b.pending == nil {
			b.pending = map[string][]*UnitSt{}
		}
		b.pending[h] = append(b.pending[h], u)
		return
	}
	if b.stackLost[h] {
		r.event("no-loss", "GBACW 12.35", "%s loses no SP: its stack has lost its 1 SP to this result's 2nd Disorders", u.Name)
		return
	}
	b.stackLost[h] = true
	r.loseSteps(u, 1, "a 2nd Disorder", checkAfterUDDs)
}

// randomStackLosses takes the 2nd Disorders' SP of each stack under
// Shot/Shell: from the one unit that suffered it, or from one of several
// picked at random (12.35e Exception).
func (r *resolver) randomStackLosses() {
	b := r.casualties
	for _, h := range sortedKeys(b.pending) {
		us := slices.DeleteFunc(b.pending[h], func(u *UnitSt) bool { return !u.onMap() })
		if len(us) == 0 {
			continue
		}
		u := us[0]
		if len(us) > 1 {
			roll := dice.D10Zero(r, "GBACW 12.35", "the unit of the stack losing the 2nd Disorders' SP")
			u = us[roll*len(us)/10]
			r.event("stack-loss", "GBACW 12.35", "the 2nd Disorders' 1 SP of the stack from %s falls on %s (rolled %d)", h, u.Name, roll)
		}
		r.loseSteps(u, 1, "a 2nd Disorder", checkAfterUDDs)
	}
	b.pending = nil
}

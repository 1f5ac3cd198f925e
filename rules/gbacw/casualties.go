package gbacw

import "galloper/rules"

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
	r.casualties = &casualtyBatch{rolled: map[string]bool{}}
	return func() { r.checkLater(outer) }
}

package wintersvictory

import (
	"fmt"
	"math"
	"strings"
)

// Screened Targets. The procedure, with its rules:
//
//  1. When artillery fires at a target hex of Target Class 2 or 3 at
//     Medium or Maximum Range, the hex immediately behind it, adjacent to
//     the target hex along the firer's line of sight, may be fired on as a
//     Screened Target, Target Class 3. See WV 11.45.
//  2. Only if the target and the screened unit are on the same elevation,
//     the firer no more than 1 level from the target, and the screened
//     unit a Target Class 1 or 2 unit. See WV 11.45.
//  3. The battery makes two separate fire attacks, the second at the
//     screened unit, which spend one ammunition point between them. See WV
//     11.45, 11.93.
//
// Galloper always takes the second attack, on the main target's firing
// line, and picks the hex behind as ruling R76 says.

// behind is the hex adjacent to hex t directly behind it as seen from
// hex from: the neighbour one hex farther whose bearing from t is nearest
// the line from from through t; "" when none is on the map (ruling R76).
func (s *State) behind(from, t string) string {
	want := s.bearingTo(from, t)
	best, bestOff := "", math.Inf(1)
	for _, id := range s.neighbours(t) {
		if s.dist(from, id) != s.dist(from, t)+1 {
			continue
		}
		if off := angleOff(s.bearingTo(t, id), want); off < bestOff-1e-9 {
			best, bestOff = id, off
		}
	}
	return best
}

// elevation is a hex's elevation level (10.41).
func (s *State) elevation(id string) int {
	if h, ok := s.board().Hex(id); ok {
		return h.Elevation
	}
	return 0
}

// screened is the unit fire by artillery u at t (of Target Class class at
// band b) may also strike as a Screened Target, or nil (11.45).
func (r *run) screened(u, t *Unit, b Band, class int) *Unit {
	if u.Type != "artillery" || (b != Medium && b != Maximum) || (class != 2 && class != 3) {
		return nil
	}
	h := r.s.behind(u.Hex, t.Hex)
	if h == "" || r.s.elevation(h) != r.s.elevation(t.Hex) || abs(r.s.elevation(u.Hex)-r.s.elevation(t.Hex)) > 1 || !r.s.sees(u.Side, h) {
		return nil
	}
	us := r.s.unitsAt(h)
	if len(us) == 0 || us[0].Side == u.Side {
		return nil
	}
	if c := TargetClass(r.targetOf(us[0], u.Hex), true, r.opt); c != 1 && c != 2 {
		return nil
	}
	return us[0]
}

// screenedFire is the second attack of 11.45 at the Screened Target s,
// Target Class 3, on the first attack's line; it spends no more
// ammunition (11.45).
func (r *run) screenedFire(u, s *Unit, f Fire, b Band) {
	if u.Eliminated || s.Eliminated {
		return
	}
	f.TargetClass = 3
	die := r.d10("WV 11.45", "screened fire: "+u.Name+" at "+s.Name, nil)
	f.Die = die
	mods := ""
	tg := r.targetOf(s, u.Hex)
	if tg.Massed {
		f.Die += massedModifier
		mods = fmt.Sprintf("%+d massed", massedModifier)
	}
	if r.s.Step == stepFrenchMove || r.s.Step == stepAlliedMove {
		f.Die-- // 11.71.2
		mods += "-1 in the enemy's Movement Phase"
	}
	res, ok, err := r.pack.FireResult(f)
	if err != nil || !ok {
		return
	}
	if u.Ammo == 0 && res != "0" && res != "M" && res != "1" {
		res = "1" // 11.93
	}
	r.tell("fire", "WV 11.45", nil, "%s fires through at %s behind, a Screened Target (Target Class 3, %s range): rolled %d%s on the artillery table, %s line: %s",
		u.Name, s.Name, b, die, mods, strings.TrimPrefix(f.Line, "fire-"), fireText(res))
	r.fireEffects(u, s, res, b, tg.Enfiladed)
}

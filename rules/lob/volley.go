package lob

import (
	"fmt"
	"slices"
	"strconv"

	"galloper/rules"
)

// volleyOption is one inactive stack able to give an Opening Volley.
type volleyOption struct {
	hex   string
	units []*Piece
	col   int
}

// openingVolley lets the inactive side fire one Opening Volley at a stack
// that announced fire after expending MPs or turning artillery (LoB 5.4,
// 5.4a-i). Its loss comes first from the top unit (5.4e) and calls Leader
// Loss Checks; there is no Morale Check (5.4b). The shot then goes on with
// the SPs the firers still have (5.1a).
func (r *resolver) openingVolley(a *actingStack, s *shot) {
	r.startCombat()
	opts := r.volleyOptions(a.hex)
	if len(opts) == 0 {
		r.log.Addf("no-opening-volley", "LoB 5.4a", "no inactive unit within %d hexes can fire at %s: no Opening Volley", volleyReach, a.hex)
		return
	}
	o := r.chooseVolley(opts)
	die := r.log.Roll(6, "LoB 5.4c", fmt.Sprintf("Opening Volley from %s at %s", o.hex, a.hex))
	loss, err := r.s.charts.field.VolleyLoss(o.col, die)
	if r.fail(err) {
		return
	}
	r.tellTraced(r.s.enemyOf(r.side), fmt.Sprintf("%s give an Opening Volley at %s, die %d: %d SP lost",
		r.s.namesFor(r.side, o.units), a.hex, die, loss), // R-FOG-4
		"opening-volley", "LoB 5.4", fmt.Sprintf("%s give an Opening Volley at %s on the %s column, die %d: %d SP lost",
			unitNames(o.units), a.hex, VolleyLabel(o.col), die, loss),
		rules.Trace{Kind: rules.TraceFire, Side: r.s.enemyOf(r.side), Label: unitNames(o.units), Hexes: []string{o.hex, a.hex}},
		r.s.sees(r.side, o.hex))
	if loss == 0 {
		return
	}
	r.takeLosses(a.hex, loss, "LoB 5.4b", "the Opening Volley")
	r.leaderLossChecks(a.hex, LeaderRegular, nil)
	r.refillShot(s)
}

// refillShot shares the SPs a shot had before an Opening Volley out again
// among the firers still there, in order, then the units the SP limit had
// left out: the losses "do not reduce the 8 SPs available to fire (unless
// it is now physically unable to fire 8 SPs)". See LoB 5.1a.
func (r *resolver) refillShot(s *shot) {
	left := s.total()
	var still []*Piece
	for _, p := range slices.Concat(s.firers, s.spare) {
		if p.Unit.Eliminated || left <= 0 {
			continue
		}
		n := min(p.Unit.SP, left)
		if !slices.Contains(s.firers, p) {
			r.add("fire-joins", "LoB 5.1a", "%s fires %d SPs: the Opening Volley's losses do not reduce the SPs %s may fire", p.Name, n, s.from)
		}
		s.sps[p.Name] = n
		left -= n
		still = append(still, p)
	}
	s.firers = still
	s.spare = nil
}

// volleyOptions lists the inactive stacks within reach that could fire at
// a hex, each with its Opening Volley column (LoB 5.4a, 5.4c, 5.4d, 5.4i).
func (r *resolver) volleyOptions(h string) []volleyOption {
	m := &r.s.scn.Map
	enemy := r.s.enemyOf(r.side)
	byHex := map[string][]*Piece{}
	var hexes []string
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.Side != enemy || p.Unit == nil || p.Unit.Eliminated || p.OffMap {
			continue
		}
		d := m.distance(p.Hex, h)
		if d < 1 || d > volleyReach || !r.couldVolley(p, h, d) {
			continue
		}
		if byHex[p.Hex] == nil {
			hexes = append(hexes, p.Hex)
		}
		byHex[p.Hex] = append(byHex[p.Hex], p)
	}
	slices.Sort(hexes)
	var out []volleyOption
	for _, x := range hexes {
		if col, ok := r.volleyColumn(byHex[x], m.distance(x, h)); ok {
			out = append(out, volleyOption{hex: x, units: byHex[x], col: col})
		}
	}
	return out
}

// couldVolley reports whether a unit could fire at a hex d hexes away:
// formation, Morale, ammunition, range, Facing and line of sight (LoB
// 5.4a, 5.4d).
func (r *resolver) couldVolley(p *Piece, h string, d int) bool {
	if !r.s.canFire(p) || !inFan(&r.s.scn.Map, p.Hex, p.Unit.Facing, h) {
		return false
	}
	rng, _, why := r.weaponRange(p)
	return why == "" && d <= rng && r.sightFor(p, &shot{target: h}).Clear
}

// volleyColumn is the Opening Volley column of a stack at a range: one
// right for artillery with Canister in Canister range (5.4c, 5.4d), one
// left when only Wrecked units can volley (5.4i).
func (r *resolver) volleyColumn(us []*Piece, d int) (int, bool) {
	f := r.s.charts.field
	shift, wreckedOnly := 0, true
	for _, p := range us {
		u := r.s.scn.unit(p.Name)
		wreckedOnly = wreckedOnly && u.Wrecked(p.Unit.SP)
		if p.Kind != ArmArtillery || p.Unit.DepletedCanister {
			continue
		}
		if _, w, why := r.weaponRange(p); why == "" && w.Canister != CanisterNone && d <= f.canister.rng {
			shift = 1
		}
	}
	if wreckedOnly {
		shift--
	}
	return f.VolleyColumn(strconv.Itoa(d), shift)
}

// chooseVolley picks the stack that gives the Opening Volley: the
// inactive side's standing VOLLEY reaction, PREFER naming units in order,
// or the best column (the default; ties to the first hex; R-F-7).
func (r *resolver) chooseVolley(opts []volleyOption) volleyOption {
	choice, prefer := r.reaction(r.s.enemyOf(r.side), "VOLLEY")
	if choice == "PREFER" {
		for _, n := range prefer {
			for _, o := range opts {
				if slices.ContainsFunc(o.units, func(p *Piece) bool { return p.Name == n }) {
					return o
				}
			}
		}
	}
	best := opts[0]
	for _, o := range opts[1:] {
		if o.col > best.col {
			best = o
		}
	}
	return best
}

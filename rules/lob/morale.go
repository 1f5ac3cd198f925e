package lob

import (
	"fmt"
	"slices"
)

// longRange is the range from which many Morale modifiers do not apply
// (LoB 6.1a, 3.6f).
const longRange = 10

// moraleCheck makes the Morale Check a Combat Table result calls for
// (LoB 6.1) and applies its result (6.2).
func (r *resolver) moraleCheck(s *shot) {
	f := r.s.charts.field
	top := r.s.combatUnitsIn(s.target)[0]
	rating := r.s.scn.unit(top.Name).Morale
	mods, notes := 0, []string{}
	names := r.moraleMods(s, top)
	if r.cowardlyLegsApplies(s.target) {
		names = append(names, "cowardly-legs") // LoB 6.5b, at any range (R-F-10)
	}
	for _, name := range names {
		n, err := f.MoraleModifier(name)
		if r.fail(err) {
			return
		}
		mods += n
		notes = append(notes, fmt.Sprintf("%s %+d", name, n))
	}
	leader := 0
	if l := r.s.bestLeader(r.s.ownerOf(s.target), s.target); l != nil {
		leader = l.Morale
		notes = append(notes, fmt.Sprintf("leader %s -%d", l.Name, l.Morale))
	}
	blAllowed := s.rng == 1 && r.s.mayBloodLust(top) // LoB 6.2, 9.4a
	roll := r.log.Roll2d6("LoB 6.1", fmt.Sprintf("Morale Check for %s (Morale %s)", s.target, rating))
	res, err := f.MoraleCheck(rating, roll, mods, leader, blAllowed)
	if r.fail(err) {
		return
	}
	r.log.Addf("morale-check", "LoB 6.1", "%s checks on Morale %s, modifiers %s, roll %d: %s", s.target, rating, modList(notes), roll, res)
	r.moraleResult(s, res)
}

// moraleMods names the Morale Table modifiers of a check against the top
// unit (LoB 6.1, 1.7b, 3.3, 5.7, 6.0, 6.1b, 9.4d). At long range only the
// top unit's own condition counts (6.1a; docs/rulings-lob.md R-F-4).
func (r *resolver) moraleMods(s *shot, top *Piece) []string {
	var out []string
	u := r.s.scn.unit(top.Name)
	if top.Kind == ArmArtillery {
		out = append(out, "artillery")
	}
	if u.Wrecked(top.Unit.SP) {
		out = append(out, "wrecked")
	}
	if r.s.marker(s.target).Morale == MoraleSh {
		out = append(out, "shaken")
	}
	if r.s.isOpenOrderCapable(top) {
		// Not on the formation: an Open Order unit that is not Capable is in
		// Line. See LoB 9.4b, 9.4d.
		out = append(out, "open-order")
	}
	if s.rng >= longRange {
		return out
	}
	if r.s.fromRear(top, s.from) {
		out = append(out, "rear-or-vertex")
	}
	if r.small(s.target) && !s.artillery && s.rng == 1 && !r.s.isOpenOrderCapable(top) {
		out = append(out, "small")
	}
	if r.firersLower(s) {
		out = append(out, "slope-firers-lower")
	}
	if r.s.breastworkCovers(top.Side, s.target, s.from) {
		out = append(out, "breastworks") // LoB 9.5e
	}
	return out
}

// small reports whether a hex's stack is Small: 3 SPs or less (LoB 1.8).
func (r *resolver) small(h string) bool {
	sp := 0
	for _, p := range r.s.combatUnitsIn(h) {
		sp += p.Unit.SP
	}
	return sp <= smallStack
}

// firersLower reports whether the target is in a Slope hex and the firers
// stand lower (LoB 1.7b).
func (r *resolver) firersLower(s *shot) bool {
	t, _ := r.s.scn.Map.Hex(s.target)
	f, _ := r.s.scn.Map.Hex(s.from)
	return t.Slope && f.Elevation < t.Elevation
}

// moraleResult applies a Morale Table result (LoB 6.2, 6.2a): the new
// Morale State through the Additive chart, then the retreat, then the
// losses. A Blood Lusted stack ignores retreats and losses.
func (r *resolver) moraleResult(s *shot, res MoraleResult) {
	cur := r.s.marker(s.target).Morale
	next := r.s.charts.field.AddMorale(cur, res.State)
	if next != cur {
		r.s.setMorale(s.target, next)
		r.log.Addf("morale-state", "LoB 6.2a", "%s goes from %s to %s", s.target, cur, next)
	}
	if cur == MoraleBL && (res.Retreat > 0 || res.Loss > 0) {
		r.log.Addf("blood-lust", "LoB 6.2", "%s is Blood Lusted and ignores the retreat and losses", s.target)
		return
	}
	at := s.target
	if res.Retreat > 0 {
		cause := "fire"
		if s.cause != "" {
			cause = s.cause
		}
		// Only fire brings Small Arms into the result: a Charge's
		// attackers do not fire (LoB 7.0a), so its Morale Check is no
		// result involving Small Arms fires for an HQ (10.9; ruling R-CH-3).
		smallArms := cause == "fire" && slices.ContainsFunc(s.firers, func(p *Piece) bool { return p.Kind != ArmArtillery })
		to, err := r.retreat(retreatOrder{Hex: s.target, Hexes: res.Retreat, From: s.from, Cause: cause, Rule: "LoB 6.2", SmallArms: smallArms})
		if r.fail(err) {
			return
		}
		at = to
	}
	if res.Loss > 0 {
		units := r.s.combatUnitsIn(at)
		r.takeLosses(at, res.Loss, "LoB 6.2", "the Morale Table")
		if res.Retreat == 0 {
			// A retreat placed its own marker where it began (R-F-10).
			r.destroyedInHex(at, units, "the stack was destroyed there by Morale Table losses")
		}
	}
}

// combatLosses counts the SPs each unit has lost in the combat being
// resolved, for Loss Distribution (LoB 5.1b).
type combatLosses map[string]int

// startCombat begins a new combat for Loss Distribution (LoB 5.1b).
func (r *resolver) startCombat() { r.losses = combatLosses{} }

// takeLosses removes SPs from a hex's combat units (LoB 5.1b): the first
// loss of the combat from the top unit, then no unit a second loss before
// every unit has one; the owner's standing LOSSES reaction picks among
// the rest (STRONGEST by default; SPREAD and TOP in stacking order;
// R-F-5). More
// losses than SPs are ignored (6.2).
func (r *resolver) takeLosses(h string, n int, rule, what string) {
	if r.losses == nil {
		r.startCombat()
	}
	for i := 0; i < n; i++ {
		us := r.s.combatUnitsIn(h)
		if len(us) == 0 {
			return
		}
		p := r.nextLoss(us)
		shown := r.s.shownTo(r.s.enemyOf(p.Side), p)
		p.Unit.SP--
		p.Unit.Losses++
		r.losses[p.Name]++
		if p.Unit.SP <= 0 {
			p.Unit.SP, p.Unit.Eliminated = 0, true
		}
		full, cut := lossLines(p, what, shown) // R-FOG-4
		r.tell(p.Side, cut, "loss", rule, full)
		if p.Unit.Eliminated {
			r.removeLeadersWithoutUnits()
		}
	}
}

// nextLoss picks the unit to take the next loss (LoB 5.1b).
func (r *resolver) nextLoss(us []*Piece) *Piece {
	if !slices.ContainsFunc(us, func(p *Piece) bool { return r.losses[p.Name] > 0 }) {
		return us[0]
	}
	least := r.losses[us[0].Name]
	for _, p := range us {
		least = min(least, r.losses[p.Name])
	}
	choice, _ := r.reaction(us[0].Side, "LOSSES")
	var pick *Piece
	for _, p := range us {
		if r.losses[p.Name] != least {
			continue
		}
		if pick == nil || (choice == "STRONGEST" && p.Unit.SP > pick.Unit.SP) {
			pick = p
		}
	}
	return pick
}

// leaderLossChecks rolls for each leader in a hex that suffered a loss
// (LoB 9.1a): one check however many SPs were lost. A lost leader leaves
// play; command and control answers the loss in his side's next Command
// Phase (10.8b).
func (r *resolver) leaderLossChecks(h, column string, s *shot) {
	f := r.s.charts.field
	mod := 0
	if s != nil && slices.ContainsFunc(s.firers, func(p *Piece) bool { return r.s.scn.unit(p.Name).Sharpshooter }) {
		n, err := f.LeaderLossModifier("sharpshooter")
		if r.fail(err) {
			return
		}
		mod = n
	}
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.Kind != "leader" || p.Hex != h || p.Status != "" {
			continue
		}
		roll := r.log.Roll2d6("LoB 9.1a", "Leader Loss Check for "+p.Name)
		res, err := f.LeaderLoss(column, roll, mod)
		if r.fail(err) {
			return
		}
		if res == "" || res == "-" {
			r.log.Addf("leader-safe", "LoB 9.1a", "%s rolls %d on the Leader Loss Table (%s): unhurt", p.Name, roll, column)
			continue
		}
		r.log.Addf("leader-loss", "LoB 9.1a", "%s rolls %d on the Leader Loss Table (%s): %s", p.Name, roll, column, res)
		r.loseLeader(p.Name, res)
	}
}

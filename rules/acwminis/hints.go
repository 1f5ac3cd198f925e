package acwminis

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
	"galloper/rules/table"
)

var _ rules.OrderHinter = System{}

// OrderHints implements rules.OrderHinter: for the side whose half of the
// turn it is, each of its units that may take an order (a unit still
// Disordered after the Command Phase removes a marker takes none, ruling
// A5) with the orders open to it, each checked alone as Validate checks a
// file (ORDERS, seed L67-77); the parts a move may hold (seed L85-99);
// the formations it may reform to in place (MOVEMENT, seed L45-51); the
// bounds of its ADVANCE and RUN (seed L45-51, road x1.5 seed L107-116);
// its weapons' reach and the enemy units it may shoot at now (SHOOTING
// RANGE AND DICE, seed L206-211; LINE OF SIGHT, seed L174-176; the front
// arc, seed L24-37); the enemy units a charge may be declared at (DECLARE
// CHARGES, seed L309-317); and the commander whose RALLY it would use
// (seed L76, ruling A22); and each of its commanders, with the order
// COMMANDER, the parts TO and TOWARD and his 24" bound (MOVEMENT, seed
// L51; ruling A22). They are worked out on the table as the side
// knows it (fog of war, ruling A42), so nothing here is more than the
// side's view shows.
func (sys System) OrderHints(st rules.State, side rules.Side) *rules.OrderHints {
	s, ok := st.(*State)
	if !ok || s.Over() || side != sideOf(s) {
		return nil
	}
	s = s.knownTo(side)
	h := &rules.OrderHints{Orders: append(acwtext.Dialect.Starts(), "STANDING")}
	sc := s.screen()
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.inPlay() || u.Markers > 1 && s.on(optMarkersForce) {
			continue // a unit with a marker left after the Command Phase removes one is Disordered (ruling A5)
		}
		h.Units = append(h.Units, sys.unitHint(s, sc, u))
	}
	for i := range s.Commanders {
		if c := &s.Commanders[i]; c.Side == side {
			h.Units = append(h.Units, sys.commanderHint(c))
		}
	}
	for i := range s.Terrain {
		f := &s.Terrain[i]
		c := centroid(f.Polygon())
		h.Objectives = append(h.Objectives, rules.PlaceHint{Name: f.Name, At: fmt.Sprintf("%s,%s", inches(c.X), inches(c.Y))})
	}
	return h
}

// unitHint is one unit's hint.
func (sys System) unitHint(s *State, sc *table.Screen, u *Unit) rules.UnitHint {
	p := u.Pose()
	uh := rules.UnitHint{Unit: u.Name, At: rules.Point{X: in(int64(p.Front.X)), Y: in(int64(p.Front.Y))},
		Facing: float64(u.Heading) / 10, Formation: strings.ToUpper(u.Formation), State: u.State()}
	uh.Charges = sys.chargeHints(s, u)
	for _, o := range acwtext.Dialect.Starts() {
		if o != acwtext.Command && sys.open(s, u, o, uh.Charges) {
			uh.Orders = append(uh.Orders, o)
		}
	}
	if slices.Contains(uh.Orders, acwtext.Rally) {
		if c, _, ok := s.rallyCommander(u); ok {
			uh.Rally = c.Name
		}
	}
	uh.Steps = stepsOf(u)
	for _, f := range acwtext.Formations {
		if name := formationName(f); name != u.Formation && formationOf(sys.sheet, u.Type, name) &&
			sys.acceptsAlone(s, fmt.Sprintf("HOLD %s: REFORM %s", u.Name, f)) {
			uh.Formations = append(uh.Formations, f)
		}
	}
	adv, run := rates(sys.sheet, u.Type, u.Formation)
	road := roadBonus(sys.sheet, u) && s.onRoad(u)
	for _, m := range []struct {
		verb string
		l    table.Length
	}{{acwtext.Advance, adv}, {acwtext.Run, run}} {
		if m.l == 0 || !slices.Contains(uh.Orders, m.verb) {
			continue
		}
		b := rules.MoveBound{Order: m.verb, Inches: in(int64(m.l))}
		if road {
			b.Road = in(int64((m.l*3 + 1) / 2))
		}
		uh.Moves = append(uh.Moves, b)
	}
	if row := fireRow(sys.sheet, u); row != nil {
		uh.Range = reach(row, s.Table)
		if uh.Range > 0 {
			uh.Targets = fireHints(s, sc, row, u)
		}
	}
	return uh
}

// commanderHint is a commander's hint: his point (the centre of his
// base), his rank as his state, and his one order, a move of up to his
// 24" TO a point or TOWARD a name (ruling A22).
func (sys System) commanderHint(c *Commander) rules.UnitHint {
	adv, _ := rates(sys.sheet, "Commander", "N/A")
	return rules.UnitHint{Unit: c.Name, At: rules.Point{X: in(c.At[0]), Y: in(c.At[1])}, State: c.Rank,
		Orders: []string{acwtext.Command}, Steps: []string{acwtext.To, acwtext.Toward},
		Moves: []rules.MoveBound{{Order: acwtext.Command, Inches: in(int64(adv))}}}
}

// open reports whether the order verb is accepted for u alone: each order
// in its plainest form (HOLD standing its ground, ADVANCE and RUN going
// as far as they may, a CHARGE at the nearest target a charge may be
// declared at, RALLY).
func (sys System) open(s *State, u *Unit, verb string, charges []rules.ReachHint) bool {
	line := verb + " " + u.Name
	switch verb {
	case acwtext.Advance, acwtext.Run:
		// Forward, or back for a unit that may not close on the enemy
		// (a Shaken one, ruling A23).
		return sys.acceptsAlone(s, line+": FORWARD MAX") || sys.acceptsAlone(s, line+": RETIRE MAX")
	case acwtext.Charge:
		if len(charges) == 0 {
			return false
		}
		line += ": " + charges[0].Unit
	}
	return sys.acceptsAlone(s, line)
}

// acceptsAlone reports whether a file of the one order line is accepted.
func (sys System) acceptsAlone(s *State, line string) bool {
	side := sideOf(s)
	f, ps := orders.Parse(fmt.Sprintf("GAME hint\nSIDE %s\nTURN %d\n%s\n", side, s.Turn, line), acwtext.Dialect)
	if len(ps) > 0 {
		return false
	}
	_, _, ps = sys.plan(s, side, f)
	return len(ps) == 0
}

// chargeHints are the enemy units a charge of u's may be declared at, as
// Validate checks a CHARGE alone, nearest first.
func (sys System) chargeHints(s *State, u *Unit) []rules.ReachHint {
	if u.State() == "Shaken" || u.Type == "Artillery" || u.Formation == "March Column" {
		return nil // seed L311-313
	}
	_, run := rates(sys.sheet, u.Type, u.Formation)
	var out []rules.ReachHint
	for i := range s.Units {
		t := &s.Units[i]
		if t.Side == u.Side || !t.inPlay() {
			continue
		}
		gap := table.Between(u.body().Footprint(), t.body().Footprint()).Gap
		if gap > run || !sys.acceptsAlone(s, fmt.Sprintf("CHARGE %s: %s", u.Name, t.Name)) {
			continue // a path is never shorter than the gap
		}
		out = append(out, rules.ReachHint{Unit: t.Name, Inches: in(int64(gap))})
	}
	slices.SortStableFunc(out, func(a, b rules.ReachHint) int { return cmp.Compare(a.Inches, b.Inches) })
	return out
}

// fireHints are the enemy units u may shoot at now: in its front arc,
// with a good line of sight, at a range its row gives dice for (as the
// Shooting Phase measures them), nearest first.
func fireHints(s *State, sc *table.Screen, row *FireRow, u *Unit) []rules.ReachHint {
	var out []rules.ReachHint
	for i := range s.Units {
		t := &s.Units[i]
		if t.Side == u.Side || !t.inPlay() {
			continue
		}
		f, err := sc.Fire(u.Name, t.Name)
		if err != nil || !f.Sight.Good || !f.Arc.In || f.Range.Gap < 0 {
			continue
		}
		if b, ok := band(row, f.Range.Gap, s.opt(optBandEdge) == "upper"); !ok || b.Dice == 0 {
			continue
		}
		out = append(out, rules.ReachHint{Unit: t.Name, Inches: in(int64(f.Range.Gap))})
	}
	slices.SortStableFunc(out, func(a, b rules.ReachHint) int { return cmp.Compare(a.Inches, b.Inches) })
	return out
}

// reach is the longest range a row gives dice at, in inches: the table's
// diagonal for an open-ended band.
func reach(row *FireRow, t Tabletop) float64 {
	r := 0.0
	for _, b := range row.Bands {
		switch {
		case b.Dice == 0:
		case b.To == nil:
			return math.Ceil(math.Hypot(in(t.Width), in(t.Depth)))
		default:
			r = max(r, float64(*b.To))
		}
	}
	return r
}

// stepsOf are the parts a move of u's may hold: no obliques or turns for
// march columns and artillery (seed L85-87), and the formation changes
// open to its type and formation (seed L93-99).
func stepsOf(u *Unit) []string {
	steps := []string{acwtext.Forward, acwtext.Wheel, acwtext.To, acwtext.Toward, acwtext.Back}
	if !noTurns(u) {
		steps = append(steps, acwtext.Oblique, acwtext.Turn)
	}
	for _, v := range acwtext.Changes {
		c := changes[v]
		if u.Type == c[0] && (u.Formation == c[1] || v == acwtext.Dismount && u.Formation == "Mounted Column") {
			steps = append(steps, v)
		}
	}
	return steps
}

// centroid is the mean of a polygon's corners (a line's points).
func centroid(pg table.Polygon) table.Point {
	var x, y int64
	for _, p := range pg {
		x, y = x+int64(p.X), y+int64(p.Y)
	}
	n := int64(max(len(pg), 1))
	return table.Point{X: table.Length(x / n), Y: table.Length(y / n)}
}

package acwminis

import (
	"fmt"
	"strings"

	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
	"galloper/rules/table"
)

const (
	ruleChargeTest = "ACW ORDERS TEST FOR CHARGING (seed L319-321)"
	ruleMoving     = "ACW MOVING CHARGERS (seed L323-325)"
	ruleShakenTgt  = "ACW CHARGING SHAKEN UNITS (seed L327-329)"
	ruleDefensive  = "ACW DEFENSIVE FIRE (seed L331-333)"
	ruleEvade      = "ACW Skirmisher evasion (seed L347)"
	ruleCounter    = "ACW CAVALRY COUNTER CHARGE (seed L343-345)"
	ruleFlankRear  = "ACW FLANK AND REAR CHARGES (seed L349-351)"
	ruleRebelYell  = "ACW REBEL YELL (seed L283-285)"
	ruleElephant   = "ACW SEEN THE ELEPHANT (seed L287-289)"
	// defensiveRange: a charger further than 8" may be shot at (L331).
	defensiveRange = 8 * table.Inch
	falterGap      = 6 * table.Inch
)

// chargePlan is a charge measured from where the charger stands.
type chargePlan struct {
	face table.Frontage
	path table.ChargePath
	run  table.Length
	gap  table.Length // edge to edge at the start
}

// chargeObstacles are what a charge may not pass through: every other
// unit ("no intervening units, even if units are also charging", seed
// L315) and terrain the charger may not enter.
func (s *State) chargeObstacles(sheet *Sheet, u, t *Unit) []table.Obstacle {
	m := &mover{s: s, sheet: sheet, u: u, running: true}
	var obs []table.Obstacle
	for _, ob := range m.obstacles() {
		if ob.ID == t.Name {
			continue
		}
		if m.soft[ob.ID] {
			continue // difficult ground disorders a charger; it does not stop it (seed L325)
		}
		ob.Clearance = 0
		obs = append(obs, ob)
	}
	for i := range s.Units {
		if o := &s.Units[i]; o != u && o != t && o.inPlay() && o.Side == u.Side && passable(o) {
			obs = append(obs, table.Obstacle{ID: o.Name, Shape: o.body().Footprint()})
		}
	}
	return obs
}

// planCharge measures u's charge at t.
func (s *State) planCharge(sheet *Sheet, u, t *Unit) (chargePlan, error) {
	ub, tb := u.body(), t.body()
	_, run := rates(sheet, u.Type, u.Formation)
	p := chargePlan{face: table.FrontageIn(ub, tb, table.DefaultSamples), run: run,
		gap: table.Between(ub.Footprint(), tb.Footprint()).Gap}
	var err error
	p.path, err = table.PathTo(ub, tb, p.face.Face, s.chargeObstacles(sheet, u, t))
	return p, err
}

// declareCharge checks DECLARE CHARGES (seed L309-317) and MULTIPLE
// CHARGERS (seed L335-337) for one order.
func (sys System) declareCharge(s *State, u *Unit, o *acwtext.Order, chargers map[string][]*Unit) *refusal {
	refuse := func(code, rule, msg, instead string) *refusal {
		return &refusal{at: o.At, code: code, rule: rule, msg: msg, instead: instead}
	}
	t := s.unit(o.Target.Text)
	if t == nil || !t.inPlay() || t.Side == u.Side {
		return refuse("acw-unknown-target", ruleDeclare, fmt.Sprintf("there is no enemy unit called %s in play", o.Target.Text), "")
	}
	if u.Type == "Skirmishers" && !(t.Type == "Skirmishers" || t.Formation == "Dismounted" || t.Type == "Artillery" && t.Formation == "Unlimbered") {
		return refuse("acw-charge-type", "ACW SKIRMISHERS (seed L291-293)", u.Name+": skirmishers may only charge skirmishers, dismounted cavalry or unlimbered artillery", "")
	}
	for _, c := range chargers[t.Name] {
		if c.Type != u.Type {
			return refuse("acw-charge-multiple", "ACW MULTIPLE CHARGERS (seed L335-337)", fmt.Sprintf("%s and %s are not of the same type: only units of the same type charge one target together", c.Name, u.Name), "")
		}
	}
	if len(chargers[t.Name]) >= 2 {
		return refuse("acw-charge-multiple", "ACW MULTIPLE CHARGERS (seed L335-337)", fmt.Sprintf("%s is already charged by 2 units: up to 2 may charge one target", t.Name), "")
	}
	p, err := s.planCharge(sys.sheet, u, t)
	switch {
	case err != nil:
		return refuse("acw-charge-path", ruleDeclare, fmt.Sprintf("%s cannot reach %s's %s: %v", u.Name, t.Name, p.face.Face, err), "")
	case !p.path.Clear:
		return refuse("acw-charge-path", ruleDeclare, fmt.Sprintf("%s has no clear path to %s's %s: %s is in the way", u.Name, t.Name, p.face.Face, p.path.Blocked), "")
	case p.path.Contact.Straight > p.run:
		return refuse("acw-charge-range", ruleDeclare, fmt.Sprintf("%s is out of reach: the path to %s's %s is %s\", more than the Run rate %s\"", t.Name, t.Name, p.face.Face, inches(p.path.Contact.Straight), inches(p.run)),
			"ADVANCE "+u.Name+": TOWARD "+t.Name)
	}
	chargers[t.Name] = append(chargers[t.Name], u)
	return nil
}

// chargeTest rolls a charge order test (seed L319-321, L75) and returns
// the result: "Failed", "Falters" or "Charge!". Rerolls go on dice that
// scored nothing while the test is short of 3 successes. Rebel Yell
// rerolls a Failed or Falters result, Seen the Elephant must reroll a
// Charge!; the new result stands (never a reroll of a reroll, A32).
func (r *resolver) chargeTest(u *Unit) string { return r.chargeTestAs(u, "charge test") }

// chargeTestAs is chargeTest with the test named in the report.
func (r *resolver) chargeTestAs(u *Unit, name string) string {
	n := testDice(r.sys.sheet, acwtext.Charge, u.State())
	rerolls, from := r.testRerolls(u, r.s.commandBonus(r.sys.sheet, u, true), true)
	roll := func(rule, why string) string {
		got, text := r.pool(n, 3, rerolls, rule, u.Name+" "+why)
		res := bandOf(got)
		rr := ""
		if len(from) > 0 {
			rr = " (" + strings.Join(from, "; ") + ")"
		}
		r.event("charge-test", rule, "%s (%s) %s: %s = %d successes%s: %s", u.Name, u.State(), why, text, got, rr, res)
		rerolls, from = 0, nil // a retaken test's dice are rerolls themselves (seed L7, ruling A32)
		return res
	}
	res := roll(ruleChargeTest, name)
	switch {
	case res != "Charge!" && u.Has("Rebel Yell"):
		res = roll(ruleRebelYell, "Rebel Yell reroll of its charge test")
	case res == "Charge!" && u.Has("Seen the Elephant"):
		res = roll(ruleElephant, "Seen the Elephant reroll of its charge test")
	}
	return res
}

// bandOf is the CHARGE result for a number of successes (seed L75).
func bandOf(n int) string {
	switch {
	case n <= 1:
		return "Failed"
	case n == 2:
		return "Falters"
	}
	return "Charge!"
}

// melee is a charger in contact with its target.
type melee struct {
	charger, target string
	face            table.Quarter
	// destroy is set when the target is to be destroyed at the start of
	// the Melee Phase (an evading skirmisher caught, seed L293).
	destroy bool
	// counter is set when the target counter-charged: it counts as
	// charging too (seed L345).
	counter bool
}

// charge resolves one CHARGE order (1c).
func (r *resolver) charge(u *Unit, o *acwtext.Order) {
	t := r.s.unit(o.Target.Text)
	if t == nil || !t.inPlay() {
		r.event("charge", ruleDeclare, "%s's target %s is no longer in play: it holds", u.Name, o.Target.Text)
		return
	}
	switch r.chargeTest(u) {
	case "Failed":
		r.disorder(u, "its charge Failed")
		return
	case "Falters":
		r.falter(u, t)
		return
	}
	p, err := r.s.planCharge(r.sys.sheet, u, t)
	if err != nil || !p.path.Clear || p.path.Contact.Straight > p.run {
		r.event("charge", ruleMoving, "%s cannot now reach %s: it holds where it is", u.Name, t.Name)
		return
	}
	caught := false
	if t.Type == "Skirmishers" && u.Type != "Skirmishers" {
		// Skirmishers evade: a retire at the Run rate (seed L293, L347).
		r.retire(t, ruleEvade, "evades the charge")
		if p, err = r.s.planCharge(r.sys.sheet, u, t); err != nil || !p.path.Clear || p.path.Contact.Straight > p.run {
			r.event("charge", ruleEvade, "%s evaded out of %s's reach", t.Name, u.Name)
			return
		}
		caught = true
	}
	retired := false
	if t.Type == "Cavalry" && !caught {
		// CHARGING CAVALRY: it may retire before the charger moves (seed
		// L339-341), dismounted cavalry mounting first; by the owner's
		// standing reaction, else it stands.
		if c, by := r.cavalryChoice(u, t); c == "RETIRE" {
			if t.Formation == "Dismounted" {
				t.Formation = "Mounted Line"
			}
			r.retire(t, "ACW CHARGING CAVALRY (seed L339-341)", "retires from the charge ("+by+")")
			retired = true
			if p, err = r.s.planCharge(r.sys.sheet, u, t); err != nil || !p.path.Clear || p.path.Contact.Straight > p.run {
				r.event("charge", "ACW CHARGING CAVALRY (seed L339-341)", "%s retired out of %s's reach", t.Name, u.Name)
				return
			}
		}
	}
	counter := false
	if !retired && t.Type == "Cavalry" && mounted(t.Formation) && u.Type == "Cavalry" && mounted(u.Formation) {
		counter = r.counterCharge(u, t, p)
	}
	broke := false
	if t.State() == "Shaken" {
		// CHARGING SHAKEN UNITS: an immediate morale test (ruling A7: 3,
		// or 2 with shaken-charged-test: shooting).
		need := moraleMelee
		if r.s.opt(optShakenCharged) == "shooting" {
			need = moraleShooting
		}
		broke = !r.moraleTest(t, need, "charged while Shaken", false)
		if broke {
			t.Broken = false // removed once the charger has moved (seed L329)
		}
	}
	if !broke && !counter && p.gap > defensiveRange && p.face.Face == table.Front && !caught {
		if !r.defensiveFire(t, u, p) {
			return
		}
	}
	start := *u
	if from, at := r.s.elevation(u.body().Centre()), r.s.elevation(t.body().Centre()); at > from {
		// UPHILL (seed L402-404): the target is uphill of the charger's
		// starting position (ruling A41).
		if r.uphill == nil {
			r.uphill = map[string]bool{}
		}
		r.uphill[u.Name] = true
		r.event("uphill", "ACW UPHILL (seed L402-404)", "%s stands at level %d, uphill of where %s starts its charge (level %d): %s counts as fighting uphill", t.Name, at, u.Name, from, u.Name)
	}
	if counter {
		// Both meet halfway (seed L345): each makes half of the charger's
		// path, the target moving straight toward the charger, so they
		// touch as the full charge would have.
		end := p.path.Contact.End.Pose
		dx, dy := (end.Front.X-u.Pose().Front.X)/2, (end.Front.Y-u.Pose().Front.Y)/2
		tp := t.Pose()
		tp.Front.X -= end.Front.X - u.Pose().Front.X - dx
		tp.Front.Y -= end.Front.Y - u.Pose().Front.Y - dy
		t.place(tp)
		end.Front.X, end.Front.Y = u.Pose().Front.X+dx, u.Pose().Front.Y+dy
		u.place(end)
		r.event("counter-charge", ruleCounter, "%s counter-charges %s: the two meet halfway, %s ends at %v, %s at %v", t.Name, u.Name, u.Name, u.Pose(), t.Name, t.Pose())
	} else {
		u.place(p.path.Contact.End.Pose)
	}
	r.event("charged", ruleMoving, "%s charges %s: %s; path %s\" of its %s\" Run rate, from %s\" away; ends at %v", u.Name, t.Name, p.face, inches(p.path.Contact.Straight), inches(p.run), inches(p.gap), u.Pose())
	r.trace(rules.TraceCharge, u.Side, u.Name, start.spot(), u.spot())
	if r.crossesDifficult(&start, u) {
		r.disorder(u, "it charged through difficult terrain")
	}
	u.Fire = false
	if broke {
		t.Broken = true
		r.event("broken", ruleShakenTgt, "%s breaks and is removed", t.Name)
		return
	}
	r.melees = append(r.melees, melee{charger: u.Name, target: t.Name, face: p.face.Face, destroy: caught, counter: counter})
}

// cavalryChoice is the charged cavalry t's choice to STAND or RETIRE
// (CHARGING CAVALRY, seed L339-341) and what made it: its side's
// standing CAVALRY reaction, or when the side has none, the side's
// answer to a decision request (rules.Decide); with no answer yet,
// resolution pauses for it.
func (r *resolver) cavalryChoice(u, t *Unit) (choice, by string) {
	standing := ""
	if _, ok := r.s.Standing[t.Side]["CAVALRY"]; ok {
		standing = "STAND"
		if c, names := r.reaction(t.Side, "CAVALRY"); c == "RETIRE" || c == "RETIRE IF" && slicesContainsFold(names, t.Name) {
			standing = "RETIRE"
		}
		return standing, "standing reaction"
	}
	c := rules.Choice{Key: "cavalry " + t.Name, Side: t.Side, Rule: "ACW CHARGING CAVALRY (seed L339-341)",
		Question: fmt.Sprintf("%s is charged by %s: stand, or retire at the Run rate before %s moves?", t.Name, u.Name, u.Name),
		Options:  []string{"STAND", "RETIRE"}, Default: acwtext.Reactions.Default("CAVALRY")}
	return r.decide(c), "decided by " + string(t.Side)
}

// counterCharge decides and tests a counter-charge by the mounted
// cavalry t against the charging cavalry u (CAVALRY COUNTER CHARGE, seed
// L343-345) by its side's COUNTERCHARGE reaction: STEADY (the default)
// counter-charges with a Steady unit, ALWAYS with any, NEVER with none.
// It reports whether the counter-charge goes in; a Failed test
// disorders t, and Failed or Falters leaves it where it stands (rulings
// A18, A38).
func (r *resolver) counterCharge(u, t *Unit, p chargePlan) bool {
	if p.face.Face != table.Front {
		return false // a unit charged in flank or rear cannot meet the charge (ruling A38)
	}
	switch c, _ := r.reaction(t.Side, "COUNTERCHARGE"); {
	case c == "NEVER", c == "STEADY" && t.State() != "Steady":
		return false
	}
	switch r.chargeTestAs(t, "counter-charge test") {
	case "Failed":
		r.disorder(t, "its counter-charge Failed")
		return false
	case "Falters":
		r.event("counter-charge", ruleCounter, "%s's counter-charge falters: it receives the charge where it stands", t.Name)
		return false
	}
	return true
}

// crossesDifficult reports whether a move from a to b swept difficult
// terrain.
func (r *resolver) crossesDifficult(a, b *Unit) bool {
	h, err := table.Hull(append(a.body().Footprint(), b.body().Footprint()...)...)
	if err != nil {
		return false
	}
	for i := range r.s.Terrain {
		if f := &r.s.Terrain[i]; f.Category == "Difficult" && !f.Line && table.Overlaps(h, f.Polygon()) {
			return true
		}
	}
	return false
}

// falter moves a charger to 6" of its target and shoots at once (seed
// L75; ruling A6: no move if already closer).
func (r *resolver) falter(u, t *Unit) {
	start := *u
	gap := table.Between(u.body().Footprint(), t.body().Footprint()).Gap
	if gap > falterGap {
		near := table.PointDistance(u.body().Pose.Front, t.body().Footprint()).To
		dir := bearing(u.body().Pose.Front, near)
		lo, hi := table.Length(0), gap
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			mv, _ := table.Straight(u.body(), dir, mid, nil)
			if table.Between(mv.End.Footprint(), t.body().Footprint()).Gap >= falterGap {
				lo = mid
			} else {
				hi = mid
			}
		}
		m := &mover{s: r.s, sheet: r.sys.sheet, u: u, running: true}
		mv, _ := table.Straight(u.body(), dir, lo, m.obstacles())
		u.place(mv.End.Pose)
	}
	r.event("falters", ruleCharge, "%s falters: it moves to %s\" of %s (%v) and shoots at once", u.Name,
		inches(table.Between(u.body().Footprint(), t.body().Footprint()).Gap), t.Name, u.Pose())
	_ = start
	u.Fire = false
	took := map[string]int{}
	r.fire[u.Name] = []string{t.Name}
	r.shoot(u, false, took)
	if took[t.Name] > 0 && t.inPlay() {
		r.moraleTest(t, moraleShooting, fmt.Sprintf("%d hits from a faltering charge", took[t.Name]), took[t.Name] >= r.sys.sheet.Morale.ExcessiveCasualties)
	}
}

// defensiveFire lets the target shoot at a charger that started more than
// 8" away (seed L331-333). It reports whether the charge goes on.
func (r *resolver) defensiveFire(t, u *Unit, p chargePlan) bool {
	sc := r.s.screen()
	sh, ok := r.measure(t, u, sc)
	if !ok || t.Markers > 0 {
		return true
	}
	if c, _ := r.reaction(t.Side, "FIRE"); c == "NEVER" {
		r.event("defensive-fire", ruleDefensive, "%s started %s\" from %s, more than 8\", but %s's side holds its defensive fire (standing reaction)", u.Name, inches(p.gap), t.Name, t.Side)
		return true
	}
	r.event("defensive-fire", ruleDefensive, "%s started %s\" from %s, more than 8\": %s fires defensively", u.Name, inches(p.gap), t.Name, t.Name)
	took := map[string]int{}
	r.fireAt(t, sh, false, took)
	if took[u.Name] == 0 || !u.inPlay() {
		return u.inPlay()
	}
	if !r.moraleTest(u, moraleShooting, fmt.Sprintf("%d hits from defensive fire", took[u.Name]), took[u.Name] >= r.sys.sheet.Morale.ExcessiveCasualties) {
		r.event("charge", ruleDefensive, "%s's charge becomes Failed", u.Name)
		return false
	}
	return true
}

// retire turns a unit about and moves it at its Run rate, as far as it
// can (ruling A20).
func (r *resolver) retire(u *Unit, rule, why string) {
	start := *u
	o := &acwtext.Order{Verb: acwtext.Run, Option: acwtext.OptRetire, Unit: orderName(u.Name), Facing: -1,
		Steps: []acwtext.Step{{Verb: acwtext.Back, Dist: acwtext.Max}}}
	m := &mover{s: r.s, sheet: r.sys.sheet, u: u, o: o}
	if _, run := rates(r.sys.sheet, u.Type, u.Formation); run == 0 {
		r.event("retire", rule, "%s %s but has no Run rate: it stays", u.Name, why)
		return
	}
	if ref := m.move(); ref != nil {
		*u = start
		r.event("retire", rule, "%s %s but cannot: %s", u.Name, why, ref.msg)
		r.blocked(u, 0, m.allowance(), rule)
		return
	}
	r.event("retire", rule, "%s %s: %s", u.Name, why, m.summary(start))
	r.blocked(u, m.used, m.allowance(), rule)
}

// slicesContainsFold reports whether names holds name, in any case.
func slicesContainsFold(names []string, name string) bool {
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

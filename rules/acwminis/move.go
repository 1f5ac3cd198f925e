package acwminis

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
	"galloper/rules/table"
)

// Rule references. The sheet has no numbers: a heading and its lines.
const (
	ruleTurn             = "ACW TURN SEQUENCE (seed L13-43)"
	ruleMarkers          = "ACW COMMAND PHASE 1a (seed L19)"
	ruleOrders           = "ACW ORDERS (seed L67-69)"
	ruleHold             = "ACW ORDERS, HOLD (seed L72)"
	ruleAdvance          = "ACW ORDERS, ADVANCE (seed L73)"
	ruleRun              = "ACW ORDERS, RUN (seed L74)"
	ruleCharge           = "ACW ORDERS, CHARGE (seed L75)"
	ruleRally            = "ACW ORDERS, RALLY (seed L76)"
	ruleDisorder         = "ACW ORDERS, DISORDERED (seed L77)"
	ruleMovement         = "ACW MOVEMENT (seed L45-51)"
	ruleOblique          = "ACW OBLIQUE AND TURNS (seed L85-87)"
	ruleWheel            = "ACW WHEELING (seed L89-91)"
	ruleProximity        = "ACW PROXIMITY TO ENEMY (seed L101-103)"
	ruleTerrain          = "ACW TERRAIN TABLE (seed L105-116)"
	ruleShaken           = "ACW UNIT STATES, Shaken (seed L125)"
	ruleCommand          = "ACW COMMANDER BONUSES (seed L5-11)"
	ruleDeclare          = "ACW DECLARE CHARGES (seed L309-317)"
	ruleInterpenetration = "ACW INTERPENETRATION (seed L81-83)"
)

// proximity is the least gap to an enemy unit (seed L101-103).
const proximity = table.Inch

// rates returns a unit's Advance and Run rates in its formation (seed
// L45-51), in thousandths; run 0 where none is printed.
func rates(sheet *Sheet, typ, formation string) (adv, run table.Length) {
	if typ == "Skirmishers" {
		typ = "Infantry" // the Skirmish row of Infantry (seed L48)
	}
	for _, r := range sheet.Movement {
		if r.Type == typ && r.Formation == formation {
			return table.Inches(int64(r.Advance)), table.Inches(int64(r.Run))
		}
	}
	return 0, 0
}

// formationName is a formation as the sheet prints it ("March Column")
// from the way the dialect writes it ("MARCH COLUMN").
func formationName(f string) string {
	words := strings.Fields(strings.ToLower(f))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// terrainClass is a unit's column of the TERRAIN TABLE (seed L110).
func terrainClass(u *Unit) string {
	switch {
	case u.Type == "Skirmishers" || u.Formation == "Dismounted":
		return "skirmishers-and-dismounted-cavalry"
	case u.Type == "Cavalry":
		return "cavalry"
	case u.Type == "Artillery" && u.Formation == "Limbered":
		return "limbered-artillery"
	case u.Type == "Artillery":
		return "deployed-artillery"
	}
	return "infantry"
}

// noTurns reports whether the formation may not oblique or pivot (seed
// L85-87: not march columns, limbered or unlimbered artillery).
func noTurns(u *Unit) bool { return u.Formation == "March Column" || u.Type == "Artillery" }

// mover carries out one unit's move on a working copy of the state: each
// part in turn, against the allowance, never through another unit,
// impassable terrain, the table's edge or within 1" of an enemy.
type mover struct {
	s       *State
	sheet   *Sheet
	u       *Unit
	o       *acwtext.Order
	running bool
	rate    table.Length // the rate a turn costs half of
	left    table.Length
	used    table.Length
	turns   int
	parts   []string
	// stops names what cut a lenient part (MAX, TOWARD) short.
	stops []string
	// changed is set once the unit has mounted, dismounted, limbered or
	// unlimbered; unlimbered once it has unlimbered this move.
	changed, unlimbered bool
	// road is set when the move has the road bonus over its normal
	// allowance.
	road, offRoad bool
	normal        table.Length
	// idx is the part of the move being carried out.
	idx int
	// passed are the friends the move has passed through, in order.
	passed []string
	// soft are obstacles a running unit stops at the edge of (seed L74,
	// L109): a move cut short by one is not refused.
	soft map[string]bool
	// snake is set while a column's move is tried snaking (ruling A43);
	// bent once it has wheeled by its head, until the move ends; after
	// is how far it has gone straight since its last wheel.
	snake, bent bool
	after       table.Length
}

// snakes reports whether a unit's formation snakes when it wheels: a
// column in single file (WHEELING, seed L91: "march columns may
// 'snake'"; ruling A43).
func snakes(u *Unit) bool {
	return (u.Formation == "March Column" || u.Formation == "Mounted Column") && u.Bases > 1
}

// headBody is the column's head base alone, where the unit stands.
func (m *mover) headBody() table.Body {
	b, err := table.NewBody(m.u.Name, m.u.Pose(), layout(m.u.Formation, 1, m.u.BaseW, m.u.BaseD))
	if err != nil {
		panic("acwminis: " + err.Error())
	}
	return b
}

// refusal is an illegal part of a move: the reason, the rule, and the
// largest legal alternative.
type refusal struct {
	at      orders.Pos
	code    string
	rule    string
	msg     string
	instead string
}

func (r *refusal) problem() orders.Problem {
	sugg := ""
	if r.instead != "" {
		sugg = "largest legal: " + r.instead
	}
	return orders.Problem{At: r.at, Kind: orders.Illegal, Code: r.code, Rule: r.rule, Message: r.msg, Suggestion: sugg}
}

// obstacles for the moving unit: every other unit in play (enemies with
// 1" clearance), the terrain it may not enter, and the table's edges.
func (m *mover) obstacles() []table.Obstacle {
	var obs []table.Obstacle
	for i := range m.s.Units {
		o := &m.s.Units[i]
		if o == m.u || !o.inPlay() {
			continue
		}
		ob := table.Obstacle{ID: o.Name, Shape: o.body().Footprint()}
		if o.Side != m.u.Side {
			ob.Clearance = proximity
		} else if passable(o) {
			continue // interpenetration (seed L81-83), checked by through
		}
		obs = append(obs, ob)
	}
	m.soft = map[string]bool{}
	for i := range m.s.Terrain {
		f := &m.s.Terrain[i]
		if f.Line {
			continue
		}
		mv, _ := m.sheet.Terrain.Move(f.Category, terrainClass(m.u))
		if mv == "no" || (m.running && mv == "no-run") {
			obs = append(obs, table.Obstacle{ID: f.Name, Shape: f.Polygon()})
			if mv == "no-run" {
				m.soft[f.Name] = true
			}
		}
	}
	w, d := table.Length(m.s.Table.Width), table.Length(m.s.Table.Depth)
	far := 100 * table.Inch
	edge := func(id string, x0, y0, x1, y1 table.Length) table.Obstacle {
		return table.Obstacle{ID: id, Shape: table.Polygon{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}}
	}
	obs = append(obs,
		edge("the table's edge", -far, -far, w+far, 0), edge("the table's edge", -far, d, w+far, d+far),
		edge("the table's edge", -far, 0, 0, d), edge("the table's edge", w, 0, w+far, d))
	return obs
}

// roadBonus reports whether the TERRAIN TABLE gives the unit's class
// a road bonus ("Normal Move x1.5": cavalry and limbered artillery).
func roadBonus(sheet *Sheet, u *Unit) bool {
	mv, _ := sheet.Terrain.Move("Road", terrainClass(u))
	return strings.Contains(mv, "x1.5")
}

// onRoad reports whether the unit's footprint lies wholly on one stretch
// of a road, the road being as wide as the scenario says (Width).
func (s *State) onRoad(u *Unit) bool {
	fp := u.body().Footprint()
	for i := range s.Terrain {
		f := &s.Terrain[i]
		if f.Category != "Road" || !f.Line {
			continue
		}
		for j := 1; j < len(f.Points); j++ {
			if table.Within(fp, roadStretch(f.Points[j-1], f.Points[j], f.Width)) {
				return true
			}
		}
	}
	return false
}

// roadStretch is the rectangle of road between two points of its centre
// line, w wide.
func roadStretch(a, b [2]int64, w int64) table.Polygon {
	p := table.Point{X: table.Length(a[0]), Y: table.Length(a[1])}
	q := table.Point{X: table.Length(b[0]), Y: table.Length(b[1])}
	h := bearing(p, q)
	half := table.Length(w / 2)
	l := table.Body{Pose: table.Pose{Front: q, Heading: h}, Width: 2 * half, Depth: table.PointDistance(p, table.Polygon{q}).Gap}
	return l.Footprint()
}

// passable reports whether friends may pass through the unit: not a
// march column, limbered artillery or a disordered unit (INTERPENETRATION,
// seed L81-83).
func passable(u *Unit) bool {
	return u.Formation != "March Column" && u.Formation != "Limbered" && u.Markers == 0
}

// through records the friends a part of the move passed through, from
// the footprints before and after it (the hull of the two for a straight
// move).
func (m *mover) through(before, after table.Polygon, straight bool) {
	sweep := append(append(table.Polygon{}, before...), after...)
	if h, err := table.Hull(sweep...); err == nil && straight {
		sweep = h
	}
	for i := range m.s.Units {
		o := &m.s.Units[i]
		if o == m.u || !o.inPlay() || o.Side != m.u.Side || !passable(o) || contains(m.passed, o.Name) {
			continue
		}
		fp := o.body().Footprint()
		if table.Overlaps(sweep, fp) || table.Overlaps(before, fp) || table.Overlaps(after, fp) {
			m.passed = append(m.passed, o.Name)
		}
	}
}

// clear checks that the move ends clear of every friend it passed
// through ("Move must clear interpenetrated unit", seed L81).
func (m *mover) clear(at orders.Pos) *refusal {
	fp := m.u.body().Footprint()
	for _, n := range m.passed {
		if table.Overlaps(fp, m.s.unit(n).body().Footprint()) {
			return &refusal{at: at, code: "acw-interpenetration", rule: ruleInterpenetration,
				msg: fmt.Sprintf("%s would end its move on %s: a move through a friend must clear it", m.u.Name, n)}
		}
	}
	return nil
}

// whyStop says what stopped a move, with the gap when it decided.
func whyStop(h *table.Hit, enemy, friend bool) (string, string) {
	switch {
	case h == nil:
		return "", ""
	case enemy:
		return fmt.Sprintf("it would come within 1\" of %s (gap %v)", h.ID, h.Gap), ruleProximity
	case h.ID == "the table's edge":
		return "it would leave the table", ruleMovement
	case friend:
		// Friends block: interpenetration (seed L81-83) is not carried
		// out by acwminis.v1.
		return "it would run into " + h.ID, ruleMovement
	}
	return fmt.Sprintf("it would pass into %s", h.ID), ruleTerrain
}

func (m *mover) isEnemy(id string) bool {
	o := m.s.unit(id)
	return o != nil && o.Side != m.u.Side
}

func (m *mover) isFriend(id string) bool {
	o := m.s.unit(id)
	return o != nil && o.Side == m.u.Side
}

// enemyGap is the least gap from the unit to any enemy in play.
func (m *mover) enemyGap() table.Length {
	best := table.Length(-1)
	fp := m.u.body().Footprint()
	for i := range m.s.Units {
		o := &m.s.Units[i]
		if o.Side == m.u.Side || !o.inPlay() {
			continue
		}
		if g := table.Between(fp, o.body().Footprint()).Gap; best < 0 || g < best {
			best = g
		}
	}
	return best
}

// bearing from p to q, compass style, in tenths of a degree, decided
// exactly on the sine table (table.Bearing): no floating-point step.
func bearing(p, q table.Point) table.Angle { return table.Bearing(p, q) }

// off is the signed difference b - h in (-1800, 1800].
func off(b, h table.Angle) table.Angle {
	d := (b - h).Norm()
	if d > 1800 {
		d -= 3600
	}
	return d
}

func inches(l table.Length) string { return acwtext.Inches(int64(l)) }

// step carries out one part of the move.
func (m *mover) step(st acwtext.Step) *refusal {
	b := m.u.body()
	if m.bent || m.snake && st.Verb == acwtext.Wheel {
		// A snaking column's head leads; the bases behind follow its path
		// (ruling A43), onward only: a bent column does not back or pivot
		// (move then tries it wheeling whole).
		if m.bent && st.Verb != acwtext.Forward && st.Verb != acwtext.To && st.Verb != acwtext.Toward && st.Verb != acwtext.Wheel {
			return &refusal{at: st.At, code: "acw-snake", rule: ruleWheel, msg: m.u.Name + ": " + st.String() + ": a snaking column only goes on"}
		}
		b = m.headBody()
	}
	obs := m.obstacles()
	refuse := func(code, rule, msg, instead string) *refusal {
		return &refusal{at: st.At, code: code, rule: rule, msg: m.u.Name + ": " + st.String() + ": " + msg, instead: instead}
	}
	var mv table.Move
	var err error
	lenient := st.Dist == acwtext.Max || st.Verb == acwtext.Toward
	want := table.Length(st.Dist)
	straight := func(dir table.Angle, verb func(table.Length) string) *refusal {
		if want == acwtext.Max || want > m.left && lenient {
			want = m.left
		}
		if want > m.left {
			return refuse("acw-allowance", ruleMovement, fmt.Sprintf("%s\" is more than the %s\" left of its %s\"", inches(want), inches(m.left), inches(m.allowance())), verb(m.left))
		}
		mv, err = table.Straight(b, dir, want, obs)
		if err != nil {
			return refuse("acw-move", ruleMovement, err.Error(), "")
		}
		if mv.Stop != nil && !lenient && !m.soft[mv.Stop.ID] {
			why, rule := whyStop(mv.Stop, m.isEnemy(mv.Stop.ID), m.isFriend(mv.Stop.ID))
			return refuse("acw-blocked", rule, fmt.Sprintf("it stops after %s\": %s", inches(table.Length(mv.Done)), why), verb(table.Length(mv.Done)))
		}
		if mv.Stop != nil && m.soft[mv.Stop.ID] {
			m.stops = append(m.stops, fmt.Sprintf("stopped at the edge of %s after %s\": No Run terrain (%s)", mv.Stop.ID, inches(table.Length(mv.Done)), ruleTerrain))
		}
		m.used += mv.Path
		m.left -= mv.Path
		return nil
	}
	switch st.Verb {
	case acwtext.Forward, acwtext.Back:
		dir := b.Pose.Heading
		if st.Verb == acwtext.Back {
			dir += 1800
			if m.running {
				// A RUN Retire faces the way it goes (seed L74): it turns
				// about, which covers the same ground, and moves forward.
				m.u.place(table.Pose{Front: backCentre(b), Heading: (b.Pose.Heading + 1800).Norm()})
				b = m.u.body()
				dir = b.Pose.Heading
			}
		}
		if r := straight(dir, func(l table.Length) string { return st.Verb + " " + inches(l) }); r != nil {
			return r
		}
	case acwtext.Oblique:
		if noTurns(m.u) {
			return refuse("acw-no-oblique", ruleOblique, fmt.Sprintf("a unit in %s may not oblique", m.u.Formation), "FORWARD "+inches(m.left))
		}
		dir := b.Pose.Heading + table.Angle(st.Angle)
		if st.Left {
			dir = b.Pose.Heading - table.Angle(st.Angle)
		}
		side := strings.Fields(st.String())[1]
		if r := straight(dir, func(l table.Length) string {
			return fmt.Sprintf("OBLIQUE %s %s %s", side, acwtext.Degrees(st.Angle), inches(l))
		}); r != nil {
			return r
		}
	case acwtext.To, acwtext.Toward:
		to := table.Point{X: table.Length(st.X), Y: table.Length(st.Y)}
		target := ""
		if st.Verb == acwtext.Toward {
			p, id, ok := m.nearest(b.Pose.Front, st.Name)
			if !ok {
				where := "on the table"
				if m.s.on(optFog) {
					where = "in " + string(m.u.Side) + "'s sight (fog of war, ruling A42)"
				}
				return refuse("acw-unknown-name", ruleMovement, fmt.Sprintf("there is no unit or feature called %s %s", st.Name, where), "")
			}
			to, target = p, id
		}
		dist := table.PointDistance(b.Pose.Front, table.Polygon{to}).Gap
		dir := bearing(b.Pose.Front, to)
		if dist == 0 {
			break
		}
		a := off(dir, b.Pose.Heading)
		if a < -450 || a > 450 || (noTurns(m.u) && a != 0) {
			limit := "45°"
			if noTurns(m.u) {
				limit = "0° (" + m.u.Formation + " may not oblique)"
			}
			side := "RIGHT"
			if a < 0 {
				side, a = "LEFT", -a
			}
			return refuse("acw-oblique", ruleOblique, fmt.Sprintf("the way there, bearing %v, is %s° off its front (heading %v); the most is %s", dir, acwtext.Degrees(int64(a)), b.Pose.Heading, limit),
				fmt.Sprintf("WHEEL %s %s first", side, acwtext.Degrees(int64(a))))
		}
		want = dist
		if st.Verb == acwtext.To && want > m.left {
			return refuse("acw-allowance", ruleMovement, fmt.Sprintf("the point is %s\" away, more than the %s\" left of its %s\"", inches(want), inches(m.left), inches(m.allowance())),
				fmt.Sprintf("TOWARD a point short of it, or FORWARD %s", inches(m.left)))
		}
		if r := straight(dir, func(l table.Length) string { return "a move of " + inches(l) + "\" on that bearing" }); r != nil {
			return r
		}
		if mv.Stop != nil && mv.Stop.ID != target {
			why, _ := whyStop(mv.Stop, m.isEnemy(mv.Stop.ID), m.isFriend(mv.Stop.ID))
			m.stops = append(m.stops, st.String()+" stopped short: "+why)
		}
	case acwtext.Wheel:
		pivot := table.Right
		if st.Left {
			pivot = table.Left
		}
		cost := wheelCost(b.Width, table.Angle(st.Angle))
		if cost > m.left {
			// The largest wheel the allowance pays for, found exactly:
			// the cost grows with the angle.
			most, over := table.Angle(0), table.Angle(st.Angle)
			for over-most > 1 {
				if mid := (most + over) / 2; wheelCost(b.Width, mid) <= m.left {
					most = mid
				} else {
					over = mid
				}
			}
			return refuse("acw-allowance", ruleWheel, fmt.Sprintf("the swinging corner travels %s\", more than the %s\" left of its %s\"", inches(cost), inches(m.left), inches(m.allowance())),
				fmt.Sprintf("WHEEL %s %s", map[bool]string{true: "LEFT", false: "RIGHT"}[st.Left], acwtext.Degrees(int64(most))))
		}
		mv, err = table.Wheel(b, pivot, table.Angle(st.Angle), obs)
		if err != nil {
			return refuse("acw-move", ruleWheel, err.Error(), "")
		}
		if mv.Stop != nil {
			why, rule := whyStop(mv.Stop, m.isEnemy(mv.Stop.ID), m.isFriend(mv.Stop.ID))
			return refuse("acw-blocked", rule, fmt.Sprintf("it stops after %s°: %s", acwtext.Degrees(mv.Done), why),
				fmt.Sprintf("WHEEL %s %s", map[bool]string{true: "LEFT", false: "RIGHT"}[st.Left], acwtext.Degrees(mv.Done)))
		}
		m.used += mv.Path
		m.left -= mv.Path
	case acwtext.Mount, acwtext.Dismount, acwtext.Limber, acwtext.Unlimber:
		return m.change(st)
	case acwtext.Turn:
		switch {
		case m.running:
			return refuse("acw-no-turn", ruleRun, "a unit on a RUN order makes no turns", "")
		case noTurns(m.u):
			return refuse("acw-no-turn", ruleOblique, fmt.Sprintf("a unit in %s may not pivot", m.u.Formation), "")
		case st.Angle > 900:
			return refuse("acw-turn-angle", ruleOblique, "a pivot is at most 90°", "TURN "+map[bool]string{true: "LEFT", false: "RIGHT"}[st.Left]+" 90")
		case m.turns == 2:
			return refuse("acw-turns", ruleOblique, "a unit makes at most 2 turns in a move", "")
		}
		cost := (m.rate + 1) / 2
		if cost > m.left {
			return refuse("acw-allowance", ruleOblique, fmt.Sprintf("a pivot costs half its rate, %s\", more than the %s\" left", inches(cost), inches(m.left)), "")
		}
		a := table.Angle(st.Angle)
		if st.Left {
			a = -a
		}
		mv, err = table.Turn(b, a, obs)
		if err != nil {
			return refuse("acw-move", ruleOblique, err.Error(), "")
		}
		if mv.Stop != nil {
			why, rule := whyStop(mv.Stop, m.isEnemy(mv.Stop.ID), m.isFriend(mv.Stop.ID))
			return refuse("acw-blocked", rule, "it cannot pivot: "+why, "")
		}
		m.turns++
		mv.Path = cost
		m.used += cost
		m.left -= cost
	}
	if mv.End.ID != "" {
		m.u.place(mv.End.Pose)
		m.through(b.Footprint(), mv.End.Footprint(), st.Verb != acwtext.Wheel && st.Verb != acwtext.Turn)
	}
	how := ""
	switch {
	case m.snake && st.Verb == acwtext.Wheel:
		m.bent, m.after, how = true, 0, ", snaking"
	case m.bent:
		m.after += mv.Path
	}
	m.parts = append(m.parts, fmt.Sprintf("%s (%s\"%s)", st.String(), inches(mv.Path), how))
	return nil
}

// changeFor is the part of an ADVANCE that goes from one formation to
// another.
func changeFor(from, to string) string {
	for v, c := range changes {
		if c[1] == from && c[2] == to {
			return v
		}
	}
	if from == "Mounted Column" {
		return acwtext.Dismount
	}
	return "REFORM"
}

// mounted reports whether a formation is a mounted one.
func mounted(f string) bool { return strings.HasPrefix(f, "Mounted") }

// changes maps a mount, dismount, limber or unlimber to the unit type
// and the formations it goes from and to (seed L93-99).
var changes = map[string][3]string{
	acwtext.Mount:    {"Cavalry", "Dismounted", "Mounted Line"},
	acwtext.Dismount: {"Cavalry", "Mounted Line", "Dismounted"},
	acwtext.Limber:   {"Artillery", "Unlimbered", "Limbered"},
	acwtext.Unlimber: {"Artillery", "Limbered", "Unlimbered"},
}

// change mounts, dismounts, limbers or unlimbers the unit: only on an
// ADVANCE, once, as the first or the last part of the move (seed L93-99).
// At the start, the move is made at the new formation's rate (seed L95:
// "Movement rate is determined by the formation used during the actual
// move"). A dismount from Mounted Column forms Dismounted too.
func (m *mover) change(st acwtext.Step) *refusal {
	rule := "ACW DISMOUNTING AND MOUNTING (seed L93-95)"
	c := changes[st.Verb]
	if c[0] == "Artillery" {
		rule = "ACW LIMBERING AND UNLIMBERING (seed L97-99)"
	}
	refuse := func(msg string) *refusal {
		return &refusal{at: st.At, code: "acw-change", rule: rule, msg: m.u.Name + ": " + st.Verb + ": " + msg}
	}
	steps := m.o.Steps
	first, last := m.idx == 0, m.idx == len(steps)-1
	from := c[1]
	if st.Verb == acwtext.Dismount && m.u.Formation == "Mounted Column" {
		from = "Mounted Column"
	}
	switch {
	case m.o.Verb != acwtext.Advance || m.o.Option != acwtext.OptMove:
		return refuse("only an ADVANCE order may " + strings.ToLower(st.Verb))
	case m.changed:
		return refuse("a unit may mount or dismount, or limber or unlimber, once in a move")
	case !first && !last:
		return refuse("only at the start or the end of the move")
	case m.u.Type != c[0] || m.u.Formation != from:
		return refuse(fmt.Sprintf("%s in %s cannot %s", m.u.Type, strings.ToLower(m.u.Formation), strings.ToLower(st.Verb)))
	}
	m.changed = true
	m.u.Formation = c[2]
	if r := m.fits(st.At); r != nil {
		return r
	}
	if first {
		adv, _ := rates(m.sheet, m.u.Type, m.u.Formation)
		m.rate, m.left = adv, adv
	}
	if st.Verb == acwtext.Unlimber {
		m.unlimbered = true
	}
	m.parts = append(m.parts, st.Verb)
	return nil
}

// wheelCost is the swinging corner's arc (ruling A24), exactly
// (table.ArcLength).
func wheelCost(width table.Length, a table.Angle) table.Length { return table.ArcLength(width, a) }

// backCentre is the centre of the rear edge of b.
func backCentre(b table.Body) table.Point {
	c := b.Corners()
	return table.Point{X: (c[2].X + c[3].X) / 2, Y: (c[2].Y + c[3].Y) / 2}
}

// nearest finds the point of a named unit's footprint or feature nearest
// p.
func (m *mover) nearest(p table.Point, name string) (table.Point, string, bool) {
	if o := m.s.unit(name); o != nil && o.inPlay() && o != m.u {
		return table.PointDistance(p, o.body().Footprint()).To, o.Name, true
	}
	if f := m.s.feature(name); f != nil {
		return table.PointDistance(p, f.Polygon()).To, f.Name, true
	}
	return table.Point{}, "", false
}

func (m *mover) allowance() table.Length { return m.used + m.left }

// move plans and carries out one unit's order on m.s; a refusal stops at
// the first illegal part and leaves the unit where the legal parts took
// it. A column that wheels snakes if it can (ruling A43): its head alone
// sweeps each wheel and the bases behind follow the head's path, which
// needs the column to go straight on, after its last wheel, at least its
// length less one base, so that every base has come round and it stands
// straight again at the end of the move, and to end clear of everything.
// Otherwise it wheels whole, as any unit does.
func (m *mover) move() *refusal {
	if !snakes(m.u) || !slices.ContainsFunc(m.o.Steps, func(st acwtext.Step) bool { return st.Verb == acwtext.Wheel }) {
		return m.moveOnce()
	}
	start, fresh := *m.u, *m
	m.snake = true
	r := m.moveOnce()
	if r == nil && (!m.bent || m.after >= table.Length(int64(m.u.Bases-1)*m.u.BaseD) && m.standsClear()) {
		return nil
	}
	*m.u, *m = start, fresh
	return m.moveOnce()
}

// standsClear reports whether the unit's whole footprint stands clear of
// every obstacle to its moves, friends it may not pass included.
func (m *mover) standsClear() bool {
	fp := m.u.body().Footprint()
	obs := m.obstacles()
	for i := range m.s.Units {
		if o := &m.s.Units[i]; o != m.u && o.inPlay() && o.Side == m.u.Side && passable(o) {
			obs = append(obs, table.Obstacle{ID: o.Name, Shape: o.body().Footprint()})
		}
	}
	for _, ob := range obs {
		if table.Overlaps(fp, ob.Shape) || ob.Clearance > 0 && table.Between(fp, ob.Shape).Gap < ob.Clearance {
			return false
		}
	}
	return true
}

// moveOnce is one attempt at move.
func (m *mover) moveOnce() *refusal {
	o, u := m.o, m.u
	start := *u
	adv, run := rates(m.sheet, u.Type, u.Formation)
	switch o.Option {
	case acwtext.OptStand, acwtext.OptRallied, acwtext.OptCharge:
		return nil
	case acwtext.OptReform:
		f := formationName(o.Formation)
		if !formationOf(m.sheet, u.Type, f) {
			return &refusal{at: o.At, code: "acw-formation", rule: ruleMovement, msg: fmt.Sprintf("%s: %s cannot form %s (the MOVEMENT table gives it none)", u.Name, u.Type, strings.ToLower(o.Formation))}
		}
		if u.Type == "Infantry" && f == "Skirmish" && !m.s.on(optLineSkirmish) {
			return &refusal{at: o.At, code: "acw-formation", rule: ruleMovement, msg: fmt.Sprintf("%s: an infantry regiment does not form Skirmish; the Skirmish rate is the Skirmishers' (ruling A30)", u.Name)}
		}
		if mounted(u.Formation) != mounted(f) || (u.Type == "Artillery" && u.Formation != f) {
			rule, how := "ACW DISMOUNTING AND MOUNTING (seed L93-95)", "mount or dismount"
			if u.Type == "Artillery" {
				rule, how = "ACW LIMBERING AND UNLIMBERING (seed L97-99)", "limber or unlimber"
			}
			return &refusal{at: o.At, code: "acw-change", rule: rule,
				msg:     fmt.Sprintf("%s: a Reform does not %s: that is done at the start or end of an ADVANCE", u.Name, how),
				instead: "ADVANCE " + u.Name + ": " + changeFor(u.Formation, f)}
		}
		u.Formation = f
		if o.Facing >= 0 {
			b := start.body()
			// A HOLD Reform pivots about the unit's centre (ruling G8).
			turned, _ := table.Turn(b, off(table.Angle(o.Facing), b.Pose.Heading), nil)
			u.place(turned.End.Pose)
		}
		if r := m.fits(o.At); r != nil {
			*u = start
			return r
		}
		m.parts = append(m.parts, fmt.Sprintf("REFORM %s", o.Formation))
		if o.Verb == acwtext.Advance {
			adv, _ = rates(m.sheet, u.Type, u.Formation)
			m.rate, m.left = adv, adv/2 // half the new Advance rate (seed L73)
		}
	case acwtext.OptRetire, acwtext.OptMove:
		m.rate, m.left = adv, adv
		if o.Verb == acwtext.Run {
			m.running = true
			m.left = run
			if run == 0 {
				return &refusal{at: o.At, code: "acw-no-run", rule: ruleMovement, msg: fmt.Sprintf("%s in %s has no Run rate", u.Name, u.Formation)}
			}
		}
	}
	if o.Option == acwtext.OptMove && roadBonus(m.sheet, u) && m.s.onRoad(u) && (o.Verb != acwtext.Run || m.s.on(optRoadRun)) {
		// Road x1.5, rounded up, for a move entirely on the road (seed
		// L107-116; on a RUN too, ruling A26).
		m.road, m.normal = true, m.left
		m.left = (m.left*3 + 1) / 2
	}
	shaken := u.State() == "Shaken"
	for i, st := range o.Steps {
		m.idx = i
		before := m.enemyGap()
		if r := m.step(st); r != nil {
			return r
		}
		if m.road && !m.s.onRoad(u) {
			m.offRoad = true
		}
		if m.road && m.offRoad && m.used > m.normal {
			return &refusal{at: st.At, code: "acw-road", rule: ruleTerrain,
				msg: fmt.Sprintf("%s: the move leaves the road, so it has no road bonus: %s\" is more than its %s\"", u.Name, inches(m.used), inches(m.normal))}
		}
		// A Shaken unit may not close on the enemy (ruling A23).
		if after := m.enemyGap(); shaken && after >= 0 && after < before {
			return &refusal{at: st.At, code: "acw-shaken-advance", rule: ruleShaken,
				msg: fmt.Sprintf("%s is Shaken and may not move towards the enemy: %s would close from %s\" to %s\"", u.Name, st.String(), inches(before), inches(after))}
		}
	}
	if len(o.Steps) > 0 {
		return m.clear(o.Steps[len(o.Steps)-1].At)
	}
	return nil
}

// fits checks the unit's footprint where it stands: on the table, on no
// other unit, not within 1" of an enemy, not in terrain it may not enter.
func (m *mover) fits(at orders.Pos) *refusal {
	fp := m.u.body().Footprint()
	obs := m.obstacles()
	for i := range m.s.Units {
		// Friends a move may pass through still may not be stood on.
		if o := &m.s.Units[i]; o != m.u && o.inPlay() && o.Side == m.u.Side && passable(o) {
			obs = append(obs, table.Obstacle{ID: o.Name, Shape: o.body().Footprint()})
		}
	}
	for _, ob := range obs {
		if table.Overlaps(fp, ob.Shape) || ob.Clearance > 0 && table.Between(fp, ob.Shape).Gap < ob.Clearance {
			why, rule := whyStop(&table.Hit{ID: ob.ID, Gap: table.Between(fp, ob.Shape).Gap}, m.isEnemy(ob.ID), false)
			if !m.isEnemy(ob.ID) && m.s.unit(ob.ID) != nil {
				why, rule = "it would stand on "+ob.ID, ruleMovement
			}
			return &refusal{at: at, code: "acw-blocked", rule: rule, msg: fmt.Sprintf("%s cannot reform there: %s", m.u.Name, why)}
		}
	}
	return nil
}

// summary is the dry-run line of a move.
func (m *mover) summary(start Unit) string {
	u := m.u
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", m.o.Verb, u.Name)
	if len(m.parts) > 0 {
		fmt.Fprintf(&b, ": %s", strings.Join(m.parts, ", "))
	}
	if u.X != start.X || u.Y != start.Y || u.Heading != start.Heading || u.Formation != start.Formation {
		fmt.Fprintf(&b, "; ends at %v in %s", u.Pose(), strings.ToLower(u.Formation))
		if m.allowance() > 0 {
			fmt.Fprintf(&b, ", %s\" of %s\" used", inches(m.used), inches(m.allowance()))
		}
	} else {
		fmt.Fprintf(&b, "; stays at %v", u.Pose())
	}
	for _, s := range m.stops {
		b.WriteString("; " + s)
	}
	return b.String()
}

// sideOf is the side moving in a segment.
func sideOf(s *State) rules.Side { return s.Sides[s.Half] }

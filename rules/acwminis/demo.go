package acwminis

import (
	"fmt"
	"math"
	"strings"

	"galloper/rules"
	"galloper/rules/table"
)

// The demo (rules.Demonstrator): Willoughby Run played by two scripted
// players, each reading only its own side's view, as a person reads the
// map of his report. The Confederates attack: they close with the
// nearest Federal regiment and charge it once within easy reach, their
// cavalry the Federal cavalry across Willoughby Run; the Federals stand
// and shoot, unlimber their battery, rally what is Shaken, and set no
// standing reaction for their cavalry, so they are asked when it is
// charged.

var _ rules.Demonstrator = System{}

// demoScenario is the scenario the demo plays.
const demoScenario = "willoughby-run"

// DemoScenario implements rules.Demonstrator: Willoughby Run, both halves
// of each of its 8 turns.
func (System) DemoScenario() (string, []rules.Side, int) {
	return demoScenario, []rules.Side{"CSA", "USA"}, 16
}

// DemoShows implements rules.Demonstrator: orders tested, moves, shooting,
// commanders riding to their hurt units (ruling A22), a charge with its
// test and melee, morale, and a cavalry charge whose
// target's owner is asked what it does (a decision request, answered by
// mail). Defensive fire, counter-charges and rallies come as the dice
// fall.
func (System) DemoShows() []string {
	return []string{"order-test", "moved", "commander-moved", "shot", "charge-test", "charged", "melee", "morale-test", "decision"}
}

// demoChargeGap is the most a demo regiment in Line charges across, a
// hair short of its 9" Run rate (MOVEMENT, seed L48); demoStartGap is
// where it halts to charge from next turn: over 8", so that its target
// may fire defensively (DEFENSIVE FIRE, seed L331-333), and over 9" from
// the target's centre, so that the target's fire meanwhile is at
// Effective range, not Close (SHOOTING RANGE AND DICE, seed L208).
const (
	demoChargeGap = 8.995
	demoStartGap  = 8.99
	demoAdvance   = 6.0 // the Advance rate of infantry in Line
)

// demoReach is how far the demo charges, by arm: a hair short of the Run
// rate of infantry in Line (9") and of cavalry in Mounted Line (24"),
// MOVEMENT, seed L48-49.
var demoReach = map[string]float64{"infantry": demoChargeGap, "cavalry": 23.5}

// demoRally is how near (edge to edge, inches) a commander must be for
// the demo to send a RALLY: a little inside his own Commander's 8" or the
// C-in-C's 12" (ORDERS, RALLY, seed L76; ruling A22).
var demoRally = map[string]float64{"Commander": 7.75, "C-in-C": 11.75}

// DemoOrders implements rules.Demonstrator: one line per unit of side,
// written from v alone.
func (System) DemoOrders(v rules.View, side rules.Side) string {
	if v.Table == nil {
		return ""
	}
	var own, enemy, commanders []rules.UnitView
	for _, u := range v.Table.Units {
		switch {
		case u.Footprint == nil:
		case u.Side == side && u.Kind == "commander":
			commanders = append(commanders, u)
		case u.Side == side:
			own = append(own, u)
		case u.Kind != "commander":
			enemy = append(enemy, u)
		}
	}
	if len(enemy) == 0 {
		return ""
	}
	command := map[string]string{} // unit -> its Commander, from the roster
	for _, g := range v.Roster {
		for _, u := range g.Units {
			if g.Side == side {
				command[u.Name] = g.Command
			}
		}
	}
	rallied := map[string]bool{}
	var lines []string
	for _, u := range own {
		if l := demoLine(u, command[u.Name], enemy, v.Table.Units, commanders, v.Table, rallied, side == "CSA"); l != "" {
			lines = append(lines, l)
		}
	}
	lines = append(lines, demoCommanders(own, command, commanders)...)
	return strings.Join(lines, "\n")
}

// demoCommanderGap is how near (edge to edge, inches) a demo commander
// keeps to the unit he rides to: well inside his Commander's 8" (COMMANDER
// BONUSES, seed L5-11).
const demoCommanderGap = 4.0

// demoCommanders are the commanders' moves: each rides TOWARD the most
// hurt unit he commands (the C-in-C: of the army), so that his rerolls
// reach its order and morale tests (ruling A22), unless he is near it
// already or none is hurt.
func demoCommanders(own []rules.UnitView, command map[string]string, commanders []rules.UnitView) []string {
	var lines []string
	for _, c := range commanders {
		var best rules.UnitView
		most := 0
		for _, u := range own {
			if c.Status != "C-in-C" && command[u.Name] != c.Name {
				continue
			}
			if h := demoHits(u.Status); h > most {
				best, most = u, h
			}
		}
		if most > 0 && demoGap(demoCorners(best), demoCorners(c)) > demoCommanderGap {
			lines = append(lines, fmt.Sprintf("COMMANDER %s: TOWARD %s", c.Name, best.Name))
		}
	}
	return lines
}

// demoHits reads a unit's hits from its drawn status, "Worn 9h D1".
func demoHits(status string) int {
	f := strings.Fields(status)
	h := 0
	if len(f) > 1 {
		fmt.Sscanf(f[1], "%dh", &h)
	}
	return h
}

// demoLine is one unit's order, or "" to leave it holding.
func demoLine(u rules.UnitView, command string, enemy, all, commanders []rules.UnitView, tv *rules.TableView, rallied map[string]bool, attack bool) string {
	terrain := tv.Terrain
	state, markers := demoState(u.Status)
	if markers > 1 {
		return "" // still Disordered after a marker comes off (ruling A5)
	}
	if state == "Shaken" {
		if c := demoRallier(u, command, commanders, rallied); c != "" {
			rallied[c] = true
			return "RALLY " + u.Name
		}
		if u.Kind != "artillery" && demoAllAhead(u, enemy) {
			// Back towards the commanders behind the line, to rally
			// there: straight back, away from every enemy in front (a
			// Shaken unit may not close on one, ruling A23).
			return "ADVANCE " + u.Name + ": RETIRE MAX"
		}
		return "HOLD " + u.Name
	}
	switch {
	case u.Kind == "artillery" && u.Formation == "limbered":
		return "ADVANCE " + u.Name + ": UNLIMBER"
	case u.Kind == "artillery", u.Kind == "skirmishers", !attack:
		return "HOLD " + u.Name
	}
	if u.Kind == "infantry" && u.Formation == "line" || u.Kind == "cavalry" && u.Formation == "mounted line" {
		if t, ok := demoTarget(u, enemy, all, demoReach[u.Kind]); ok {
			return fmt.Sprintf("CHARGE %s: %s", u.Name, t.Name)
		}
	}
	t, gap := demoNearest(u, enemy)
	if b, off := demoBearing(u, t); math.Abs(off) > 40 {
		// TOWARD goes at most 45° off the front (OBLIQUE, seed L85-87):
		// face the enemy first.
		if !demoOnTable(u, b, tv) {
			return "HOLD " + u.Name // at the table's edge it cannot face about in place
		}
		return fmt.Sprintf("HOLD %s: REFORM %s FACING %.1f", u.Name, strings.ToUpper(u.Formation), b)
	}
	if u.Formation != "line" || !demoAhead(u, t) {
		return fmt.Sprintf("ADVANCE %s: TOWARD %s", u.Name, t.Name)
	}
	// Straight on in steps that end the last full move demoStartGap
	// short of the target, the first step taking the odd inches, so that
	// the regiment spends its turns under fire as far off as it can.
	d := gap - demoStartGap
	step := math.Mod(d, demoAdvance)
	if step < 0.5 {
		step += demoAdvance
	}
	step = math.Floor(math.Min(math.Min(step, d), demoAdvance)*1000) / 1000
	switch {
	case d < 0.5:
		return "HOLD " + u.Name // near enough: it stands and shoots
	case demoBlocked(u, step, terrain):
		return fmt.Sprintf("ADVANCE %s: TOWARD %s", u.Name, t.Name) // TOWARD stops where it must
	}
	return fmt.Sprintf("ADVANCE %s: FORWARD %.3f", u.Name, step)
}

// demoTarget is the enemy unit a regiment charges: the nearest ahead of it
// whose nearest point is within most inches of the middle of its front
// edge, that is not Shaken (so that it stands to fight a
// melee), else the nearest Shaken one.
func demoTarget(u rules.UnitView, enemy, all []rules.UnitView, most float64) (rules.UnitView, bool) {
	var fight, shaken []rules.UnitView
	h := *u.Facing * math.Pi / 180
	front := [2]float64{u.Footprint.X + math.Sin(h)*u.Footprint.Depth/2, u.Footprint.Y + math.Cos(h)*u.Footprint.Depth/2}
	for _, e := range enemy {
		// The charge path runs from the middle of its front edge: the
		// nearest point of the target must be within reach of it.
		c := demoCorners(e)
		reach, to := math.Inf(1), front
		for i := range 4 {
			if d, p := segClosest(front, c[i], c[(i+1)%4]); d < reach {
				reach, to = d, p
			}
		}
		if reach > most || !demoAhead(u, e) || demoInTheWay(u, e, all, to[0]-front[0], to[1]-front[1]) {
			continue
		}
		if st, _ := demoState(e.Status); st == "Shaken" {
			shaken = append(shaken, e)
		} else {
			fight = append(fight, e)
		}
	}
	for _, list := range [][]rules.UnitView{fight, shaken} {
		if len(list) > 0 {
			t, _ := demoNearest(u, list)
			return t, true
		}
	}
	return rules.UnitView{}, false
}

// demoState reads a unit's state and disorder markers from its drawn
// status, "Worn 9h D1".
func demoState(status string) (string, int) {
	f := strings.Fields(status)
	if len(f) == 0 {
		return "", 0
	}
	markers := 0
	if last := f[len(f)-1]; strings.HasPrefix(last, "D") {
		fmt.Sscanf(last, "D%d", &markers)
	}
	return f[0], markers
}

// demoRallier is the commander whose RALLY the unit would use, its own
// Commander (command) or else the C-in-C, if near enough and his RALLY is
// not given yet this half, or "".
func demoRallier(u rules.UnitView, command string, commanders []rules.UnitView, rallied map[string]bool) string {
	for _, rank := range []string{"Commander", "C-in-C"} {
		for _, c := range commanders {
			if c.Status != rank || rank == "Commander" && c.Name != command {
				continue
			}
			if demoGap(demoCorners(u), demoCorners(c)) > demoRally[rank] {
				continue
			}
			if rallied[c.Name] {
				return ""
			}
			return c.Name
		}
	}
	return ""
}

// demoNearest is the enemy unit nearest to u, edge to edge, and the gap.
func demoNearest(u rules.UnitView, enemy []rules.UnitView) (rules.UnitView, float64) {
	best, gap := enemy[0], math.Inf(1)
	for _, e := range enemy {
		if d := demoGap(demoCorners(u), demoCorners(e)); d < gap {
			best, gap = e, d
		}
	}
	return best, gap
}

// demoBearing is the compass bearing from the middle of u's front edge
// to t's centre, as the rules take a TO (table.Bearing), and how far it is
// off u's facing (-180 to 180).
func demoBearing(u, t rules.UnitView) (float64, float64) {
	h := *u.Facing * math.Pi / 180
	fx, fy := u.Footprint.X+math.Sin(h)*u.Footprint.Depth/2, u.Footprint.Y+math.Cos(h)*u.Footprint.Depth/2
	at := func(x, y float64) table.Point {
		return table.Point{X: table.Length(math.Round(x * 1000)), Y: table.Length(math.Round(y * 1000))}
	}
	b := float64(table.Bearing(at(fx, fy), at(t.Footprint.X, t.Footprint.Y))) / 10
	return b, math.Remainder(b-*u.Facing, 360)
}

// demoAllAhead reports whether every enemy unit's centre lies ahead of
// u's rear edge, well clear of the way back.
func demoAllAhead(u rules.UnitView, enemy []rules.UnitView) bool {
	h := *u.Facing * math.Pi / 180
	for _, e := range enemy {
		along := (e.Footprint.X-u.Footprint.X)*math.Sin(h) + (e.Footprint.Y-u.Footprint.Y)*math.Cos(h)
		if along < u.Footprint.Depth/2+e.Footprint.Depth/2+e.Footprint.Width/2 {
			return false
		}
	}
	return true
}

// demoAhead reports whether t's centre is within 45° of u's front.
func demoAhead(u, t rules.UnitView) bool {
	if u.Facing == nil {
		return false
	}
	h := *u.Facing * math.Pi / 180
	dx, dy := t.Footprint.X-u.Footprint.X, t.Footprint.Y-u.Footprint.Y
	along := dx*math.Sin(h) + dy*math.Cos(h)
	return along > 0 && along >= math.Hypot(dx, dy)*math.Cos(math.Pi/4)
}

// demoCorners are the corners of a unit's footprint as drawn.
func demoCorners(u rules.UnitView) [4][2]float64 {
	f := u.Footprint
	h := 0.0
	if u.Facing != nil {
		h = *u.Facing * math.Pi / 180
	}
	ax, ay := math.Sin(h)*f.Depth/2, math.Cos(h)*f.Depth/2  // half depth, ahead
	rx, ry := math.Cos(h)*f.Width/2, -math.Sin(h)*f.Width/2 // half width, to the right
	return [4][2]float64{
		{f.X + ax + rx, f.Y + ay + ry}, {f.X + ax - rx, f.Y + ay - ry},
		{f.X - ax - rx, f.Y - ay - ry}, {f.X - ax + rx, f.Y - ay + ry},
	}
}

// demoOnTable reports whether u faced to heading in place, about its
// centre, stays on the table, with a little to spare.
func demoOnTable(u rules.UnitView, heading float64, tv *rules.TableView) bool {
	f := heading
	u.Facing = &f
	for _, c := range demoCorners(u) {
		if c[0] < 0.05 || c[1] < 0.05 || c[0] > tv.Width-0.05 || c[1] > tv.Depth-0.05 {
			return false
		}
	}
	return true
}

// demoGap is the distance between two footprints that do not overlap:
// the least distance from a corner of one to an edge of the other.
func demoGap(a, b [4][2]float64) float64 {
	d := math.Inf(1)
	for _, p := range [2][2][4][2]float64{{a, b}, {b, a}} {
		for _, c := range p[0] {
			for i := range 4 {
				d = math.Min(d, segDist(c, p[1][i], p[1][(i+1)%4]))
			}
		}
	}
	return d
}

// demoBlocked reports whether u moving d inches straight ahead would
// sweep over a building (which the demo's players treat as impassable).
func demoBlocked(u rules.UnitView, d float64, terrain []rules.TableFeature) bool {
	c := demoCorners(u)
	h := *u.Facing * math.Pi / 180
	dx, dy := math.Sin(h)*d, math.Cos(h)*d
	swept := [][2]float64{{c[0][0] + dx, c[0][1] + dy}, {c[1][0] + dx, c[1][1] + dy}, c[2], c[3]}
	for _, f := range terrain {
		if f.Kind != "building" || f.Line {
			continue
		}
		var poly [][2]float64
		for _, p := range f.Points {
			poly = append(poly, [2]float64{p.X, p.Y})
		}
		if demoOverlap(swept, poly) {
			return true
		}
	}
	return false
}

// demoOverlap reports whether two convex polygons overlap, by the
// separating axis test.
func demoOverlap(a, b [][2]float64) bool {
	for _, p := range [2][][2]float64{a, b} {
		for i := range p {
			q := p[(i+1)%len(p)]
			nx, ny := q[1]-p[i][1], p[i][0]-q[0]
			amin, amax := demoProject(a, nx, ny)
			bmin, bmax := demoProject(b, nx, ny)
			if amax < bmin || bmax < amin {
				return false
			}
		}
	}
	return true
}

func demoProject(p [][2]float64, nx, ny float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range p {
		d := v[0]*nx + v[1]*ny
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	return lo, hi
}

// demoInTheWay reports whether a unit other than u and its target t
// stands in the way of u's front edge moved by (dx, dy).
func demoInTheWay(u, t rules.UnitView, all []rules.UnitView, dx, dy float64) bool {
	c := demoCorners(u)
	sweep := [][2]float64{c[0], c[1], {c[1][0] + dx, c[1][1] + dy}, {c[0][0] + dx, c[0][1] + dy}}
	for _, o := range all {
		if o.Name == u.Name || o.Name == t.Name || o.Footprint == nil || o.Kind == "commander" {
			continue
		}
		oc := demoCorners(o)
		if demoOverlap(sweep, oc[:]) {
			return true
		}
	}
	return false
}

// segClosest is the distance from p to the segment ab and the point of
// ab nearest p.
func segClosest(p, a, b [2]float64) (float64, [2]float64) {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l))
	}
	q := [2]float64{a[0] + t*dx, a[1] + t*dy}
	return math.Hypot(p[0]-q[0], p[1]-q[1]), q
}

// segDist is the distance from p to the segment ab.
func segDist(p, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l))
	}
	return math.Hypot(p[0]-a[0]-t*dx, p[1]-a[1]-t*dy)
}

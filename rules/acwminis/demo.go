package acwminis

import (
	"fmt"
	"math"
	"strings"

	"galloper/rules"
)

// The demo (rules.Demonstrator): Willoughby Run played by two scripted
// players, each reading only its own side's view, as a person reads the
// map of his report. The Confederates attack: they close with the
// nearest Federal regiment and charge it once within easy reach; the
// Federals stand and shoot, unlimber their battery and rally what is
// Shaken.

var _ rules.Demonstrator = System{}

// demoScenario is the scenario the demo plays.
const demoScenario = "willoughby-run"

// DemoScenario implements rules.Demonstrator: Willoughby Run, both halves
// of each of its 8 turns.
func (System) DemoScenario() (string, []rules.Side, int) {
	return demoScenario, []rules.Side{"CSA", "USA"}, 16
}

// DemoShows implements rules.Demonstrator: orders tested, moves, shooting,
// a charge with its test, defensive fire and melee, morale, and a rally.
func (System) DemoShows() []string {
	return []string{"order-test", "moved", "shot", "charge-test", "charged", "defensive-fire", "melee", "morale-test", "rallied"}
}

// demoChargeGap is the most a demo regiment in Line charges across, a
// little short of its 9" Run rate (MOVEMENT, seed L48); demoStartGap is
// where it halts to charge from next turn: over 8", so that its target
// may fire defensively (DEFENSIVE FIRE, seed L331-333).
const (
	demoChargeGap = 8.75
	demoStartGap  = 8.5
	demoAdvance   = 6.0 // the Advance rate of infantry in Line
)

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
		if l := demoLine(u, command[u.Name], enemy, commanders, v.Table.Terrain, rallied, side == "CSA"); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// demoLine is one unit's order, or "" to leave it holding.
func demoLine(u rules.UnitView, command string, enemy, commanders []rules.UnitView, terrain []rules.TableFeature, rallied map[string]bool, attack bool) string {
	state, markers := demoState(u.Status)
	if markers > 1 {
		return "" // still Disordered after a marker comes off (ruling A5)
	}
	if state == "Shaken" {
		if c := demoRallier(u, command, commanders, rallied); c != "" {
			rallied[c] = true
			return "RALLY " + u.Name
		}
		return "HOLD " + u.Name
	}
	switch {
	case u.Kind == "artillery" && u.Formation == "limbered":
		return "ADVANCE " + u.Name + ": UNLIMBER"
	case u.Kind == "artillery", u.Kind == "skirmishers", !attack:
		return "HOLD " + u.Name
	}
	if u.Kind == "infantry" && u.Formation == "line" {
		if t, ok := demoTarget(u, enemy); ok {
			return fmt.Sprintf("CHARGE %s: %s", u.Name, t.Name)
		}
	}
	t, gap := demoNearest(u, enemy)
	if d := math.Floor((gap-demoStartGap)*10) / 10; u.Formation == "line" && d < demoAdvance && demoAhead(u, t) {
		if d < 0.5 || demoBlocked(u, d, terrain) {
			return "HOLD " + u.Name // near enough, or no way on: it stands and shoots
		}
		return fmt.Sprintf("ADVANCE %s: FORWARD %.1f", u.Name, d)
	}
	return fmt.Sprintf("ADVANCE %s: TOWARD %s", u.Name, t.Name)
}

// demoTarget is the enemy unit a regiment charges: the nearest ahead of it
// within demoChargeGap that is not Shaken (so that it stands to fight a
// melee), else the nearest Shaken one.
func demoTarget(u rules.UnitView, enemy []rules.UnitView) (rules.UnitView, bool) {
	var fight, shaken []rules.UnitView
	for _, e := range enemy {
		if demoGap(demoCorners(u), demoCorners(e)) > demoChargeGap || !demoAhead(u, e) {
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

// segDist is the distance from p to the segment ab.
func segDist(p, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l))
	}
	return math.Hypot(p[0]-a[0]-t*dx, p[1]-a[1]-t*dy)
}

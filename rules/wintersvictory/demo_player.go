package wintersvictory

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"galloper/rules"
	"galloper/rules/hex"
)

// The demo's players (rules.Demonstrator). Each writes its side's orders
// from its own view alone, as a person reading the report would: the map
// with the units it sees, its roster and the lines of its report. The
// French advance on Serpallen under an Attack Order, send orders down
// their chain (one to a leader in the Army Commander's hex, received at
// once, to Desjardins at the HQ; one from him to Lefranc's brigade far
// ahead, delayed by distance and counting down), bring
// their guns into action and charge with their cuirassiers; the Allies
// pass orders down theirs, stand, fire, and form square when enemy
// cavalry is about to charge. Neither side sets a standing RETREAT, so
// each retreat with a choice of hexes asks its owner; the French set
// REACTION TOWARD, the Allies nothing, so Allied cavalry reaction facing
// asks the Allied player.

// demoView is what a demo player reads from its view.
type demoView struct {
	v       rules.View
	side    rules.Side
	turn    int
	segment string
	terrain map[string]string
	level   map[string]int   // elevation by hex (10.13)
	own     []rules.UnitView // own combat units
	leaders map[string]string
	enemy   []rules.UnitView
	brigade map[string]string // unit name to its leader
	lines   []string
	sight   int
}

func readDemoView(v rules.View, side rules.Side) *demoView {
	d := &demoView{v: v, side: side, terrain: map[string]string{}, level: map[string]int{}, leaders: map[string]string{}, brigade: map[string]string{}, lines: v.Lines, sight: daylightSight}
	fmt.Sscanf(v.Segment, "Turn %d", &d.turn)
	if _, seg, ok := strings.Cut(v.Segment, "), "); ok {
		d.segment = seg
	}
	for _, l := range v.Lines {
		fmt.Sscanf(l, "Visibility this turn: %d hexes.", &d.sight)
	}
	if v.Map == nil {
		return d
	}
	for _, h := range v.Map.Hexes {
		d.terrain[h.ID] = h.Terrain
		d.level[h.ID] = h.Elevation
	}
	for _, u := range v.Map.Units {
		switch {
		case u.Side != side:
			d.enemy = append(d.enemy, u)
		case u.Kind == "leader":
			d.leaders[u.Name] = u.Hex
		default:
			d.own = append(d.own, u)
		}
	}
	for _, g := range v.Roster {
		if g.Enemy {
			continue
		}
		for _, u := range g.Units {
			d.brigade[u.Name] = g.Command
		}
	}
	return d
}

func demoAxial(id string) hex.Axial {
	o, _ := layout.ParseID(id)
	return layout.ToAxial(o)
}

func demoDist(a, b string) int { return hex.Distance(demoAxial(a), demoAxial(b)) }

func demoBearing(a, b string) float64 {
	oa, _ := layout.ParseID(a)
	ob, _ := layout.ParseID(b)
	xa, ya := layout.Center(oa, 1)
	xb, yb := layout.Center(ob, 1)
	r := math.Atan2(xb-xa, yb-ya) * 180 / math.Pi
	if r < 0 {
		r += 360
	}
	return r
}

// neighbours of a hex on the map, in direction order.
func (d *demoView) neighbours(id string) []string {
	a := demoAxial(id)
	var out []string
	for dir := range hex.Directions {
		n := layout.ID(layout.ToOffset(a.Neighbor(dir)))
		if _, ok := d.terrain[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

// occupied reports a hex holding any combat unit the player sees.
func (d *demoView) occupied(h string) bool {
	for _, u := range d.own {
		if u.Hex == h {
			return true
		}
	}
	for _, u := range d.enemy {
		if u.Hex == h {
			return true
		}
	}
	return false
}

// nearestEnemy is the nearest seen enemy combat unit to hex h.
func (d *demoView) nearestEnemy(h string, kinds ...string) (rules.UnitView, int) {
	best, bd := rules.UnitView{}, 1<<20
	for _, e := range d.enemy {
		if e.Kind == "leader" || len(kinds) > 0 && !slices.Contains(kinds, e.Kind) {
			continue
		}
		if dd := demoDist(h, e.Hex); dd < bd || dd == bd && e.Name < best.Name {
			best, bd = e, dd
		}
	}
	return best, bd
}

// facingOf reads a unit's facing vertex from its view bearing.
func facingOf(u rules.UnitView) int {
	if u.Facing == nil {
		return 0
	}
	best, bd := 0, 999.0
	for v := range 6 {
		if a := angleOff(layout.CornerBearing(v), *u.Facing); a < bd {
			best, bd = v, a
		}
	}
	return best
}

// inFrontOf reports whether hex t lies in u's front arc.
func inFrontOf(u rules.UnitView, t string) bool {
	return angleOff(layout.CornerBearing(facingOf(u)), demoBearing(u.Hex, t)) <= 60+1e-6
}

// faceToward is the vertex nearest the bearing from a to b.
func faceToward(a, b string) string {
	best, bd := 0, 999.0
	for v := range 6 {
		if x := angleOff(layout.CornerBearing(v), demoBearing(a, b)); x < bd {
			best, bd = v, x
		}
	}
	return facingNames[best]
}

// path walks from a toward goal through clear or light-cover hexes not
// held by a unit, at most steps hexes, stopping where stop says.
func (d *demoView) path(a, goal string, steps int, stop func(h string) bool, taken map[string]bool) []string {
	var out []string
	cur := a
	for len(out) < steps && cur != goal {
		next := ""
		for _, n := range d.neighbours(cur) {
			t := d.terrain[n]
			if demoDist(n, goal) >= demoDist(cur, goal) || t != "clear" && t != "light-cover" || d.occupied(n) || taken[n] {
				continue
			}
			next = n
			break
		}
		if next == "" || stop(next) {
			break
		}
		out = append(out, next)
		cur = next
	}
	return out
}

// leaderLine finds the report line of one of the side's leaders.
func (d *demoView) leaderLine(name string) string {
	for _, l := range d.lines {
		if strings.Contains(l, " "+name+" at ") {
			return l
		}
	}
	return ""
}

func demoOrders(v rules.View, side rules.Side) string {
	d := readDemoView(v, side)
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	switch d.segment {
	case "French Command", "Allied Command":
		d.command(w)
	case "French Movement", "Allied Movement":
		d.movement(w)
	case "French Shock", "Allied Shock":
		d.shock(w)
	case "Reciprocal Fire":
		d.fire(w)
	}
	return b.String()
}

// command writes the Command Phase orders.
func (d *demoView) command(w func(string, ...any)) {
	first := d.turn == 20
	may := map[string]bool{} // leaders an order may reach this phase
	if d.side == SideFrench {
		if first {
			d.order(w, may, "Napoleon", []string{"d'Hautpoul"}, "1206", "ORDER")
			d.order(w, may, "Napoleon", []string{"Davout"}, "1407", "ATTACK")
		}
		// Lefranc's brigade is far ahead: the order passes through
		// Desjardins, who needs an Order Received to send it.
		if !strings.Contains(d.leaderLine("Lefranc"), "Order Received") && !d.courierTo("Lefranc") {
			if !strings.Contains(d.leaderLine("Desjardins"), "Order Received") && d.commandPoints() > 0 {
				d.order(w, may, "Napoleon", []string{"Desjardins"}, "1410", "ORDER")
			}
			d.order(w, may, "Desjardins", []string{"Lefranc"}, "1412", "ORDER")
		}
		if strings.Contains(d.leaderLine("Desjardins"), "Order Received") && !strings.Contains(d.leaderLine("Lapisse"), "Order Received") {
			d.order(w, may, "Desjardins", []string{"Lapisse"}, "1410", "ORDER")
		}
		verb := "ORDER"
		if strings.Contains(d.leaderLine("Davout"), "Attack Order held") {
			verb = "ATTACK" // 17.71: he implements it, a Corps Attack Order
		}
		d.order(w, may, "Davout", []string{"Friant"}, "1305", verb)
		d.order(w, may, "Friant", []string{"Lochet", "Grandeau"}, "1305", "ORDER")
		d.charge(w)
		w("STANDING")
		w("REACTION TOWARD")
		w("END")
		return
	}
	if first {
		d.order(w, may, "Bennigsen", []string{"Golitsyn"}, "2307", "ORDER")
	}
	d.order(w, may, "Tuchkov", []string{"Essen"}, "1905", "ORDER")
	d.order(w, may, "Ostermann", []string{"Kamensky"}, "1910", "ORDER")
	d.order(w, may, "Essen", []string{"Zapolsky", "Rakhmanov"}, "1904", "ORDER")
	d.order(w, may, "Kamensky", []string{"Barclay", "Titov"}, "1910", "ORDER")
}

// commandPoints reads the side's Command Points from the report.
func (d *demoView) commandPoints() int {
	n := 0
	for _, l := range d.lines {
		if strings.HasPrefix(l, string(d.side)+" Army Command Points: ") {
			fmt.Sscanf(strings.TrimPrefix(l, string(d.side)+" Army Command Points: "), "%d", &n)
		}
	}
	return n
}

// order sends one order from a commander to one of the receivers, taken
// in turn by the turn's number, when the limits of 17.31-17.41 allow it
// as far as the report tells: a Mobilized sender orders within his
// radius (17.33); a Division Leader without an Order Received (nor one
// that may reach him earlier in the same phase) orders only when
// Mobilized (17.41).
func (d *demoView) order(w func(string, ...any), may map[string]bool, from string, to []string, objective, verb string) {
	line := d.leaderLine(from)
	radius, standing := 99, 0
	if i := strings.Index(line, "Mobilized, radius "); i >= 0 {
		fmt.Sscanf(line[i:], "Mobilized, radius %d", &radius)
	}
	if i := strings.Index(line, "Standing, radius "); i >= 0 {
		fmt.Sscanf(line[i:], "Standing, radius %d", &standing)
	}
	holds := strings.Contains(line, "Order Received") || strings.Contains(line, "Attack Order") || may[from]
	if strings.Contains(line, "Division Leader") && !holds && radius == 99 {
		return
	}
	for k := range to {
		r := to[(d.turn+k)%len(to)]
		a, b := d.leaders[from], d.leaders[r]
		if a == "" || b == "" || demoDist(a, b) > radius {
			continue
		}
		w("%s %s TO %s: OBJECTIVE %s", verb, from, r, objective)
		own := radius
		if radius == 99 {
			own = standing
		}
		if demoDist(a, b) <= own-2 { // a margin for paths round the enemy
			may[r] = true
		}
		return
	}
}

// courierTo reports an order on its way to a leader, by the report.
func (d *demoView) courierTo(name string) bool {
	for _, l := range d.lines {
		if strings.Contains(l, " to "+name+" (objective") {
			return true
		}
	}
	return false
}

// charge declares the cuirassiers' charges at enemy infantry in reach.
func (d *demoView) charge(w func(string, ...any)) {
	for _, u := range d.own {
		if l := d.leaders[d.brigade[u.Name]]; u.Kind != "cavalry" || u.Status != "" || l == "" || demoDist(l, u.Hex) > 2 {
			continue // only formed cavalry near its Brigade Leader, In Command (17.13)
		}
		best, bd := rules.UnitView{}, 99
		for _, e := range d.enemy {
			t := d.terrain[e.Hex]
			dd := demoDist(u.Hex, e.Hex)
			if e.Kind != "infantry" || dd > 6 || dd > d.sight || !inFrontOf(u, e.Hex) || t == "woods" || t == "town" || t == "frozen-wetlands" {
				continue
			}
			if dd < bd {
				best, bd = e, dd
			}
		}
		if bd < 99 {
			w("CHARGE %s: %s", u.Name, best.Name)
		}
	}
}

// movement writes the Movement Phase orders.
func (d *demoView) movement(w func(string, ...any)) {
	taken := map[string]bool{}
	ends := map[string]string{} // leader to the hex he should ride to
	for _, u := range d.own {
		if l := d.brigade[u.Name]; l != "" {
			if _, ok := ends[l]; !ok {
				ends[l] = u.Hex // the leader keeps with his first unit
			}
		}
		// Lefranc's brigade, far ahead, and Desjardins with his battery
		// hold their ground until Desjardins has sent his first order.
		if b := d.brigade[u.Name]; (b == "Lefranc" || b == "Desjardins") && d.turn == 20 {
			continue
		}
		e, ed := d.nearestEnemy(u.Hex)
		leaderHex := d.leaders[d.brigade[u.Name]]
		inReach := leaderHex != "" && demoDist(leaderHex, u.Hex) <= 2
		switch {
		case d.side == SideAllied && u.Kind == "infantry" && u.Formation != "square" && !strings.Contains(u.Status, "Routed") && d.cavalryThreat(u.Hex):
			w("FORM %s: SQUARE", u.Name)
			continue
		case u.Kind == "artillery" && u.Formation == "limbered" && ed <= 8:
			w("FORM %s: UNLIMBERED; FACE %s", u.Name, faceToward(u.Hex, e.Hex))
			continue
		case u.Kind == "artillery" && u.Formation == "unlimbered", u.Status != "", u.Formation == "square", !inReach:
			continue
		}
		goal, steps, keep := "", 3, 2
		switch {
		case d.side == SideFrench:
			goal = layout.ID(layout.ToOffset(demoAxial(u.Hex).Add(hex.Axial{Q: 8, R: -4})))
			if d.turn >= 22 {
				keep = 1 // the assault: close to shock
			}
			if u.Kind == "cavalry" {
				steps, keep = 5, 4
			}
		case d.turn <= 21 && u.Kind == "infantry":
			goal = layout.ID(layout.ToOffset(demoAxial(u.Hex).Add(hex.Axial{Q: -4, R: 2})))
			steps, keep = 2, 4
		case u.Kind == "cavalry":
			// The Allied horse watches the French advance from 4 hexes.
			goal = layout.ID(layout.ToOffset(demoAxial(u.Hex).Add(hex.Axial{Q: -4, R: 2})))
			steps, keep = 3, 4
		default:
			continue
		}
		if e.Name != "" && u.Kind != "artillery" {
			goal = e.Hex
		}
		p := d.path(u.Hex, goal, steps, func(h string) bool {
			_, dd := d.nearestEnemy(h)
			return dd < keep
		}, taken)
		if len(p) == 0 {
			continue
		}
		end := p[len(p)-1]
		taken[end] = true
		face := ""
		if e.Name != "" && u.Kind != "artillery" && !inFrontOf(rules.UnitView{Hex: end, Facing: u.Facing}, e.Hex) {
			face = "; FACE " + faceToward(end, e.Hex)
		}
		w("MOVE %s: %s%s", u.Name, strings.Join(p, " "), face)
		if l := d.brigade[u.Name]; l != "" && ends[l] == u.Hex {
			ends[l] = end
		}
	}
	// A Division Leader with no units of his own (a cavalry division)
	// rides after the first of his Brigade Leaders (16.2), to keep them
	// within his radius.
	for l := range d.leaders {
		if _, ok := ends[l]; ok || !strings.Contains(d.leaderLine(l), "Division Leader") {
			continue
		}
		for b := range d.leaders {
			if e, ok := ends[b]; ok && strings.Contains(d.leaderLine(b), "(under "+l+")") && strings.Contains(d.leaderLine(b), "Brigade Leader") {
				if cur, ok := ends[l]; !ok || e < cur {
					ends[l] = e
				}
			}
		}
	}
	for _, l := range slices.Sorted(func(yield func(string) bool) {
		for k := range ends {
			if !yield(k) {
				return
			}
		}
	}) {
		from := d.leaders[l]
		if from == "" || from == ends[l] || strings.Contains(d.leaderLine(l), "Out of Command") || d.turn == 20 && (l == "Desjardins" || l == "Lefranc") {
			continue
		}
		if p := d.leaderPath(from, ends[l], 6); len(p) > 0 {
			w("MOVE %s: %s", l, strings.Join(p, " "))
		}
	}
}

// leaderPath is a leader's path of at most n hexes toward goal, never
// into a hex the player sees an enemy in.
func (d *demoView) leaderPath(a, goal string, n int) []string {
	var out []string
	cur := a
	for len(out) < n && cur != goal {
		next := ""
		for _, h := range d.neighbours(cur) {
			if demoDist(h, goal) < demoDist(cur, goal) && !d.enemyAt(h) {
				next = h
				break
			}
		}
		if next == "" {
			break
		}
		out = append(out, next)
		cur = next
	}
	return out
}

func (d *demoView) enemyAt(h string) bool {
	for _, e := range d.enemy {
		if e.Hex == h {
			return true
		}
	}
	return false
}

// cavalryThreat reports enemy cavalry charging, or formed within 4
// hexes, of hex h.
func (d *demoView) cavalryThreat(h string) bool {
	for _, e := range d.enemy {
		if e.Kind != "cavalry" {
			continue
		}
		dd := demoDist(h, e.Hex)
		if strings.Contains(e.Status, "Charging") && dd <= 7 || e.Status == "" && dd <= 4 {
			return true
		}
	}
	return false
}

// inCommand approximates 17.11 from the report: within 2 hexes of its
// Brigade Leader (a margin for radius paths round the enemy), or next to
// a unit of its brigade that is.
func (d *demoView) inCommand(u rules.UnitView) bool {
	near := func(x rules.UnitView) bool {
		l := d.leaders[d.brigade[x.Name]]
		return l != "" && demoDist(l, x.Hex) <= 2
	}
	if near(u) {
		return true
	}
	for _, o := range d.own {
		if o.Name != u.Name && d.brigade[o.Name] == d.brigade[u.Name] && demoDist(o.Hex, u.Hex) == 1 && near(o) {
			return true
		}
	}
	return false
}

// shock writes infantry shocks on adjacent enemy hexes in front.
func (d *demoView) shock(w func(string, ...any)) {
	for _, u := range d.own {
		if u.Kind != "infantry" || u.Status != "" || u.Formation == "square" || !d.inCommand(u) {
			continue
		}
		for _, e := range d.enemy {
			if demoDist(u.Hex, e.Hex) == 1 && inFrontOf(u, e.Hex) && e.Kind != "leader" {
				w("SHOCK %s: %s", u.Name, e.Hex)
				break
			}
		}
	}
}

// fire writes a fire plan for every unit with a target in reach: the
// enemy units nearest first.
func (d *demoView) fire(w func(string, ...any)) {
	for _, u := range d.own {
		reach := 2
		switch {
		case u.Kind == "artillery" && u.Formation == "unlimbered":
			reach = 8
		case u.Kind != "infantry" || strings.Contains(u.Status, "Routed"):
			continue
		}
		var ts []rules.UnitView
		for _, e := range d.enemy {
			dd := demoDist(u.Hex, e.Hex)
			if e.Kind != "leader" && dd <= reach && dd <= d.sight && d.observes(u.Hex, e.Hex) && (inFrontOf(u, e.Hex) || u.Formation == "square" || strings.Contains(u.Status, "Disordered") && u.Kind != "artillery") {
				ts = append(ts, e)
			}
		}
		if len(ts) == 0 {
			continue
		}
		slices.SortStableFunc(ts, func(a, b rules.UnitView) int { return demoDist(u.Hex, a.Hex) - demoDist(u.Hex, b.Hex) })
		var ns []string
		for _, t := range ts {
			ns = append(ns, t.Name)
		}
		w("FIRE %s: %s", u.Name, strings.Join(ns, ", "))
	}
}

// observes is the line of sight (10.4) as the view shows it: the map's
// terrain and elevation and every unit the side sees (any unit between a
// firer and a target in sight is itself in sight).
func (d *demoView) observes(a, b string) bool {
	sp := map[string]int{}
	for _, us := range [][]rules.UnitView{d.own, d.enemy} {
		for _, u := range us {
			n, _ := strconv.Atoi(u.Strength)
			sp[u.Hex] += n
		}
	}
	read := func(line []hex.Axial) []ground {
		out := make([]ground, len(line))
		for i, ax := range line {
			id := layout.ID(layout.ToOffset(ax))
			t, lv := d.terrain[id], d.level[id]
			slope := false
			for dir := range hex.Directions {
				n := layout.ID(layout.ToOffset(ax.Neighbor(dir)))
				if l, ok := d.level[n]; ok && l < lv {
					slope = true
				}
			}
			out[i] = ground{level: lv, slope: slope, woods: t == "woods", blocker: t == "woods" || t == "town" || sp[id] >= 2}
		}
		return out
	}
	l, r := hex.Line(demoAxial(a), demoAxial(b))
	return losClear(read(l)) || losClear(read(r))
}

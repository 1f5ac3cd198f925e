package battlehymn

import (
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
	"galloper/rules/hex"
)

var _ rules.Demonstrator = System{}

// demoScenario is the scenario `galloper demo --system battlehymn` plays.
const demoScenario = "willoughby-run"

// DemoScenario implements rules.Demonstrator: Willoughby Run, its six
// Hours.
func (System) DemoScenario() (string, []rules.Side, int) {
	return demoScenario, []rules.Side{"CSA", "USA"}, 6
}

// DemoShows implements rules.Demonstrator: the draws, the Initiative
// Combat Turn played by its trigger, bombardment, Approach Fire,
// Engagements fought over two rounds, retreats, and a script that no
// longer fits put to its owner.
func (System) DemoShows() []string {
	return []string{"draw", "initiative-trigger", "bombard", "approach-fire", "engagement", "round-two", "retreat", "script-misfit", "decision"}
}

// DemoOrders implements rules.Demonstrator: each side's scripts for the
// Hour, written from its view. The Confederates advance on McPherson's
// Ridge, one script through the hex Buford's troopers screen (it will not
// fit when Heth is drawn, and the owner is asked); each side holding the
// Initiative plays its Combat Turn by a trigger; reinforcements enter by
// their Entry Areas; at Night the demoralized rally.
func (System) DemoOrders(v rules.View, side rules.Side) string {
	if v.Map == nil {
		return ""
	}
	d := demoView{v: v, at: map[string]rules.UnitView{}, occupied: map[string]bool{}}
	for _, u := range v.Map.Units {
		d.at[u.Name] = u
		d.occupied[u.Hex] = true
	}
	hour := 0
	if f := strings.Fields(v.Segment); len(f) >= 2 {
		hour, _ = strconv.Atoi(f[1])
	}
	night := strings.Contains(v.Segment, "Night")
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	for _, g := range v.Roster {
		if g.Enemy || g.Side != side {
			continue
		}
		for _, u := range g.Units {
			uv, on := d.at[u.Name]
			switch {
			case night:
				if on && strings.Contains(uv.Strength, "d") {
					if n := demoralized(uv.Strength); n >= 2 {
						w("RALLY %s", u.Name)
					}
				}
			case strings.HasPrefix(u.Position, "Entry Area"):
				var due int
				fmt.Sscanf(u.State, "arrives Hour %d", &due)
				if hx := d.entry(u.Name, side); hx != "" && due <= hour {
					w("MOVE %s: %s", u.Name, hx)
				}
			case on && side == "CSA" && hour == 1 && u.Name == "Davis":
				w("MOVE Davis: 0805 0705 0605") // up the Pike into the Iron Brigade's ZOC
			case on && side == "CSA" && hour == 1 && u.Name == "Jenkins":
				w("MOVE Jenkins: 0908 0808 0708 0608") // through Gamble's ZOC: it will not fit
			case on && u.Kind == string(Infantry) && !d.engaged(uv) && (side == "CSA" || hour >= 2):
				if hx := d.toward(uv, demoMA(u.Grade)); hx != "" {
					w("MOVE %s: %s", u.Name, hx)
				}
			}
		}
	}
	if strings.Contains(strings.Join(v.Lines, " "), string(side)+" holds the Initiative") && !night {
		switch side {
		case "CSA":
			w("COMBAT AFTER Heth's Division")
		default:
			w("COMBAT WHEN ENEMY ADJACENT TO Iron Brigade")
			w("COMBAT WHEN 2 LEFT")
		}
	}
	w("STANDING")
	w("ADVANCE AFTER COMBAT ALWAYS")
	w("ENGAGEMENTS AT RANDOM")
	w("END")
	return b.String()
}

// demoView is what a demo player reads off his view.
type demoView struct {
	v        rules.View
	at       map[string]rules.UnitView
	occupied map[string]bool
}

// demoMA reads the MA off a roster line's grade, "MR +1, MA 6".
func demoMA(grade string) int {
	_, ma, _ := strings.Cut(grade, "MA ")
	n, _ := strconv.Atoi(ma)
	return n
}

func demoralized(s string) int {
	_, d, ok := strings.Cut(s, "/")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(d, "d"))
	return n
}

func (d *demoView) axial(id string) hex.Axial {
	o, _ := d.v.Map.Layout.ParseID(id)
	return d.v.Map.Layout.ToAxial(o)
}

// engaged reports whether an enemy unit stands next to u.
func (d *demoView) engaged(u rules.UnitView) bool {
	for _, e := range d.v.Map.Units {
		if e.Side != u.Side && hex.Distance(d.axial(e.Hex), d.axial(u.Hex)) <= 1 {
			return true
		}
	}
	return false
}

// toward is a path of free hexes toward the nearest enemy unit, as long
// as the unit's MA pays for it on the scenario's map and it is not yet
// next to an enemy; "" when no step brings it nearer.
func (d *demoView) toward(u rules.UnitView, ma int) string {
	s, err := demoState()
	if err != nil {
		return ""
	}
	var enemies []hex.Axial
	for _, e := range d.v.Map.Units {
		if e.Side != u.Side {
			enemies = append(enemies, d.axial(e.Hex))
		}
	}
	nearest := func(a hex.Axial) int {
		best := 1 << 30
		for _, e := range enemies {
			best = min(best, hex.Distance(a, e))
		}
		return best
	}
	var path []string
	cur, spent := u.Hex, 0
	for nearest(d.axial(cur)) > 1 {
		here := d.axial(cur)
		pick, pd, pc := "", nearest(here), 0
		for dir := 0; dir < 6; dir++ {
			n := here.Neighbor(dir)
			o := d.v.Map.Layout.ToOffset(n)
			if o.Col < 1 || o.Col > d.v.Map.Cols || o.Row < 1 || o.Row > d.v.Map.Rows {
				continue
			}
			id := d.v.Map.Layout.ID(o)
			cost, err := s.charts.EnterCost(UnitType(u.Kind), s.board.terrain(id), s.board.features(cur, id), s.board.elevation(id) > s.board.elevation(cur))
			if err != nil || d.occupied[id] || spent+cost > ma {
				continue
			}
			if dist := nearest(n); dist < pd || (dist == pd && pick != "" && id < pick) {
				pick, pd, pc = id, dist, cost
			}
		}
		if pick == "" {
			break
		}
		path = append(path, pick)
		cur, spent = pick, spent+pc
	}
	if len(path) == 0 {
		return ""
	}
	d.occupied[path[len(path)-1]] = true
	return strings.Join(path, " ")
}

// entry is a free hex of the unit's Entry Area, from the scenario's map
// (public data: the Entry Areas are printed on the map, BH 12.2).
func (d *demoView) entry(unit string, side rules.Side) string {
	s, err := demoState()
	if err != nil {
		return ""
	}
	u := s.unit(unit)
	if u == nil {
		return ""
	}
	for _, hx := range s.board.entryArea(u.Entry) {
		if !d.occupied[hx] {
			d.occupied[hx] = true
			return hx
		}
	}
	return ""
}

func demoState() (*State, error) {
	data, err := scenarioData(demoScenario)
	if err != nil {
		return nil, err
	}
	return LoadScenario(demoScenario, data)
}

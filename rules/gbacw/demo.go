package gbacw

import (
	"fmt"
	"sort"
	"strings"

	"galloper/rules"
	"galloper/rules/hex"
)

// The demo: both sides play Bristoe Ford by email, each writing its
// orders from its own view only. The Union stands on the defensive with
// its cavalry set to countercharge; the Confederates attack. Neither
// side sets CONTINUED SHOCK, so a Continued Shock asks for a decision.

// DemoScenario implements rules.Demonstrator.
func (System) DemoScenario() (string, []rules.Side, int) {
	return "bristoe-ford", []rules.Side{"USA", "CSA"}, 7
}

// DemoShows implements rules.Demonstrator: efficiency, blind
// activations, an Orders Change roll, reactions answered by doctrine,
// fire, shock with a countercharge, a rout, and a decision.
func (System) DemoShows() []string {
	return []string{"em-drawn", "efficiency", "am-drawn", "orders-change", "reaction", "fire", "shock-result", "countercharge", "rout", "decision"}
}

// DemoOrders implements rules.Demonstrator.
func (System) DemoOrders(v rules.View, side rules.Side) string {
	var b strings.Builder
	doctrine := map[rules.Side]string{
		"USA": "STANDING\nREACTION FACING FACE\nRETURN FIRE FULL\nCOUNTERCHARGE ALWAYS\nRETREAT BEFORE SHOCK NEVER\nRETREAT PATH TOWARD FRIENDS\nEND\n",
		"CSA": "STANDING\nREACTION FACING REFUSE\nRETURN FIRE FULL\nPRE-SHOCK FIRE ALWAYS\nRETREAT BEFORE SHOCK IF OUTNUMBERED\nEND\n",
	}
	if strings.HasPrefix(v.Segment, "Before turn 1") {
		return doctrine[side]
	}
	if v.Map == nil || v.Segment == "game over" {
		return ""
	}
	initiative := false
	first := strings.HasPrefix(v.Turn, "Turn 1 ")
	orders := map[string]string{} // own brigades on the map: their Orders
	var brigades []string
	for _, l := range v.Lines {
		if strings.HasPrefix(l, string(side)+": ") && strings.Contains(l, "holds the Initiative") {
			initiative = true
		}
		if strings.HasPrefix(l, string(side)+" ") && strings.Contains(l, " Orders") && !strings.Contains(l, "enters on turn") && !strings.Contains(l, "doctrine") {
			name, rest, _ := strings.Cut(strings.TrimPrefix(l, string(side)+" "), " (")
			_, o, _ := strings.Cut(rest, "): ")
			o, _, _ = strings.Cut(o, " Orders")
			orders[name] = o
			brigades = append(brigades, name)
		}
	}
	// want gives a brigade new Orders: free in the Division Orders Phase
	// of the first turn, by an Orders Change roll after that.
	want := func(br, o string) {
		switch {
		case orders[br] == o:
		case first:
			fmt.Fprintf(&b, "ORDERS %s %s\n", br, strings.ToUpper(o))
		default:
			fmt.Fprintf(&b, "BRIGADE %s: CHANGE %s\n", br, strings.ToUpper(o))
		}
	}
	if side == "USA" {
		if first {
			b.WriteString("BONUS 1st Division +1\n") // Wadsworth starts in Reynolds's range
		}
		if initiative {
			b.WriteString("FIRST 1st Division\n")
		}
		for _, br := range brigades {
			switch br {
			case "Iron Brigade":
				if orders[br] != "Attack" {
					b.WriteString("BRIGADE Iron Brigade: CHANGE ATTACK IF WITHIN 4\n")
				}
			case "Paul's Brigade":
				want(br, "Advance")
			case "Gamble's Brigade":
				want(br, "Attack") // its cavalry countercharges without a UDD (11.56)
			}
		}
	} else {
		if initiative {
			b.WriteString("FIRST Heth\n")
		}
		for _, br := range brigades {
			switch br {
			// Scales's Brigade, the reserve on the pike, keeps Advance Orders.
			case "Archer's Brigade", "Davis's Brigade", "Jones's Brigade":
				want(br, "Attack")
			case "Lane's Brigade":
				if orders[br] != "Attack" {
					b.WriteString("BRIGADE Lane's Brigade: CHANGE ATTACK\n")
				}
			}
		}
	}
	own, enemy := demoUnits(v, side)
	for _, u := range own {
		target := nearest(v, u, enemy, u.Kind == "cavalry")
		switch {
		case u.Kind == "artillery":
			fmt.Fprintf(&b, "UNIT %s: FIRE\n", u.Name)
		case side == "USA" && u.Kind == "cavalry":
			// The Union cavalry holds its ground, fresh for a Countercharge.
			fmt.Fprintf(&b, "UNIT %s: IF DISORDERED AND NOT ADJACENT RALLY; HOLD\n", u.Name)
		case side == "USA":
			fmt.Fprintf(&b, "UNIT %s: IF DISORDERED AND NOT ADJACENT RALLY; IF ADJACENT SHOCK; IF ATTACK TOWARD %s THEN FIRE; FIRE\n", u.Name, target)
		case u.Kind == "cavalry":
			// Cavalry already next to the enemy shocks: without moving it
			// may not Charge (11.51).
			fmt.Fprintf(&b, "UNIT %s: IF DISORDERED AND NOT ADJACENT RALLY; IF ADJACENT SHOCK; TOWARD %s THEN CHARGE\n", u.Name, target)
		default:
			fmt.Fprintf(&b, "UNIT %s: IF DISORDERED AND NOT ADJACENT RALLY; IF ADJACENT SHOCK; TOWARD %s THEN FIRE THEN CHARGE\n", u.Name, target)
		}
	}
	// Reinforcements due enter by movement (9.71): each moves on from its
	// Entrance hex toward the enemy, making room for those behind it.
	for _, g := range v.Roster {
		for _, u := range g.Units {
			if at, ok := strings.CutPrefix(u.Position, "to enter at "); ok && g.Side == side {
				fmt.Fprintf(&b, "UNIT %s: TOWARD %s\n", u.Name, nearest(v, rules.UnitView{Hex: at}, enemy, false))
			}
		}
	}
	b.WriteString(doctrine[side])
	return b.String()
}

// demoUnits splits the view's combat units into the side's and the
// enemy's, by name.
func demoUnits(v rules.View, side rules.Side) (own, enemy []rules.UnitView) {
	for _, u := range v.Map.Units {
		if u.Kind == "leader" {
			continue
		}
		if u.Side == side {
			own = append(own, u)
		} else {
			enemy = append(enemy, u)
		}
	}
	sort.Slice(own, func(i, j int) bool { return own[i].Name < own[j].Name })
	return own, enemy
}

// nearest is the hex of the nearest enemy unit, cavalry first when
// cavalry is preferred.
func nearest(v rules.View, u rules.UnitView, enemy []rules.UnitView, cavalry bool) string {
	l := v.Map.Layout
	at := func(id string) hex.Axial {
		o, _ := l.ParseID(id)
		return l.ToAxial(o)
	}
	best, bestD := u.Hex, 1<<30
	for _, pass := range []bool{true, false} {
		for _, e := range enemy {
			if pass && (!cavalry || e.Kind != "cavalry") {
				continue
			}
			if d := hex.Distance(at(u.Hex), at(e.Hex)); d < bestD || (d == bestD && e.Hex < best) {
				best, bestD = e.Hex, d
			}
		}
		if bestD < 1<<30 {
			break
		}
	}
	return best
}

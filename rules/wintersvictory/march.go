package wintersvictory

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// Grand Tactical Movement and Road Column (See WV 6.4, 6.6). MARCH moves
// a unit by Grand Tactical Movement:
//
//  1. Eligible (6.41): Formed or in General Order, In Command, not
//     Disordered or Routed; infantry in column (or Road Column); cavalry
//     not exhausted; artillery limbered (or Road Column). It starts no
//     nearer than 7 hexes to a non-routed enemy unit (ruling R63).
//  2. Its allowance is its Movement Allowance plus 2 (6.41).
//  3. Each hex and hexside costs the Grand Tactical column of the Terrain
//     Effects Chart (6.42), with the road exemption of 6.52 for infantry
//     and cavalry, 1 MP for cavalry and artillery entering woods or
//     Frozen Wetlands from a connecting road hex and +1 MP for a stream a
//     road crosses (6.42); a Major Stream stops artillery off the road
//     (6.22).
//  4. In Road Column (6.6) it moves along the road only (ruling R63),
//     ignoring terrain, at 1/2 MP a hex on a Major Road and 2/3 MP on a
//     Minor Road, through units not in Road Column whatever the stacking
//     limits (6.64), but not through another unit in Road Column nor the
//     road it fills behind it (6.65; ruling R93).
//  5. Facing is all-around (6.42.1, 6.63): no facing costs; the front
//     ends toward the last hex entered, or as the order says. It is never
//     Disordered nor put in General Order by terrain (6.42.2).
//  6. It ends the instant it enters a hex within 6 hexes of a non-routed
//     enemy unit (6.41): a path that goes on is refused; an enemy unit
//     unseen when the orders were checked stops it there.
//
// Movement Points are counted in sixths here, for the 2/3 MP of a Minor
// Road; the phase's spent points (in halves) are rounded up.

// gtmNear is the distance within which no unit moves by Grand Tactical
// Movement (6.41).
const gtmNear = 6

// enemyNear is the nearest non-routed enemy unit within gtmNear hexes of
// h, or nil; a side that checks its own orders sees only what it sees.
func (r *run) enemyNear(side rules.Side, h string) *Unit {
	var best *Unit
	for i := range r.s.Units {
		e := &r.s.Units[i]
		if e.Side == side || e.Eliminated || e.Morale == moraleRouted || r.dry() && !r.s.sees(side, e.Hex) {
			continue
		}
		if d := r.s.dist(h, e.Hex); d <= gtmNear && (best == nil || d < r.s.dist(h, best.Hex)) {
			best = e
		}
	}
	return best
}

// marchProblem says why u may not move by Grand Tactical Movement now
// (6.41), or "".
func marchProblem(u *Unit, inCmd bool) string {
	switch {
	case u.Morale != "":
		return "a Disordered or Routed unit may not"
	case !inCmd:
		return "it is Out of Command"
	case u.Type == "infantry" && u.Formation != "column" && u.Formation != "road column":
		return "infantry marches in column only"
	case u.Type == "cavalry" && u.Exhausted:
		return "exhausted cavalry may not"
	case u.Type == "artillery" && u.Formation == "unlimbered":
		return "unlimbered artillery does not move"
	}
	return ""
}

// march carries out a MARCH.
func (r *run) march(side rules.Side, u *Unit, o *wvtext.Order, inCmd bool) {
	refuse := func(code, rule, msg, sugg string) { r.refuse(side, o.At, code, rule, u.Name+": "+msg, sugg) }
	if r.moved[u.Name] {
		refuse("wv-6.1-moved", "WV 6.1", "it has moved already this phase: one MOVE or MARCH a unit", "join the moves into one path")
		return
	}
	if why := marchProblem(u, inCmd); why != "" {
		refuse("wv-6.41-not-eligible", "WV 6.41", why+" move by Grand Tactical Movement", "MOVE it instead")
		return
	}
	if e := r.enemyNear(side, u.Hex); e != nil {
		refuse("wv-6.41-enemy-near", "WV 6.41", fmt.Sprintf("an enemy unit is within %d hexes: no Grand Tactical Movement", gtmNear), "MOVE it instead")
		return
	}
	r.marchPath(side, u, o, o.Path, 3*r.spent[u.Name])
}

// marchPath moves u by Grand Tactical Movement along path, having spent
// cost sixths of a Movement Point already.
func (r *run) marchPath(side rules.Side, u *Unit, o *wvtext.Order, steps []string, cost int) {
	refuse := func(code, rule, msg, sugg string) { r.refuse(side, o.At, code, rule, u.Name+": "+msg, sugg) }
	column := u.Formation == "road column"
	at, facing, most := u.Hex, u.Facing, 6*(u.MA+2)
	path := []string{u.Hex}
	paidRoad := map[string]bool{}
	var guns []gunCheck // 6.32
	for i, h := range steps {
		switch {
		case !r.onMap(h):
			refuse("wv-off-map", "WV 6.1", h+" is not a hex of the map", "")
			return
		case r.s.dist(at, h) != 1:
			refuse("wv-6.1-not-adjacent", "WV 6.1", fmt.Sprintf("%s is not next to %s: a path names every hex entered, in order", h, at), "")
			return
		}
		if column {
			if v := r.columnAt(u, h); v != nil { // 6.64, 6.65
				refuse("wv-6.65-column", "WV 6.65", fmt.Sprintf("in Road Column it may not pass through %s, where %s in Road Column fills the road", h, v.Name), "let it march first, or go round")
				return
			}
		}
		if e := r.enemyIn(side, h); e != nil {
			if r.dry() {
				refuse("wv-6.14-enemy", "WV 6.14", "it may not enter "+h+": an enemy unit is there", "stop short of it")
				return
			}
			r.tell("moved", "WV 6.14", only(side), "%s stops at %s: an enemy unit, unseen until now, holds %s", u.Name, at, h)
			break
		}
		c, msg := r.marchCost(u, at, h, column, paidRoad)
		if msg != "" {
			code, rule := "wv-10.2-prohibited", "WV 6.42"
			if column {
				code, rule = "wv-6.6-off-road", "WV 6.6"
			}
			refuse(code, rule, msg, "")
			return
		}
		if !column {
			x, checks, msg := r.marchHexside(u, at, h)
			if msg != "" {
				refuse("wv-6.22-prohibited", "WV 6.22", msg, "go round it, or cross on a road")
				return
			}
			c += x
			guns = append(guns, checks...)
		}
		if cost += c; cost > most {
			refuse("wv-6.41-allowance", "WV 6.41", fmt.Sprintf("the path costs more than its %d Movement Points (%d and 2 for Grand Tactical Movement) at %s", u.MA+2, u.MA, h), "stop sooner")
			return
		}
		facing, _ = r.s.stepFacing(at, h, facing)
		at = h
		path = append(path, h)
		if r.enemyNear(side, h) != nil {
			if i < len(steps)-1 {
				if r.dry() {
					refuse("wv-6.41-enemy-near", "WV 6.41", fmt.Sprintf("%s is within %d hexes of an enemy unit: the march ends there", h, gtmNear), "end the path at "+h)
					return
				}
				r.tell("moved", "WV 6.41", only(side), "%s halts at %s: an enemy unit is within %d hexes", u.Name, h, gtmNear)
			}
			break
		}
	}
	if o.Facing != "" {
		facing, _ = facingIndex(o.Facing)
	}
	if msg := r.stackProblem(u, at); msg != "" && !column { // 6.64: Road Column ignores stacking
		refuse("wv-9.1-stacking", "WV 9.1", msg, "end the move elsewhere")
		return
	}
	from := u.Hex
	r.spent[u.Name], r.moved[u.Name] = (cost+2)/3, true
	for _, h := range path[1:] {
		u.Hex = h
		r.displaceLeaders(u) // 16.17
	}
	u.Hex, u.Facing, u.RoadTail = at, facing, ""
	r.tell("moved", "WV 6.4", only(side), "%s marches %s to %s by Grand Tactical Movement facing %s (%s of %d MP)", u.Name, from, at, facingNames[facing], sixths(cost), u.MA+2)
	r.traced(rules.Trace{Kind: rules.TraceMove, Side: side, Label: u.Name, Hexes: path})
	if !r.dry() {
		r.gunLoss(u, guns) // 6.32
	}
}

// marchCost is the cost in sixths of a Movement Point of entering h from
// at by Grand Tactical Movement (6.42, 6.52, 6.6), or why it may not.
func (r *run) marchCost(u *Unit, at, h string, column bool, paidRoad map[string]bool) (int, string) {
	road := r.s.roadBetween(at, h)
	if column {
		switch r.roadType(road) {
		case "major":
			return 3, "" // 1/2 MP (6.6)
		case "minor":
			return 4, "" // 2/3 MP (6.6)
		}
		return 0, fmt.Sprintf("in Road Column it moves along a road only: %s to %s is off the road (leave Road Column first)", at, h)
	}
	t := r.s.terrain(h)
	tc, err := r.pack.Terrain(t, "grand-tactical")
	if err != nil {
		return 0, err.Error()
	}
	if road != "" && t != "clear" {
		switch {
		case u.Type != "infantry" && (t == "woods" || t == "frozen-wetlands"):
			tc = TerrainCost{MP: 1} // 6.42
		case u.Type != "artillery" && paidRoad[road]:
			tc = TerrainCost{MP: 1} // 6.52
		case tc.Prohibited:
			tc = TerrainCost{MP: 2}
		}
		paidRoad[road] = true
	}
	if tc.Prohibited {
		return 0, fmt.Sprintf("%s may not enter %s (%s)", u.Type, h, t)
	}
	return 6 * tc.MP, ""
}

// marchHexside is the cost in sixths of a Movement Point of the hexside
// from at into h by Grand Tactical Movement, the Gun-Loss Checks it owes,
// or why it may not be crossed: the Grand Tactical column (6.42), +1 MP
// for a stream a road crosses (6.42), never Disorder nor General Order
// (6.42.2); a hexside the unit's own column prohibits (artillery and a
// Major Stream, 6.22) only on a road; a battery checks for gun-loss as
// its own column says, off the road (6.32).
func (r *run) marchHexside(u *Unit, at, h string) (int, []gunCheck, string) {
	road := r.s.roadBetween(at, h)
	total := 0
	var guns []gunCheck
	for _, row := range r.s.hexsideRows(at, h) {
		water := row == sideBrook || row == sideStream || row == sideMajorStream
		if water && road != "" {
			total += 6 // 6.42: "only 1 additional Movement Point"
			continue
		}
		own, err := r.pack.Terrain(row, mover(u))
		if err == nil && own.Prohibited {
			return 0, nil, fmt.Sprintf("it may not cross %s", sideName(row, at, h))
		}
		if err == nil && own.GunCheck {
			guns = append(guns, gunCheck{where: sideName(row, at, h), brookOrLC: row == sideBrook || row == "light-cover-hexside"})
		}
		c, err := r.pack.Terrain(row, "grand-tactical")
		if err != nil {
			return 0, nil, err.Error()
		}
		total += 6 * c.MP
	}
	return total, guns, ""
}

// roadType is the type of a named road, or "".
func (r *run) roadType(name string) string {
	for _, rd := range r.s.board().Roads {
		if rd.Name == name && name != "" {
			return rd.Type
		}
	}
	return ""
}

// roadAt is the type of the best road through hex h, or "" (6.61).
func (r *run) roadAt(h string) string {
	best := ""
	for _, rd := range r.s.board().Roads {
		if slices.Contains(rd.Hexes, h) && best != "major" {
			best = rd.Type
		}
	}
	return best
}

// sixths prints a count of sixths of a Movement Point.
func sixths(n int) string {
	frac := map[int]string{1: "1/6", 2: "1/3", 3: "1/2", 4: "2/3", 5: "5/6"}[n%6]
	switch {
	case frac == "":
		return fmt.Sprint(n / 6)
	case n < 6:
		return frac
	}
	return fmt.Sprintf("%d %s", n/6, frac)
}

// roadColumnForm carries out a FORM into or out of Road Column (6.61,
// 6.62): into it on a road hex, able to march, for 1 MP on a Major Road
// and 2 on a Minor one (a limbered battery 1 MP on either); out of it for
// 1 MP for each 8 SP or part of infantry, each 4 of cavalry and
// artillery, into column, the cavalry's line or limbered.
func (r *run) roadColumnForm(side rules.Side, u *Unit, o *wvtext.Order, inCmd bool) {
	refuse := func(code, rule, msg, sugg string) { r.refuse(side, o.At, code, rule, u.Name+": "+msg, sugg) }
	to := strings.ToLower(o.Formation)
	var cost int // in halves
	switch {
	case to == "road column" && u.Formation == "road column":
		refuse("wv-7.1-same", "WV 7.1", "it is already in road column", "leave the line out")
		return
	case to == "road column" && u.Type == "artillery" && u.Formation != "limbered":
		refuse("wv-6.61-not-eligible", "WV 6.61", "only a limbered battery forms Road Column", "limber it first")
		return
	case to == "road column":
		road := r.roadAt(u.Hex)
		if road == "" {
			refuse("wv-6.61-no-road", "WV 6.61", u.Hex+" is not a road hex: Road Column is formed on a road", "")
			return
		}
		if why := marchProblem(u, inCmd); why != "" {
			refuse("wv-6.41-not-eligible", "WV 6.61", why+" form Road Column: it must be able to move by Grand Tactical Movement", "")
			return
		}
		if r.enemyNear(side, u.Hex) != nil {
			refuse("wv-6.41-enemy-near", "WV 6.41", fmt.Sprintf("an enemy unit is within %d hexes: no Grand Tactical Movement, no Road Column", gtmNear), "")
			return
		}
		cost = 2
		if road == "minor" && u.Type != "artillery" {
			cost = 4
		}
	default: // out of Road Column (6.62)
		want := map[string]string{"infantry": "column", "cavalry": "line", "artillery": "limbered"}[u.Type]
		if to != want {
			refuse("wv-6.62-formation", "WV 6.62", fmt.Sprintf("a %s unit leaves Road Column into %s", u.Type, want), "FORM it "+strings.ToUpper(want)+" first")
			return
		}
		per := 4
		if u.Type == "infantry" {
			per = 8
		}
		cost = 2 * ((u.Strength + per - 1) / per)
	}
	if r.spent[u.Name]+cost > 2*(u.MA+2) {
		refuse("wv-7.11-allowance", "WV 6.6", fmt.Sprintf("the change costs %s MP and it has %s of %d (%d and 2 for Grand Tactical Movement) left", halves(cost), halves(max(0, 2*(u.MA+2)-r.spent[u.Name])), u.MA+2, u.MA), "")
		return
	}
	f := u.Facing
	if o.Facing != "" {
		f, _ = facingIndex(o.Facing)
	}
	r.spent[u.Name] += cost
	u.Formation, u.Facing = to, f
	r.tell("formation", "WV 6.6", r.seenBy(u), "%s forms %s facing %s (%s MP)", u.Name, to, facingNames[f], halves(cost))
}

// columnHexes are the hexes of road a unit in Road Column fills (6.65):
// its own and, behind it along the road it stands on, one more for each 8
// SP (infantry) or 4 (cavalry, artillery) beyond the first. Behind is
// away from its front, which faces the last hex it entered (6.63; ruling
// R93).
func (s *State) columnHexes(v *Unit) []string {
	out := []string{v.Hex}
	n := roadLength(v)
	for _, rd := range s.board().Roads {
		i := slices.Index(rd.Hexes, v.Hex)
		if i < 0 || n <= 1 {
			continue
		}
		for _, dir := range []int{-1, 1} {
			j := i + dir
			if j < 0 || j >= len(rd.Hexes) || s.inFront(v.Hex, v.Facing, rd.Hexes[j]) {
				continue
			}
			for k := 1; k < n && i+k*dir >= 0 && i+k*dir < len(rd.Hexes); k++ {
				out = append(out, rd.Hexes[i+k*dir])
			}
			return out
		}
	}
	return out
}

// columnAt is another unit in Road Column whose road length fills hex h,
// or a battery whose tail fills it, or nil (6.52 Note, 6.64-6.65).
func (r *run) columnAt(u *Unit, h string) *Unit {
	for i := range r.s.Units {
		v := &r.s.Units[i]
		if v != u && !v.Eliminated && (v.Formation == "road column" && slices.Contains(r.s.columnHexes(v), h) || r.s.tailAt(v) == h) {
			return v
		}
	}
	return nil
}

// lengthAt is a unit of u's side whose road length, behind the hex it
// stands in, fills hex h: a Road Column's (6.65) or a battery's tail
// (6.52 Note); nil when none (ruling R109).
func (r *run) lengthAt(u *Unit, h string) *Unit {
	for i := range r.s.Units {
		v := &r.s.Units[i]
		if v == u || v.Eliminated || v.Side != u.Side || v.Hex == h {
			continue
		}
		if v.Formation == "road column" && slices.Contains(r.s.columnHexes(v), h) || r.s.tailAt(v) == h {
			return v
		}
	}
	return nil
}

// tailAt is the road hex behind battery v that it fills too, or "": a
// limbered battery of more than 4 guns in an obstructed road hex it
// entered from a connected road hex occupies that hex as well (6.52
// Note).
func (s *State) tailAt(v *Unit) string {
	if v.RoadTail == "" || v.Type != "artillery" || v.Formation != "limbered" || v.Strength <= 4 ||
		!obstructed(s.terrain(v.Hex)) || s.roadBetween(v.RoadTail, v.Hex) == "" {
		return ""
	}
	return v.RoadTail
}

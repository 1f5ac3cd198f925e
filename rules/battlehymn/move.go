package battlehymn

import (
	"fmt"
	"strings"

	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
)

// A Movement Turn (BH 5): when a Formation's marker is drawn its units
// move one at a time (BH 5.2), each as its script says: the first of its
// MOVE lines whose condition holds at the draw, in the order the lines
// are written; a unit with none stays. Each step must be legal where the
// unit is then:
//
//   - into an adjacent hex of the map, or for a reinforcement into a hex
//     of its Entry Area, at the conga line's cost (BH 12.2);
//   - never into an enemy-occupied hex (BH 3.7) or prohibited terrain,
//     paying the Terrain Effects Chart's MPs within the MA (BH 5.4);
//   - stopping on entering an enemy ZOC; a unit that began in one may
//     leave but enter none (BH 5.3); artillery never enters one, cavalry
//     and horse artillery no infantry or artillery ZOC (BH 5.3, 11); at
//     Night no unit enters one (BH 13);
//   - not ending in a friendly-occupied hex (BH 3.7).
//
// A unit that enters an enemy ZOC takes an Approach Fire marker aimed at
// the units exerting it (BH 5.3, 6.1.4). A script that is not legal at the
// draw is not cut short blindly: its owner is asked (ruling E-2) whether the unit
// holds or goes as far as it legally may.

// ruleMove is the rule cited for a script that does not fit.
const ruleMove = "BH 5.2, 5.3"

// movementTurn carries out a Formation's Movement Turn.
func (h *hour) movementTurn(f *Formation) error {
	s := h.s
	h.event("movement-turn", "BH 4.3, 5", "%s's Movement Turn (%s)", f.Name, f.Side)
	conga := map[string]int{}
	night := s.isNight(s.Hour)
	seen := map[string]bool{}
	for _, o := range h.orders[f.Side] {
		u := s.unit(o.Unit.Text)
		if u == nil || u.Formation != f.Name || seen[u.Name] || (o.Verb != bhtext.Move && o.Verb != bhtext.Hold && o.Verb != bhtext.Rally) {
			continue
		}
		if o.Verb == bhtext.Move && !h.holds(u, o) {
			continue
		}
		seen[u.Name] = true
		if far, ok := s.strayed(u); ok {
			if err := h.returnToHorses(u, o, far, conga, night); err != nil {
				return err
			}
			continue
		}
		switch o.Verb {
		case bhtext.Hold:
			h.event("hold", "BH 4.3", "%s stays in %s", u.Name, where(u))
		case bhtext.Rally:
			if err := h.rally(u); err != nil {
				return err
			}
		case bhtext.Move:
			if err := h.script(u, o, conga, night); err != nil {
				return err
			}
		}
	}
	for i := range s.Units { // units with no order of their own (ruling E-10)
		u := &s.Units[i]
		if far, ok := s.strayed(u); ok && u.Formation == f.Name && !seen[u.Name] {
			if err := h.returnToHorses(u, nil, far, conga, night); err != nil {
				return err
			}
		}
	}
	h.checkHorses()
	return nil
}

// returnToHorses moves a dismounted unit beyond its 9-MP leash back
// toward its horses (BH 11.3, ruling E-10).
func (h *hour) returnToHorses(u *Unit, o *bhtext.Order, far int, conga map[string]int, night bool) error {
	if r := h.leashScript(u, o, far, night); r != nil {
		return h.script(u, r, conga, night)
	}
	return nil
}

// where is a unit's hex, or where it waits.
func where(u *Unit) string {
	switch {
	case u.Hex != "":
		return u.Hex
	case u.Shattered:
		return "the Shattered Units box"
	case u.eliminated():
		return "the Eliminated Units box"
	}
	return "Entry Area " + u.Entry
}

// holds reports whether a MOVE line's condition holds at the draw.
func (h *hour) holds(u *Unit, o *bhtext.Order) bool {
	switch o.If {
	case bhtext.IfClear:
		return !u.onMap() || !h.s.enemyWithin(u, o.N)
	case bhtext.IfThreat:
		return u.onMap() && h.s.enemyWithin(u, o.N)
	case bhtext.IfAt:
		return u.Hex == o.IfHex
	}
	return true
}

// script moves a unit along its path, or asks its owner when the path is
// not legal now.
func (h *hour) script(u *Unit, o *bhtext.Order, conga map[string]int, night bool) error {
	s := h.s
	if u.Shattered || u.eliminated() || (!u.onMap() && (u.Enters == 0 || u.Enters > s.Hour)) {
		h.event("hold", "BH 5", "%s is not in play and does not move", u.Name)
		return nil
	}
	k := 0
	entry := s.board.entryArea(u.Entry)
	line := u.Entry // the conga line's key (ruling A12)
	if !u.onMap() {
		var err error
		if entry, o, err = h.blockedEntry(u, o); err != nil {
			return err
		}
		if s.opts().CongaPerHex && len(o.Hexes) > 0 {
			line = u.Entry + " " + o.Hexes[0]
		}
		k = conga[line] + 1
	}
	n, cost, why := s.legalSteps(u, o.Hexes, k, night, entry)
	if why != "" {
		legal := "it can go nowhere"
		if n > 0 {
			legal = "it can legally go as far as " + strings.Join(o.Hexes[:n], " ")
		}
		c := rules.Choice{
			Key: "script " + u.Name, Side: u.Side, Rule: ruleMove,
			Question: fmt.Sprintf("%s's script (%s) no longer fits at the draw: %s; %s. Hold, or move as far as legal?", u.Name, strings.Join(o.Hexes, " "), why, legal),
			Options:  []string{"HOLD", "AS FAR AS LEGAL"}, Default: "HOLD",
		}
		h.event("script-misfit", ruleMove, "%s's script does not fit: %s", u.Name, why)
		ch, err := h.decide(c)
		if err != nil {
			return err
		}
		if ch == "HOLD" || n == 0 {
			h.event("hold", ruleMove, "%s stays in %s", u.Name, where(u))
			return nil
		}
		o = &bhtext.Order{Verb: o.Verb, Unit: o.Unit, Hexes: o.Hexes[:n]}
		_, cost, _ = s.legalSteps(u, o.Hexes, k, night, entry)
	}
	from, start := where(u), u.Hex
	if !u.onMap() {
		conga[line]++
		h.event("enter", "BH 12.2", "%s enters at %s as number %d of %s's conga line in Entry Area %s", u.Name, o.Hexes[0], k, u.Formation, u.Entry)
	}
	ma := u.allowance()
	for _, x := range o.Hexes {
		switch {
		case x == bhtext.Mount:
			h.mount(u)
		case strings.HasPrefix(x, bhtext.Dismount+" "):
			h.dismount(u, strings.TrimPrefix(x, bhtext.Dismount+" "))
		default:
			u.Hex = x
			h.occupy(u)
		}
	}
	h.event("move", "BH 5.1", "%s moves from %s to %s (%d of %d MPs)", u.Name, from, strings.Join(o.Hexes, " "), cost, ma)
	path := []string{start}
	for _, x := range o.Hexes {
		if s.board.has(x) {
			path = append(path, x)
		}
	}
	h.trace(rules.TraceMove, u.Side, u.Name, path...)
	if zs := s.zocOf(s.enemy(u.Side), u.Hex); len(zs) > 0 {
		u.Approach = nil
		for _, z := range zs {
			u.Approach = append(u.Approach, z.Name)
		}
		h.event("approach-marker", "BH 5.3, 6.1.4", "%s enters the ZOC of %s and takes an Approach Fire marker", u.Name, strings.Join(u.Approach, ", "))
	}
	return nil
}

// legalSteps walks a unit's path from where it stands (a reinforcement
// as number k of its conga line, entering by one of the entry hexes) and
// returns how many steps are legal with the last of them a legal place to
// stop, the MPs they cost, and why the rest are not ("" when the whole
// path is legal). A path may dismount or mount on the way (BH 11.3).
func (s *State) legalSteps(u *Unit, path []string, k int, night bool, entry []string) (int, int, string) {
	v := *u // the unit as the path changes it: mounted or not
	cur := u.Hex
	strayed, _ := s.strayed(u) // it may stop nearer its horses (ruling E-10)
	startZOC := cur != "" && s.enemyZOC(u.Side, cur)
	ma := u.allowance()
	spent, good, goodCost, moved := 0, 0, 0, false
	for i, step := range path {
		var cost int
		var why string
		switch {
		case step == bhtext.Mount || strings.HasPrefix(step, bhtext.Dismount+" "):
			cost, why = s.remount(&v, cur, step, ma-spent)
		default:
			cost, why = s.stepCost(&v, cur, step, k, entry)
			if why == "" && spent+cost > ma {
				why = fmt.Sprintf("entering %s needs %d MPs, %d of its MA of %d are left (BH 5.2)", step, cost, ma-spent, ma)
			}
			if why == "" && cur != "" && moved && s.enemyZOC(u.Side, cur) {
				why = fmt.Sprintf("it must stop in %s, in an enemy ZOC (BH 5.3)", cur)
			}
			if why == "" && s.enemyZOC(u.Side, step) {
				why = s.zocEntry(&v, step, startZOC, night)
			}
			if why == "" {
				cur, moved = step, true
			}
		}
		if why != "" {
			return good, goodCost, why
		}
		spent += cost
		if o := s.at(cur); o == nil || o == u {
			if !v.Dismounted || s.leash(cur, v.Horses) <= leashMPs || strayed > leashMPs && s.footMPs(cur, v.Horses, returnReach) <= strayed {
				good, goodCost = i+1, spent
			}
		}
	}
	switch {
	case good == len(path):
		return good, goodCost, ""
	case v.Dismounted && s.leash(cur, v.Horses) > leashMPs && (strayed <= leashMPs || s.footMPs(cur, v.Horses, returnReach) > strayed):
		return good, goodCost, fmt.Sprintf("it would end more than %d infantry MPs from its horses in %s (BH 11.3)", leashMPs, v.Horses)
	}
	if o := s.at(cur); o != nil {
		return good, goodCost, fmt.Sprintf("it may not end its move in %s, which %s holds (BH 3.7)", cur, o.Name)
	}
	return good, goodCost, fmt.Sprintf("it may not end its move in %s (BH 3.7)", cur)
}

// stepCost is the MPs to step from cur into nx ("" cur: entering the map
// at one of the entry hexes as number k of a conga line), or why the step
// is not allowed. Dismounted cavalry pays as infantry (BH 11.3).
func (s *State) stepCost(u *Unit, cur, nx string, k int, entry []string) (int, string) {
	b := s.board
	if !b.has(nx) {
		return 0, fmt.Sprintf("%s is not a hex of the map", nx)
	}
	if o := s.at(nx); o != nil && o.Side != u.Side {
		return 0, fmt.Sprintf("%s is occupied by the enemy (BH 3.7)", nx)
	}
	if cur == "" {
		if !contains(entry, nx) {
			return 0, fmt.Sprintf("%s is not in Entry Area %s (BH 12.2)", nx, u.Entry)
		}
		cost, err := s.charts.EnterCost(u.fightsAs(), b.terrain(nx), b.roadEnds(nx), false)
		if err != nil {
			return 0, strings.TrimPrefix(err.Error(), "move: ")
		}
		return CongaCost(k, cost), ""
	}
	if cur == nx {
		return 0, fmt.Sprintf("it already stands in %s", nx)
	}
	if !b.adjacent(cur, nx) {
		return 0, fmt.Sprintf("%s is not adjacent to %s, where it stands now (BH 5.1)", nx, cur)
	}
	cost, err := s.charts.EnterCost(u.fightsAs(), b.terrain(nx), b.features(cur, nx), b.elevation(nx) > b.elevation(cur))
	if err != nil {
		return 0, strings.TrimPrefix(err.Error(), "move: ")
	}
	return cost, ""
}

// zocEntry is why u may not enter the enemy ZOC in nx, or "".
func (s *State) zocEntry(u *Unit, nx string, startZOC, night bool) string {
	zs := s.zocOf(s.enemy(u.Side), nx)
	switch {
	case night:
		return fmt.Sprintf("%s is in an enemy ZOC, which no unit enters at Night (BH 13)", nx)
	case startZOC:
		return fmt.Sprintf("%s is in an enemy ZOC, and a unit that began its Movement Turn in one may enter no other (BH 5.3)", nx)
	case u.Type == Artillery:
		return fmt.Sprintf("%s is in an enemy ZOC, which artillery never enters voluntarily (BH 5.3, 11.1)", nx)
	case u.cavalryLike():
		for _, z := range zs {
			if t := z.fightsAs(); t == Infantry || t == Artillery {
				return fmt.Sprintf("%s is in the ZOC of %s (%s), which cavalry and horse artillery never enter voluntarily (BH 5.3, 11.2, 11.3)", nx, z.Name, t)
			}
		}
	}
	return ""
}

// roadEnds lists the road types whose chain runs off the map at edge hex
// id: a reinforcement entering there pays the road's cost (BH 12.2).
func (b *Board) roadEnds(id string) []string {
	var out []string
	for _, r := range b.Roads {
		if r.Hexes[0] == id || r.Hexes[len(r.Hexes)-1] == id {
			out = append(out, r.Type)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// rally attempts a Rally in a Night Movement Turn: the unit's whole move
// (BH 10.5).
func (h *hour) rally(u *Unit) error {
	s := h.s
	switch {
	case !s.isNight(s.Hour):
		h.event("hold", "BH 10.5", "%s may Rally only in a Night Movement Turn", u.Name)
		return nil
	case u.onMap() && (u.Demoralized < 2 || s.inSight(u.Side, u.Hex)):
		h.event("hold", "BH 10.5.1", "%s may not Rally: it needs two Demoralized SPs and no enemy Line of Sight", u.Name)
		return nil
	case u.Shattered && u.Strength < 2:
		h.event("hold", "BH 10.5.2", "%s is Shattered with fewer than two SPs and can never Rally", u.Name)
		return nil
	case !u.onMap() && !u.Shattered:
		return nil
	}
	place := ""
	if u.Shattered {
		if place = s.rallyPlace(u); place == "" {
			h.event("hold", "BH 10.5.3", "%s has no hex within 2 of its Formation out of enemy sight and stays Shattered", u.Name)
			return nil
		}
	}
	if !h.check(u, "BH 10.5.1, 10.5.2", "Rally") {
		return nil
	}
	n, _ := s.charts.RallySPs(u.MR, u.sps())
	u.Demoralized -= n
	if place != "" {
		u.Hex, u.Shattered = place, false
		h.occupy(u)
		h.event("rally", "BH 10.5.2, 10.5.3, 10.5.4", "%s rallies: %d SP(s) intact again, placed in %s", u.Name, n, place)
		return nil
	}
	h.event("rally", "BH 10.5.1, 10.5.4", "%s rallies: %d SP(s) intact again", u.Name, n)
	return nil
}

// rallyPlace is where a rallied Shattered unit is placed: the nearest
// empty hex, then the lowest id, within 2 hexes of a unit of its
// Formation on the map and out of enemy Line of Sight (BH 10.5.3; the
// owner's choice is taken in that order, ruling E-5).
func (s *State) rallyPlace(u *Unit) string {
	best, bestD := "", 99
	for _, id := range s.board.ids {
		if s.at(id) != nil || s.inSight(u.Side, id) {
			continue
		}
		for i := range s.Units {
			f := &s.Units[i]
			if f.Formation == u.Formation && f != u && f.onMap() {
				if d := s.board.Distance(f.Hex, id); d <= 2 && d < bestD {
					best, bestD = id, d
				}
			}
		}
	}
	return best
}

// blockedEntry handles an Entry Area blocked by the enemy: every hex of it
// enemy-occupied, the reinforcement enters instead at the next free hex
// of the map's edge to the left or right, the nearest to the area, the
// owner's choice At Random (BH 12.2, 3.1). The script's path then starts
// there; the rest of it is kept if it still follows on. It returns the
// hexes the unit may enter by and the script to carry out.
func (h *hour) blockedEntry(u *Unit, o *bhtext.Order) ([]string, *bhtext.Order, error) {
	s := h.s
	area := s.board.entryArea(u.Entry)
	for _, x := range area {
		if e := s.at(x); e == nil || e.Side == u.Side {
			return area, o, nil
		}
	}
	best := 99
	var near []string
	for _, id := range s.board.ids {
		if !s.board.edge(id) || contains(area, id) || s.at(id) != nil {
			continue
		}
		d := 99
		for _, x := range area {
			d = min(d, s.board.Distance(id, x))
		}
		if d < best {
			best, near = d, nil
		}
		if d == best {
			near = append(near, id)
		}
	}
	if len(near) == 0 {
		return area, o, nil
	}
	sub, err := h.atRandom(near, "BH 3.1, 12.2", u.Name+": the entry hex next to the blocked Entry Area "+u.Entry)
	if err != nil {
		return nil, nil, err
	}
	path := []string{sub}
	if len(o.Hexes) > 1 && s.board.adjacent(sub, o.Hexes[1]) {
		path = append(path, o.Hexes[1:]...)
	}
	h.event("blocked-entry", "BH 12.2", "Entry Area %s is blocked by the enemy: %s enters at %s instead", u.Entry, u.Name, sub)
	return []string{sub}, &bhtext.Order{Verb: o.Verb, Unit: o.Unit, Hexes: path}, nil
}

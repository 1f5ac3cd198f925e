package gbacw

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/gbacw/gbtext"
	"galloper/rules/hex"
)

// Engineering: Breastworks (GBACW 15).
//
//  1. Phase II/F, Engineering (3.0): each BUILD order starts a
//     Construction marker in the unit's hex. The unit is infantry under
//     Advance Orders, In Command, its brigadier able to change Orders in
//     Phase II/C (15.11), its brigade below Fatigue 2 (17.34); the hex is
//     not Town or Marsh and lies within three hexes of a Woods, Orchard,
//     Town or Building hex, and neither hex nor the path between them is
//     next to an enemy unit (15.12); a hex holds two Breastworks at most
//     (15.12 Note). The unit turns toward the hexsides to cover (15.13).
//  2. The unit does nothing else while it builds (15.13): in its
//     activations it holds unless its script makes it act, which ends the
//     work; so do Attack Orders, leaving the hex, any other action (Return
//     Fire, a reaction, a shock), an enemy shock at its hex, and its
//     brigade's Fatigue reaching 2 (15.14).
//  3. Phase IV/B/6: the marker of the second turn (the same turn at
//     Night) becomes Breastworks covering the two hexsides of the vertex
//     the unit faced (15.13, 15.21).
//  4. Effects through those hexsides only (15.21): the fire and shock
//     DRMs of 15.23, and the Terrain Effects Chart's cost to cross
//     (15.22, provisional), which a unit of the other side pays 1 MP more
//     to remove them (15.17, ruling GBACW-R57).

// Breastwork is a finished Breastworks marker: it covers the two hexsides
// of the vertex Facing of its hex (15.21). Side is the side whose unit
// built it.
type Breastwork struct {
	Hex    string     `json:"hex"`
	Facing int        `json:"facing"`
	Side   rules.Side `json:"side"`
}

// buildProblem is one reason a unit may not start Breastworks: the rule
// and the player's sentence.
type buildProblem struct{ rule, text string }

// buildOrder is one BUILD order: the unit and the hex it turns toward
// ("" keeps its facing).
type buildOrder struct {
	unit, facing string
}

// covers reports whether a breastwork in the hex at, facing vertex v,
// protects against a unit in the hex other: other lies beyond one of its two hexsides,
// or in the wedge traced through them as the frontal fire arc is (10.16,
// ruling GBACW-R56).
func covers(at hex.Axial, v int, other hex.Axial) bool { return inFrontalArc(at, v, other) }

// breastworksAt lists the Breastworks in a hex.
func (s *State) breastworksAt(h string) []Breastwork {
	var out []Breastwork
	for _, b := range s.Breastworks {
		if b.Hex == h {
			out = append(out, b)
		}
	}
	return out
}

// behindBreastworks reports whether Breastworks in hex h face a unit in
// hex other (15.21).
func (s *State) behindBreastworks(h, other string) bool {
	for _, b := range s.breastworksAt(h) {
		if covers(s.axial(h), b.Facing, s.axial(other)) {
			return true
		}
	}
	return false
}

// firesOverBreastworks reports whether a unit in hex h fires at hex other
// out through Breastworks in h: within their two hexsides' arc, but not
// along a line through the vertex between a Breastworks hexside and one
// without, where the +1 is lost (10.81 General Terrain Notes, 15.23;
// ruling GBACW-R115).
func (s *State) firesOverBreastworks(h, other string) bool {
	at, to := s.axial(h), s.axial(other)
	for _, b := range s.breastworksAt(h) {
		if covers(at, b.Facing, to) && !alongVertex(at, b.Facing-1, to) && !alongVertex(at, b.Facing+1, to) {
			return true
		}
	}
	return false
}

// alongVertex reports whether hex to lies on the line from at through the
// vertex between its hexsides of directions dir and dir+1.
func alongVertex(at hex.Axial, dir int, to hex.Axial) bool {
	step := at.Neighbor(dir).Add(hex.Directions[mod6(dir+1)])
	d := hex.Axial{Q: step.Q - at.Q, R: step.R - at.R}
	for p := step; hex.Distance(at, p) <= hex.Distance(at, to); p = p.Add(d) {
		if p == to {
			return true
		}
	}
	return false
}

// breastworksBetween returns the index of the Breastworks on the hexside
// between two adjacent hexes, or -1 (15.21-15.22).
func (s *State) breastworksBetween(a, b string) int {
	for i, bw := range s.Breastworks {
		if bw.Hex == a && arcOf(s.axial(a), bw.Facing, s.axial(b)) == FrontArc ||
			bw.Hex == b && arcOf(s.axial(b), bw.Facing, s.axial(a)) == FrontArc {
			return i
		}
	}
	return -1
}

// breastworksCost is the extra MP, in half MPs, to cross a Breastworks
// hexside: the Terrain Effects Chart's "breastworks" row, whatever road
// the unit is on (15.22).
func (s *State) breastworksCost(cc *CombatCharts, u *UnitSt, a, b string) int {
	if s.breastworksBetween(a, b) < 0 {
		return 0
	}
	t, _ := cc.Terrain("breastworks")
	switch u.Kind {
	case "cavalry":
		return 2 * t.Cavalry
	case "artillery":
		return 2 * t.Artillery
	}
	return 2 * t.Infantry
}

// leaderBreastworks is the leader MP added to cross a Breastworks
// hexside (15.22), for Command Range and leader movement.
func (s *State) leaderBreastworks(cc *CombatCharts, a, b string) int {
	if len(s.Breastworks) == 0 || s.breastworksBetween(a, b) < 0 {
		return 0
	}
	t, _ := cc.Terrain("breastworks")
	return t.Leader
}

// removeBreastworks is 15.17 as Galloper plays it (ruling GBACW-R57): a
// unit of the side that did not build the Breastworks it has just
// crossed removes them for one more MP, when it has the MP left; it
// reports the half MPs spent.
func (r *resolver) removeBreastworks(u *UnitSt, from, to string, budget int) int {
	s := r.s
	i := s.breastworksBetween(from, to)
	if i < 0 || s.Breastworks[i].Side == u.Side || budget < 2 {
		return 0
	}
	r.event("breastworks-removed", "GBACW 15.17", "%s removes the Breastworks at %s (1 MP)", u.Name, s.Breastworks[i].Hex)
	s.Breastworks = slices.Delete(s.Breastworks, i, i+1)
	return 2
}

// checkBuild reports why u may not start Breastworks in Phase II/F with
// its brigade under Orders o (those of Phase II/C), facing the hex
// toward ("" for its own facing). See GBACW 15.11-15.12, 17.34.
func (s *State) checkBuild(cc *CombatCharts, u *UnitSt, o Orders, toward string) []buildProblem {
	var bad []buildProblem
	b := s.brigade(u.Brigade)
	switch {
	case !u.combat():
		return []buildProblem{{"GBACW 15.11", fmt.Sprintf("%s is not on the map", u.Name)}}
	case u.Kind == "artillery":
		bad = append(bad, buildProblem{"GBACW 15.11", fmt.Sprintf("%s is artillery: only infantry or dismounted cavalry build Breastworks (GBACW 15.11)", u.Name)})
	case u.Kind == "cavalry":
		bad = append(bad, buildProblem{"GBACW 15.11", fmt.Sprintf("%s is mounted cavalry: only infantry or dismounted cavalry build Breastworks (GBACW 15.11)", u.Name)})
	}
	if u.Building > 0 {
		bad = append(bad, buildProblem{"GBACW 15.15", fmt.Sprintf("%s is already building Breastworks (GBACW 15.15)", u.Name)})
	}
	if o != Advance {
		bad = append(bad, buildProblem{"GBACW 15.11", fmt.Sprintf("%s is under %s Orders: only units under Advance Orders build Breastworks (GBACW 15.11)", u.Name, o)})
	}
	if !s.unitInCommand(cc, u) {
		bad = append(bad, buildProblem{"GBACW 15.11", fmt.Sprintf("%s is Out of Command: a unit building Breastworks must be In Command (GBACW 15.11)", u.Name)})
	}
	if !s.upperChainComplete(cc, b) || !s.brigadierInRange(cc, b) {
		bad = append(bad, buildProblem{"GBACW 15.11", fmt.Sprintf("%s's brigadier may not change Orders in the Division Orders Phase, its chain of command broken (GBACW 15.11, 6.12)", b.ID)})
	}
	if f := s.fatigueOf(u); slices.Contains(s.Optional, "17") && f >= Fatigue2 {
		bad = append(bad, buildProblem{"GBACW 17.34", fmt.Sprintf("%s is at Fatigue %s: units at Fatigue 2 or higher may not build Breastworks (GBACW 17.34)", u.Name, f)})
	}
	if toward == u.Hex {
		bad = append(bad, buildProblem{"GBACW 15.13", fmt.Sprintf("%s: FACING names the unit's own hex; name a hex the Breastworks face (GBACW 15.13)", u.Name)})
		return bad
	}
	if toward != "" && u.spread() && faceToward(s.axial(u.Hex), s.axial(toward)) != u.Facing {
		bad = append(bad, buildProblem{"GBACW 8.44", fmt.Sprintf("%s is in Extended Line or Column, whose parts keep one facing: it may not turn to build; build facing as it stands (GBACW 8.44, 15.13)", u.Name)})
	}
	hexBad := s.checkBuildHex(cc, u, u.Hex, toward)
	if len(hexBad) > 0 && len(s.buildableParts(cc, u, toward)) > 0 {
		hexBad = nil // 15.15: another part of its Extended Line builds
	}
	return append(bad, hexBad...)
}

// buildableParts are the hexes of a unit's Extended Line where 15.12
// lets it build, each part in its own (15.15, ruling GBACW-R98); for a
// unit not in Extended Line, its hex if 15.12 lets it build there.
func (s *State) buildableParts(cc *CombatCharts, u *UnitSt, toward string) []string {
	hexes := []string{u.Hex}
	if u.extended() {
		hexes = hexes[:0]
		for _, p := range u.lineParts() {
			hexes = append(hexes, p.hex)
		}
	}
	return slices.DeleteFunc(hexes, func(h string) bool { return len(s.checkBuildHex(cc, u, h, toward)) > 0 })
}

// checkBuildHex is 15.12 and its Note for a unit building in hex h, its
// own or one of its Extended Line's.
func (s *State) checkBuildHex(cc *CombatCharts, u *UnitSt, h, toward string) []buildProblem {
	var bad []buildProblem
	switch k := s.terrainKind(h); k {
	case "town", "marsh":
		bad = append(bad, buildProblem{"GBACW 15.12", fmt.Sprintf("%s is a %s hex, where no Breastworks are built (GBACW 15.12)", h, k)})
	}
	if !s.timberNear(h, u.Side) {
		bad = append(bad, buildProblem{"GBACW 15.12", fmt.Sprintf("%s is not within three hexes of a Woods, Orchard, Town or Building hex by a path clear of hexes next to the enemy (GBACW 15.12)", h)})
	}
	facing := u.Facing
	if toward != "" {
		facing = faceToward(s.axial(u.Hex), s.axial(toward))
	}
	n := 0
	for _, v := range s.hexWorks(h) {
		n++
		if v == facing {
			bad = append(bad, buildProblem{"GBACW 15.12", fmt.Sprintf("%s already has Breastworks on those hexsides: a second one only protects others (GBACW 15.12 Note)", h)})
		}
	}
	if n >= 2 {
		bad = append(bad, buildProblem{"GBACW 15.12", fmt.Sprintf("%s already holds two Breastworks, finished or building (GBACW 15.12 Note)", h)})
	}
	return bad
}

// buildHexes are the hexes a building unit's Construction markers stand
// in: each part's of an Extended Line (15.15), else its own.
func (u *UnitSt) buildHexes() []string {
	if u.BuildAt != nil {
		return u.BuildAt
	}
	if u.BuildHex != "" {
		return []string{u.BuildHex}
	}
	return nil
}

// hexWorks lists the vertices of the Breastworks in a hex, finished or
// under construction.
func (s *State) hexWorks(h string) []int {
	var out []int
	for _, b := range s.breastworksAt(h) {
		out = append(out, b.Facing)
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Building > 0 && slices.Contains(u.buildHexes(), h) {
			out = append(out, u.BuildFacing)
		}
	}
	return out
}

// timberNear: a Woods, Orchard, Town or Building hex lies within three
// hexes of h along a path none of whose hexes, h and that hex included,
// is next to an enemy unit of side (15.12).
func (s *State) timberNear(h string, side rules.Side) bool {
	clear := func(x string) bool { return len(s.adjacentEnemies(x, side)) == 0 && len(s.enemiesAt(x, side)) == 0 }
	if !clear(h) {
		return false
	}
	frontier, seen := []string{h}, map[string]bool{h: true}
	for step := 0; step <= 3; step++ {
		var next []string
		for _, x := range frontier {
			switch s.terrainKind(x) {
			case "woods", "orchard", "town", "building":
				return true
			}
			for _, n := range s.neighbours(x) {
				if !seen[n] && clear(n) {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return false
}

// engineering is Phase II/F: the BUILD orders start Construction, the
// unit turned toward the hexsides to cover. See GBACW 15.13.
func (r *resolver) engineering() {
	s := r.s
	for _, ss := range s.Sides {
		for _, bo := range r.plans[ss.Side].builds {
			u := s.unit(bo.unit)
			// With fog of war the side knows only the enemy it sees: it
			// builds by that (ruling GBACW-R21).
			k := s.knownTo(r.sys.combat, ss.Side)
			if bad := k.checkBuild(r.sys.combat, k.unit(bo.unit), s.ordersOf(u), bo.facing); len(bad) > 0 {
				r.event("build-refused", bad[0].rule, "%s does not start Breastworks: %s", u.Name, bad[0].text)
				continue
			}
			if bo.facing != "" {
				u.Facing, u.Refused = faceToward(s.axial(u.Hex), s.axial(bo.facing)), ""
			}
			hexes := []string{u.Hex}
			if u.extended() {
				// 15.15: each part builds in its own hex, where 15.12
				// lets it (ruling GBACW-R98).
				hexes = s.buildableParts(r.sys.combat, u, "")
				for _, p := range u.lineParts() {
					if !slices.Contains(hexes, p.hex) {
						bad := s.checkBuildHex(r.sys.combat, u, p.hex, "")
						r.event("build-refused", bad[0].rule, "%s builds no Breastworks at %s: %s", u.Name, p.hex, bad[0].text)
					}
				}
				u.BuildAt = hexes
			}
			u.Building, u.BuildHex, u.BuildFacing = s.Turn+1, u.Hex, u.Facing
			if s.night() {
				u.Building = s.Turn // one turn at Night (15.13)
			}
			s.track(u).Stirred = true // 17.42
			for _, h := range hexes {
				a := s.axial(h)
				r.event("construction", "GBACW 15.13", "%s starts Breastworks at %s covering the hexsides toward %s and %s; finished at the end of turn %d",
					u.Name, h, s.hexID(a.Neighbor(u.Facing)), s.hexID(a.Neighbor(u.Facing+1)), u.Building)
			}
		}
	}
}

// builds reports whether u is building and holds this activation: it
// does so unless its actions do something, which ends the work (15.13,
// 15.14).
func (r *resolver) builds(u *UnitSt, acts []gbtext.Action) bool {
	if u.Building == 0 {
		return false
	}
	for _, a := range acts {
		if a.Verb != gbtext.ActHold {
			r.stopBuilding(u, "it acts")
			return false
		}
	}
	r.s.track(u).Stirred = true // 17.42: it constructs Breastworks
	r.event("building", "GBACW 15.13", "%s works on its Breastworks at %s", u.Name, u.Hex)
	return true
}

// stopBuilding removes a unit's Construction marker. See GBACW 15.14.
func (r *resolver) stopBuilding(u *UnitSt, why string) {
	if u.Building == 0 {
		return
	}
	u.Building, u.BuildHex, u.BuildFacing, u.BuildAt = 0, "", 0, nil
	r.event("construction-stopped", "GBACW 15.14", "%s's Breastworks construction is discontinued: %s", u.Name, why)
}

// checkBuilders ends the construction of units that left their hex, took
// Attack Orders, acted, or whose brigade reached Fatigue 2. See GBACW
// 15.14, 17.34.
func (r *resolver) checkBuilders() {
	s := r.s
	for i := range s.Units {
		u := &s.Units[i]
		if u.Building == 0 {
			continue
		}
		if u.BuildAt != nil && u.onMap() && u.Hex == u.BuildHex {
			// 15.14: a part taken out of its hex (8.42) stops building
			// there; the others go on (ruling GBACW-R98).
			var kept []string
			for _, h := range u.BuildAt {
				if slices.ContainsFunc(u.lineParts(), func(p linePart) bool { return p.hex == h }) {
					kept = append(kept, h)
				} else {
					r.event("construction-stopped", "GBACW 15.14", "%s's Breastworks construction at %s is discontinued: its part left the hex", u.Name, h)
				}
			}
			u.BuildAt = kept
			if len(kept) == 0 {
				r.stopBuilding(u, "its parts left their hexes")
				continue
			}
		}
		switch {
		case !u.onMap() || u.Hex != u.BuildHex:
			r.stopBuilding(u, "it left its hex")
		case s.ordersOf(u) == Attack:
			r.stopBuilding(u, "it is under Attack Orders")
		case u.Fired || u.Moved || u.ReturnFired > 0 || u.Reacted:
			r.stopBuilding(u, "it took another action")
		case slices.Contains(s.Optional, "17") && s.fatigueOf(u) >= Fatigue2:
			r.stopBuilding(u, fmt.Sprintf("its brigade is at Fatigue %s", s.fatigueOf(u)))
		}
	}
}

// finishBreastworks is Phase IV/B/6: Construction finished this turn
// becomes Breastworks. See GBACW 15.13.
func (r *resolver) finishBreastworks() {
	s := r.s
	r.checkBuilders()
	for i := range s.Units {
		u := &s.Units[i]
		if u.Building == 0 || u.Building > s.Turn {
			continue
		}
		for _, h := range u.buildHexes() {
			s.Breastworks = append(s.Breastworks, Breastwork{Hex: h, Facing: u.BuildFacing, Side: u.Side})
			a := s.axial(h)
			r.event("breastworks", "GBACW 15.13", "%s finishes Breastworks at %s covering the hexsides toward %s and %s",
				u.Name, h, s.hexID(a.Neighbor(u.BuildFacing)), s.hexID(a.Neighbor(u.BuildFacing+1)))
		}
		u.Building, u.BuildHex, u.BuildFacing, u.BuildAt = 0, "", 0, nil
	}
}

// engineeringLines list the Breastworks and the Construction markers a
// side sees: with fog of war (ruling GBACW-R21), its own side's and those
// of the enemy units it sees; all of them otherwise.
func (s *State) engineeringLines(seen map[string]bool, side rules.Side) []string {
	var out []string
	for _, b := range s.Breastworks {
		if seen == nil || side == "" || b.Side == side || s.hexSeen(seen, side, b.Hex) {
			a := s.axial(b.Hex)
			out = append(out, fmt.Sprintf("Breastworks at %s (built by %s) cover the hexsides toward %s and %s (15.21)", b.Hex, b.Side, s.hexID(a.Neighbor(b.Facing)), s.hexID(a.Neighbor(b.Facing+1))))
		}
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Building > 0 && u.onMap() && shown(seen, side, u.Side, u.Name) {
			out = append(out, fmt.Sprintf("%s builds Breastworks at %s, finished at the end of turn %d (15.13)", u.Name, strings.Join(u.buildHexes(), " and "), u.Building))
		}
	}
	return out
}

// hexSeen: the side sees an enemy unit in the hex (fog of war).
func (s *State) hexSeen(seen map[string]bool, side rules.Side, h string) bool {
	for _, u := range s.unitsAt(h) {
		if u.Side != side && seen[u.Name] {
			return true
		}
	}
	return false
}

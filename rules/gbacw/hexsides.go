package gbacw

import (
	"fmt"
	"slices"
	"strconv"

	"galloper/rules"
	"galloper/rules/hexmap"
)

// Hexside features and the cost of a step across one (GBACW 2.1, 9.41-9.47,
// ruling GBACW-R50). A map's hexsides carry at most one feature of each
// slot: a slope (minor, steep, sheer), a waterway (stream, river), a
// crossing of that waterway (ford, bridge) and a barrier (impassable).
// Crossing costs come from the Terrain Effects Chart's hexside rows (the
// provisional pack's "hexsides" table): what a step pays is
//
//  1. along a pike or road (not under Attack Orders, 9.43): the road's
//     rate whatever the hexside, plus a ford's cost; a waterway without a
//     bridge or ford, or an impassable hexside, stays closed;
//  2. otherwise the hex's cost, halved along a trail (9.44), plus the
//     hexside's: a slope going up, the waterway's (a ford's or bridge's
//     instead when the step follows a trail across it and the unit is not
//     under Attack Orders, 9.44-9.45), and none along a trail when the
//     Battle Book says trails negate hexsides (9.44 Note).

// The hexside kinds a GBACW map may carry, besides the slopes.
const (
	SideStream     = "stream"
	SideRiver      = "river"
	SideFord       = "ford"
	SideBridge     = "bridge"
	SideImpassable = "impassable"
)

// HexsideCost is one hexside row of the Terrain Effects Chart: the MPs to
// cross it over the hex's cost, -1 when prohibited, its Disorder code
// (9.47) and its fire DRM for a target fired at across it (10.81, plus
// favours the firer): for a slope, Fire going up it into the higher hex
// and FireDown going down it into the lower (ruling GBACW-R126).
type HexsideCost struct {
	Infantry, Cavalry, Artillery, Leader int
	Disorder                             string
	Fire, FireDown                       int
}

// hexsideKinds are the rows the hexside table must have.
var hexsideKinds = []string{SideStream, SideRiver, SideImpassable, SideFord, SideBridge, SlopeMinor, SlopeSteep, SlopeSheer}

// Hexside returns a hexside row of the Terrain Effects Chart.
func (c *CombatCharts) Hexside(kind string) (HexsideCost, error) {
	h, ok := c.hexsides[kind]
	if !ok {
		return HexsideCost{}, fmt.Errorf("hexside %q is not on the Terrain Effects Chart of chart pack %s", kind, c.Pack.Name)
	}
	return h, nil
}

func compileHexsides(p *rules.ChartPack) (map[string]HexsideCost, error) {
	const name = "hexsides"
	t, err := p.Table(name)
	if err != nil {
		return nil, err
	}
	where := fmt.Sprintf("chart pack %s: table %s", p.Name, name)
	want := []string{"infantry", "cavalry", "artillery", "leader", "disorder", "fire", "fire-down"}
	if !slices.Equal(t.Columns, want) {
		return nil, fmt.Errorf("%s: columns are %q, want %q", where, t.Columns, want)
	}
	out := map[string]HexsideCost{}
	for _, kind := range hexsideKinds {
		cells, ok := t.Rows[kind]
		if !ok {
			return nil, fmt.Errorf("%s: missing row %q", where, kind)
		}
		var h HexsideCost
		for i, dst := range []*int{&h.Infantry, &h.Cavalry, &h.Artillery, &h.Leader} {
			if cells[i] == "P" {
				*dst = -1
				continue
			}
			n, err := strconv.Atoi(cells[i])
			if err != nil || n < 0 || n > 20 {
				return nil, fmt.Errorf("%s: row %s column %s: %q is not a number from 0 to 20 or P (prohibited)", where, kind, want[i], cells[i])
			}
			*dst = n
		}
		if h.Disorder = cells[4]; !slices.Contains([]string{"-", "d", "dr", "D"}, h.Disorder) {
			return nil, fmt.Errorf("%s: row %s column disorder: %q is not -, d, dr or D", where, kind, cells[4])
		}
		// 10.81: the fire DRM of a target fired at across the hexside;
		// only a slope has a direction, so only its row has a fire-down.
		if h.Fire, err = strconv.Atoi(cells[5]); err != nil || h.Fire < -9 || h.Fire > 9 {
			return nil, fmt.Errorf("%s: row %s column fire: %q is not a fire DRM from -9 to 9", where, kind, cells[5])
		}
		slope := slices.Contains([]string{SlopeMinor, SlopeSteep, SlopeSheer}, kind)
		switch n, err := strconv.Atoi(cells[6]); {
		case !slope && cells[6] != "-":
			return nil, fmt.Errorf("%s: row %s column fire-down: %q must be - (only a slope is fired down)", where, kind, cells[6])
		case slope && (err != nil || n < -9 || n > 9):
			return nil, fmt.Errorf("%s: row %s column fire-down: %q is not a fire DRM from -9 to 9", where, kind, cells[6])
		case slope:
			h.FireDown = n
		}
		out[kind] = h
	}
	for _, kind := range sortedKeys(t.Rows) {
		if _, ok := out[kind]; !ok {
			return nil, fmt.Errorf("%s: unknown row %q (the hexsides are %v)", where, kind, hexsideKinds)
		}
	}
	return out, nil
}

// mpFor is a row's cost for a unit kind ("" for a leader).
func (h HexsideCost) mpFor(kind string) int {
	switch kind {
	case "cavalry":
		return h.Cavalry
	case "artillery":
		return h.Artillery
	case "":
		return h.Leader
	}
	return h.Infantry
}

// sideFeatures are the features of one hexside, by slot.
type sideFeatures struct {
	slope, water, crossing string
	impassable             bool
}

// features returns the hexside features between two adjacent hexes.
func (s *State) features(a, b string) sideFeatures {
	return s.g.sides[hexmap.KeyOf(s.axial(a), s.axial(b))]
}

// wayType is the kind of road a step from a to b follows ("pike", "road"
// or "trail"), or "": the best when several run there (9.31: "the best
// available movement rate"). The benefit needs a connected hex (9.45).
func (s *State) wayType(a, b string) string {
	best := ""
	rank := map[string]int{"": 0, "trail": 1, "road": 2, "pike": 3}
	for _, r := range s.m.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			if (r.Hexes[i-1] == a && r.Hexes[i] == b) || (r.Hexes[i-1] == b && r.Hexes[i] == a) {
				if rank[r.Type] > rank[best] {
					best = r.Type
				}
			}
		}
	}
	return best
}

// wayFor is the road a unit under Orders o uses stepping from a to b: none
// under Attack Orders, nor under Advance Orders beyond March Order
// stacking limits (9.43, 8.13).
func (s *State) wayFor(u *UnitSt, o Orders, a, b string) string {
	way := s.wayType(a, b)
	if o == Attack || o == Advance && way != "" && !s.marchStacking(u, b) {
		return ""
	}
	return way
}

// crossCost is what a unit (mover, nil for a leader) of a kind ("" a leader) pays in whole MPs to
// cross the hexside from a to b over the hex's cost, following way ("" off
// the roads), or -1 when it may not cross. See GBACW 9.41-9.45.
func (s *State) crossCost(cc *CombatCharts, mover *UnitSt, kind string, attack bool, way, a, b string) int {
	f := s.features(a, b)
	if f.impassable {
		return -1 // 9.42: prohibited hexsides are never crossed
	}
	row := func(k string) int {
		h, err := cc.Hexside(k)
		if err != nil {
			return -1
		}
		return h.mpFor(kind)
	}
	thoroughfare := way == "pike" || way == "road"
	free := thoroughfare || (way == "trail" && s.book.TrailsNegateHexsides)
	mp := 0
	// 9.46: a change of level with no slope hexside is gradual and costs
	// nothing; a slope is paid going up (ruling GBACW-R84).
	if f.slope != "" && !free && s.baseLevel(b) > s.baseLevel(a) {
		mp = row(f.slope)
		if mp < 0 {
			return -1
		}
	}
	if f.water == "" {
		return mp
	}
	if f.crossing != "" && way != "" && !attack && !s.marchAt(mover, a, b) {
		c := row(f.crossing) // 9.44-9.45: the ford or bridge, from a connected hex
		if c < 0 {
			return -1
		}
		return mp + c
	}
	if thoroughfare {
		// A road across a waterway runs over a bridge or ford; one drawn
		// without either does not cross it (ruling GBACW-R50).
		return -1
	}
	c := row(f.water)
	if c < 0 {
		return -1
	}
	if free {
		return mp // 9.44 Note: the Battle Book's trails negate the cost
	}
	return mp + c
}

// crossDisorder is the Disorder code of the hexside a unit crosses off the
// thoroughfares, way being the road it uses (9.47 and its Note 1): the steepest of its slope (going up)
// and its waterway's, unless it crosses by a bridge or ford.
func (s *State) crossDisorder(cc *CombatCharts, way, a, b string) string {
	if way != "" {
		return "-"
	}
	f := s.features(a, b)
	rank := map[string]int{"-": 0, "d": 1, "dr": 1, "D": 2}
	code := "-"
	for _, k := range []string{f.slope, f.water} {
		if k == "" || (k == f.slope && s.baseLevel(b) <= s.baseLevel(a)) {
			continue
		}
		if h, err := cc.Hexside(k); err == nil && rank[h.Disorder] > rank[code] {
			code = h.Disorder
		}
	}
	return code
}

// uncrossable: no unit may cross the hexside between a and b, whatever
// its Orders: an impassable hexside, or a waterway prohibited to every
// kind of unit without a bridge or ford (a river, 9.52 Exception). It
// breaks a chain of units (4.22).
func (s *State) uncrossable(cc *CombatCharts, a, b string) bool {
	f := s.features(a, b)
	if f.impassable {
		return true
	}
	if f.water == "" || f.crossing != "" {
		return false
	}
	h, err := cc.Hexside(f.water)
	return err == nil && h.Infantry < 0 && h.Cavalry < 0 && h.Artillery < 0
}

// leaderCost is what a leader pays in leader MP to step from a to b: the
// road's 1, half the hex's cost along a trail rounded down to at least 1
// (9.44), plus the hexside's; 0 when he may not. See GBACW 4.15, 9.31.
func (s *State) leaderCost(cc *CombatCharts, a, b string) int {
	if s.closedPartial(b) {
		return 0
	}
	way := s.wayType(a, b)
	cross := s.crossCost(cc, nil, "", false, way, a, b)
	if cross < 0 {
		return 0
	}
	if way == "pike" || way == "road" {
		return 1 + cross
	}
	mp := s.terrainOf(cc, b).Leader
	if mp <= 0 {
		return 0
	}
	if way == "trail" {
		mp = max(1, mp/2)
	}
	return mp + cross
}

// marchAt: a unit under March Orders other than the mover occupies either
// side of a bridge or ford, which shuts it to a moving unit (8.22, THE
// BRIDGE/FORD Exception); leaders are not shut out.
func (s *State) marchAt(mover *UnitSt, a, b string) bool {
	if mover == nil {
		return false
	}
	for _, h := range []string{a, b} {
		for _, f := range s.unitsAt(h) {
			if f != mover && f.onMap() && s.ordersOf(f) == March {
				return true
			}
		}
	}
	return false
}

// closedPartial: h is a partial hex, which no unit may enter unless the
// Battle Book opens them (9.13 Note).
func (s *State) closedPartial(h string) bool {
	return s.g.partial[h] && !s.book.OpenPartialHexes
}

// byCrossing: the step from a to b crosses a bridge or ford the unit uses,
// along its road or trail (9.23, 9.52).
func (s *State) byCrossing(u *UnitSt, o Orders, a, b string) bool {
	f := s.features(a, b)
	return f.crossing != "" && s.wayFor(u, o, a, b) != "" && !s.marchAt(u, a, b)
}

// enemyEntrance: h is the Entrance hex of enemy reinforcements still to
// come, which no unit may enter until all scheduled to enter through it
// have done so, or could have done so (9.72): until the brigade due there
// has had an activation of its turn of entry (ruling GBACW-R80).
func (s *State) enemyEntrance(h string, side rules.Side) bool {
	for i := range s.Brigades {
		b := &s.Brigades[i]
		if b.Entry == h && s.sideOfBrigade(b) != side && (b.Arrives > s.Turn || b.Arrives == s.Turn && b.Activated == 0 && s.brigadeToEnter(b)) {
			return true
		}
	}
	return false
}

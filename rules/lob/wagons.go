package lob

import (
	"galloper/rules"
	"galloper/rules/hex"
)

// Wagon movement (LoB 8.1, 3.0). A Wagon has an MA of 4 (the chart
// pack's movement-allowance "wagon"; v2.0 Change Notes: "MA cut to 4
// MPs") and pays the Terrain Effects on Movement Chart's Limbered column,
// road costs along a road (docs/rulings-lob.md R-MOV-2). It never enters
// a hex holding an enemy unit (3.0b: only combat units enter hexes of
// enemy non-combat units); EZOCs do not affect it (3.4), nor stacking
// (3.2a, 8.1a).

// wagonColumn is the terrain chart column Wagons pay (R-MOV-2).
const wagonColumn = "limbered"

// wagonToward moves a Wagon toward a hex as its owning leader's order
// (8.1c) or its Command's Skedaddle (10.9) has it, rule saying which.
func (r *resolver) wagonToward(p *Piece, to, rule string) {
	if p == nil || p.OffMap || p.Hex == to {
		return
	}
	from := p.Hex
	if spent, ma, ok := r.moveWagon(p, to); ok {
		r.add("wagon-moved", rule, "%s moves from %s to %s toward %s (%s of %s MPs)", p.Name, from, p.Hex, to, spent, ma)
	}
}

// moveWagon moves a Wagon toward a hex by the cheapest open path, as far
// as its MA pays this phase, and reports the MPs spent, its MA and
// whether it moved. A Wagon with no open path, or that cannot pay the
// first hex, stays and is reported.
func (r *resolver) moveWagon(p *Piece, to string) (spent, ma MP, moved bool) {
	ma, err := r.s.charts.field.Allowance("wagon")
	if r.fail(err) {
		return 0, 0, false
	}
	m := &r.s.scn.Map
	cost := r.wagonCost(p)
	path, _, ok := hex.Path(m.axial(p.Hex), m.axial(to), cost)
	if !ok {
		r.add("wagon-blocked", "LoB 3.0b", "%s has no open path to %s: enemy units or prohibited terrain bar every way", p.Name, to)
		return 0, ma, false
	}
	end := 0
	for i := 1; i < len(path); i++ {
		c := MP(cost(path[i-1], path[i]))
		if spent+c > ma {
			break
		}
		spent, end = spent+c, i
	}
	if end == 0 {
		r.add("wagon-blocked", "LoB 3.0", "%s cannot pay the first hex toward %s with its %s MPs", p.Name, to, ma)
		return 0, ma, false
	}
	r.s.setHex(p, m.hexID(path[end].ToOffset()))
	return spent, ma, true
}

// wagonCost is a hex.CostFunc in half MPs for a Wagon (LoB 3.0, 3.0a,
// 3.0b): the Limbered road cost along a road, else the Limbered cost of
// the hex and the hexside features crossed, as enterCost prices them;
// hexes off the map, prohibited to Limbered movement or holding an enemy
// unit are closed. A table the chart pack lacks stops the resolution.
func (r *resolver) wagonCost(p *Piece) hex.CostFunc {
	m := &r.s.scn.Map
	enemy := r.s.enemyHeld(p.Side)
	f := r.s.charts.field
	return func(from, to hex.Axial) int {
		if !m.onMap(to) {
			return -1
		}
		a, b := m.hexID(from.ToOffset()), m.hexID(to.ToOffset())
		if enemy[b] {
			return -1
		}
		if road := r.roadType(a, b); road != "" {
			if c, err := f.RoadCost(wagonColumn, road); err == nil && !c.Prohibited && !c.Unusable {
				return int(c.MP)
			}
		}
		h, _ := m.Hex(b)
		terrain := "clear"
		if h.Terrain == "town" {
			terrain = "town" // woods and orchards cost nothing as hexes (LoB 1.7d)
		}
		c, err := f.EnterCost(wagonColumn, terrain, r.crossedFeatures(wagonColumn, a, b)...)
		if r.fail(err) || c.Prohibited || c.Unusable {
			return -1
		}
		return int(c.MP)
	}
}

// enemyHeld are the hexes holding a unit of the other side in play on
// the map: combat units, leaders, HQs and Wagons (LoB 3.0b). A leader
// killed, captured, lost or removed holds no hex.
func (s *State) enemyHeld(side rules.Side) map[string]bool {
	out := map[string]bool{}
	enemy := s.enemyOf(side)
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Side != enemy || p.Hex == "" || !s.alive(p) {
			continue
		}
		out[p.Hex] = true
	}
	return out
}

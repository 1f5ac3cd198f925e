package lob

import (
	"cmp"
	"slices"

	"galloper/rules/lob/lobtext"
)

// This file is Advanced Road Columns (LoB 12.3, optional): a Command
// marching by road under a Move order moves its units as a conga line
// behind the leading one, each keeping its Column Length (12.3e) of road
// behind the unit ahead, none passing another (12.3b, 12.3d); where two
// columns meet at an intersection the nearer goes first (12.3c). Leaders
// and HQs are unaffected (12.3b): they move as without the rule. See
// docs/rulings-lob.md R-C2-12-3a to R-C2-12-3d.

// roadColumn is one Command's Road Column this Activity Phase.
type roadColumn struct {
	cmd *Command
	// seq is the road the HQ marched along, in the direction of march;
	// head is the index of the HQ's hex in it.
	seq  []string
	head int
	// units are the column's combat units, leading unit first.
	units []*Piece
	// n is the hexes the HQ moved this phase.
	n int
}

// roadColumn forms a Command's Road Column after its HQ marched n hexes
// by road, its last step from a hex (LoB 12.3, 12.3a): the Command's combat units standing on
// that road behind the HQ, in the order they stand, the one nearest the
// HQ leading; stacked units keep their order of battle. It returns nil
// when no unit is on the road behind the HQ.
func (r *resolver) roadColumn(c *Command, from string, n int) *roadColumn {
	hq := r.s.hqHex(c)
	rd := r.roadAlong(from, hq)
	if rd == nil {
		return nil
	}
	seq := slices.Clone(rd.Hexes)
	if slices.Index(seq, hq) < slices.Index(seq, from) {
		slices.Reverse(seq)
	}
	col := &roadColumn{cmd: c, seq: seq, head: slices.Index(seq, hq), n: n}
	for _, u := range c.units() {
		p := r.s.piece(u.Name)
		if i := slices.Index(seq, p.Hex); i >= 0 && i < col.head && !r.scripted[p.Name] && r.autoMovable(p) &&
			r.columnFormation(p, rd.Type) {
			col.units = append(col.units, p)
		}
	}
	if len(col.units) == 0 {
		return nil
	}
	slices.SortStableFunc(col.units, func(a, b *Piece) int { return cmp.Compare(col.at(b), col.at(a)) })
	return col
}

// roadAlong is the road of the last stretch of an HQ's march, from the
// hex it left to the one it reached, or nil: the road holding both
// hexes, the first such in the map's list.
func (r *resolver) roadAlong(from, to string) *Road {
	for i := range r.s.scn.Map.Roads {
		rd := &r.s.scn.Map.Roads[i]
		if slices.Contains(rd.Hexes, from) && slices.Contains(rd.Hexes, to) && from != to {
			return rd
		}
	}
	return nil
}

// columnFormation reports whether a unit's formation can use Road
// Movement on a road type, and so march in a Road Column (LoB 12.3, 3.0a).
func (r *resolver) columnFormation(p *Piece, roadType string) bool {
	c, err := r.s.charts.field.RoadCost(movementColumn(p), roadType)
	return !r.fail(err) && !c.Unusable && !c.Prohibited
}

// at is a unit's place along the column's road, -1 off it.
func (col *roadColumn) at(p *Piece) int { return slices.Index(col.seq, p.Hex) }

// roadSpace is the hexes of road a unit takes in a Road Column (LoB
// 12.3e): infantry 1 hex per 3 SP, artillery 1 per 4 gun SP, mounted
// cavalry 1 per SP, fractions of 50% or more rounded up, at least 1.
func (s *State) roadSpace(p *Piece) int {
	per := 3
	switch {
	case p.Kind == ArmArtillery:
		per = 4
	case p.Kind == ArmCavalry && p.Unit.Formation == "mounted":
		per = 1
	}
	return max(1, (2*p.Unit.SP+per)/(2*per))
}

// space marks the hexes a column fills: each unit's hex and the Road
// Column marker hexes behind it (LoB 12.3e).
func (s *State) space(col *roadColumn, into map[string]bool) {
	for _, p := range col.units {
		i := col.at(p)
		for j := max(0, i-s.roadSpace(p)+1); i >= 0 && j <= i; j++ {
			into[col.seq[j]] = true
		}
	}
}

// marchColumns moves this phase's Road Columns one after another (LoB
// 12.3c): a column whose leading unit is fewer MPs from an intersection
// another column will also reach goes first; the rest keep the order
// their Commands moved in (R-C2-12-3c).
func (r *resolver) marchColumns(cols []*roadColumn) {
	dist := make([]int, len(cols))
	for i, col := range cols {
		dist[i] = r.toCrossing(col, cols)
	}
	order := make([]int, len(cols))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(dist[a], dist[b]) })
	for _, i := range order {
		r.march(cols[i], cols)
	}
	r.columns = cols
	for _, col := range cols {
		r.closeUpAll(col.cmd, col.n, col)
	}
}

// noCrossing is the distance of a column that meets no other.
const noCrossing = 1 << 30

// toCrossing is the MPs the column's leading unit needs to reach the
// first intersection ahead of it on its way to its HQ that another
// column's road also passes ahead of that column's leading unit, or
// noCrossing.
func (r *resolver) toCrossing(col *roadColumn, cols []*roadColumn) int {
	p := col.units[0]
	occ := r.s.occupancy()
	enemy := occ[r.s.enemyOf(p.Side)]
	spent, from := MP(0), p.Hex
	for _, h := range col.seq[col.at(p)+1 : col.head] {
		c, ok := r.autoStepCost(p, from, h, enemy, nil)
		if !ok {
			return noCrossing
		}
		spent, from = spent+c, h
		for _, o := range cols {
			if o != col {
				if j := slices.Index(o.seq, h); j > o.at(o.units[0]) && j < o.head {
					return int(spent)
				}
			}
		}
	}
	return noCrossing
}

// march moves a Road Column (LoB 12.3b): the leading unit closes up on
// the HQ along the road; each other unit follows the one ahead of it,
// keeping that unit's road space between them (12.3e), at no more than the
// leading unit's MA (the faster slow to its pace; the slower fall behind)
// and never passing it. No column unit enters a hex of another friendly
// combat unit, a Wagon or another column's road space (12.3b, 12.3d).
func (r *resolver) march(col *roadColumn, cols []*roadColumn) {
	blocked := r.columnBlocks(col, cols)
	head := col.units[0]
	pace := r.allowance(r.autoStack(head), head)
	target := col.head - 1
	var ahead *Piece
	for _, p := range col.units {
		if ahead != nil {
			target = col.at(ahead) - r.s.roadSpace(ahead)
		}
		ahead = p
		r.acted[p.Name] = true // following the column is its activity (LoB 2.2)
		from := col.at(p)
		var path []string
		for i := from + 1; i <= target && !blocked[col.seq[i]]; i++ {
			path = append(path, col.seq[i])
		}
		if len(path) == 0 {
			continue
		}
		was := p.Hex
		cap := MP(-1)
		if p != head {
			cap = pace
		}
		spent := r.autoMoveCapped(p, path, nil, cap)
		if p.Hex != was {
			r.addTraced(r.walkedTrace(p), "column-march", "LoB 12.3b", "%s marches in %s's Road Column from %s to %s (%s)", p.Name, col.cmd.Name, was, p.Hex, spent)
		}
	}
}

// columnBlocks lists the hexes a column may not enter: those of friendly
// combat units not of the column, of friendly Wagons and the road space
// of the other columns (LoB 12.3b, 12.3d).
func (r *resolver) columnBlocks(col *roadColumn, cols []*roadColumn) map[string]bool {
	out := map[string]bool{}
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.Side != r.side || p.OffMap || slices.Contains(col.units, p) {
			continue
		}
		if p.Unit != nil && !p.Unit.Eliminated || p.Kind == "wagon" {
			out[p.Hex] = true
		}
	}
	for _, o := range cols {
		if o != col {
			r.s.space(o, out)
		}
	}
	return out
}

// scriptedMove is a script's MOVE step (LoB 3.0) under Advanced Road
// Columns: a stack of combat units stops before the first hex of its
// path that holds the road space of another Command's Road Column this
// phase, which it may neither share nor cross (12.3d, 12.3b and the 12.3
// Design Note; docs/rulings-lob.md R-MOV-3).
func (r *resolver) scriptedMove(a *actingStack, path []lobtext.HexRef) {
	if a.stopped || len(a.units) == 0 {
		r.moveStack(a, path)
		return
	}
	keep, col := path, (*roadColumn)(nil)
	for i, h := range path {
		if col = r.columnHolding(a, h.Hex); col != nil {
			keep = path[:i]
			break
		}
	}
	r.moveStack(a, keep)
	if col != nil && !a.stopped {
		r.add("column-barred", "LoB 12.3d", "%s stays in %s: %s is road space of %s's Road Column, which no other unit shares or crosses",
			a.names(), a.hex, path[len(keep)].Hex, col.cmd.Name)
		a.stopped = true
	}
}

// columnHolding is the Road Column of another Command than the stack's
// whose road space (its units' hexes and their Road Column marker hexes,
// 12.3e) takes in h this phase, or nil.
func (r *resolver) columnHolding(a *actingStack, h string) *roadColumn {
	for _, col := range r.columns {
		if r.ownColumn(a, col) {
			continue
		}
		held := map[string]bool{}
		r.s.space(col, held)
		if held[h] {
			return col
		}
	}
	return nil
}

// ownColumn reports whether a unit of the stack belongs to the column's
// Command.
func (r *resolver) ownColumn(a *actingStack, col *roadColumn) bool {
	for _, u := range col.cmd.units() {
		for _, p := range a.units {
			if p.Name == u.Name {
				return true
			}
		}
	}
	return false
}

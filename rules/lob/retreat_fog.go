package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// Retreat choices under the fog of war (ruling R-FOG-7). A side choosing a
// retreat path, or what its friends in the way do (LoB 6.3, 6.3d), is
// offered choices computed from the enemy its map shows at that moment,
// never from enemy counters it cannot see: otherwise the paths offered,
// their order and the default would tell where hidden enemy units stand
// and where their Zones of Control reach. The choice is then carried out
// under the full rules, every enemy counter counting: a path or a
// Displacement an unseen enemy makes illegal gives way to the best legal
// one, and the owner reads why, as a commander would learn it.

// enemyKnown is the enemy a side's map shows: the hexes holding an enemy
// counter it sees (at), the Zones of Control of the enemy combat units
// among them its counters show able to fire (zoc), and the distance to
// the nearest of those combat units (distance). Each is found as it is
// asked, from the counters in and around the hex asked about, looking
// only at those: a retreat's path search asks about the few hexes it
// reaches, and a big battle has hundreds of enemy counters, each a line
// of sight to trace. Where the position's hex ids are not all as the map
// writes them, the whole enemy is looked at once (knownMaps).
type enemyKnown struct {
	s       *State
	side    rules.Side
	l       *looker
	counted map[int]bool   // counter -> shown and counted, as asked
	dist    map[string]int // hex -> distance, as asked
	combat  []int          // the enemy combat units that may be shown, once asked
	all     *knownMaps     // when looked at all at once
}

// knownMaps is enemyKnown looked at all at once.
type knownMaps struct {
	at     map[string]bool
	combat []string
	zoc    map[string]bool
}

// knownEnemy is the enemy side's map shows now (shownTo): of a stack in a
// hex it sees, the top combat unit, leaders and HQs. A shown unit's Zone
// of Control is read as its counter shows it: its facing, its formation
// and its hex's Morale State (LoB 3.4); ammunition depletion is secret, so
// a shown unit in a firing formation that is not Routed counts as able to
// fire. Use it before the position changes.
func (s *State) knownEnemy(side rules.Side) *enemyKnown {
	k := &enemyKnown{s: s, side: side, l: s.lookerFor(side), counted: map[int]bool{}, dist: map[string]int{}}
	k.l.lookMany(nil)
	if s.oob == nil || !s.oob.canonical {
		k.all = s.knownMaps(side, k.l)
	}
	return k
}

// knownMaps looks at the whole enemy at once.
func (s *State) knownMaps(side rules.Side, l *looker) *knownMaps {
	k := &knownMaps{at: map[string]bool{}, zoc: map[string]bool{}}
	m := &s.scn.Map
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Side == side || p.Status == "lost" || !s.shownBy(side, l, p) {
			continue
		}
		k.at[p.Hex] = true
		if !combatKinds[p.Kind] || p.Unit == nil {
			continue
		}
		k.combat = append(k.combat, p.Hex)
		if !firesAsShown(s, p) {
			continue
		}
		at := m.axial(p.Hex)
		for _, d := range []int{p.Unit.Facing - 1, p.Unit.Facing, p.Unit.Facing + 1} {
			if n := at.Neighbor(d); m.onMap(n) {
				k.zoc[m.idAt(n)] = true
			}
		}
	}
	return k
}

// firesAsShown reports whether a combat unit's counter shows it able to
// fire: a firing formation and its hex not Routed.
func firesAsShown(s *State, p *Piece) bool {
	switch p.Unit.Formation {
	case "line", "open-order", "unlimbered":
		return s.marker(p.Hex).Morale != MoraleRouted
	}
	return false
}

// shown reports whether counter i is one of the known enemy's.
func (k *enemyKnown) shown(i int) bool {
	v, ok := k.counted[i]
	if !ok {
		p := &k.s.doc.Pieces[i]
		v = p.Side != k.side && p.Status != "lost" && k.s.shownBy(k.side, k.l, p)
		k.counted[i] = v
	}
	return v
}

// atHex reports whether a known enemy counter stands in hex h.
func (k *enemyKnown) atHex(h string) bool {
	if k.all != nil {
		return k.all.at[h]
	}
	for _, i := range k.s.inHex(h) {
		if k.shown(i) {
			return true
		}
	}
	return false
}

// inZOC reports whether hex h is in the Zone of Control of a known enemy
// combat unit: one in a hex next to it, facing it with a front hexside.
func (k *enemyKnown) inZOC(h string) bool {
	if k.all != nil {
		return k.all.zoc[h]
	}
	m := &k.s.scn.Map
	ah := m.axial(h)
	if !m.onMap(ah) || m.idAt(ah) != h {
		return false // not a hex as the map writes it: no Zone of Control names it
	}
	for d := range 6 {
		n := ah.Neighbor(d)
		if !m.onMap(n) {
			continue
		}
		for _, i := range k.s.inHex(m.idAt(n)) {
			p := &k.s.doc.Pieces[i]
			if !combatKinds[p.Kind] || p.Unit == nil || !firesAsShown(k.s, p) {
				continue
			}
			at := m.axial(p.Hex)
			if (at.Neighbor(p.Unit.Facing-1) == ah || at.Neighbor(p.Unit.Facing) == ah || at.Neighbor(p.Unit.Facing+1) == ah) && k.shown(i) {
				return true
			}
		}
	}
	return false
}

// distance is from a hex to the nearest known enemy combat unit, as
// enemyDistance is to the nearest of all: the enemy combat units are
// taken nearest first, and looked at until one is shown.
func (k *enemyKnown) distance(m *Map, h string) int {
	if k.all != nil {
		best := 1 << 20
		for _, c := range k.all.combat {
			best = min(best, m.distance(c, h))
		}
		return best
	}
	if d, ok := k.dist[h]; ok {
		return d
	}
	if k.combat == nil {
		k.combat = []int{}
		for i := range k.s.doc.Pieces {
			if p := &k.s.doc.Pieces[i]; p.Side != k.side && p.Status != "lost" && combatKinds[p.Kind] && p.Unit != nil {
				k.combat = append(k.combat, i)
			}
		}
	}
	type near struct{ piece, d int }
	ns := make([]near, len(k.combat))
	for j, i := range k.combat {
		ns[j] = near{i, m.distance(k.s.doc.Pieces[i].Hex, h)}
	}
	slices.SortFunc(ns, func(a, b near) int { return a.d - b.d })
	best := 1 << 20
	for _, n := range ns {
		if k.shown(n.piece) {
			best = n.d
			break
		}
	}
	k.dist[h] = best
	return best
}

// knownPlan is pl as the retreating side sees it: only the enemy its map
// shows blocks, repels and exerts a Zone of Control (R-FOG-7).
func (s *State) knownPlan(pl pathPlan) pathPlan {
	pl.known = s.knownEnemy(pl.side)
	pl.ezoc = pl.known.inZOC
	return pl
}

// enemyInPlan is enemyIn as the plan counts the enemy.
func (s *State) enemyInPlan(pl pathPlan, h string) bool {
	if pl.known != nil {
		return pl.known.atHex(h)
	}
	return s.enemyIn(pl.side, h)
}

// enemyDistanceIn is enemyDistance as the plan counts the enemy.
func (s *State) enemyDistanceIn(pl pathPlan, h string) int {
	if pl.known != nil {
		return pl.known.distance(&s.scn.Map, h)
	}
	return s.enemyDistance(pl.side, h)
}

// legalPath reports whether a path chosen from what the side knows is a
// legal retreat under the full rules (pl counts every enemy counter):
// every step as mayStep allows it (sideways steps only when no straight
// path exists, R-RET-1) and an end where the retreat may end.
func (s *State) legalPath(pl pathPlan, p retreatPath) (bool, error) {
	if p.side > 0 {
		straight, err := s.pathsOf(pl, nil)
		if err != nil || len(straight) > 0 {
			return false, err
		}
		pl.sideways = true
	}
	q, from := retreatPath{}, pl.start
	for i, h := range p.hexes {
		ok, err := s.mayStep(pl, q, from, h, i+1)
		if err != nil || !ok {
			return false, err
		}
		q.hexes, from = append(q.hexes, h), h
	}
	if pl.goal > 0 {
		return s.enemyDistance(pl.side, from) == pl.goal, nil
	}
	return len(p.hexes) >= pl.n && !pl.extendPast(from), nil
}

// pathInTruth carries a path chosen from what the side knows into the full
// rules: the path itself when it is legal, else the best legal path under
// the side's preferences, the owner told why (nil when there is none, LoB
// 6.3c).
func (r *resolver) pathInTruth(rt *retreating, pl pathPlan, chosen *retreatPath, prefs []string) (*retreatPath, error) {
	if chosen != nil {
		ok, err := r.s.legalPath(pl, *chosen)
		if err != nil || ok {
			return chosen, err
		}
	}
	paths, err := r.s.retreatPaths(pl, prefs)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, nil
	}
	rankPaths(paths, prefs)
	if chosen != nil {
		r.tell(rt.side, "", "retreat-path-blocked", rt.o.Rule, fmt.Sprintf("%s cannot %s %s: enemy units block it or stand nearer; they take %s instead",
			strings.Join(names(rt.units), ", "), rt.o.what(), chosen.label(), paths[0].label()))
	}
	return &paths[0], nil
}

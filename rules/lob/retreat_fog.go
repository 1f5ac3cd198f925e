package lob

import (
	"fmt"
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
// counter it sees, the hexes of the enemy combat units among them, and the
// Zones of Control of those its counters show able to fire.
type enemyKnown struct {
	at     map[string]bool
	combat []string
	zoc    map[string]bool
}

// knownEnemy is the enemy side's map shows now (shownTo): of a stack in a
// hex it sees, the top combat unit, leaders and HQs. A shown unit's Zone
// of Control is read as its counter shows it: its facing, its formation
// and its hex's Morale State (LoB 3.4); ammunition depletion is secret, so
// a shown unit in a firing formation that is not Routed counts as able to
// fire.
func (s *State) knownEnemy(side rules.Side) *enemyKnown {
	k := &enemyKnown{at: map[string]bool{}, zoc: map[string]bool{}}
	l := s.lookerFor(side)
	l.lookMany(nil) // it looks at every enemy counter
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
		switch p.Unit.Formation {
		case "line", "open-order", "unlimbered":
		default:
			continue
		}
		if s.marker(p.Hex).Morale == MoraleRouted {
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

// distance is from a hex to the nearest known enemy combat unit, as
// enemyDistance is to the nearest of all.
func (k *enemyKnown) distance(m *Map, h string) int {
	best := 1 << 20
	for _, c := range k.combat {
		best = min(best, m.distance(c, h))
	}
	return best
}

// knownPlan is pl as the retreating side sees it: only the enemy its map
// shows blocks, repels and exerts a Zone of Control (R-FOG-7).
func (s *State) knownPlan(pl pathPlan) pathPlan {
	pl.known = s.knownEnemy(pl.side)
	pl.ezoc = pl.known.zoc
	return pl
}

// enemyInPlan is enemyIn as the plan counts the enemy.
func (s *State) enemyInPlan(pl pathPlan, h string) bool {
	if pl.known != nil {
		return pl.known.at[h]
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

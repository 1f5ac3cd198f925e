package wintersvictory

import (
	"fmt"

	"galloper/rules"
)

// What a skirmish company may and may not do (See WV 8.65), beyond its
// movement costs and stacking (skirmish.go):
//
//   - A.1: it never enters, by its own move, a hex of the Minimum Range
//     Fire Zone of a formed enemy infantry battalion it sees, unless the
//     hex is obstructed (the map has no Light Cover hexsides).
//   - A.5-A.6: it moves no more than five hexes from the nearest infantry
//     battalion of its nation unless it moves from a Hard or Soft Cover
//     hex into another; beyond five hexes, it enters a hex that is not
//     one only to come nearer such a battalion.
//   - A.7, C.3: beyond five hexes it has +1 to its morale die (13.13).
//   - B.1: it never shocks through the front of a formed enemy unit (a
//     battery or a battalion in General Order excepted), nor infantry or
//     cavalry of more than three times its troop strength.
//   - B.2, B.4: it is unformed for shock, and a command unit gives it
//     nothing (12.21).
//   - B.3: a D or D1 shock result does not Disorder it (Dr does): the
//     unformed unit's adjustment of 12.42 (AdjustShock).
//   - B.5: in a Clear hex it is Disordered when shocked by a formed unit
//     or charged by cavalry.
//   - B.6: in a Light Cover hex of 4 SP or less it has +1 Effectiveness.
//   - C.1-C.2: it rallies from Disorder in a Hard or Soft Cover hex even
//     in an enemy Minimum Range Fire Zone (13.41); Routed, it rallies at
//     once to good morale, with no command unit, out of every enemy Fire
//     Zone but the Extended, else retreats (13.42 A).
//   - D.1: in a Hard or Soft Cover hex it fires as Class 2 at Minimum
//     Range.
//   - D.3: a stack of companies of 4 SP or less in a Light Cover hex is
//     Target Class 4 (the Target Class table's first row).

// cover reports a Hard or Soft Cover hex (10.1: town; woods, farmette).
func (s *State) cover(h string) bool {
	t := s.terrain(h)
	return t == "town" || t == "woods" || t == "farmette"
}

// battalionDist is the distance from h to the nearest infantry battalion
// in play of the nation of u, or a large number (8.65 A.5).
func (s *State) battalionDist(u *Unit, h string) int {
	best := 1 << 20
	for i := range s.Units {
		b := &s.Units[i]
		if b.Side == u.Side && !b.Eliminated && b.Type == "infantry" && !b.skirmishing() && b.Nation == u.Nation {
			best = min(best, s.dist(b.Hex, h))
		}
	}
	return best
}

// skirmisherFar reports a skirmish company beyond five hexes of every
// battalion of its nation (8.65 A.7, C.3).
func (s *State) skirmisherFar(u *Unit) bool {
	return u.skirmishing() && s.battalionDist(u, u.Hex) > 5
}

// formedBattalion reports an infantry battalion in a formed formation,
// neither Disordered nor Routed (7.3, 8.65 A.1).
func formedBattalion(e *Unit) bool {
	return e.Type == "infantry" && e.formed() && (e.Formation == "column" || e.Formation == "line" || e.Formation == "square")
}

// skirmishStepProblem says why skirmish company u may not step from at
// into h (8.65 A.1, A.5-A.6), with the problem's code, or "".
func (r *run) skirmishStepProblem(side rules.Side, u *Unit, at, h string) (code, why string) {
	if !u.skirmishing() {
		return "", ""
	}
	if !obstructed(r.s.terrain(h)) {
		for i := range r.s.Units {
			e := &r.s.Units[i]
			if e.Side == side || e.Eliminated || !formedBattalion(e) || r.s.dist(e.Hex, h) != 1 || !r.s.sees(side, e.Hex) {
				continue
			}
			if !e.frontal() || r.s.inFront(e.Hex, e.Facing, h) {
				return "wv-8.65-fire-zone", fmt.Sprintf("it may not enter %s, in the Minimum Range Fire Zone of the formed battalion %s, unless the hex is obstructed (8.65 A.1)", h, e.Name)
			}
		}
	}
	before, after := r.s.battalionDist(u, at), r.s.battalionDist(u, h)
	if after > 5 && after >= before && !(r.s.cover(at) && r.s.cover(h)) {
		return "wv-8.65-five-hexes", fmt.Sprintf("%s is %d hexes from the nearest %s battalion: beyond five a company moves only from cover to cover, or nearer a battalion (8.65 A.5-A.6)", h, after, u.Nation)
	}
	return "", ""
}

// skirmishShockProblem says why the attackers us, all skirmish
// companies, may not shock hex h (8.65 B.1), or "".
func (r *run) skirmishShockProblem(us []*Unit, h string) string {
	sp := 0
	for _, u := range us {
		if !u.skirmishing() {
			return "" // companies with a battalion are part of it (9.31)
		}
		sp += u.Strength
	}
	a := us[0]
	for _, d := range r.s.unitsAt(h) {
		switch {
		case d.Side == a.Side || d.skirmishing():
		case d.Type != "artillery" && d.frontal() && r.s.inFront(d.Hex, d.Facing, a.Hex):
			return fmt.Sprintf("a skirmish company never shocks through the front of the formed %s (8.65 B.1)", d.Name)
		case d.Type != "artillery" && d.Strength > 3*sp:
			return fmt.Sprintf("%s has %d SP, more than 3 times the %d SP of the skirmish companies (8.65 B.1)", d.Name, d.Strength, sp)
		}
	}
	return ""
}

// skirmishersShocked is 8.65 B.5: skirmish companies in a Clear hex
// shocked by a formed unit, or charged by cavalry, are Disordered.
func (r *run) skirmishersShocked(def []*Unit, a0 *Unit, charging bool) {
	formed := a0.formed() && !a0.skirmishing() && a0.Formation != "general order"
	if !charging && !formed {
		return
	}
	for _, d := range def {
		if d.skirmishing() && d.formed() && r.s.terrain(d.Hex) == "clear" {
			d.Morale = moraleDisordered
			r.tell("disordered", "WV 8.65", nil, "%s, a skirmish company in a Clear hex, is Disordered by %s's shock (8.65 B.5)", d.Name, a0.Name)
		}
	}
}

// skirmishLightCover is 8.65 B.6: a skirmish company d in a Light Cover
// hex h holding 4 SP or less.
func (r *run) skirmishLightCover(d *Unit, h string) bool {
	if !d.skirmishing() || r.s.terrain(h) != "light-cover" {
		return false
	}
	sp := 0
	for _, u := range r.s.unitsAt(h) {
		sp += u.Strength
	}
	return sp <= 4
}

// coverRally is 13.41's third bullet (8.65 C.1): a Disordered skirmish
// company, French Light or Russian Jaeger battalion in a Hard or Soft
// Cover hex recovers even in an enemy Minimum Range Fire Zone.
func (r *run) coverRally(u *Unit) bool {
	light := u.Type == "infantry" && u.Class == "light" && (u.Nation == "French" || u.Nation == "Russian")
	return (u.skirmishing() || light) && r.s.cover(u.Hex)
}

// inEnemyFireZone reports whether an enemy unit able to fire, seeing u,
// has it in a Fire Zone short of Extended Range (11.2; 13.42).
func (r *run) inEnemyFireZone(u *Unit) bool {
	for i := range r.s.Units {
		e := &r.s.Units[i]
		if e.Side == u.Side || e.Eliminated || e.Type == "cavalry" || e.Morale == moraleRouted || e.Type == "artillery" && e.Formation != "unlimbered" {
			continue
		}
		b, ok := r.tables.FireBand(firer(e), r.s.dist(e.Hex, u.Hex))
		if ok && b != Extended && (!e.frontal() || r.s.inFront(e.Hex, e.Facing, u.Hex)) && r.s.observes(e.Hex, u.Hex) {
			return true
		}
	}
	return false
}

// skirmishRally is 13.42 A (8.65 C.2) for a Routed skirmish company: out
// of every enemy Fire Zone it rallies at once to good morale, with no
// command unit; else it retreats 3 hexes, 6 within 8 of an enemy (13.31).
func (r *run) skirmishRally(u *Unit) {
	if !r.inEnemyFireZone(u) {
		u.Morale = ""
		r.tell("rallied", "WV 13.42", r.seenBy(u), "%s, out of every enemy Fire Zone, rallies from Rout to good morale (13.42 A, 8.65 C.2)", u.Name)
		r.unitMorale(u, r.s.MoraleCost.Rallied, u.Name+" rallied")
		return
	}
	r.tell("rally-failed", "WV 13.42", r.seenBy(u), "%s stays Routed: it is in an enemy Fire Zone (13.42 A, 8.65 C.2)", u.Name)
	n := 3
	if r.nearestEnemy(u.Side, u.Hex) <= 8 {
		n = 6
	}
	r.retreat(u, n, r.nearestEnemyHex(u))
}

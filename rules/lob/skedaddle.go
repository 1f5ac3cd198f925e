package lob

import (
	"slices"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// marchFormations are the formations Skedaddling units keep (LoB 10.9).
var marchFormations = []string{"column", "limbered", "mounted"}

// skedaddlingCommand reports whether a unit's Command is Skedaddling, or
// must start one in this Activity Phase (LoB 10.9).
func (s *State) skedaddlingCommand(side rules.Side, unit string) (*Command, bool) {
	l, ok := s.links(side)[unit]
	if !ok {
		return nil, false
	}
	c := s.skedaddlingOver(l.cmd)
	if c == nil {
		return l.cmd, false
	}
	st := s.cmdStatus(c.Name)
	return c, st.Skedaddle != "" || st.SkedaddleDue
}

// skedaddlingOver is the Command whose Skedaddle a Command's units take
// part in: its own, or that of a corps above it, since "the Command's
// units (including any divisions stuck in position because of a Fluke
// Stoppage) must move to re-enter normal Command Radius" (LoB 10.9). An
// Army HQ's Skedaddle (10.9a) moves the Army HQ's own Command only. It
// returns the Command itself when none above it is Skedaddling, or nil
// when no Command is given.
func (s *State) skedaddlingOver(c *Command) *Command {
	for x := c; x != nil && (x == c || x.Level != LevelArmy); x = s.scn.parent(x) {
		if st := s.cmdStatus(x.Name); st.Skedaddle != "" || st.SkedaddleDue {
			return x
		}
	}
	return c
}

// inSkedaddle reports whether a Command takes part in a Skedaddle under
// way: its own, or that of a corps above it (LoB 10.9, 10.9c, 10.10a).
func (s *State) inSkedaddle(c *Command) bool {
	return s.cmdStatus(s.skedaddlingOver(c).Name).Skedaddle != ""
}

// skedaddleCommands are the Commands whose units and orders a Command's
// Skedaddle takes in: the Command itself and, for any but the Army
// (10.9a), every Command under it, since its divisions are "the
// Command's units" (LoB 10.9, 10.9c; docs/rulings-lob.md R-C2-SK-3).
func (s *State) skedaddleCommands(c *Command) []*Command {
	out := []*Command{c}
	if c.Level == LevelArmy {
		return out
	}
	for i := 0; i < len(out); i++ {
		out = append(out, s.scn.subordinates(out[i])...)
	}
	return out
}

// skedaddleFormationBarred says why a unit may not change to a formation
// during its Command's Skedaddle, or "": it keeps Column, Limbered or
// Mounted formation until the Activity Phase after Initiative ends the
// Skedaddle (LoB 10.9, 10.9b; docs/rulings-lob.md R-C2-SK-2).
func (s *State) skedaddleFormationBarred(p *Piece, to string) string {
	if slices.Contains(marchFormations, to) {
		return ""
	}
	if _, ok := s.skedaddlingCommand(p.Side, p.Name); !ok {
		return ""
	}
	return "its Command is Skedaddling, and its units keep Column, Limbered or Mounted formation until the Skedaddle ends"
}

// checkSkedaddleFormation reports a script's FORMATION step that takes a
// unit of a Skedaddling Command out of Column, Limbered or Mounted (LoB
// 10.9). A script sent with its leader's INITIATIVE END-SKEDADDLE may ask
// for it: it is carried out only if the Skedaddle has ended by then
// (R-C2-SK-2).
func (s *State) checkSkedaddleFormation(sd *SideOOB, f *orders.File, st *lobtext.Stack, ps *problems) {
	for _, step := range st.Steps {
		if step.Verb != "FORMATION" {
			continue
		}
		for _, p := range s.scriptPieces(sd.Side, st.Units) {
			c, ok := s.skedaddlingCommand(p.Side, p.Name)
			if !ok || s.triesInitiative(f, c) || s.skedaddleFormationBarred(p, formationName(step.Word)) == "" {
				continue
			}
			ps.add(step.WordAt, "lob-10.9-formation", "LoB 10.9",
				p.Name+" belongs to "+c.Name+", which is Skedaddling: its units keep Column, Limbered or Mounted formation until the Activity Phase after the Skedaddle ends",
				"leave out the FORMATION step, or send it with INITIATIVE END-SKEDADDLE")
			break
		}
	}
}

// skedaddleEZOCBarred says why a Skedaddling stack may not step into an
// EZOC hex, or "" when it may: only falling back, every unit nearer its
// radius center, and where the move can go on falling back from that hex
// (LoB 10.9 "provided the movement allows further withdrawal";
// docs/rulings-lob.md R-C2-SK-1). The stack's hex and MPs spent are those
// before the step.
func (r *resolver) skedaddleEZOCBarred(a *actingStack, to string, last bool) string {
	if !r.skedaddling(a) || !r.s.zoc(r.s.enemyOf(r.side))[to] {
		return ""
	}
	switch {
	case !r.nearerCenter(a, a.hex, to, false):
		return "during a Skedaddle it enters an enemy ZOC only falling back toward its Command"
	case r.endsInRadius(a, to):
		return ""
	case last || !r.withdrawsFrom(a, to):
		return "during a Skedaddle it enters an enemy ZOC only where it can fall back further"
	}
	return ""
}

// nearerCenter reports whether every unit of the stack with a Command (or,
// with outOnly, every one out of Command Radius) is nearer its radius
// center, in hexes, in to than in from (LoB 10.2g).
func (r *resolver) nearerCenter(a *actingStack, from, to string, outOnly bool) bool {
	t := r.s.newTrace(r.side)
	links := r.s.links(r.side)
	m := &r.s.scn.Map
	for _, p := range a.units {
		l, ok := links[p.Name]
		if !ok {
			continue
		}
		in, center := r.s.inRadius(t, p, l)
		if outOnly && in {
			continue
		}
		if m.distance(to, center) >= m.distance(from, center) {
			return false
		}
	}
	return true
}

// withdrawsFrom reports whether, having stepped into to, the stack could
// step on to a hex nearer its radius center: one not held by enemy combat
// units whose terrain every unit may enter and pay for with the MPs it
// has left (LoB 3.0, 3.0b, 10.9).
func (r *resolver) withdrawsFrom(a *actingStack, to string) bool {
	occ := r.s.occupancy()
	enemy, friends := occ[r.s.enemyOf(r.side)], occ[r.side]
	for _, next := range r.s.scn.Map.adjacentHexes(to) {
		if enemy[next] || !r.nearerCenter(a, to, next, false) {
			continue
		}
		if !slices.ContainsFunc(a.units, func(p *Piece) bool { return !r.affords(a, p, to, next, enemy, friends) }) {
			return true
		}
	}
	return false
}

// affords reports whether a unit has the MPs for the step into to and
// then the one on to next (LoB 3.0).
func (r *resolver) affords(a *actingStack, p *Piece, to, next string, enemy, friends map[string]bool) bool {
	c1, ok1 := r.autoStepCost(p, a.hex, to, enemy, friends)
	c2, ok2 := r.autoStepCost(p, to, next, enemy, friends)
	return ok1 && ok2 && a.spent[p.Name]+c1+c2 <= r.allowance(a, p)
}

// skedaddleLoss takes the 1 SP a Skedaddling stack loses on entering an
// EZOC hex, as in a retreat (LoB 10.9, 6.3e); a unit left with no SP is
// eliminated, and a stack with no units left stops.
func (r *resolver) skedaddleLoss(a *actingStack, h string) {
	if len(a.units) == 0 || !r.skedaddling(a) || !r.s.zoc(r.s.enemyOf(r.side))[h] {
		return
	}
	u := r.lossTaker(r.side, a.units)
	u.Unit.SP--
	u.Unit.Losses++
	r.add("skedaddle-loss", "LoB 10.9", "%s enters the enemy ZOC in %s and loses 1 SP (%d left), as in a retreat under LoB 6.3e", u.Name, h, u.Unit.SP)
	if u.Unit.SP > 0 {
		return
	}
	u.Unit.Eliminated = true
	a.units = slices.DeleteFunc(a.units, func(p *Piece) bool { return p == u })
	r.add("eliminated", "LoB 6.3e", "%s is eliminated", u.Name)
	if len(a.units) == 0 {
		a.stopped = true
	}
}

// skedaddleBlocks reports whether an automatic move must stop short of a
// hex: an EZOC hex a Skedaddling unit may not enter from the one before,
// with the MPs it will have spent by then (skedaddleEZOCBarred).
func (r *resolver) skedaddleBlocks(a *actingStack, from, to string, spent MP, last bool) bool {
	at := *a
	at.hex = from
	at.spent = map[string]MP{a.units[0].Name: spent}
	return r.skedaddleEZOCBarred(&at, to, last) != ""
}

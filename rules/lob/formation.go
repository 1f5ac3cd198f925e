package lob

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// formationChangeName is the formation-changes entry for a change of
// formation (LoB 3.1, 3.1b, 3.6a, 3.6b).
func formationChangeName(from, to string) string {
	switch {
	case to == "unlimbered":
		return "unlimber"
	case to == "limbered":
		return "limber"
	case to == "mounted":
		return "mount"
	case from == "mounted":
		return "dismount"
	case to == "column":
		return "to-column"
	}
	return "to-line"
}

// changeFormation flips the stack's units to a formation (LoB 3.1),
// paying its MPs; each unit that cannot is reported and stays as it is.
func (r *resolver) changeFormation(a *actingStack, to string) {
	for _, p := range a.units {
		if p.Unit.Formation == to {
			continue
		}
		if why, rule := r.formationBarred(a, p, to); why != "" {
			r.add("formation-refused", rule, "%s cannot change to %s: %s", p.Name, to, why)
			continue
		}
		from := p.Unit.Formation
		cost, err := r.s.charts.field.FormationChange(formationChangeName(from, to))
		if r.fail(err) {
			return
		}
		if !r.payChange(a, p, to, cost) {
			continue
		}
		r.rescaleSpent(a, p, from, to)
		r.add("formation", "LoB 3.1", "%s changes from %s to %s (%s MPs; %s of %s spent)", p.Name, from, to, cost, a.spent[p.Name], r.changeAllowance(a, p, from))
	}
	r.townDG(a)
}

// payChange pays a formation change and flips the unit (LoB 3.1). The
// MPs count against the new formation's MA (a unit changing to Line may
// not have spent Column's extra MPs, 3.1c), except that artillery
// Unlimbers with the MPs it has Limbered (3.6b: Unlimbered cannot move)
// and cavalry pays for mounting or dismounting out of the MA it has
// before the change, whose MPs are then doubled or halved (3.1b, 3.1d).
func (r *resolver) payChange(a *actingStack, p *Piece, to string, cost MP) bool {
	from := p.Unit.Formation
	if to != "unlimbered" && !mountChange(p, from, to) {
		p.Unit.Formation = to
	}
	if !r.pay(a, p, cost, "the change to "+to) {
		p.Unit.Formation = from
		return false
	}
	p.Unit.Formation = to
	return true
}

// mountChange reports whether a change is cavalry mounting or
// dismounting, paid in the formation it leaves: on dismounting "HALVE the
// MPs already used, including the 3 MPs to change formation", and a change
// needs its MPs available (3.1) before they are rescaled. See LoB 3.1b.
func mountChange(p *Piece, from, to string) bool {
	return p.Kind == ArmCavalry && (to == "mounted" || from == "mounted")
}

// changeAllowance is the MA a formation change was paid from, for events.
func (r *resolver) changeAllowance(a *actingStack, p *Piece, from string) MP {
	if p.Unit.Formation != "unlimbered" {
		return r.allowance(a, p)
	}
	to := p.Unit.Formation
	p.Unit.Formation = from
	defer func() { p.Unit.Formation = to }()
	return r.allowance(a, p)
}

// rescaleSpent converts the MPs already spent when cavalry mounts or
// dismounts, the change's own cost included: doubled on mounting from
// Line, halved rounding up on dismounting (LoB 3.1b); from Open Order the
// MPs left convert in proportion to the Mounted MA (3.1d).
func (r *resolver) rescaleSpent(a *actingStack, p *Piece, from, to string) {
	switch {
	case p.Kind != ArmCavalry:
	case to == "mounted" && from == "open-order":
		f := r.s.charts.field
		oo, err1 := f.Allowance(from)
		mounted, err2 := f.Allowance(to)
		if r.fail(errors.Join(err1, err2)) {
			return
		}
		a.spent[p.Name] = mounted - ConvertRemaining(max(oo-a.spent[p.Name], 0), oo, mounted)
	case to == "mounted":
		a.spent[p.Name] = MountedSpent(a.spent[p.Name])
	case from == "mounted":
		a.spent[p.Name] = DismountedSpent(a.spent[p.Name])
	}
}

// formationBarred says why a unit may not change to a formation, with
// the rule, or "" when it may.
func (r *resolver) formationBarred(a *actingStack, p *Piece, to string) (string, string) {
	u := r.s.scn.unit(p.Name)
	if u == nil {
		return "it has no printed formations", "LoB 3.1"
	}
	sides := make([]string, len(u.Sides))
	for i, s := range u.Sides {
		sides[i] = formationName(s)
	}
	if !slices.Contains(sides, to) {
		return fmt.Sprintf("its counter's formations are %s", strings.Join(sides, " and ")), "LoB 3.1"
	}
	if why := r.s.skedaddleFormationBarred(p, to); why != "" {
		return why, "LoB 10.9"
	}
	if o := r.columnHeldBy(p); o != nil && to != "column" {
		return fmt.Sprintf("its Command follows the Move order %s and has not reached its objective %s", o.ID, o.objectiveText()), "LoB 10.4b"
	}
	ezoc := r.s.zoc(r.s.enemyOf(r.side))[a.hex]
	switch {
	case to == "line" && ezoc && !a.fire:
		return "in an enemy ZOC a unit changes to Line only in a Fire Activity", "LoB 3.1a"
	case to == "line" && ezoc && a.hex != a.start:
		return "in an enemy ZOC a unit changes to Line only in the hex where it began the phase", "LoB 3.4b"
	case to == "unlimbered" && a.fire && a.hex != a.start:
		return "in a Fire Activity artillery Unlimbers only in place, before moving", "LoB 3.6b"
	case to == "unlimbered":
		need := r.s.unlimberDistance(r.side, a.hex)
		if e := r.enemyTooClose(a.hex, need); e != "" {
			return fmt.Sprintf("%s, able to fire with a Clear line of sight, is within %d hexes", e, need-1), "LoB 3.1f"
		}
	}
	return "", ""
}

// enemyTooClose names an enemy combat unit able to fire that is nearer
// than need hexes to h with a Clear line of sight, ignoring units, range,
// Facing and visibility (LoB 3.1f), or "".
func (r *resolver) enemyTooClose(h string, need int) string {
	m := &r.s.scn.Map
	enemy := r.s.enemyOf(r.side)
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.Side != enemy || !r.s.canFire(p) || m.distance(h, p.Hex) >= need {
			continue
		}
		if m.sight.lineOfSight(m.axial(p.Hex), m.axial(h), Shot{Side: enemy}, nil).Clear {
			return p.Name
		}
	}
	return ""
}

package gbacw

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/gbacw/gbtext"
)

// plan is one side's order file for a turn, checked: its Phase II and
// III/A choices, its activation scripts and its doctrine.
type plan struct {
	alloc      Allocation
	holdBack   map[string]int
	divOrders  map[string]Orders // by brigade id
	reserve    []reserveEntry
	release    map[string]Orders // brigades leaving Reserve in IV/B (6.34)
	first      *AM
	coordinate map[string]bool          // divisions that try Brigade Coordination (5.34)
	sequence   map[string][]string      // by division, the brigades that activate first, in that order (5.32)
	skip       map[string]int           // by brigade, the division AM it skips if its brigadier starts out of range (5.26)
	brigades   map[string]*gbtext.Order // BRIGADE scripts by brigade id
	units      map[string]*gbtext.Order // UNIT scripts by unit name
	leaders    map[string]string        // LEADER orders: the hex each leader moves toward (9.31-9.32)
	leadFirst  map[string]bool          // LEADER ... FIRST: leaders who ride before their brigade's units act (9.31, 13.43)
	builds     []buildOrder             // BUILD orders, in the file's order (15.1)
	rest       map[string]bool          // REST: idle brigades that lower Fatigue rather than rally (17.42)
	with       map[string]string        // LEADER ... WITH orders: the unit each leader moves with (9.31)
	attach     map[string]string        // ATTACH orders: battery -> brigade (4.32)
	placeWith  map[string]string        // REPLACE: by counter (counterKey), the unit its new leader is placed with (12.74)
	standing   map[string]string
	eff        Efficiency
	// allocAt is where the first EFFICIENCY, BONUS or TRANSFER line is,
	// for the problems of the allocation as a whole.
	allocAt orders.Pos
}

// problems gathers a file's problems.
type problems []orders.Problem

func (ps *problems) add(at orders.Pos, code, rule, format string, args ...any) {
	*ps = append(*ps, orders.Problem{At: at, Kind: orders.Illegal, Code: code, Rule: rule, Message: fmt.Sprintf(format, args...)})
}

// buildPlan reads and checks side's orders on s. Every message speaks
// only of the side's own commands and of what both sides see (GBACW is
// played with open counters; the enemy's EMs are never consulted).
func (sys System) buildPlan(s *State, side rules.Side, f *orders.File) (*plan, []orders.Problem) {
	p := &plan{holdBack: map[string]int{}, divOrders: map[string]Orders{}, brigades: map[string]*gbtext.Order{},
		units: map[string]*gbtext.Order{}, standing: map[string]string{}, alloc: Allocation{CorpsBonus: map[string][]string{}},
		coordinate: map[string]bool{}, sequence: map[string][]string{}, skip: map[string]int{}, release: map[string]Orders{}, leaders: map[string]string{}, leadFirst: map[string]bool{}, rest: map[string]bool{}, placeWith: map[string]string{}, with: map[string]string{}, attach: map[string]string{}}
	var ps problems
	ss := s.side(side)
	if ss == nil {
		ps.add(orders.Pos{}, "gb-no-side", "GBACW 3.0", "%q is not a side of this game", side)
		return p, ps
	}
	if f == nil {
		return p, nil
	}
	for _, o := range f.Orders {
		if st, ok := o.(*orders.Standing); ok {
			for _, r := range st.Reactions {
				if len(r.Choices) > 0 {
					p.standing[r.Kind] = r.Choices[0].Text
				}
			}
		}
	}
	var turnOrders []*gbtext.Order
	for _, o := range f.Orders {
		if x, ok := o.(*gbtext.Order); ok {
			turnOrders = append(turnOrders, x)
		}
	}
	if s.Phase != PhaseOrders {
		for _, x := range turnOrders {
			ps.add(x.At, "gb-not-yet", "GBACW 3.0", "the first turn's orders come after its Efficiency is drawn: this segment takes only a STANDING block")
		}
		return p, ps
	}
	for _, x := range turnOrders {
		if (x.Verb == gbtext.Efficiency || x.Verb == gbtext.Bonus || x.Verb == gbtext.Transfer) && p.allocAt == (orders.Pos{}) {
			p.allocAt = x.At
		}
		sys.planOrder(s, side, p, x, &ps)
	}
	sys.planBuilds(s, side, p, turnOrders, &ps)
	p.checkWith(s, &ps)
	oc, corps := s.commandOf(sys.combat, side)
	eff, err := ComputeEfficiency(oc, corps, ss.EMs, p.alloc)
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			ps.add(p.allocAt, "gb-efficiency", "GBACW 5.2", "%s", line)
		}
	} else {
		p.eff = eff
		for div, n := range p.holdBack {
			if n > eff.AMs[div] {
				ps.add(orders.Pos{}, "gb-hold-back", "GBACW 5.31", "%s has %d AMs this turn and cannot hold back %d", div, eff.AMs[div], n)
			}
		}
	}
	if p.first != nil {
		switch {
		case !ss.Initiative:
			ps.add(orders.Pos{}, "gb-first", "GBACW 5.13", "only the side with the Initiative picks the first AM, and %s does not hold it this turn", side)
			p.first = nil
		case p.first.Kind == DivisionAM && err == nil && eff.AMs[p.first.Command]-p.holdBack[p.first.Command] < 1:
			ps.add(orders.Pos{}, "gb-first", "GBACW 5.13", "%s has no AM in the Pool to go first", p.first.Command)
			p.first = nil
		case p.first.Kind == MarchAM && !s.hasMarch(side, p):
			ps.add(orders.Pos{}, "gb-first", "GBACW 5.13", "%s has no units under March Orders, so no March AM", side)
			p.first = nil
		}
	}
	return p, ps
}

// hasMarch: a brigade of the side is under March Orders once the
// Division Orders Phase has given its orders.
func (s *State) hasMarch(side rules.Side, p *plan) bool {
	for i := range s.Brigades {
		b := &s.Brigades[i]
		if s.sideOfBrigade(b) != side || b.Arrives > s.Turn || !s.brigadeOnMap(b) && !s.brigadeToEnter(b) && b.Arrives != s.Turn {
			continue
		}
		o, _ := ParseOrders(b.Orders)
		if n, ok := p.divOrders[b.ID]; ok {
			o = n
		}
		if o == March {
			return true
		}
	}
	return false
}

func (sys System) planOrder(s *State, side rules.Side, p *plan, x *gbtext.Order, ps *problems) {
	cc := sys.combat
	name := x.Name.Text
	at := x.Name.At
	ownDivision := func() *Division {
		d := s.division(name)
		if d == nil || s.sideOfDivision(d) != side {
			ps.add(at, "gb-unknown-division", "GBACW 4.13", "%s has no division called %s", side, orders.Clip(name))
			return nil
		}
		return d
	}
	ownBrigade := func() *BrigadeSt {
		b := s.brigade(name)
		if b == nil || s.sideOfBrigade(b) != side {
			ps.add(at, "gb-unknown-brigade", "GBACW 4.14", "%s has no brigade called %s", side, orders.Clip(name))
			return nil
		}
		if b.Arrives > s.Turn {
			ps.add(at, "gb-not-arrived", "GBACW 9.71", "%s enters on turn %d; it takes orders from then on", b.ID, b.Arrives)
			return nil
		}
		return b
	}
	switch x.Verb {
	case gbtext.Efficiency:
		c := s.corps(name)
		if c == nil || c.Side != side {
			ps.add(at, "gb-unknown-corps", "GBACW 5.22", "%s has no corps called %s", side, orders.Clip(name))
			return
		}
		p.alloc.OCBonus = append(p.alloc.OCBonus, c.ID)
	case gbtext.Bonus:
		d := ownDivision()
		if d == nil {
			return
		}
		n := 1
		if x.Value == "+2" {
			n = 2
		}
		for range n {
			p.alloc.CorpsBonus[d.Corps] = append(p.alloc.CorpsBonus[d.Corps], d.ID)
		}
	case gbtext.Transfer:
		d := ownDivision()
		if d == nil {
			return
		}
		if p.alloc.Transfer != nil {
			ps.add(x.At, "gb-transfer-twice", "GBACW 5.41", "a side makes at most one Efficiency Transfer a turn")
			return
		}
		t := &Transfer{To: d.ID}
		for i, n := range x.From {
			fd := s.division(n.Text)
			if fd == nil || s.sideOfDivision(fd) != side {
				ps.add(n.At, "gb-unknown-division", "GBACW 5.42", "%s has no division called %s", side, orders.Clip(n.Text))
				return
			}
			t.From[i] = fd.ID
		}
		if len(x.From) == 1 {
			t.From[1] = t.From[0]
		}
		p.alloc.Transfer = t
	case gbtext.HoldBack:
		if d := ownDivision(); d != nil {
			p.holdBack[d.ID] += x.N
		}
	case gbtext.Attach:
		p.checkAttach(s, side, x, ps)
	case gbtext.OrdersKw:
		b := ownBrigade()
		if b == nil {
			return
		}
		to, _ := ParseOrders(x.Value)
		from, _ := ParseOrders(b.Orders)
		if b.Arrives == s.Turn {
			if to == March && s.book != nil && s.book.NoReinforcementMarch {
				ps.add(x.At, "gb-reinforcement-orders", "GBACW 6.14", "this battle's Battle Book does not let entering reinforcements take March Orders: give %s ADVANCE or ATTACK", b.ID)
				return
			}
			p.divOrders[b.ID] = to // Reinforcement Orders, 9.71, 6.17
			return
		}
		err := CheckDivisionOrder(DivisionOrder{Brigade: b.ID, From: from, To: to,
			DivisionInRange: s.upperChainComplete(cc, b), BrigadierInRange: s.brigadierInRange(cc, b),
			NearEnemy: s.brigadeNear(cc, b, 4, true), Artillery: b.Artillery, Fatigue: b.Fatigue,
			DismountedCavalry: s.brigadeDismounted(b)})
		if err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				ps.add(x.At, "gb-division-orders", "GBACW 6.12", "%s", line)
			}
			return
		}
		p.divOrders[b.ID] = to
	case gbtext.Reserve:
		c, ok := s.reserveCommandOf(side, name)
		if !ok {
			ps.add(at, "gb-unknown-brigade", "GBACW 4.14", "%s has no brigade, division or corps called %s", side, orders.Clip(name))
			return
		}
		if len(c.Brigades) == 0 || c.Level == "brigade" && c.Brigades[0].Arrives > s.Turn {
			ps.add(at, "gb-not-arrived", "GBACW 9.71", "%s has no brigade in play yet; it takes orders from its turn of entry", c.ID)
			return
		}
		if err := CheckReserve(s.reserveQualification(cc, side, c)); err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				ps.add(x.At, "gb-reserve", "GBACW 6.31", "%s", line)
			}
			return
		}
		for _, b := range c.Brigades {
			p.reserve = append(p.reserve, reserveEntry{brigade: b.ID, command: c.ID})
		}
	case gbtext.First:
		if x.Value == "MARCH" {
			p.first = &AM{Kind: MarchAM, Side: sideNum(s, side)}
			return
		}
		if d := ownDivision(); d != nil {
			p.first = &AM{Kind: DivisionAM, Side: sideNum(s, side), Command: d.ID}
		}
	case gbtext.Release:
		c, ok := s.reserveCommandOf(side, name)
		if !ok {
			ps.add(at, "gb-unknown-brigade", "GBACW 4.14", "%s has no brigade, division or corps called %s", side, orders.Clip(name))
			return
		}
		o, _ := ParseOrders(x.Value)
		n := 0
		for _, b := range c.Brigades {
			if f := s.heldInReserve(b); b.Reserve && f != nil {
				ps.add(x.At, "gb-reserve-formation", "GBACW 4.33", "%s is held In Reserve with %s until the end of turn %d", b.ID, f.ID, f.ReleaseTurn)
				n++
				continue
			}
			if b.Reserve {
				p.release[b.ID] = o
				n++
			}
		}
		if n == 0 {
			ps.add(x.At, "gb-not-reserve", "GBACW 6.34", "%s is not In Reserve", c.ID)
		}
	case gbtext.Coordinate:
		if d := ownDivision(); d != nil {
			p.coordinate[d.ID] = true
		}
	case gbtext.Sequence:
		if d := ownDivision(); d != nil {
			p.planSequence(s, d, x, ps)
		}
	case gbtext.Skip:
		// Accepted whether or not the brigadier is out of range: that is
		// settled in Phase II/A, and the range depends on where enemy
		// units stand (4.15), which a side may not see.
		b := ownBrigade()
		if b == nil {
			return
		}
		if _, twice := p.skip[b.ID]; twice {
			ps.add(x.At, "gb-skip-twice", "GBACW 5.26", "%s skips one division AM a turn: one SKIP line for it", b.ID)
			return
		}
		p.skip[b.ID] = x.N
	case gbtext.Rest:
		if b := ownBrigade(); b != nil {
			if !slices.Contains(s.Optional, "17") {
				ps.add(x.At, "gb-rest", "GBACW 17.42", "REST lowers Fatigue, and this game is played without the optional Fatigue rules (17)")
				return
			}
			p.rest[b.ID] = true
		}
	case gbtext.Brigade:
		b := ownBrigade()
		if b == nil {
			return
		}
		if b.Under != "" {
			ps.add(x.At, "gb-no-brigadier", "GBACW 6.21", "%s has no brigadier to roll for an Orders Change: units directly under their %s change Orders only in the Division Orders Phase (ruling GBACW-R102)", b.ID, underName(b.Under))
			return
		}
		if b.Artillery && x.Change == "ATTACK" {
			ps.add(x.At, "gb-artillery-attack", "GBACW 6.18", "%s is artillery, which is never under Attack Orders", b.ID)
			return
		}
		if p.brigades[b.ID] != nil {
			ps.add(x.At, "gb-twice", "GBACW 5.33", "%s has two BRIGADE scripts; keep one", b.ID)
			return
		}
		p.brigades[b.ID] = x
	case gbtext.LeaderKw:
		l := s.leader(name)
		switch {
		case l == nil || l.Side != side:
			ps.add(at, "gb-unknown-leader", "GBACW 4.1", "%s has no leader called %s", side, orders.Clip(name))
		case l.Killed || l.Hex == "":
			ps.add(at, "gb-leader-off-map", "GBACW 9.31", "%s is not on the map and cannot move", l.Name)
		case p.leaders[l.Name] != "" || p.with[l.Name] != "":
			ps.add(x.At, "gb-twice", "GBACW 9.31", "%s has two LEADER orders; keep one", l.Name)
		case x.First && l.Stars > 2:
			ps.add(x.At, "gb-leader-first", "GBACW 9.32", "%s rides only in the Commander Movement Phase, after the activations: FIRST is for a brigadier or a division leader, who ride in an activation of their command (9.31)", l.Name)
		case x.With != "":
			u := s.unit(x.With)
			if u == nil || u.Side != side || l.Stars > 2 || !s.commands(l, u) {
				ps.add(x.At, "gb-leader-with", "GBACW 9.31", "%s may move only with a unit of his command: %s is not one (a brigadier's brigade, a division leader's division)", l.Name, orders.Clip(x.With))
				return
			}
			p.with[l.Name] = u.Name
		default:
			if _, ok := s.m.Hex(x.Value); !ok {
				ps.add(x.At, "gb-off-map", "GBACW 2.1", "%s: hex %s is not on the map", l.Name, x.Value)
				return
			}
			p.leaders[l.Name] = x.Value
			p.leadFirst[l.Name] = x.First
		}
	case gbtext.Replace:
		l, u := s.leader(name), s.unit(x.Value)
		switch {
		case l == nil || l.Side != side:
			ps.add(at, "gb-unknown-leader", "GBACW 4.1", "%s has no leader called %s", side, orders.Clip(name))
		case l.Replacement == nil || l.Replaced && l.Stars != 1:
			ps.add(x.At, "gb-no-replacement", "GBACW 12.74", "%s's counter names no replacement to place: should he fall, %s goes on without a %s", l.Name, s.commandName(l), rank(l.Stars))
		case u == nil || u.Side != side || !s.commands(l, u):
			ps.add(x.At, "gb-replace-unit", "GBACW 12.74", "%s's replacement is placed with a unit of %s, and %s is not one", l.Name, s.commandName(l), orders.Clip(x.Value))
		case p.placeWith[counterKey(l)] != "":
			ps.add(x.At, "gb-twice", "GBACW 12.74", "%s has two REPLACE lines; keep one", l.Name)
		default:
			p.placeWith[counterKey(l)] = u.Name
		}
	case gbtext.Unit:
		u := s.unit(name)
		if u == nil || u.Side != side {
			ps.add(at, "gb-unknown-unit", "GBACW 2.21", "%s has no unit called %s", side, orders.Clip(name))
			return
		}
		if p.units[u.Name] != nil {
			ps.add(x.At, "gb-twice", "GBACW 5.33", "%s has two UNIT scripts; keep one", u.Name)
			return
		}
		for _, c := range x.Clauses {
			for i, a := range c.Actions {
				if a.Verb == gbtext.ActMount || a.Verb == gbtext.ActDismount {
					switch {
					case u.Other == nil:
						ps.add(x.At, "gb-mount", "GBACW 14.21", "%s has no second counter: only cavalry with a mounted and a dismounted counter may %s", u.Name, a.Verb)
						return
					case i > 0:
						ps.add(x.At, "gb-mount", "GBACW 14.22", "%s: %s comes first in its clause: a unit mounts or dismounts at the start of its activation, before it moves", u.Name, a.Verb)
						return
					}
				}
				for i, h := range a.Hexes {
					if _, ok := s.m.Hex(h); !ok {
						ps.add(x.At, "gb-off-map", "GBACW 2.1", "%s: hex %s is not on the map", u.Name, h)
						return
					}
					if a.Verb == gbtext.ActMove && i > 0 && s.m.Distance(a.Hexes[i-1], h) != 1 {
						ps.add(x.At, "gb-path", "GBACW 9.1", "%s: MOVE %s to %s is not a step to an adjacent hex", u.Name, a.Hexes[i-1], h)
						return
					}
					if a.Verb == gbtext.ActWithdraw && i > 0 && s.m.Distance(a.Hexes[i-1], h) != 1 {
						ps.add(x.At, "gb-path", "GBACW 9.54", "%s: WITHDRAW %s to %s is not a step to an adjacent hex", u.Name, a.Hexes[i-1], h)
						return
					}
				}
				if a.Verb == gbtext.ActMove && a.Target != "" {
					for _, n := range strings.Split(a.Target, ", ") {
						if c := s.unit(n); c == nil || c.Side != side || c.Brigade != u.Brigade || c == u {
							ps.add(x.At, "gb-with", "GBACW 8.21", "%s: %s is not another unit of its brigade, to move with it as one stack", u.Name, orders.Clip(n))
							return
						}
					}
					continue
				}
				if a.Target != "" && a.Verb != gbtext.ActRefuse && a.Verb != gbtext.ActTurn && a.Verb != gbtext.ActRally && a.Verb != gbtext.ActExtend && a.Verb != gbtext.ActPivot && a.Verb != gbtext.ActFace {
					if t := s.unit(a.Target); t == nil || t.Side == side {
						ps.add(x.At, "gb-unknown-target", "GBACW 10.1", "%s: there is no enemy unit called %s", u.Name, orders.Clip(a.Target))
						return
					}
				}
				if rule, msg := checkGuns(s, u, a); msg != "" {
					ps.add(x.At, "gb-guns", rule, "%s", msg)
					return
				}
				if rule, msg := checkTopSection(u, a); msg != "" {
					ps.add(x.At, "gb-guns", rule, "%s", msg)
					return
				}
				if a.Verb == gbtext.ActCharge && u.Kind == "artillery" {
					ps.add(x.At, "gb-charge", "GBACW 11.21", "%s is artillery, which never charges", u.Name)
					return
				}
				if a.Verb == gbtext.ActCharge && u.Kind == "cavalry" && s.night() {
					ps.add(x.At, "gb-night-charge", "GBACW 16.12", "%s: there is no Cavalry Charge on a Night turn; write SHOCK", u.Name)
					return
				}
				if a.Verb == gbtext.ActShock && u.Kind == "artillery" {
					ps.add(x.At, "gb-shock", "GBACW 11.61", "%s is artillery, which may never Shock attack", u.Name)
					return
				}
			}
		}
		p.units[u.Name] = x
	}
}

// checkWith refuses a MOVE ... WITH that names a unit with a UNIT script
// of its own: the units of a stack moving as one act by the mover's
// script (8.21 Exception 1, ruling GBACW-R99).
func (p *plan) checkWith(s *State, ps *problems) {
	for _, name := range slices.Sorted(maps.Keys(p.units)) {
		x := p.units[name]
		for _, c := range x.Clauses {
			for _, a := range c.Actions {
				if a.Verb != gbtext.ActMove || a.Target == "" {
					continue
				}
				for _, n := range strings.Split(a.Target, ", ") {
					if cu := s.unit(n); cu != nil && p.units[cu.Name] != nil {
						ps.add(x.At, "gb-with", "GBACW 8.21", "%s moves WITH %s, which has a UNIT script of its own: a stack moving as one acts by its mover's script, so drop one", name, cu.Name)
					}
				}
			}
		}
	}
}

// sideNum maps a side to the foundation's Side numbers: the scenario's
// first side is Union, the second Confederate (they only order the AM
// Pool).
func sideNum(s *State, side rules.Side) Side {
	if s.Sides[0].Side == side {
		return Union
	}
	return Confederate
}

// planBuilds checks the side's BUILD orders against the Orders its
// brigades will have after the Division Orders Phase (15.11-15.12,
// 17.34). A unit that builds may not also have a UNIT script: it does
// nothing else (15.13).
func (sys System) planBuilds(s *State, side rules.Side, p *plan, xs []*gbtext.Order, ps *problems) {
	for _, x := range xs {
		if x.Verb != gbtext.Build {
			continue
		}
		u := s.unit(x.Name.Text)
		if u == nil || u.Side != side {
			ps.add(x.Name.At, "gb-unknown-unit", "GBACW 2.21", "%s has no unit called %s", side, orders.Clip(x.Name.Text))
			continue
		}
		if slices.ContainsFunc(p.builds, func(b buildOrder) bool { return b.unit == u.Name }) {
			ps.add(x.At, "gb-twice", "GBACW 15.15", "%s has two BUILD orders; keep one", u.Name)
			continue
		}
		if p.units[u.Name] != nil {
			ps.add(x.At, "gb-build-script", "GBACW 15.13", "%s builds Breastworks and does nothing else: drop its UNIT script or the BUILD", u.Name)
			continue
		}
		if x.Value != "" {
			if _, ok := s.m.Hex(x.Value); !ok {
				ps.add(x.At, "gb-off-map", "GBACW 2.1", "%s: hex %s is not on the map", u.Name, x.Value)
				continue
			}
		}
		o := s.ordersOf(u)
		if n, ok := p.divOrders[u.Brigade]; ok && u.Orders == "" {
			o = n
		}
		if bad := s.checkBuild(sys.combat, u, o, x.Value); len(bad) > 0 {
			for _, m := range bad {
				ps.add(x.At, "gb-build", m.rule, "%s", m.text)
			}
			continue
		}
		p.builds = append(p.builds, buildOrder{unit: u.Name, facing: x.Value})
	}
}

// checkAttach checks an ATTACH order (4.32): a battery of its division's
// artillery brigade, on the map, to a brigade of that division that is not
// an artillery brigade and has no other battery attached this turn.
func (p *plan) checkAttach(s *State, side rules.Side, x *gbtext.Order, ps *problems) {
	u := s.unit(x.Name.Text)
	if u == nil || u.Side != side {
		ps.add(x.Name.At, "gb-unknown-unit", "GBACW 2.21", "%s has no unit called %s", side, orders.Clip(x.Name.Text))
		return
	}
	from, to := s.brigade(u.Brigade), s.brigade(x.Value)
	switch {
	case u.Kind != "artillery" || !from.Artillery:
		ps.add(x.At, "gb-attach", "GBACW 4.32", "%s is not a battery of a division's artillery", u.Name)
	case !u.onMap():
		ps.add(x.At, "gb-attach", "GBACW 4.32", "%s is not on the map", u.Name)
	case to == nil || s.sideOfBrigade(to) != side:
		ps.add(x.At, "gb-unknown-brigade", "GBACW 4.32", "%s has no brigade called %s", side, orders.Clip(x.Value))
	case to.Division != from.Division || to.Artillery:
		ps.add(x.At, "gb-attach", "GBACW 4.32", "%s may be attached only to an infantry or cavalry brigade of %s", u.Name, from.Division)
	case p.attach[u.Name] != "":
		ps.add(x.At, "gb-twice", "GBACW 4.32", "%s has two ATTACH orders; keep one", u.Name)
	case slices.Contains(slices.Collect(maps.Values(p.attach)), to.ID):
		ps.add(x.At, "gb-attach", "GBACW 4.32", "%s already has a battery attached: one battery per brigade", to.ID)
	default:
		p.attach[u.Name] = to.ID
	}
}

// reserveEntry is a brigade put In Reserve, and the command (itself, or
// its division or corps) named to go In Reserve (6.31).
type reserveEntry struct{ brigade, command string }

// planSequence takes a SEQUENCE: the brigades of division d, each named
// once, in the order the player activates them on its AMs (5.32).
func (p *plan) planSequence(s *State, d *Division, x *gbtext.Order, ps *problems) {
	if _, twice := p.sequence[d.ID]; twice {
		ps.add(x.At, "gb-sequence", "GBACW 5.32", "one SEQUENCE line for %s", d.ID)
		return
	}
	var ids []string
	for _, n := range x.Brigades {
		b := s.brigade(n.Text)
		switch {
		case b == nil || b.Division != d.ID:
			ps.add(n.At, "gb-sequence", "GBACW 5.32", "%s has no brigade called %s", d.ID, orders.Clip(n.Text))
			return
		case slices.Contains(ids, b.ID):
			ps.add(n.At, "gb-sequence", "GBACW 5.32", "%s is named twice in the SEQUENCE of %s", b.ID, d.ID)
			return
		}
		ids = append(ids, b.ID)
	}
	p.sequence[d.ID] = ids
}

// checkTopSection checks a TOP SECTION (8.24 Exception, 8.37): a
// battery of several sections puts one of its own, other than the top
// one, on top. It returns the rule and the problem, or "".
func checkTopSection(u *UnitSt, a gbtext.Action) (string, string) {
	if a.Verb != gbtext.ActTop || len(a.Sections) == 0 {
		return "", ""
	}
	k := a.Sections[0]
	switch {
	case !u.sectioned():
		return "GBACW 8.24", fmt.Sprintf("%s is no battery of several sections: TOP SECTION orders a battery's sections; write TOP to put the unit on top of its stack", u.Name)
	case k > len(u.Sections):
		return "GBACW 8.37", fmt.Sprintf("%s has %d sections, no section %d", u.Name, len(u.Sections), k)
	case k == 1:
		return "GBACW 8.24", fmt.Sprintf("%s: section 1 is already its top section; TOP SECTION names the section to put on top of it, 2 or more", u.Name)
	}
	return "", ""
}

// checkGuns checks a FIRE's WITH and SECTION (10.63, 8.37): WITH is a
// battery's, naming other batteries of its side; SECTION names sections
// the battery has. It returns the rule and the problem, or "".
func checkGuns(s *State, u *UnitSt, a gbtext.Action) (string, string) {
	if a.Verb == gbtext.ActTop {
		return "", "" // checkTopSection
	}
	if len(a.With) > 0 && u.Kind != "artillery" {
		return "GBACW 10.63", fmt.Sprintf("%s: only batteries combine their fire by WITH", u.Name)
	}
	for _, n := range a.With {
		if p := s.unit(n); p == nil || p.Side != u.Side || p.Kind != "artillery" || p == u {
			return "GBACW 10.63", fmt.Sprintf("%s: %s is not another battery of %s", u.Name, orders.Clip(n), u.Side)
		}
	}
	if a.Verb == gbtext.ActSplit && a.Target != "" && u.Kind != "artillery" {
		return "GBACW 10.65", fmt.Sprintf("%s: only a battery names the targets of its SPLIT; small arms split between the enemies of their two Front hexes (SPLIT alone)", u.Name)
	}
	parts := []gbtext.Action{{Sections: a.Sections}}
	if a.Verb == gbtext.ActSplit {
		parts = append([]gbtext.Action{{Target: a.Target, Sections: a.Sections}}, a.More...)
	}
	targets, used := map[string]bool{}, map[int]bool{}
	for _, p := range parts {
		if t := s.unit(p.Target); p.Target != "" && (t == nil || t.Side == u.Side) {
			return "GBACW 10.65", fmt.Sprintf("%s: there is no enemy unit called %s", u.Name, orders.Clip(p.Target))
		}
		targets[p.Target] = true
		for _, k := range p.Sections {
			if k > len(u.Sections) {
				return "GBACW 8.37", fmt.Sprintf("%s has %d sections, no section %d", u.Name, len(u.Sections), k)
			}
			if used[k] {
				return "GBACW 10.65", fmt.Sprintf("%s: section %d may not split its fire", u.Name, k)
			}
			used[k] = true
		}
	}
	delete(targets, "")
	switch {
	case len(targets) > 2:
		return "GBACW 10.65", fmt.Sprintf("%s: a battery splits its fire against two hexes at most", u.Name)
	case len(a.More) > 1 && len(u.Sections) < 2:
		return "GBACW 10.65", fmt.Sprintf("%s: a battery of one gun type splits its fire in two parts", u.Name)
	}
	return "", ""
}

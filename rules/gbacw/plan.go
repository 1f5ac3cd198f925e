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
	reserve    []string
	release    map[string]Orders // brigades leaving Reserve in IV/B (6.34)
	first      *AM
	coordinate map[string]bool          // divisions that try Brigade Coordination (5.34)
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
		coordinate: map[string]bool{}, skip: map[string]int{}, release: map[string]Orders{}, leaders: map[string]string{}, leadFirst: map[string]bool{}, rest: map[string]bool{}, placeWith: map[string]string{}, with: map[string]string{}, attach: map[string]string{}}
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
			p.divOrders[b.ID] = to // Reinforcement Orders, 9.71, 6.17
			return
		}
		d := s.division(b.Division)
		err := CheckDivisionOrder(DivisionOrder{Brigade: b.ID, From: from, To: to,
			DivisionInRange: s.divisionInCorpsRange(cc, d), BrigadierInRange: s.brigadierInRange(cc, b),
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
		b := ownBrigade()
		if b == nil {
			return
		}
		o, _ := ParseOrders(b.Orders)
		near, los := 1<<30, false
		all := true
		for i := range s.Units {
			u := &s.Units[i]
			if u.Brigade != b.ID || !u.onMap() {
				continue
			}
			if e, d := s.nearestEnemy(u.Hex, side); e != nil && d < near {
				near = d
			}
			all = all && s.unitInCommand(cc, u)
			for j := range s.Units {
				if e := &s.Units[j]; e.Side != side && e.combat() && s.lineOfSight(cc, e.Hex, u.Hex) {
					los = true
				}
			}
		}
		if err := CheckReserve(ReserveCommand{ID: b.ID, AllInRange: all, Orders: []Orders{o}, NearestEnemy: near, InEnemyLOS: los, Night: s.night()}); err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				ps.add(x.At, "gb-reserve", "GBACW 6.31", "%s", line)
			}
			return
		}
		p.reserve = append(p.reserve, b.ID)
	case gbtext.First:
		if x.Value == "MARCH" {
			p.first = &AM{Kind: MarchAM, Side: sideNum(s, side)}
			return
		}
		if d := ownDivision(); d != nil {
			p.first = &AM{Kind: DivisionAM, Side: sideNum(s, side), Command: d.ID}
		}
	case gbtext.Release:
		b := ownBrigade()
		if b == nil {
			return
		}
		if !b.Reserve {
			ps.add(x.At, "gb-not-reserve", "GBACW 6.34", "%s is not In Reserve", b.ID)
			return
		}
		o, _ := ParseOrders(x.Value)
		p.release[b.ID] = o
	case gbtext.Coordinate:
		if d := ownDivision(); d != nil {
			p.coordinate[d.ID] = true
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
				if a.Target != "" && a.Verb != gbtext.ActRefuse && a.Verb != gbtext.ActTurn && a.Verb != gbtext.ActRally && a.Verb != gbtext.ActExtend && a.Verb != gbtext.ActPivot {
					if t := s.unit(a.Target); t == nil || t.Side == side {
						ps.add(x.At, "gb-unknown-target", "GBACW 10.1", "%s: there is no enemy unit called %s", u.Name, orders.Clip(a.Target))
						return
					}
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

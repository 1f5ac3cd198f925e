package battlehymn

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
)

// The Hour (BH 4), resolved as one segment from both sides' orders
// (ruling E-1):
//
//  1. Determine the Initiative from the scenario's schedule (BH 3.9, 4.1).
//  2. Prepare the Turn Cup: the Movement Turn markers of the Formations on
//     the map and of those arriving this Hour, and the Combat Turn
//     markers, less the Initiative side's, which it holds back; at Night
//     no Combat Turn markers, and Approach Fire markers are removed (BH
//     4.2, 13, ruling A18).
//  3. Before each pick, the Initiative side's standing trigger may play
//     its held Combat Turn (BH 3.9, 4.3); then a marker is drawn blind,
//     a seeded, logged rules.Cup draw, and its Movement Turn (the
//     Formation's scripts) or Combat Turn is carried out.
//  4. When the cup is empty, the held Combat Turn, if not yet played,
//     comes last (BH 4.4).
//  5. Time passes; at a "Victory?" Hour the score is taken (BH 4.5, 14).
//
// A choice that neither the orders nor a standing reaction settles stops
// the run with a decision request; the Hour is then resolved again from
// its start with the answer (rules.Decide), with the same dice.

// errPause stops a run that must ask a side.
var errPause = errors.New("battlehymn: paused for a decision")

// hour is one run of an Hour's resolution over a copy of the state.
type hour struct {
	s      *State
	dice   rules.Dice
	dec    []rules.Decision
	ev     []rules.Event
	asked  map[string]int
	pauses []rules.DecisionRequest
	orders map[rules.Side][]*bhtext.Order
	// held is the Initiative side while its Combat Turn is held back.
	held rules.Side
	// fought lists the units that took part in an Engagement this
	// Combat Turn (BH 6.1.5); noAdvance the attackers screened by a
	// cavalry retreat before combat (BH 6.1.1).
	attackerSide rules.Side
	fought       map[string]bool
	noAdvance    map[string]bool
}

// Resolve implements rules.System: it plays the Hour.
func (sys System) Resolve(in rules.Input) (rules.Result, error) {
	st, ok := in.State.(*State)
	if !ok {
		return rules.Result{}, fmt.Errorf("battlehymn: resolve: a %T is not a Battle Hymn state", in.State)
	}
	if st.Over() {
		return rules.Result{}, fmt.Errorf("battlehymn: resolve: the game is over")
	}
	h := &hour{s: st.clone(), dice: in.Dice, dec: in.Decisions, asked: map[string]int{}, orders: map[rules.Side][]*bhtext.Order{}}
	for _, side := range st.Sides {
		f := in.Orders[side]
		h.orders[side] = unitOrders(f)
		h.s.keepStanding(side, f)
	}
	err := h.play()
	if errors.Is(err, errPause) {
		return rules.Result{Events: fogEvents(st, nil, h.ev, in.Dice.Rolls()), Pauses: h.pauses}, nil
	}
	if err != nil {
		return rules.Result{Events: h.ev}, err
	}
	return rules.Result{Next: h.s, Events: fogEvents(st, h.s, h.ev, in.Dice.Rolls())}, nil
}

// unitOrders are a file's orders, in the order written.
func unitOrders(f *orders.File) []*bhtext.Order {
	if f == nil {
		return nil
	}
	var out []*bhtext.Order
	for _, o := range f.Orders {
		if x, ok := o.(*bhtext.Order); ok {
			out = append(out, x)
		}
	}
	return out
}

// keepStanding stores the STANDING block of a side's file, if it has one.
func (s *State) keepStanding(side rules.Side, f *orders.File) {
	if f == nil {
		return
	}
	for _, o := range f.Orders {
		st, ok := o.(*orders.Standing)
		if !ok {
			continue
		}
		m := map[string]Standing{}
		for _, r := range st.Reactions {
			x := Standing{}
			for _, c := range r.Choices {
				x.Choices = append(x.Choices, c.Text)
			}
			for _, n := range r.Units {
				x.Names = append(x.Names, n.Text)
			}
			m[r.Kind] = x
		}
		if s.Standing == nil {
			s.Standing = map[rules.Side]map[string]Standing{}
		}
		s.Standing[side] = m
	}
}

// reaction is a side's standing choice of kind and the names after it,
// or the table's default.
func (h *hour) reaction(side rules.Side, kind string) (string, []string) {
	if x, ok := h.s.standing(side, kind); ok && len(x.Choices) > 0 {
		return x.Choices[0], x.Names
	}
	return bhtext.Reactions.Default(kind), nil
}

// event records an event everyone sees.
func (h *hour) event(kind, rule, format string, args ...any) {
	h.ev = append(h.ev, rules.Event{Kind: kind, Rule: rule, Text: fmt.Sprintf(format, args...)})
}

// trace marks the last event with what it leaves on the map of the
// results report (rules.Trace), for the sides that may see the event:
// every side, as the Standard Rules have no hidden information (rules
// notes §8), or with fog of war those fogEvents tells it to (ruling
// E-11), who then see the whole path or line of fire.
func (h *hour) trace(kind string, side rules.Side, label string, hexes ...string) {
	var hs []string
	for _, x := range hexes {
		if x != "" && (len(hs) == 0 || hs[len(hs)-1] != x) {
			hs = append(hs, x)
		}
	}
	if len(hs) < 2 || len(h.ev) == 0 {
		return
	}
	h.ev[len(h.ev)-1] = h.ev[len(h.ev)-1].Traced(rules.Trace{Kind: kind, Side: side, Label: label, Hexes: hs})
}

// decide answers a choice from the decisions, or pauses.
func (h *hour) decide(c rules.Choice) (string, error) {
	key := rules.DecisionKey(h.asked, c.Key)
	a := rules.Decide(c, key, h.dec)
	if a.Pause != nil {
		h.pauses = append(h.pauses, *a.Pause)
		return "", errPause
	}
	if a.Note != "" {
		h.event("decision", c.Rule, "%s", a.Note)
	}
	return a.Choice, nil
}

// atRandom picks one of options At Random (BH 3.1): a cup draw, so the
// pick is in the roll log like any die. One option needs no roll.
func (h *hour) atRandom(options []string, rule, purpose string) (string, error) {
	if len(options) == 1 {
		return options[0], nil
	}
	cup, err := rules.NewCup(options)
	if err != nil {
		return "", err
	}
	m, _, err := cup.Draw(h.dice, rule, purpose)
	return m, err
}

// check makes a Morale Check: a d10 plus the Morale Rating, pass at 6 or
// more (BH 10.3).
func (h *hour) check(u *Unit, rule, why string) bool {
	r := h.dice.Roll(h.s.charts.die, rule, fmt.Sprintf("Morale Check, %s (MR %+d): %s", u.Name, u.MR, why))
	pass := h.s.charts.Passes(r, u.MR)
	word := "fails"
	if pass {
		word = "passes"
	}
	h.event("morale", rule, "%s %s its Morale Check (%s): %d %+d = %d", u.Name, word, why, r, u.MR, r+u.MR)
	return pass
}

// play runs the Hour.
func (h *hour) play() error {
	s := h.s
	hr := s.Hour
	init := s.initiative(hr)
	night := s.isNight(hr)
	if init == "" {
		h.event("initiative", "BH 3.9, 4.1", "Hour %d: neither side has the Initiative", hr)
	} else {
		h.event("initiative", "BH 3.9, 4.1", "Hour %d: %s has the Initiative", hr, init)
	}
	if night {
		for i := range s.Units {
			s.Units[i].Approach = nil
		}
		h.event("night", "BH 13", "Hour %d is a Night Hour: no Combat Turns, Approach Fire markers removed, no unit may enter an enemy ZOC, units may Rally", hr)
	}
	var markers []string
	for _, f := range s.Formations {
		if s.formationInPlay(&f, hr) {
			markers = append(markers, f.Name)
		}
	}
	if !night {
		for _, side := range s.Sides {
			if side == init {
				h.held = side
				continue
			}
			markers = append(markers, combatMarker(side))
		}
	}
	cup, err := rules.NewCup(markers)
	if err != nil {
		return err
	}
	held := ""
	if h.held != "" {
		held = fmt.Sprintf("; %s holds its Combat Turn marker back", h.held)
	}
	h.event("cup", "BH 4.2", "Turn Cup for Hour %d: %s%s", hr, strings.Join(cup.Markers, ", "), held)
	for cup.Len() > 0 {
		if err := h.heldBefore(cup); err != nil {
			return err
		}
		var m string
		m, cup, err = cup.Draw(h.dice, "BH 4.3", fmt.Sprintf("Turn Cup, Hour %d", hr))
		if err != nil {
			return err
		}
		h.event("draw", "BH 4.3", "Pick %d: %s", cup.Picks, m)
		if side, ok := combatSide(m); ok {
			if err := h.combatTurn(side); err != nil {
				return err
			}
			continue
		}
		if err := h.movementTurn(s.formation(m)); err != nil {
			return err
		}
		if err := h.heldAfter(m); err != nil {
			return err
		}
	}
	if h.held != "" {
		side := h.held
		h.held = ""
		h.event("initiative-combat", "BH 3.9, 4.4", "%s plays its held Combat Turn last, as it may not be skipped", side)
		if err := h.combatTurn(side); err != nil {
			return err
		}
	}
	h.timePasses()
	return nil
}

// combatMarker names a side's Combat Turn marker in the cup.
func combatMarker(side rules.Side) string { return string(side) + " Combat Turn" }

func combatSide(m string) (rules.Side, bool) {
	s, ok := strings.CutSuffix(m, " Combat Turn")
	return rules.Side(s), ok
}

// formationInPlay reports whether f's marker goes in the cup in hour hr:
// it has a unit on the map, or one arriving by now and not yet entered
// (BH 4.2, 12.1, ruling A12), or at Night a Shattered unit that may Rally
// (BH 10.5.2).
func (s *State) formationInPlay(f *Formation, hr int) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Formation != f.Name {
			continue
		}
		if u.onMap() || (u.Enters != 0 && u.Enters <= hr && !u.arrived()) || (u.Shattered && u.Strength >= 2 && s.isNight(hr)) {
			return true
		}
	}
	return false
}

// arrived reports whether a reinforcement has entered the map: it has
// stood on it, so it has been shattered, eliminated or stands there.
func (u *Unit) arrived() bool { return u.onMap() || u.Shattered || u.eliminated() }

// triggers are the Initiative side's COMBAT orders, in the order written.
func (h *hour) triggers() []*bhtext.Order {
	var out []*bhtext.Order
	for _, o := range h.orders[h.held] {
		if o.Verb == bhtext.Combat {
			out = append(out, o)
		}
	}
	return out
}

// heldBefore plays the held Combat Turn before a pick when a trigger
// says so (BH 3.9, 4.3).
func (h *hour) heldBefore(cup rules.Cup) error {
	if h.held == "" {
		return nil
	}
	for _, o := range h.triggers() {
		why := ""
		switch o.When {
		case bhtext.Before:
			if cup.Picks+1 == o.N {
				why = fmt.Sprintf("before pick %d", o.N)
			}
		case bhtext.Left:
			if cup.Len() <= o.N {
				why = fmt.Sprintf("with %d marker(s) left in the cup", cup.Len())
			}
		case bhtext.Adjacent:
			if u := h.s.unit(o.Unit.Text); u != nil && u.onMap() && len(h.s.adjacentEnemies(u)) > 0 {
				why = fmt.Sprintf("an enemy unit is adjacent to %s", u.Name)
			}
		}
		if why != "" {
			return h.playHeld(why)
		}
	}
	return nil
}

// heldAfter plays the held Combat Turn right after a Formation's Movement
// Turn when a trigger names it.
func (h *hour) heldAfter(formation string) error {
	if h.held == "" {
		return nil
	}
	for _, o := range h.triggers() {
		if o.When == bhtext.After && strings.EqualFold(o.Unit.Text, formation) {
			return h.playHeld("right after " + formation + "'s Movement Turn")
		}
	}
	return nil
}

func (h *hour) playHeld(why string) error {
	side := h.held
	h.held = ""
	h.event("initiative-trigger", "BH 3.9, 4.3", "%s plays its held Combat Turn %s (standing trigger)", side, why)
	return h.combatTurn(side)
}

// timePasses ends the Hour: the score at a "Victory?" Hour, and the end
// of the game after the last Hour (BH 4.5, 14).
func (h *hour) timePasses() {
	s := h.s
	hr := s.Hour
	if slices.Contains(s.VictoryHours, hr) || hr == s.Last {
		sc := s.score()
		var parts []string
		for _, side := range s.Sides {
			parts = append(parts, fmt.Sprintf("%s %d", side, sc[side]))
		}
		h.event("victory", "BH 14", "Victory? Hour %d: %s", hr, strings.Join(parts, ", "))
		if hr == s.Last {
			a, b := s.Sides[0], s.Sides[1]
			switch {
			case sc[a] > sc[b]:
				s.Winner = a
			case sc[b] > sc[a]:
				s.Winner = b
			}
			if s.Winner == "" {
				s.Result = "a draw: " + strings.Join(parts, ", ")
			} else {
				s.Result = fmt.Sprintf("%s wins, %s", s.Winner, strings.Join(parts, ", "))
			}
			h.event("game-over", "BH 14", "The game is over: %s", s.Result)
		}
	}
	s.Hour++
	h.event("time", "BH 4.5", "The Hour marker moves to Hour %d", s.Hour)
}

// score is each side's Victory Points: the Objectives it holds and the
// casualties it has inflicted (BH 14.1, 14.2).
func (s *State) score() map[rules.Side]int {
	sc := map[rules.Side]int{}
	for _, o := range s.Objectives {
		if o.Holder != "" {
			sc[o.Holder] += o.Points
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		vp, err := s.charts.VictoryPoints(u.Type, u.Printed, u.sps())
		if err == nil {
			sc[s.enemy(u.Side)] += vp
		}
	}
	return sc
}

// occupy gives control of an Objective to the side of a unit entering
// its hex (BH 3.6).
func (h *hour) occupy(u *Unit) {
	for i := range h.s.Objectives {
		o := &h.s.Objectives[i]
		if o.Hex == u.Hex && o.Holder != u.Side {
			o.Holder = u.Side
			h.event("control", "BH 3.6", "%s takes control of %s (%s) for %s", u.Name, o.Name, o.Hex, u.Side)
		}
	}
}

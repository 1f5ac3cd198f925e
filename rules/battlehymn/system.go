package battlehymn

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
)

// System is Battle Hymn vol. 1, "battlehymn.v1".
type System struct{}

var (
	_ rules.System          = System{}
	_ rules.ScenarioSource  = System{}
	_ rules.ChartPackSource = System{}
	_ rules.ReceiptNoter    = System{}
	_ rules.ScenarioLoader  = System{}

	_ rules.ScenarioCarrier = (*State)(nil)
)

// New returns the system.
func New() System { return System{} }

// ID implements rules.System.
func (System) ID() string { return "battlehymn.v1" }

// Name implements rules.System.
func (System) Name() string { return "Battle Hymn vol. 1 (Compass Games)" }

// Scenarios implements rules.System.
func (System) Scenarios() []string { return scenarioNames() }

// Dialect implements rules.System.
func (System) Dialect() orders.Dialect { return bhtext.Dialect }

// Examples are whole example order files (rulestest.Examples).
func (System) Examples() []string { return bhtext.Samples }

// ScenarioData implements rules.ScenarioSource.
func (System) ScenarioData(name string) ([]byte, error) { return scenarioData(name) }

// ChartPackData implements rules.ChartPackSource: the provisional Terrain
// Effects and Combat Special Situations pack.
func (System) ChartPackData() []byte { return ProvisionalPackData() }

// NewGame implements rules.System. A chart pack given replaces the
// provisional terrain pack; it must load with the printed tables.
func (System) NewGame(scenario string, pack *rules.ChartPack) (rules.State, error) {
	data, err := scenarioData(scenario)
	if err != nil {
		return nil, fmt.Errorf("battlehymn: no scenario %q (known: %s)", scenario, strings.Join(scenarioNames(), ", "))
	}
	s, err := LoadScenario(scenario, data)
	if err != nil {
		return nil, err
	}
	if err := s.withPack(pack); err != nil {
		return nil, err
	}
	return s, nil
}

// NewGameFromFile implements rules.ScenarioLoader: a game of an owner's
// scenario file, a battle written in the shipped scenarios' format
// (docs/maps.md, "Battle Hymn scenarios"; ruling E-8: the Standard Rules
// print no maps or scenarios), checked as the shipped ones are. The
// state carries the file.
func (System) NewGameFromFile(name string, data []byte, pack *rules.ChartPack) (rules.State, error) {
	if name == "" || strings.ContainsAny(name, "/\\") {
		return nil, fmt.Errorf("battlehymn: a scenario file needs a name without slashes, not %q", name)
	}
	s, err := LoadScenario(name, data)
	if err != nil {
		return nil, err
	}
	s.File = slices.Clone(data)
	if err := s.withPack(pack); err != nil {
		return nil, err
	}
	return s, nil
}

// withPack puts a game's own chart pack in place of the provisional one;
// it must load with the printed tables.
func (s *State) withPack(pack *rules.ChartPack) error {
	if pack == nil {
		return nil
	}
	b, err := yaml.Marshal(pack)
	if err != nil {
		return fmt.Errorf("battlehymn: chart pack: %w", err)
	}
	s.Pack = string(b)
	return s.prepare()
}

// DecodeState implements rules.System.
func (System) DecodeState(canonical []byte) (rules.State, error) { return Decode(canonical) }

// Default implements rules.System: with no orders every unit stays put,
// the held Combat Turn comes last (BH 4.4) and the standing reactions
// keep their defaults.
func (System) Default(rules.State, rules.Side) *orders.File { return &orders.File{} }

// ReceiptNotes implements rules.ReceiptNoter: what each script will do
// when its Formation is drawn, and whether it would fit the map as it
// stands at the start of the Hour (enemy units and ZOCs in the way, a
// friendly unit on its last hex); the map may change before the draw.
func (System) ReceiptNotes(st rules.State, f *orders.File) []string {
	s := st.(*State)
	if f != nil && s.fog() {
		// as the file's side knows the map (fog of war, ruling E-11)
		s = s.knownTo(rules.Side(f.Side))
	}
	var notes []string
	for _, o := range unitOrders(f) {
		if o.Verb != bhtext.Move {
			continue
		}
		note := fmt.Sprintf("%s: when %s is drawn, along %s%s", o.Unit.Text, formationOf(s, o.Unit.Text), strings.Join(o.Hexes, " "), condText(o))
		if u := s.unit(o.Unit.Text); u != nil && (o.If != bhtext.IfAt || u.Hex == o.IfHex) {
			_, cost, why := s.legalSteps(u, o.Hexes, 1, s.isNight(s.Hour), s.board.entryArea(u.Entry))
			if why == "" {
				note += fmt.Sprintf(" (%d of %d MPs)", cost, u.allowance())
			} else {
				note += "; as the map stands now it would not fit: " + why
			}
		}
		notes = append(notes, note)
	}
	return notes
}

func formationOf(s *State, unit string) string {
	if u := s.unit(unit); u != nil {
		return u.Formation
	}
	return "its Formation"
}

func condText(o *bhtext.Order) string {
	switch o.If {
	case bhtext.IfClear, bhtext.IfThreat:
		return fmt.Sprintf(", if %s %d", strings.ToLower(o.If), o.N)
	case bhtext.IfAt:
		return ", if it stands at " + o.IfHex
	}
	return ""
}

// Validate implements rules.System: every order is checked against what
// is known at the start of the Hour. What depends on the draw (enemy
// units and ZOCs in the way, friendly units on the path's end) is checked
// when the Formation is drawn, and a script that no longer fits is put to
// its owner then. The messages name only the side's own units and hexes
// of the map, never where an enemy stands.
func (System) Validate(st rules.State, side rules.Side, f *orders.File) []orders.Problem {
	s := st.(*State)
	var ps []orders.Problem
	bad := func(at orders.Pos, code, rule, msg, sugg string) {
		ps = append(ps, orders.Problem{At: at, Kind: orders.Illegal, Code: code, Rule: rule, Message: msg, Suggestion: sugg})
	}
	if side != s.Sides[0] && side != s.Sides[1] {
		bad(orders.Pos{}, "bh-not-a-side", "BH 1", fmt.Sprintf("%s is not a side of this game (%s, %s)", side, s.Sides[0], s.Sides[1]), "")
		return ps
	}
	if s.Over() {
		bad(orders.Pos{}, "bh-game-over", "BH 14", "the game is over", "")
		return ps
	}
	s = s.knownTo(side) // as the side knows it (fog of war, ruling E-11)
	own := func(n orders.Name) *Unit {
		u := s.unit(n.Text)
		if u == nil || u.Side != side {
			bad(n.At, "bh-unknown-unit", "BH 2.2.1", fmt.Sprintf("%s has no unit called %s", side, orders.Clip(n.Text)), "")
			return nil
		}
		return u
	}
	for _, o := range unitOrders(f) {
		switch o.Verb {
		case bhtext.Combat:
			if s.initiative(s.Hour) != side || s.isNight(s.Hour) {
				bad(o.At, "bh-no-initiative", "BH 3.9", fmt.Sprintf("%s does not hold the Initiative in Hour %d, so it holds back no Combat Turn", side, s.Hour), "leave COMBAT out")
				continue
			}
			switch o.When {
			case bhtext.After:
				if s.formation(o.Unit.Text) == nil {
					bad(o.Unit.At, "bh-unknown-formation", "BH 2.2.2", fmt.Sprintf("there is no Formation called %s", orders.Clip(o.Unit.Text)), "")
				}
			case bhtext.Adjacent:
				own(o.Unit)
			}
		case bhtext.Move:
			if u := own(o.Unit); u != nil {
				ps = append(ps, s.checkPath(u, o)...)
			}
		case bhtext.Hold, bhtext.RBC:
			own(o.Unit)
		case bhtext.Rally:
			if u := own(o.Unit); u != nil && !s.isNight(s.Hour) {
				bad(o.At, "bh-rally-day", "BH 10.5", fmt.Sprintf("%s may Rally only in a Night Hour; Hour %d is not one", u.Name, s.Hour), "leave RALLY out")
			}
		case bhtext.Bombard:
			u := own(o.Unit)
			if u != nil && u.Type != Artillery && u.Type != HorseArtillery {
				bad(o.Unit.At, "bh-not-artillery", "BH 9", fmt.Sprintf("%s is %s; only artillery bombards", u.Name, u.Type), "")
			}
			for _, x := range o.Hexes {
				if !s.board.has(x) {
					bad(o.At, "bh-off-map", "BH 2.1", fmt.Sprintf("%s is not a hex of the map", x), "")
				}
			}
		}
	}
	return ps
}

// checkPath checks what a MOVE script's legality owes to the map alone:
// the hexes on the map, each adjacent to the last (the first to where the
// unit stands, or in its Entry Area), none twice, the terrain open to the
// unit and the MPs within its MA (BH 5.1-5.4, 12.2).
func (s *State) checkPath(u *Unit, o *bhtext.Order) []orders.Problem {
	var ps []orders.Problem
	bad := func(code, rule, msg string) {
		ps = append(ps, orders.Problem{At: o.At, Kind: orders.Illegal, Code: code, Rule: rule, Message: msg})
	}
	switch {
	case u.Shattered || u.eliminated():
		bad("bh-not-in-play", "BH 10.2", fmt.Sprintf("%s is not on the map (Shattered or eliminated)", u.Name))
		return ps
	case !u.onMap() && u.Enters > s.Hour:
		bad("bh-not-arrived", "BH 12.1", fmt.Sprintf("%s arrives in Hour %d, not before", u.Name, u.Enters))
		return ps
	}
	if o.If == bhtext.IfAt && !s.board.has(o.IfHex) {
		bad("bh-off-map", "BH 2.1", fmt.Sprintf("%s is not a hex of the map", o.IfHex))
	}
	cur, spent := u.Hex, 0
	if o.If == bhtext.IfAt {
		cur = o.IfHex // the path starts where the condition puts the unit
	}
	start := cur
	v := *u
	for i, x := range o.Hexes {
		if x == bhtext.Mount || strings.HasPrefix(x, bhtext.Dismount+" ") {
			switch {
			case x == bhtext.Mount && !v.Dismounted:
				bad("bh-mount", "BH 11.3", fmt.Sprintf("%s is not dismounted when it would mount", u.Name))
				return ps
			case x != bhtext.Mount && (v.Type != Cavalry || v.Dismounted):
				bad("bh-mount", "BH 11.3", fmt.Sprintf("%s is not mounted cavalry when it would dismount", u.Name))
				return ps
			case x != bhtext.Mount && (cur == "" || !s.board.has(strings.TrimPrefix(x, bhtext.Dismount+" ")) || !s.board.adjacent(cur, strings.TrimPrefix(x, bhtext.Dismount+" "))):
				bad("bh-mount", "BH 11.3", fmt.Sprintf("%s's horses must go in a hex next to where it dismounts", u.Name))
				return ps
			}
			v.Dismounted = x != bhtext.Mount
			spent += MountCost
			continue
		}
		if !s.board.has(x) {
			bad("bh-off-map", "BH 5.5", fmt.Sprintf("%s is not a hex of the map", x))
			return ps
		}
		if contains(o.Hexes[:i], x) || x == start {
			bad("bh-twice", "BH 5.1", fmt.Sprintf("%s's path enters %s twice", u.Name, x))
			return ps
		}
		var cost int
		var err error
		if cur == "" {
			if !contains(s.board.entryArea(u.Entry), x) {
				bad("bh-entry", "BH 12.2", fmt.Sprintf("%s enters the map in Entry Area %s (%s), not at %s", u.Name, u.Entry, strings.Join(s.board.entryArea(u.Entry), ", "), x))
				return ps
			}
			cost, err = s.charts.EnterCost(v.fightsAs(), s.board.terrain(x), s.board.roadEnds(x), false)
		} else {
			if !s.board.adjacent(cur, x) {
				bad("bh-not-adjacent", "BH 5.1", fmt.Sprintf("%s is not adjacent to %s: a path goes hex by adjacent hex", x, cur))
				return ps
			}
			cost, err = s.charts.EnterCost(v.fightsAs(), s.board.terrain(x), s.board.features(cur, x), s.board.elevation(x) > s.board.elevation(cur))
		}
		if err != nil {
			bad("bh-prohibited", "BH 5.4", fmt.Sprintf("%s: %s", u.Name, strings.TrimPrefix(err.Error(), "move: ")))
			return ps
		}
		spent += cost
		cur = x
	}
	if spent > u.allowance() {
		bad("bh-mp", "BH 5.2", fmt.Sprintf("%s's path costs %d MPs, more than its MA of %d", u.Name, spent, u.allowance()))
	}
	return ps
}

package battlehymn

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
	"galloper/rules/rulestest"
)

// TestCases runs the rule case corpus in testdata/*.case through the
// shared runner (docs/systems.md, "The case format").
//
// Battle Hymn's own sections:
//
//	SCENARIO <file>          a scenario of testdata (default testdata/open.yaml)
//	MOVEMENT <Formation>     that Formation's Movement Turn alone, from the ORDERS
//	COMBAT-TURN <side>       that side's Combat Turn alone, from the ORDERS
//	STEP <step> <side>       one step of side's Combat Turn alone: cavalry-rbc,
//	                         bombardment, rbc, approach-fire, engagements
//	ALLOCATE <side>          the first Round's fire allocation of the first
//	                         Engagement of side's Combat Turn, as "share"
//	                         events (no die but the odd SPs' draws)
//	FIRE <firer> <target>    the To Hit Chance of one fire, checked by
//	                         EXPECT-EVENTS as a "to-hit" event
//	SIGHT <unit>: <unit> ... the Line of Sight (BH 9.3) from the first unit
//	                         to each of the others, as "sight" events:
//	                         "A sees W" or "A cannot see W"
//	ENGAGEMENTS <side>       the Engagements (BH 6.1.5, 6.1.6) of side's
//	                         Combat Turn as it starts, each as a "group"
//	                         event naming its units, then "engagements: N"
//	RETREATS <unit>: <cause> ... the best-ranked retreat paths (BH 7.2-7.7)
//	                         of the unit away from the causes' hexes, each
//	                         as a "path" event: "0404 0304", then "paths: N"
//
// STATE lines:
//
//	unit <name> key=value ...   add or change a unit: side, type, sp, mr, ma,
//	                            at (a hex, or "off"), formation, strength,
//	                            demoralized, approach=a,b, enters, entry,
//	                            shattered=true, dma, dismounted=true,
//	                            horses, holders
//	hour <n> [night]            the Hour to play, a Night Hour with night
//	initiative <side|none>      who holds the Initiative from Hour 1
//	standing <side> <KIND> <choice> [names=a,b]
//	objective <name> <hex> <points> [holder]
//	optional <id> ...           switchable rulings in play, KEY=VALUE
//	                            (shatter-loss=twice) or a ruling id (A1:may)
//
// EXPECT-STATE lines: unit <name> key=value ... (at, strength,
// demoralized, shattered, approach), hour <n>, holder <objective> <side>,
// winner <side|none>.
func TestCases(t *testing.T) {
	rulestest.RunCorpus(t, harness{}, os.DirFS("."), "testdata")
}

type harness struct{}

func (harness) System() rules.System { return New() }
func (harness) Keywords() []string {
	return []string{"SCENARIO", "MOVEMENT", "COMBAT-TURN", "STEP", "ALLOCATE", "FIRE", "SIGHT", "RETREATS", "ENGAGEMENTS"}
}
func (harness) NewCase(run *rulestest.Run) rulestest.CaseHooks {
	return &caseRun{Run: run, scenario: "testdata/open.yaml"}
}

type caseRun struct {
	*rulestest.Run
	scenario string
}

func (r *caseRun) Build() rules.State {
	data, err := os.ReadFile(r.scenario)
	if err != nil {
		r.T.Fatal(err)
	}
	st, err := LoadScenario(r.scenario, data)
	if err != nil {
		r.T.Fatal(err)
	}
	return st
}

func (r *caseRun) state() *State { return r.State().(*State) }

// caseFields splits "name key=value ..." into the name (the words before
// the first key) and the pairs.
func caseFields(text string) (string, map[string]string) {
	var name []string
	kv := map[string]string{}
	for _, w := range strings.Fields(text) {
		if k, v, ok := strings.Cut(w, "="); ok {
			kv[k] = v
		} else {
			name = append(name, w)
		}
	}
	return strings.Join(name, " "), kv
}

func (r *caseRun) SetState(l rulestest.Line) {
	fail := func(err error) { r.T.Fatalf("%s: %v", r.Where(l), err) }
	verb, rest, _ := strings.Cut(strings.TrimSpace(l.Text), " ")
	s := r.state()
	switch verb {
	case "unit":
		name, kv := caseFields(rest)
		if err := setUnit(s, name, kv); err != nil {
			fail(err)
		}
	case "hour":
		f := strings.Fields(rest)
		n, err := strconv.Atoi(f[0])
		if err != nil {
			fail(err)
		}
		s.Hour = n
		s.Last = max(s.Last, n)
		if len(f) > 1 && f[1] == "night" {
			s.Night = append(s.Night, n)
		}
	case "initiative":
		side := rules.Side(rest)
		if rest == "none" {
			side = ""
		}
		s.Initiative = []InitiativeFrom{{Hour: 1, Side: side}}
	case "standing":
		f := strings.Fields(rest)
		if len(f) < 3 {
			fail(errors.New("standing <side> <KIND> <choice> [names=a,b]"))
		}
		x := Standing{Choices: []string{f[2]}}
		for _, w := range f[3:] {
			if n, ok := strings.CutPrefix(w, "names="); ok {
				x.Names = strings.Split(strings.ReplaceAll(n, "_", " "), ",")
			}
		}
		if s.Standing == nil {
			s.Standing = map[rules.Side]map[string]Standing{}
		}
		m := map[string]Standing{}
		for k, v := range s.Standing[rules.Side(f[0])] {
			m[k] = v
		}
		m[f[1]] = x
		s.Standing[rules.Side(f[0])] = m
	case "optional":
		s.Optional = append(s.Optional, strings.Fields(rest)...)
	case "objective":
		f := strings.Fields(rest)
		pts, _ := strconv.Atoi(f[2])
		o := Objective{Name: f[0], Hex: f[1], Points: pts}
		if len(f) > 3 {
			o.Holder = rules.Side(f[3])
		}
		s.Objectives = append(s.Objectives, o)
	default:
		fail(fmt.Errorf("unknown STATE line %q", l.Text))
	}
}

// setUnit adds or changes a unit from case fields.
func setUnit(s *State, name string, kv map[string]string) error {
	name = strings.ReplaceAll(name, "_", " ")
	u := s.unit(name)
	if u == nil {
		side := rules.Side(kv["side"])
		if side == "" {
			side = s.Sides[0]
		}
		s.Units = append(s.Units, Unit{Name: name, Side: side, Formation: string(side) + " Corps", Type: Infantry, Printed: 4, Strength: 4, MA: 6})
		u = &s.Units[len(s.Units)-1]
	}
	keys := make([]string, 0, len(kv))
	for k := range kv {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := kv[k]
		n, _ := strconv.Atoi(v)
		switch k {
		case "side":
			u.Side = rules.Side(v)
			if !strings.Contains(kv["formation"], " ") && kv["formation"] == "" {
				u.Formation = v + " Corps"
			}
		case "type":
			u.Type = UnitType(v)
		case "sp":
			u.Printed, u.Strength = n, n
		case "strength":
			u.Strength = n
		case "demoralized":
			u.Demoralized = n
		case "mr":
			u.MR = n
		case "ma":
			u.MA = n
		case "at":
			if v == "off" {
				v = ""
			}
			u.Hex = v
		case "formation":
			u.Formation = strings.ReplaceAll(v, "_", " ")
		case "approach":
			u.Approach = strings.Split(strings.ReplaceAll(v, "_", " "), ",")
		case "enters":
			u.Enters = n
		case "entry":
			u.Entry = v
		case "shattered":
			u.Shattered = v == "true"
		case "dma":
			u.DMA = n
		case "dismounted":
			u.Dismounted = v == "true"
		case "horses":
			u.Horses = v
		case "holders":
			u.Holders = n
		default:
			return fmt.Errorf("unknown unit key %q", k)
		}
	}
	if u.Type == Cavalry && u.DMA == 0 {
		u.DMA = defaultDMA
	}
	if s.formation(u.Formation) == nil {
		s.Formations = append(s.Formations, Formation{Name: u.Formation, Side: u.Side})
	}
	return nil
}

func (r *caseRun) ExpectState(l rulestest.Line) {
	verb, rest, _ := strings.Cut(strings.TrimSpace(l.Text), " ")
	s := r.state()
	bad := func(format string, args ...any) { r.T.Errorf("%s: "+format, append([]any{r.Where(l)}, args...)...) }
	switch verb {
	case "unit":
		name, kv := caseFields(rest)
		u := s.unit(strings.ReplaceAll(name, "_", " "))
		if u == nil {
			bad("no unit %s", name)
			return
		}
		got := map[string]string{
			"at": u.Hex, "strength": fmt.Sprint(u.Strength), "demoralized": fmt.Sprint(u.Demoralized),
			"shattered": fmt.Sprint(u.Shattered), "approach": strings.ReplaceAll(strings.Join(u.Approach, ","), " ", "_"),
			"dismounted": fmt.Sprint(u.Dismounted), "horses": u.Horses, "holders": fmt.Sprint(u.Holders),
		}
		if got["at"] == "" {
			got["at"] = "off"
		}
		for k, want := range kv {
			if g, ok := got[k]; !ok {
				bad("unknown key %s", k)
			} else if g != want {
				bad("unit %s %s=%s, want %s", name, k, g, want)
			}
		}
	case "hour":
		if fmt.Sprint(s.Hour) != rest {
			bad("hour %d, want %s", s.Hour, rest)
		}
	case "holder":
		f := strings.Fields(rest)
		for _, o := range s.Objectives {
			if o.Name == f[0] && string(o.Holder) != f[1] {
				bad("%s held by %q, want %s", o.Name, o.Holder, f[1])
			}
		}
	case "winner":
		w := string(s.Winner)
		if w == "" {
			w = "none"
		}
		if w != rest {
			bad("winner %s, want %s", w, rest)
		}
	case "sees", "hides", "told", "untold", "cut":
		r.expectFog(l, verb, rest)
	default:
		bad("unknown EXPECT-STATE line %q", l.Text)
	}
}

// expectFog checks what a side is shown under fog of war (ruling E-11):
// "sees SIDE UNIT" (on its map and roster), "hides SIDE UNIT" (nowhere in
// its view), "told SIDE UNIT" (some event of the last resolution it may
// see names the unit), "untold SIDE UNIT" (none does). Spaces in a
// unit's name are written _. "cut SIDE UNIT": the side is told of the
// unit only by cut copies (it moved into or out of sight), never an event
// that says where it went or came from.
func (r *caseRun) expectFog(l rulestest.Line, verb, rest string) {
	side, name, _ := strings.Cut(strings.TrimSpace(rest), " ")
	name = strings.ReplaceAll(name, "_", " ")
	if verb == "cut" {
		cuts := 0
		for _, e := range r.Events {
			if !e.VisibleTo(rules.Side(side)) || !namedIn(e.Text, name) {
				continue
			}
			if !e.Copy {
				r.T.Errorf("%s: %s is told in full %s: %s", r.Where(l), side, e.Kind, e.Text)
			}
			cuts++
		}
		if cuts == 0 {
			r.T.Errorf("%s: %s is told nothing of %s, not even that it moved in or out of sight", r.Where(l), side, name)
		}
		return
	}
	if verb == "told" || verb == "untold" {
		r.ExpectTold(l, rules.Side(side), name, verb == "told")
		return
	}
	v := New().View(r.State(), rules.Side(side))
	var where []string
	for _, u := range v.Map.Units {
		if u.Name == name {
			where = append(where, "map")
		}
	}
	for _, g := range v.Roster {
		for _, u := range g.Units {
			if u.Name == name {
				where = append(where, "roster")
			}
		}
	}
	if verb == "sees" && !slices.Contains(where, "map") || verb == "hides" && len(where) > 0 {
		r.T.Errorf("%s: %s's view shows %s in %v, want it %s", r.Where(l), side, name, where, map[string]string{"sees": "on its map", "hides": "nowhere"}[verb])
	}
}

// Section runs SCENARIO, MOVEMENT, COMBAT and FIRE.
func (r *caseRun) Section(sec rulestest.Section) {
	l := sec.Line
	arg := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l.Text), sec.Head[0]))
	switch sec.Head[0] {
	case "SCENARIO":
		r.scenario = arg
	case "MOVEMENT", "COMBAT-TURN", "STEP":
		st := r.state()
		h, dice := r.hour(l, st)
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("%v", p)
				}
			}()
			switch sec.Head[0] {
			case "MOVEMENT":
				f := h.s.formation(arg)
				if f == nil {
					r.T.Fatalf("%s: no Formation %q", r.Where(l), arg)
				}
				err = h.movementTurn(f)
			case "COMBAT-TURN":
				err = h.combatTurn(rules.Side(arg))
			default:
				err = r.step(h, sec.Head)
			}
		}()
		res := rules.Result{Events: h.ev}
		switch {
		case errors.Is(err, errPause):
			res.Pauses = h.pauses
		case err != nil:
			r.T.Fatalf("%s: %v\nevents so far:\n%s", r.Where(l), err, rulestest.EventList(h.ev))
		default:
			res.Next = h.s
		}
		r.Step(l, dice, res)
	case "ALLOCATE":
		st := r.state()
		h, dice := r.hour(l, st)
		att := rules.Side(arg)
		h.fought, h.noAdvance, h.attackerSide = map[string]bool{}, map[string]bool{}, att
		gs := h.engagementGroups(att, st.enemy(att))
		if len(gs) == 0 {
			r.T.Fatalf("%s: no Engagement", r.Where(l))
		}
		in := map[string]bool{}
		for _, u := range gs[0] {
			in[u.Name] = true
		}
		fire, err := h.allocate(att, gs[0], in, map[string]bool{})
		if err != nil {
			r.T.Fatalf("%s: %v", r.Where(l), err)
		}
		for _, x := range fire {
			for _, t := range x.at {
				h.event("share", "BH 6.3", "%s: %d SP at %s", x.f.Name, x.sps[t.Name], t.Name)
			}
		}
		r.Step(l, dice, rules.Result{Events: h.ev})
	case "FIRE":
		f := strings.Split(arg, " ")
		st := r.state()
		a, t := st.unit(strings.ReplaceAll(f[0], "_", " ")), st.unit(strings.ReplaceAll(f[1], "_", " "))
		if a == nil || t == nil {
			r.T.Fatalf("%s: FIRE <firer> <target>", r.Where(l))
		}
		h := &hour{s: st}
		c, why, err := h.chance(a, t, len(f) > 2 && f[2] == "bombard", len(f) > 2 && f[2] == "approach")
		if err != nil {
			r.T.Fatalf("%s: %v", r.Where(l), err)
		}
		r.Events = []rules.Event{{Kind: "to-hit", Text: fmt.Sprintf("%d (%s)", c, why)}}
	case "SIGHT":
		st := r.state()
		from, to, ok := strings.Cut(arg, ":")
		a := st.unit(strings.TrimSpace(from))
		if !ok || a == nil {
			r.T.Fatalf("%s: SIGHT <unit>: <unit> ...", r.Where(l))
		}
		r.Events = nil
		for _, name := range strings.Fields(to) {
			t := st.unit(name)
			if t == nil {
				r.T.Fatalf("%s: no unit %q", r.Where(l), name)
			}
			verb := "cannot see"
			if st.board.sight(a.Hex, t.Hex, st.charts) {
				verb = "sees"
			}
			r.Events = append(r.Events, rules.Event{Kind: "sight", Text: fmt.Sprintf("%s %s %s", a.Name, verb, t.Name)})
		}
	case "ENGAGEMENTS":
		st := r.state()
		h, dice := r.hour(l, st)
		att := rules.Side(arg)
		h.fought = map[string]bool{}
		var ev []rules.Event
		for _, g := range h.engagementGroups(att, st.enemy(att)) {
			names := make([]string, len(g))
			for i, u := range g {
				names[i] = u.Name
			}
			ev = append(ev, rules.Event{Kind: "group", Text: strings.Join(names, ", ")})
		}
		ev = append(ev, rules.Event{Kind: "engagements", Text: strconv.Itoa(len(ev))})
		r.Step(l, dice, rules.Result{Events: ev})
	case "RETREATS":
		st := r.state()
		name, rest, ok := strings.Cut(arg, ":")
		u := st.unit(strings.TrimSpace(name))
		if !ok || u == nil {
			r.T.Fatalf("%s: RETREATS <unit>: <cause> ...", r.Where(l))
		}
		var causes []string
		for _, c := range strings.Fields(rest) {
			cu := st.unit(c)
			if cu == nil {
				r.T.Fatalf("%s: no unit %q", r.Where(l), c)
			}
			causes = append(causes, cu.Hex)
		}
		r.Events = nil
		for _, p := range st.retreatPaths(u, causes) {
			r.Events = append(r.Events, rules.Event{Kind: "path", Text: strings.Join(p.hexes, " ")})
		}
		r.Events = append(r.Events, rules.Event{Kind: "paths", Text: strconv.Itoa(len(r.Events))})
	default:
		r.T.Fatalf("%s: bad section %v", r.Where(l), sec.Head)
	}
}

// hour prepares a run of part of an Hour over a copy of st with the
// case's orders, dice and decisions.
func (r *caseRun) hour(l rulestest.Line, st *State) (*hour, *rules.ForcedDice) {
	dice := r.ForcedDice()
	h := &hour{s: st.clone(), dice: dice, dec: r.Decisions, asked: map[string]int{}, orders: map[rules.Side][]*bhtext.Order{}}
	for _, side := range st.Sides {
		f := r.File(l, side)
		if ps := New().Validate(st, side, f); len(ps) > 0 {
			r.T.Fatalf("%s: %s orders are illegal: %+v", r.Where(l), side, ps)
		}
		h.orders[side] = unitOrders(f)
		h.s.keepStanding(side, f)
	}
	return h, dice
}

// step runs one step of a Combat Turn: STEP <step> <attacking side>.
func (r *caseRun) step(h *hour, head []string) error {
	if len(head) != 3 {
		r.T.Fatalf("STEP <step> <side>")
	}
	att := rules.Side(head[2])
	def := h.s.enemy(att)
	h.fought, h.noAdvance, h.attackerSide = map[string]bool{}, map[string]bool{}, att
	switch head[1] {
	case "cavalry-rbc":
		return h.cavalryRBC(att, def)
	case "bombardment":
		return h.bombardment(att)
	case "rbc":
		return h.attackerRBC(att)
	case "approach-fire":
		return h.approachFire()
	case "engagements":
		return h.engagements(att, def)
	}
	r.T.Fatalf("unknown step %q", head[1])
	return nil
}

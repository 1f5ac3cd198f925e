package wintersvictory

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/rulestest"
)

// TestCases runs the rule case corpus in testdata/*.case through the
// shared runner (docs/systems.md, "The case format"). Every case starts
// from the Serpallen scenario. A die is written as the d10 shows it, 1 to
// 9, and 10 for the face read 0 (2.6).
//
// STATE lines:
//
//	turn <n> <segment>          e.g. turn 20 French Command
//	remove all | remove <name>  take units out of play (all, or one)
//	unit <name> key=value ...   hex, facing, formation, strength, printed,
//	                            morale, er, em, ma, fire, crew, ammo,
//	                            charge, primary, exhausted, ammo_out, rear,
//	                            in (true: back in play)
//	leader <name> key=value ... hex, state, received, attack, objective,
//	                            fatigue, engaged, bonus, reduced,
//	                            inactive (a Division or Brigade Leader
//	                            leaves the map for its display), held,
//	                            letter (- for none; attack=true marks the
//	                            formation's Brigade Leaders too)
//	cp <side> <n>               a side's Army Command Points
//	morale <side> <n>           a side's Army Morale total
//	demoralized <side>          its army is Demoralized
//	snow <light|heavy> <dir>    the Snow Rate, the wind blowing from dir
//	corps <nation> <side> <n> [demoralized]  a Corps Morale track (14.0)
//	courier <from> <to> <hex> <Delay1|Delay2|Delay3> [rolls=n bonus=n
//	        french= holds= adjacent= urgent= army= attack= (true)]
//	standing <side> <KIND> <choice>
//	skirmish <company> of <battalion> key=value ...  a skirmish company
//
// EXPECT-STATE lines: unit and leader with the same keys (unit also
// eliminated, fired), cp <side> <n>, courier <from> <to> <state> (or
// gone), segment <turn> <name>, over true|false, seen <side> <unit>
// true|false, gone <unit> (no such unit on the map).
func TestCases(t *testing.T) {
	rulestest.RunCorpus(t, harness{}, os.DirFS("."), "testdata")
}

type harness struct{}

func (harness) System() rules.System { return New() }
func (harness) Keywords() []string   { return nil }
func (harness) NewCase(run *rulestest.Run) rulestest.CaseHooks {
	return &caseRun{Run: run}
}

type caseRun struct{ *rulestest.Run }

func (r *caseRun) Section(s rulestest.Section) {
	r.T.Fatalf("%s: bad section %v", r.Where(s.Line), s.Head)
}

func (r *caseRun) Build() rules.State {
	st, err := New().NewGame("serpallen", nil)
	if err != nil {
		r.T.Fatal(err)
	}
	return st
}

func (r *caseRun) state() *State { return r.State().(*State) }

// fields splits "name with spaces key=value key=value".
func fields(text string) (string, map[string]string) {
	var name []string
	kv := map[string]string{}
	for _, w := range strings.Fields(text) {
		if k, v, ok := strings.Cut(w, "="); ok {
			kv[k] = v
			continue
		}
		name = append(name, w)
	}
	return strings.Join(name, " "), kv
}

func (r *caseRun) SetState(l rulestest.Line) {
	fail := func(format string, args ...any) { r.T.Fatalf("%s: %s", r.Where(l), fmt.Sprintf(format, args...)) }
	s := r.state()
	verb, rest, _ := strings.Cut(strings.TrimSpace(l.Text), " ")
	switch verb {
	case "turn":
		n, seg, _ := strings.Cut(rest, " ")
		t, err := strconv.Atoi(n)
		i := slices.Index(stepNames[:], seg)
		if err != nil || i < 0 {
			fail("turn <n> <segment>, one of %q", stepNames)
		}
		s.Turn, s.Step = t, i
	case "remove":
		for i := range s.Units {
			if rest == "all" || strings.EqualFold(s.Units[i].Name, rest) {
				s.Units[i].Eliminated = true
			}
		}
	case "cp", "morale":
		side, n, _ := strings.Cut(rest, " ")
		v, err := strconv.Atoi(n)
		if err != nil {
			fail("%s <side> <n>", verb)
		}
		if verb == "cp" {
			s.CP[sideIndex(rules.Side(side))] = v
		} else {
			s.Morale[sideIndex(rules.Side(side))] = v
		}
	case "demoralized":
		s.Demoralized[sideIndex(rules.Side(rest))] = true
	case "corps": // corps <nation> <side> <morale> [demoralized]
		ws := strings.Fields(rest)
		n, err := 0, error(nil)
		if len(ws) >= 3 {
			n, err = strconv.Atoi(ws[2])
		}
		if len(ws) < 3 || err != nil {
			fail("corps <nation> <side> <morale> [demoralized]")
		}
		s.Corps = append(s.Corps, CorpsMorale{Nation: ws[0], Side: rules.Side(ws[1]), Morale: n, Demoralized: len(ws) > 3 && ws[3] == "demoralized"})
	case "snow": // snow light|heavy <the wind blows from: NE ... NW>
		rate, from, _ := strings.Cut(rest, " ")
		w, ok := facingIndex(from)
		if !ok || rate != snowLight && rate != snowHeavy {
			fail("snow light|heavy <wind from>")
		}
		s.Snow, s.Wind = rate, w
	case "standing":
		ws := strings.Fields(rest)
		if len(ws) < 3 {
			fail("standing <side> <KIND> <choice>")
		}
		if s.Standing == nil {
			s.Standing = map[rules.Side]map[string]string{}
		}
		m := map[string]string{}
		for k, v := range s.Standing[rules.Side(ws[0])] {
			m[k] = v
		}
		m[ws[1]] = strings.Join(ws[2:], " ")
		s.Standing[rules.Side(ws[0])] = m
	case "courier":
		head, kv := fields(rest)
		ws := strings.Fields(head)
		states := map[string]Delivery{"Delay1": Delay1, "Delay2": Delay2, "Delay3": Delay3}
		if len(ws) != 4 || states[ws[3]] == 0 {
			fail("courier <from> <to> <objective> Delay1|Delay2|Delay3 [rolls=n bonus=n french=true holds=true adjacent=true urgent=true army=true attack=true]")
		}
		from := s.leader(ws[0])
		if from == nil {
			fail("no leader %q", ws[0])
		}
		c := Courier{Side: from.Side, From: ws[0], To: ws[1], Objective: ws[2], Order: Order{State: states[ws[3]]}, Sent: s.Turn}
		c.Order.Rolls, _ = strconv.Atoi(kv["rolls"])
		c.Order.Mods.ReceiverBonus, _ = strconv.Atoi(kv["bonus"])
		c.Order.Mods.FrenchBrigadeLeader = kv["french"] == "true"
		c.Order.Mods.SenderHoldsOrder = kv["holds"] == "true"
		c.Order.Mods.SenderAdjacent = kv["adjacent"] == "true"
		c.Order.Mods.Urgent = kv["urgent"] == "true"
		c.Order.Mods.FromArmy = kv["army"] == "true"
		c.Attack = kv["attack"] == "true"
		s.NextCourier++
		c.ID = s.NextCourier
		s.Couriers = append(s.Couriers, c)
	case "unit":
		name, kv := fields(rest)
		var u *Unit
		for i := range s.Units {
			if strings.EqualFold(s.Units[i].Name, name) {
				u = &s.Units[i]
			}
		}
		if u == nil {
			fail("no unit %q", name)
		}
		for k, v := range kv {
			if err := setUnit(u, k, v); err != nil {
				fail("%v", err)
			}
		}
	case "skirmish":
		name, kv := fields(rest)
		co, bat, ok := strings.Cut(name, " of ")
		i := s.index(bat)
		if !ok || i < 0 {
			fail("skirmish <company> of <battalion> key=value ...")
		}
		s.Units = append(s.Units, newCompany(&s.Units[i], co, 1))
		for k, v := range kv {
			if err := setUnit(&s.Units[len(s.Units)-1], k, v); err != nil {
				fail("%v", err)
			}
		}
	case "leader":
		name, kv := fields(rest)
		ld := s.leader(name)
		if ld == nil {
			fail("no leader %q", name)
		}
		for k, v := range kv {
			if err := setLeader(ld, k, v); err != nil {
				fail("%v", err)
			}
		}
		if kv["attack"] == "true" && kv["letter"] != "-" {
			// An Attack Order in force: its holder's marker, and every
			// Brigade Leader of the formation holding his (17.71-17.72).
			if ld.Letter == "" && ld.Level == Division {
				ld.Letter = "A"
			}
			for _, b := range s.formation(ld) {
				b.Letter = strings.ToLower(max(ld.Letter, "A"))
			}
		}
	default:
		fail("unknown STATE line")
	}
}

func setUnit(u *Unit, k, v string) error {
	n, nerr := strconv.Atoi(v)
	num := func(p *int) error {
		if nerr != nil {
			return fmt.Errorf("%s=%q is not a number", k, v)
		}
		*p = n
		return nil
	}
	switch k {
	case "hex":
		u.Hex = v
		u.Eliminated = false
	case "facing":
		f, ok := facingIndex(v)
		if !ok {
			return fmt.Errorf("facing %q", v)
		}
		u.Facing = f
	case "formation":
		u.Formation = strings.ReplaceAll(v, "_", " ")
	case "morale":
		u.Morale = map[string]string{"good": "", "disordered": moraleDisordered, "routed": moraleRouted}[strings.ToLower(v)]
	case "charge":
		u.Charge = strings.ReplaceAll(v, "_", " ")
	case "exhausted":
		u.Exhausted = v == "true"
	case "ammo_out":
		u.AmmoOut = v == "true"
	case "rear": // under a Facing to the Rear marker (5.42)
		u.Rear = v == "true"
	case "primary": // an Opportunity Charge with only a Primary zone
		u.Primary = v == "true"
	case "halved":
		u.Halved = v == "true"
	case "nation":
		u.Nation = v
	case "extended":
		u.Extended = strings.TrimPrefix(v, "none")
	case "in":
		u.Eliminated = v != "true"
	case "strength":
		if err := num(&u.Strength); err != nil {
			return err
		}
		if u.Type == "artillery" {
			u.Crew = CrewSteps(u.Strength)
		}
		return nil
	case "printed":
		return num(&u.Printed)
	case "er":
		return num(&u.ER)
	case "em":
		return num(&u.EM)
	case "ma":
		return num(&u.MA)
	case "fire":
		return num(&u.FireClass)
	case "crew":
		return num(&u.Crew)
	case "ammo":
		return num(&u.Ammo)
	default:
		return fmt.Errorf("unknown unit key %q", k)
	}
	return nil
}

func setLeader(l *Leader, k, v string) error {
	switch k {
	case "hex":
		l.Hex = v
	case "state":
		l.State = map[string]CommandState{"standing": Standing, "mobilized": Mobilized}[v]
	case "received":
		l.Received = v == "true"
	case "attack":
		l.Attack = v == "true"
	case "objective":
		l.Objective = v
	case "engaged":
		l.Engaged = v == "true"
	case "charged":
		l.Charged = v == "true"
	case "reduced":
		l.Reduced = v == "true"
	case "held":
		l.Held = v == "true"
	case "letter": // "-": none
		l.Letter = strings.Trim(v, "-")
	case "inactive": // a Division or Brigade Leader goes to the display
		l.Inactive = v == "true"
		if l.Inactive && (l.Level == Division || l.Level == Brigade) {
			l.Hex = ""
		}
	case "fatigue", "bonus", "violations":
		n, err := strconv.Atoi(v)
		if err != nil {
			return err
		}
		switch k {
		case "fatigue":
			l.Fatigue = n
		case "bonus":
			l.Bonus = n
		default:
			l.Violations = n
		}
	default:
		return fmt.Errorf("unknown leader key %q", k)
	}
	return nil
}

func (r *caseRun) ExpectState(l rulestest.Line) {
	s := r.state()
	verb, rest, _ := strings.Cut(strings.TrimSpace(l.Text), " ")
	check := func(what, got, want string) {
		if got != want {
			r.T.Errorf("%s: %s is %q, want %q", r.Where(l), what, got, want)
		}
	}
	switch verb {
	case "segment":
		check("segment", fmt.Sprintf("%d %s", s.Turn, stepNames[s.Step]), rest)
	case "seen":
		// seen <side> <unit> true|false
		ws := strings.Fields(rest)
		u := s.unit(strings.Join(ws[1:len(ws)-1], " "))
		if u == nil {
			r.T.Fatalf("%s: no unit in play %q", r.Where(l), strings.Join(ws[1:len(ws)-1], " "))
		}
		check("seen", strconv.FormatBool(s.sees(rules.Side(ws[0]), u.Hex)), ws[len(ws)-1])
	case "over":
		check("over", strconv.FormatBool(s.Over()), rest)
	case "gone":
		check("gone "+rest, strconv.FormatBool(s.index(rest) < 0), "true")
	case "cp":
		side, n, _ := strings.Cut(rest, " ")
		check("cp of "+side, strconv.Itoa(s.CP[sideIndex(rules.Side(side))]), n)
	case "morale":
		side, n, _ := strings.Cut(rest, " ")
		check("morale of "+side, strconv.Itoa(s.Morale[sideIndex(rules.Side(side))]), n)
	case "demoralized":
		side, want, _ := strings.Cut(rest, " ")
		check("demoralized "+side, strconv.FormatBool(s.Demoralized[sideIndex(rules.Side(side))]), want)
	case "corps": // corps <nation> <morale> [demoralized]
		ws := strings.Fields(rest)
		got := "none"
		for _, c := range s.Corps {
			if c.Nation == ws[0] {
				got = strconv.Itoa(c.Morale)
				if c.Demoralized {
					got += " demoralized"
				}
			}
		}
		check("corps "+ws[0], got, strings.Join(ws[1:], " "))
	case "courier":
		ws := strings.Fields(rest)
		if len(ws) < 3 {
			r.T.Fatalf("%s: courier <from> <to> <state>", r.Where(l))
		}
		got := "gone"
		for _, c := range s.Couriers {
			if strings.EqualFold(c.From, ws[0]) && strings.EqualFold(c.To, ws[1]) {
				got = strings.ReplaceAll(c.Order.State.String(), " ", "")
			}
		}
		check("courier "+ws[0]+" to "+ws[1], got, strings.Join(ws[2:], ""))
	case "unit":
		name, kv := fields(rest)
		var u *Unit
		for i := range s.Units {
			if strings.EqualFold(s.Units[i].Name, name) {
				u = &s.Units[i]
			}
		}
		if u == nil {
			r.T.Fatalf("%s: no unit %q", r.Where(l), name)
		}
		for _, k := range sortedKeys(kv) {
			check(name+" "+k, unitField(u, k), kv[k])
		}
	case "leader":
		name, kv := fields(rest)
		ld := s.leader(name)
		if ld == nil {
			r.T.Fatalf("%s: no leader %q", r.Where(l), name)
		}
		for _, k := range sortedKeys(kv) {
			check(name+" "+k, leaderField(ld, k), kv[k])
		}
	default:
		r.T.Fatalf("%s: unknown EXPECT-STATE line", r.Where(l))
	}
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func unitField(u *Unit, k string) string {
	switch k {
	case "hex":
		return u.Hex
	case "facing":
		return facingNames[u.Facing]
	case "formation":
		return strings.ReplaceAll(u.Formation, " ", "_")
	case "morale":
		if u.Morale == "" {
			return "good"
		}
		return strings.ToLower(u.Morale)
	case "charge":
		return strings.ReplaceAll(u.Charge, " ", "_")
	case "exhausted":
		return strconv.FormatBool(u.Exhausted)
	case "ammo_out":
		return strconv.FormatBool(u.AmmoOut)
	case "rear":
		return strconv.FormatBool(u.Rear)
	case "extended":
		if u.Extended == "" {
			return "none"
		}
		return u.Extended
	case "eliminated":
		return strconv.FormatBool(u.Eliminated)
	case "strength":
		return strconv.Itoa(u.Strength)
	case "crew":
		return strconv.Itoa(u.Crew)
	case "ammo":
		return strconv.Itoa(u.Ammo)
	case "fired":
		return strconv.FormatBool(u.Fired)
	}
	return "?" + k
}

func leaderField(l *Leader, k string) string {
	switch k {
	case "hex":
		return l.Hex
	case "state":
		return map[CommandState]string{Standing: "standing", Mobilized: "mobilized"}[l.State]
	case "received":
		return strconv.FormatBool(l.Received)
	case "attack":
		return strconv.FormatBool(l.Attack)
	case "objective":
		return l.Objective
	case "fatigue":
		return strconv.Itoa(l.Fatigue)
	case "engaged":
		return strconv.FormatBool(l.Engaged)
	case "charged":
		return strconv.FormatBool(l.Charged)
	case "reduced":
		return strconv.FormatBool(l.Reduced)
	case "held":
		return strconv.FormatBool(l.Held)
	case "letter":
		return l.Letter
	case "inactive":
		return strconv.FormatBool(l.Inactive)
	case "retired":
		return strconv.FormatBool(l.Retired)
	case "violations":
		return strconv.Itoa(l.Violations)
	}
	return "?" + k
}

package rulestest

import (
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
)

// Harness is what a system supplies to run its case corpus.
type Harness interface {
	// System is the system the cases test.
	System() rules.System
	// Keywords lists the section keywords of the system's own (such as
	// SCENARIO or CHARTS), beside the shared ones in Keywords.
	Keywords() []string
	// NewCase returns the hooks that run one case.
	NewCase(r *Run) CaseHooks
}

// CaseHooks are a system's parts of running one case.
type CaseHooks interface {
	// Build makes the case's starting state from the system's sections
	// read so far; the runner calls it when a step first needs the state.
	Build() rules.State
	// SetState applies one line of a STATE section to r.State(), which it
	// may change in place or replace with r.SetState.
	SetState(l Line)
	// ExpectState checks one line of an EXPECT-STATE section.
	ExpectState(l Line)
	// Section runs a section whose keyword is one of the Harness's.
	Section(s Section)
}

// EventChecker is a CaseHooks capability: a check the events of every
// resolution must pass, such as a house rule on event texts.
type EventChecker interface {
	// CheckEvents returns a problem with events, or nil.
	CheckEvents(events []rules.Event) error
}

// Keywords are the section keywords the runner itself knows.
var Keywords = []string{"STATE", "ORDERS", "DICE", "RESOLVE", "ADVANCE", "DECIDE",
	"EXPECT-EVENTS", "EXPECT-NO-EVENT", "EXPECT-STATE", "EXPECT-PROBLEMS", "EXPECT-PAUSE",
	"EXPECT-NO-PAUSE"}

// RunCorpus runs every case under dir of fsys as a subtest named by its
// id. It fails when there is no case.
func RunCorpus(t *testing.T, h Harness, fsys fs.FS, dir string) {
	t.Helper()
	cases, err := ReadCorpus(fsys, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("no cases under %s", dir)
	}
	kinds := &eventKinds{seen: map[string]bool{}}
	ran := 0
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			ran++
			r := NewRun(t, h, c)
			r.kinds = kinds
			r.Play()
		})
	}
	if ran < len(cases) {
		return // -run chose some cases: the kinds the others produce are unknown
	}
	for _, p := range kinds.problems() {
		t.Error(p)
	}
}

// eventKinds collects, over a corpus, the event kinds its cases saw and
// the kinds its EXPECT-NO-EVENT sections forbid: a forbidden kind that
// no case ever produces names no event and checks nothing.
type eventKinds struct {
	seen      map[string]bool
	forbidden []forbiddenKind
}

type forbiddenKind struct{ where, kind string }

// problems names each forbidden kind no case produced.
func (k *eventKinds) problems() []string {
	var out []string
	for _, f := range k.forbidden {
		if !k.seen[f.kind] {
			out = append(out, fmt.Sprintf("%s: EXPECT-NO-EVENT %s: no case of the corpus has an event of that kind, so the check can never fail (a misspelt kind?)", f.where, f.kind))
		}
	}
	return out
}

// note records the kinds of the events the runner is looking at.
func (r *Run) note() {
	if r.kinds == nil {
		return
	}
	for _, e := range r.Events {
		r.kinds.seen[e.Kind] = true
	}
}

// Run is one case being run: the state, the orders, dice and answers
// collected for the next step, and what the last step did.
type Run struct {
	T    testing.TB
	Case *Case
	// Events are the last step's events.
	Events []rules.Event
	// Pauses are the decision requests the last step stopped for.
	Pauses []rules.DecisionRequest
	// Decisions are the DECIDE answers for the next step.
	Decisions []rules.Decision

	h     Harness
	hooks CaseHooks
	state rules.State
	// orders are ORDERS lines by side; "" is the side the segment
	// awaits first.
	orders map[rules.Side][]string
	dice   []int
	// validated is set once EXPECT-PROBLEMS has checked the orders: a
	// RESOLVE then carries out those same orders, and a new ORDERS
	// section replaces them.
	validated bool
	// kinds, when the run is part of a corpus, collects event kinds.
	kinds *eventKinds
}

// NewRun starts a case with a system's hooks.
func NewRun(t testing.TB, h Harness, c *Case) *Run {
	r := &Run{T: t, Case: c, h: h, orders: map[rules.Side][]string{}}
	r.hooks = h.NewCase(r)
	return r
}

// Hooks are the system's hooks of this run.
func (r *Run) Hooks() CaseHooks { return r.hooks }

// Where names a line of the case file in failures.
func (r *Run) Where(l Line) string { return r.Case.Where(l) }

// State is the state the case runs on now, built on first use.
func (r *Run) State() rules.State {
	if r.state == nil {
		r.state = r.hooks.Build()
	}
	return r.state
}

// SetState replaces the state the case runs on.
func (r *Run) SetState(s rules.State) { r.state = s }

// Play runs the case's sections top to bottom.
func (r *Run) Play() {
	secs, err := r.Case.Sections(append(slices.Clone(Keywords), r.h.Keywords()...))
	if err != nil {
		r.T.Fatal(err)
	}
	for _, s := range secs {
		r.note()
		r.section(s)
	}
	r.note()
}

func (r *Run) section(s Section) {
	l := s.Line
	switch s.Head[0] {
	case "STATE":
		for _, b := range s.Body {
			r.State()
			r.hooks.SetState(b)
		}
	case "ORDERS": // ORDERS [side]
		if r.validated {
			r.orders, r.validated = map[rules.Side][]string{}, false // new orders after EXPECT-PROBLEMS
		}
		side := sideArg(s.Head)
		for _, b := range s.Body {
			r.orders[side] = append(r.orders[side], strings.TrimSpace(b.Text))
		}
	case "DICE":
		for _, f := range s.Head[1:] {
			n, err := strconv.Atoi(f)
			if err != nil {
				r.T.Fatalf("%s: DICE: %q is not a number", r.Where(l), f)
			}
			r.dice = append(r.dice, n)
		}
	case "RESOLVE":
		r.resolve(l)
	case "ADVANCE":
		r.advance(l, s.Head[1:])
	case "DECIDE":
		r.decide(l)
	case "EXPECT-EVENTS":
		r.expectEvents(s.Body)
	case "EXPECT-NO-EVENT": // EXPECT-NO-EVENT kind[: text]
		r.expectNoEvent(l, strings.Join(s.Head[1:], " "))
	case "EXPECT-STATE":
		for _, b := range s.Body {
			r.State()
			r.hooks.ExpectState(b)
		}
	case "EXPECT-PROBLEMS": // EXPECT-PROBLEMS [side]
		r.expectProblems(l, sideArg(s.Head), s.Body)
	case "EXPECT-PAUSE":
		r.expectPause(l, s.Head[1:], s.Body)
	case "EXPECT-NO-PAUSE":
		for _, p := range r.Pauses {
			r.T.Errorf("%s: unexpected pause: %s %s: %s", r.Where(l), p.Side, p.Key, p.Question)
		}
	default:
		r.hooks.Section(s)
	}
}

// sideArg is a section's optional side: ORDERS CSA.
func sideArg(head []string) rules.Side {
	if len(head) > 1 {
		return rules.Side(head[1])
	}
	return ""
}

// ForcedDice are the dice the case gave (DICE) for its next step.
func (r *Run) ForcedDice() *rules.ForcedDice { return &rules.ForcedDice{Results: slices.Clone(r.dice)} }

// side is the side ORDERS without a side write for: the first the
// segment awaits.
func (r *Run) side() rules.Side {
	seg := r.State().Segment()
	if len(seg.Sides) == 0 {
		return ""
	}
	return seg.Sides[0]
}

// File parses the collected ORDERS of a side ("" for the segment's first
// side) with the envelope the runner adds: GAME, SIDE and TURN.
func (r *Run) File(l Line, side rules.Side) *orders.File {
	lines := r.orders[side]
	if side == "" || side == r.side() {
		side = r.side()
		lines = append(slices.Clone(r.orders[""]), r.orders[side]...)
	}
	text := Envelope(side, r.State().Segment().Turn) + strings.Join(lines, "\n") + "\n"
	f, ps := ParseOrders(r.h.System(), text)
	if len(ps) > 0 {
		r.T.Fatalf("%s: orders do not parse: %+v", r.Where(l), ps)
	}
	return f
}

// resolve validates and resolves the current segment with the collected
// orders, dice and answers; every forced die must be used.
func (r *Run) resolve(l Line) {
	sys, st := r.h.System(), r.State()
	files := map[rules.Side]*orders.File{}
	for _, side := range st.Segment().Sides {
		f := r.File(l, side)
		if ps := sys.Validate(st, side, f); len(ps) > 0 {
			r.T.Fatalf("%s: %s orders are illegal: %+v", r.Where(l), side, ps)
		}
		files[side] = f
	}
	dice := r.ForcedDice()
	var (
		res rules.Result
		err error
	)
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%v", p)
			}
		}()
		res, err = sys.Resolve(rules.Input{State: st, Dice: dice, Orders: files, Decisions: r.Decisions})
	}()
	if err != nil {
		r.T.Fatalf("%s: resolve: %v\nevents so far:\n%s", r.Where(l), err, EventList(res.Events))
	}
	if r.Step(l, dice, res) {
		r.orders, r.validated = map[rules.Side][]string{}, false
	}
}

// Step records what a step run on ForcedDice did: its events, and either
// the decision requests it stopped for (the dice and answers then stay
// for the run that resumes it) or its next state, when every forced die
// must have been used. It reports whether the step went to its end.
func (r *Run) Step(l Line, dice *rules.ForcedDice, res rules.Result) bool {
	if ec, ok := r.hooks.(EventChecker); ok {
		if err := ec.CheckEvents(res.Events); err != nil {
			r.T.Errorf("%s: %v", r.Where(l), err)
		}
	}
	r.Events, r.Pauses = res.Events, res.Pauses
	if res.Paused() {
		return false
	}
	if used := len(dice.Rolls()); used != len(r.dice) {
		r.T.Fatalf("%s: %d forced dice given, %d used\nevents:\n%s", r.Where(l), len(r.dice), used, EventList(res.Events))
	}
	if res.Next != nil {
		r.state = res.Next
	}
	r.dice, r.Decisions = nil, nil
	return true
}

// advance resolves empty segments, which must need no dice, until the
// given turn and segment: ADVANCE <turn> <segment name>.
func (r *Run) advance(l Line, args []string) {
	if len(args) != 2 {
		r.T.Fatalf("%s: ADVANCE <turn> <segment>", r.Where(l))
	}
	turn, err := strconv.Atoi(args[0])
	if err != nil {
		r.T.Fatalf("%s: ADVANCE <turn> <segment>", r.Where(l))
	}
	for seg := r.State().Segment(); seg.Turn < turn || seg.Name != args[1]; seg = r.State().Segment() {
		if r.State().Over() {
			r.T.Fatalf("%s: the game ended before turn %d %s", r.Where(l), turn, args[1])
		}
		r.resolve(l)
		if len(r.Pauses) > 0 {
			r.T.Fatalf("%s: ADVANCE stopped for a decision: %+v", r.Where(l), r.Pauses)
		}
	}
}

// decide records an answer: DECIDE <side> <key> = <choice>.
func (r *Run) decide(l Line) {
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l.Text), "DECIDE"))
	side, rest, _ := strings.Cut(rest, " ")
	key, ch, ok := strings.Cut(rest, " = ")
	if !ok {
		r.T.Fatalf("%s: DECIDE <side> <key> = <choice>", r.Where(l))
	}
	r.Decisions = append(r.Decisions, rules.Decision{Key: strings.TrimSpace(key), Side: rules.Side(side), Choice: strings.TrimSpace(ch)})
}

// EventList prints events one a line for failure messages.
func EventList(evs []rules.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "  %s: %s\n", e.Kind, e.Text)
	}
	return b.String()
}

// expectEvents checks that each line, "kind" or "kind: text", matches an
// event of the last step, in order (other events may come between; text
// is a substring).
func (r *Run) expectEvents(body []Line) {
	i := 0
	for _, b := range body {
		kind, text, _ := strings.Cut(strings.TrimSpace(b.Text), ":")
		text = strings.TrimSpace(text)
		for i < len(r.Events) && !(r.Events[i].Kind == kind && strings.Contains(r.Events[i].Text, text)) {
			i++
		}
		if i == len(r.Events) {
			r.T.Errorf("%s: no event %q after the ones matched before it\nevents:\n%s", r.Where(b), strings.TrimSpace(b.Text), EventList(r.Events))
			return
		}
		i++
	}
}

// ExpectTold checks what side is told of the unit named name in the
// last step's events (rules.NamedIn): with told, that one event it may see
// names the unit; without, that none does. Systems with hidden
// information use it for their fog-of-war expectations.
func (r *Run) ExpectTold(l Line, side rules.Side, name string, told bool) {
	seen := false
	for _, e := range r.Events {
		if e.VisibleTo(side) && rules.NamedIn(e.Text, name) {
			seen = true
			if !told {
				r.T.Errorf("%s: %s is told %s: %s", r.Where(l), side, e.Kind, e.Text)
			}
		}
	}
	if told && !seen {
		r.T.Errorf("%s: %s is told nothing of %s", r.Where(l), side, name)
	}
}

// expectNoEvent fails on any event of the kind whose text holds the
// text after the colon, when there is one.
func (r *Run) expectNoEvent(l Line, spec string) {
	kind, text, _ := strings.Cut(spec, ":")
	kind, text = strings.TrimSpace(kind), strings.TrimSpace(text)
	if kind == "" {
		r.T.Fatalf("%s: EXPECT-NO-EVENT names no event kind", r.Where(l))
	}
	if r.kinds != nil {
		r.kinds.forbidden = append(r.kinds.forbidden, forbiddenKind{r.Where(l), kind})
	}
	for _, e := range r.Events {
		if e.Kind == kind && strings.Contains(e.Text, text) {
			r.T.Errorf("%s: unexpected event %s: %s", r.Where(l), e.Kind, e.Text)
		}
	}
}

// expectProblems validates a side's collected orders and compares the
// problem codes (and rules, when given) with the expected lines, "code
// [rule]", in order; an empty section means none.
func (r *Run) expectProblems(l Line, side rules.Side, body []Line) {
	st := r.State()
	f := r.File(l, side)
	if side == "" {
		side = r.side()
	}
	ps := r.h.System().Validate(st, side, f)
	var got, want []string
	for _, p := range ps {
		got = append(got, p.Code+" "+p.Rule)
	}
	for _, b := range body {
		want = append(want, strings.TrimSpace(b.Text))
	}
	if len(got) != len(want) {
		r.T.Errorf("%s: problems:\n  %s\nwant:\n  %s", r.Where(l), strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		return
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			r.T.Errorf("%s: problem %d is %q, want %q (all: %+v)", r.Where(l), i+1, got[i], want[i], ps)
		}
	}
	r.validated = true
}

// expectPause checks that the last step stopped for a request, EXPECT-PAUSE
// <side> <key>, and its lines: "option <text>" (one of its options),
// "options <n>", "default <text>".
func (r *Run) expectPause(l Line, args []string, body []Line) {
	if len(r.Pauses) == 0 {
		r.T.Fatalf("%s: no pause\nevents:\n%s", r.Where(l), EventList(r.Events))
	}
	want := strings.Join(args, " ")
	var asked []string
	var p *rules.DecisionRequest
	for i := range r.Pauses {
		got := string(r.Pauses[i].Side) + " " + r.Pauses[i].Key
		asked = append(asked, strconv.Quote(got))
		if got == want {
			p = &r.Pauses[i]
		}
	}
	if p == nil {
		r.T.Errorf("%s: paused for %s, want %q", r.Where(l), strings.Join(asked, ", "), want)
		return
	}
	for _, b := range body {
		kind, text, _ := strings.Cut(strings.TrimSpace(b.Text), " ")
		switch {
		case kind == "option" && !slices.Contains(p.Options, text):
			r.T.Errorf("%s: option %q not among %q", r.Where(b), text, p.Options)
		case kind == "default" && p.Default != text:
			r.T.Errorf("%s: default %q, want %q", r.Where(b), p.Default, text)
		case kind == "options" && strconv.Itoa(len(p.Options)) != text:
			r.T.Errorf("%s: %d options %q, want %s", r.Where(b), len(p.Options), p.Options, text)
		}
	}
}

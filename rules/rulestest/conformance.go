package rulestest

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"galloper/orders"
	"galloper/rules"
	"galloper/templates"
)

// The conformance suite: properties every registered system must have,
// whatever its rules. Conform runs them all on one system; each is also a
// Check of its own, so a test can show that a broken system fails it.
//
//	canonical   a state's canonical form is stable and decodes to itself
//	replay      a recorded game replays bit for bit, from its start and
//	            from every stored state
//	fuzz        Validate never panics on mutated example order files
//	defaults    Default orders validate
//	view-json   every side's view survives its JSON form
//	hidden      what a side receives does not depend on what it cannot see,
//	            the JSON documents of its mails included
//	            (systems with hidden information, the Hider capability)

// Examples is the capability of a System that ships example order files:
// the fuzz check mutates them, and the recorded game plays those that are
// legal when their side's turn comes.
type Examples interface {
	// Examples returns whole order files, envelope included.
	Examples() []string
}

// Hider is the capability of a System with hidden information. The
// hidden-information check asks it for positions a side cannot tell apart.
type Hider interface {
	// HideUnseen returns a copy of s in which enemy units that side cannot
	// see stand elsewhere where it cannot see them, each choice made by
	// pick (pick(n) is in [0, n)), and how many units it moved. What the
	// side sees and knows must be unchanged, and moved units must stand
	// out of the side's reach for the current segment, so that resolving
	// it cannot reveal them by play.
	HideUnseen(s rules.State, side rules.Side, pick func(n int) int) (rules.State, int, error)
}

// A Check is one property of the conformance suite.
type Check struct {
	Name string
	Run  func(t rapid.TB, sys rules.System)
}

// Checks are the properties of the conformance suite, in the order Conform
// runs them.
var Checks = []Check{
	{"canonical", checkCanonical},
	{"replay", checkReplay},
	{"fuzz", checkFuzz},
	{"defaults", checkDefaults},
	{"view-json", checkViewJSON},
	{"hidden", checkHidden},
}

// Conform runs every check on a system, one subtest each.
func Conform(t *testing.T, sys rules.System) {
	for _, c := range Checks {
		t.Run(c.Name, func(t *testing.T) { c.Run(t, sys) })
	}
}

// Segments is how many segments the recorded game plays.
const Segments = 6

// Played is one resolved segment of a recorded game.
type Played struct {
	Before    []byte                // the canonical state it started from
	Orders    map[rules.Side]string // each ordering side's order file
	Decisions []rules.Decision      // the defaults taken for its requests
	Seed      []byte
	After     []byte // the canonical state it ended in
	Events    []byte // its events as JSON
}

// Recording is a short game: its start and its segments.
type Recording struct {
	Start    []byte
	Segments []Played
}

// States decodes the recording's states: the start and every segment's
// end.
func (rec *Recording) States(sys rules.System) ([]rules.State, error) {
	var out []rules.State
	for _, c := range append([][]byte{rec.Start}, afters(rec)...) {
		s, err := sys.DecodeState(c)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func afters(rec *Recording) [][]byte {
	var out [][]byte
	for _, p := range rec.Segments {
		out = append(out, p.After)
	}
	return out
}

// Record plays up to n segments of a system's first scenario: each side
// sends the first of the system's examples that is legal for it then,
// else its Default orders; dice are seeded per segment; every decision
// request takes its default.
func Record(sys rules.System, n int) (*Recording, error) {
	scns := sys.Scenarios()
	if len(scns) == 0 {
		return nil, fmt.Errorf("%s lists no scenario", sys.ID())
	}
	s, err := sys.NewGame(scns[0], nil)
	if err != nil {
		return nil, err
	}
	rec := &Recording{Start: s.Canonical()}
	for i := 0; i < n && !s.Over(); i++ {
		p := Played{Before: s.Canonical(), Orders: map[rules.Side]string{}, Seed: fmt.Appendf(nil, "conformance %s %d", sys.ID(), i)}
		for _, side := range s.Segment().Sides {
			p.Orders[side] = ordersFor(sys, s, side)
		}
		res, err := resolvePlayed(sys, s, &p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Segment().Label, err)
		}
		if p.Events, err = json.Marshal(res.Events); err != nil {
			return nil, err
		}
		s, p.After = res.Next, res.Next.Canonical()
		rec.Segments = append(rec.Segments, p)
	}
	return rec, nil
}

// ordersFor is the order file a side sends in the recorded game.
func ordersFor(sys rules.System, s rules.State, side rules.Side) string {
	if ex, ok := sys.(Examples); ok {
		for _, text := range ex.Examples() {
			text = Reenvelope(text, side, s.Segment().Turn)
			if f, ps := ParseOrders(sys, text); len(ps) == 0 && len(sys.Validate(s, side, f)) == 0 {
				return text
			}
		}
	}
	return defaultText(sys, s, side)
}

// defaultText is a side's Default orders as a whole order file, with the
// envelope the runner writes.
func defaultText(sys rules.System, s rules.State, side rules.Side) string {
	f := sys.Default(s, side)
	if f == nil {
		return Envelope(side, s.Segment().Turn)
	}
	return Envelope(side, s.Segment().Turn) + orders.FormatOrders(f, sys.Dialect()) + "\n"
}

// Reenvelope rewrites an order file's SIDE and TURN lines for a side and
// turn.
func Reenvelope(text string, side rules.Side, turn int) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		key, _, _ := strings.Cut(strings.TrimSpace(l), " ")
		switch strings.ToUpper(key) {
		case "SIDE":
			lines[i] = "SIDE " + string(side)
		case "TURN":
			lines[i] = fmt.Sprintf("TURN %d", turn)
		}
	}
	return strings.Join(lines, "\n")
}

// resolvePlayed resolves a segment from its order texts, seed and
// decisions, as the adjudicator does: when the run stops for requests, it
// takes their defaults and runs again from the start with the same dice.
// New answers are added to p.Decisions; the requests are kept in asked
// when it is not nil.
func resolvePlayed(sys rules.System, s rules.State, p *Played, asked ...*[]rules.DecisionRequest) (rules.Result, error) {
	return resolveWith(sys, s, p, func() rules.Dice { return rules.NewSeededDice(p.Seed) }, asked...)
}

// resolveWith is resolvePlayed with the dice dice makes for each round.
func resolveWith(sys rules.System, s rules.State, p *Played, dice func() rules.Dice, asked ...*[]rules.DecisionRequest) (rules.Result, error) {
	files := map[rules.Side]*orders.File{}
	for side, text := range p.Orders {
		f, ps := ParseOrders(sys, text)
		if len(ps) > 0 {
			return rules.Result{}, fmt.Errorf("%s orders do not parse: %v", side, ps)
		}
		files[side] = f
	}
	for range 50 {
		res, err := sys.Resolve(rules.Input{State: s, Orders: files, Decisions: slices.Clone(p.Decisions), Dice: dice()})
		if err != nil || !res.Paused() {
			if err == nil && res.Next == nil {
				err = fmt.Errorf("no next state and no decision request")
			}
			return res, err
		}
		for _, q := range res.Pauses {
			p.Decisions = append(p.Decisions, rules.Decision{Key: q.Key, Side: q.Side, Choice: q.Default})
			for _, a := range asked {
				*a = append(*a, q)
			}
		}
	}
	return rules.Result{}, fmt.Errorf("more than 50 rounds of decision requests")
}

// recorded plays the suite's game, failing the check when it cannot.
func recorded(t rapid.TB, sys rules.System) (*Recording, []rules.State) {
	t.Helper()
	rec, err := Record(sys, Segments)
	if err != nil {
		t.Fatalf("%s: recording a game: %v", sys.ID(), err)
	}
	states, err := rec.States(sys)
	if err != nil {
		t.Fatalf("%s: decoding the recorded states: %v", sys.ID(), err)
	}
	return rec, states
}

// sidesOf lists the sides that send orders in the recorded game.
func sidesOf(states []rules.State) []rules.Side {
	var out []rules.Side
	for _, s := range states {
		for _, side := range s.Segment().Sides {
			if !slices.Contains(out, side) {
				out = append(out, side)
			}
		}
	}
	return out
}

// checkCanonical: the canonical form of every scenario's start and every
// recorded state is the same twice, and decodes to a state with the same
// canonical form, segment and end.
func checkCanonical(t rapid.TB, sys rules.System) {
	var states []rules.State
	for _, name := range sys.Scenarios() {
		s, err := sys.NewGame(name, nil)
		if err != nil {
			t.Fatalf("scenario %s: %v", name, err)
		}
		states = append(states, s)
	}
	checkStates(t, sys, states)
	_, played := recorded(t, sys)
	checkStates(t, sys, played)
}

func checkStates(t rapid.TB, sys rules.System, states []rules.State) {
	for i, s := range states {
		c := s.Canonical()
		if again := s.Canonical(); !bytes.Equal(c, again) {
			t.Errorf("state %d: Canonical is not stable: %s", i, firstDiff(c, again))
			continue
		}
		d, err := sys.DecodeState(c)
		if err != nil {
			t.Errorf("state %d: DecodeState of its canonical form: %v", i, err)
			continue
		}
		if dc := d.Canonical(); !bytes.Equal(c, dc) {
			t.Errorf("state %d: decoded state's canonical form differs: %s", i, firstDiff(c, dc))
		}
		if !segmentsEqual(d.Segment(), s.Segment()) || d.Over() != s.Over() {
			t.Errorf("state %d: decoded state is at %+v (over %v), not %+v (over %v)", i, d.Segment(), d.Over(), s.Segment(), s.Over())
		}
	}
}

func segmentsEqual(a, b rules.Segment) bool {
	return a.Turn == b.Turn && a.Index == b.Index && a.Name == b.Name && a.Label == b.Label && slices.Equal(a.Sides, b.Sides)
}

// checkReplay: recording the game twice gives the same bytes, and each
// segment resolved again from its stored state, orders, decisions and
// seed ends in the same state with the same events.
func checkReplay(t rapid.TB, sys rules.System) {
	rec, _ := recorded(t, sys)
	if len(rec.Segments) == 0 {
		t.Fatalf("the recorded game has no segment")
	}
	again, _ := recorded(t, sys)
	a, _ := json.Marshal(rec)
	b, _ := json.Marshal(again)
	if !bytes.Equal(a, b) {
		t.Fatalf("the same game played twice differs: %s", firstDiff(a, b))
	}
	prev := rec.Start
	for i, p := range rec.Segments {
		if !bytes.Equal(p.Before, prev) {
			t.Fatalf("segment %d does not start where the one before ended", i)
		}
		s, err := sys.DecodeState(p.Before)
		if err != nil {
			t.Fatalf("segment %d: %v", i, err)
		}
		q := p
		q.Decisions = slices.Clone(p.Decisions)
		res, err := resolvePlayed(sys, s, &q)
		if err != nil {
			t.Fatalf("segment %d replayed: %v", i, err)
		}
		if len(q.Decisions) != len(p.Decisions) {
			t.Errorf("segment %d replayed asks %d more decisions", i, len(q.Decisions)-len(p.Decisions))
		}
		if got := res.Next.Canonical(); !bytes.Equal(got, p.After) {
			t.Errorf("segment %d replayed ends in another state: %s", i, firstDiff(p.After, got))
		}
		if ev, _ := json.Marshal(res.Events); !bytes.Equal(ev, p.Events) {
			t.Errorf("segment %d replayed has other events: %s", i, firstDiff(p.Events, ev))
		}
		prev = p.After
	}
}

// FuzzFiles is how many mutated order files the fuzz check validates.
const FuzzFiles = 1000

// checkFuzz: Validate never panics on mutations of the system's example
// files (or its Default files, printed), on every recorded state, for
// every side.
func checkFuzz(t rapid.TB, sys rules.System) {
	_, states := recorded(t, sys)
	sides := sidesOf(states)
	var seeds []string
	if ex, ok := sys.(Examples); ok {
		seeds = ex.Examples()
	}
	for _, side := range sides {
		seeds = append(seeds, defaultText(sys, states[0], side))
	}
	rng := rand.New(rand.NewPCG(1, uint64(len(sys.ID()))))
	validated := 0
	for i := range FuzzFiles {
		text := Mutate(rng, seeds[i%len(seeds)], seeds)
		f, _ := ParseOrders(sys, text)
		if f == nil {
			continue
		}
		s := states[i%len(states)]
		for _, side := range sides {
			if msg := validateRecovering(sys, s, side, f); msg != "" {
				t.Fatalf("Validate panics (%s, %s) on:\n%s\npanic: %s", s.Segment().Label, side, text, msg)
			}
			validated++
		}
	}
	if validated == 0 {
		t.Fatalf("no mutated file parsed far enough to be validated")
	}
}

func validateRecovering(sys rules.System, s rules.State, side rules.Side, f *orders.File) string {
	return recovering(func() { sys.Validate(s, side, f) })
}

// recovering runs f and returns what it panicked with, or "".
func recovering(f func()) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			msg = fmt.Sprint(p)
		}
	}()
	f()
	return ""
}

// Mutate returns text changed by one to four random edits: a line dropped,
// doubled or swapped, a word replaced by a word of any of the files, a
// number changed, bytes inserted, or the text cut short.
func Mutate(rng *rand.Rand, text string, all []string) string {
	var words []string
	for _, a := range all {
		words = append(words, strings.Fields(a)...)
	}
	for range 1 + rng.IntN(4) {
		lines := strings.Split(text, "\n")
		i, j := rng.IntN(len(lines)), rng.IntN(len(lines))
		switch rng.IntN(7) {
		case 0:
			lines = slices.Delete(lines, i, i+1)
		case 1:
			lines = slices.Insert(lines, i, lines[j])
		case 2:
			lines[i], lines[j] = lines[j], lines[i]
		case 3:
			if f := strings.Fields(lines[i]); len(f) > 0 && len(words) > 0 {
				f[rng.IntN(len(f))] = words[rng.IntN(len(words))]
				lines[i] = strings.Join(f, " ")
			}
		case 4:
			lines[i] = strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return '0' + rune(rng.IntN(10))
				}
				return r
			}, lines[i])
		case 5:
			junk := []string{"\x00", "\t", "  ", ":", ",", "\u00a0", "é", ">", "--", "\r", "999999999999", "-1", "A0.0"}
			at := rng.IntN(len(lines[i]) + 1)
			lines[i] = lines[i][:at] + junk[rng.IntN(len(junk))] + lines[i][at:]
		case 6:
			text = strings.Join(lines, "\n")
			lines = strings.Split(text[:rng.IntN(len(text)+1)], "\n")
		}
		text = strings.Join(lines, "\n")
	}
	return text
}

// checkDefaults: on every recorded state, the Default orders of each side
// that sends orders validate without a problem.
func checkDefaults(t rapid.TB, sys rules.System) {
	_, states := recorded(t, sys)
	for _, s := range states {
		if s.Over() {
			continue
		}
		for _, side := range s.Segment().Sides {
			f := sys.Default(s, side)
			if f == nil {
				t.Errorf("%s: Default for %s is nil", s.Segment().Label, side)
				continue
			}
			var ps []orders.Problem
			if msg := recovering(func() { ps = sys.Validate(s, side, f) }); msg != "" {
				t.Errorf("%s: Validate panics on %s's Default orders: %s", s.Segment().Label, side, msg)
			}
			if len(ps) > 0 {
				t.Errorf("%s: %s's Default orders are refused: %+v", s.Segment().Label, side, ps)
			}
		}
	}
}

// checkViewJSON: every side's view (and the umpire's) of every recorded
// state reads back from its JSON form and writes the same bytes again.
func checkViewJSON(t rapid.TB, sys rules.System) {
	_, states := recorded(t, sys)
	for _, s := range states {
		for _, side := range append(sidesOf(states), "") {
			v := sys.View(s, side)
			a, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("%s: %s's view: %v", s.Segment().Label, side, err)
			}
			var back rules.View
			if err := json.Unmarshal(a, &back); err != nil {
				t.Fatalf("%s: %s's view does not read back: %v", s.Segment().Label, side, err)
			}
			if b, _ := json.Marshal(back); !bytes.Equal(a, b) {
				t.Errorf("%s: %s's view changes through JSON: %s", s.Segment().Label, side, firstDiff(a, b))
			}
		}
	}
}

// checkHidden: for a system with hidden information, two positions that
// differ only in where enemy units a side cannot see stand (HideUnseen)
// give that side the same bytes: its view as JSON, its map as SVG, the
// problems and receipt of its order files, and, when it is the side's own
// segment, the events it may see, the requests it is asked and its view
// after resolving with the same dice, its results map with the traces of
// what it saw happen (rules.Trace) drawn on it.
func checkHidden(t rapid.TB, sys rules.System) {
	h, ok := sys.(Hider)
	if !ok {
		t.Logf("%s has no Hider: it declares no hidden information", sys.ID())
		return
	}
	rec, states := recorded(t, sys)
	sides := sidesOf(states)
	moved, resolved := 0, 0
	rapid.Check(t, func(rt *rapid.T) {
		i := rapid.IntRange(0, len(states)-1).Draw(rt, "state")
		side := rapid.SampledFrom(sides).Draw(rt, "side")
		s := states[i]
		var variants [2]rules.State
		n := 0
		for k := range variants {
			pick := func(n int) int { return rapid.IntRange(0, n-1).Draw(rt, fmt.Sprintf("pick%d", k)) }
			v, m, err := h.HideUnseen(s, side, pick)
			if err != nil {
				rt.Fatalf("HideUnseen: %v", err)
			}
			variants[k], n = v, n+m
		}
		if n > 0 {
			moved++
		}
		a, b := received(sys, variants[0], side), received(sys, variants[1], side)
		for _, k := range slices.Sorted(maps.Keys(a)) {
			if a[k] != b[k] {
				rt.Fatalf("%s, %s: %s differs with hidden enemy units elsewhere: %s", s.Segment().Label, side, k, firstDiff([]byte(a[k]), []byte(b[k])))
			}
		}
		if s.Over() || !slices.Contains(s.Segment().Sides, side) || i >= len(rec.Segments) {
			return
		}
		resolved++
		p := rec.Segments[i]
		// A PNG map is drawn from the view alone and costs tens of
		// milliseconds: every pngEvery-th resolved draw compares it.
		png := resolved%pngEvery == 1
		ra, rb := resolvedFor(sys, variants[0], side, p, png), resolvedFor(sys, variants[1], side, p, png)
		for _, k := range slices.Sorted(maps.Keys(ra)) {
			if ra[k] != rb[k] {
				rt.Fatalf("%s, %s: %s differs with hidden enemy units elsewhere: %s", s.Segment().Label, side, k, firstDiff([]byte(ra[k]), []byte(rb[k])))
			}
		}
	})
	if moved == 0 || resolved == 0 {
		t.Fatalf("the hidden check compared nothing real: %d draws moved a hidden unit, %d resolved a segment", moved, resolved)
	}
	t.Logf("%d draws moved hidden units; %d resolved the side's segment", moved, resolved)
}

// received is what a side receives about a position, by what it is.
func received(sys rules.System, s rules.State, side rules.Side) map[string]string {
	out := map[string]string{}
	v := sys.View(s, side)
	j, _ := json.Marshal(v)
	out["view JSON"] = string(j)
	j, _ = json.Marshal(rules.NewMailDoc(sys, s, v, "status"))
	out["mail JSON"] = string(j)
	if v.Map != nil {
		svg, err := templates.MapSVG(v)
		out["map SVG"] = string(svg) + fmt.Sprint(err)
	}
	status, err := templates.Status(templates.StatusData{Command: "STATUS", View: v})
	out["STATUS reply"] = status + fmt.Sprint(err)
	texts := []string{defaultText(sys, s, side)}
	if ex, ok := sys.(Examples); ok {
		texts = append(texts, ex.Examples()...)
	}
	for k, text := range texts {
		f, _ := ParseOrders(sys, Reenvelope(text, side, s.Segment().Turn))
		if f == nil {
			continue
		}
		probs := sys.Validate(s, side, f)
		ps, _ := json.Marshal(probs)
		out[fmt.Sprintf("problems of order file %d", k)] = string(ps)
		doc := rules.NewMailDoc(sys, s, v, "problems")
		doc.Problems = rules.ProblemDocs(probs)
		ps, _ = json.Marshal(doc)
		out[fmt.Sprintf("problems mail JSON of order file %d", k)] = string(ps)
		var notes []string
		if n, ok := sys.(rules.ReceiptNoter); ok {
			notes = n.ReceiptNotes(s, f)
		}
		r, err := templates.Receipt(templates.ReceiptData{Game: "conformance", Side: string(side), Segment: s.Segment().Label, Notes: notes})
		out[fmt.Sprintf("receipt of order file %d", k)] = r + fmt.Sprint(err)
	}
	return out
}

// pngEvery is how often the hidden check compares the PNG map after
// resolution.
const pngEvery = 20

// resolvedFor resolves a position's segment with the recorded segment's
// orders and seed and returns what the side receives of it.
func resolvedFor(sys rules.System, s rules.State, side rules.Side, p Played, png bool) map[string]string {
	q := p
	q.Decisions = nil
	out := map[string]string{}
	var requests []rules.DecisionRequest
	// Each roll comes from the seed and its own purpose (purposeDice), so
	// that the die rolls of hidden units, which the side never sees, do
	// not move the dice of the rolls it does see: with the game's dice
	// they would, but the side, which cannot foresee the dice, cannot
	// tell. A side sees its rolls numbered among its own (docs/dice.md):
	// a roll is compared by its purpose and result.
	res, err := resolveWith(sys, s, &q, func() rules.Dice { return newPurposeDice(p.Seed) }, &requests)
	out["resolution error"] = fmt.Sprint(err)
	var evs []rules.Event
	for _, e := range res.Events {
		if !e.VisibleTo(side) {
			continue
		}
		if e.Kind == "roll" && e.Roll != nil {
			e = rules.Event{Kind: "roll", Rule: e.Rule, Text: fmt.Sprintf("%s: d%d=%d", e.Roll.Purpose, e.Roll.Sides, e.Roll.Result), Visible: e.Visible}
		}
		evs = append(evs, e)
	}
	j, _ := json.Marshal(evs)
	out["events"] = string(j)
	var asked []rules.DecisionRequest
	for _, d := range requests {
		if d.Side == side {
			asked = append(asked, d)
		}
	}
	j, _ = json.Marshal(asked)
	out["decision requests"] = string(j)
	if res.Next != nil {
		v := sys.View(res.Next, side)
		j, _ = json.Marshal(v)
		out["view after"] = string(j)
		// The results mail's text and HTML parts, as the adjudicator
		// writes them from the view and the events the side may see
		// (its dice part is not compared here), and its SVG map.
		var lines []string
		for _, e := range evs {
			if e.Kind != "roll" {
				lines = append(lines, e.Text+" ("+e.Rule+")")
			}
		}
		text, err := templates.Report(templates.ReportData{View: v, Resolved: s.Segment().Label, Events: lines, Over: res.Next.Over(),
			OrdersDue: slices.Contains(res.Next.Segment().Sides, side)})
		out["results mail text"] = text + fmt.Sprint(err)
		html, err := templates.HTML(templates.HTMLData{Title: "Results: " + s.Segment().Label, Text: text})
		out["results mail HTML"] = html + fmt.Sprint(err)
		if v.Map != nil || v.Table != nil {
			// The results map draws the segment's traces the side may
			// see: a hidden unit's path, fire or Charge must draw nothing.
			tv := v
			tv.AddTraces(evs)
			svg, err := templates.MapSVG(tv)
			out["map SVG after"] = string(svg) + fmt.Sprint(err)
			if png {
				b, err := templates.MapPNG(tv)
				out["map PNG after"] = string(b) + fmt.Sprint(err)
			}
		}
		doc := rules.NewMailDoc(sys, res.Next, v, "results")
		doc.Events = rules.EventDocs(res.Events, side)
		j, _ = json.Marshal(doc)
		out["results mail JSON"] = string(j)
	}
	j, _ = json.Marshal(rules.DecisionDocs(requests, side, 1))
	out["decision mail JSON"] = string(j)
	return out
}

// firstDiff shows where two byte strings first differ.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-60)
	return fmt.Sprintf("at byte %d: %q\nversus %q", i, a[from:min(len(a), i+60)], b[from:min(len(b), i+60)])
}

// purposeDice rolls each die from the seed, its purpose and how many
// rolls of that purpose came before it, not from its place in the
// sequence of all rolls.
type purposeDice struct {
	seed []byte
	seen map[string]int
	log  []rules.Roll
}

func newPurposeDice(seed []byte) *purposeDice {
	return &purposeDice{seed: seed, seen: map[string]int{}}
}

func (d *purposeDice) Roll(sides int, rule, purpose string) int {
	d.seen[purpose]++
	m := hmac.New(sha256.New, d.seed)
	fmt.Fprintf(m, "%s\x00%d", purpose, d.seen[purpose])
	v := int(binary.BigEndian.Uint64(m.Sum(nil))%uint64(sides)) + 1
	d.log = append(d.log, rules.Roll{Index: len(d.log), Purpose: purpose, Rule: rule, Sides: sides, Result: v})
	return v
}

func (d *purposeDice) Rolls() []rules.Roll { return slices.Clone(d.log) }

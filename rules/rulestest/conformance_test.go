package rulestest_test

import (
	"flag"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob"
	"galloper/rules/rulestest"
	"galloper/rules/systems"
)

// TestConformance runs the conformance suite on every registered system.
//
// For Line of Battle the hidden-information check varies what its
// HideUnseen varies (rules/lob/conformance.go): the strength, facing and
// hex of every enemy stack the side cannot see, however near in the
// enemy's segment, more than 12 hexes from the side in its own (which the
// check resolves). With the fog's shape or the no-orders area computed
// from hidden units, as before rulings R-FOG-1 and R-FOG-3, it fails at
// once.
func TestConformance(t *testing.T) {
	all := systems.All()
	if len(all) == 0 {
		t.Fatal("no system is registered")
	}
	for _, sys := range all {
		t.Run(sys.ID(), func(t *testing.T) { rulestest.Conform(t, sys) })
	}
}

// recorder is a rapid.TB that records failures instead of failing the
// test, so a test can show that a check fails.
type recorder struct {
	mu     sync.Mutex
	failed bool
	msgs   []string
}

func (r *recorder) Helper()              {}
func (r *recorder) Name() string         { return "recorder" }
func (r *recorder) Logf(string, ...any)  {}
func (r *recorder) Log(...any)           {}
func (r *recorder) Skipf(string, ...any) { runtime.Goexit() }
func (r *recorder) Skip(...any)          { runtime.Goexit() }
func (r *recorder) SkipNow()             { runtime.Goexit() }
func (r *recorder) Errorf(f string, a ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = true
	r.msgs = append(r.msgs, fmt.Sprintf(f, a...))
}
func (r *recorder) Error(a ...any)            { r.Errorf("%s", fmt.Sprint(a...)) }
func (r *recorder) Fatalf(f string, a ...any) { r.Errorf(f, a...); runtime.Goexit() }
func (r *recorder) Fatal(a ...any)            { r.Error(a...); runtime.Goexit() }
func (r *recorder) FailNow()                  { r.Fail(); runtime.Goexit() }
func (r *recorder) Fail()                     { r.mu.Lock(); r.failed = true; r.mu.Unlock() }
func (r *recorder) Failed() bool              { r.mu.Lock(); defer r.mu.Unlock(); return r.failed }

// runCheck runs one check of the suite on a system and returns what it
// reported, and whether it failed.
func runCheck(name string, sys rules.System) (bool, string) {
	// A failure expected here leaves no rapid fail file behind and is not
	// shrunk.
	for name, v := range map[string]string{"rapid.nofailfile": "true", "rapid.shrinktime": "1ms"} {
		if f := flag.Lookup(name); f != nil {
			was := f.Value.String()
			flag.Set(name, v)
			defer flag.Set(name, was)
		}
	}
	for _, c := range rulestest.Checks {
		if c.Name != name {
			continue
		}
		r := &recorder{}
		done := make(chan struct{})
		go func() {
			defer close(done)
			c.Run(r, sys)
		}()
		<-done
		return r.Failed(), strings.Join(r.msgs, "\n")
	}
	panic("no check " + name)
}

// unstable is Line of Battle whose states print a different canonical
// form each time.
type unstable struct{ rules.System }

type unstableState struct {
	rules.State
	n *int
}

func (s unstableState) Canonical() []byte {
	*s.n++
	return fmt.Appendf(s.State.Canonical(), "# printed %d\n", *s.n)
}

func (u unstable) NewGame(scn string, p *rules.ChartPack) (rules.State, error) {
	s, err := u.System.NewGame(scn, p)
	return unstableState{s, new(int)}, err
}

// leaky is Line of Battle whose view names every enemy unit and its hex,
// seen or not.
type leaky struct{ lob.System }

func (l leaky) View(s rules.State, side rules.Side) rules.View {
	v := l.System.View(s, side)
	for _, u := range l.System.View(s, "").Map.Units {
		if u.Side != side && side != "" {
			v.Lines = append(v.Lines, u.Name+" at "+u.Hex)
		}
	}
	return v
}

// forgetful is Line of Battle whose resolution depends on how often it
// has run, as one keeping state outside the position would.
type forgetful struct {
	rules.System
	runs *int
}

func (f forgetful) Resolve(in rules.Input) (rules.Result, error) {
	*f.runs++
	res, err := f.System.Resolve(in)
	res.Events = append(res.Events, rules.Event{Kind: "note", Text: fmt.Sprintf("run %d", *f.runs)})
	return res, err
}

// brittle is Line of Battle whose Validate panics on a file for another
// turn, and refuses every file with no orders.
type brittle struct{ rules.System }

func (b brittle) Validate(s rules.State, side rules.Side, f *orders.File) []orders.Problem {
	if f.Turn != "" && f.Turn != fmt.Sprint(s.Segment().Turn) {
		panic("turn " + f.Turn)
	}
	if len(f.Orders) == 0 {
		return []orders.Problem{{Kind: orders.Illegal, Code: "no-orders", Message: "send something"}}
	}
	return b.System.Validate(s, side, f)
}

// TestConformanceFailsBrokenSystems shows that the suite is not vacuous:
// wrapped Line of Battle systems with an unstable canonical form, a view
// that tells hidden units, a resolution that is not a function of its
// input, a Validate that panics and refused Default orders each fail
// their check, while Line of Battle itself passes the same checks run
// the same way.
func TestConformanceFailsBrokenSystems(t *testing.T) {
	if failed, msg := runCheck("canonical", unstable{lob.New()}); !failed || !strings.Contains(msg, "Canonical is not stable") {
		t.Errorf("an unstable canonical form passes the canonical check: %q", msg)
	}
	// The view shows up in several outputs (the mail's JSON document holds
	// it too): whichever is compared first differs.
	if failed, msg := runCheck("hidden", leaky{}); !failed || !strings.Contains(msg, "STATUS reply differs") && !strings.Contains(msg, "view JSON differs") && !strings.Contains(msg, "mail JSON differs") {
		t.Errorf("a view that names hidden units passes the hidden check: %q", msg)
	}
	if failed, msg := runCheck("replay", forgetful{lob.New(), new(int)}); !failed || !strings.Contains(msg, "differs") {
		t.Errorf("a resolution that depends on its run count passes the replay check: %q", msg)
	}
	if failed, msg := runCheck("fuzz", brittle{lob.New()}); !failed || !strings.Contains(msg, "Validate panics") {
		t.Errorf("a Validate that panics passes the fuzz check: %q", msg)
	}
	if failed, msg := runCheck("defaults", brittle{lob.New()}); !failed || !strings.Contains(msg, "Default orders are refused") {
		t.Errorf("refused Default orders pass the defaults check: %q", msg)
	}
	for _, c := range rulestest.Checks {
		if c.Name == "hidden" {
			continue // TestConformance runs it; it is the slow one
		}
		if failed, msg := runCheck(c.Name, lob.New()); failed {
			t.Errorf("Line of Battle fails the %s check: %s", c.Name, msg)
		}
	}
}

package rulestest_test

import (
	"flag"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"galloper/rules"
	"galloper/rules/lob"
	"galloper/rules/rulestest"
	"galloper/rules/systems"
)

// TestConformance runs the conformance suite on every registered system.
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

// TestConformanceFailsBrokenSystems shows that the suite is not vacuous: a
// system whose canonical form is unstable fails the canonical check, and
// one whose view tells hidden units fails the hidden-information check,
// while Line of Battle itself passes both.
func TestConformanceFailsBrokenSystems(t *testing.T) {
	if failed, msg := runCheck("canonical", unstable{lob.New()}); !failed || !strings.Contains(msg, "Canonical is not stable") {
		t.Errorf("an unstable canonical form passes the canonical check: %q", msg)
	}
	if failed, msg := runCheck("hidden", leaky{}); !failed || !strings.Contains(msg, "view JSON differs") {
		t.Errorf("a view that names hidden units passes the hidden check: %q", msg)
	}
}

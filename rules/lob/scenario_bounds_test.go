package lob

import (
	"runtime/metrics"
	"strings"
	"testing"

	"galloper/rules"
)

// heapAllocated returns the bytes f allocates: a bound on how much the
// live heap can grow while it runs.
func heapAllocated(f func()) uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	f()
	metrics.Read(s)
	return s[0].Value.Uint64() - before
}

// TestScenarioNumbersBounded: numbers beyond what Line of Battle can mean
// (a visibility of 10,000 hexes took 5.6 s a pass, 10^9 hung; a map of a
// billion columns would be allocated) are refused at load with the field,
// the value and the range, using little memory.
func TestScenarioNumbersBounded(t *testing.T) {
	good := smallScenario(t)
	cases := []struct{ name, from, to, want string }{
		{"visibility 10,000", "visibility: 5", "visibility: 10000", "field visibility: 10000 is out of range: visibility by day in hexes (LoB 4.3) is 1 to 100"},
		{"visibility 10^9", "visibility: 5", "visibility: 1000000000", "field visibility: 1000000000 is out of range"},
		{"visibility 0", "visibility: 5", "visibility: 0", "field visibility: 0 is out of range"},
		{"map a billion columns wide", "cols: 6", "cols: 1000000000", "field map.cols: 1000000000 is out of range"},
		{"turns", "turns: 8", "turns: 100000000", "field turns: 100000000 is out of range"},
		{"turn minutes", "turn_minutes: 15", "turn_minutes: 100000", "field turn_minutes: 100000 is out of range"},
		{"strength points", "{name: Early Brigade, sp: 9,", "{name: Early Brigade, sp: 90000,", "reinforcement Early Brigade sp: 90000 is out of range"},
		{"command rating", "leader: {name: Grey, command: 2,", "leader: {name: Grey, command: 2000000,", "leader Grey command: 2000000 is out of range"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var err error
			n := heapAllocated(func() { err = brokenScenario(t, good, c.from, c.to) })
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want it to contain %q", err, c.want)
			}
			if n > 200<<20 {
				t.Fatalf("loading took %d MB", n>>20)
			}
		})
	}
	if _, err := parseScenario("testdata/small.yaml", good); err != nil {
		t.Fatalf("the small scenario within bounds: %v", err)
	}
}

// TestChartPackNumbersBounded: a chart pack number no chart can mean (a
// Command Value column of 10^9, looped over at load) is refused, naming
// the table and where in it; the shipped pack is within bounds.
func TestChartPackNumbersBounded(t *testing.T) {
	pack := string(ChartPackData())
	if _, err := rules.ParseChartPack("provisional", []byte(pack)); err != nil {
		t.Fatalf("the shipped pack: %v", err)
	}
	i := strings.Index(pack, "columns: [")
	if i < 0 {
		t.Fatal("the shipped pack has no columns list to break")
	}
	bad := pack[:i] + "columns: [\"1000000000\", " + pack[i+len("columns: ["):]
	_, err := rules.ParseChartPack("broken", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), "1000000000 is beyond any number a chart can mean (at most 10000)") ||
		!strings.Contains(err.Error(), "chart pack broken: table ") {
		t.Fatalf("a column of 10^9: %v", err)
	}
}

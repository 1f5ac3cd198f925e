package wintersvictory

import (
	"strings"
	"testing"
)

// 11.0 steps 4-6 and 7.21.1, read on the provisional tables: what the
// procedure does does not depend on the placeholder numbers.
func TestFireResult(t *testing.T) {
	p := ProvisionalPack()
	base := Fire{Table: FireFrenchInfantry, Line: "line", FiringClass: 1, Strength: 6, TargetClass: 2, Die: 7}
	res := func(f Fire) string {
		t.Helper()
		r, ok, err := p.FireResult(f)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return "no fire"
		}
		return r
	}
	for _, tb := range []string{FireFrenchInfantry, FireRussianInfantry} {
		f := base
		f.Table = tb
		if r := res(f); !fireCodes[r] {
			t.Errorf("%s: %q", tb, r)
		}
	}
	// More strength never reads a worse column; a better Target Class for
	// the firer (lower number) never a weaker row.
	rank := map[string]int{"0": 0, "M": 1, "1": 2, "2": 3, "3": 4}
	for s := 1; s < 24; s++ {
		a, b := base, base
		a.Strength, b.Strength = s, s+1
		if rank[res(a)] > rank[res(b)] {
			t.Errorf("strength %d reads %s, %d reads %s", s, res(a), s+1, res(b))
		}
	}
	// Disorder shifts left; off the table at Minimum/Medium reads the
	// leftmost column, at Maximum/Extended forbids the fire (7.21.1).
	small := Fire{Table: FireArtillery, Line: "minimum", FiringClass: 1, Strength: 1, Disordered: true, TargetClass: 1, Die: 9}
	leftmost := small
	leftmost.Disordered = false
	if res(small) != res(leftmost) {
		t.Errorf("Disordered 1-gun battery at Minimum Range: %s, want the leftmost column's %s", res(small), res(leftmost))
	}
	far := small
	far.Line, far.MaxRange = "maximum", true
	if r := res(far); r != "no fire" {
		t.Errorf("Disordered 1-gun battery at Maximum Range: %s, want no fire", r)
	}
	// A modified die beyond 9 (a Massed Target, R8) reads the last row.
	massed := base
	massed.Die = 11
	nine := base
	nine.Die = 9
	if res(massed) != res(nine) {
		t.Errorf("die 11: %s, die 9: %s", res(massed), res(nine))
	}
	for _, bad := range []Fire{
		{Table: "fire-cossack", Line: "line", FiringClass: 1, Strength: 1, TargetClass: 1},
		{Table: FireArtillery, Line: "line", FiringClass: 1, Strength: 1, TargetClass: 1},
		{Table: FireFrenchInfantry, Line: "line", FiringClass: 4, Strength: 1, TargetClass: 1},
		{Table: FireFrenchInfantry, Line: "line", FiringClass: 1, Strength: 1, TargetClass: 6},
	} {
		if _, _, err := p.FireResult(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

func TestFireTableRefused(t *testing.T) {
	good := string(ProvisionalPackData())
	for _, c := range []struct{ name, from, to, want string }{
		{"shift", `disorder-line: "2"`, `disorder-line: "5"`, "disorder-line"},
		{"strengths", `strengths-line-1: "1 2 3 4 5 6 7 8 9 10"`, `strengths-line-1: "1 2 3 3 5 6 7 8 9 10"`, "above the one before it"},
		{"short line", `strengths-line-1: "1 2 3 4 5 6 7 8 9 10"`, `strengths-line-1: "1 2 3"`, "has 3 strengths"},
		{"cell", `"5/0": ["0"`, `"5/0": ["4"`, `"4" is not 0, M, 1, 2 or 3`},
		{"lines", `lines: "minimum medium maximum extended"`, `lines: "minimum maximum"`, `value "lines"`},
		{"row", `"3/4":`, `"3/x":`, `missing row "3/4"`},
	} {
		data := strings.Replace(good, c.from, c.to, 1)
		if data == good {
			t.Fatalf("%s: %q not in the pack", c.name, c.from)
		}
		_, err := LoadPack("card.yaml", []byte(data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", c.name, err, c.want)
		}
	}
}

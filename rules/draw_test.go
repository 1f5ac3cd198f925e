package rules

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestCupForcedDice draws a Battle Hymn Turn Cup with forced dice: each
// pick is a die of as many sides as markers are left, and a result r takes
// the r-th marker left in sorted order (see BH 4.3).
func TestCupForcedDice(t *testing.T) {
	cup, err := NewCup([]string{"Rodes", "USA Combat", "Early", "Wadsworth", "Robinson"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Early", "Robinson", "Rodes", "USA Combat", "Wadsworth"}; !reflect.DeepEqual(cup.Markers, want) {
		t.Fatalf("NewCup order %v, want %v", cup.Markers, want)
	}
	d := &ForcedDice{Results: []int{3, 4, 1, 2, 1}}
	got, err := cup.DrawAll(d, "BH 4.3", "Turn Cup, Hour 1")
	if err != nil {
		t.Fatal(err)
	}
	// d5=3: Rodes; left Early Robinson USA-Combat Wadsworth. d4=4: Wadsworth;
	// d3=1: Early; d2=2: USA Combat; d1=1: Robinson.
	if want := []string{"Rodes", "Wadsworth", "Early", "USA Combat", "Robinson"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("draw order %v, want %v", got, want)
	}
	rolls := d.Rolls()
	for i, r := range rolls {
		if r.Sides != 5-i || r.Rule != "BH 4.3" {
			t.Errorf("roll %d is a d%d (%s), want a d%d (BH 4.3)", i, r.Sides, r.Rule, 5-i)
		}
	}
	if want := "Turn Cup, Hour 1: pick 2 of 1..4 = Early, Robinson, USA Combat, Wadsworth"; rolls[1].Purpose != want {
		t.Errorf("purpose of pick 2 %q, want %q", rolls[1].Purpose, want)
	}
	if len(cup.Markers) != 5 {
		t.Errorf("DrawAll changed the cup it was called on: %v", cup.Markers)
	}
}

func TestCupDrawReturnsTheRest(t *testing.T) {
	cup, _ := NewCup([]string{"A", "B", "C"})
	m, rest, err := cup.Draw(&ForcedDice{Results: []int{2}}, "BH 4.3", "pick")
	if err != nil || m != "B" || !reflect.DeepEqual(rest.Markers, []string{"A", "C"}) || rest.Picks != 1 {
		t.Fatalf("Draw = %q, %+v, %v; want B, [A C] after 1 pick", m, rest, err)
	}
	if !reflect.DeepEqual(cup.Markers, []string{"A", "B", "C"}) {
		t.Fatalf("Draw changed the cup it was called on: %v", cup.Markers)
	}
}

func TestCupSecretPurpose(t *testing.T) {
	cup, _ := NewCup([]string{"Hidden A", "Hidden B"})
	cup.Secret = true
	d := &ForcedDice{Results: []int{1}}
	if _, _, err := cup.Draw(d, "BH 17.2", "Turn Cup"); err != nil {
		t.Fatal(err)
	}
	p := d.Rolls()[0].Purpose
	if p != "Turn Cup: pick 1, 2 markers left" || strings.Contains(p, "Hidden") {
		t.Fatalf("a secret cup's pick is logged as %q", p)
	}
}

func TestCupErrors(t *testing.T) {
	for name, ms := range map[string][]string{
		"twice":   {"Early", "Rodes", "Early"},
		"empty":   {"Early", ""},
		"comma":   {"Early, Rodes"},
		"newline": {"Early\nRodes"},
	} {
		if _, err := NewCup(ms); err == nil {
			t.Errorf("%s: NewCup(%q) accepted", name, ms)
		}
	}
	if _, err := NewCup(make([]string, maxCupMarkers+1)); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("an oversized cup: %v", err)
	}
	var empty Cup
	if _, _, err := empty.Draw(&ForcedDice{}, "BH 4.3", "Turn Cup"); err == nil || !strings.Contains(err.Error(), "no marker left") {
		t.Errorf("drawing from an empty cup: %v", err)
	}
}

// TestCupSeededDeterminism: the same seed draws the same order, and the
// order is read from the logged rolls alone.
func TestCupSeededDeterminism(t *testing.T) {
	var ms []string
	for i := 0; i < 14; i++ {
		ms = append(ms, fmt.Sprintf("Formation %02d", i))
	}
	cup, err := NewCup(ms)
	if err != nil {
		t.Fatal(err)
	}
	a := NewSeededDice([]byte("hour 3"))
	first, err := cup.DrawAll(a, "BH 4.3", "Turn Cup")
	if err != nil {
		t.Fatal(err)
	}
	second, _ := cup.DrawAll(NewSeededDice([]byte("hour 3")), "BH 4.3", "Turn Cup")
	if !reflect.DeepEqual(first, second) {
		t.Fatalf("same seed, different orders:\n%v\n%v", first, second)
	}
	other, _ := cup.DrawAll(NewSeededDice([]byte("hour 4")), "BH 4.3", "Turn Cup")
	if reflect.DeepEqual(first, other) {
		t.Fatalf("two seeds drew the same order of 14 markers: %v", first)
	}
	// Replaying the logged results as forced dice gives the same order.
	var results []int
	for _, r := range a.Rolls() {
		results = append(results, r.Result)
	}
	replay, _ := cup.DrawAll(&ForcedDice{Results: results}, "BH 4.3", "Turn Cup")
	if !reflect.DeepEqual(first, replay) {
		t.Fatalf("the roll log does not replay the draw:\n%v\n%v", first, replay)
	}
}

// TestCupEveryMarkerOnce is the property: however the dice fall, emptying
// a cup draws every marker exactly once, with one roll per pick whose die
// has as many sides as markers were left.
func TestCupEveryMarkerOnce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		ms := rapid.SliceOfDistinct(rapid.StringMatching(`[A-Za-z][A-Za-z ]{0,8}`), rapid.ID[string]).Draw(t, "markers")
		cup, err := NewCup(ms)
		if err != nil {
			t.Fatal(err)
		}
		seed := rapid.SliceOfN(rapid.Byte(), 1, 16).Draw(t, "seed")
		d := NewSeededDice(seed)
		got, err := cup.DrawAll(d, "BH 4.3", "Turn Cup")
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, m := range got {
			seen[m]++
		}
		if len(got) != len(ms) || len(seen) != len(ms) {
			t.Fatalf("drew %v from %v", got, ms)
		}
		for _, m := range ms {
			if seen[m] != 1 {
				t.Fatalf("marker %q drawn %d times", m, seen[m])
			}
		}
		rolls := d.Rolls()
		if len(rolls) != len(ms) {
			t.Fatalf("%d rolls for %d markers", len(rolls), len(ms))
		}
		for i, r := range rolls {
			if r.Sides != len(ms)-i {
				t.Fatalf("pick %d rolled a d%d with %d markers left", i+1, r.Sides, len(ms)-i)
			}
		}
	})
}

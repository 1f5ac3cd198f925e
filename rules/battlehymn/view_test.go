package battlehymn

import (
	"slices"
	"strings"
	"testing"

	"galloper/rules/battlehymn/bhtext"
)

// TestStyle checks that the style loads and names every terrain, hexside
// feature and unit kind the views draw.
func TestStyle(t *testing.T) {
	st := New().Style()
	terrains, sides, kinds := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, x := range st.Terrains {
		terrains[x.Terrain] = true
	}
	for _, x := range st.Hexsides {
		sides[x.Kind] = true
	}
	for _, x := range st.Kinds {
		kinds[x.Kind] = true
	}
	for _, c := range mapKinds.Terrain {
		if !terrains[c] {
			t.Errorf("terrain %s has no style", c)
		}
	}
	for k, slot := range mapKinds.Hexsides {
		if slot != "road" && !sides[k] {
			t.Errorf("hexside %s has no style", k)
		}
	}
	for _, k := range UnitTypes {
		if !kinds[string(k)] {
			t.Errorf("unit kind %s has no style", k)
		}
	}
	st0, err := New().NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := New().View(st0, "USA"); v.Style != st || v.Map == nil || len(v.Map.Hexsides) == 0 {
		t.Fatalf("the view carries no style or no hexsides")
	}
}

// TestOrderHints checks the hints of the sample scenario's first Hour:
// the USA's Formations in play and its six units, no COMBAT order (the
// CSA holds the Initiative), and Pegram's targets in range and sight.
func TestOrderHints(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	u := sys.OrderHints(st, "USA")
	if len(u.Commands) != 2 || len(u.Stacks) != 6 {
		t.Fatalf("USA hints: %d Formations, %d units; want 2 and 6", len(u.Commands), len(u.Stacks))
	}
	for _, o := range u.Orders {
		if o == "COMBAT" {
			t.Fatalf("USA may not write COMBAT in Hour 1: %v", u.Orders)
		}
	}
	c := sys.OrderHints(st, "CSA")
	found := false
	for _, sh := range c.Stacks {
		if sh.Units[0] == "Pegram" {
			found = true
			for _, tg := range sh.Targets {
				if tg.Distance > 4 {
					t.Errorf("Pegram's target %s is %d hexes off", tg.Unit, tg.Distance)
				}
			}
			if len(sh.Targets) == 0 {
				t.Errorf("Pegram has no target")
			}
		}
	}
	if !found {
		t.Fatal("no hint for Pegram")
	}
}

// TestWithOptionalRules checks that a game chooses switchable rulings
// as a game config's options:, "key=value" (or a ruling id such as
// "A1:may"), before play only, and refuses a name or value it lacks.
func TestWithOptionalRules(t *testing.T) {
	sys := New()
	st, _ := sys.NewGame("willoughby-run", nil)
	next, err := sys.WithOptionalRules(st, []string{"horse-holders=one-or-two", "A1:may", "artillery-range-on-fire=true"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"horse-artillery-rbc=may", "artillery-range-on-fire=true", "horse-holders=one-or-two"}
	if got := sys.OptionalRulesInPlay(next); !slices.Equal(got, want) {
		t.Fatalf("in play: %v, want %v", got, want)
	}
	if o := next.(*State).opts(); !o.HorseArtilleryMayRBC || !o.HorseHoldersOneOrTwo || !o.ArtilleryRangeOnFire || o.ShatterLossTwice {
		t.Fatalf("options %+v", o)
	}
	off, err := sys.WithOptionalRules(next, []string{"artillery-range-on-fire=false", "shatter-loss:twice", "conga-line=per-hex"})
	if err != nil {
		t.Fatal(err)
	}
	if o := off.(*State).opts(); o.ArtilleryRangeOnFire || !o.ShatterLossTwice || !o.CongaPerHex || !o.HorseArtilleryMayRBC {
		t.Fatalf("options %+v", o)
	}
	for _, bad := range []string{"A2:maybe", "horse-holders=two", "horse-holders", "retreat=far"} {
		if _, err := sys.WithOptionalRules(st, []string{bad}); err == nil {
			t.Errorf("%q was taken", bad)
		}
	}
	later := st.(*State).clone()
	later.Hour++
	if _, err := sys.WithOptionalRules(later, []string{"horse-artillery-rbc=may"}); err == nil {
		t.Fatal("rulings were switched after play started")
	}
	n := 0
	for _, name := range OptionNames() {
		n += len(optionSetters[name])
	}
	if got := len(sys.OptionalRules()); got != n {
		t.Fatalf("%d optional rules for %d option values", got, n)
	}
	for _, o := range sys.OptionalRules() {
		if _, err := sys.WithOptionalRules(st, []string{o.ID}); err != nil {
			t.Errorf("listed %s refused: %v", o.ID, err)
		}
	}
}

// TestReceiptNotes checks the receipt's dry run of each script against
// the map at the start of the Hour.
func TestReceiptNotes(t *testing.T) {
	sys := New()
	st, _ := sys.NewGame("willoughby-run", nil)
	f, ps := bhtext.Parse("GAME g\nSIDE CSA\nTURN 1\nMOVE Davis: 0805 0705 0605\nMOVE Jenkins: 0908 0808 0708 0608\n")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	notes := sys.ReceiptNotes(st, f)
	if len(notes) != 2 || !strings.HasSuffix(notes[0], "(3 of 6 MPs)") || !strings.Contains(notes[1], "it would not fit: it must stop in 0708") {
		t.Fatalf("notes: %q", notes)
	}
}

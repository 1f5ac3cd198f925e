package templates

import (
	"fmt"
	"strings"
	"testing"

	"galloper/rules"
)

// rosterView is a side's view with a roster and victory conditions, as
// any system may fill them.
func rosterView(final bool) rules.View {
	v := rules.View{Game: "g1", System: "sys", Side: "Blue", Turn: "Turn 2",
		Roster: []rules.RosterGroup{
			{Side: "Blue", Command: "1st Division", Leader: "Ames at 0101", HQ: "0101", Units: []rules.RosterUnit{
				{Name: "1st Foot", Kind: "infantry", Position: "0102", Strength: "5 SP of 6", Grade: "morale B", Formation: "line", Facing: "NE", State: "Disordered", Markers: []string{"low ammo"}},
				{Name: "2nd Foot", Kind: "infantry", Position: "-", State: "eliminated"}}},
			{Side: "Red", Enemy: true, Units: []rules.RosterUnit{{Name: "Red Horse", Kind: "cavalry", Position: "0405", Strength: "?", Formation: "mounted", Facing: "SW"}}}},
		Victory: &rules.Victory{Conditions: []string{"Hold the bridge."},
			Locations: []rules.VictoryLocation{{Name: "Bridge", Hex: "0303", Points: 3, Holder: "Blue", Known: true}, {Name: "Mill", Hex: "0909", Points: 1}},
			Tally:     []rules.Score{{Side: "Blue", Points: 3}, {Side: "Red", Points: 0}}, Partial: !final, Final: final}}
	if final {
		v.Victory.Locations[1] = rules.VictoryLocation{Name: "Mill", Hex: "0909", Points: 1, Holder: "Red", Known: true}
		v.Victory.Tally[1].Points = 1
		v.Victory.Winner, v.Victory.Result = "Blue", "Blue wins with 3 points"
	}
	return v
}

// TestRosterInMails: the start, results and STATUS mails and the final
// mail print every unit of the roster with its position, strength,
// formation, facing, state and markers, the enemy in sight, and the
// victory conditions with the tally; the final mail names the winner.
func TestRosterInMails(t *testing.T) {
	v := rosterView(false)
	start, err := Start(StartData{Game: "g1", Side: "Blue", View: v})
	if err != nil {
		t.Fatal(err)
	}
	report, err := Report(ReportData{View: v, Resolved: "Turn 1"})
	if err != nil {
		t.Fatal(err)
	}
	status, err := Status(StatusData{Command: "STATUS", View: v})
	if err != nil {
		t.Fatal(err)
	}
	fv := rosterView(true)
	final, err := Final(FinalData{View: fv, Resolved: "Turn 8", DiceFile: "dice-g1-all.txt", Segments: 16})
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"start": start, "report": report, "status": status, "final": final} {
		for _, want := range []string{"1st Division (Ames at 0101; HQ 0101)",
			"1st Foot", "0102", "5 SP of 6", "morale B", "line", "facing NE", "Disordered", "low ammo",
			"2nd Foot", "eliminated", "Enemy units in sight (Red): 1", "Red Horse", "0405", "facing SW",
			"Hold the bridge.", "Bridge (3): Blue"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s mail lacks %q:\n%s", name, want, text)
			}
		}
	}
	if !strings.Contains(report, "Mill (1): unknown (out of sight)") || !strings.Contains(report, "Tally now: Blue 3, Red 0 (counting only the locations you can see).") {
		t.Errorf("report does not give the partial tally:\n%s", report)
	}
	for _, want := range []string{"Game g1 (sys) is over: Blue wins with 3 points.", "Final tally: Blue 3, Red 1.", "RESULT: Blue wins with 3 points.", "dice-g1-all.txt", "16 segments"} {
		if !strings.Contains(final, want) {
			t.Errorf("final mail lacks %q:\n%s", want, final)
		}
	}
	if strings.Contains(report, "RESULT") {
		t.Errorf("a running game's report names a result:\n%s", report)
	}
}

// TestRosterAbsent: a system that fills no roster and no victory gets no
// empty sections.
func TestRosterAbsent(t *testing.T) {
	text, err := Report(ReportData{View: rules.View{Game: "g", System: "s", Side: "A"}, Resolved: "Turn 1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, no := range []string{"Your units", "== Victory =="} {
		if strings.Contains(text, no) {
			t.Errorf("report without a roster or victory prints %q:\n%s", no, text)
		}
	}
}

// TestCropHoldsEnemyInSight: the mail's map window holds every unit of
// the view, the enemy in sight too, however far from the side's own,
// and CropNote names the window.
func TestCropHoldsEnemyInSight(t *testing.T) {
	v := loadView(t, "view-features")
	v.Side = "CSA"
	var own, enemy []rules.UnitView
	for _, u := range v.Map.Units {
		if u.Side == v.Side {
			own = append(own, u)
		} else {
			enemy = append(enemy, u)
		}
	}
	if len(own) == 0 || len(enemy) == 0 {
		t.Fatalf("view-features has %d CSA and %d other units; the test needs both", len(own), len(enemy))
	}
	// Keep one friendly unit in the top-left corner and put an enemy one
	// in the far corner: a window around the friendly units alone would
	// drop it.
	v.Map.Units = []rules.UnitView{own[0], enemy[0]}
	v.Map.Units[0].Hex = v.Map.Hexes[0].ID
	last := v.Map.Hexes[len(v.Map.Hexes)-1]
	v.Map.Units[1].Hex = last.ID
	v.Map.Arrows = nil
	o := MapOptions{Window: 1}
	l, err := newLayout(v, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range v.Map.Units {
		if !l.inWindow(l.byID[u.Hex]) {
			t.Errorf("%s %s at %s lies outside the window", u.Side, u.Name, u.Hex)
		}
	}
	note := CropNote(v, o)
	if l.windowed() && !strings.Contains(note, fmt.Sprintf("columns %d-%d, rows %d-%d", l.win.c0, l.win.c1, l.win.r0, l.win.r1)) {
		t.Errorf("CropNote = %q, want the window's columns and rows", note)
	}
}

// TestMapVictoryAndFogHatch: the map marks each victory location in view
// with a star and its points, lists it in the key, and hatches the fog
// (hatching reads in greyscale, a shade alone does not).
func TestMapVictoryAndFogHatch(t *testing.T) {
	v := loadView(t, "view-features")
	hidden := 0
	for _, h := range v.Map.Hexes {
		if h.Hidden {
			hidden++
		}
	}
	if hidden == 0 {
		t.Fatal("view-features has no fog: the test shows nothing")
	}
	v.Victory = &rules.Victory{Conditions: []string{"Hold Hollins."},
		Locations: []rules.VictoryLocation{{Name: "Hollins", Hex: v.Map.Hexes[len(v.Map.Hexes)-1].ID, Points: 4, Holder: "CSA", Known: true}}}
	svg, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	for _, want := range []string{`class="victory" data-hex="` + v.Victory.Locations[0].Hex + `"`, ">4 VP CSA<", "victory location: points, holder when known", `class="fog-hatch"`} {
		if !strings.Contains(s, want) {
			t.Errorf("map SVG lacks %q", want)
		}
	}
}

// TestCounterStrengthAndStacks: a counter shows the strength the view
// gives it, a stack shows how many counters it holds, and the key lists
// each stack's counters.
func TestCounterStrengthAndStacks(t *testing.T) {
	v := loadView(t, "view-features")
	var a, b int = -1, -1
	for i, u := range v.Map.Units {
		if u.Kind == "infantry" || u.Kind == "cavalry" {
			if a < 0 {
				a = i
			} else if b < 0 && v.Map.Units[i].Side == v.Map.Units[a].Side {
				b = i
			}
		}
	}
	if a < 0 || b < 0 {
		t.Fatal("view-features lacks two combat units of one side")
	}
	v.Map.Units[a].Strength = "7"
	v.Map.Units[b].Hex = v.Map.Units[a].Hex
	svg, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	for _, want := range []string{">7</text>", "5 = strength (your own units)", "Stacks (numbered disc",
		v.Map.Units[a].Hex + ": " + v.Map.Units[a].Name + ", " + v.Map.Units[b].Name} {
		if !strings.Contains(s, want) && !strings.Contains(s, strings.ReplaceAll(want, "'", "&#39;")) {
			t.Errorf("map SVG lacks %q", want)
		}
	}
}

// TestReceiptNoReplacementsOnceResolving: a receipt that says the segment
// is being resolved now does not invite replacement orders; one that
// waits for others does.
func TestReceiptNoReplacementsOnceResolving(t *testing.T) {
	for _, waiting := range []string{"", "USA"} {
		text, err := Receipt(ReceiptData{Game: "g", Side: "CSA", Segment: "Turn 1", Waiting: waiting})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(text, "You may send replacement orders"); got != (waiting != "") {
			t.Errorf("waiting %q: invites replacements %v:\n%s", waiting, got, text)
		}
	}
}

package lob

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"

	"go.yaml.in/yaml/v3"
	"pgregory.net/rapid"
)

// fieldCaseTables reads the command and field case tables into one chart
// pack document: the first file's pack with the others' tables added.
func fieldCaseTables() (map[string]any, error) {
	var doc map[string]any
	for i, file := range []string{"testdata/c2-charts.yaml", "testdata/field-pack.yaml", "testdata/field-tables.yaml"} {
		raw, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var d map[string]any
		if err := yaml.Unmarshal(raw, &d); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if i == 0 {
			doc = d
			continue
		}
		for k, v := range d["tables"].(map[string]any) {
			doc["tables"].(map[string]any)[k] = v
		}
	}
	return doc, nil
}

// fieldState builds the field case map's starting position on the field
// case tables.
func fieldState(t *rapid.T) *State {
	st := stateOn(t, testdataScenario(t, "field.yaml"), fieldTablesPack(t, nil))
	freeOfAreas(st) // a field-rule scenario: moves are taken as ordered (LoB 10.8a)
	return st
}

// TestActivityScriptsResolve draws random positions (one unit a hex) and
// activity scripts for the Confederates on the field map and checks that
// every script the validator accepts resolves without error, with each
// unit active at most once (LoB 2.2), every counter on the map and no SP
// total below zero.
func TestActivityScriptsResolve(t *testing.T) {
	resolved := 0
	rapid.Check(t, func(t *rapid.T) {
		st := fieldState(t)
		m := &st.scn.Map
		hexes := make([]string, len(m.Hexes))
		for i, h := range m.Hexes {
			hexes[i] = h.ID
		}
		spots := rapid.Permutation(hexes).Draw(t, "hexes")
		forms := map[string][]string{ArmInfantry: {"line", "column"}, ArmCavalry: {"mounted", "line"}, ArmArtillery: {"limbered", "unlimbered"}}
		var script strings.Builder
		for i := range st.doc.Pieces {
			p := &st.doc.Pieces[i]
			if p.Unit == nil {
				continue
			}
			st.setHex(p, spots[i])
			p.Unit.Formation = rapid.SampledFrom(forms[p.Kind]).Draw(t, p.Name+" formation")
			p.Unit.Facing = rapid.IntRange(0, 5).Draw(t, p.Name+" facing")
			if p.Side != "CSA" {
				continue
			}
			fmt.Fprintf(&script, "STACK %s\n", p.Name)
			at := p.Hex
			for range rapid.IntRange(0, 4).Draw(t, p.Name+" steps") {
				switch rapid.IntRange(0, 3).Draw(t, "verb") {
				case 0:
					n := m.adjacentHexes(at)
					at = rapid.SampledFrom(n).Draw(t, "next")
					fmt.Fprintf(&script, "  MOVE %s\n", at)
				case 1:
					fmt.Fprintf(&script, "  FACE %s\n", rapid.SampledFrom(hexsideFacings).Draw(t, "face"))
				case 2:
					fmt.Fprintf(&script, "  FORMATION %s\n", strings.ToUpper(rapid.SampledFrom(forms[p.Kind]).Draw(t, "form")))
				case 3:
					fmt.Fprintf(&script, "  FIRE %s\n", rapid.SampledFrom(hexes).Draw(t, "target"))
				}
			}
			script.WriteString("END\n")
		}
		st.index = map[string]int{}
		for i, p := range st.doc.Pieces {
			st.index[p.Name] = i
		}
		f, ps := lobtext.Parse("GAME field\nSIDE CSA\nTURN 1\n" + script.String())
		if len(ps) > 0 || len(st.validate(st.side(), f)) > 0 {
			t.Skip("the drawn scripts are not legal orders")
		}
		res, err := resolveWithDefaults(st, f, script.String())
		if err != nil {
			t.Fatalf("resolve: %v\n%s", err, script.String())
		}
		resolved++
		next := res.Next.(*State)
		for _, p := range next.doc.Pieces {
			if _, ok := m.Hex(p.Hex); !ok {
				t.Fatalf("%s ends off the map in %q", p.Name, p.Hex)
			}
			if p.Unit != nil && p.Unit.SP < 0 {
				t.Fatalf("%s has %d SPs", p.Name, p.Unit.SP)
			}
		}
		active := map[string]int{}
		for _, e := range res.Events {
			if e.Kind == "activity" {
				active[strings.SplitN(e.Text, " in ", 2)[0]]++
			}
		}
		for names, n := range active {
			if n > 1 {
				t.Fatalf("%s had %d activities", names, n)
			}
		}
	})
	if resolved == 0 {
		t.Fatal("no drawn script was legal, so nothing was resolved")
	}
	t.Logf("%d drawn scripts resolved", resolved)
}

// resolveWithDefaults resolves a player turn, answering every decision
// request the retreat rules make with its default, as the adjudicator does
// when a deadline passes (each answer re-runs the turn from its start).
func resolveWithDefaults(st *State, f *orders.File, seed string) (rules.Result, error) {
	var ds []rules.Decision
	for range 50 {
		res, err := New().Resolve(rules.Input{State: st, Orders: map[rules.Side]*orders.File{st.side(): f},
			Dice: rules.NewSeededDice([]byte(seed)), Decisions: ds})
		if err != nil || !res.Paused() {
			return res, err
		}
		for _, p := range res.Pauses {
			ds = append(ds, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
		}
	}
	return rules.Result{}, fmt.Errorf("more than 50 decision requests")
}

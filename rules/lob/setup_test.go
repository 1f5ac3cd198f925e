package lob

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"

	"go.yaml.in/yaml/v3"
)

// fataler is what the set-up helpers below need of a testing.T, a
// testing.B or a rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

var _ fataler = testing.TB(nil)

// testdataScenario parses a scenario file of testdata, e.g. "field.yaml".
func testdataScenario(t fataler, file string) *Scenario {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return scenarioFrom(t, file, data)
}

// scenarioFrom parses a scenario from YAML.
func scenarioFrom(t fataler, name string, data []byte) *Scenario {
	t.Helper()
	scn, err := parseScenario(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return scn
}

// shippedPack is the provisional chart pack Galloper ships.
func shippedPack(t fataler) *rules.ChartPack {
	t.Helper()
	return packFrom(t, "charts/provisional.yaml", ChartPackData())
}

// fieldTablesPack is the field case tables (testdata/field-tables.yaml on
// the C2 case tables) as a chart pack; edit, if not nil, may change the
// tables first.
func fieldTablesPack(t fataler, edit func(tables map[string]any)) *rules.ChartPack {
	t.Helper()
	doc, err := fieldCaseTables()
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(doc["tables"].(map[string]any))
	}
	merged, err := yaml.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return packFrom(t, "field tables", merged)
}

// packFrom parses a chart pack from YAML.
func packFrom(t fataler, name string, data []byte) *rules.ChartPack {
	t.Helper()
	p, err := rules.ParseChartPack(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// stateOn is the starting position of a scenario played with a chart pack.
func stateOn(t fataler, scn *Scenario, pack *rules.ChartPack) *State {
	t.Helper()
	ch, err := compileCharts(pack, scn)
	if err != nil {
		t.Fatal(err)
	}
	return newState(scn, ch)
}

// validOrders parses an order file and checks it against a position: the
// file must parse and validate without a problem.
func validOrders(t fataler, st *State, text string) *orders.File {
	t.Helper()
	f, ps := lobtext.Parse(text)
	if len(ps) > 0 {
		t.Fatal("parse: ", ps)
	}
	if vs := st.validate(st.side(), f); len(vs) > 0 {
		t.Fatal("validate: ", vs)
	}
	return f
}

// brokenScenario parses a scenario file with its first from replaced by
// to, as a load-error test does; the replacement must change the file.
func brokenScenario(t *testing.T, good []byte, from, to string) error {
	t.Helper()
	bad := bytes.Replace(good, []byte(from), []byte(to), 1)
	if bytes.Equal(bad, good) {
		t.Fatalf("case did not change the file")
	}
	_, err := parseScenario("testdata/broken.yaml", bad)
	return err
}

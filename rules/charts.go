package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// ChartPack is a set of tables read from YAML. Tables that a rulebook does
// not print are shipped as provisional packs, marked so in the file; a game
// owner loads the real card's values with `chart_pack:`.
type ChartPack struct {
	Name        string                `yaml:"name"`
	System      string                `yaml:"system"`
	Provisional bool                  `yaml:"provisional"`
	Notes       string                `yaml:"notes"`
	Tables      map[string]ChartTable `yaml:"tables"`
	// Hash is the SHA-256 of the file the pack was read from.
	Hash string `yaml:"-"`
}

// ChartTable is one table: named rows and columns of string cells, with the
// derivation of provisional values kept beside them.
type ChartTable struct {
	Rule       string              `yaml:"rule"`
	Derivation string              `yaml:"derivation"`
	Columns    []string            `yaml:"columns"`
	Rows       map[string][]string `yaml:"rows"`
	Values     map[string]string   `yaml:"values"`
}

// ParseChartPack reads a chart pack. name is used in error messages.
func ParseChartPack(name string, data []byte) (*ChartPack, error) {
	var p ChartPack
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("chart pack %s: %w", name, err)
	}
	if p.System == "" {
		return nil, fmt.Errorf("chart pack %s: missing field 'system'", name)
	}
	if err := checkBounds(name, &p); err != nil { // charts_bounds.go
		return nil, err
	}
	keys := make([]string, 0, len(p.Tables))
	for k := range p.Tables {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t := p.Tables[k]
		for _, r := range sortedKeys(t.Rows) {
			if len(t.Columns) > 0 && len(t.Rows[r]) != len(t.Columns) {
				return nil, fmt.Errorf("chart pack %s: table %s row %q has %d cells, want %d (one per column)",
					name, k, r, len(t.Rows[r]), len(t.Columns))
			}
		}
	}
	sum := sha256.Sum256(data)
	p.Hash = hex.EncodeToString(sum[:])
	return &p, nil
}

// Table returns the named table or an error that names it.
func (p *ChartPack) Table(name string) (ChartTable, error) {
	t, ok := p.Tables[name]
	if !ok {
		return ChartTable{}, fmt.Errorf("chart pack %s: missing table %q", p.Name, name)
	}
	return t, nil
}

// Cell returns the cell at row and column or an error that names them.
func (t ChartTable) Cell(table, row, col string) (string, error) {
	cells, ok := t.Rows[row]
	if !ok {
		return "", fmt.Errorf("table %s: missing row %q", table, row)
	}
	for i, c := range t.Columns {
		if c == col {
			return cells[i], nil
		}
	}
	return "", fmt.Errorf("table %s: missing column %q", table, col)
}

// Value returns a named scalar of the table or an error that names it.
func (t ChartTable) Value(table, key string) (string, error) {
	v, ok := t.Values[key]
	if !ok {
		return "", fmt.Errorf("table %s: missing value %q", table, key)
	}
	return v, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

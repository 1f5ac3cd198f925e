package rules

import (
	"fmt"
	"sort"
	"strconv"
)

// The bounds of a chart pack: what a wargame chart can mean. Galloper's
// systems index arrays and run loops by the numbers in a pack (a column
// per Command Value, a row per die sum), so one absurd number could make a
// load allocate or loop without end; the pack is refused instead.
const (
	maxChartTables  = 500
	maxChartRows    = 1000  // rows of one table
	maxChartColumns = 100   // columns of one table
	maxChartCell    = 200   // bytes of one cell, key or column name
	maxChartNumber  = 10000 // any number in a key, column name, cell or value
)

// checkBounds refuses a pack with more tables, rows, columns or text than
// a chart has, or a number beyond maxChartNumber anywhere in its data.
func checkBounds(name string, p *ChartPack) error {
	if len(p.Tables) > maxChartTables {
		return fmt.Errorf("chart pack %s: %d tables; a pack has at most %d", name, len(p.Tables), maxChartTables)
	}
	for _, k := range sortedTableNames(p) {
		t := p.Tables[k]
		if len(t.Rows) > maxChartRows || len(t.Columns) > maxChartColumns {
			return fmt.Errorf("chart pack %s: table %s has %d rows and %d columns; a table has at most %d and %d",
				name, k, len(t.Rows), len(t.Columns), maxChartRows, maxChartColumns)
		}
		where := func(s string) string { return fmt.Sprintf("chart pack %s: table %s %s", name, k, s) }
		for _, c := range t.Columns {
			if err := boundedText(where("column "+strconv.Quote(c)), c); err != nil {
				return err
			}
		}
		for _, r := range sortedKeys(t.Rows) {
			if err := boundedText(where("row "+strconv.Quote(r)), r); err != nil {
				return err
			}
			for i, c := range t.Rows[r] {
				if err := boundedText(where(fmt.Sprintf("row %q cell %d", r, i+1)), c); err != nil {
					return err
				}
			}
		}
		for _, v := range sortedKeys(t.Values) {
			if err := boundedText(where("value "+strconv.Quote(v)), t.Values[v]); err != nil {
				return err
			}
		}
	}
	return nil
}

// boundedText checks one piece of table text: its length, and every run
// of digits in it as a number.
func boundedText(where, s string) error {
	if len(s) > maxChartCell {
		return fmt.Errorf("%s: %d bytes of text; a cell has at most %d", where, len(s), maxChartCell)
	}
	for i := 0; i < len(s); {
		if s[i] < '0' || s[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if n, err := strconv.Atoi(s[i:j]); err != nil || n > maxChartNumber {
			return fmt.Errorf("%s: %s is beyond any number a chart can mean (at most %d)", where, s[i:j], maxChartNumber)
		}
		i = j
	}
	return nil
}

func sortedTableNames(p *ChartPack) []string {
	keys := make([]string, 0, len(p.Tables))
	for k := range p.Tables {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

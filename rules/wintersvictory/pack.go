package wintersvictory

import (
	_ "embed"
	"fmt"
	"sort"
	"strconv"
	"sync"

	"galloper/rules"
)

// The chart pack holds the tables Winter's Victory uses that the Rules of
// Play booklet does not print (they are on player aid cards). The shipped
// pack is provisional; a game owner loads the real card in the same format
// with `chart_pack:`. See docs/charts-wintersvictory.md.

//go:embed charts/provisional.yaml
var provisionalPack []byte

// SystemID is the id chart packs of this system carry.
const SystemID = "wintersvictory"

// ProvisionalPackData returns the bytes of the shipped provisional pack.
func ProvisionalPackData() []byte { return append([]byte(nil), provisionalPack...) }

// Pack is a chart pack checked for the tables this package reads.
type Pack struct {
	// Provisional reports that the pack is not the publisher's card; every
	// report made with it must say so.
	Provisional bool
	Name        string
	Hash        string
	odt         []Delivery // by modified roll, from odtLow
	odtLow      int
	shockOdds   []odds
	shock       map[string]map[int][2]string // by "odds/die", differential
	terrain     map[string]map[string]TerrainCost
	fire        map[string]fireTable
}

// LoadPack parses and checks a chart pack: the shipped provisional one or
// an owner's card. Errors name the pack, the table and the entry.
func LoadPack(name string, data []byte) (*Pack, error) {
	p, err := rules.ParseChartPack(name, data)
	if err != nil {
		return nil, err
	}
	return compilePack(name, p)
}

// CompilePack checks a parsed chart pack for the tables this package
// reads, as LoadPack does.
func CompilePack(p *rules.ChartPack) (*Pack, error) { return compilePack(p.Name, p) }

func compilePack(name string, p *rules.ChartPack) (*Pack, error) {
	var err error
	if p.System != SystemID {
		return nil, fmt.Errorf("chart pack %s: system is %q, want %s", name, p.System, SystemID)
	}
	out := &Pack{Provisional: p.Provisional, Name: p.Name, Hash: p.Hash}
	if out.odt, out.odtLow, err = compileODT(name, p); err != nil {
		return nil, err
	}
	codes := map[string]bool{}
	for _, c := range shockResultKeys {
		codes[c] = true
	}
	if out.shockOdds, out.shock, err = compileShock(name, p, codes); err != nil {
		return nil, err
	}
	if out.terrain, err = compileTerrain(name, p); err != nil {
		return nil, err
	}
	if out.fire, err = compileFire(name, p); err != nil {
		return nil, err
	}
	return out, nil
}

// ProvisionalPack returns the shipped provisional pack, read once; its
// tables are never written after loading, so copies share them.
func ProvisionalPack() *Pack {
	p := *provisional()
	return &p
}

var provisional = sync.OnceValue(func() *Pack {
	p, err := LoadPack("provisional.yaml", provisionalPack)
	if err != nil {
		panic(err) // the embedded file is checked by TestProvisionalPackLoads
	}
	return p
})

// compileODT reads the Order Delivery Table (17.34): one row per modified
// roll, consecutive, each Received, Delay 1 Turn or Ignored, and covering
// at least the unmodified die 0-9 (2.6).
func compileODT(name string, p *rules.ChartPack) ([]Delivery, int, error) {
	const table = "order-delivery"
	t, err := p.Table(table)
	if err != nil {
		return nil, 0, err
	}
	if len(t.Columns) != 1 || t.Columns[0] != "result" {
		return nil, 0, fmt.Errorf("chart pack %s: table %s: columns are %q, want [result]", name, table, t.Columns)
	}
	rolls := make([]int, 0, len(t.Rows))
	for k := range t.Rows {
		n, err := strconv.Atoi(k)
		if err != nil {
			return nil, 0, fmt.Errorf("chart pack %s: table %s: row %q is not a modified die roll", name, table, k)
		}
		rolls = append(rolls, n)
	}
	sort.Ints(rolls)
	if len(rolls) == 0 || rolls[0] > 0 || rolls[len(rolls)-1] < 9 {
		return nil, 0, fmt.Errorf("chart pack %s: table %s: rows must cover at least the die rolls 0 to 9 (rule 2.6)", name, table)
	}
	out := make([]Delivery, 0, len(rolls))
	for i, n := range rolls {
		if i > 0 && n != rolls[i-1]+1 {
			return nil, 0, fmt.Errorf("chart pack %s: table %s: row %d is missing (rows must be consecutive)", name, table, rolls[i-1]+1)
		}
		cell := t.Rows[strconv.Itoa(n)][0]
		d, ok := deliveryCells[cell]
		if !ok {
			return nil, 0, fmt.Errorf("chart pack %s: table %s row %d: %q is not received, delay1 or ignored (rule 17.34)", name, table, n, cell)
		}
		out = append(out, d)
	}
	return out, rolls[0], nil
}

var deliveryCells = map[string]Delivery{"received": Received, "delay1": Delay1, "ignored": Ignored}

// OrderDeliveryTable reads the Order Delivery Table for a modified roll
// (die plus modifiers). Rolls beyond the printed rows read the end rows.
// See WV 17.34.
func (p *Pack) OrderDeliveryTable(modified int) Delivery {
	i := min(max(modified-p.odtLow, 0), len(p.odt)-1)
	return p.odt[i]
}

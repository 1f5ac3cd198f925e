package battlehymn

import (
	"fmt"
	"sort"
	"strconv"

	"galloper/rules"
)

// The arithmetic of a Combat Round (see BH 6.1.7 and 6.2):
//
//  1. Every firing unit splits its intact SPs as evenly as possible among
//     the hexes of enemy units exerting a ZOC into its hex, odd SPs as the
//     owner says or At Random (see BH 6.1.7, 6.3.1). In Approach Fire the
//     shares aimed at unmarked units are masked and do not fire (see BH
//     6.1.4).
//  2. Each share's Final To Hit Chance is assembled in the order of BH
//     6.2.2: hex terrain, hexside terrain, surrounding ZOCs, unit types,
//     special terrain, artillery range, the firer's Morale Rating, and -3
//     against an Approach Fire marker.
//  3. One d10 per SP: a Hit on a roll at or below the chance; a natural 1
//     always hits and a 10 always misses (see BH 6.2.3).

// Split divides sps as evenly as possible among n target hexes (see BH
// 6.3.1): each gets sps/n (rounded down, see BH 3.3) and the sps%n odd SPs
// go one each to the targets listed in odd (indices 0..n-1), the owner's
// choice or At Random.
func Split(sps, n int, odd []int) ([]int, error) {
	if sps < 0 || n < 1 {
		return nil, fmt.Errorf("split %d SPs among %d hexes: want SPs >= 0 and at least one hex", sps, n)
	}
	if len(odd) != sps%n {
		return nil, fmt.Errorf("split %d SPs among %d hexes: %d odd SPs to place, %d targets given (see BH 6.3.1)", sps, n, sps%n, len(odd))
	}
	out := make([]int, n)
	for i := range out {
		out[i] = sps / n
	}
	seen := map[int]bool{}
	for _, i := range odd {
		if i < 0 || i >= n || seen[i] {
			return nil, fmt.Errorf("split %d SPs among %d hexes: odd SP target %d is out of range or given twice", sps, n, i+1)
		}
		seen[i] = true
		out[i]++
	}
	return out, nil
}

// SplitAtRandom splits sps among the target hexes, settling the odd SPs
// At Random (see BH 3.1, 6.3.1): they go to targets drawn blind from a cup
// of the targets, one roll per odd SP. It returns SPs by target.
func SplitAtRandom(d rules.Dice, sps int, targets []string, purpose string) (map[string]int, error) {
	if len(targets) == 0 {
		return nil, fmt.Errorf("split %d SPs: no target hex (see BH 6.3.1)", sps)
	}
	cup, err := rules.NewCup(targets)
	if err != nil {
		return nil, err
	}
	var odd []int
	index := map[string]int{}
	for i, t := range targets {
		index[t] = i
	}
	for k := 0; k < sps%len(targets); k++ {
		var m string
		if m, cup, err = cup.Draw(d, "BH 3.1, 6.3.1", purpose+": odd SP"); err != nil {
			return nil, err
		}
		odd = append(odd, index[m])
	}
	shares, err := Split(sps, len(targets), odd)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for i, t := range targets {
		out[t] = shares[i]
	}
	return out, nil
}

// ApproachFire splits a firer's sps among every enemy unit exerting a ZOC
// into its hex (zoc, one per hex) with odd SPs to the targets in odd, and
// keeps the shares aimed at units marked for Approach Fire: the others are
// masked (see BH 6.1.4). It returns the firing SPs by target and the
// number masked.
func ApproachFire(sps int, zoc []string, marked map[string]bool, odd []string) (map[string]int, int, error) {
	index := map[string]int{}
	for i, z := range zoc {
		if _, dup := index[z]; dup {
			return nil, 0, fmt.Errorf("approach fire: %q exerts ZOC twice", z)
		}
		index[z] = i
	}
	var oi []int
	for _, o := range odd {
		i, ok := index[o]
		if !ok {
			return nil, 0, fmt.Errorf("approach fire: odd SP target %q exerts no ZOC into the firer's hex", o)
		}
		oi = append(oi, i)
	}
	shares, err := Split(sps, len(zoc), oi)
	if err != nil {
		return nil, 0, err
	}
	fire, masked := map[string]int{}, 0
	for i, z := range zoc {
		if marked[z] {
			fire[z] = shares[i]
		} else {
			masked += shares[i]
		}
	}
	return fire, masked, nil
}

// Hits counts the Hits of rolls (one d10 per SP) against chance (see BH
// 6.2.3): a roll at or below the chance hits, a natural 1 always does and
// a natural 10 never does.
func (c *Charts) Hits(rolls []int, chance int) int {
	n := 0
	for _, r := range rolls {
		if r == c.alwaysHit || (r != c.alwaysMiss && r <= chance) {
			n++
		}
	}
	return n
}

// Fire rolls one d10 per firing SP and returns the Hits and the rolls
// (see BH 6.2.2, 6.2.3).
func (c *Charts) Fire(d rules.Dice, sps, chance int, purpose string) (int, []int) {
	rolls := make([]int, sps)
	for i := range rolls {
		rolls[i] = d.Roll(c.die, "BH 6.2.3", fmt.Sprintf("%s: SP %d of %d, To Hit %d", purpose, i+1, sps, chance))
	}
	return c.Hits(rolls, chance), rolls
}

// FireAt resolves one unit's fire in a Combat Round or Approach Fire: for
// each target hex, in sorted order, one d10 per SP of its share at that
// target's To Hit Chance (see BH 6.2.2, 6.2.3). Shares are fixed before
// any die is rolled (see BH 6.3.2). It returns the Hits by target.
func (c *Charts) FireAt(d rules.Dice, shares, chances map[string]int, purpose string) (map[string]int, error) {
	targets := make([]string, 0, len(shares))
	for t := range shares {
		if _, ok := chances[t]; !ok {
			return nil, fmt.Errorf("fire: %s: no To Hit Chance for target %q", purpose, t)
		}
		if shares[t] < 0 {
			return nil, fmt.Errorf("fire: %s: %d SPs at %q", purpose, shares[t], t)
		}
		targets = append(targets, t)
	}
	sort.Strings(targets)
	hits := map[string]int{}
	for _, t := range targets {
		hits[t], _ = c.Fire(d, shares[t], chances[t], purpose+" at "+t)
	}
	return hits, nil
}

// Shot is one fire's situation, the inputs of the To Hit Chance.
type Shot struct {
	Firer, Target UnitType // dismounted cavalry as Infantry (see BH 11.3)
	FirerMR       int
	TargetHex     string   // hex terrain of the target's hex
	FirerHex      string   // hex terrain of the firer's hex ("" to skip)
	Hexsides      []string // features of the hexside crossed, adjacent fire only
	Uphill        bool     // firing from the low side up across Hexsides
	HighToLow     bool     // firing from high to low elevation (see BH 6.5.3)
	// FirerSurrounded and TargetSurrounded: completely surrounded by
	// enemy ZOCs (see BH 6.4.1).
	FirerSurrounded, TargetSurrounded bool
	// Range in hexes (see BH 3.5) for artillery fire; 0 when not artillery.
	Range int
	// Bombard is artillery fire at a non-adjacent or ZOC-screened target
	// in the Bombardment step (see BH 9).
	Bombard      bool
	ApproachFire bool // the target carries an Approach Fire marker
}

// Term is one line of a To Hit Chance's breakdown, for reports.
type Term struct {
	What  string
	Rule  string
	Value int
}

// ToHit assembles the Final To Hit Chance in the order of BH 6.2.2 and
// returns it with its terms. The chance is not clamped: a natural 1 and a
// natural 10 settle the ends (see BH 6.2.3).
func (c *Charts) ToHit(s Shot, o Options) (int, []Term, error) {
	hex, ok := c.hexes[s.TargetHex]
	if !ok {
		return 0, nil, fmt.Errorf("to hit: target hex terrain %q is not on the chart (%v)", s.TargetHex, c.hexNames)
	}
	if !validType(s.Firer) || !validType(s.Target) {
		return 0, nil, fmt.Errorf("to hit: unit types %q at %q: want %s", s.Firer, s.Target, typeList())
	}
	if s.FirerMR < -3 || s.FirerMR > 3 {
		return 0, nil, fmt.Errorf("to hit: Morale Rating %+d is not -3 to +3 (see BH 10)", s.FirerMR)
	}
	terms := []Term{{"hex terrain: " + s.TargetHex, "BH 6.5.1", hex.ToHit}}
	add := func(what, rule string, v int) {
		if v != 0 {
			terms = append(terms, Term{what, rule, v})
		}
	}
	for _, name := range s.Hexsides { // step 2
		side, ok := c.sides[name]
		if !ok {
			return 0, nil, fmt.Errorf("to hit: hexside %q is not on the chart (%v)", name, c.hexsideName)
		}
		if side.Water && s.Firer.isArtillery() {
			continue // See BH 6.5.4.
		}
		add("hexside: "+name, "BH 6.5.2", side.ToHit)
		if s.Uphill {
			add("firing up across "+name, "BH 6.5.3", side.UphillToHit)
		}
	}
	if s.FirerSurrounded { // step 3
		add("firer surrounded", "BH 6.4.1", c.firerSurr)
	}
	if s.TargetSurrounded {
		add("target surrounded", "BH 6.4.1", c.targetSurr)
	}
	add(fmt.Sprintf("%s at %s", s.Firer, s.Target), "BH 11", c.typeMod[s.Firer][s.Target]) // step 4
	if s.HighToLow {                                                                       // step 5
		add("high to low", "BH 6.5.3", c.highToLow)
	}
	if s.FirerHex != "" {
		out, ok := c.hexes[s.FirerHex]
		if !ok {
			return 0, nil, fmt.Errorf("to hit: firer's hex terrain %q is not on the chart (%v)", s.FirerHex, c.hexNames)
		}
		add("firing out of "+s.FirerHex, "BH 6.5.1", out.FireOut)
	}
	if s.Firer.isArtillery() && s.Range > 0 && (s.Bombard || o.ArtilleryRangeOnFire) { // step 6
		m, ok := c.rangeMod[s.Range]
		if !ok {
			return 0, nil, fmt.Errorf("to hit: artillery range %d hexes is beyond the chart's %d (see BH 9.2, 9.3)", s.Range, c.maxRange)
		}
		add("artillery range "+strconv.Itoa(s.Range), "BH 9.2", m)
	}
	add("Morale Rating", "BH 6.2.2", s.FirerMR) // step 7
	if s.ApproachFire {
		add("Approach Fire", "BH 6.1.4", c.approach)
	}
	total := 0
	for _, t := range terms {
		total += t.Value
	}
	return total, terms, nil
}

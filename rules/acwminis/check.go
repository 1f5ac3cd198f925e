package acwminis

import (
	"fmt"
	"regexp"
	"slices"
)

// sheetLines is the length of the sheet's text: every row cites a line
// within it.
const sheetLines = 464

var (
	states     = []string{"steady", "worn", "shaken"}
	unitTypes  = []string{"Infantry", "Cavalry", "Skirmishers", "Artillery"}
	orderNames = []string{"HOLD", "ADVANCE", "RUN", "CHARGE", "RALLY", "DISORDERED"}
	sizeNames  = []string{"small", "standard", "large"}
	terrainMov = regexp.MustCompile(`^(normal|no-run|no|normal x[0-9]+(\.[0-9]+)?)$`)
)

// checker gathers problems, each naming its table and entry.
type checker struct{ errs []error }

func (c *checker) add(table, entry, format string, args ...any) {
	c.errs = append(c.errs, &TableError{Table: table, Entry: entry, Err: fmt.Errorf(format, args...)})
}

func (c *checker) line(table, entry string, l int) {
	if l < 1 || l > sheetLines {
		c.add(table, entry, "line %d is not a line of the sheet (1-%d)", l, sheetLines)
	}
}

// check validates the tables against each other and against what the
// sheet allows, returning every problem.
func (s *Sheet) check() []error {
	c := &checker{}
	c.commanders(s.Commanders)
	c.orders(s.Orders)
	formations := c.movement(s.Movement)
	c.shooting(s.Shooting, formations)
	c.modifiers("shooting-modifiers", s.ShootingModifiers, true)
	c.modifiers("melee-modifiers", s.MeleeModifiers, false)
	c.saves(s.Saves)
	c.morale(s.Morale)
	c.terrain(s.Terrain)
	c.sizes(s.Sizes)
	c.victory(s.Victory)
	c.armies(s.Armies, c.specials(s.Specials))
	return c.errs
}

func (c *checker) commanders(rows []CommanderBonus) {
	if len(rows) == 0 {
		c.add("commander", "", "no rows")
	}
	for _, r := range rows {
		c.line("commander", r.Rank, r.Line)
		if r.Rank == "" || r.MoraleRerolls < 1 || r.OrderRerolls < 1 || r.Range < 1 {
			c.add("commander", r.Rank, "needs a rank, rerolls of 1 or more and a range in inches")
		}
	}
}

func (c *checker) orders(rows []Order) {
	var seen []string
	for _, o := range rows {
		e := o.Order
		c.line("orders", e, o.Line)
		if !slices.Contains(orderNames, o.Order) {
			c.add("orders", e, "unknown order (want one of %v)", orderNames)
		}
		if slices.Contains(seen, o.Order) {
			c.add("orders", e, "listed twice")
		}
		seen = append(seen, o.Order)
		for st, dice := range o.Tests {
			if !slices.Contains(states, st) {
				c.add("orders", e, "test for unknown state %q (want one of %v)", st, states)
			}
			if dice < 1 || dice > 6 {
				c.add("orders", e, "test for %s rolls %dD6 (want 1 to 6)", st, dice)
			}
		}
		switch {
		case o.Order == "CHARGE":
			c.chargeResults(o.Results)
		case len(o.Tests) > 0 && o.Successes < 1:
			c.add("orders", e, "has a test but no number of successes")
		}
		if o.Order != "CHARGE" && len(o.Options) == 0 {
			c.add("orders", e, "has no options")
		}
	}
	for _, n := range orderNames {
		if !slices.Contains(seen, n) {
			c.add("orders", n, "missing")
		}
	}
}

func (c *checker) chargeResults(rs []ChargeResult) {
	next := 0
	for i, r := range rs {
		if r.Min != next {
			c.add("orders", "CHARGE "+r.Result, "band starts at %d successes, want %d", r.Min, next)
		}
		last := i == len(rs)-1
		switch {
		case last && r.Max != nil:
			c.add("orders", "CHARGE "+r.Result, "the last band must be open (\"3+\")")
		case !last && r.Max == nil:
			c.add("orders", "CHARGE "+r.Result, "only the last band may be open")
		case !last && *r.Max < r.Min:
			c.add("orders", "CHARGE "+r.Result, "band ends at %d, before it starts at %d", *r.Max, r.Min)
		case !last:
			next = *r.Max + 1
		}
	}
	if len(rs) == 0 {
		c.add("orders", "CHARGE", "has no result bands")
	}
}

// movement checks MOVEMENT and returns the formations of each unit type.
func (c *checker) movement(rows []MoveRate) map[string][]string {
	f := map[string][]string{}
	for _, r := range rows {
		e := r.Type + "/" + r.Formation
		c.line("movement", e, r.Line)
		if !slices.Contains(unitTypes, r.Type) && r.Type != "Commander" {
			c.add("movement", e, "unknown unit type %q", r.Type)
		}
		if slices.Contains(f[r.Type], r.Formation) {
			c.add("movement", e, "listed twice")
		}
		f[r.Type] = append(f[r.Type], r.Formation)
		if r.Advance < 1 {
			c.add("movement", e, "advance %d\" (want 1\" or more)", r.Advance)
		}
		if r.Run != 0 && r.Run < r.Advance {
			c.add("movement", e, "run %d\" is slower than advance %d\"", r.Run, r.Advance)
		}
	}
	if len(rows) == 0 {
		c.add("movement", "", "no rows")
	}
	return f
}

func (c *checker) shooting(rows []FireRow, formations map[string][]string) {
	for _, r := range rows {
		e := r.Type + "/" + r.Formation
		c.line("shooting", e, r.Line)
		mt := r.Type
		if mt == "Siege Artillery" {
			mt = "Artillery"
		}
		if !slices.Contains(formations[mt], r.Formation) {
			c.add("shooting", e, "no such formation in the movement table")
		}
		if r.Melee < 0 {
			c.add("shooting", e, "melee %dD6", r.Melee)
		}
		at := 0
		for i, b := range r.Bands {
			be := e + " " + b.Name
			if b.From != at {
				c.add("shooting", be, "band starts at %d\", want %d\" (bands must follow on)", b.From, at)
			}
			if b.Dice < 0 {
				c.add("shooting", be, "%dD6", b.Dice)
			}
			switch {
			case b.To == nil && i != len(r.Bands)-1:
				c.add("shooting", be, "only the last band may be open-ended")
			case b.To != nil && *b.To <= b.From:
				c.add("shooting", be, "band ends at %d\", not after its start %d\"", *b.To, b.From)
			case b.To != nil:
				at = *b.To
			}
		}
		if len(r.Bands) == 0 {
			c.add("shooting", e, "no range bands")
		}
	}
	if len(rows) == 0 {
		c.add("shooting", "", "no rows")
	}
}

func (c *checker) modifiers(table string, m Modifiers, withWho bool) {
	if m.Minimum < 1 {
		c.add(table, "minimum", "minimum %dD6 (want 1 or more)", m.Minimum)
	}
	c.line(table, "minimum", m.LineMinimum)
	var keys []string
	for _, r := range m.Rows {
		c.line(table, r.Key, r.Line)
		if r.Key == "" || slices.Contains(keys, r.Key) {
			c.add(table, r.Key, "a modifier needs a key of its own")
		}
		keys = append(keys, r.Key)
		if r.Half == (r.Dice != 0) {
			c.add(table, r.Key, "must either halve or add dice, not both or neither")
		}
		if withWho && r.Who != "shooter" && r.Who != "target" {
			c.add(table, r.Key, "who is %q (want shooter or target)", r.Who)
		}
		if !withWho && r.Who != "" {
			c.add(table, r.Key, "melee modifiers apply to the unit itself, not %q", r.Who)
		}
	}
	if len(m.Rows) == 0 {
		c.add(table, "", "no rows")
	}
}

func (c *checker) saves(rows []SaveRow) {
	for _, r := range rows {
		e := r.From
		if r.LabelLost {
			e = fmt.Sprintf("(unlabelled, line %d)", r.Line)
		} else if r.From == "" {
			c.add("saves", e, "a row needs a label unless it is marked label_lost")
		}
		c.line("saves", e, r.Line)
		if r.Basic < 2 || r.Basic > 6 {
			c.add("saves", e, "basic save %d+ (want 2 to 6)", r.Basic)
		}
		for _, v := range []int{r.Cover, r.Fortified} {
			if v != 0 && (v < 2 || v > 6) {
				c.add("saves", e, "save %d+ (want 2 to 6, or 0 for N/A)", v)
			}
		}
	}
	if len(rows) == 0 {
		c.add("saves", "", "no rows")
	}
}

func (c *checker) morale(m MoraleTable) {
	if m.ExcessiveCasualties < 1 {
		c.add("morale", "excessive casualties", "threshold %d", m.ExcessiveCasualties)
	}
	c.line("morale", "excessive casualties", m.LineExcessiveCasualties)
	c.line("morale", "supported", m.Supported.Line)
	if m.Supported.Units < 1 || m.Supported.Within < 1 || m.Supported.Rerolls < 1 {
		c.add("morale", "supported", "needs units, a distance and rerolls")
	}
	var seen []string
	for _, r := range m.Rows {
		c.line("morale", r.State, r.Line)
		if !slices.Contains(states, r.State) || slices.Contains(seen, r.State) {
			c.add("morale", r.State, "unknown or repeated state (want each of %v once)", states)
		}
		seen = append(seen, r.State)
		if r.Dice < 1 || r.Shooting < 1 || r.Melee < 1 || r.IfFailed == "" || r.IfFailedDisordered == "" {
			c.add("morale", r.State, "needs dice, successes for shooting and melee, and both failure results")
		}
	}
	if len(seen) != len(states) {
		c.add("morale", "", "has %d states, want %v", len(seen), states)
	}
}

func (c *checker) terrain(t TerrainTable) {
	if len(t.Classes) == 0 || len(t.Rows) == 0 {
		c.add("terrain", "", "needs classes and rows")
	}
	for _, r := range t.Rows {
		c.line("terrain", r.Category, r.Line)
		if len(r.Moves) != len(t.Classes) {
			c.add("terrain", r.Category, "%d entries for %d classes", len(r.Moves), len(t.Classes))
		}
		for i, m := range r.Moves {
			if !terrainMov.MatchString(m) {
				class := "?"
				if i < len(t.Classes) {
					class = t.Classes[i]
				}
				c.add("terrain", r.Category+"/"+class, "%q is not normal, no-run, no or normal x<factor>", m)
			}
		}
	}
}

func (c *checker) sizes(rows []SizeRow) {
	have := map[string][]string{}
	for _, r := range rows {
		e := r.Type + "/" + r.Size
		c.line("sizes", e, r.Line)
		if !slices.Contains(unitTypes, r.Type) || !slices.Contains(sizeNames, r.Size) {
			c.add("sizes", e, "unknown type or size")
		}
		if slices.Contains(have[r.Type], r.Size) {
			c.add("sizes", e, "listed twice")
		}
		have[r.Type] = append(have[r.Type], r.Size)
		if !(0 < r.Worn && r.Worn < r.Shaken && r.Shaken < r.Broken) {
			c.add("sizes", e, "%d/%d/%d is not worn < shaken < broken", r.Worn, r.Shaken, r.Broken)
		}
		if r.Bases < 1 || r.Figures == "" {
			c.add("sizes", e, "needs bases and figures")
		}
	}
	for _, t := range unitTypes {
		if len(have[t]) != len(sizeNames) {
			c.add("sizes", t, "has sizes %v, want %v", have[t], sizeNames)
		}
	}
}

func (c *checker) victory(v Victory) {
	c.line("victory", "margins", v.Line)
	if v.DrawUpTo < 0 || v.WinFrom != v.DrawUpTo+1 {
		c.add("victory", "margins", "draw up to %d and win from %d leave a gap or overlap", v.DrawUpTo, v.WinFrom)
	}
	for _, a := range v.Awards {
		c.line("victory", a.Key, a.Line)
		if a.Key == "" || a.VP < 1 {
			c.add("victory", a.Key, "an award needs a key and 1 VP or more")
		}
	}
	if len(v.Awards) == 0 {
		c.add("victory", "", "no awards")
	}
}

// specials checks the special rules and returns their names.
func (c *checker) specials(rows []SpecialRule) []string {
	var names []string
	for _, r := range rows {
		c.line("specials", r.Name, r.Lines[0])
		c.line("specials", r.Name, r.Lines[1])
		if r.Name == "" || slices.Contains(names, r.Name) || r.Text == "" {
			c.add("specials", r.Name, "needs a name of its own and its text")
		}
		names = append(names, r.Name)
	}
	return names
}

func (c *checker) armies(armies []Army, specials []string) {
	if len(armies) == 0 {
		c.add("armies", "", "no army lists")
	}
	for _, a := range armies {
		for _, u := range a.Units {
			e := a.Name + "/" + u.Description
			c.line("armies", e, u.Line)
			if !slices.Contains(unitTypes, u.Type) {
				c.add("armies", e, "unknown type %q", u.Type)
			}
			for _, sp := range append(slices.Clone(u.Special), u.Optional...) {
				if !slices.Contains(specials, sp) {
					c.add("armies", e, "special rule %q is not in the special rules table", sp)
				}
			}
		}
	}
}

package lob

// The bounds of a scenario's numbers: what a Line of Battle game can mean.
// A loader that took any positive number would let one value make a
// visibility pass visit 10^18 hexes or a map allocate a billion hexes, so
// every number is checked against these before anything is built from it.
const (
	maxTurnMinutes = 24 * 60 // a turn of a whole day
	maxTurns       = 2000    // a multi-day battle of 20-minute turns, and more
	maxVisibility  = 100     // hexes: beyond any map (LoB 4.3)
	maxMapSide     = 300     // hexes along one side of a map
	maxBreastworks = 1000    // Breastwork markers of a side (LoB 9.5a)
	maxWagonLoad   = 100     // Shell or Canister points of one wagon
	maxSP          = 200     // Strength Points of one counter
	maxRating      = 20      // a leader's Command or Morale rating
)

// bounded checks every number of f against what the game can mean and
// reports whether all are within bounds; the loader builds nothing from a
// scenario that is not.
func (v *loader) bounded(f *scenarioFile) bool {
	before := len(v.errs)
	check := func(field string, n, lo, hi int, meaning string) {
		if n < lo || n > hi {
			v.fail("field %s: %d is out of range: %s is %d to %d", field, n, meaning, lo, hi)
		}
	}
	check("turn_minutes", f.TurnMins, 1, maxTurnMinutes, "a turn's length in minutes")
	check("turns", f.Turns, 1, maxTurns, "the number of turns")
	check("visibility", f.Visibility, 1, maxVisibility, "visibility by day in hexes (LoB 4.3)")
	check("fluke_grace_turns", f.FlukeGrace, 0, max(f.Turns, 0), "a number of the scenario's turns")
	if f.MapFrom == "" {
		check("map.cols", f.Map.Cols, 1, maxMapSide, "a map's width in hexes")
		check("map.rows", f.Map.Rows, 1, maxMapSide, "a map's height in hexes")
	}
	for _, sd := range f.Sides {
		check("sides["+sd.Side+"].breastworks", sd.Breastworks, 0, maxBreastworks, "a side's Breastwork markers (LoB 9.5a)")
		for _, w := range sd.Wagons {
			check("wagon "+w.Name+" shell", w.Shell, 0, maxWagonLoad, "a wagon's Shell points")
			check("wagon "+w.Name+" canister", w.Can, 0, maxWagonLoad, "a wagon's Canister points")
		}
		for _, c := range append([]commandFile{sd.Army}, sd.Commands...) {
			v.boundedCommand(&c, check)
		}
	}
	for _, r := range f.Arrivals { // their turns are checked with the rest of them
		for _, u := range r.Units {
			check("reinforcement "+u.Name+" sp", u.SP, 0, maxSP, "a counter's Strength Points")
		}
	}
	return len(v.errs) == before
}

// boundedCommand checks the numbers of one Command's leaders and counters.
func (v *loader) boundedCommand(c *commandFile, check func(field string, n, lo, hi int, meaning string)) {
	leader := func(l *leaderFile) {
		if l == nil {
			return
		}
		if l.Command != nil {
			check("leader "+l.Name+" command", *l.Command, 0, maxRating, "a leader's Command rating")
		}
		if l.Morale != nil {
			check("leader "+l.Name+" morale", *l.Morale, -maxRating, maxRating, "a leader's Morale modifier")
		}
	}
	counter := func(u counterFile) { check("unit "+u.Name+" sp", u.SP, 0, maxSP, "a counter's Strength Points") }
	leader(&c.Leader)
	for _, u := range c.Units {
		counter(u)
	}
	for _, b := range c.Brigades {
		leader(b.Leader)
		counter(b.counterFile)
		for _, u := range b.Regiments {
			counter(u)
		}
	}
}

package gbacw

// Combat Effectiveness of brigades and divisions (GBACW 13.2-13.3).

// UnitState is a combat unit's state as Combat Effectiveness counts it.
type UnitState int

const (
	GoodOrder UnitState = iota
	Disordered
	Collapsed
	Routed
	Gone // eliminated
	NotYetEntered
)

// BrigadeIneffective reports whether a brigade is Combat Ineffective,
// given the states of its infantry and cavalry regiments (artillery does
// not count, 13.24): every regiment that has entered is Eliminated,
// Collapsed, Disordered or Routed; or more than half of them are
// Eliminated, Collapsed or Routed. See GBACW 13.21, 13.24.
func BrigadeIneffective(regiments []UnitState) bool {
	entered, shaken, lost := 0, 0, 0
	for _, s := range regiments {
		if s == NotYetEntered {
			continue
		}
		entered++
		if s != GoodOrder {
			shaken++
		}
		if s == Collapsed || s == Routed || s == Gone {
			lost++
		}
	}
	return entered > 0 && (shaken == entered || 2*lost > entered)
}

// DivisionIneffective reports a division's Combat Effectiveness at the
// end of Phase IV/C from the number of its infantry and cavalry brigades
// (artillery brigades do not count) and how many are CI: it becomes CI
// when more than half are, and stops being CI only when a majority are
// not. See GBACW 13.31, 13.33.
func DivisionIneffective(wasCI bool, brigades, ineffective int) bool {
	if wasCI {
		return 2*(brigades-ineffective) <= brigades
	}
	return 2*ineffective > brigades
}

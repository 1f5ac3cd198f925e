package wintersvictory

// Options are the switchable rulings of docs/rulings-wintersvictory.md, by
// the names a game config uses. The zero value is the default reading.
type Options struct {
	// HQReach (hq_reach: radius | same-hex): how near the HQ the Army
	// Commander must be to spend Command Points (ruling R1).
	HQReach HQReach
	// CorpsFreeOrderToBrigade (corps_free_order_to_brigade): a Corps
	// Commander without an Order Received may send his one order to a
	// Brigade Leader as well as to a Division Leader (ruling R3).
	CorpsFreeOrderToBrigade bool
}

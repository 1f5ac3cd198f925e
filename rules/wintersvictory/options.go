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
	// AOFatigueTwoForAll (ao_fatigue_two_for_all): every brigade adds 2
	// Fatigue Points when its Attack Order ends, as 15.22 says, rather
	// than 17.76 B's French 2 and Russian 1 (ruling R7).
	AOFatigueTwoForAll bool
	// ContinuationDoubleReplaces (continuation_double_radius: replace): a
	// Brigade Leader beyond twice a Division Leader's radius adds +2 in
	// place of the +1 for being outside it, not on top of it (ruling R12).
	ContinuationDoubleReplaces bool
	// LightCoverHexsideClass (light_cover_hexside_class: 3 | 4): the Target
	// Class of a unit fired on through a protecting Light Cover hexside;
	// 0 reads 3 (ruling R30).
	LightCoverHexsideClass int
}

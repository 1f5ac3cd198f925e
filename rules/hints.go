package rules

// OrderHints are the orders open to a side now, as far as its system can
// list them without knowing what the side cannot see: for bots, which
// choose from them rather than re-implement the rules. A hint is not a
// promise: the orders are still checked and resolved by the rules.
type OrderHints struct {
	// Orders are the kinds of order a side's file may hold, by the
	// keyword that starts each.
	Orders []string `json:"orders"`
	// Commands are the side's Commands (or units that take orders) and
	// the orders open to each.
	Commands []CommandHint `json:"commands,omitempty"`
	// Stacks are the side's stacks that may act, and what each may do.
	Stacks []StackHint `json:"stacks,omitempty"`
	// Units are the side's units that may take an order, one by one, on
	// an open table measured in inches, and what each may do.
	Units []UnitHint `json:"units,omitempty"`
	// Objectives are the board's named places an order may name.
	Objectives []PlaceHint `json:"objectives,omitempty"`
}

// UnitHint is one unit on an open table that may take an order now, and
// the orders open to it. Paths in inches cannot be listed, so moves are
// given by their bounds.
type UnitHint struct {
	Unit string `json:"unit"`
	// At is the centre of its front edge, in inches from the table's
	// bottom-left corner; Facing its compass bearing in degrees.
	At        Point   `json:"at"`
	Facing    float64 `json:"facing"`
	Formation string  `json:"formation"`
	// State is its state as the rules name it, e.g. "Steady", "Shaken".
	State string `json:"state"`
	// Orders are the orders it may be given, by the keyword that starts
	// each; each is accepted alone (a file's orders may still conflict).
	Orders []string `json:"orders"`
	// Steps are the words that may make up a move it is given.
	Steps []string `json:"steps,omitempty"`
	// Formations are the formations it may change to in place.
	Formations []string `json:"formations,omitempty"`
	// Moves bound how far each of its moving orders may take it.
	Moves []MoveBound `json:"moves,omitempty"`
	// Range is the longest reach of its weapons in its formation, in
	// inches; 0 when it cannot shoot.
	Range float64 `json:"range,omitempty"`
	// Targets are the enemy units it may shoot at now: in its arc of
	// fire, in sight and in range, nearest first.
	Targets []ReachHint `json:"targets,omitempty"`
	// Charges are the enemy units a charge of its may be declared at now,
	// nearest first.
	Charges []ReachHint `json:"charges,omitempty"`
	// Rally names the commander whose rally it would use; a commander
	// rallies one unit a turn.
	Rally string `json:"rally,omitempty"`
}

// MoveBound is the most a moving order may cover.
type MoveBound struct {
	Order  string  `json:"order"`
	Inches float64 `json:"inches"`
	// Road is the bound of a move that keeps to a road, when a road gives
	// the unit more.
	Road float64 `json:"road,omitempty"`
}

// ReachHint is an enemy unit and how far it is, edge to edge, in inches.
type ReachHint struct {
	Unit   string  `json:"unit"`
	Inches float64 `json:"inches"`
}

// CommandHint is one Command and the orders open to it.
type CommandHint struct {
	Name string `json:"name"`
	// At is where its HQ (or its leader) stands; empty when off the board.
	At string `json:"at,omitempty"`
	// Orders are the kinds of written order it may be given.
	Orders []string `json:"orders"`
	// To are the Commands an order it issues may go to.
	To []string `json:"to,omitempty"`
}

// StackHint is one stack of the side's units that may act.
type StackHint struct {
	At    string   `json:"at"`
	Units []string `json:"units"`
	// Steps are the words that may start a step of its activity.
	Steps []string `json:"steps"`
	// Range is the longest reach of its weapons, in hexes.
	Range int `json:"range,omitempty"`
	// Reach lists the hexes it may reach by moving this turn, by the
	// cheapest path within its movement allowance; other units and
	// zones of control may still stop it short.
	Reach []string `json:"reach,omitempty"`
	// Targets are the enemy units the side sees within Range. Line of
	// sight and the fire arc are checked when the fire is resolved.
	Targets []TargetHint `json:"targets,omitempty"`
	// Approaches are, for a system whose moves are written as paths hex
	// by hex, the move toward each of the board's objectives that comes
	// nearest it this turn, nearest objective first; an objective it
	// stands on or cannot come nearer is left out. Each path is one the
	// system's check of a file accepts now (other units, zones of control
	// and what the side cannot see may still stop it short).
	Approaches []ApproachHint `json:"approaches,omitempty"`
	// Charges are the enemy units a charge of its may be declared at now.
	Charges []TargetHint `json:"charges,omitempty"`
}

// TargetHint is an enemy unit the side sees, and how far it is.
type TargetHint struct {
	Unit     string `json:"unit"`
	At       string `json:"at"`
	Distance int    `json:"distance"`
}

// PlaceHint is a named place on the board.
type PlaceHint struct {
	Name string `json:"name"`
	At   string `json:"at"`
}

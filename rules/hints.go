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
	// Objectives are the board's named places an order may name.
	Objectives []PlaceHint `json:"objectives,omitempty"`
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
	// Range is the longest reach of its weapons, in hexes or inches.
	Range int `json:"range,omitempty"`
	// Targets are the enemy units the side sees within Range. Line of
	// sight and the fire arc are checked when the fire is resolved.
	Targets []TargetHint `json:"targets,omitempty"`
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

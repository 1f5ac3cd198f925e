// Package orders is Galloper's order-file language: the envelope (game,
// side, turn, authentication, salt) and the orders themselves, parsed into
// typed values that carry their source line and column, printed back in a
// canonical form. It knows syntax only; legality is the rules' business.
package orders

// Pos is a position in the order file as the player sent it (1-based).
type Pos struct {
	Line int
	Col  int
}

// File is one parsed order file.
type File struct {
	Game     string
	Side     string
	Turn     string // as written after TURN, e.g. "3" or "3 CSA"
	Password string
	Salt     string
	Orders   []Order
	// Pos of each envelope line, keyed by keyword ("GAME", "SIDE", ...).
	Header map[string]Pos
}

// Order is one order of any kind.
type Order interface {
	Position() Pos
	isOrder()
}

// Place is an objective or route point: a hex id or a named place/road.
type Place struct {
	At   Pos
	Hex  string // set when the text is a hex id, e.g. "A10.10"
	Name string // set otherwise, e.g. "Herr Ridge Road"
}

// Written is a written order (LoB 10.3): ATTACK or MOVE from one leader to
// one Command.
type Written struct {
	At        Pos
	Type      string // "ATTACK" or "MOVE"
	From      string // issuing leader, as written
	FromAt    Pos
	To        string // receiving Command (its leader or HQ name), as written
	ToAt      Pos
	Objective *Place
	Route     []Place
	// Condition is the raw condition text after WHEN, if any.
	Condition   string
	ConditionAt Pos
	// For holds per-subordinate instructions, in order.
	For    []Instruction
	Intent string // free text, kept verbatim
	// Command holds reserves, artillery, axis and defence lines (command.go).
	Command CommandParts
}

// Instruction is a FOR line: instructions for one subordinate formation.
type Instruction struct {
	At   Pos
	Unit string
	Text string
}

// Position implements Order.
func (w *Written) Position() Pos { return w.At }
func (*Written) isOrder()        {}

// Kind says whether a problem is a misunderstanding or a breach of the rules.
type Kind string

const (
	Invalid Kind = "invalid" // not understood
	Illegal Kind = "illegal" // understood, but against the rules
)

// Problem is one thing wrong with an order file.
type Problem struct {
	At         Pos
	Kind       Kind
	Code       string // stable, e.g. "unknown-keyword", "lob-10.6-not-stacked"
	Rule       string // rule reference for illegal orders, e.g. "LoB 10.6"
	Message    string // plain English
	Suggestion string // optional fix
}

// Package orders is what every Galloper order file shares, whatever the
// game system: the envelope (game, side, turn, authentication, salt), mail
// noise, the lexer, positions, problems with codes and suggestions, the
// STANDING block over a system's reaction table, and canonical printing.
// Each system supplies the rest of its order language as a Dialect: its
// order kinds and keywords, its place notation, its reaction table. The
// package knows syntax only; legality is the rules' business.
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

// Order is one order of any kind. The STANDING block is the one kind every
// dialect shares; each dialect defines its own kinds.
type Order interface {
	Position() Pos
}

// Name is a unit or leader name as written, with its position.
type Name struct {
	At   Pos
	Text string
}

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

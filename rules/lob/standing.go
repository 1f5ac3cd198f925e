package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
)

// Standing reactions. Line of Battle is IGOUGO: while one side's player
// turn is resolved, only that side's orders are in hand, yet the rules make
// the other side choose mid-turn (LoB 5.1b, 6.3, 6.3d, 9.4e, 9.4h). Each
// side's latest STANDING block is therefore kept in the state and answers
// those choices in every later turn until the side sends a new block. A
// reaction the block does not mention is not covered: resolution pauses
// with a decision request whose default is orders.ReactionDefault.

// SideStanding is one side's standing reactions, kept canonically: the
// reactions in the order of orders.ReactionKinds, unit names in full.
type SideStanding struct {
	Side      rules.Side         `json:"side"`
	Reactions []StandingReaction `json:"reactions"`
}

// StandingReaction is one reaction line: its kind and its choices, most
// preferred first; Units are the units of VOLLEY PREFER.
type StandingReaction struct {
	Kind    string   `json:"kind"`
	Choices []string `json:"choices"`
	Units   []string `json:"units,omitempty"`
}

// standingBlock is the file's STANDING block, or nil.
func standingBlock(f *orders.File) *orders.Standing {
	for _, o := range f.Orders {
		if st, ok := o.(*orders.Standing); ok {
			return st
		}
	}
	return nil
}

// keepStanding stores the side's new STANDING block, replacing the one
// kept before; a file without one leaves the old block in force.
func (r *resolver) keepStanding(f *orders.File) {
	b := standingBlock(f)
	if b == nil {
		return
	}
	ss := r.s.canonicalStanding(r.side, b)
	i := slices.IndexFunc(r.s.doc.Standing, func(x SideStanding) bool { return x.Side == r.side })
	if i >= 0 {
		r.s.doc.Standing[i] = ss
	} else {
		r.s.doc.Standing = append(r.s.doc.Standing, ss)
		slices.SortFunc(r.s.doc.Standing, func(a, b SideStanding) int { return strings.Compare(string(a.Side), string(b.Side)) })
	}
	r.add("standing-kept", "LoB 2.2", "%s standing reactions now in force: %s", r.side, ss.text())
}

// canonicalStanding turns a parsed STANDING block into its kept form.
func (s *State) canonicalStanding(side rules.Side, b *orders.Standing) SideStanding {
	ss := SideStanding{Side: side}
	for _, k := range orders.ReactionKinds {
		for _, rc := range b.Reactions {
			if rc.Kind != k {
				continue
			}
			sr := StandingReaction{Kind: k}
			for _, c := range rc.Choices {
				sr.Choices = append(sr.Choices, c.Text)
			}
			for _, n := range rc.Units {
				sr.Units = append(sr.Units, s.fullName(n.Text))
			}
			ss.Reactions = append(ss.Reactions, sr)
		}
	}
	return ss
}

// fullName is a counter's full name for a written name or abbreviation;
// the text itself when it names none.
func (s *State) fullName(written string) string {
	if m := match("unit", written, s.pieceNames()); m.ok {
		return s.doc.Pieces[m.target].Name
	}
	return written
}

// text prints the kept reactions on one line.
func (ss SideStanding) text() string {
	var parts []string
	for _, rc := range ss.Reactions {
		parts = append(parts, rc.text())
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}

func (rc StandingReaction) text() string {
	t := rc.Kind + " " + strings.Join(rc.Choices, ", ")
	if len(rc.Units) > 0 {
		t += " " + strings.Join(rc.Units, ", ")
	}
	return t
}

// standing is a side's standing choices for a reaction kind, most
// preferred first, and whether the side's kept block covers it.
func (s *State) standing(side rules.Side, kind string) ([]string, bool) {
	for _, ss := range s.doc.Standing {
		if ss.Side != side {
			continue
		}
		for _, rc := range ss.Reactions {
			if rc.Kind == kind {
				return rc.Choices, true
			}
		}
	}
	return nil, false
}

// standingLines are a side's report lines on its standing reactions: each
// reaction in force, or that a choice it does not cover will be asked
// for by decision request with its default.
func (s *State) standingLines(side rules.Side) []string {
	ls := []string{fmt.Sprintf("%s standing reactions (LoB 5.1b, 6.3, 6.3d, 9.4e, 9.4h):", side)}
	for _, k := range orders.ReactionKinds {
		if cs, ok := s.standing(side, k); ok {
			ls = append(ls, fmt.Sprintf("  %s %s", k, strings.Join(cs, ", ")))
			continue
		}
		ls = append(ls, fmt.Sprintf("  %s not set: you will be asked; default %s", k, orders.ReactionDefault[k]))
	}
	return ls
}

package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// Standing reactions. Line of Battle is IGOUGO: while one side's player
// turn is resolved, only that side's orders are in hand, yet the rules make
// the other side choose mid-turn (LoB 5.1b, 6.3, 6.3d, 6.3f, 6.3i, 4.0,
// 9.1a, 9.1b, 9.1d, 9.2, 9.4e, 9.4h). Each
// side's latest STANDING block is therefore kept in the state (the
// Activity Phase keeps it, keepStanding) and answers those choices in every
// later turn until the side sends a new block. For the retreat reactions a
// reaction the block does not mention is not covered: resolution pauses
// with a decision request whose default is lobtext.ReactionDefault. The
// other reactions (askedNever) simply take that default.

// keepStanding stores the active side's STANDING block in the state at
// the start of its Activity Phase, replacing the reactions it kept before
// (a file without one keeps them): each reaction with every option
// written, most preferred first, and the units of VOLLEY PREFER. It
// reports the block now in force.
func (r *resolver) keepStanding(f *orders.File) {
	b := standingBlock(f)
	if b == nil {
		return
	}
	keep := slices.DeleteFunc(r.s.doc.Standing, func(x StandingReaction) bool { return x.Side == r.side })
	for _, rc := range b.Reactions {
		if len(rc.Choices) == 0 {
			continue
		}
		x := StandingReaction{Side: r.side, Kind: rc.Kind, Choice: rc.Choices[0].Text}
		if len(rc.Choices) > 1 {
			for _, c := range rc.Choices {
				x.Choices = append(x.Choices, c.Text)
			}
		}
		for _, u := range rc.Units {
			if m := r.s.matchPiece(r.side, u.Text); m.ok {
				x.Units = append(x.Units, r.s.doc.Pieces[m.target].Name)
			}
		}
		keep = append(keep, x)
	}
	r.s.doc.Standing = keep
	r.add("standing-kept", "LoB 2.2", "%s standing reactions now in force: %s", r.side, r.s.standingText(r.side))
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

// standing is a side's standing choices for a reaction kind, most
// preferred first, and whether its kept block covers the kind.
func (s *State) standing(side rules.Side, kind string) ([]string, bool) {
	for _, x := range s.doc.Standing {
		if x.Side != side || x.Kind != kind {
			continue
		}
		if len(x.Choices) > 0 {
			return x.Choices, true
		}
		return []string{x.Choice}, true
	}
	return nil, false
}

// standingText prints a side's kept reactions on one line, in the order
// of lobtext.ReactionKinds.
func (s *State) standingText(side rules.Side) string {
	var parts []string
	for _, k := range lobtext.ReactionKinds {
		if cs, ok := s.standing(side, k); ok {
			parts = append(parts, k+" "+strings.Join(slices.Concat(cs, s.preferred(side, k)), ", "))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}

// preferred lists the units of a side's VOLLEY PREFER.
func (s *State) preferred(side rules.Side, kind string) []string {
	for _, x := range s.doc.Standing {
		if x.Side == side && x.Kind == kind {
			return x.Units
		}
	}
	return nil
}

// standingLines are a side's report lines on its standing reactions: each
// reaction in force, or that a choice it does not cover will be asked
// for by decision request with its default.
func (s *State) standingLines(side rules.Side) []string {
	ls := []string{fmt.Sprintf("%s standing reactions%s:", side, cite("LoB 4.0, 5.1b, 5.4, 6.3, 6.3d, 6.3f, 6.3i, 9.1, 9.2, 9.4e, 9.4h"))}
	for _, k := range lobtext.ReactionKinds {
		if cs, ok := s.standing(side, k); ok {
			ls = append(ls, fmt.Sprintf("  %s %s", k, strings.Join(slices.Concat(cs, s.preferred(side, k)), ", ")))
			continue
		}
		ls = append(ls, fmt.Sprintf("  %s not set: %s", k, unsetReaction(k)))
	}
	return ls
}

// askedNever are the reactions whose default applies when a side has not
// set them: Galloper can always follow it, and none of them is worth a
// pause (docs/rulings-lob-retreat.md R-RET-17).
var askedNever = []string{"VOLLEY", "LOSSES", "ARTILLERY", "FACING", "ENDPOINT", "LEADERS", "REPL", "HQ"}

// unsetReaction says what happens to a reaction a side has not set: the
// default applies for those in askedNever; the retreat reactions are
// asked for.
func unsetReaction(kind string) string {
	if slices.Contains(askedNever, kind) {
		return "default " + lobtext.ReactionDefault[kind]
	}
	return "you will be asked; default " + lobtext.ReactionDefault[kind]
}

// choiceOf is a side's first standing choice for a reaction kind, or the
// documented default (lobtext.ReactionDefault) when its kept block does not
// cover the kind: the reactions of askedNever never pause.
func (s *State) choiceOf(side rules.Side, kind string) string {
	return rules.StandingChoice(s.standing, lobtext.Reactions, side, kind)
}

// byChoice names a standing choice other than the default in an event:
// " (standing LEADERS HQ)"; "" for the default.
func byChoice(kind, choice string) string {
	if choice == lobtext.ReactionDefault[kind] {
		return ""
	}
	return fmt.Sprintf(" (standing %s %s)", kind, choice)
}

// pickHex is the hex with the smallest key (compared element by element),
// the first by hex id on ties; "" when there is none.
func pickHex(hexes []string, key func(h string) []int) string {
	best := ""
	var bk []int
	for _, h := range hexes {
		k := key(h)
		if c := slices.Compare(k, bk); best == "" || c < 0 || c == 0 && h < best {
			best, bk = h, k
		}
	}
	return best
}

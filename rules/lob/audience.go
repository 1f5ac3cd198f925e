package lob

import (
	"fmt"

	"galloper/rules"
)

// Who reads what of a resolution. Line of Battle keeps strengths secret
// (LoB 2.4) and Galloper's fog of war hides what a side cannot see
// (visibility.go, R-FOG-1), so an event about a side's counters is told
// in full to their owner, and to the other side only as far as its map
// shows them: of a stack in a hex it sees, the top combat unit, leaders
// and HQs, never a strength (ruling R-FOG-4).

// shownTo reports whether a side's map shows a counter now (as shown
// does): its own always; an enemy counter in a hex the side sees when it
// is not a combat unit or is the stack's top combat unit.
func (s *State) shownTo(side rules.Side, p *Piece) bool { return s.shownBy(side, nil, p) }

// shownBy is shownTo with the side's looker, built when nil and needed.
func (s *State) shownBy(side rules.Side, l *looker, p *Piece) bool {
	if side == "" || p.Side == side {
		return true
	}
	if !s.onMapNow(p) {
		return false
	}
	if l == nil {
		l = s.lookerFor(side)
	}
	return l.sees(p.Hex) && (!combatKinds[p.Kind] || s.topCombat(p.Hex) == p)
}

// topCombat is the top combat unit of a hex's stack, the first in
// stacking order (LoB 2.4; shown), or nil.
func (s *State) topCombat(h string) *Piece {
	for _, i := range s.inHex(h) {
		if p := &s.doc.Pieces[i]; combatKinds[p.Kind] && s.onMapNow(p) {
			return p
		}
	}
	return nil
}

// SecretOOB is the id of Galloper's per-game setting for secret orders
// of battle, switched on with the optional rules: a side is not told the
// names of the enemy's counters and Commands (ruling R-FOG-6).
const SecretOOB = "G-OOB"

// knownTo reports whether the names of a side's counters and Commands
// are offered to the reader's orders: always its own; the enemy's unless
// the orders of battle are secret (SecretOOB). The umpire knows all.
func (s *State) knownTo(reader, owner rules.Side) bool {
	return reader == "" || reader == owner || !s.optional(SecretOOB)
}

// tell adds an event about counters of the owner side: the owner reads
// text. The other side reads cut: the same event when cut is text, a cut
// copy when it differs (rules.Event.Copy), nothing when it is "".
func (r *resolver) tell(owner rules.Side, cut, kind, rule, text string) {
	r.tellEach(kind, rule, text, map[rules.Side]string{owner: text, r.s.enemyOf(owner): cut})
}

// tellEach adds an event whose full text is told to the sides whose cut
// is that text, and a cut copy to each side whose cut differs and is not
// "". The umpire reads the full text; when no side does, the event is
// the umpire's alone (Visible holds only the empty side).
func (r *resolver) tellEach(kind, rule, text string, cuts map[rules.Side]string) {
	r.tellEachTraced(kind, rule, text, cuts, nil, nil)
}

// tellTraced is tell for an event that leaves tr on the maps of the
// results (rules.Trace): the owner's read carries it, the other side's
// only when seen says that side sees every hex tr passes (a hidden unit's
// path is never drawn, not even in part: docs/rulings-lob.md R-FOG-8).
func (r *resolver) tellTraced(owner rules.Side, cut, kind, rule, text string, tr rules.Trace, seen bool) {
	r.tellEachTraced(kind, rule, text, map[rules.Side]string{owner: text, r.s.enemyOf(owner): cut},
		&tr, map[rules.Side]bool{owner: true, r.s.enemyOf(owner): seen})
}

// tellEachTraced is tellEach for an event that leaves tr on the maps of
// the sides seen lists (none when tr is nil). A side whose cut is the full
// text but who may not see tr reads it in a copy without the trace.
func (r *resolver) tellEachTraced(kind, rule, text string, cuts map[rules.Side]string, tr *rules.Trace, seen map[rules.Side]bool) {
	traced := func(e rules.Event, sd rules.Side) rules.Event {
		if tr != nil && (sd == "" || seen[sd]) {
			e = e.Traced(*tr)
		}
		return e
	}
	var whole, cut []rules.Side
	for _, sd := range r.s.scn.Sides {
		switch c := cuts[sd.Side]; {
		case c == text && (tr == nil || seen[sd.Side]):
			whole = append(whole, sd.Side)
		case c == "":
		default:
			cut = append(cut, sd.Side)
		}
	}
	if len(whole) == 0 {
		whole = []rules.Side{""}
	}
	r.log.Add(kind, rule, text, whole...)
	r.log.Events[len(r.log.Events)-1] = traced(r.log.Events[len(r.log.Events)-1], "")
	for _, sd := range cut {
		r.log.Events = append(r.log.Events, traced(rules.Event{Kind: kind, Rule: rule, Text: cuts[sd], Visible: []rules.Side{sd}, Copy: true}, sd))
	}
}

// seesAll reports whether side sees every hex of hexes.
func (s *State) seesAll(side rules.Side, hexes []string) bool {
	l := s.lookerFor(side)
	for _, h := range hexes {
		if !l.sees(h) {
			return false
		}
	}
	return true
}

// namesFor names the counters of ps that a side's map shows, or says
// "unseen units" when it shows none of them (LoB 2.4).
func (s *State) namesFor(side rules.Side, ps []*Piece) string {
	var shown []*Piece
	var l *looker // the umpire (the empty side) shows every counter, without looking
	if side != "" {
		l = s.lookerFor(side)
	}
	for _, p := range ps {
		if s.shownBy(side, l, p) {
			shown = append(shown, p)
		}
	}
	if len(shown) == 0 {
		return "unseen units"
	}
	return unitNames(shown)
}

// aboutSide tells the events that follow to the owner of the counters
// they are about (add), until the returned function restores the
// audience before.
func (r *resolver) aboutSide(owner rules.Side) func() {
	was := r.about
	r.about = ""
	if owner != r.side {
		r.about = owner
	}
	return func() { r.about = was }
}

// seenThere is what the other side of owner reads of an event at a hex:
// text when it sees the hex, else "".
func (r *resolver) seenThere(owner rules.Side, h, text string) string {
	if r.s.sees(r.s.enemyOf(owner), h) {
		return text
	}
	return ""
}

// lossLines are a loss's report lines (LoB 5.1b): the owner's, with the
// SPs left, and the other side's, naming the unit only when its map shows
// it and never its strength ("" when it does not show it). p is read after the loss,
// shown before it.
func lossLines(p *Piece, what string, shown bool) (full, cut string) {
	full = fmt.Sprintf("%s loses 1 SP to %s, %d left", p.Name, what, p.Unit.SP)
	cut = fmt.Sprintf("%s loses 1 SP to %s", p.Name, what)
	if p.Unit.Eliminated {
		full = fmt.Sprintf("%s loses its last SP to %s and is eliminated", p.Name, what)
		cut = full
	}
	if !shown {
		cut = ""
	}
	return full, cut
}

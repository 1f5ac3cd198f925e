package gbacw

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"galloper/rules"
)

// Efficiency (GBACW 5.2) and Efficiency Transfer (5.4): from the
// Efficiency Markers drawn for each corps to the number of AMs each
// division puts in the Pool.
//
//  1. Draw an EM (1-4) blind for each corps with units on the map or
//     entering, without replacement from the side's EM pool (5.21).
//  2. The OC adds +1 to as many in-range, on-map corps as his Initiative
//     Rating; a corps' Efficiency stays within 1..4 (5.22).
//  3. For each division, from its corps' Efficiency: the corps
//     commander's Efficiency Rating (5.23 #1), -1 if the division leader
//     is out of the corps commander's range (#2), the division leader's
//     Activation Rating (#3); Combat Ineffective at most 2 (#4, 13.32).
//  4. Clamp to 1..4 (5.24), at most 3 out of corps range (5.25).
//  5. One Efficiency Transfer: +1 to a division paid by -2 from another
//     or -1 from two others, only among divisions with a chain of
//     command to the OC, never to 0 or above 4 (5.41-5.44).

// Limits of Efficiency and of a division's AMs.
const (
	MinEfficiency  = 1 // See GBACW 5.22.
	MaxEfficiency  = 4 // See GBACW 5.22.
	MinAMs         = 1 // See GBACW 5.24.
	MaxAMs         = 4 // See GBACW 5.24, 5.28.
	MaxAMsOutRange = 3 // See GBACW 5.25.
	MaxAMsCI       = 2 // See GBACW 13.32.
)

// CorpsCommand is one corps as Efficiency sees it in Phase II/B.
type CorpsCommand struct {
	ID string
	// Rating is the corps commander's Efficiency Rating, -1 to +2 (4.12).
	Rating int
	// OnMap: the corps commander is on the map.
	OnMap bool
	// InOCRange: the on-map corps commander is within his OC's Command
	// Range, so he may get the OC's +1 (5.22) and his divisions may trace
	// a chain of command to the OC (5.42).
	InOCRange bool
	Divisions []DivisionCommand
}

// DivisionCommand is one division as Efficiency sees it in Phase II/B.
type DivisionCommand struct {
	ID string
	// ActivationRating is the division leader's Activation Rating (4.13).
	ActivationRating int
	// LeaderOnMap: the division leader is on the map.
	LeaderOnMap bool
	// InCorpsRange: the division leader is within his corps commander's
	// Command Range, both on the map (5.23 #2; 9.32 for a corps commander
	// who moved more than 10 MP).
	InCorpsRange bool
	// Entering: the division enters as reinforcements this turn; it is
	// In Command for Activation and its leaders' ratings apply (9.71).
	Entering bool
	// Ineffective: the division is Combat Ineffective (13.31-13.32).
	Ineffective bool
}

// inCommand reports whether the division is In Command of its corps
// commander for Efficiency (5.23 #1-#2, 9.71).
func (d DivisionCommand) inCommand(c CorpsCommand) bool {
	return d.Entering || (c.OnMap && d.LeaderOnMap && d.InCorpsRange)
}

// Allocation is a player's choices in Phase II/B.
type Allocation struct {
	// OCBonus lists the corps given the OC's +1 (5.22).
	OCBonus []string
	// CorpsBonus maps a corps to the divisions its commander raises by
	// one each: a +2 commander may name one division twice or two
	// divisions once; a +1 commander one division (5.23 #1a-#1b).
	CorpsBonus map[string][]string
	// Transfer is the turn's Efficiency Transfer, if any (5.4).
	Transfer *Transfer
}

// Transfer is an Efficiency Transfer: +1 to To, paid by -1 from each of
// From, which names one division twice (-2 from it) or two divisions
// once each. See GBACW 5.43.
type Transfer struct {
	To   string
	From [2]string
}

// Efficiency is the outcome of Phase II/B for one side.
type Efficiency struct {
	Corps map[string]int // each corps' Efficiency after the OC's bonus (5.22)
	// Before is each division's AMs before the Transfer (5.24-5.25).
	Before map[string]int
	// AMs is each division's AMs for the turn, after the Transfer.
	AMs map[string]int
}

// OC is the side's Overall Commander as Efficiency sees him.
type OC struct {
	// InitiativeRating is the number of corps he may raise by +1 (5.22).
	InitiativeRating int
	// MovedOver10: he used more than 10 MP in the last Commander Movement
	// Phase and may not use his Initiative Rating this turn (9.32).
	MovedOver10 bool
}

// ComputeEfficiency works out every division's AMs from the EMs drawn
// for each corps (ems) and the player's allocation. It checks the
// allocation against 5.22, 5.23 and 5.4 and reports every fault at once.
// See GBACW 5.2-5.4, 13.32 and ruling GBACW-R1.
func ComputeEfficiency(oc OC, corps []CorpsCommand, ems map[string]int, a Allocation) (Efficiency, error) {
	s := newSideCommand(corps)
	e := Efficiency{Corps: map[string]int{}, Before: map[string]int{}, AMs: map[string]int{}}
	ocPlus := s.ocBonus(oc, a.OCBonus)
	for _, c := range corps {
		if c.Rating < -1 || c.Rating > 2 {
			s.bad("corps %s: Efficiency Rating %+d is outside -1 to +2 (GBACW 4.12)", c.ID, c.Rating)
		}
		em, ok := ems[c.ID]
		if !ok {
			s.bad("corps %s has no Efficiency Marker (GBACW 5.21)", c.ID)
			continue
		}
		e.Corps[c.ID] = clamp(em+ocPlus[c.ID], MinEfficiency, MaxEfficiency) // 5.22
	}
	plus := s.corpsBonus(a.CorpsBonus)
	for _, c := range corps {
		if base, ok := e.Corps[c.ID]; ok {
			for _, d := range c.Divisions {
				e.Before[d.ID] = divisionAMs(base, c, d, plus[d.ID])
				e.AMs[d.ID] = e.Before[d.ID]
			}
		}
	}
	if a.Transfer != nil {
		s.errs = append(s.errs, transfer(e.AMs, *a.Transfer, s.division, s.corpsOf)...)
	}
	if len(s.errs) > 0 {
		return Efficiency{}, errors.Join(s.errs...)
	}
	return e, nil
}

// sideCommand indexes a side's corps and divisions and gathers the faults
// of an allocation.
type sideCommand struct {
	corps    map[string]CorpsCommand
	division map[string]DivisionCommand
	corpsOf  map[string]CorpsCommand
	errs     []error
}

func newSideCommand(corps []CorpsCommand) *sideCommand {
	s := &sideCommand{corps: map[string]CorpsCommand{}, division: map[string]DivisionCommand{}, corpsOf: map[string]CorpsCommand{}}
	for _, c := range corps {
		s.corps[c.ID] = c
		for _, d := range c.Divisions {
			s.division[d.ID] = d
			s.corpsOf[d.ID] = c
		}
	}
	return s
}

func (s *sideCommand) bad(format string, args ...any) {
	s.errs = append(s.errs, fmt.Errorf(format, args...))
}

// ocBonus checks the corps the OC raises and returns +1 for each.
// See GBACW 5.22, 9.32 and ruling GBACW-R9.
func (s *sideCommand) ocBonus(oc OC, named []string) map[string]int {
	if len(named) > 0 {
		switch {
		case oc.MovedOver10:
			s.bad("the OC moved more than 10 MP last turn and may not use his Initiative Rating this turn (GBACW 9.32)")
		case len(named) > oc.InitiativeRating:
			s.bad("the OC's Initiative Rating is %+d: he may raise at most %d corps, not %d (GBACW 5.22)", oc.InitiativeRating, max(oc.InitiativeRating, 0), len(named))
		}
	}
	plus := map[string]int{}
	for _, id := range named {
		c, ok := s.corps[id]
		switch {
		case !ok:
			s.bad("OC bonus: no corps %q on this side (GBACW 5.22)", id)
		case plus[id] > 0:
			s.bad("OC bonus: corps %s is named twice; the OC raises a corps by +1 at most (GBACW 5.22)", id)
		case !c.OnMap || !c.InOCRange:
			s.bad("OC bonus: corps %s's commander is not on the map within the OC's Command Range (GBACW 5.22)", id)
		default:
			plus[id] = 1
		}
	}
	return plus
}

// corpsBonus checks the divisions each corps commander raises and returns
// the increase of each. See GBACW 5.23 #1a-#1b and ruling GBACW-R9.
func (s *sideCommand) corpsBonus(bonus map[string][]string) map[string]int {
	plus := map[string]int{}
	for _, cid := range sortedKeys(bonus) {
		named := bonus[cid]
		c, ok := s.corps[cid]
		if !ok {
			s.bad("corps bonus: no corps %q on this side (GBACW 5.23)", cid)
			continue
		}
		if len(named) > max(c.Rating, 0) {
			s.bad("corps bonus: corps %s's commander has Efficiency Rating %+d and may give %d, not %d (GBACW 5.23 #1)", cid, c.Rating, max(c.Rating, 0), len(named))
			continue
		}
		for _, did := range named {
			d, ok := s.division[did]
			switch {
			case !ok || s.corpsOf[did].ID != cid:
				s.bad("corps bonus: %s is not a division of corps %s (GBACW 5.23)", did, cid)
			case !d.inCommand(c):
				s.bad("corps bonus: division %s's leader is not within corps %s's commander's Command Range (GBACW 5.23 #1)", did, cid)
			default:
				plus[did]++
			}
		}
	}
	return plus
}

// divisionAMs is a division's AMs before any Transfer, from its corps'
// Efficiency and the corps commander's bonus given to it.
// See GBACW 5.23-5.25, 9.71, 13.32 and ruling GBACW-R1.
func divisionAMs(efficiency int, c CorpsCommand, d DivisionCommand, bonus int) int {
	n := efficiency
	inCmd := d.inCommand(c)
	switch {
	case inCmd && c.Rating < 0:
		n += c.Rating // 5.23 #1c: -1 to every In Command division
	case inCmd:
		n += bonus // 5.23 #1a-#1b
	default:
		n-- // 5.23 #2
	}
	if d.LeaderOnMap || d.Entering {
		n += d.ActivationRating // 5.23 #3, 9.71
	}
	n = clamp(n, MinAMs, MaxAMs) // 5.24
	if !inCmd {
		n = min(n, MaxAMsOutRange) // 5.25
	}
	if d.Ineffective {
		n = min(n, MaxAMsCI) // 5.23 #4, 13.32
	}
	return n
}

// transfer applies an Efficiency Transfer to ams, or returns why it may
// not be made. See GBACW 5.41-5.44 and ruling GBACW-R1.
func transfer(ams map[string]int, t Transfer, division map[string]DivisionCommand, corpsOf map[string]CorpsCommand) []error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	// 5.42: a chain of command from the division to the OC.
	chained := func(role, id string) bool {
		d, ok := division[id]
		if !ok {
			bad("Efficiency Transfer: no division %q on this side (GBACW 5.4)", id)
			return false
		}
		c := corpsOf[id]
		if d.Entering || !d.inCommand(c) || !c.InOCRange {
			bad("Efficiency Transfer: division %s (%s) has no chain of command to the OC (GBACW 5.42)", id, role)
			return false
		}
		return true
	}
	okTo := chained("receiving", t.To)
	okFrom := chained("paying", t.From[0])
	if t.From[1] != t.From[0] {
		okFrom = chained("paying", t.From[1]) && okFrom
	}
	if slices.Contains(t.From[:], t.To) {
		bad("Efficiency Transfer: division %s cannot pay for its own extra AM (GBACW 5.43)", t.To)
		return errs
	}
	if !okTo || !okFrom {
		return errs
	}
	after := map[string]int{t.To: ams[t.To] + 1}
	for _, f := range t.From {
		if _, ok := after[f]; !ok {
			after[f] = ams[f]
		}
		after[f]--
	}
	for _, id := range sortedKeys(after) {
		n := after[id]
		switch {
		case n < MinAMs:
			bad("Efficiency Transfer: division %s would drop from %d to %d AMs; a Transfer may not reduce a division to 0 (GBACW 5.43)", id, ams[id], n)
		case n > MaxAMs:
			bad("Efficiency Transfer: division %s would rise from %d to %d AMs; a Transfer may not raise a division above 4 (GBACW 5.43)", id, ams[id], n)
		case id == t.To && division[id].Ineffective && n > MaxAMsCI:
			bad("Efficiency Transfer: division %s is Combat Ineffective and may not have more than %d AMs (GBACW 13.32)", id, MaxAMsCI)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	for id, n := range after {
		ams[id] = n
	}
	return nil
}

// DrawEMs draws an Efficiency Marker blind for each corps, in the order
// given (the player announces the corps before each draw), without
// replacement from the side's EM pool (the Battle Book's mix of markers
// 1-4). It returns each corps' EM; the draws are rolls on d, logged with
// the corps' id. See GBACW 5.21.
func DrawEMs(d rules.Dice, pool []int, corps []string) (map[string]int, error) {
	if len(corps) > len(pool) {
		return nil, fmt.Errorf("%d corps need an Efficiency Marker but the EM pool holds %d (GBACW 5.21)", len(corps), len(pool))
	}
	for _, v := range pool {
		if v < MinEfficiency || v > MaxEfficiency {
			return nil, fmt.Errorf("the EM pool holds a %d; Efficiency Markers are numbered 1 through 4 (GBACW 5.21)", v)
		}
	}
	cup, err := rules.NewCup(EMNames(pool))
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, id := range corps {
		if _, dup := out[id]; dup {
			return nil, fmt.Errorf("corps %s is drawn for twice (GBACW 5.21)", id)
		}
		var m string
		if m, cup, err = cup.Draw(d, "GBACW 5.21", "Efficiency Marker: corps "+id); err != nil {
			return nil, err
		}
		out[id] = EMValue(m)
	}
	return out, nil
}

// EMNames names each Efficiency Marker of a pool for a cup, "EM 2 #1",
// so that the cup's sorted order is the markers' values in order.
func EMNames(pool []int) []string {
	seen := map[int]int{}
	out := make([]string, len(pool))
	for i, v := range pool {
		seen[v]++
		out[i] = fmt.Sprintf("EM %d #%d", v, seen[v])
	}
	return out
}

// EMValue is the value of an Efficiency Marker named by EMNames.
func EMValue(name string) int {
	var v, k int
	fmt.Sscanf(name, "EM %d #%d", &v, &k)
	return v
}

func clamp(n, lo, hi int) int { return max(lo, min(hi, n)) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

package gbacw

import "fmt"

// Fire strength: how many SPs fire from a hex (GBACW 8.31, 8.33), how a
// unit splits them (10.15, 7.34), how an Extended Line spreads them (8.44)
// and what dismounted cavalry loses to its horse-holders (14.25).

// Unit kinds as fire strength sees them.
type UnitKind int

const (
	Infantry UnitKind = iota
	DismountedCavalry
	MountedCavalry
	Artillery
)

// Stacked is one unit of a stack, top first, for the Fire Frontage Rule.
type Stacked struct {
	Kind UnitKind
	SP   int
	// Fires: the unit fires this time. A unit above that does not fire
	// still uses up its share of the hex's fire (8.33).
	Fires bool
}

// Most SPs that may fire from a hex (GBACW 8.31).
const (
	MaxFireFoot      = 7  // infantry or dismounted cavalry, or artillery with them
	MaxFireMounted   = 4  // mounted cavalry
	MaxFireArtillery = 12 // artillery not stacked with infantry or cavalry
)

// FireFrontage returns the SPs each unit of a stack (top first) may fire:
// the topmost units up to 7 SPs, 4 of them mounted cavalry at most, or 12
// for artillery alone; a battery on top may fire whole though it exceeds
// 7; artillery below any non-artillery may not fire; units that do not
// fire still use up their share. See GBACW 8.31, 8.33.
func FireFrontage(stack []Stacked) []int {
	out := make([]int, len(stack))
	budget := MaxFireArtillery
	for _, u := range stack {
		if u.Kind != Artillery {
			budget = MaxFireFoot
		}
	}
	mounted, nonArtilleryAbove := 0, false
	for i, u := range stack {
		n := min(u.SP, budget)
		switch {
		case u.Kind == Artillery && nonArtilleryAbove:
			n = 0 // 8.33 Exception: only above all the non-artillery.
		case u.Kind == Artillery && i == 0 && u.SP > budget:
			n = u.SP // 8.31: "or one battery (which … can exceed 7)".
		case u.Kind == MountedCavalry:
			n = min(n, MaxFireMounted-mounted)
			mounted += n
		}
		if u.Kind != Artillery {
			nonArtilleryAbove = true
		}
		budget = max(budget-n, 0)
		if u.Fires {
			out[i] = n
		}
	}
	return out
}

// SplitEvenly splits sp as evenly as possible into parts shares, the
// larger first: 5 SPs at two targets fire 3 and 2. See GBACW 10.15.
func SplitEvenly(sp, parts int) ([]int, error) {
	if parts < 1 || parts > sp {
		return nil, fmt.Errorf("%d SPs cannot be split into %d fires of at least 1 SP (GBACW 10.15)", sp, parts)
	}
	out := make([]int, parts)
	for i := range out {
		out[i] = sp / parts
		if i < sp%parts {
			out[i]++
		}
	}
	return out, nil
}

// RefusedSplit is the most a Refused unit or stack may fire into its normal
// Frontal hexes and into its Refused Frontal hex: half each, the odd SP to
// the normal Frontal hexes. See GBACW 7.34.
func RefusedSplit(sp int) (normal, refused int) { return (sp + 1) / 2, sp / 2 }

// RefusedShares is what each unit of a Refused stack (top first) may
// fire through its normal Frontal hexes and through its Refused Frontal
// hex. The stack's Fire Strength is what the Fire Frontage Rule lets it
// fire (8.31, 8.33); half of it, rounded up, goes through the normal
// Front and half, rounded down, through the Refused hex. The top units
// take the normal Front's half first, each firing what is left of its
// own share through the Refused hex, and the units below fill what
// remains: 5 SPs above 3 fire 4 and 1, then 0 and 2. See GBACW 7.34.
func RefusedShares(stack []Stacked) (normal, refused []int) {
	all := make([]Stacked, len(stack))
	for i, u := range stack {
		all[i] = Stacked{Kind: u.Kind, SP: u.SP, Fires: true}
	}
	shares := FireFrontage(all)
	total := 0
	for _, n := range shares {
		total += n
	}
	n, r := RefusedSplit(total)
	normal, refused = make([]int, len(stack)), make([]int, len(stack))
	for i, share := range shares {
		normal[i] = min(share, n)
		refused[i] = min(share-normal[i], r)
		n -= normal[i]
		r -= refused[i]
	}
	return normal, refused
}

// ExtendedLine spreads an Extended Line's SPs over its hexes (2, or 3 for
// a unit extended both ways) as evenly as possible, the counter's hex
// first and the left-over points to the counter and then an extension:
// 9 SPs are 5 and 4, 17 are 6, 6 and 5. Only infantry with 8 SPs or more
// extends, to both sides with 15 or more. See GBACW 8.41, 8.43, 8.44.
func ExtendedLine(sp, hexes int) ([]int, error) {
	switch {
	case hexes == 2 && sp < 8:
		return nil, fmt.Errorf("a unit of %d SPs may not form an Extended Line: it needs 8 (GBACW 8.41)", sp)
	case hexes == 3 && sp < 15:
		return nil, fmt.Errorf("a unit of %d SPs may not extend to both sides: it needs 15 (GBACW 8.43)", sp)
	case hexes != 2 && hexes != 3:
		return nil, fmt.Errorf("an Extended Line occupies two or three hexes, not %d (GBACW 8.44)", hexes)
	}
	return SplitEvenly(sp, hexes)
}

// HorseHolders is a dismounted cavalry unit's fire and shock strength:
// one SP fewer for every 4 it has (4 and 7 SPs lose 1, 8 lose 2).
// See GBACW 14.25.
func HorseHolders(sp int) int { return sp - sp/4 }

package table

import "math/big"

// Bearing is the compass bearing from p to q to the tenth of a degree:
// the tenth whose direction in the sine table, (sin a, cos a), is nearest
// to the direction of q from p, that is has the greatest dot product with
// it; on an exact tie the smaller angle. It is decided in exact integer
// arithmetic on the table's values (each an exact multiple of 2⁻⁶²), with
// no floating-point step and no inverse tangent, so it is the same on
// every machine and the same for p, q moved together or q moved along the
// same line. The bearing from a point to itself is 0.
func Bearing(p, q Point) Angle {
	dx, dy := int64(q.X-p.X), int64(q.Y-p.Y)
	if dx == 0 && dy == 0 {
		return 0
	}
	// The quadrant of the bearing: [0°, 90°), [90°, 180°), [180°, 270°)
	// or [270°, 360°).
	var base Angle
	switch {
	case dx >= 0 && dy > 0:
		base = 0
	case dx > 0 && dy <= 0:
		base = 900
	case dx <= 0 && dy < 0:
		base = 1800
	default:
		base = 2700
	}
	// Within it, d lies clockwise of (or on) bearing a exactly while
	// a ≤ the true bearing: find the last such tenth.
	lo, hi := base, base+900
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if clockwiseOf(dx, dy, mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	if clockwiseOf(dx, dy, hi) {
		lo = hi
	}
	// The true bearing is between lo and lo+1: take the nearer.
	if alongness(dx, dy, lo+1).Cmp(alongness(dx, dy, lo)) > 0 {
		lo++
	}
	return lo.Norm()
}

// scaled is sin a from the table times 2⁶², exactly: every table value
// below 1 has its lowest bit at or above 2⁻⁶², and 1 is 2⁶².
func scaled(a Angle) *big.Int {
	s := sine(a.Norm())
	f := new(big.Float).SetFloat64(s)
	f.SetMantExp(f, 62)
	i, acc := f.Int(nil)
	if acc != big.Exact {
		panic("table: a sine table value is not a multiple of 2^-62")
	}
	return i
}

// clockwiseOf reports whether the direction (dx, dy) lies clockwise of
// bearing a or on it, within half a turn: sin(θ - a) ≥ 0, that is
// dx·cos a - dy·sin a ≥ 0.
func clockwiseOf(dx, dy int64, a Angle) bool {
	l := new(big.Int).Mul(big.NewInt(dx), scaled(a+900))
	r := new(big.Int).Mul(big.NewInt(dy), scaled(a))
	return l.Cmp(r) >= 0
}

// alongness is dx·sin a + dy·cos a, times 2⁶²: how nearly (dx, dy) points
// along bearing a.
func alongness(dx, dy int64, a Angle) *big.Int {
	l := new(big.Int).Mul(big.NewInt(dx), scaled(a))
	return l.Add(l, new(big.Int).Mul(big.NewInt(dy), scaled(a+900)))
}

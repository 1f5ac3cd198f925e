package table

import "math/big"

// pi is π to 60 decimal places, as an exact rational.
var pi, _ = new(big.Rat).SetString("3.141592653589793238462643383279502884197169399375105820974944")

// ArcLength is the length of an arc of radius r through the angle a (its
// size; the sign is ignored), rounded up to the thousandth: r·a·π/1800,
// a being in tenths of a degree. It is worked out in exact rational
// arithmetic on π to 60 places, whose error is far below anything a
// radius and angle on a table (at most 2·10⁹ thousandth-tenths) could
// bring to a whole thousandth, so the rounding is that of the true arc,
// the same on every machine.
func ArcLength(r Length, a Angle) Length {
	ra := int64(r) * int64(a)
	if ra < 0 {
		ra = -ra
	}
	if ra == 0 {
		return 0
	}
	x := new(big.Rat).SetInt64(ra)
	x.Mul(x, pi)
	x.Quo(x, big.NewRat(1800, 1))
	q, m := new(big.Int).QuoRem(x.Num(), x.Denom(), new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return Length(q.Int64())
}

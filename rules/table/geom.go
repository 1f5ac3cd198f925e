package table

import (
	"fmt"
	"math"
	"math/bits"
)

// Length is a distance or coordinate in thousandths of an inch.
type Length int64

// Inch is one inch as a Length.
const Inch Length = 1000

// MaxCoord bounds every coordinate: |X| and |Y| at most 1000 inches.
const MaxCoord Length = 1000 * Inch

// Inches makes a Length from whole inches.
func Inches(n int64) Length { return Length(n) * Inch }

// String prints a Length in inches with three decimals, as 12.500".
func (l Length) String() string {
	sign := ""
	if l < 0 {
		sign, l = "-", -l
	}
	return fmt.Sprintf("%s%d.%03d\"", sign, l/Inch, l%Inch)
}

// Angle is a bearing or turn in tenths of a degree.
type Angle int64

// Degrees makes an Angle from whole degrees.
func Degrees(n int64) Angle { return Angle(n * 10) }

// Norm returns the bearing in [0, 3600).
func (a Angle) Norm() Angle {
	a %= 3600
	if a < 0 {
		a += 3600
	}
	return a
}

// String prints an Angle in degrees with one decimal, as 45.0°.
func (a Angle) String() string {
	sign := ""
	if a < 0 {
		sign, a = "-", -a
	}
	return fmt.Sprintf("%s%d.%d°", sign, a/10, a%10)
}

// Point is a position on the table.
type Point struct {
	X, Y Length
}

// String prints a point as (x, y) in inches.
func (p Point) String() string { return "(" + p.X.String() + ", " + p.Y.String() + ")" }

// Sub is p - q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Add is p + q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// InRange reports whether p lies within ±MaxCoord.
func (p Point) InRange() bool {
	return p.X >= -MaxCoord && p.X <= MaxCoord && p.Y >= -MaxCoord && p.Y <= MaxCoord
}

func cross(a, b Point) int64 { return int64(a.X)*int64(b.Y) - int64(a.Y)*int64(b.X) }
func dot(a, b Point) int64   { return int64(a.X)*int64(b.X) + int64(a.Y)*int64(b.Y) }

// orient is the sign of the turn a→b→c: +1 counter-clockwise, -1
// clockwise, 0 collinear.
func orient(a, b, c Point) int {
	v := cross(b.Sub(a), c.Sub(a))
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// unit returns the unit vector along bearing a: (sin a, cos a).
func unit(a Angle) (dx, dy float64) {
	a = a.Norm()
	return sine(a), sine((a + 900).Norm())
}

// sine is sin a for a in [0°, 360°), from the table.
func sine(a Angle) float64 {
	switch {
	case a <= 900:
		return sines[a]
	case a <= 1800:
		return sines[1800-a]
	case a <= 2700:
		return -sines[a-1800]
	}
	return -sines[3600-a]
}

// snap rounds a float position in thousandths to the nearest thousandth,
// half away from zero.
func snap(v float64) Length { return Length(math.Round(v)) }

// offset returns p moved by fwd along bearing h and by right to its right.
func offset(p Point, h Angle, fwd, right Length) Point {
	dx, dy := unit(h)
	// Explicit conversions stop the compiler fusing into multiply-adds.
	x := float64(float64(p.X)+float64(float64(fwd)*dx)) + float64(float64(right)*dy)
	y := float64(float64(p.Y)+float64(float64(fwd)*dy)) - float64(float64(right)*dx)
	return Point{snap(x), snap(y)}
}

// rotate returns p turned by a (clockwise positive) about c.
func rotate(p, c Point, a Angle) Point {
	s, co := unit(a) // sin a, cos a
	d := p.Sub(c)
	x := float64(float64(d.X)*co) + float64(float64(d.Y)*s)
	y := float64(float64(d.Y)*co) - float64(float64(d.X)*s)
	return Point{c.X + snap(x), c.Y + snap(y)}
}

// u128 is an unsigned 128-bit integer.
type u128 struct{ hi, lo uint64 }

func mul(a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	return u128{hi, lo}
}

func (a u128) less(b u128) bool { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }

func abs64(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

// ceilSqrtRatio returns the least k ≥ 0 with k²·den ≥ num, that is
// ceil(sqrt(num/den)), exactly. den > 0, and the answer must be below
// 2³² (any distance on a table within MaxCoord is).
func ceilSqrtRatio(num u128, den uint64) Length {
	f := math.Sqrt((float64(float64(num.hi)*18446744073709551616.0) + float64(num.lo)) / float64(den))
	k := uint64(math.Ceil(f))
	// The float guess is within a few units; settle it exactly.
	for k > 0 && !mul128(k*k, den).less(num) && !mul128((k-1)*(k-1), den).less(num) {
		k--
	}
	for mul128(k*k, den).less(num) {
		k++
	}
	return Length(k)
}

func mul128(a, b uint64) u128 { return mul(a, b) }

// ceilSqrt returns ceil(sqrt(n)) exactly.
func ceilSqrt(n uint64) Length { return ceilSqrtRatio(u128{0, n}, 1) }

package table

import (
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// TestArcLength checks ArcLength against the arc worked out on 300-bit
// floats and π from its own series: the same thousandth on random radii
// and angles, 0 for no angle, and the known values of a quarter and a
// half turn of a 1" radius (1.571" and 3.142").
func TestArcLength(t *testing.T) {
	if got := ArcLength(1000, 900); got != 1571 {
		t.Errorf("quarter turn of 1\": %d thousandths, want 1571", got)
	}
	if got := ArcLength(1000, 1800); got != 3142 {
		t.Errorf("half turn of 1\": %d thousandths, want 3142", got)
	}
	if ArcLength(7500, 0) != 0 || ArcLength(7500, -450) != ArcLength(7500, 450) {
		t.Error("no angle, or the sign of the angle, changes the arc")
	}
	piF := machinPi(300)
	rapid.Check(t, func(t *rapid.T) {
		r := Length(rapid.Int64Range(1, 1000000).Draw(t, "r"))
		a := Angle(rapid.Int64Range(1, 3600).Draw(t, "a"))
		x := new(big.Float).SetPrec(300).SetInt64(int64(r) * int64(a))
		x.Mul(x, piF)
		x.Quo(x, new(big.Float).SetPrec(300).SetInt64(1800))
		want, acc := x.Int(nil)
		if acc == big.Below {
			want.Add(want, big.NewInt(1))
		}
		if got := ArcLength(r, a); int64(got) != want.Int64() {
			t.Fatalf("ArcLength(%d, %d) = %d, want %d", r, a, got, want.Int64())
		}
		if ArcLength(r, a) > ArcLength(r, a+1) {
			t.Fatalf("the arc shrinks from %d to %d tenths", a, a+1)
		}
	})
}

// machinPi is π by Machin's formula, 16·atan(1/5) - 4·atan(1/239), to
// prec bits.
func machinPi(prec uint) *big.Float {
	atanInv := func(n int64) *big.Float {
		sum := new(big.Float).SetPrec(prec)
		x2 := new(big.Float).SetPrec(prec).SetInt64(n * n)
		term := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), new(big.Float).SetPrec(prec).SetInt64(n))
		eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(prec))
		for k := int64(0); term.Cmp(eps) > 0; k++ {
			t := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetPrec(prec).SetInt64(2*k+1))
			if k%2 == 0 {
				sum.Add(sum, t)
			} else {
				sum.Sub(sum, t)
			}
			term.Quo(term, x2)
		}
		return sum
	}
	p := new(big.Float).SetPrec(prec).Mul(big.NewFloat(16).SetPrec(prec), atanInv(5))
	return p.Sub(p, new(big.Float).SetPrec(prec).Mul(big.NewFloat(4).SetPrec(prec), atanInv(239)))
}

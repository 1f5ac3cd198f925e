package gbacw

import (
	"slices"
	"strings"
	"testing"
)

// The examples of GBACW 8.31 and 8.33, and the limits of 8.31.
func TestFireFrontage(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stack []Stacked
		want  []int
	}{
		// 8.31: a 10-SP infantry unit may fire with only 7 SPs.
		{"8.31 example", []Stacked{{Infantry, 10, true}}, []int{7}},
		// 8.33: a 5-SP unit on a 9-SP unit: the top unit and 2 SPs below.
		{"8.33 example 1", []Stacked{{Infantry, 5, true}, {Infantry, 9, true}}, []int{5, 2}},
		// 8.33: a 6-SP battery on a 7-SP unit: the battery and 1 SP.
		{"8.33 example 2", []Stacked{{Artillery, 6, true}, {Infantry, 7, true}}, []int{6, 1}},
		// 8.33: a 5-SP top unit rallies: units beneath fire 2 SPs at most.
		{"8.33 example 3", []Stacked{{Infantry, 5, false}, {Infantry, 9, true}}, []int{0, 2}},
		{"mounted cavalry", []Stacked{{MountedCavalry, 6, true}}, []int{4}},
		{"artillery alone", []Stacked{{Artillery, 8, true}, {Artillery, 6, true}}, []int{8, 4}},
		{"one big battery over infantry", []Stacked{{Artillery, 8, true}, {Infantry, 5, true}}, []int{8, 0}},
		{"artillery over mounted cavalry", []Stacked{{Artillery, 2, true}, {MountedCavalry, 6, true}}, []int{2, 4}},
		{"artillery below infantry", []Stacked{{Infantry, 3, true}, {Artillery, 4, true}}, []int{3, 0}},
	} {
		if got := FireFrontage(tc.stack); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// The example of GBACW 10.15: 5 SPs at two targets are 3 and 2; 7.34: a
// Refused stack fires half into each, the odd SP to the normal front.
func TestSplitFire(t *testing.T) {
	if got, err := SplitEvenly(5, 2); err != nil || !slices.Equal(got, []int{3, 2}) {
		t.Errorf("5 in 2: %v %v", got, err)
	}
	if got, _ := SplitEvenly(7, 3); !slices.Equal(got, []int{3, 2, 2}) {
		t.Errorf("7 in 3: %v", got)
	}
	if _, err := SplitEvenly(1, 2); err == nil || !strings.Contains(err.Error(), "GBACW 10.15") {
		t.Errorf("1 in 2: %v", err)
	}
	for sp, want := range map[int][2]int{7: {4, 3}, 6: {3, 3}, 1: {1, 0}} {
		if n, r := RefusedSplit(sp); n != want[0] || r != want[1] {
			t.Errorf("refused %d: %d and %d, want %v", sp, n, r, want)
		}
	}
}

// The stacked examples of GBACW 7.34: a stack's shares through its normal
// Front and its Refused Frontal hex, top first.
func TestRefusedShares(t *testing.T) {
	inf := func(sp int) Stacked { return Stacked{Kind: Infantry, SP: sp} }
	art := func(sp int) Stacked { return Stacked{Kind: Artillery, SP: sp} }
	for _, tc := range []struct {
		name            string
		stack           []Stacked
		normal, refused []int
	}{
		{"7 alone", []Stacked{inf(7)}, []int{4}, []int{3}},
		{"5 over 3", []Stacked{inf(5), inf(3)}, []int{4, 0}, []int{1, 2}},
		{"3, 2 and 8", []Stacked{inf(3), inf(2), inf(8)}, []int{3, 1, 0}, []int{0, 1, 2}},
		{"4 over 2", []Stacked{inf(4), inf(2)}, []int{3, 0}, []int{1, 2}},
		{"TBs, H12s, infantry", []Stacked{art(4), art(2), inf(6)}, []int{4, 0, 0}, []int{0, 2, 1}},
		{"H12s, TBs, infantry", []Stacked{art(2), art(4), inf(6)}, []int{2, 2, 0}, []int{0, 2, 1}},
		{"two six-gun batteries", []Stacked{art(6), art(6)}, []int{6, 0}, []int{0, 6}},
	} {
		n, r := RefusedShares(tc.stack)
		if !slices.Equal(n, tc.normal) || !slices.Equal(r, tc.refused) {
			t.Errorf("%s: %v and %v, want %v and %v", tc.name, n, r, tc.normal, tc.refused)
		}
	}
}

// The examples of GBACW 8.44 (9 SPs: 5 and 4; 17 SPs: 6, 6 and 5) and the
// notes' 10 (5/5) and 18 (6/6/6); 8.41 and 8.43's minimums.
func TestExtendedLine(t *testing.T) {
	for _, tc := range []struct {
		sp, hexes int
		want      []int
	}{{9, 2, []int{5, 4}}, {17, 3, []int{6, 6, 5}}, {10, 2, []int{5, 5}}, {18, 3, []int{6, 6, 6}}} {
		if got, err := ExtendedLine(tc.sp, tc.hexes); err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%d SPs in %d hexes: %v %v, want %v", tc.sp, tc.hexes, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		sp, hexes int
		want      string
	}{{7, 2, "it needs 8 (GBACW 8.41)"}, {14, 3, "it needs 15 (GBACW 8.43)"}, {20, 4, "two or three hexes"}} {
		if _, err := ExtendedLine(tc.sp, tc.hexes); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%d SPs in %d hexes: %v", tc.sp, tc.hexes, err)
		}
	}
}

// The example of GBACW 14.25: 4 and 7 SPs lose 1, 8 SPs lose 2.
func TestHorseHolders(t *testing.T) {
	for sp, want := range map[int]int{3: 3, 4: 3, 7: 6, 8: 6, 12: 9} {
		if got := HorseHolders(sp); got != want {
			t.Errorf("%d SPs: %d, want %d", sp, got, want)
		}
	}
}

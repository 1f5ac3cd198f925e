package dice

import "galloper/rules"

// Shuffle returns a permutation of 0..n-1 drawn by Fisher-Yates: for
// i = n-1 down to 1, j = d.Roll(i+1, rule, purpose) - 1 and items i and j
// swap, starting from the identity. It makes n-1 rolls, all logged.
func Shuffle(d rules.Dice, n int, rule, purpose string) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := d.Roll(i+1, rule, purpose) - 1
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// Pool rolls k dice of the given sides, in order, as one D6 pool does.
func Pool(d rules.Dice, k, sides int, rule, purpose string) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = d.Roll(sides, rule, purpose)
	}
	return out
}

// D10Zero rolls a d10 read 0-9, as printed on most d10s: the logged roll
// is 1..10 and the reading is that result minus one.
func D10Zero(d rules.Dice, rule, purpose string) int {
	return d.Roll(10, rule, purpose) - 1
}

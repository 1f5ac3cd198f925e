package orders

// Nearest returns the candidate closest to word by edit distance (letters
// inserted, deleted, changed or swapped), or "" if none is close enough to
// be a plausible slip: one edit for short words, two for longer ones.
func Nearest(word string, candidates []string) string {
	if len(word) > 20 {
		return ""
	}
	best, bestD := "", 3
	for _, c := range candidates {
		limit := 2
		if len(c) <= 4 {
			limit = 1
		}
		if d := Distance(word, c); d <= limit && d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Distance is the optimal string alignment distance between a and b:
// letters inserted, deleted, changed or two neighbours swapped, counted in
// characters. Suggestions for misspelt keywords and names use it.
func Distance(sa, sb string) int {
	a, b := []rune(sa), []rune(sb)
	// rows i-2, i-1 and i of the usual dynamic programme.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

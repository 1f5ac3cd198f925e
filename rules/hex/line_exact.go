package hex

// AppendLine is Line computed in integers, appending the two traces to
// left and right (nil, or a caller's buffers to reuse) and returning
// them: line of sight traces a line for every shot and every hex a side
// looks at, and Line's floating point and allocations were most of its
// cost.
//
// It gives exactly Line's traces. Line samples the point A+(B-A)i/n of
// the segment, nudged by (1, 2, -3)·1e-6 in cube coordinates one way or
// the other, and rounds it. Here the sample is the exact fraction V/n in
// each coordinate, and the nudge an infinitesimal that only breaks ties:
// which integer is nearest when the fraction is exactly one half, and
// which coordinate is furthest from its integer when two are equally far.
// Line's nudge does the same as long as it is small next to 1/n and large
// next to float error, which holds for any map a wargame uses (n far
// below 100,000). TestAppendLineIsLine holds the two together.
func AppendLine(left, right []Axial, a, b Axial) ([]Axial, []Axial) {
	n := Distance(a, b)
	if n == 0 {
		return append(left, a), append(right, a)
	}
	// Each cube coordinate of the sample is v/n, v = n·a + i·(b-a), kept
	// as quotient and remainder and stepped without dividing.
	x := newStepper(n*a.Q, b.Q-a.Q, n)
	z := newStepper(n*a.R, b.R-a.R, n)
	y := newStepper(-n*(a.Q+a.R), -(b.Q-a.Q)-(b.R-a.R), n)
	for i := 0; i <= n; i++ {
		if h, ok := roundPlain(&x, &y, &z, n); ok {
			left, right = append(left, h), append(right, h)
		} else {
			left = append(left, roundExact(&x, &y, &z, n, 1))
			right = append(right, roundExact(&x, &y, &z, n, -1))
		}
		x.step(n)
		y.step(n)
		z.step(n)
	}
	return left, right
}

// roundPlain rounds the cube point (x, y, z)/n when no tie needs the
// nudge, which is then the same either way: no coordinate is exactly
// half-way between integers, and either the rounded point is on the cube
// plane already or no two coordinates are equally far from theirs.
func roundPlain(x, y, z *stepper, n int) (Axial, bool) {
	rx, ux, okx := x.nearest(n)
	ry, uy, oky := y.nearest(n)
	rz, uz, okz := z.nearest(n)
	switch {
	case !okx || !oky || !okz:
		return Axial{}, false
	case rx+ry+rz == 0: // on the cube plane: no coordinate to fix
		return Axial{Q: rx, R: rz}, true
	case ux == uy || ux == uz || uy == uz:
		return Axial{}, false
	}
	switch {
	case ux > uy && ux > uz:
		rx = -ry - rz
	case uy > uz:
	default:
		rz = -rx - ry
	}
	return Axial{Q: rx, R: rz}, true
}

// nearest is the integer nearest v/n and its distance times n, unless v/n
// is half-way between two.
func (s *stepper) nearest(n int) (r, u int, ok bool) {
	switch {
	case 2*s.rem < n:
		return s.q, s.rem, true
	case 2*s.rem > n:
		return s.q + 1, n - s.rem, true
	}
	return 0, 0, false
}

// stepper is v/n as quotient q and remainder 0 <= rem < n, with the step
// added to v each time likewise.
type stepper struct{ q, rem, dq, drem int }

func newStepper(v, dv, n int) stepper {
	q, dq := floorDiv(v, n), floorDiv(dv, n)
	return stepper{q: q, rem: v - q*n, dq: dq, drem: dv - dq*n}
}

func (s *stepper) step(n int) {
	s.q += s.dq
	if s.rem += s.drem; s.rem >= n {
		s.rem -= n
		s.q++
	}
}

// roundExact is cubeRound of the cube point (x, y, z)/n nudged by
// sign·(1, 2, -3) infinitesimals.
func roundExact(x, y, z *stepper, n, sign int) Axial {
	rx, ux, ex := roundNudged(x, n, sign)
	ry, uy, ey := roundNudged(y, n, 2*sign)
	rz, uz, ez := roundNudged(z, n, -3*sign)
	switch {
	case further(ux, ex, uy, ey) && further(ux, ex, uz, ez):
		rx = -ry - rz
	case further(uy, ey, uz, ez):
		// ry would be -rx-rz; axial coordinates do not need it.
	default:
		rz = -rx - ry
	}
	return Axial{Q: rx, R: rz}
}

// roundNudged rounds v/n + c·ε, for v/n held by s and an infinitesimal
// ε, to the nearest integer r, and gives its distance from r as
// u/n + e·ε.
func roundNudged(s *stepper, n, c int) (r, u, e int) {
	switch {
	case 2*s.rem < n:
		r = s.q
	case 2*s.rem > n:
		r = s.q + 1
	case c > 0:
		r = s.q + 1
	default:
		r = s.q
	}
	switch d := (r-s.q)*n - s.rem; {
	case d > 0:
		return r, d, -c
	case d < 0:
		return r, -d, c
	}
	return r, 0, abs(c)
}

// further reports whether the distance u/n + e·ε is greater than
// u2/n + e2·ε.
func further(u, e, u2, e2 int) bool { return u > u2 || (u == u2 && e > e2) }

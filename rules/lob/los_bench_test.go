package lob

import (
	"fmt"
	"testing"

	"galloper/rules"
	"galloper/rules/hex"
)

// losRanges are the ranges the line of sight benchmark traces rays at.
var losRanges = []int{2, 5, 10, 20, 40}

// losRays are 512 rays of a range on benchMap's 60×40 map, from hexes
// spread over the map in every direction, all ending on the map; drawn
// from a fixed sequence so that every run traces the same rays.
func losRays(m *Map, rng int) [][2]hex.Axial {
	seed := uint32(88172645)
	next := func(n int) int { // xorshift32
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		return int(seed % uint32(n))
	}
	var rays [][2]hex.Axial
	for len(rays) < 512 {
		a := hex.Offset{Col: 1 + next(m.Cols), Row: 1 + next(m.Rows)}.ToAxial()
		ring := hex.Ring(a, rng)
		b := ring[next(len(ring))]
		if m.onMap(b) {
			rays = append(rays, [2]hex.Axial{a, b})
		}
	}
	return rays
}

// BenchmarkLineOfSight traces one line of sight (LoB 4.0-4.2) per
// operation at 2 to 40 hexes on a generated 60×40 map of rolling ground,
// woods, orchards, towns and crests, with the 300 units of benchMap
// blocking short lines, as a fire or Closing Roll check does.
func BenchmarkLineOfSight(b *testing.B) {
	m, us := benchMap(b)
	g := m.sight
	blockers := g.blockersFor("CSA", us)
	for _, r := range losRanges {
		b.Run(fmt.Sprintf("range=%d", r), func(b *testing.B) {
			rays := losRays(m, r)
			clear, i := 0, 0
			for b.Loop() {
				ray := rays[i%len(rays)]
				if g.lineOfSight(ray[0], ray[1], Shot{Side: rules.Side("CSA")}, blockers).Clear {
					clear++
				}
				i++
			}
			b.ReportMetric(float64(clear)/float64(i), "clear/ray")
		})
	}
}

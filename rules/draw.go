package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Cup is a cup of markers drawn blind, one at a time: Battle Hymn's Turn
// Cup of Movement and Combat Turn markers (see BH 4.2 and 4.3) and the
// Activation Markers of other chit-pull systems.
//
// A pick is one die roll, so every draw is as verifiable as any other
// roll: the die has one side per marker left, and a result r takes the
// r-th marker of Markers, the cup's order. The rest keep their order. A
// cup is a value; Draw returns the cup that is left and never changes the
// one it was called on.
type Cup struct {
	// Markers are the markers still in the cup, in the order a roll reads.
	// NewCup sorts them, so the order does not depend on how a caller
	// happened to gather them.
	Markers []string `json:"markers"`
	// Picks counts the markers drawn so far.
	Picks int `json:"picks"`
	// Secret keeps the markers' names out of the roll log: a pick's
	// purpose then says only how many markers were left. Set it when the
	// cup's contents are hidden from the players (identical backs).
	Secret bool `json:"secret,omitempty"`
}

// maxCupMarkers bounds a cup: more markers than a wargame's cup holds is a
// program or data error, not a draw.
const maxCupMarkers = 1000

// NewCup returns a cup holding markers, sorted. A marker is a non-empty
// name without a comma or a line break (the roll log lists them), and no
// two are the same.
func NewCup(markers []string) (Cup, error) {
	if len(markers) > maxCupMarkers {
		return Cup{}, fmt.Errorf("cup: %d markers; a cup holds at most %d", len(markers), maxCupMarkers)
	}
	ms := append([]string(nil), markers...)
	sort.Strings(ms)
	for i, m := range ms {
		if m == "" || strings.ContainsAny(m, ",\r\n") {
			return Cup{}, fmt.Errorf("cup: marker %q: a marker is a non-empty name without commas or line breaks", m)
		}
		if i > 0 && ms[i-1] == m {
			return Cup{}, fmt.Errorf("cup: marker %q is in the cup twice", m)
		}
	}
	return Cup{Markers: ms}, nil
}

// Len returns the number of markers left in the cup.
func (c Cup) Len() int { return len(c.Markers) }

// Draw picks one marker at random: a roll of a die with Len() sides,
// logged with rule and with purpose followed by the pick's number and the
// markers it chose from (unless the cup is Secret). It returns the marker
// and the cup without it. Drawing from an empty cup is an error.
func (c Cup) Draw(d Dice, rule, purpose string) (string, Cup, error) {
	n := len(c.Markers)
	if n == 0 {
		return "", c, fmt.Errorf("cup: %s: no marker left to draw (pick %d)", purpose, c.Picks+1)
	}
	r := d.Roll(n, rule, c.pickPurpose(purpose))
	if r < 1 || r > n {
		return "", c, fmt.Errorf("cup: %s: a d%d rolled %d", purpose, n, r)
	}
	left := make([]string, 0, n-1)
	left = append(left, c.Markers[:r-1]...)
	left = append(left, c.Markers[r:]...)
	return c.Markers[r-1], Cup{Markers: left, Picks: c.Picks + 1, Secret: c.Secret}, nil
}

// DrawAll draws every marker left, in turn, and returns them in the order
// drawn: one roll per marker, the last a d1.
func (c Cup) DrawAll(d Dice, rule, purpose string) ([]string, error) {
	out := make([]string, 0, len(c.Markers))
	for c.Len() > 0 {
		m, next, err := c.Draw(d, rule, purpose)
		if err != nil {
			return out, err
		}
		out = append(out, m)
		c = next
	}
	return out, nil
}

// pickPurpose is the logged purpose of the next pick, e.g.
// "Turn Cup, Hour 3: pick 2 of 1..3 = CSA Combat, Early, Rodes". The
// listing lets a player map the verified roll to the marker drawn from
// the roll log alone.
func (c Cup) pickPurpose(purpose string) string {
	n := len(c.Markers)
	if c.Secret {
		return fmt.Sprintf("%s: pick %d, %d markers left", purpose, c.Picks+1, n)
	}
	return fmt.Sprintf("%s: pick %d of 1..%d = %s", purpose, c.Picks+1, n, strings.Join(c.Markers, ", "))
}

package rules

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
)

// Dice is the only source of randomness in resolution. Every roll is
// recorded, with its purpose and rule reference, so that players can check
// it afterwards.
type Dice interface {
	// Roll returns a uniform value in [1, sides].
	Roll(sides int, rule, purpose string) int
	// Rolls returns every roll made so far, in order.
	Rolls() []Roll
}

// LastRoller is what Dice may also implement: the last roll made, without
// copying the whole log as Rolls does. Log.Roll asks it after every roll,
// so that a segment of thousands of rolls does not copy its log each time.
type LastRoller interface {
	LastRoll() (Roll, bool)
}

// Roll is one recorded die roll.
type Roll struct {
	Index   int    // 0-based position in the segment's roll log
	Purpose string // what the roll decides, e.g. "Command Roll: Lee issues"
	Rule    string // e.g. "LoB 10.6"
	Sides   int    // the die, e.g. 6
	Result  int    // 1..Sides
}

// String formats a roll for a roll log line.
func (r Roll) String() string {
	return fmt.Sprintf("#%d d%d=%d %s (%s)", r.Index, r.Sides, r.Result, r.Purpose, r.Rule)
}

// SeededDice is a deterministic stand-in: roll i with n sides is drawn from
// HMAC-SHA256(seed, i || n || counter) by rejection sampling. The verifiable
// scheme (commitments and reveals) is built on the same interface.
type SeededDice struct {
	seed []byte
	log  []Roll
}

// NewSeededDice returns dice drawn from seed.
func NewSeededDice(seed []byte) *SeededDice {
	return &SeededDice{seed: append([]byte(nil), seed...)}
}

// Roll implements Dice.
func (d *SeededDice) Roll(sides int, rule, purpose string) int {
	if sides < 1 {
		panic(fmt.Sprintf("rules: die with %d sides", sides))
	}
	i := len(d.log)
	v := uniform(d.seed, uint64(i), uint64(sides))
	d.log = append(d.log, Roll{Index: i, Purpose: purpose, Rule: rule, Sides: sides, Result: int(v) + 1})
	return int(v) + 1
}

// Rolls implements Dice.
func (d *SeededDice) Rolls() []Roll { return append([]Roll(nil), d.log...) }

// LastRoll implements LastRoller.
func (d *SeededDice) LastRoll() (Roll, bool) { return lastOf(d.log) }

// lastOf is the last roll of a log.
func lastOf(log []Roll) (Roll, bool) {
	if len(log) == 0 {
		return Roll{}, false
	}
	return log[len(log)-1], true
}

// uniform returns a value in [0, n) without modulo bias.
func uniform(key []byte, i, n uint64) uint64 {
	limit := ^uint64(0) - (^uint64(0)%n+1)%n // largest multiple of n, minus 1
	var msg [24]byte
	binary.BigEndian.PutUint64(msg[0:], i)
	binary.BigEndian.PutUint64(msg[8:], n)
	for ctr := uint64(0); ; ctr++ {
		binary.BigEndian.PutUint64(msg[16:], ctr)
		m := hmac.New(sha256.New, key)
		m.Write(msg[:])
		x := binary.BigEndian.Uint64(m.Sum(nil))
		if x <= limit {
			return x % n
		}
	}
}

// ForcedDice returns fixed results in order; tests and case files use it.
// It panics when it runs out, which names the missing roll.
type ForcedDice struct {
	Results []int
	log     []Roll
}

// Roll implements Dice.
func (d *ForcedDice) Roll(sides int, rule, purpose string) int {
	i := len(d.log)
	if i >= len(d.Results) {
		panic(fmt.Sprintf("rules: forced dice exhausted at roll #%d: d%d for %s (%s)", i, sides, purpose, rule))
	}
	v := d.Results[i]
	if v < 1 || v > sides {
		panic(fmt.Sprintf("rules: forced roll #%d is %d, not a d%d result (%s)", i, v, sides, purpose))
	}
	d.log = append(d.log, Roll{Index: i, Purpose: purpose, Rule: rule, Sides: sides, Result: v})
	return v
}

// Rolls implements Dice.
func (d *ForcedDice) Rolls() []Roll { return append([]Roll(nil), d.log...) }

// LastRoll implements LastRoller.
func (d *ForcedDice) LastRoll() (Roll, bool) { return lastOf(d.log) }

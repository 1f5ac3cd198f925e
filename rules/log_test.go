package rules

import (
	"reflect"
	"testing"
)

// rollsOnly hides every method of Dice but Roll and Rolls.
type rollsOnly struct{ Dice }

// Log.Roll records the same events whether the dice tell their last roll
// (LastRoller) or only their whole log.
func TestLogRollLastRoller(t *testing.T) {
	for _, mk := range []func() Dice{
		func() Dice { return NewSeededDice([]byte("seed")) },
		func() Dice { return &ForcedDice{Results: []int{3, 5, 1, 6, 2, 4, 2}} },
	} {
		fast, slow := &Log{Dice: mk()}, &Log{Dice: rollsOnly{mk()}}
		if _, ok := fast.Dice.(LastRoller); !ok {
			t.Fatalf("%T is not a LastRoller", fast.Dice)
		}
		for i := range 7 {
			if a, b := fast.Roll(6, "LoB 5.0", "test"), slow.Roll(6, "LoB 5.0", "test"); a != b {
				t.Fatalf("roll %d: %d and %d", i, a, b)
			}
		}
		if !reflect.DeepEqual(fast.Events, slow.Events) || len(fast.Events) != 7 {
			t.Fatalf("events differ:\n%+v\n%+v", fast.Events, slow.Events)
		}
	}
}

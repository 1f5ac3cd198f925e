package gbacw

import (
	"strconv"
	"testing"
)

// TestDay: a turn that begins past 0000 is on the next day, 2400 still on
// the day before (3.0 IV/D, the Day marker; 2.43); the turn's label and
// report name the day from the second on.
func TestDay(t *testing.T) {
	s := riverState(t) // starts at 0900
	s.Phase = PhaseOrders
	for _, c := range []struct {
		book BattleBook
		turn int
		day  int
		when string
	}{
		{BattleBook{}, 1, 1, "0900"},
		{BattleBook{}, 16, 1, "2400"},
		{BattleBook{}, 17, 2, "0100, day 2"},
		{BattleBook{}, 40, 2, "2400, day 2"},
		{BattleBook{}, 41, 3, "0100, day 3"},
		{BattleBook{TurnMinutes: 45}, 21, 1, "2400"},
		{BattleBook{TurnMinutes: 45}, 22, 2, "0045, day 2"},
		{BattleBook{TwelveHourClock: true}, 17, 2, "1:00 AM, day 2"},
	} {
		s.book, s.Turn = &c.book, c.turn
		if got := s.Day(); got != c.day {
			t.Errorf("turn %d with %+v: day %d, want %d", c.turn, c.book, got, c.day)
		}
		if got := s.When(); got != c.when {
			t.Errorf("turn %d with %+v: %q, want %q", c.turn, c.book, got, c.when)
		}
		if got, want := s.Segment().Label, "Turn "+strconv.Itoa(c.turn)+" ("+c.when+")"; got != want {
			t.Errorf("turn %d: label %q, want %q", c.turn, got, want)
		}
	}
}

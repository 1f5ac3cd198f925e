package adjudicator

import (
	"testing"
	"time"

	"galloper/adjudicator/store"
	"galloper/rules"
)

func TestMoveDeadline(t *testing.T) {
	at := func(d, h int) time.Time { return time.Date(2026, 6, d, h, 0, 0, 0, time.UTC) } // 1 June 2026 is a Monday
	weekdays := []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday}
	away := []store.Absence{{Side: "USA", FirstDay: "2026-06-08", LastDay: "2026-06-11"}}
	cases := []struct {
		name string
		in   time.Time
		abs  []store.Absence
		due  []rules.Side
		days []time.Weekday
		want time.Time
	}{
		{"no rules", at(6, 9), nil, []rules.Side{"USA"}, nil, at(6, 9)},
		{"Saturday to Monday", at(6, 9), nil, []rules.Side{"USA"}, weekdays, at(8, 9)},
		{"absence of a due side", at(9, 9), away, []rules.Side{"USA"}, nil, at(12, 9)},
		{"absence of another side", at(9, 9), away, []rules.Side{"CSA"}, nil, at(9, 9)},
		{"weekend into absence into Friday", at(6, 9), away, []rules.Side{"USA"}, weekdays, at(12, 9)},
		{"absence ending on Friday", at(12, 9), []store.Absence{{Side: "USA", FirstDay: "2026-06-12", LastDay: "2026-06-12"}},
			[]rules.Side{"USA"}, weekdays, at(15, 9)},
	}
	for _, c := range cases {
		if got := moveDeadline(c.in, c.abs, c.due, c.days); !got.Equal(c.want) {
			t.Errorf("%s: %s -> %s, want %s", c.name, c.in.Format(time.RFC1123), got.Format(time.RFC1123), c.want.Format(time.RFC1123))
		}
	}
}

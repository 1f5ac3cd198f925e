package wintersvictory

import "testing"

// 15.11: "increase ... by one"; "does not accrue above 3 (Fatigue Level 0)
// until a unit of the brigade engages"; only committed brigades accrue.
func TestHourlyAccrual(t *testing.T) {
	for _, c := range []struct {
		points             int
		committed, engaged bool
		want               int
	}{
		{0, true, false, 1}, // "place a green '1' chit in any empty Fatigue Level box"
		{2, true, false, 3}, {3, true, false, 3}, {3, true, true, 4},
		{5, true, false, 5}, // above 3 already (a charge): the cap does not lower it
		{7, true, true, 8}, {8, true, true, 8},
		{4, false, true, 4},
	} {
		got, err := HourlyAccrual(c.points, c.committed, c.engaged)
		if err != nil || got != c.want {
			t.Errorf("%+v: %d %v, want %d", c, got, err, c.want)
		}
	}
	if _, err := HourlyAccrual(9, true, true); err == nil {
		t.Error("9 points accepted")
	}
}

// 15.12: a brigade not committed "may subtract up to 3 Fatigue Points";
// "may never be reduced below 2".
func TestRecover(t *testing.T) {
	for _, c := range []struct {
		points, amount int
		committed      bool
		want           int
	}{
		{7, 3, false, 4}, {7, 1, false, 6}, {4, 3, false, 2}, {2, 3, false, 2}, {1, 3, false, 1},
		{7, 3, true, 7},
	} {
		got, err := Recover(c.points, c.amount, c.committed)
		if err != nil || got != c.want {
			t.Errorf("%+v: %d %v, want %d", c, got, err, c.want)
		}
	}
	if _, err := Recover(6, 4, false); err == nil {
		t.Error("recovering 4 accepted")
	}
}

// 15.21: one point for any or all charges of the brigade in the hour;
// 17.76 B: the end of an Attack Order adds its points; 8 at most (15.1).
func TestAddFatigue(t *testing.T) {
	if got, _ := ChargeAccrual(3, true); got != 4 {
		t.Errorf("charge from 3: %d", got)
	}
	if got, _ := ChargeAccrual(3, false); got != 3 {
		t.Errorf("no charge from 3: %d", got)
	}
	if got, _ := AddFatigue(7, 2); got != 8 {
		t.Errorf("7 + 2: %d, want 8", got)
	}
	if _, err := AddFatigue(-1, 1); err == nil {
		t.Error("-1 points accepted")
	}
}

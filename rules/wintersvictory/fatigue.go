package wintersvictory

import "fmt"

// Brigade fatigue bookkeeping, hourly interphase (See WV 15.1, 15.11,
// 15.12, 15.21 and 4.1 1C-1D):
//
//   - 1C: a brigade any of whose cavalry charged in the past hour adds 1
//     Fatigue Point, once however many charges (15.21).
//   - 1D, first: each committed brigade adds 1, but not above 3 until a
//     unit of the brigade has shocked, fired (infantry fire), charged or
//     made a Routed retreat (15.11).
//   - 1D, last: a brigade not committed may subtract up to 3, never going
//     below 2 (15.12).
//
// Fatigue Points run 1 to 8 (15.1); an empty box is 0 (ruling R33).

const (
	maxFatigue    = 8
	unengagedCap  = 3
	maxRecovery   = 3
	recoveryFloor = 2
	chargeFatigue = 1
	hourlyAccrual = 1
)

func checkFatigue(points int) error {
	if points < 0 || points > maxFatigue {
		return fmt.Errorf("fatigue: %d points; a brigade has 0 (an empty box) to %d", points, maxFatigue)
	}
	return nil
}

// AddFatigue adds Fatigue Points (a charge, the end of an Attack Order),
// to at most 8. See WV 15.1, 15.21 and 17.76 B.
func AddFatigue(points, add int) (int, error) {
	if err := checkFatigue(points); err != nil {
		return 0, err
	}
	return min(points+add, maxFatigue), nil
}

// ChargeAccrual is 15.21's special accrual: 1 if the brigade charged in the
// past hour.
func ChargeAccrual(points int, charged bool) (int, error) {
	if !charged {
		return points, checkFatigue(points)
	}
	return AddFatigue(points, chargeFatigue)
}

// HourlyAccrual adds the hour's point to a committed brigade, holding it at
// 3 until the brigade has engaged. See WV 15.11.
func HourlyAccrual(points int, committed, engaged bool) (int, error) {
	if err := checkFatigue(points); err != nil {
		return 0, err
	}
	if !committed {
		return points, nil
	}
	next := min(points+hourlyAccrual, maxFatigue)
	if !engaged && next > unengagedCap {
		return max(points, unengagedCap), nil // never lowered by the cap
	}
	return next, nil
}

// Recover subtracts the points a brigade not committed chooses to shed, up
// to 3 and never below 2. See WV 15.12.
func Recover(points, amount int, committed bool) (int, error) {
	if err := checkFatigue(points); err != nil {
		return 0, err
	}
	if amount < 0 || amount > maxRecovery {
		return 0, fmt.Errorf("fatigue recovery: %d points; a brigade sheds 0 to %d (15.12)", amount, maxRecovery)
	}
	if committed || points <= recoveryFloor {
		return points, nil
	}
	return max(points-amount, recoveryFloor), nil
}

package lob

import "time"

// Night turns (LoB 2.3): half an hour instead of 15 minutes, visibility
// always two hexes (mapdata.go), the first full night turn frees units
// locked in EZOCs (3.4 #4), orders only on the midnight turn (10.3e) and
// Loss Recovery in the midnight Rally Phase (9.3).

// nightTurnMinutes is the length of a Night turn (LoB 2.3).
const nightTurnMinutes = 30

// minutesOfDay is a clock time "HH:MM" in minutes after midnight.
func minutesOfDay(hm string) int {
	t, err := time.Parse("15:04", hm)
	if err != nil {
		return 0
	}
	return t.Hour()*60 + t.Minute()
}

// nightAt reports whether a time of day falls in the night: before First
// Light or from nightfall on (LoB 2.3).
func (s *Scenario) nightAt(t time.Time) bool {
	hm := t.Format("15:04")
	return hm < s.FirstLight || (s.Nightfall != "" && hm >= s.Nightfall)
}

// turnLength is how long the turn starting at t lasts: the scenario's turn
// length by day and twilight, 30 minutes at night (LoB 2.3), but a night
// turn never runs past First Light, so the first Twilight turn always
// starts at First Light.
func (s *Scenario) turnLength(t time.Time) time.Duration {
	if !s.nightAt(t) {
		return time.Duration(s.TurnMins) * time.Minute
	}
	now := t.Hour()*60 + t.Minute()
	d := nightTurnMinutes
	if fl := minutesOfDay(s.FirstLight); now < fl && now+d > fl {
		d = fl - now
	}
	return time.Duration(d) * time.Minute
}

// turnTime is the clock time at the start of a 1-based turn: day and
// twilight turns last the scenario's turn length, night turns half an
// hour (LoB 2.3).
func (s *Scenario) turnTime(turn int) time.Time {
	t := s.Start
	for i := 1; i < turn; i++ {
		t = t.Add(s.turnLength(t))
	}
	return t
}

// turnAfter is the first turn that starts at least the given minutes
// after the start of a turn (the turn itself for none), as "one hour
// later" on the Turn Record Track (LoB 8.5b) or "a time period after
// another Command attacks" (10.4d #3).
func (s *State) turnAfter(turn, minutes int) int {
	due := s.scn.clock(turn).Add(time.Duration(minutes) * time.Minute)
	t := turn
	for s.scn.clock(t).Before(due) {
		t++
	}
	return t
}

// firstFullNightTurn reports whether a turn is the first full Night turn:
// a Night turn whose previous turn was not (LoB 2.3). On it units are
// free to leave enemy ZOCs (3.4 #4); the movement rules ask here.
func (s *State) firstFullNightTurn(turn int) bool {
	return turn > 1 && s.scn.night(turn) && !s.scn.night(turn-1)
}

// nightNotes reports the night's effects at the start of a player turn:
// the visibility cut to two hexes and the EZOC release of the first full
// night turn (LoB 2.3, 3.4 #4).
func (r *resolver) nightNotes() {
	if !r.s.scn.night(r.turn) {
		return
	}
	if r.s.firstFullNightTurn(r.turn) {
		r.add("night-falls", "LoB 2.3", "night: turns last %d minutes, visibility is %d hexes, and this first full night turn frees units locked in enemy ZOCs, as LoB 3.4 provides",
			nightTurnMinutes, r.s.scn.visibility(r.turn))
	}
	if r.s.isMidnight(r.turn) {
		r.add("midnight", "LoB 2.3", "the midnight turn: Army Commanders write the night's orders, as LoB 10.3e provides, and losses are recovered in the Rally Phase, as LoB 9.3 provides")
	}
}

package gbacw

import (
	"fmt"
	"slices"
)

// Dusk, Dawn and Night (GBACW 16.1). Which turns of a battle are Dawn,
// Dusk or Night turns is the Battle Book's (ruling GBACW-R55): the
// scenario lists their hours on the 24-hour clock. All daylight rules
// apply, with these changes:
//
//	Dawn, Dusk  Command Ranges halved, rounding up (16.11, inRange);
//	            -2 for fire over one hex (16.11, FireDRMs).
//	Night       Command Ranges halved, rounding up (16.12, inRange);
//	            the cumulative range DRM, -1, -3, -6, -10 (FireDRMs);
//	            each battery fires alone (Galloper never combines
//	            batteries, 10.63, so nothing changes);
//	            no Prepared Fire (FireDRMs) and no Cavalry Charge (shock);
//	            every Activation under Attack Orders with a Fatigue
//	            action earns Fatigue (placeFatigue);
//	            cavalry and artillery move in reaction only when the
//	            enemy is about to move adjacent (evade).

// Light is the light of a Game-Turn (GBACW 16.1).
type Light string

// The lights of a turn.
const (
	LightDay   Light = "day"
	LightDawn  Light = "dawn"
	LightDusk  Light = "dusk"
	LightNight Light = "night"
)

// hour is the turn's hour on the 24-hour clock (2.43).
func (s *State) hour() int { return (s.StartHour + s.Turn - 1) % 24 }

// light is the current turn's light, from the scenario's hours (16.1).
func (s *State) light() Light {
	h := s.hour()
	switch {
	case slices.Contains(s.Night, h):
		return LightNight
	case slices.Contains(s.Dusk, h):
		return LightDusk
	case slices.Contains(s.Dawn, h):
		return LightDawn
	}
	return LightDay
}

// night reports a Night turn (16.12).
func (s *State) night() bool { return s.light() == LightNight }

// twilight reports a Dawn or Dusk turn (16.11).
func (s *State) twilight() bool { l := s.light(); return l == LightDawn || l == LightDusk }

// lightRange is a Command Range as the turn's light leaves it: halved,
// rounding up, at Dawn, Dusk and Night. See GBACW 16.11-16.12.
func (s *State) lightRange(rng int) int {
	if s.light() == LightDay {
		return rng
	}
	return (rng + 1) / 2
}

// lightLine tells the players the light of a Dawn, Dusk or Night turn
// and what it changes (16.1); "" by day.
func (s *State) lightLine() string {
	switch s.light() {
	case LightDawn, LightDusk:
		return fmt.Sprintf("A %s turn (16.11): Command Ranges halved; -2 to fire over one hex.", map[Light]string{LightDawn: "Dawn", LightDusk: "Dusk"}[s.light()])
	case LightNight:
		return "A Night turn (16.12): Command Ranges halved; -1, -3, -6, -10 to fire at 1 to 4 hexes; no Prepared Fire or Cavalry Charge; Attack Orders tire; cavalry and artillery move in reaction only as the enemy comes adjacent; Breastworks take one turn."
	}
	return ""
}

package battlehymn

import (
	"fmt"
	"strings"

	"galloper/rules/battlehymn/bhtext"
)

// Cavalry dismounting and mounting (BH 11.3):
//
//   - Either costs 3 MPs of the Movement Turn; the unit keeps the rest
//     (ruling A7). A dismounted unit's later Movement Turns use its
//     dismounted MA.
//   - Dismounting leaves the horses in an adjacent hex a cavalry unit
//     could enter, out of enemy Line of Sight, holding no unit and no other
//     horses; a third of the SPs, intact ones, hold them (ruling A8). A
//     unit left with no intact SP may not dismount.
//   - Mounting is done next to the horses; the holders rejoin.
//   - A dismounted unit moves, fires and is fired on as infantry, and may
//     not end a move more than 9 infantry MPs from its horses.
//   - An enemy ZOC reaching the horses' hex loses them: the unit loses an
//     SP, a Demoralized one if possible, and the holders are lost.

// leashMPs is how far in infantry MPs a dismounted unit may end its move
// from its horses (BH 11.3).
const leashMPs = 9

// remount checks a DISMOUNT or MOUNT step of a path for the unit v as the
// path has left it in hex cur with left MPs, applies it to v, and returns
// its MPs or why it is not allowed.
func (s *State) remount(v *Unit, cur, step string, left int) (int, string) {
	if _, err := Remount(left); err != nil {
		return 0, fmt.Sprintf("%s needs %d MPs, %d are left (BH 11.3)", strings.Fields(step)[0], MountCost, left)
	}
	if cur == "" {
		return 0, "it must be on the map to mount or dismount (BH 11.3)"
	}
	if step == bhtext.Mount {
		switch {
		case !v.Dismounted:
			return 0, v.Name + " is not dismounted (BH 11.3)"
		case v.HorsesLost || v.Horses == "":
			return 0, v.Name + " has lost its horses (BH 11.3)"
		case !s.board.adjacent(cur, v.Horses):
			return 0, fmt.Sprintf("it mounts next to its horses in %s, and %s is not (BH 11.3)", v.Horses, cur)
		}
		v.Dismounted, v.Horses = false, ""
		return MountCost, ""
	}
	h := strings.TrimPrefix(step, bhtext.Dismount+" ")
	switch {
	case v.Type != Cavalry || v.Dismounted:
		return 0, v.Name + " is not mounted cavalry (BH 11.3)"
	case !CanDismount(v.sps(), s.opts()):
		return 0, fmt.Sprintf("%s would have no intact SP left beside its horse holders (BH 11.3)", v.Name)
	case !s.board.has(h) || !s.board.adjacent(cur, h):
		return 0, fmt.Sprintf("its horses go in a hex next to %s, and %s is not (BH 11.3)", cur, h)
	case s.at(h) != nil || s.horsesIn(h):
		return 0, fmt.Sprintf("the horses' hex %s holds a unit or other horses (BH 11.3)", h)
	case s.inSight(v.Side, h):
		return 0, fmt.Sprintf("the horses' hex %s is in enemy Line of Sight (BH 11.3)", h)
	}
	if _, err := s.charts.EnterCost(Cavalry, s.board.terrain(h), s.board.features(cur, h), s.board.elevation(h) > s.board.elevation(cur)); err != nil {
		return 0, fmt.Sprintf("cavalry could not enter the horses' hex %s (BH 11.3)", h)
	}
	v.Dismounted, v.Horses = true, h
	return MountCost, ""
}

// horsesIn reports whether some unit's horses are held in hex h.
func (s *State) horsesIn(h string) bool {
	for i := range s.Units {
		if s.Units[i].Horses == h {
			return true
		}
	}
	return false
}

// leash is the infantry MPs from hex a to hex b over the map, ignoring
// units, or more than leashMPs when b is out of that reach (BH 11.3).
func (s *State) leash(a, b string) int { return s.footMPs(a, b, leashMPs) }

// footMPs is the infantry MPs from hex a to hex b over the map, ignoring
// units, or max+1 when b is farther than max.
func (s *State) footMPs(a, b string, max int) int {
	if b == "" || a == b {
		return 0
	}
	dist := map[string]int{a: 0}
	frontier := []string{a}
	for len(frontier) > 0 {
		var next []string
		for _, x := range frontier {
			for _, n := range s.board.neighbors(x) {
				c, err := s.charts.EnterCost(Infantry, s.board.terrain(n), s.board.features(x, n), s.board.elevation(n) > s.board.elevation(x))
				if err != nil || dist[x]+c > max {
					continue
				}
				if d, ok := dist[n]; !ok || dist[x]+c < d {
					dist[n] = dist[x] + c
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	if d, ok := dist[b]; ok {
		return d
	}
	return max + 1
}

// dismount dismounts u, its horses held in h (BH 11.3).
func (h *hour) dismount(u *Unit, hx string) {
	n := HorseHolders(u.Strength, h.s.opts())
	u.Strength -= n
	u.Holders, u.Horses, u.Dismounted = n, hx, true
	h.event("dismount", "BH 11.3", "%s dismounts in %s, its horses held in %s by %d SP(s)", u.Name, u.Hex, hx, n)
}

// mount mounts u: the holders rejoin (BH 11.3).
func (h *hour) mount(u *Unit) {
	u.Strength += u.Holders
	h.event("mount", "BH 11.3", "%s mounts in %s; %d horse holder SP(s) rejoin", u.Name, u.Hex, u.Holders)
	u.Holders, u.Horses, u.Dismounted = 0, "", false
}

// checkHorses removes the horses an enemy ZOC now reaches: their unit
// loses an SP, a Demoralized one if possible, and its holders (BH 11.3).
func (h *hour) checkHorses() {
	s := h.s
	for i := range s.Units {
		u := &s.Units[i]
		if u.Horses == "" || !s.enemyZOC(u.Side, u.Horses) {
			continue
		}
		h.event("horses-lost", "BH 11.3", "An enemy ZOC reaches %s's horses in %s: the horses and %d holder SP(s) are lost, and %s loses an SP", u.Name, u.Horses, u.Holders, u.Name)
		u.Horses, u.Holders, u.HorsesLost = "", 0, true
		if u.Strength > 0 {
			u.setSPs(RetreatLoss(u.sps()))
		}
		switch {
		case u.eliminated():
			h.eliminate(u)
		case u.onMap() && u.Intact() == 0:
			h.shatterNow(u)
		}
	}
}

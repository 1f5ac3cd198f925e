package lob

import (
	"fmt"
	"strings"

	"galloper/rules"
)

// What the support rules add to a side's report: its Wagons' Ammo Points,
// Depleted batteries and those away replenishing, Breastworks and
// Breastwork markers left, and promotions after leader losses. These are
// the side's own affairs and stay secret from the enemy (LoB 2.4).

// onMapNow reports whether a counter stands on the map: not yet arrived,
// away replenishing, eliminated, destroyed Wagons and leaders out of play
// are not drawn.
func (s *State) onMapNow(p *Piece) bool {
	switch {
	case p.OffMap, p.Unit != nil && p.Unit.Eliminated, p.Kind == "leader" && p.Status != "":
		return false
	case p.Kind == "wagon":
		return !s.wagonStatus(p.Name).Destroyed
	}
	return true
}

// wagonStatus is a Wagon's state without creating it: the scenario's
// loads until something has changed them.
func (s *State) wagonStatus(name string) WagonState {
	for _, w := range s.doc.Support.Wagons {
		if w.Name == name {
			return w
		}
	}
	w := s.scenarioWagon(name)
	return WagonState{Name: name, Shell: w.Shell, Canister: w.Can}
}

// supportLines are the report lines of the support rules for one side.
func (s *State) supportLines(side rules.Side) []string {
	var ls []string
	for _, name := range s.wagonNames(side) {
		w := s.wagonStatus(name)
		if w.Destroyed {
			ls = append(ls, fmt.Sprintf("  Wagon %s: destroyed%s", name, cite("LoB 8.1b")))
			continue
		}
		ls = append(ls, fmt.Sprintf("  Wagon %s at %s: %d Shell, %d Canister Ammo Points", name, s.piece(name).Hex, w.Shell, w.Canister))
	}
	for _, p := range s.doc.Pieces {
		if p.Side == side && p.Unit != nil && !p.OffMap && !p.Unit.Eliminated && (p.Unit.DepletedShell || p.Unit.DepletedCanister) {
			ls = append(ls, fmt.Sprintf("  %s is Depleted: %s%s", p.Name, depletedText(p.Unit), cite("LoB 8.2")))
		}
	}
	for _, a := range s.doc.Support.Away {
		switch {
		case s.piece(a.Name).Side != side:
		case a.Waits == offMapWait:
			ls = append(ls, fmt.Sprintf("  %s is replenishing off the map; back on the map at %s, then an hour to return%s", a.Name, s.scn.clock(a.OnMap).Format("15:04"), cite("LoB 8.5d")))
		case a.Waits != "":
			ls = append(ls, fmt.Sprintf("  %s waits at %s for Ammo Points still to come%s", a.Name, a.Waits, cite("LoB 8.5c")))
		default:
			ls = append(ls, fmt.Sprintf("  %s is replenishing By Battery; back at %s at %s%s", a.Name, a.Hex, s.scn.clock(a.Returns).Format("15:04"), cite("LoB 8.5b")))
		}
	}
	ls = append(ls, s.breastworkLines(side)...)
	return append(ls, s.leaderLines(side)...)
}

// depletedText names the ammunition a battery is Depleted of.
func depletedText(u *UnitState) string {
	var ts []string
	if u.DepletedShell {
		ts = append(ts, "Shell")
	}
	if u.DepletedCanister {
		ts = append(ts, "Canister")
	}
	return strings.Join(ts, " and ")
}

// breastworkLines lists a side's Breastworks and its markers left, and
// the enemy Breastwork markers in hexes it sees: markers on the map are
// not secret (LoB 2.4).
func (s *State) breastworkLines(side rules.Side) []string {
	var ls []string
	var seen []bool
	for _, b := range s.doc.Support.Breastworks {
		if b.Side == side {
			ls = append(ls, fmt.Sprintf("  Breastwork at %s, facing %d, built by %s%s", b.Hex, b.Facing, b.Command, cite("LoB 9.5")))
			continue
		}
		if seen == nil {
			seen = s.seenBy(side)
		}
		if seen[s.scn.Map.sight.index(s.scn.Map.axial(b.Hex))] {
			ls = append(ls, fmt.Sprintf("  Enemy Breastwork seen at %s, facing %d%s", b.Hex, b.Facing, cite("LoB 9.5")))
		}
	}
	if n := s.breastworksLeft(side); n > 0 {
		ls = append(ls, fmt.Sprintf("  %d Breastwork markers left%s", n, cite("LoB 9.5a")))
	}
	return ls
}

// leaderLines lists a side's posts held after promotions and its Repls.
func (s *State) leaderLines(side rules.Side) []string {
	var ls []string
	for _, p := range s.doc.Support.Posts {
		if s.sideOf(p.Post) != side && s.brigadeSide(p.Post) != side {
			continue
		}
		who := p.Leader
		if who == "" {
			who = "nobody (vacant)"
		}
		ls = append(ls, fmt.Sprintf("  %s is now led by %s%s", p.Post, who, cite("LoB 9.1b")))
	}
	for _, r := range s.doc.Support.Repls {
		if s.brigadeSide(r.Brigade) == side {
			ls = append(ls, fmt.Sprintf("  %s is led by %s at %s, a Zero%s", r.Brigade, replName(r.Brigade), r.Hex, cite("LoB 9.1b, 9.1e")))
		}
	}
	return ls
}

// brigadeSide is the side of a brigade, or "".
func (s *State) brigadeSide(name string) rules.Side {
	if c := s.brigadeCommand(name); c != nil {
		return c.Side
	}
	return ""
}

package lob

import (
	"fmt"
	"strings"
)

// Entry Areas (LoB 3.7, 3.7a, 3.7b). A map lists its Entry Areas in order
// along the map edge; an area of one hex is an Entry Hex where a Command
// comes on in Column, an area of several hexes is a "Wide" Entry Area. A
// Command's arrival names the Entry Hex of its area (the area's first hex,
// or any hex of it). A map without Entry Areas treats every Entry Hex as
// an area of its own, which never shifts.
//
// Galloper's rulings (docs/rulings-lob.md R-E-1, R-E-2), where the rules
// leave the choice to the owning player: a blocked area shifts to the
// nearest usable area in the map's list, the earlier one in the list on a
// tie (3.7a); a Command entering a Wide Entry Area always comes on
// deployed, filling its usable hexes in the listed order up to the
// stacking limit, with its leaders and HQ in the first, and any units
// left over entering in the last hex it used (3.7b). When every area is
// blocked the Command waits off the map (the Play Note of 3.7).

// EntryArea is one lettered Entry Area on the map edge (LoB 3.7).
type EntryArea struct {
	Name  string
	Hexes []string
}

// entryAreaFile is an Entry Area as a map file gives it.
type entryAreaFile struct {
	Name  string   `yaml:"name"`
	Hexes []string `yaml:"hexes"`
}

// entryAreas reads a map's Entry Areas: named, on the map edge, each hex
// in one area only.
func (v *loader) entryAreas(m *Map, fs []entryAreaFile) []EntryArea {
	var out []EntryArea
	used := map[string]bool{}
	for i, f := range fs {
		a := EntryArea{Name: f.Name}
		if f.Name == "" || len(f.Hexes) == 0 {
			v.fail("entry_areas[%d]: fields name and hexes are required", i)
		}
		for _, id := range f.Hexes {
			h := v.entryHex(m, "entry_areas["+f.Name+"]", id)
			if h == "" {
				continue
			}
			if used[h] {
				v.fail("entry_areas[%s]: %s is already in an Entry Area", f.Name, h)
			}
			used[h] = true
			a.Hexes = append(a.Hexes, h)
		}
		out = append(out, a)
	}
	return out
}

// entryArea returns the index of the Entry Area holding a hex, or -1.
func (m *Map) entryArea(h string) int {
	for i, a := range m.EntryAreas {
		for _, id := range a.Hexes {
			if id == h {
				return i
			}
		}
	}
	return -1
}

// usableEntry lists the hexes of an area that hold no enemy combat unit
// and lie in no EZOC (LoB 3.7a).
func (r *resolver) usableEntry(a EntryArea, ezoc map[string]bool) []string {
	enemy := r.s.enemyOf(r.side)
	var out []string
	for _, h := range a.Hexes {
		if !ezoc[h] && len(r.s.stackUnits(enemy, h)) == 0 {
			out = append(out, h)
		}
	}
	return out
}

// entryFor finds where a Command arriving at its Entry Hex comes on: the
// area of that hex or, when enemy combat units or EZOCs block it, the
// nearest usable area (LoB 3.7a). It returns the area and its usable
// hexes; none when every area is blocked.
func (r *resolver) entryFor(entry string) (EntryArea, []string) {
	m := &r.s.scn.Map
	ezoc := r.s.zoc(r.s.enemyOf(r.side))
	at := m.entryArea(entry)
	if at < 0 {
		a := EntryArea{Name: entry, Hexes: []string{entry}}
		return a, r.usableEntry(a, ezoc)
	}
	n := len(m.EntryAreas)
	for d := 0; d < n; d++ {
		for _, i := range []int{at - d, at + d} {
			if i < 0 || i >= n {
				continue
			}
			if hs := r.usableEntry(m.EntryAreas[i], ezoc); len(hs) > 0 {
				return m.EntryAreas[i], hs
			}
		}
	}
	return m.EntryAreas[at], nil
}

// enterCommand brings a Command's counters on (LoB 3.7); see enter.
func (r *resolver) enterCommand(c *Command, hexes []string, wide bool) []string {
	var ps []*Piece
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.OffMap && r.s.belongs(p.Name, c) && r.s.scn.arrival(p.Name) == nil {
			ps = append(ps, p) // units of the Order of Arrival keep their own turn
		}
	}
	return r.enter(ps, hexes, wide)
}

// enter brings counters on (LoB 3.7): all at the first usable hex of an
// Entry Hex (in Column), or deployed across a Wide Entry Area up to the
// stacking limit a hex, artillery Limbered (3.7b). It returns the hexes
// used.
func (r *resolver) enter(ps []*Piece, hexes []string, wide bool) []string {
	used := []string{hexes[0]}
	at, sp := 0, 0
	for _, p := range ps {
		p.OffMap = false
		r.s.setHex(p, hexes[0])
		if !wide || p.Unit == nil {
			continue
		}
		if u := r.s.scn.unit(p.Name); u != nil && u.Arm == ArmArtillery {
			p.Unit.Formation = u.Sides[0] // Limbered (3.7b)
		}
		if sp+p.Unit.SP > stackingLimit && sp > 0 && at+1 < len(hexes) {
			at, sp = at+1, 0
			used = append(used, hexes[at])
		}
		r.s.setHex(p, hexes[at])
		sp += p.Unit.SP
	}
	return used
}

// arriveAt brings on one Command whose arrival turn has come (LoB 3.7): at
// its Entry Area, or shifted from a blocked one (3.7a); when every area is
// blocked it waits off the map for the next friendly Activity Phase. It
// reports whether the Command came on.
func (r *resolver) arriveAt(c *Command, entry string) bool {
	return r.comeOn(c.Name, entry, func(hexes []string, wide bool) []string { return r.enterCommand(c, hexes, wide) })
}

// arriveUnits brings on the units of the scenario's Order of Arrival whose
// turn has come (LoB 3.7), each group at its Entry Hex as a Command
// arrives (3.7a, 3.7b). Units of a Command not yet on the map wait for it.
func (r *resolver) arriveUnits() {
	for _, rf := range r.s.scn.Reinforcements {
		if rf.Side != r.side || rf.Turn > r.turn || r.s.cmdStatus(rf.Command).ArrivesTurn != 0 {
			continue
		}
		var ps []*Piece
		for _, u := range rf.Units {
			if p := r.s.piece(u.Name); p != nil && p.OffMap && p.Unit != nil && !p.Unit.Eliminated {
				ps = append(ps, p)
			}
		}
		if len(ps) == 0 {
			continue
		}
		who := fmt.Sprintf("%s (%s)", unitNames(ps), rf.Command)
		r.comeOn(who, rf.Entry, func(hexes []string, wide bool) []string { return r.enter(ps, hexes, wide) })
	}
}

// arrival is the Order of Arrival entry that brings a unit on, or nil
// when the unit starts on the map or arrives with its Command (LoB 3.7).
func (s *Scenario) arrival(name string) *Reinforcement {
	for i := range s.Reinforcements {
		for _, u := range s.Reinforcements[i].Units {
			if u.Name == name {
				return &s.Reinforcements[i]
			}
		}
	}
	return nil
}

// comeOn places arriving counters, named who in events, at an Entry Hex's
// area or the nearest usable one (LoB 3.7, 3.7a) with place; when every
// area is blocked they wait off the map. It reports whether they came on.
func (r *resolver) comeOn(who, entry string, place func(hexes []string, wide bool) []string) bool {
	m := &r.s.scn.Map
	area, hexes := r.entryFor(entry)
	if len(hexes) == 0 {
		r.add("reinforcement-blocked", "LoB 3.7a", "%s cannot enter: enemy combat units or EZOCs block every Entry Area; it waits off the map", who)
		return false
	}
	if from := m.entryArea(entry); from >= 0 && m.EntryAreas[from].Name != area.Name {
		r.add("reinforcement-shifted", "LoB 3.7a", "Entry Area %s (%s) is blocked by enemy combat units or EZOCs: %s shifts to Entry Area %s", m.EntryAreas[from].Name, entry, who, area.Name)
	}
	wide := len(area.Hexes) > 1
	used := place(hexes, wide)
	defer func() {
		// Units entering take lone enemy leaders and overrun HQs as a
		// stack moving in would (LoB 3.0b, 9.1a).
		for _, h := range used {
			if len(r.s.stackUnits(r.side, h)) > 0 {
				r.fail(r.captureLoneLeaders(h))
				r.hqsOverrunAt(h)
			}
		}
	}()
	if wide {
		r.add("reinforcement-arrives", "LoB 3.7b", "%s arrives deployed in Entry Area %s at %s", who, area.Name, strings.Join(used, ", "))
		return true
	}
	r.add("reinforcement-arrives", "LoB 3.7", "%s arrives on the map at %s", who, used[0])
	return true
}

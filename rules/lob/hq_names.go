package lob

// hqNames finds the Commands whose HQ a STACK block names without asking
// every Command of the game at every block: a big battle has dozens of
// Commands and hundreds of blocks. It is drawn once a file, as the
// position does not change while a file is checked (fileChecks).
type hqNames struct {
	cmds []*Command // scn.commands(), in order
	// bolted lists for each counter name the Commands (by position in
	// cmds) whose bolted counter it is (boltedPiece), in order; hq the
	// first Command with an HQ counter of that name.
	bolted map[string][]int
	hq     map[string]int
}

// newHQNames draws the HQ names of the position.
func (s *State) newHQNames() *hqNames {
	x := &hqNames{cmds: s.scn.commands(), bolted: map[string][]int{}, hq: map[string]int{}}
	for k, c := range x.cmds {
		n := s.boltedPiece(c)
		x.bolted[n] = append(x.bolted[n], k)
		if _, ok := x.hq[c.HQName()]; !ok && !c.NoHQ {
			x.hq[c.HQName()] = k
		}
	}
	return x
}

// boltedIn is State.boltedIn read from the index: the first Command, in
// the scenario's order, whose bolted counter is one of names and that has
// no accepted order (LoB 10.8a).
func (x *hqNames) boltedIn(s *State, names []string) (string, *Command) {
	best := -1
	for _, n := range names {
		for _, k := range x.bolted[n] {
			if best >= 0 && k >= best {
				break
			}
			if s.areaRuled(x.cmds[k]) {
				best = k
				break
			}
		}
	}
	if best < 0 {
		return "", nil
	}
	return s.boltedPiece(x.cmds[best]), x.cmds[best]
}

// hqOf is the first Command, in the scenario's order, with an HQ counter
// named in names (orderedHQMoves), or nil.
func (x *hqNames) hqOf(names []string) *Command {
	best := -1
	for _, n := range names {
		if k, ok := x.hq[n]; ok && (best < 0 || k < best) {
			best = k
		}
	}
	if best < 0 {
		return nil
	}
	return x.cmds[best]
}

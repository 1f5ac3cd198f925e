package wintersvictory

// Moving through a friendly occupied hex (See WV 6.12, 6.13, 6.52). A
// unit moves through a hex it enters and leaves in one MOVE (the hex it
// ends in is entered, 6.12, at no extra cost; ruling R92). For each hex
// it moves through, whose friendly formed units are counted once each:
//
//  1. Formed cavalry pays +1 MP if a friendly formed unit is there; an
//     infantry battalion in Line there, whose frontal hexside the cavalry
//     crosses coming in or going out, adopts General Order (6.13.1).
//  2. Infantry in Line pays +1 MP to leave a hex holding a formed unit,
//     or, without the points, adopts General Order (6.13.2; ruling R92).
//  3. Formed infantry or cavalry passing from front to rear or rear to
//     front through a friendly unlimbered battery pays +1 MP to leave;
//     the battery is not affected (6.13.3).
//  4. Any formed unit passing from front to rear or rear to front through
//     a battalion in Line puts it in General Order (6.13.2).
//  5. A unit entering and leaving the hex along one road passes through a
//     unit not in Road Column with no penalty to either (6.52; ruling R92).
//
// Grand Tactical Movement passes through friendly units without penalty
// (6.13 Note, 6.42); Road Column is 6.64's.

// formedUnit reports a formed unit in the sense of 7.0: not in General
// Order, Skirmish, Disordered or Routed.
func formedUnit(u *Unit) bool {
	return u.formed() && u.Formation != "general order" && !u.skirmishing() && u.Formation != "road column"
}

// edgeOf is which of a frontal unit's hexsides in hex at faces the
// adjacent hex n: "front", "flank" or "rear" (5.0); "" for a unit with
// all-around facing.
func (s *State) edgeOf(o *Unit, at, n string) string {
	if !o.frontal() {
		return ""
	}
	d := angleOff(layout.CornerBearing(o.Facing), s.bearingTo(at, n))
	switch {
	case d <= 60+1e-6:
		return "front"
	case d >= 150-1e-6:
		return "rear"
	}
	return "flank"
}

// throughHex is what moving through hex at, from prev to next, asks of
// the mover u (line: it is in Line now) with left half Movement Points:
// the extra half points, whether it adopts General Order instead, and the
// battalions in Line there that adopt General Order.
func (r *run) throughHex(u *Unit, line bool, prev, at, next string, left int) (extra int, adopt bool, disturbed []*Unit) {
	if road := r.s.roadBetween(prev, at); road != "" && road == r.s.roadBetween(at, next) {
		return 0, false, nil // 6.52
	}
	if !formedUnit(u) && !line {
		return 0, false, nil
	}
	var cavalry, lineExit, battery bool
	for _, o := range r.s.unitsAt(at) {
		if o == u || o.Side != u.Side || !formedUnit(o) || o.Extended != "" {
			continue
		}
		in, out := r.s.edgeOf(o, at, prev), r.s.edgeOf(o, at, next)
		across := in == "front" && out == "rear" || in == "rear" && out == "front"
		lineThere := o.Type == "infantry" && o.Formation == "line"
		switch u.Type {
		case "cavalry":
			cavalry = true
			if lineThere && (in == "front" || out == "front") {
				disturbed = append(disturbed, o)
				continue
			}
		case "infantry":
			lineExit = lineExit || line
		}
		if o.Type == "artillery" && o.Formation == "unlimbered" && across && u.Type != "artillery" {
			battery = true
		}
		if lineThere && across {
			disturbed = append(disturbed, o)
		}
	}
	for _, on := range []bool{cavalry, battery} {
		if on {
			extra += 2
		}
	}
	if lineExit {
		if extra+2 <= left {
			extra += 2
		} else {
			adopt = true
		}
	}
	return extra, adopt, disturbed
}

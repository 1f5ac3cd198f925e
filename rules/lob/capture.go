package lob

import "slices"

// loneLeaders lists the enemy leaders alone in a hex: no enemy combat unit
// with them (LoB 3.0b, 9.1a).
func (r *resolver) loneLeaders(h string) []*Piece {
	enemy := r.s.enemyOf(r.side)
	if slices.ContainsFunc(r.s.combatUnitsIn(h), func(p *Piece) bool { return p.Side == enemy }) {
		return nil
	}
	var out []*Piece
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.Side == enemy && p.Kind == "leader" && p.Hex == h && p.Status == "" {
			out = append(out, p)
		}
	}
	return out
}

// captureLeaders rolls on the Capture column for each enemy leader that
// was alone in a hex the stack's combat units enter (LoB 3.0b, 9.1a). A
// captured leader leaves play; one that escapes goes to the nearest hex
// holding a combat unit of his Command (first by hex id).
func (r *resolver) captureLeaders(a *actingStack, leaders []*Piece) {
	if len(a.units) == 0 {
		return
	}
	for _, l := range leaders {
		roll := r.log.Roll2d6("LoB 9.1a", "Capture check for "+l.Name)
		res, err := r.s.charts.field.LeaderLoss(LeaderCapture, roll, 0)
		if r.fail(err) {
			return
		}
		if res != "" && res != "-" {
			l.Status = "lost"
			r.s.raise("leader-lost", l.Name)
			r.log.Addf("leader-loss", "LoB 9.1a", "%s, alone in %s, rolls %d on the Capture column: %s, and leaves play", l.Name, a.hex, roll, res)
			continue
		}
		to := r.escapeHex(l)
		r.log.Addf("leader-escapes", "LoB 9.1a", "%s, alone in %s, rolls %d on the Capture column and escapes to %s", l.Name, a.hex, roll, to)
		l.Hex = to
	}
}

// escapeHex is the nearest hex holding a combat unit of the counter's
// Command (first by hex id), or its own hex when there is none.
func (r *resolver) escapeHex(l *Piece) string {
	m := &r.s.scn.Map
	best := ""
	for _, c := range r.s.scn.commands() {
		if !r.s.belongs(l.Name, c) {
			continue
		}
		for _, u := range c.units() {
			p := r.s.piece(u.Name)
			if p.Unit.Eliminated || p.OffMap || p.Hex == l.Hex {
				continue
			}
			if d, bd := m.distance(l.Hex, p.Hex), m.distance(l.Hex, best); best == "" || d < bd || d == bd && p.Hex < best {
				best = p.Hex
			}
		}
	}
	if best == "" {
		return l.Hex
	}
	return best
}

// displaceHQs moves the enemy HQs alone in a hex the stack's combat units
// entered to the nearest combat unit of their Command; each displaced
// Command must Skedaddle, which command and control starts (LoB 9.2,
// 9.2b, 10.9).
func (r *resolver) displaceHQs(a *actingStack, hqs []*Piece) {
	if len(a.units) == 0 {
		return
	}
	for _, hq := range hqs {
		to := r.escapeHex(hq)
		r.log.Addf("hq-displaced", "LoB 9.2", "%s, alone in %s, is displaced to %s", hq.Name, a.hex, to)
		hq.Hex = to
		for _, c := range r.s.scn.commands() {
			if c.HQName() == hq.Name {
				r.s.raise("hq-overrun", c.Name)
			}
		}
	}
}

// loneHQs lists the enemy HQs in a hex with no enemy combat unit (LoB 9.2).
func (r *resolver) loneHQs(h string) []*Piece {
	enemy := r.s.enemyOf(r.side)
	if slices.ContainsFunc(r.s.combatUnitsIn(h), func(p *Piece) bool { return p.Side == enemy }) {
		return nil
	}
	var out []*Piece
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.Side == enemy && p.Kind == "hq" && p.Hex == h {
			out = append(out, p)
		}
	}
	return out
}

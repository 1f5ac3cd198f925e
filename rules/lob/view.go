package lob

import (
	"fmt"
	"strings"

	"galloper/rules"
)

// view is what one side sees; the empty side is the umpire. Enemy counters
// show only in hexes the side sees (visibility.go: line of sight within the
// turn's visibility, LoB 4.0-4.3), and of an enemy stack only the top
// combat unit (LoB 2.4). Orders are secret (LoB 2.4).
func (s *State) view(side rules.Side) rules.View {
	seg := s.Segment()
	t := seg.Turn
	v := rules.View{
		System:      systemID,
		Side:        side,
		Turn:        fmt.Sprintf("Turn %d of %d, %s", t, s.scn.Turns, s.scn.clock(t).Format("15:04")),
		Segment:     seg.Label,
		Provisional: s.charts.pack.Provisional,
		ChartPack:   s.charts.pack.Name,
	}
	if s.Over() {
		v.Segment = "game over"
	}
	v.Lines = s.lines(side, v)
	seen := s.seen(side)
	v.Map = s.mapViewSeen(side, seen)
	v.Roster = s.roster(side, seen)
	v.Victory = s.victory(side, seen)
	v.Style = Style()
	return v
}

func (s *State) sidesFor(side rules.Side) []*SideOOB {
	var out []*SideOOB
	for i := range s.scn.Sides {
		if side == "" || s.scn.Sides[i].Side == side {
			out = append(out, &s.scn.Sides[i])
		}
	}
	return out
}

func (s *State) lines(side rules.Side, v rules.View) []string {
	ls := []string{fmt.Sprintf("%s: %s. %s.", s.scn.Title, v.Turn, v.Segment)}
	if v.Provisional {
		ls = append(ls, fmt.Sprintf("Chart pack %q is PROVISIONAL: its values are not the official LoB Charts & Tables.", v.ChartPack))
	}
	for _, sd := range s.sidesFor(side) {
		ls = append(ls, fmt.Sprintf("%s orders (Army Commander %s, Awareness %s):", sd.Side, sd.Army.Leader.Name, sd.Awareness))
		n := 0
		for i := range s.doc.Orders {
			if o := &s.doc.Orders[i]; o.Side == sd.Side {
				ls = append(ls, "  "+s.describe(o))
				n++
			}
		}
		if n == 0 {
			ls = append(ls, "  none")
		}
		ls = append(ls, s.supportLines(sd.Side)...)
		ls = append(ls, fmt.Sprintf("%s Commands:", sd.Side))
		for _, c := range append([]*Command{&sd.Army}, ptrs(sd.Commands)...) {
			if s.piece(c.Leader.Name).OffMap {
				ls = append(ls, fmt.Sprintf("  %s: not yet on the map", c.Name))
				continue
			}
			status := "no accepted order: defending" + cite("LoB 10.8a")
			for i := range s.doc.Orders {
				if o := &s.doc.Orders[i]; o.To == c.Name && o.Status == Accepted {
					status = "executing " + o.ID
				}
			}
			status += s.areaNote(c) // areas.go
			ls = append(ls, fmt.Sprintf("  %s: HQ at %s, %s at %s; %s%s",
				c.Name, s.hqHex(c), c.Leader.Name, s.piece(c.Leader.Name).Hex, status, s.commandNotes(c)))
		}
		ls = append(ls, s.standingLines(sd.Side)...)
	}
	return ls
}

// commandNotes is a Command's order-system status for reports: stopped,
// recovering, Skedaddling, in Reserve.
func (s *State) commandNotes(c *Command) string {
	cs := s.cmdStatus(c.Name)
	var ns []string
	if cs.Fluke {
		ns = append(ns, "stopped by Fluke Stoppage"+cite("LoB 10.7b"))
	}
	if cs.Recovering {
		ns = append(ns, "recovering: needs Attack Recovery before new Attack orders"+cite("LoB 10.8c"))
	}
	if cs.Skedaddle != "" {
		ns = append(ns, "Skedaddling, HQ fixed at "+cs.Skedaddle+cite("LoB 10.9"))
	}
	if s.inReserve(c) {
		ns = append(ns, "in Reserve"+cite("LoB 10.4c"))
	}
	if cs.Associated != "" {
		ns = append(ns, "associated with "+cs.Associated+cite("LoB 10.8e"))
	}
	if cs.Destination != "" {
		ns = append(ns, "HQ destination "+cs.Destination+cite("LoB 10.8e"))
	}
	if len(ns) == 0 {
		return ""
	}
	return "; " + strings.Join(ns, "; ")
}

// cite is how a report line that has no event of its own cites its rule:
// after the text, in brackets, " [LoB 10.8a]". Every such line uses it,
// so a report never prints "(LoB ...)" in its text.
func cite(rule string) string { return " [" + rule + "]" }

func ptrs(cs []Command) []*Command {
	out := make([]*Command, len(cs))
	for i := range cs {
		out[i] = &cs[i]
	}
	return out
}

// seen reports which hexes, indexed like Map.Hexes, the side can see. The
// umpire sees every hex.
func (s *State) seen(side rules.Side) []bool {
	if side == "" {
		all := make([]bool, len(s.scn.Map.Hexes))
		for i := range all {
			all[i] = true
		}
		return all
	}
	return s.seenBy(side)
}

func (s *State) mapView(side rules.Side) *rules.MapView { return s.mapViewSeen(side, s.seen(side)) }

// mapViewSeen is mapView given the hexes the side sees.
func (s *State) mapViewSeen(side rules.Side, seen []bool) *rules.MapView {
	m := &s.scn.Map
	mv := &rules.MapView{Name: m.Name, Layout: m.Layout, Cols: m.Cols, Rows: m.Rows}
	for i, h := range m.Hexes {
		mv.Hexes = append(mv.Hexes, rules.HexView{ID: h.ID, Col: h.At.Col, Row: h.At.Row, Terrain: h.Terrain,
			Elevation: h.Elevation, Hidden: !seen[i], Label: h.Place})
	}
	for _, hs := range m.Hexsides {
		mv.Hexsides = append(mv.Hexsides, rules.HexsideView{A: hs.A, B: hs.B, Kind: hs.Kind})
	}
	for _, r := range m.Roads {
		mv.Roads = append(mv.Roads, append([]string(nil), r.Hexes...))
	}
	for _, c := range m.Creeks {
		mv.Streams = append(mv.Streams, append([]string(nil), c.Hexes...))
	}
	show := s.shown(side, seen)
	for i, p := range s.doc.Pieces {
		if !show[i] || !s.onMapNow(&p) {
			continue
		}
		mv.Units = append(mv.Units, s.unitView(p, side))
	}
	for i := range s.doc.Orders {
		o := &s.doc.Orders[i]
		if (side != "" && o.Side != side) || (o.Status != Accepted && o.Status != InTransit) {
			continue
		}
		path := o.Path
		hq := s.hqHex(s.scn.command(o.To))
		if o.Status == InTransit {
			path = s.plan(hq, o)
		}
		mv.Arrows = append(mv.Arrows, rules.ArrowView{Side: o.Side,
			Label: fmt.Sprintf("%s %s %s", o.ID, o.Type, o.To), Hexes: append([]string{hq}, path...)})
	}
	return mv
}

// unitView is a counter as drawn for a side: combat units with their
// facing, formation and status (the hex's Morale State, LoB 6.0a; Wrecked,
// 5.7, only to its owner and the umpire, since it tells the unit's
// strength, which stays secret, 2.4).
func (s *State) unitView(p Piece, side rules.Side) rules.UnitView {
	v := rules.UnitView{Name: p.Name, Side: p.Side, Kind: p.Kind, Hex: p.Hex, Status: p.Status}
	if p.Unit == nil {
		return v
	}
	v.Formation = p.Unit.Formation
	if side == "" || side == p.Side {
		// A unit's strength is its owner's secret (LoB 2.4).
		v.Strength = fmt.Sprint(p.Unit.SP)
	}
	if f := p.Unit.Facing; f >= 0 && f < 6 {
		// A unit faces a hexside (LoB 5.1); the view gives its bearing.
		v.Facing = rules.Facing(s.scn.Map.Layout.Bearing(f))
	}
	var st []string
	if m := s.marker(p.Hex); m.Morale != "" && m.Morale != MoraleNormal {
		st = append(st, string(m.Morale))
	}
	if u := s.scn.unit(p.Name); u != nil && u.Wrecked(p.Unit.SP) && (side == "" || side == p.Side) {
		st = append(st, "Wrecked")
	}
	if p.Unit.Reserve {
		st = append(st, "Reserve")
	}
	v.Status = strings.Join(st, ", ")
	return v
}

// marker returns the markers on a hex (zero when there are none).
func (s *State) marker(h string) HexMarker {
	if i, ok := s.markerAt(h); ok {
		return s.doc.Markers[i]
	}
	return HexMarker{Hex: h, Morale: MoraleNormal}
}

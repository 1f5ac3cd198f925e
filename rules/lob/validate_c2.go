package lob

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"galloper/rules/lob/lobtext"
)

// validateDirective checks one command directive (lobtext/command.go):
// INITIATIVE, FUTILE, POST, WAGON or SKEDADDLE.
func (s *State) validateDirective(sd *SideOOB, d *lobtext.Directive, ps *problems) {
	switch d.Keyword {
	case "INITIATIVE":
		if code, rule, msg := s.initiativeProblem(sd, d); code != "" {
			ps.add(d.At, code, rule, msg, "see LoB 10.10b for what Initiative may do")
		}
	case "FUTILE":
		c := s.commandByAnyName(d.Who)
		if c == nil || c.Side != sd.Side {
			ps.add(d.WhoAt, "lob-unknown-command", "LoB 10.7a", fmt.Sprintf("%s is not one of your Commands", d.Who), "name the Command, its HQ or its leader")
		} else if !s.hasAttack(c) {
			ps.add(d.At, "lob-10.7a-futile", "LoB 10.7a", fmt.Sprintf("%s is carrying out no Attack order to declare futile", c.Name), "remove the FUTILE line")
		}
	case "SKEDADDLE":
		c := s.commandByAnyName(d.Who)
		switch {
		case c == nil || c.Side != sd.Side:
			ps.add(d.WhoAt, "lob-unknown-command", "LoB 10.9", fmt.Sprintf("%s is not one of your Commands", d.Who), "name the Command, its HQ or its leader")
		case s.cmdStatus(c.Name).Skedaddle != "":
			ps.add(d.At, "lob-10.9-already", "LoB 10.9", fmt.Sprintf("%s is already Skedaddling; no new Skedaddle until it ends", c.Name), "end it first with INITIATIVE END-SKEDADDLE")
		case d.Target != "" && !s.onMapHex(d.Target):
			ps.add(d.At, "lob-10.9-hex", "LoB 10.9", fmt.Sprintf("%s is not a hex of this map", d.Target), "name a hex to the rear")
		}
	case "SURRENDER":
		if code, msg := s.surrenderProblem(sd, d.Who); code != "" {
			ps.add(d.At, code, "LoB 10.9d", msg, "only units of a Skedaddling Command that cannot get back into Command Radius may surrender")
		}
	case "POST":
		if p, ok := s.ownPieceExact(sd, d.Who); !ok || p.Kind != ArmArtillery {
			ps.add(d.WhoAt, "lob-9.1c-not-battery", "LoB 9.1c", fmt.Sprintf("%s is not one of your batteries", d.Who), "name the battery as its counter does")
		} else if !s.onMapHex(d.Target) {
			ps.add(d.At, "lob-9.1c-hex", "LoB 9.1c", fmt.Sprintf("%s is not a hex of this map", d.Target), "give the hex the battery is posted to")
		}
	case "WAGON":
		if p, ok := s.ownPieceExact(sd, d.Who); !ok || p.Kind != "wagon" {
			ps.add(d.WhoAt, "lob-8.1c-not-wagon", "LoB 8.1c", fmt.Sprintf("%s is not one of your Wagons", d.Who), "name the Wagon as its counter does")
		} else if !s.onMapHex(d.Target) {
			ps.add(d.At, "lob-8.1c-hex", "LoB 8.1c", fmt.Sprintf("%s is not a hex of this map", d.Target), "give the Wagon's destination hex")
		}
	}
}

func (s *State) onMapHex(h string) bool { _, ok := s.scn.Map.Hex(h); return ok }

// ownPieceExact finds a counter of the side by exact name.
func (s *State) ownPieceExact(sd *SideOOB, name string) (*Piece, bool) {
	i, ok := s.index[name]
	if !ok || s.doc.Pieces[i].Side != sd.Side {
		return nil, false
	}
	return &s.doc.Pieces[i], true
}

// hasAttack reports whether a Command is carrying out an Attack order.
func (s *State) hasAttack(c *Command) bool {
	for _, o := range s.doc.Orders {
		if o.To == c.Name && o.Status == Accepted && o.Type == "ATTACK" {
			return true
		}
	}
	return false
}

// commandParts checks and copies an order's reserves, artillery, axis and
// defence lines (LoB 10.4c, 10.8e, 12.4, 12.2).
func (s *State) commandParts(sd *SideOOB, w *lobtext.Written, o *Order, ps *problems) {
	to := s.scn.command(o.To)
	var path []string
	for _, in := range w.For {
		if to != nil && !s.within(in.Unit, to) && !s.associatedIn(in.Unit, w) {
			ps.add(in.At, "lob-10.3c-for", "LoB 10.3c", fmt.Sprintf("%s is not part of %s; an order instructs one Command and its own formations", in.Unit, to.Name),
				"send that formation's instructions in an order to its own Command")
			continue
		}
		if to == nil || o.Objective == "" {
			continue
		}
		if path == nil {
			path = s.hqPath(to, o)
		}
		s.orderedOut(in, to, path, ps)
	}
	for _, r := range w.Command.Reserves {
		if len(s.formationUnits(r.Name)) == 0 || to == nil || !s.within(r.Name, to) {
			ps.add(r.At, "lob-10.4c-reserve", "LoB 10.4c", fmt.Sprintf("%s is not a formation of %s", r.Name, o.To),
				"name the Command itself or one of its brigades or regiments")
			continue
		}
		o.Reserves = append(o.Reserves, r.Name)
	}
	s.artilleryLines(sd, w, o, to, ps)
	if w.Command.Axis != "" || (s.optional("12.4") && o.Type == "ATTACK") {
		s.axis(w, o, ps)
	}
	if w.Command.Defend != "" {
		s.defence(w, o, ps)
	}
}

// hqPath is the hexes an order takes a Command's HQ through: where it
// stands, its route and its objective (LoB 10.3b, 10.2h); for a Command
// not yet on the map, its route's hexes and its objective (10.3f).
func (s *State) hqPath(c *Command, o *Order) []string {
	if !s.piece(c.Leader.Name).OffMap {
		return append([]string{s.hqHex(c)}, s.plan(s.hqHex(c), o)...)
	}
	out := []string{o.Objective}
	for _, w := range o.Route {
		if w.Hex != "" {
			out = append(out, w.Hex)
		}
	}
	return out
}

var hexInText = regexp.MustCompile(`\b[A-Za-z]\d{1,3}\.\d{1,3}\b`)

// orderedOut applies LoB 10.2i, "the player cannot order formations out
// of Command Radius": every hex or named place a FOR instruction gives a
// formation below the ordered Command must lie within the reach of the
// Command Radius tree (reachBelow) of some hex of the Command's HQ path,
// from where it stands along its route to its objective. Being out of
// radius for a moment while moving is not being ordered out.
// See docs/rulings-lob.md R-C2-10I.
func (s *State) orderedOut(in lobtext.Instruction, to *Command, path []string, ps *problems) {
	reach, ok := s.reachBelow(in.Unit, to)
	if !ok {
		return
	}
	for _, h := range s.placesIn(in.Text) {
		d := s.distanceToPath(h, path)
		if d <= reach {
			continue
		}
		ps.add(in.At, "lob-10.2i-out-of-radius", "LoB 10.2i",
			fmt.Sprintf("%s would be sent to %s, %d hexes from the nearest hex of %s's route and objective, but its Command Radius reaches only %d: the player cannot order formations out of Command Radius",
				in.Unit, h, d, to.Name, reach),
			fmt.Sprintf("keep %s within %d hexes of %s's route or objective", in.Unit, reach, to.Name))
	}
}

// placesIn lists the map hexes an instruction names, written as hex ids
// or as the map's named places, in the order they appear.
func (s *State) placesIn(text string) []string {
	var out []string
	for _, id := range hexInText.FindAllString(text, -1) {
		if h, ok := s.scn.Map.Hex(id); ok {
			out = append(out, h.ID)
		}
	}
	// A place's name counts only as whole words, longest names first, and
	// the words a longer name took are not read again for a shorter one
	// ("Round Top" is not in "round topped"; "Hollins" not again inside
	// "Hollins Crossroads").
	low := strings.ToLower(text)
	places := slices.Clone(s.scn.Map.Places)
	slices.SortStableFunc(places, func(a, b Place) int { return len(b.Name) - len(a.Name) })
	for _, pl := range places {
		name := strings.ToLower(pl.Name)
		if i := wordIndex(low, name); i >= 0 {
			out = append(out, pl.Hex)
			low = low[:i] + strings.Repeat(" ", len(name)) + low[i+len(name):]
		}
	}
	return out
}

// wordIndex is the index of the first whole-word occurrence of word in
// text, or -1: the characters either side are not letters or digits.
func wordIndex(text, word string) int {
	for from := 0; word != "" && from <= len(text); {
		i := strings.Index(text[from:], word)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(word)
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if (i == 0 || !isWordRune(before)) && (end == len(text) || !isWordRune(after)) {
			return i
		}
		from = i + 1
	}
	return -1
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// distanceToPath is the distance in hexes from a hex to the nearest hex
// of a path.
func (s *State) distanceToPath(h string, path []string) int {
	best := -1
	for _, p := range path {
		if d := s.scn.Map.distance(h, p); best < 0 || d < best {
			best = d
		}
	}
	return best
}

// reachBelow is how far from a Command's center a formation below it may
// stand and still be in Command Radius: the radius of every link of the
// tree from the Command's HQ down to the formation, added up (LoB 10.2a,
// 10.2b, 10.2e). It reports false for the Command itself and for what is
// not below it; Artillery Battalions and their batteries are placed by
// 10.8e, not here.
func (s *State) reachBelow(name string, c *Command) (int, bool) {
	own := s.radius(c)
	for _, b := range c.Brigades {
		if strings.EqualFold(name, b.Name) || (b.Leader != nil && strings.EqualFold(name, b.Leader.Name)) {
			return own, true
		}
		for _, u := range b.units() {
			if !strings.EqualFold(name, u.Name) {
				continue
			}
			if b.Leader != nil {
				return own + s.charts.radius[LevelBrigade], true
			}
			return own, true
		}
	}
	for _, u := range c.Units {
		if strings.EqualFold(name, u.Name) {
			return own, true
		}
	}
	for _, sub := range s.scn.subordinates(c) {
		if sub.Level == LevelArtillery {
			continue
		}
		if strings.EqualFold(name, sub.Name) || strings.EqualFold(name, sub.Leader.Name) {
			return own, true
		}
		if n, ok := s.reachBelow(name, sub); ok {
			return own + n, true
		}
	}
	return 0, false
}

// within reports whether a formation is the Command or part of it, at
// any level below it (LoB 10.3c); names match as a player writes them.
func (s *State) within(name string, c *Command) bool {
	if strings.EqualFold(name, c.Name) || strings.EqualFold(name, c.Leader.Name) {
		return true
	}
	for _, b := range c.Brigades {
		if strings.EqualFold(name, b.Name) || (b.Leader != nil && strings.EqualFold(name, b.Leader.Name)) {
			return true
		}
		for _, u := range b.units() {
			if strings.EqualFold(name, u.Name) {
				return true
			}
		}
	}
	for _, u := range c.Units {
		if strings.EqualFold(name, u.Name) {
			return true
		}
	}
	for _, sub := range s.scn.subordinates(c) {
		if s.within(name, sub) {
			return true
		}
	}
	return false
}

// associatedIn reports whether an order's ASSOCIATE or DESTINATION lines
// name the formation: an associated Artillery Battalion (LoB 10.3c).
func (s *State) associatedIn(name string, w *lobtext.Written) bool {
	for _, a := range w.Command.Artillery {
		if strings.EqualFold(a.Battalion, name) {
			return true
		}
	}
	return false
}

// artilleryLines applies LoB 10.8e: every Artillery Battalion the order
// moves needs a destination hex in Command Radius of a friendly infantry
// or cavalry Command, or an association with the order's Command.
func (s *State) artilleryLines(sd *SideOOB, w *lobtext.Written, o *Order, to *Command, ps *problems) {
	named := map[string]bool{}
	for _, a := range w.Command.Artillery {
		b := s.scn.command(a.Battalion)
		if b != nil {
			named[b.Name] = true
		}
		switch {
		case b == nil || b.Side != sd.Side || b.Level != LevelArtillery:
			ps.add(a.At, "lob-10.8e-not-battalion", "LoB 10.8e", fmt.Sprintf("%s is not one of your Artillery Battalions", a.Battalion), "name an Artillery Battalion Command")
			continue
		case a.Hex != "" && !s.onMapHex(a.Hex):
			ps.add(a.At, "lob-10.8e-hex", "LoB 10.8e", fmt.Sprintf("%s is not a hex of this map", a.Hex), "give a hex of this map")
			continue
		case a.Hex != "" && !s.inFriendlyRadius(sd.Side, a.Hex):
			ps.add(a.At, "lob-10.8e-destination", "LoB 10.8e",
				fmt.Sprintf("%s is not now in Command Radius of a friendly infantry or cavalry Command", a.Hex),
				"choose a hex in radius, or ASSOCIATE the battalion and give its hex later")
			continue
		}
		o.Artillery = append(o.Artillery, ArtilleryNote{Battalion: b.Name, Hex: a.Hex})
	}
	if to != nil && to.Level == LevelArtillery && !named[to.Name] {
		ps.add(w.At, "lob-10.8e-no-destination", "LoB 10.8e",
			fmt.Sprintf("an order moving %s must give its HQ's destination hex or associate it with a Command", to.Name),
			fmt.Sprintf("add DESTINATION %s at <hex>", to.Name))
	}
}

var axisHexes = regexp.MustCompile(`^([A-Za-z]+\d+\.\d+)\s*-\s*([A-Za-z]+\d+\.\d+)$`)

// axis checks an Axis of Advance (LoB 12.4): a straight line between two
// hexes, a road, or a stream, creek or river.
func (s *State) axis(w *lobtext.Written, o *Order, ps *problems) {
	a := w.Command.Axis
	if !s.optional("12.4") {
		ps.add(w.Command.AxisAt, "lob-12.4-not-in-play", "LoB 12.4", "this game does not use Axis of Advance (optional rule 12.4)", "remove the AXIS line")
		return
	}
	if a == "" {
		ps.add(w.At, "lob-12.4-axis", "LoB 12.4", "every Attack order needs an Axis of Advance", "add AXIS <road, creek or hex-hex>")
		return
	}
	if m := axisHexes.FindStringSubmatch(a); m != nil && s.onMapHex(m[1]) && s.onMapHex(m[2]) && m[1] != m[2] {
		o.Axis = a
		return
	}
	for _, r := range append(append([]Road(nil), s.scn.Map.Roads...), s.scn.Map.Creeks...) {
		if strings.EqualFold(r.Name, a) {
			o.Axis = r.Name
			return
		}
	}
	ps.add(w.Command.AxisAt, "lob-12.4-axis-form", "LoB 12.4",
		fmt.Sprintf("%q is not a straight line between two hexes, a road, or a stream, creek or river", a), "write AXIS A3.4-A9.4 or AXIS <road name>")
}

var defendForm = regexp.MustCompile(`(?i)^facing\s+(n|ne|se|s|sw|nw)\s+from\s+([A-Za-z]+\d+\.\d+)\s+to\s+([A-Za-z]+\d+\.\d+)(?:\s*,\s*front\s+.+)?$`)

// defence checks a Defensive Position (LoB 12.2): an orientation and left
// and right boundaries, written "facing <dir> from <hex> to <hex>",
// optionally followed by ", front <text>".
func (s *State) defence(w *lobtext.Written, o *Order, ps *problems) {
	d := w.Command.Defend
	if !s.optional("12.2") {
		ps.add(w.Command.DefendAt, "lob-12.2-not-in-play", "LoB 12.2", "this game does not use Defensive Positions (optional rule 12.2)", "remove the DEFEND line")
		return
	}
	m := defendForm.FindStringSubmatch(d)
	if m == nil || !s.onMapHex(m[2]) || !s.onMapHex(m[3]) {
		ps.add(w.Command.DefendAt, "lob-12.2-defend-form", "LoB 12.2",
			fmt.Sprintf("%q does not give an orientation and left and right boundary hexes", d),
			"write DEFEND facing NE from A9.6 to A9.9, front A10.6-A10.9")
		return
	}
	o.Defend = d
}

// surrenderProblem checks a SURRENDER (LoB 10.9d): a unit of a
// Skedaddling Command that is out of Command Radius.
func (s *State) surrenderProblem(sd *SideOOB, name string) (code, msg string) {
	p, ok := s.ownPieceExact(sd, name)
	l, linked := s.links(sd.Side)[name]
	switch {
	case !ok || p.Unit == nil || !linked || p.Unit.Eliminated:
		return "lob-unknown-unit", fmt.Sprintf("%s is not one of your combat units", name)
	case s.cmdStatus(l.cmd.Name).Skedaddle == "":
		return "lob-10.9d-not-skedaddling", fmt.Sprintf("%s is not Skedaddling", l.cmd.Name)
	}
	if in, _ := s.inRadius(s.newTrace(sd.Side), p, l); in {
		return "lob-10.9d-not-trapped", fmt.Sprintf("%s is back in Command Radius; it is not trapped", name)
	}
	return "", ""
}

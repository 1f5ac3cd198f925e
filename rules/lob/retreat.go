package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// retreatOrder is a retreat the field rules require of a stack: after a
// Morale result with a retreat (LoB 6.2, 6.3), a self-inflicted retreat
// (3.0e), an Open Order or Mounted withdrawal (9.4e, 9.4h) or a Routed
// stack's withdrawal in the Rally Phase (6.4 step 4).
type retreatOrder struct {
	Hex   string // the retreating stack's hex
	Hexes int    // how many hexes it must retreat (the result's "bN")
	From  string // the hex the fire or Charge came from; "" when none
	Cause string // what caused it, for events: "fire", "charge", "self", "withdrawal", "rally"
	Rule  string // the rule that orders it, e.g. "LoB 6.3"
	// Goal, when set, replaces Hexes: retreat until exactly Goal hexes
	// from every enemy combat unit (LoB 6.4 step 4).
	Goal int
	// Path is the path the owner wrote, if any (a 3.0e RETREAT script):
	// used when legal, else the path is chosen as if none were written.
	Path []string
	// SmallArms marks a retreat from a result involving Small Arms fire,
	// which makes a retreating HQ's Command Skedaddle (LoB 10.9).
	SmallArms bool
}

// withdrawal reports whether the order is an Open Order or Mounted
// withdrawal, which is not a retreat for 3.4c, 6.3e or 6.5 (LoB 9.4e).
func (o retreatOrder) withdrawal() bool { return o.Cause == "withdrawal" }

// fromMoraleTable reports whether the retreat is a Morale Table result,
// which Blood Lust stacks ignore (LoB 6.3h).
func (o retreatOrder) fromMoraleTable() bool { return o.Cause == "fire" || o.Cause == "charge" }

// retreating is a stack during its retreat.
type retreating struct {
	o        retreatOrder
	side     rules.Side
	units    []*Piece // its combat units; EZOC losses may eliminate some
	counters []*Piece // everything that moves with it: units, leaders, HQs, Wagons
	small    bool     // Small when the retreat began (LoB 6.3d exception)
	guns     bool     // only artillery: it affects no one it passes (LoB 6.3f)
	forced   []string // units it forced to Displace (LoB 6.5c)
	ezoc     map[string]bool
	depth    int  // Displacement chain depth
	extended bool // an artillery retreat extended to the rear (LoB 6.3f)
}

// retreat carries out a retreat and returns the hex the stack ends in (its
// own hex when it stands; the hex where it was destroyed, if it was). It
// returns a *pauseError when the owner must choose and no standing
// reaction covers the choice. See LoB 6.3 and 6.3a-6.3i, 3.4a, 6.5a.
func (r *resolver) retreat(o retreatOrder) (string, error) {
	side := r.s.ownerOf(o.Hex)
	if side == "" {
		return o.Hex, fmt.Errorf("lob: retreat (%s) from %s: no combat unit there", o.Rule, o.Hex)
	}
	if o.fromMoraleTable() && r.s.morale(o.Hex) == MoraleBL {
		r.add("retreat-ignored", "LoB 6.3h", "the Blood Lusted stack in %s ignores its %d-hex retreat", o.Hex, o.Hexes)
		return o.Hex, nil
	}
	defer r.aboutSide(side)() // its owner reads its fate (R-FOG-5)
	rt := r.startRetreat(o, side)
	if err := r.extendGuns(rt); err != nil {
		return o.Hex, err
	}
	path, err := r.choosePath(rt)
	if err != nil {
		return o.Hex, err
	}
	if path == nil {
		r.cannotRetreat(rt)
		return o.Hex, nil
	}
	end, err := r.walk(rt, path.hexes)
	if err != nil {
		return o.Hex, err
	}
	return end, nil
}

// startRetreat gathers the stack. Unlimbered artillery must Limber and
// artillery loses its CBF marker (LoB 6.3f).
func (r *resolver) startRetreat(o retreatOrder, side rules.Side) *retreating {
	units := r.s.stackUnits(side, o.Hex)
	rt := &retreating{o: o, side: side, units: units, counters: r.s.stackCounters(side, o.Hex),
		small: IsSmall(sps(units)), guns: allArtillery(units), ezoc: r.s.zoc(r.s.enemyOf(side))}
	for _, u := range units {
		if u.Kind == ArmArtillery && u.Unit.Formation == "unlimbered" {
			u.Unit.Formation = "limbered"
			r.add("limbered", "LoB 6.3f", "%s must Limber to retreat", u.Name)
		}
	}
	if lvl := r.s.cbf(o.Hex); lvl > 0 && slices.ContainsFunc(units, func(u *Piece) bool { return u.Kind == ArmArtillery }) {
		r.s.editMarker(o.Hex, func(m *HexMarker) { m.CBF = 0 })
		r.add("cbf-removed", "LoB 6.3f", "the retreating artillery in %s loses its level %d CBF marker", o.Hex, lvl)
	}
	return rt
}

// artilleryRetreatMax is the longest an artillery retreat may be made by
// extending it, the result and the extension together (LoB 6.3f).
const artilleryRetreatMax = 12

// extendGuns applies the owner's standing ARTILLERY reaction to a Morale
// Table retreat of a stack of only artillery (LoB 6.3f;
// docs/rulings-lob-retreat.md R-RET-9): EXTEND lengthens it to 12 hexes,
// or to the longest legal path going ever farther from the enemy allows
// (the whole path then keeps to that), and worsens the stack's
// Morale State one level; NORMAL, the default, keeps the result's length.
func (r *resolver) extendGuns(rt *retreating) error {
	how := r.s.choiceOf(rt.side, "ARTILLERY")
	if how != "EXTEND" || !rt.guns || !rt.o.fromMoraleTable() || rt.o.Hexes >= artilleryRetreatMax {
		return nil
	}
	def := strings.Split(lobtext.ReactionDefault[rt.o.reactionKind()], ", ")
	for n := artilleryRetreatMax; n > rt.o.Hexes; n-- {
		pl := r.retreatPlan(rt)
		pl.n, pl.rearward = n, true
		paths, err := r.s.pathsOf(pl, def)
		if err != nil {
			return err
		}
		if len(paths) == 0 {
			continue
		}
		was, m := rt.o.Hexes, WorsenMorale(r.s.morale(rt.o.Hex))
		rt.o.Hexes, rt.extended = n, true
		r.s.setMorale(rt.o.Hex, m)
		r.add("retreat-extended", "LoB 6.3f", "%s extends its %s retreat to %d hexes (standing ARTILLERY EXTEND) and becomes %s",
			strings.Join(names(rt.units), ", "), hexes(was), n, m)
		return nil
	}
	r.add("retreat-not-extended", "LoB 6.3f", "no path to the rear lets %s extend its %s retreat", strings.Join(names(rt.units), ", "), hexes(rt.o.Hexes))
	return nil
}

// retreatPlan is the path search for a retreat.
func (r *resolver) retreatPlan(rt *retreating) pathPlan {
	oo := len(rt.units) == 1 && r.s.isOpenOrderCapable(rt.units[0])
	pl := pathPlan{side: rt.side, start: rt.o.Hex, n: rt.o.Hexes, ref: rt.o.From, goal: rt.o.Goal,
		column: retreatColumn(rt.units, oo && rt.o.withdrawal()), ezoc: func(h string) bool { return rt.ezoc[h] }, rearward: rt.extended}
	pl.extendPast = func(h string) bool { return !rt.guns && r.s.unlimberedGunsAt(rt.side, h) }
	if c := r.s.commandOf(rt.units[0].Name); c != nil {
		pl.hq = r.s.hqHex(c)
	}
	return pl
}

// reactionKind is the standing reaction that picks the path: WITHDRAW for
// a withdrawal (LoB 9.4e), RETREAT for any other.
func (o retreatOrder) reactionKind() string {
	if o.withdrawal() {
		return "WITHDRAW"
	}
	return "RETREAT"
}

// choosePath finds the legal paths and picks one: by the owner's
// standing RETREAT (or WITHDRAW) preferences, or the owner's decision.
// The paths are found as the owner's map shows the enemy, and the one
// chosen is then held to the full rules (pathInTruth; ruling R-FOG-7). It
// returns nil when there is no legal path (LoB 6.3c).
func (r *resolver) choosePath(rt *retreating) (*retreatPath, error) {
	pl := r.retreatPlan(rt)
	if len(rt.o.Path) > 0 {
		p, why := r.s.writtenPath(pl, rt.o.Path)
		if why == "" {
			return p, nil
		}
		r.add("retreat-path-refused", rt.o.Rule, "the written path %s cannot be used: %s", strings.Join(rt.o.Path, " "), why)
	}
	kind := rt.o.reactionKind()
	def := strings.Split(lobtext.ReactionDefault[kind], ", ")
	prefs, standing := r.s.standing(rt.side, kind)
	if !standing {
		prefs = def
	}
	known := r.s.knownPlan(pl)
	paths, err := r.s.retreatPaths(known, def)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return r.pathInTruth(rt, pl, nil, prefs) // nothing the owner could choose among
	}
	rankPaths(paths, def)
	paths = paths[:min(len(paths), maxPathOptions)]
	opts := make([]string, len(paths))
	for i, p := range paths {
		opts[i] = p.label()
	}
	c := choice{Key: "retreat " + rt.units[0].Name, Side: rt.side, Rule: rt.o.Rule, Options: opts, Default: opts[0],
		Question: fmt.Sprintf("%s: the stack of %s in %s must %s; which path?", rt.o.Rule, strings.Join(names(rt.units), ", "), rt.o.Hex, rt.o.what())}
	if standing {
		mine, err := r.s.retreatPaths(known, prefs)
		if err != nil {
			return nil, err
		}
		rankPaths(mine, prefs)
		paths, c.Standing = append(paths, mine[0]), mine[0].label()
	}
	ans, err := r.decide(c)
	if err != nil {
		return nil, err
	}
	picked := &paths[0]
	for i := range paths {
		if paths[i].label() == ans {
			picked = &paths[i]
			break
		}
	}
	return r.pathInTruth(rt, pl, picked, prefs)
}

// maxPathOptions is the most paths a decision request offers.
const maxPathOptions = 6

// what says what the stack must do, for questions and events.
func (o retreatOrder) what() string {
	switch {
	case o.Goal > 0:
		return fmt.Sprintf("retreat to %d hexes from the enemy", o.Goal)
	case o.withdrawal():
		return "withdraw " + hexes(o.Hexes)
	}
	return "retreat " + hexes(o.Hexes)
}

// hexes says "1 hex" or "n hexes".
func hexes(n int) string {
	if n == 1 {
		return "1 hex"
	}
	return fmt.Sprintf("%d hexes", n)
}

// cannotRetreat eliminates a stack that cannot finish its retreat (LoB
// 6.3c); its losses may come back in Loss Recovery (9.3).
func (r *resolver) cannotRetreat(rt *retreating) {
	for _, u := range rt.units {
		u.Unit.Losses += u.Unit.SP
		u.Unit.SP, u.Unit.Eliminated = 0, true
	}
	other := r.s.enemyOf(rt.side)
	seen := r.s.namesFor(other, rt.units)
	r.tell(rt.side, r.seenThere(rt.side, rt.o.Hex, fmt.Sprintf("%s in %s: eliminated, unable to %s", seen, rt.o.Hex, rt.o.what())),
		"retreat-eliminated", "LoB 6.3c", fmt.Sprintf("%s cannot %s from %s and %s eliminated",
			strings.Join(names(rt.units), ", "), rt.o.what(), rt.o.Hex, isAre(len(rt.units))))
	if len(r.s.stackUnits(rt.side, rt.o.Hex)) == 0 {
		r.s.setMorale(rt.o.Hex, MoraleNormal)
	}
	if !rt.o.withdrawal() && rt.o.Goal == 0 {
		r.placeCowardlyLegs(rt.o.Hex, names(rt.units), "LoB 6.5a", "a stack destroyed by a Morale Table result")
	}
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// walk takes the stack along its path hex by hex: Wagons it passes join
// it (LoB 6.3g), each EZOC hex entered costs 1 SP (3.4a, 6.3e; not in a
// withdrawal, 9.4e), friendly stacks in the way choose (6.3d). Then the
// stack arrives, faces the way it came (6.3i) and leaves a Cowardly Legs
// marker where it began (6.5a).
func (r *resolver) walk(rt *retreating, path []string) (string, error) {
	prev := rt.o.Hex
	for i, h := range path {
		r.joinWagons(rt, h)
		if rt.ezoc[h] && !rt.o.withdrawal() {
			if r.ezocLoss(rt, h); len(rt.units) == 0 {
				r.arrive(rt, path[:i+1], h, prev)
				return h, r.leftAlone(rt, h) // 6.3e: no 6.3d for this hex
			}
		}
		if err := r.friendsInTheWay(rt, h, prev, i == len(path)-1); err != nil {
			return rt.o.Hex, err
		}
		prev = h
	}
	end, before := path[len(path)-1], rt.o.Hex
	if len(path) > 1 {
		before = path[len(path)-2]
	}
	r.arrive(rt, path, end, before)
	return end, nil
}

// leftAlone applies LoB 9.1d to the leaders of a stack its retreat's EZOC
// losses destroyed (6.3e), where it ended with no combat units of its side:
// each goes to another hex of his organization (R-S-10), after a capture
// roll when the retreat is a Charge's result (docs/rulings-lob.md
// R-C2-ALONE-1).
func (r *resolver) leftAlone(rt *retreating, h string) error {
	if len(r.s.stackUnits(rt.side, h)) > 0 {
		return nil
	}
	return r.leaderUnitsDestroyed(rt.side, h, rt.o.Cause == "charge")
}

// arrive moves the stack to its last hex and finishes the retreat.
func (r *resolver) arrive(rt *retreating, path []string, end, prev string) {
	from := map[string]bool{}
	for _, p := range rt.counters {
		from[p.Hex] = true
	}
	m := r.s.morale(rt.o.Hex)
	// What the other side reads: the units its map showed leaving a hex
	// it sees, and arriving where it sees them (R-FOG-5).
	other := r.s.enemyOf(rt.side)
	left := r.seenThere(rt.side, rt.o.Hex, fmt.Sprintf("%s %s from %s", r.s.namesFor(other, rt.units), verb(rt.o), rt.o.Hex))
	for _, p := range rt.counters {
		r.s.setHex(p, end)
	}
	if r.s.sees(other, end) {
		if left == "" {
			left = fmt.Sprintf("%s arrive in %s", r.s.namesFor(other, rt.units), end)
		} else {
			left += " to " + end
		}
	}
	for _, h := range sortedKeys(from) {
		if h != end && len(r.s.stackUnits(rt.side, h)) == 0 {
			r.s.setMorale(h, MoraleNormal)
		}
	}
	if len(rt.units) > 0 {
		r.s.setMorale(end, worst(r.s.morale(end), m))
	}
	way := append([]string{rt.o.Hex}, path...)
	r.tellTraced(rt.side, left, "retreat", rt.o.Rule, fmt.Sprintf("%s %s from %s to %s (%s): %s", strings.Join(names(rt.units), ", "), verb(rt.o), rt.o.Hex, end, rt.o.Cause, strings.Join(path, " ")),
		rules.Trace{Kind: rules.TraceRetreat, Side: rt.side, Label: strings.Join(names(rt.units), ", "), Hexes: way},
		left != "" && r.s.seesAll(other, way))
	r.faceBack(rt, end, prev)
	r.overstacked(rt.side, end)
	if !rt.o.withdrawal() && !rt.guns && len(rt.units) > 0 {
		r.placeCowardlyLegs(rt.o.Hex, append(names(rt.units), rt.forced...), "LoB 6.5a", "where the retreat began")
	}
	r.hqsMoved(rt)
}

func verb(o retreatOrder) string {
	if o.withdrawal() {
		return "withdraw"
	}
	return "retreat"
}

// faceBack sets the Facing of the stack's units at the end of a retreat or
// Displacement. The owner may adopt any Facing then (LoB 3.3a, 6.3i); his
// standing FACING reaction says which (docs/rulings-lob-retreat.md
// R-RET-10): ENEMY, the default, towards the hex the stack came from;
// RETREAT the way it went; KEEP the Facing each unit had.
func (r *resolver) faceBack(rt *retreating, end, prev string) {
	how := r.s.choiceOf(rt.side, "FACING")
	d := r.s.scn.Map.neighbourDir(end, prev)
	if how == "KEEP" || d < 0 || len(rt.units) == 0 {
		return
	}
	if how == "RETREAT" {
		d = (d + 3) % 6
	}
	for _, u := range rt.units {
		u.Unit.Facing = d
	}
	if how != lobtext.ReactionDefault["FACING"] {
		r.add("facing", "LoB 6.3i", "%s %s %s in %s%s", strings.Join(names(rt.units), ", "), faceVerb(len(rt.units)), facingNames[d], end, byChoice("FACING", how))
	}
}

// faceVerb is "faces" or "face".
func faceVerb(n int) string {
	if n == 1 {
		return "faces"
	}
	return "face"
}

// overstacked applies LoB 3.2a at the end of a retreat: more than 16 SPs
// in a hex make it DG, or Routed if it already was DG.
func (r *resolver) overstacked(side rules.Side, h string) {
	n := sps(r.s.stackUnits(side, h))
	if n <= stackingLimit {
		return
	}
	m := MoraleDG
	if r.s.morale(h) == MoraleDG || r.s.morale(h) == MoraleRouted {
		m = MoraleRouted
	}
	r.s.setMorale(h, m)
	r.add("overstacked", "LoB 3.2a", "%s holds %d SPs, more than %d, at the end of a retreat: it becomes %s", h, n, stackingLimit, m)
}

// joinWagons adds the side's Wagons in a hex to a retreating stack (LoB
// 6.3g, 8.1a).
func (r *resolver) joinWagons(rt *retreating, h string) {
	for _, p := range r.s.stackCounters(rt.side, h) {
		if p.Kind == "wagon" && !slices.Contains(rt.counters, p) {
			rt.counters = append(rt.counters, p)
			r.add("wagon-joins", "LoB 6.3g", "%s in %s joins the retreating stack", p.Name, h)
		}
	}
}

// ezocLoss takes the 1 SP a retreating stack loses on entering an EZOC
// hex (LoB 3.4a, 6.3e).
func (r *resolver) ezocLoss(rt *retreating, h string) {
	u := r.lossTaker(rt.side, rt.units)
	shown := r.s.shownTo(r.s.enemyOf(rt.side), u)
	u.Unit.SP--
	u.Unit.Losses++
	cut := ""
	if shown {
		cut = fmt.Sprintf("%s enters the enemy ZOC in %s and loses 1 SP", u.Name, h) // R-FOG-4
	}
	r.tell(rt.side, cut, "retreat-loss", "LoB 6.3e", fmt.Sprintf("%s enters the enemy ZOC in %s and loses 1 SP (%d left)", u.Name, h, u.Unit.SP))
	if u.Unit.SP == 0 {
		u.Unit.Eliminated = true
		rt.units = slices.DeleteFunc(rt.units, func(p *Piece) bool { return p == u })
		rt.counters = slices.DeleteFunc(rt.counters, func(p *Piece) bool { return p == u })
		if !shown {
			cut = ""
		} else {
			cut = fmt.Sprintf("%s is eliminated", u.Name)
		}
		r.tell(rt.side, cut, "eliminated", "LoB 6.3e", fmt.Sprintf("%s is eliminated", u.Name))
	}
}

// lossTaker is the unit that takes a retreat loss, by the owner's standing
// LOSSES reaction: TOP the top unit, otherwise (STRONGEST, SPREAD and the
// default) the unit with the most SPs, the higher one on ties (LoB 5.1b).
func (r *resolver) lossTaker(side rules.Side, units []*Piece) *Piece {
	if cs, ok := r.s.standing(side, "LOSSES"); ok && cs[0] == "TOP" {
		return units[0]
	}
	best := units[0]
	for _, u := range units[1:] {
		if u.Unit.SP > best.Unit.SP {
			best = u
		}
	}
	return best
}

// hqsMoved notes each HQ that retreated or was displaced with the stack.
// Of the forced moves only those 10.9 names make its Command Skedaddle
// (docs/rulings-lob.md A5, rulings-lob-support.md R-S-3): a Displacement
// by other units, and a retreat from a result involving Small Arms fire
// (the support rules' hqRetreated); command and control starts it.
func (r *resolver) hqsMoved(rt *retreating) {
	for _, p := range rt.counters {
		c := r.s.scn.command(strings.TrimSuffix(p.Name, " HQ"))
		if p.Kind != "hq" || c == nil {
			continue
		}
		if rt.o.Cause == "displacement" {
			r.s.raise("hq-displaced", c.Name)
			r.add("hq-displaced", "LoB 9.2b", "%s is forced back with its stack: %s must Skedaddle under LoB 10.9", p.Name, c.Name)
			continue
		}
		r.hqRetreated(c, rt.o.SmallArms)
	}
}

// unlimberedGunsAt reports whether a hex holds a side's Unlimbered
// artillery, with which no other unit may end a retreat (LoB 3.2d, 6.3f).
func (s *State) unlimberedGunsAt(side rules.Side, h string) bool {
	for _, u := range s.stackUnits(side, h) {
		if u.Kind == ArmArtillery && u.Unit.Formation == "unlimbered" {
			return true
		}
	}
	return false
}

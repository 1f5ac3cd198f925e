package lob

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"galloper/rules"
)

// Leaders (LoB 9.1): losses and the promotion cascade (9.1a, 9.1b),
// Artillery Leaders (9.1c), leaders whose units are destroyed (9.1d) and
// Zeroes (9.1e). The Leader Loss roll itself belongs to the fire and
// Charge rules; they call loseLeader with its result.

// Leader statuses beyond the command-and-control ones.
const (
	// leaderRemoved marks a leader taken off with his units (LoB 9.1a,
	// 9.1d); he comes back with Loss Recovery (9.3c).
	leaderRemoved = "removed"
)

// zeroNoMA, zeroHalfMA: the highest rolls of the Zero die with no MA and
// with half MA (LoB 9.1e: 1 none, 2-3 half, 4-6 normal).
const (
	zeroNoMA   = 1
	zeroHalfMA = 3
)

// replName is the name a brigade's or battalion's Repl leader goes by.
func replName(post string) string { return "Repl (" + post + ")" }

// postHolder is who holds a post, a Command or a brigade, after any
// promotions: "" when it is vacant (LoB 9.1b).
func (s *State) postHolder(post string) string {
	for _, p := range s.doc.Support.Posts {
		if p.Post == post {
			return p.Leader
		}
	}
	if c := s.scn.command(post); c != nil {
		return c.Leader.Name
	}
	if b := s.brigadeNamed(post); b != nil && b.Leader != nil {
		if r := s.repl(post); r != nil {
			return replName(post)
		}
		return b.Leader.Name
	}
	return ""
}

// setHolder records who holds a post (LoB 9.1b).
func (s *State) setHolder(post, leader string) { s.setPost(Post{Post: post, Leader: leader}) }

// setPost records a post's holder, where he came from and whether the
// promotion is temporary (LoB 9.1b).
func (s *State) setPost(p Post) {
	d := &s.doc.Support
	for i := range d.Posts {
		if d.Posts[i].Post == p.Post {
			d.Posts[i] = p
			return
		}
	}
	d.Posts = append(d.Posts, p)
	d.sortSupport()
}

// postEntry is the recorded holder of a post, if promotions changed it.
func (s *State) postEntry(post string) (Post, bool) {
	for _, p := range s.doc.Support.Posts {
		if p.Post == post {
			return p, true
		}
	}
	return Post{}, false
}

// brigadeNamed finds a brigade of the order of battle by name.
func (s *State) brigadeNamed(name string) *Brigade {
	for _, c := range s.scn.commands() {
		for i := range c.Brigades {
			if c.Brigades[i].Name == name {
				return &c.Brigades[i]
			}
		}
	}
	return nil
}

// repl is the Repl leading a brigade, or nil.
func (s *State) repl(brigade string) *Repl {
	for i := range s.doc.Support.Repls {
		if s.doc.Support.Repls[i].Brigade == brigade {
			return &s.doc.Support.Repls[i]
		}
	}
	return nil
}

// leaderData is a scenario leader's printed ratings by name; a Repl is a
// Zero with no Morale Value (LoB 9.1b, 9.1e).
func (s *State) leaderData(name string) (Leader, bool) {
	if strings.HasPrefix(name, "Repl (") {
		return Leader{Name: name}, true
	}
	for _, c := range s.scn.commands() {
		if c.Leader.Name == name {
			return c.Leader, true
		}
		for _, b := range c.Brigades {
			if b.Leader != nil && b.Leader.Name == name {
				return *b.Leader, true
			}
		}
	}
	return Leader{Name: name}, false
}

// commander is the leader now at the head of a Command after losses and
// promotions (LoB 9.1b), and whether there is one. Command and control
// reads its Command Value for Command Rolls.
func (s *State) commander(c *Command) (Leader, bool) {
	h := s.postHolder(c.Name)
	if h == "" {
		return Leader{}, false
	}
	return s.leaderData(h)
}

// postsOf lists the posts a leader holds, in scenario order.
func (s *State) postsOf(name string) []string {
	var out []string
	for _, c := range s.scn.commands() {
		if s.postHolder(c.Name) == name {
			out = append(out, c.Name)
		}
		for _, b := range c.Brigades {
			if b.Leader != nil && s.postHolder(b.Name) == name {
				out = append(out, b.Name)
			}
		}
	}
	return out
}

// loseLeader removes a leader the Leader Loss Table (or a capture) took
// out of play: "captured", "wounded" or "killed", which differ only in
// colour (LoB 9.1a). His posts are filled by promotion (9.1b), and command
// and control answers a senior leader's loss in its next Command Phase
// (10.8b). A Repl leader lost is simply replaced, with the same counter;
// a brigade's Repl goes again to another hex of his brigade.
func (r *resolver) loseLeader(name, how string) {
	if b, ok := r.replBrigade(name); ok {
		r.add("leader-lost", "LoB 9.1a", "%s is %s", name, how)
		r.placeRepl(b, r.s.repl(b).Hex)
		return
	}
	if _, ok := r.s.index[name]; !ok {
		r.add("leader-lost", "LoB 9.1b", "%s is %s; he is replaced with the same counter", name, how)
		return
	}
	p := r.s.piece(name)
	p.Status = "lost"
	r.add("leader-lost", "LoB 9.1a", "%s is %s and leaves play", name, how)
	r.s.raise("leader-lost", name)
	posts := r.s.postsOf(name)
	if l, _ := r.s.leaderData(name); len(posts) == 0 && l.Artillery {
		r.add("leader-not-replaced", "LoB 9.1c", "%s was an Artillery Leader with no battalion of his own: he is not replaced", name)
	}
	for _, post := range posts {
		r.fillPost(post, p.Hex)
	}
}

// replBrigade reports whether a name is a brigade's Repl, and which.
func (r *resolver) replBrigade(name string) (string, bool) {
	for _, x := range r.s.doc.Support.Repls {
		if replName(x.Brigade) == name {
			return x.Brigade, true
		}
	}
	return "", false
}

// fillPost fills a post left empty (LoB 9.1b). A brigade gets its Repl;
// a Command gets the ranking leader of the next lower level, whose own
// post is then filled the same way, down to the brigades. A brigade-level
// Command gets its Repl, and an Artillery Battalion a Repl who is no
// Artillery Leader (9.1c); the Army Commander has no Repl.
func (r *resolver) fillPost(post, where string) {
	if b := r.s.brigadeNamed(post); b != nil {
		r.placeRepl(post, where)
		return
	}
	c := r.s.scn.command(post)
	switch c.Level {
	case LevelArtillery:
		r.s.setHolder(post, replName(post))
		r.add("leader-repl", "LoB 9.1c", "a Repl, who is not an Artillery Leader, takes over %s", post)
		return
	case LevelBrigade:
		r.s.setPost(Post{Post: post, Leader: replName(post), Segment: r.s.doc.Segment})
		r.add("leader-repl", "LoB 9.1b", "a Repl takes over %s", post)
		return
	}
	next, from, temp := r.ranking(c)
	if next == "" {
		r.s.setHolder(post, "")
		r.add("post-vacant", "LoB 9.1b", "no leader of the next lower level of %s is available: the post stays empty", post)
		return
	}
	r.s.setPost(Post{Post: post, Leader: next, From: from, Temporary: temp})
	if temp {
		r.add("leader-promoted", "LoB 9.1b", "%s is promoted from %s to lead %s until a more senior leader arrives", next, from, post)
	} else {
		r.add("leader-promoted", "LoB 9.1b", "%s is promoted from %s to lead %s", next, from, post)
	}
	if r.s.brigadeNamed(from) != nil {
		r.placeReplAt(from, r.s.piece(next).Hex, "LoB 9.1b", "a Repl (Any) joins "+next+" to command his old brigade")
		return
	}
	r.fillPost(from, r.s.piece(next).Hex)
}

// ranking is the ranking available leader of the next lower level of a
// Command and the post he leaves: the leaders of its subordinate
// Commands, or of its brigades when it has none. Rank is the order of
// battle's order (docs/rulings-lob-support.md R-S-1); a leader lost, off
// the map or holding a Repl is not available.
func (r *resolver) ranking(c *Command) (leader, post string, temporary bool) {
	var cands []named[string]
	for _, sub := range r.s.scn.subordinates(c) {
		if sub.Level != LevelArtillery {
			cands = append(cands, named[string]{r.s.postHolder(sub.Name), sub.Name})
		}
	}
	if len(cands) == 0 {
		for _, b := range c.Brigades {
			if b.Leader != nil {
				cands = append(cands, named[string]{r.s.postHolder(b.Name), b.Name})
			}
		}
	}
	for _, x := range cands {
		i, ok := r.s.index[x.name]
		switch {
		case ok && r.s.alive(&r.s.doc.Pieces[i]):
			return x.name, x.target, temporary
		case ok && r.s.doc.Pieces[i].OffMap && r.s.doc.Pieces[i].Status == "":
			temporary = true // not yet available, but on his way
		}
	}
	return "", "", false
}

// adjustPromotions applies the end of LoB 9.1b: once the most senior
// leader is available, the leaders are put back as they would have been
// had he been available in the first place. The temporary holder and
// those promoted in his wake return to their posts, their Repls go, and
// the senior leader's own post is filled by the usual cascade.
func (r *resolver) adjustPromotions() {
	for _, p := range append([]Post(nil), r.s.doc.Support.Posts...) {
		c := r.s.scn.command(p.Post)
		if !p.Temporary || c == nil || r.s.sideOf(p.Post) != r.side {
			continue
		}
		senior, from, waiting := r.seniorArrived(c, p)
		if senior == "" {
			if !waiting {
				p.Temporary = false
				r.s.setPost(p)
			}
			continue
		}
		r.restore(p.From, p.Leader)
		r.s.setPost(Post{Post: p.Post, Leader: senior, From: from, Temporary: waiting})
		r.add("leader-promoted", "LoB 9.1b", "%s is now available and takes over %s from %s, who returns to %s", senior, p.Post, p.Leader, p.From)
		r.fillPost(from, r.s.piece(senior).Hex)
	}
}

// seniorArrived looks, in rank order, at the leaders of the next lower
// level of a Command ranking above the post its temporary holder came
// from: the first now available, the post he holds, and whether some
// still are not (LoB 9.1b). Only subordinate Commands are looked at: a
// division's brigade leaders arrive with it.
func (r *resolver) seniorArrived(c *Command, p Post) (leader, from string, waiting bool) {
	subs := r.s.scn.subordinates(c)
	if len(subs) == 0 {
		return "", "", false
	}
	for _, sub := range subs {
		if sub.Level == LevelArtillery {
			continue
		}
		if sub.Name == p.From {
			return "", "", waiting
		}
		i, ok := r.s.index[r.s.postHolder(sub.Name)]
		switch {
		case ok && r.s.alive(&r.s.doc.Pieces[i]):
			return r.s.doc.Pieces[i].Name, sub.Name, false
		case ok && r.s.doc.Pieces[i].OffMap && r.s.doc.Pieces[i].Status == "":
			waiting = true
		}
	}
	return "", "", waiting
}

// restore gives a post back to a leader promoted out of it (LoB 9.1b):
// whoever filled it in his wake returns to his own post in turn, and a
// brigade's Repl leaves play.
func (r *resolver) restore(post, leader string) {
	if e, ok := r.s.postEntry(post); ok && e.Leader != leader && e.From != "" {
		r.restore(e.From, e.Leader)
	}
	if r.s.repl(post) != nil {
		d := &r.s.doc.Support
		d.Repls = slices.DeleteFunc(d.Repls, func(x Repl) bool { return x.Brigade == post })
	}
	r.s.setHolder(post, leader)
	if r.s.printedHolder(post) == leader {
		d := &r.s.doc.Support
		d.Posts = slices.DeleteFunc(d.Posts, func(x Post) bool { return x.Post == post })
	}
	r.add("leader-returns", "LoB 9.1b", "%s returns to lead %s", leader, post)
}

// printedHolder is who leads a post in the order of battle.
func (s *State) printedHolder(post string) string {
	if c := s.scn.command(post); c != nil {
		return c.Leader.Name
	}
	if b := s.brigadeNamed(post); b != nil && b.Leader != nil {
		return b.Leader.Name
	}
	return ""
}

// placeRepl puts a brigade's Repl into play after its leader was killed,
// wounded or captured (LoB 9.1b): in another hex holding units of the
// brigade, which the owner's standing REPL reaction picks (replHex), or,
// when there is none, in the hex where he fell, where he counts for no
// Morale Check at that moment.
func (r *resolver) placeRepl(brigade, where string) {
	var hexes, units []string
	for _, u := range r.s.brigadeNamed(brigade).units() {
		units = append(units, u.Name)
		if p := r.s.piece(u.Name); r.s.alive(p) && p.Hex != where && !slices.Contains(hexes, p.Hex) {
			hexes = append(hexes, p.Hex)
		}
	}
	if len(hexes) > 0 {
		how := r.s.choiceOf(r.s.brigadeSide(brigade), "REPL")
		h := r.s.replHex(units, where, how, hexes)
		r.placeReplAt(brigade, h, "LoB 9.1b", "the Repl of "+brigade+" goes to "+h+byChoice("REPL", how))
		return
	}
	r.placeReplAt(brigade, where, "LoB 9.1b", "no other hex holds units of "+brigade+": the Repl stays at "+where+" and counts for no Morale Check now")
	r.s.repl(brigade).NoMorale = true
}

// replHex picks the hex of a brigade's Repl among the other hexes holding
// its units, listed in order of battle, by the standing REPL choice how
// (LoB 9.1b; docs/rulings-lob-support.md R-S-8): FIRST the hex of the
// first of them; NEAREST the one nearest where the leader fell; STRONGEST
// the one with the most SPs of the brigade, the nearest on ties. Other
// ties go to the first by hex id.
func (s *State) replHex(units []string, where, how string, hexes []string) string {
	m := &s.scn.Map
	switch how {
	case "NEAREST":
		return pickHex(hexes, func(h string) []int { return []int{m.distance(where, h)} })
	case "STRONGEST":
		return pickHex(hexes, func(h string) []int { return []int{-s.spsOf(units, h), m.distance(where, h)} })
	}
	return hexes[0]
}

// placeReplAt records a brigade's Repl in a hex.
func (r *resolver) placeReplAt(brigade, hex, rule, text string) {
	d := &r.s.doc.Support
	if x := r.s.repl(brigade); x != nil {
		x.Hex, x.Segment, x.NoMorale = hex, r.s.doc.Segment, false
	} else {
		d.Repls = append(d.Repls, Repl{Brigade: brigade, Hex: hex, Segment: r.s.doc.Segment})
		d.sortSupport()
	}
	r.add("leader-repl", rule, "%s", text)
}

// leaderUnitsDestroyed applies LoB 9.1d to the leaders of a side in a hex
// whose combat units have all been destroyed: during a Charge each first
// rolls for capture on the Leader Loss Table's Capture column; then each
// goes to the nearest other hex holding a combat unit of his organization,
// or is removed from play when there is none, until Loss Recovery brings
// his units back (9.1a, 9.3c).
func (r *resolver) leaderUnitsDestroyed(side rules.Side, h string, charge bool) error {
	for _, name := range r.s.leadersIn(side, h) {
		if charge {
			lost, err := r.captureRoll(name, "LoB 9.1d")
			if err != nil {
				return err
			}
			if lost {
				continue
			}
		}
		r.displaceLeader(name, h, "LoB 9.1d")
	}
	return nil
}

// eliminatedUnits lists the combat units eliminated so far, for
// leadersBereft.
func (s *State) eliminatedUnits() map[string]bool {
	out := map[string]bool{}
	for _, p := range s.doc.Pieces {
		if p.Unit != nil && p.Unit.Eliminated {
			out[p.Name] = true
		}
	}
	return out
}

// leadersBereft applies LoB 9.1d at the end of a stack's activity to the
// leaders left in a hex whose last combat units of their side the
// activity's combat destroyed there (before lists the units eliminated
// when it began): each goes to another hex of his organization, or leaves
// play with none. 5.6c's "remain there" is the moment of the combat, with
// its Leader Loss Check (docs/rulings-lob-support.md R-S-10). A Charge
// applies 9.1d itself, with its capture roll, so its leaders are gone by
// then.
func (r *resolver) leadersBereft(before map[string]bool) {
	bereft := map[string]rules.Side{}
	for _, p := range r.s.doc.Pieces {
		if p.Unit != nil && p.Unit.Eliminated && !before[p.Name] && !p.OffMap {
			bereft[p.Hex] = p.Side
		}
	}
	for _, h := range sortedKeys(bereft) {
		if side := bereft[h]; len(r.s.stackUnits(side, h)) == 0 {
			for _, name := range r.s.leadersIn(side, h) {
				r.displaceLeader(name, h, "LoB 9.1d")
			}
		}
	}
}

// leadersIn lists the active leaders of a side in a hex, in stacking order.
func (s *State) leadersIn(side rules.Side, h string) []string {
	var out []string
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Kind == "leader" && p.Side == side && p.Hex == h && s.alive(p) {
			out = append(out, p.Name)
		}
	}
	return out
}

// captureRoll rolls a leader's capture on the Leader Loss Table's Capture
// column (LoB 9.1a) and applies a loss; it reports whether he was lost.
func (r *resolver) captureRoll(name, rule string) (bool, error) {
	roll := r.log.Roll2d6(rule, "capture of "+name, r.side)
	res, err := r.s.charts.field.LeaderLoss(LeaderCapture, roll, 0)
	if err != nil {
		return false, err
	}
	if res == "" || res == "-" {
		r.add("capture-fails", rule, "%s rolls %d on the Capture column: he escapes", name, roll)
		return false, nil
	}
	r.loseLeader(name, res)
	return true, nil
}

// captureLoneLeaders applies LoB 9.1a when the active side's stack enters a
// hex holding enemy leaders with no combat units, who were alone there
// when the stack began to move (the movement rules check that): a roll on
// the Capture column each; a leader who escapes goes to the nearest hex
// holding a combat unit of his Command.
func (r *resolver) captureLoneLeaders(h string) error {
	enemy := r.s.enemyOf(r.side)
	if len(r.s.stackUnits(enemy, h)) > 0 {
		return nil // leaders stacked with combat units are not captured
	}
	for _, name := range r.s.leadersIn(enemy, h) {
		lost, err := r.captureRoll(name, "LoB 9.1a")
		if err != nil {
			return err
		}
		if !lost {
			r.displaceLeader(name, h, "LoB 9.1a")
		}
	}
	return nil
}

// displaceLeader moves a leader to a hex, other than his own, holding a
// combat unit of his organization, or removes him from play when there is
// none (LoB 9.1a, 9.1d). The owner chooses the hex: his standing LEADERS
// reaction picks it (leaderHex).
func (r *resolver) displaceLeader(name, from, rule string) {
	p := r.s.piece(name)
	var hexes []string
	for _, u := range r.s.leaderUnits(name) {
		if q := r.s.piece(u); r.s.alive(q) && q.Hex != from && !slices.Contains(hexes, q.Hex) {
			hexes = append(hexes, q.Hex)
		}
	}
	if len(hexes) == 0 {
		p.Status = leaderRemoved
		r.add("leader-removed", rule, "%s has no combat units left: he is removed until Loss Recovery brings one back, as LoB 9.3c provides", name)
		return
	}
	how := r.s.choiceOf(p.Side, "LEADERS")
	r.s.setHex(p, r.s.leaderHex(name, from, how, hexes))
	r.add("leader-displaced", rule, "%s goes from %s to %s, with units of his organization%s", name, from, p.Hex, byChoice("LEADERS", how))
}

// leaderHex picks a displaced leader's hex among those holding units of
// his organization, by the standing LEADERS choice how (LoB 9.1a, 9.1d;
// docs/rulings-lob-support.md R-S-8): NEAREST the hex nearest the one he
// leaves; HQ the one nearest his Command's HQ; STRONGEST the one with the
// most SPs of his organization. Ties go to the nearest, then the first by
// hex id.
func (s *State) leaderHex(name, from, how string, hexes []string) string {
	m := &s.scn.Map
	units := s.leaderUnits(name)
	hq := s.leaderHQ(name)
	return pickHex(hexes, func(h string) []int {
		d := m.distance(from, h)
		switch {
		case how == "HQ" && hq != "":
			return []int{m.distance(hq, h), d}
		case how == "STRONGEST":
			return []int{-s.spsOf(units, h), d}
		}
		return []int{d}
	})
}

// leaderHQ is the hex of the HQ of the Command a leader heads, or of the
// Command his brigade belongs to; "" when there is none.
func (s *State) leaderHQ(name string) string {
	for _, post := range s.postsOf(name) {
		c := s.scn.command(post)
		if c == nil {
			c = s.brigadeCommand(post)
		}
		if c != nil && !c.NoHQ {
			return s.hqHex(c)
		}
	}
	return ""
}

// spsOf is the SPs the named combat units in play have in a hex.
func (s *State) spsOf(units []string, h string) int {
	n := 0
	for _, u := range units {
		if p := s.piece(u); p.Hex == h && s.alive(p) && p.Unit != nil {
			n += p.Unit.SP
		}
	}
	return n
}

// leaderUnits lists the combat units under a leader: his brigade's, or
// every unit of the Commands he heads and their subordinates.
func (s *State) leaderUnits(name string) []string {
	var out []string
	for _, post := range s.postsOf(name) {
		out = append(out, s.formationUnits(post)...)
		if c := s.scn.command(post); c != nil {
			for _, sub := range s.allBelow(c) {
				out = append(out, s.formationUnits(sub.Name)...)
			}
		}
	}
	sort.Strings(out)
	return out
}

// allBelow lists every Command under c, at any depth.
func (s *State) allBelow(c *Command) []*Command {
	var out []*Command
	for _, sub := range s.scn.subordinates(c) {
		out = append(out, sub)
		out = append(out, s.allBelow(sub)...)
	}
	return out
}

// isZero reports whether a brigade, or a brigade-level Command, is led by
// a Zero (LoB 9.1e): a leader with a Command Value of 0 or a Repl, at the
// brigade level only.
func (s *State) isZero(brigade string) bool {
	if c := s.scn.command(brigade); c != nil {
		l, ok := s.commander(c)
		return c.Level == LevelBrigade && ok && l.Command == 0
	}
	if s.repl(brigade) != nil {
		return true
	}
	b := s.brigadeNamed(brigade)
	return b != nil && b.Leader != nil && b.Leader.Command == 0
}

// zeroLeaderMA applies LoB 9.1e as a brigade begins to move: when a Zero
// leads it and it follows Attack orders, one die gives its MA: 1 none,
// 2-3 half, 4-6 normal. A brigade that gained its Zero in the current
// Activity Phase, or that has Move orders or none, keeps its MA and makes
// no roll. The movement rules call it once per brigade and phase.
func (r *resolver) zeroLeaderMA(brigade string, ma MP) MP {
	c := r.s.brigadeCommand(brigade)
	if !r.s.isZero(brigade) || c == nil || !r.attacking(c) {
		return ma
	}
	if r.s.zeroGainedAt(brigade) == r.s.doc.Segment {
		r.add("zero-new", "LoB 9.1e", "%s gained its Zero this Activity Phase: no roll", brigade)
		return ma
	}
	roll := r.log.Roll(6, "LoB 9.1e", "Zero leader: "+brigade+" under Attack orders", r.side)
	switch {
	case roll <= zeroNoMA:
		r.add("zero-ma", "LoB 9.1e", "%s rolls %d: no MA this phase", brigade, roll)
		return 0
	case roll <= zeroHalfMA:
		r.add("zero-ma", "LoB 9.1e", "%s rolls %d: half MA (%s of %s)", brigade, roll, ma/2, ma)
		return ma / 2
	}
	r.add("zero-ma", "LoB 9.1e", "%s rolls %d: normal MA", brigade, roll)
	return ma
}

// zeroGainedAt is the segment in which a brigade, or a brigade-level
// Command, came under its Repl, or -1.
func (s *State) zeroGainedAt(brigade string) int {
	if x := s.repl(brigade); x != nil {
		return x.Segment
	}
	if p, ok := s.postEntry(brigade); ok && p.Leader == replName(brigade) {
		return p.Segment
	}
	return -1
}

// brigadeCommand is the Command a brigade belongs to; a brigade-level
// Command is its own.
func (s *State) brigadeCommand(brigade string) *Command {
	if c := s.scn.command(brigade); c != nil && c.Level == LevelBrigade {
		return c
	}
	for _, c := range s.scn.commands() {
		for _, b := range c.Brigades {
			if b.Name == brigade {
				return c
			}
		}
	}
	return nil
}

// artilleryLeaderIn reports whether an active Artillery Leader of a side
// stands in a hex (LoB 9.1c).
func (s *State) artilleryLeaderIn(side rules.Side, h string) bool {
	for _, n := range s.leadersIn(side, h) {
		if l, _ := s.leaderData(n); l.Artillery {
			return true
		}
	}
	return false
}

// unlimberDistance is how far from enemy combat units able to fire with
// a Clear LOS artillery must be to Unlimber in a hex: 5 hexes, 4 with an
// Artillery Leader present (LoB 3.1f, 9.1c). The movement rules ask here.
func (s *State) unlimberDistance(side rules.Side, h string) int {
	if s.artilleryLeaderIn(side, h) {
		return 4
	}
	return 5
}

// artilleryShots is how many fires involving artillery a firing stack may
// direct at a target hex this phase (LoB 5.2c, 3.6d, 9.1c): one, or three
// when an Artillery Leader of a side is in or next to the stack with a
// battery of his Command in it that can fire. The fire rules count the
// shots already made (a second or third needs the hex already fired on).
func (s *State) artilleryShots(side rules.Side, stack string) int {
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Kind != "leader" || p.Side != side || !s.alive(p) || s.scn.Map.distance(p.Hex, stack) > 1 {
			continue
		}
		if l, _ := s.leaderData(p.Name); l.Artillery && s.hasOwnBattery(p.Name, stack) {
			return 3
		}
	}
	return 1
}

// hasOwnBattery reports whether a stack holds a battery of a leader's
// Command that can fire.
func (s *State) hasOwnBattery(leader, stack string) bool {
	for _, u := range s.leaderUnits(leader) {
		p := s.piece(u)
		if p.Kind == ArmArtillery && p.Hex == stack && s.canFire(p) {
			return true
		}
	}
	return false
}

// removeLeadersWithoutUnits removes from play every leader all of whose combat
// units have been eliminated (LoB 9.1a); Loss Recovery brings him back
// with the first of them to return (9.3c). Both sides are checked, in
// counter order, whenever a unit is eliminated and after the Activity
// Phase.
func (r *resolver) removeLeadersWithoutUnits() {
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.Kind != "leader" || p.Status != "" || p.OffMap {
			continue
		}
		us := r.s.leaderUnits(p.Name)
		gone := len(us) > 0
		for _, u := range us {
			gone = gone && r.s.piece(u).Unit.Eliminated
		}
		if gone {
			// His side reads it; the other side when its map showed him
			// (R-FOG-5).
			shown := r.s.shownTo(r.s.enemyOf(p.Side), p)
			p.Status = leaderRemoved
			text := fmt.Sprintf("all of %s's combat units have been eliminated: he is removed until Loss Recovery brings one back, as LoB 9.3c provides", p.Name)
			cut := ""
			if shown {
				cut = text
			}
			r.tell(p.Side, cut, "leader-removed", "LoB 9.1a", text)
		}
	}
}

// moraleLeaders lists the leaders of a side in a hex who may lend their
// Morale Value to its Morale Check (LoB 9.1): leaders in play and the
// brigades' Repls (Morale Value 0), but not a Repl just placed in the hex
// where his leader fell with no other hex of the brigade to go to (9.1b).
// The morale rules choose among them.
func (s *State) moraleLeaders(side rules.Side, h string) []Leader {
	var out []Leader
	for _, n := range s.leadersIn(side, h) {
		l, _ := s.leaderData(n)
		out = append(out, l)
	}
	for _, x := range s.doc.Support.Repls {
		if x.Hex == h && !x.NoMorale && s.brigadeSide(x.Brigade) == side {
			out = append(out, Leader{Name: replName(x.Brigade)})
		}
	}
	return out
}

// moraleMomentPassed lets Repls placed where their leader fell count for
// Morale Checks again once the Activity Phase is over (LoB 9.1b: "at that
// moment").
func (r *resolver) moraleMomentPassed() {
	for i := range r.s.doc.Support.Repls {
		r.s.doc.Support.Repls[i].NoMorale = false
	}
}

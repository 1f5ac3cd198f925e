package adjudicator

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"galloper/adjudicator/store"
	"galloper/rules"
	"galloper/templates"
)

// DefaultDecisionWindow is how long a side has to answer a decision
// request when Config.DecisionWindow is zero.
const DefaultDecisionWindow = 24 * time.Hour

// askDecisions stores a system's requests for choices that no standing
// order covers (one, or a set from one side or both to be made secretly at
// once), mails each side only its own requests (and the umpire all of
// them), and leaves the segment unresolved until every request of the set
// is answered or its deadline passes. The segment is then resolved again
// from its start with the same dice and the answers.
func (a *Adjudicator) askDecisions(tx *store.Tx, g store.Game, seg rules.Segment, asked []store.Decision, reqs []rules.DecisionRequest) error {
	keys := map[string]bool{}
	for _, q := range asked {
		keys[q.Key] = true
	}
	for _, req := range reqs {
		if keys[req.Key] {
			return fmt.Errorf("game %s: %s asked again for decision %q", g.ID, seg.Label, req.Key)
		}
		keys[req.Key] = true
		if len(req.Options) == 0 || !slices.Contains(req.Options, req.Default) {
			return fmt.Errorf("game %s: %s: decision %q has no options or a default (%q) that is not one of them", g.ID, seg.Label, req.Key, req.Default)
		}
	}
	window := a.cfg.DecisionWindow
	if window == 0 {
		window = DefaultDecisionWindow
	}
	now := a.now()
	players, err := tx.Players(g.ID)
	if err != nil {
		return err
	}
	subject := fmt.Sprintf("Decision needed: %s, %s", g.ID, seg.Label)
	sys, st, err := a.gameState(g)
	if err != nil {
		return err
	}
	var deadline int64
	// Every request of the set is stored before any mail is queued, so
	// that the document of each mail lists all of its side's pending
	// requests, not only those asked before it.
	var qs []store.Decision
	for _, req := range reqs {
		q, err := tx.RequestDecision(store.Decision{GameID: g.ID, SegmentIndex: seg.Index, Key: req.Key, Side: string(req.Side),
			Rule: req.Rule, Question: req.Question, Options: req.Options, Default: req.Default,
			RequestedAt: now.UnixMilli(), Deadline: now.Add(window).UnixMilli()})
		if err != nil {
			return err
		}
		deadline = q.Deadline
		qs = append(qs, q)
	}
	for _, q := range qs {
		for _, p := range players {
			if p.Email == "" || (p.Side != q.Side && p.Side != Umpire) {
				continue
			}
			atts, err := a.decisionMap(sys, st, g, seg, q, p)
			if err != nil {
				return err
			}
			if err := a.queueDecision(tx, g, seg, q, p, subject, atts); err != nil {
				return err
			}
		}
		a.log.Info("decision requested", "game", g.ID, "segment", seg.Label, "key", q.Key, "side", q.Side)
	}
	// The game's deadline becomes the decisions', so the scheduler wakes
	// for them; the segment's own deadline has been met or passed already.
	// In a previewed game the clock stops until RELEASE (preview.go).
	paused := g.PausedAt
	if g.Preview && paused == 0 {
		paused = now.UnixMilli()
	}
	return tx.SetSchedule(g.ID, deadline, paused)
}

// queueDecision queues one decision request mail. In a previewed game the
// request comes to the umpire first: the player's copy is held for
// RELEASE, and gives its time to answer from when it arrives.
func (a *Adjudicator) queueDecision(tx *store.Tx, g store.Game, seg rules.Segment, q store.Decision, p store.Player, subject string, atts []templates.Attachment) error {
	key := fmt.Sprintf("%d.%d", seg.Index, q.Seq)
	text := decisionText(g, seg, q, p.Side)
	for _, att := range atts {
		if att.ContentID != "" {
			text += "\n" + att.Note + "\n"
		}
	}
	if !g.Preview {
		return a.queue(tx, g, "decision", key, p.Email, subject, text, Incoming{}, atts)
	}
	if p.Side == Umpire {
		text = "Preview is on: the players' copies of this request are held until you send RELEASE;\n" +
			"their time to answer runs from then. You may DECIDE for them meanwhile.\n\n" + text
		return a.queue(tx, g, "decision", key, p.Email, "Preview: "+subject, text, Incoming{}, atts)
	}
	text = strings.Replace(text, "If no answer arrives by "+timeText(q.Deadline),
		"If no answer arrives within "+spanText(time.Duration(q.Deadline-q.RequestedAt)*time.Millisecond)+" of this mail", 1)
	out, err := a.compose(tx, g, "decision", key, p.Email, subject, text, Incoming{}, atts)
	if err != nil {
		return err
	}
	out.Segment, out.Held = seg.Index, true
	return tx.Enqueue(out)
}

// decisionMap is the map of a decision request mail: the side's view of
// the game as it stands (the umpire's, for the umpire), with the options
// that name places drawn on it, numbered as in the mail.
func (a *Adjudicator) decisionMap(sys rules.System, st rules.State, g store.Game, seg rules.Segment, q store.Decision, p store.Player) ([]templates.Attachment, error) {
	v := view(sys, st, viewSide(p), g.ID)
	v.AddChoices(q.Question, q.Options)
	atts, err := a.mapAttachments(v, g.ID, fmt.Sprintf("seg%02d-decision%d", seg.Index+1, q.Seq))
	for i := range atts {
		if atts[i].ContentID == "" {
			continue
		}
		note := "The map with this mail shows the game as it stands."
		if v.Map != nil && len(v.Map.Traces) > 0 {
			note = "The map with this mail shows the game as it stands, and the choices that are places, numbered as above."
		}
		atts[i].Note = strings.TrimSpace(note + " " + atts[i].Note)
	}
	return atts, err
}

// decisionText is the body of a decision request mail.
func decisionText(g store.Game, seg rules.Segment, q store.Decision, to string) string {
	var b strings.Builder
	if to == Umpire {
		fmt.Fprintf(&b, "Game %s, %s: resolution waits for %s to decide (you may decide for them).\n\n", g.ID, seg.Label, q.Side)
	} else {
		fmt.Fprintf(&b, "Game %s, %s: resolution waits for your decision. No standing order of yours covers it.\n\n", g.ID, seg.Label)
	}
	fmt.Fprintf(&b, "%s\n\n", eventLine(rules.Event{Text: q.Question, Rule: q.Rule}))
	for i, o := range q.Options {
		mark := ""
		if o == q.Default {
			mark = "   (default)"
		}
		fmt.Fprintf(&b, "  %d. %s%s\n", i+1, o, mark)
	}
	fmt.Fprintf(&b, "\nReply with one line:\n\n  DECIDE %d <option number or text>\n\n", q.Seq)
	fmt.Fprintf(&b, "If no answer arrives by %s, Galloper takes the default (%s).\n", timeText(q.Deadline), q.Default)
	b.WriteString("The segment is then resolved from its start with the same dice, so nothing already rolled changes.\n")
	return b.String()
}

// decide answers one of the game's pending decision requests from a
// DECIDE command: "DECIDE <number> <choice>", the choice as pickOption
// reads it: its number, its whole text or a start of it that fits no
// other option. The side asked or the
// umpire may answer. Answers are kept secret from the other side; the
// segment is resolved again once every request of its set is answered.
func (a *Adjudicator) decide(tx *store.Tx, g store.Game, p store.Player, args string) (string, error) {
	pending, err := tx.PendingDecisions(g.ID)
	if err != nil {
		return "", err
	}
	if len(pending) == 0 {
		return "", refuse("no-decision", "game "+g.ID+" is not waiting for a decision")
	}
	num, choice, _ := strings.Cut(strings.TrimSpace(args), " ")
	n, err := strconv.Atoi(num)
	// The set's requests, answered or not: whether the other side has
	// answered yet is not told by the refusal.
	set, serr := tx.Decisions(g.ID, pending[0].SegmentIndex)
	if serr != nil {
		return "", serr
	}
	var q store.Decision
	found := false
	for _, d := range set {
		if err == nil && d.Seq == n {
			q, found = d, true
		}
	}
	switch {
	case found && p.Side != q.Side && p.Side != Umpire:
		return "", refuse("not-your-decision", fmt.Sprintf("decision %d is for %s to take", q.Seq, q.Side))
	case !found || !q.Pending():
		return "", wrongDecision(g, p, pending, num)
	}
	picked, err := pickOption(q.Options, strings.TrimSpace(choice))
	if err != nil {
		return "", &refusal{code: "bad-choice", msg: err.Error(), fix: fmt.Sprintf("DECIDE %d 1", q.Seq)}
	}
	by := "player"
	if p.Side == Umpire {
		by = "umpire"
	}
	if err := tx.Decide(q.ID, picked, by, a.now().UnixMilli()); err != nil {
		return "", err
	}
	if len(pending) > 1 {
		return fmt.Sprintf("Decision %d recorded: %s. It stays secret until the segment is resolved, once the other decisions it waits for are in.", q.Seq, picked), nil
	}
	if err := a.afterDecision(tx, g); err != nil {
		return "", err
	}
	return fmt.Sprintf("Decision %d recorded: %s. Resolution goes on from the start of the segment with the same dice.", q.Seq, picked), nil
}

// wrongDecision refuses a DECIDE whose number names no pending request.
// A player is shown only its own side's requests.
func wrongDecision(g store.Game, p store.Player, pending []store.Decision, num string) error {
	var own []store.Decision
	for _, d := range pending {
		if d.Side == p.Side || p.Side == Umpire {
			own = append(own, d)
		}
	}
	if len(own) == 0 {
		return refuse("not-your-decision", fmt.Sprintf("game %s waits for %s, none of them yours", g.ID, waitingText(pending)))
	}
	var list []string
	for _, d := range own {
		list = append(list, fmt.Sprintf("%d (%s)", d.Seq, d.Question))
	}
	return &refusal{code: "wrong-decision", msg: fmt.Sprintf("game %s is waiting for decision %s, not %q", g.ID, strings.Join(list, " and "), num),
		fix: fmt.Sprintf("DECIDE %d %s", own[0].Seq, own[0].Default)}
}

// waitingText names the decisions a segment waits for, without their
// questions: "USA's decision 1", "CSA's decision 1 and USA's decision 2".
func waitingText(pending []store.Decision) string {
	var parts []string
	for _, d := range pending {
		parts = append(parts, fmt.Sprintf("%s's decision %d", d.Side, d.Seq))
	}
	return strings.Join(parts, " and ")
}

// afterDecision restores the game's segment deadline and resolves the
// segment again; it may stop at the next decision requests.
func (a *Adjudicator) afterDecision(tx *store.Tx, g store.Game) error {
	g, err := tx.Game(g.ID)
	if err != nil {
		return err
	}
	if g.PausedAt != 0 {
		return nil // RESUME resolves it
	}
	return a.resolve(tx, g)
}

// notDeciding refuses, with the reason given, while the game waits for
// decisions.
func (a *Adjudicator) notDeciding(tx *store.Tx, g store.Game, what string) error {
	pending, err := tx.PendingDecisions(g.ID)
	if err != nil || len(pending) == 0 {
		return err
	}
	return refuse("awaiting-decision", fmt.Sprintf("the segment is being resolved and waits for %s: %s", waitingText(pending), what))
}

// decideByDeadline takes the default of every pending request whose
// deadline has passed, and resolves the segment again when none is left.
// It reports whether there were pending requests (due or not).
func (a *Adjudicator) decideByDeadline(tx *store.Tx, g store.Game) (pending, resolved bool, err error) {
	qs, err := tx.PendingDecisions(g.ID)
	if err != nil || len(qs) == 0 {
		return false, false, err
	}
	now := a.now()
	left := 0
	for _, q := range qs {
		if now.Before(time.UnixMilli(q.Deadline)) {
			left++
			continue
		}
		if err := tx.Decide(q.ID, q.Default, "deadline", now.UnixMilli()); err != nil {
			return true, false, err
		}
	}
	if left > 0 {
		return true, false, nil
	}
	return true, true, a.afterDecision(tx, g)
}

// pickOption finds the option a player wrote: its number, its whole text
// (as the request prints it, a trailing "(default)" and all), or a start
// of its text that fits no other option, in any case and spacing. A
// choice that fits none or several is a problem listing the options with
// their numbers.
func pickOption(options []string, written string) (string, error) {
	if written == "" {
		return "", fmt.Errorf("DECIDE needs a choice: one of %s", optionList(options))
	}
	// An option whose whole text is the choice (a hex id such as "2009")
	// is that option, before the choice is read as an option's number.
	for _, o := range options {
		if choiceText(o) == choiceText(written) {
			return o, nil
		}
	}
	if n, err := strconv.Atoi(written); err == nil {
		if n < 1 || n > len(options) {
			return "", fmt.Errorf("there is no option %d: choose 1 to %d (%s)", n, len(options), optionList(options))
		}
		return options[n-1], nil
	}
	w := choiceText(strings.TrimSuffix(choiceText(written), "(default)"))
	var hits []int // the options w starts
	for i, o := range options {
		switch t := choiceText(o); {
		case t == w:
			return o, nil
		case strings.HasPrefix(t, w):
			hits = append(hits, i)
		}
	}
	switch len(hits) {
	case 0:
		return "", fmt.Errorf("%q is not one of the options: %s", written, optionList(options))
	case 1:
		return options[hits[0]], nil
	}
	var some []string
	for _, i := range hits {
		some = append(some, fmt.Sprintf("%d. %s", i+1, options[i]))
	}
	return "", fmt.Errorf("%q could be %s or %s: write more of it, or its number", written,
		strings.Join(some[:len(some)-1], ", "), some[len(some)-1])
}

// choiceText is an option or a choice as pickOption compares them: in
// lower case, its words one space apart.
func choiceText(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

func optionList(options []string) string {
	q := make([]string, len(options))
	for i, o := range options {
		q[i] = fmt.Sprintf("%d. %s", i+1, o)
	}
	return strings.Join(q, "; ")
}

// decisionEvents journal and report the decisions a segment was resolved
// with, each seen by the side that took it.
func decisionEvents(asked []store.Decision) []rules.Event {
	var out []rules.Event
	for _, q := range asked {
		how := map[string]string{"player": "chosen by " + q.Side, "umpire": "chosen by the umpire for " + q.Side,
			"deadline": "the default, taken when no answer came by the deadline"}[q.DecidedBy]
		out = append(out, rules.Event{Kind: "decision", Rule: q.Rule, Visible: []rules.Side{rules.Side(q.Side)},
			Text: fmt.Sprintf("Decision %d, %s: %s (%s).", q.Seq, q.Question, q.Choice, how)})
	}
	return out
}

// spanText writes a span for a player: "24 hours", "90 minutes".
func spanText(d time.Duration) string {
	if d%time.Hour == 0 {
		return fmt.Sprintf("%d hours", d/time.Hour)
	}
	return fmt.Sprintf("%d minutes", d/time.Minute)
}

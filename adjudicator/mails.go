package adjudicator

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"galloper/adjudicator/store"
	"galloper/rules"
	"galloper/rules/dice"
	"galloper/templates"
)

// queue composes a mail and puts it in the outbox in tx. Its Message-ID is
// derived from (kind, game, key, recipient), so queueing it again is a
// no-op.
func (a *Adjudicator) queue(tx *store.Tx, g store.Game, kind string, key any, to, subject, text string, in Incoming, atts []templates.Attachment) error {
	out, err := a.compose(tx, g, kind, key, to, subject, text, in, atts)
	if err != nil {
		return err
	}
	return tx.Enqueue(out)
}

// compose builds an outbox row for queue, or for a caller that sets Held
// or Segment on it first.
func (a *Adjudicator) compose(tx *store.Tx, g store.Game, kind string, key any, to, subject, text string, in Incoming, atts []templates.Attachment) (store.Outgoing, error) {
	atts, err := a.withDoc(tx, g, kind, to, atts)
	if err != nil {
		return store.Outgoing{}, err
	}
	m := templates.Mail{
		From: "Galloper <" + a.cfg.Address + ">", To: to, Subject: subject,
		MessageID: a.msgID(kind, g.ID, key, strings.ReplaceAll(to, "@", "=")),
		Date:      a.now(), Text: text, Attachments: atts,
	}
	for _, att := range atts {
		if att.ContentID != "" {
			html, err := templates.HTML(templates.HTMLData{Title: subject, Text: text, Map: att, MapNote: strings.TrimSpace(mapNote + " " + att.Note)})
			if err != nil {
				return store.Outgoing{}, fmt.Errorf("%s mail to %s: %w", kind, to, err)
			}
			m.HTML = html
		}
	}
	if g.ID != "" {
		players, err := tx.Players(g.ID)
		if err != nil {
			return store.Outgoing{}, err
		}
		for _, p := range players {
			if strings.EqualFold(p.Email, to) {
				m.ReplyTo = a.replyAddress(g.ID, p.Side, a.playerToken(g.ID, p))
			}
		}
	}
	m.InReplyTo, m.References = threading(g.ThreadID, in)
	raw, err := templates.Compose(m)
	if err != nil {
		return store.Outgoing{}, fmt.Errorf("compose %s mail to %s: %w", kind, to, err)
	}
	return store.Outgoing{MessageID: m.MessageID, GameID: g.ID, Kind: kind, Recipient: to, Raw: raw,
		CreatedAt: a.now().UnixMilli(), Segment: -1}, nil
}

// maxReferences bounds the References header of a reply to a long thread:
// the game's thread, then the newest of the player's references.
const maxReferences = 12

// threading returns a mail's In-Reply-To and References (RFC 5322 3.6.4).
// Every mail of a game refers to the game's thread, so mail clients keep
// a game together; a reply also names the mail it answers, after that
// mail's own references.
func threading(thread string, in Incoming) (inReplyTo string, refs []string) {
	if thread != "" {
		refs, inReplyTo = []string{thread}, thread
	}
	if in.MessageID == "" {
		return inReplyTo, refs
	}
	var theirs []string
	for _, r := range append(slices.Clone(in.References), in.MessageID) {
		if r != thread && !slices.Contains(theirs, r) {
			theirs = append(theirs, r)
		}
	}
	if keep := maxReferences - len(refs); len(theirs) > keep {
		theirs = theirs[len(theirs)-keep:]
	}
	return in.MessageID, append(refs, theirs...)
}

func (a *Adjudicator) queueStart(tx *store.Tx, g store.Game, sys rules.System, st rules.State, players []store.Player) error {
	scen := []byte{}
	if c, ok := st.(rules.ScenarioCarrier); ok && c.ScenarioFile() != nil {
		scen = c.ScenarioFile() // the owner's file, which the state carries
	} else if sd, ok := sys.(rules.ScenarioSource); ok {
		var err error
		if scen, err = sd.ScenarioData(g.Scenario); err != nil {
			return err
		}
	}
	for _, p := range players {
		if p.Email == "" {
			continue // an invited side gets its start mail when it joins
		}
		v := view(sys, st, viewSide(p), g.ID)
		text, err := templates.Start(templates.StartData{Game: g.ID, Scenario: g.Scenario, System: sys.Name(), SystemID: sys.ID(),
			Side: p.Side, Head: fmt.Sprintf("%x", g.DiceHead), Links: g.DiceLinks, Engine: Engine,
			ScenarioHash: hashHex(scen), ChartPackHash: hashHex(g.ChartPack), Provisional: v.Provisional,
			Optional: optionalInPlay(sys, st),
			View:     v, Next: nextLine(st, rules.Side(p.Side))})
		if err != nil {
			return err
		}
		atts, err := a.mapAttachments(v, g.ID, "start")
		if err != nil {
			return err
		}
		atts = append(atts, a.guideAttachments(sys, g.Scenario, rules.Side(p.Side))...)
		subject := fmt.Sprintf("Game %s begins: you are %s", g.ID, p.Side)
		if err := a.queue(tx, g, "start", p.Side, p.Email, subject, text, Incoming{}, atts); err != nil {
			return err
		}
	}
	return nil
}

func (a *Adjudicator) queueReports(tx *store.Tx, g store.Game, sys rules.System, seg rules.Segment, next rules.State,
	events []rules.Event, rec dice.Record, deadline time.Time) error {
	players, err := tx.Players(g.ID)
	if err != nil {
		return err
	}
	var all []string
	if next.Over() {
		if all, err = gameRecords(tx, g.ID); err != nil {
			return err
		}
	}
	// A segment resolved again after a ROLLBACK gets new Message-IDs, so
	// that its results are not mistaken for the undone ones.
	key := fmt.Sprint(seg.Index)
	if n, err := tx.CountEvents(g.ID, "rollback", seg.Index); err != nil {
		return err
	} else if n > 0 {
		key = fmt.Sprintf("%d.v%d", seg.Index, n+1)
	}
	for _, p := range players {
		if p.Email == "" {
			continue
		}
		side := viewSide(p)
		v := view(sys, next, side, g.ID)
		var lines []string
		var seen []rules.Event
		for _, e := range events {
			if e.Kind != "roll" && e.VisibleTo(side) {
				lines = append(lines, eventLine(e))
				seen = append(seen, e)
			}
		}
		// The map shows what the side saw happen: its units' moves, the
		// fire and Charges it saw (rules.Trace).
		v.AddTraces(seen)
		sd, err := diceFor(rec, events, side)
		if err != nil {
			return err
		}
		d := templates.ReportData{View: v, Resolved: seg.Label, Events: lines, Over: next.Over(),
			Next: nextLine(next, side), DiceRecord: sd.Text, DiceFull: sd.Full,
			DiceFile: diceFile(g.ID, rec), DiceLine: diceLine(rec, sd.Ops, sd.Full)}
		if c, ok := sys.(rules.Chronicler); ok {
			d.Summary, d.Phases = templates.Chronicle(c, seen, v, eventLine)
		}
		if !next.Over() {
			d.OrdersDue = containsSide(next.Segment().Sides, side)
			if g.Deadline != 0 {
				d.Deadline = timeText(deadline.UnixMilli())
			}
		}
		text, err := templates.Report(d)
		if err != nil {
			return err
		}
		atts, err := a.mapAttachments(v, g.ID, fmt.Sprintf("seg%02d", seg.Index+1))
		if err != nil {
			return err
		}
		atts = append(atts, templates.Attachment{Name: d.DiceFile,
			ContentType: "text/plain; charset=us-ascii", Data: []byte(sd.Text)})
		// Game end opens every segment's record to every side: the mail
		// that ends the game carries them all (queueFinal).
		if atts, err = a.withResultsDoc(tx, g, p, sys, next, v, seg, events, atts); err != nil {
			return err
		}
		subject := fmt.Sprintf("Results: %s, %s", g.ID, seg.Label)
		if g.Preview && p.Side == Umpire {
			subject = "Preview: " + subject + " (held for your RELEASE)"
		}
		out, err := a.compose(tx, g, "report", key, p.Email, subject, text, Incoming{}, atts)
		if err != nil {
			return err
		}
		out.Segment, out.Held = seg.Index, g.Preview && p.Side != Umpire
		if err := tx.Enqueue(out); err != nil {
			return err
		}
	}
	if next.Over() {
		return a.queueFinal(tx, g, sys, seg, next, all, key)
	}
	return nil
}

// sideDice is the dice part of one side's results mail (or VERIFY reply)
// during play.
type sideDice struct {
	Text string         // the attachment's text
	Full bool           // Text is the whole record, link revealed
	Ops  []dice.Opening // the openings in Text
}

// diceFor builds side's dice part for the segment of rec and events. The
// umpire (side "") sees everything and gets the whole record, with the
// revealed link. A player gets only the rolls its side may see, opened
// under a Merkle tree over those rolls alone, keyed by a key derived from
// the segment's chain link (dice.SideOpenings): nothing in it depends on
// the state, the orders, the salts or the rolls the side may not see, not
// even their number (docs/dice.md, section 2.5). Every record opens to
// every side when the game ends.
func diceFor(rec dice.Record, events []rules.Event, side rules.Side) (sideDice, error) {
	if side == "" {
		return sideDice{Text: dice.FormatRecord(rec), Full: true}, nil
	}
	ops, err := dice.SideOpenings(rec, string(side), visibleRolls(rec, events, side))
	if err != nil {
		return sideDice{}, err
	}
	var b strings.Builder
	if len(ops) == 0 {
		fmt.Fprintf(&b, "segment %d: no roll you may see.\n", rec.Segment)
		return sideDice{Text: b.String()}, nil
	}
	fmt.Fprintf(&b, "segment %d: the %d roll(s) you may see, committed by Merkle root\n  %x\n", rec.Segment, len(ops), ops[0].Root)
	b.WriteString("each with its proof; the segment's whole record opens when the game ends:\n\n")
	for _, o := range ops {
		b.WriteString(dice.FormatOpening(o) + "\n")
	}
	return sideDice{Text: b.String(), Ops: ops}, nil
}

// visibleRolls lists, ascending, the indices of the rolls of rec that side
// may see: those whose roll event it may see, and those no event tells of
// (a system that rolls without logging the roll, rules.Log.Roll, marks
// none of its rolls as hidden, so every side may see them).
func visibleRolls(rec dice.Record, events []rules.Event, side rules.Side) []int {
	told := map[int]bool{}
	var out []int
	for _, e := range events {
		if e.Roll == nil {
			continue
		}
		told[e.Roll.Index] = true
		if e.VisibleTo(side) {
			out = append(out, e.Roll.Index)
		}
	}
	for _, r := range rec.Rolls {
		if !told[r.Index] {
			out = append(out, r.Index)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// mapAttachments renders a view's map for a mail: a PNG that the mail's
// HTML shows inline (a window around the side's units when the whole map
// is too wide for a mail) and the whole map as an SVG attachment.
func (a *Adjudicator) mapAttachments(v rules.View, game, tag string) ([]templates.Attachment, error) {
	if v.Map == nil && v.Table == nil {
		return nil, nil // a system without a board
	}
	side := string(v.Side)
	if side == "" {
		side = "umpire"
	}
	svg, err := templates.MapSVG(v)
	if err != nil {
		return nil, fmt.Errorf("map for %s: %w", side, err)
	}
	// Light enough for a mailbox quota: the PNG in few colours, the SVG
	// zipped.
	opts := templates.MailOptions(v)
	png, err := templates.MailPNG(v, opts)
	if err != nil {
		return nil, fmt.Errorf("map for %s: %w", side, err)
	}
	name := fmt.Sprintf("map-%s-%s-%s", game, tag, side)
	if svg, err = templates.ZipSVG(name+".svg", svg); err != nil {
		return nil, fmt.Errorf("map for %s: %w", side, err)
	}
	domain := a.cfg.Domain
	if domain == "" {
		domain = "galloper.invalid"
	}
	return []templates.Attachment{
		{Name: name + ".png", ContentType: "image/png", Data: png, ContentID: name + ".png@" + domain, Note: templates.CropNote(v, opts)},
		{Name: name + ".svg.zip", ContentType: "application/zip", Data: svg},
	}, nil
}

// mapNote is the line under the map in a mail's HTML.
const mapNote = "Shaded hexes are out of your side's sight. The whole map is attached as an SVG file in a zip archive: " +
	"unpack it and open it in any web browser. The key under the map explains its symbols."

// nextLine is the "Next:" line of a mail to side. The umpire (side "" or
// Umpire) orders no side: its line names the sides of the open segment
// whose orders are still due, those not in sent.
func nextLine(st rules.State, side rules.Side, sent ...string) string {
	if st.Over() {
		return "the game is over"
	}
	seg := st.Segment()
	if side == "" || side == Umpire {
		var due []string
		for _, s := range seg.Sides {
			if !slices.Contains(sent, string(s)) {
				due = append(due, string(s))
			}
		}
		if len(due) == 0 {
			return fmt.Sprintf("%s: every side's orders are in", seg.Label)
		}
		return fmt.Sprintf("%s: waiting for orders from %s", seg.Label, andList(due))
	}
	if containsSide(seg.Sides, side) {
		return fmt.Sprintf("%s: send your orders with TURN %d", seg.Label, seg.Turn)
	}
	return fmt.Sprintf("%s: waiting for the other side's orders", seg.Label)
}

// andList joins names as a sentence does: "A", "A and B", "A, B and C".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func ruleSuffix(rule string) string {
	if rule == "" {
		return ""
	}
	return " (" + rule + ")"
}

func containsSide(sides []rules.Side, s rules.Side) bool {
	for _, x := range sides {
		if x == s {
			return true
		}
	}
	return false
}

// timeText formats a Unix-millisecond time for players.
func timeText(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("Mon 2 Jan 2006 15:04 MST")
}

// viewSide is the side whose view a player gets: the umpire's view (the
// empty side) sees everything.
func viewSide(p store.Player) rules.Side {
	if p.Side == Umpire {
		return ""
	}
	return rules.Side(p.Side)
}

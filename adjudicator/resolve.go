package adjudicator

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"galloper/adjudicator/store"
	"galloper/orders"
	"galloper/rules"
	"galloper/rules/dice"
)

// gameState returns a game's system and its stored state awaiting orders.
func (a *Adjudicator) gameState(g store.Game) (rules.System, rules.State, error) {
	sys, err := a.system(g.System)
	if err != nil {
		return nil, nil, err
	}
	st, err := sys.DecodeState(g.State)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: stored state: %w", g.ID, err)
	}
	return sys, st, nil
}

// saveDefaults stores the system's default orders for each due side that
// sent none.
func (a *Adjudicator) saveDefaults(tx *store.Tx, g store.Game, sys rules.System, st rules.State) error {
	seg := st.Segment()
	sent, err := tx.LatestOrders(g.ID, seg.Index)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, o := range sent {
		have[o.Side] = true
	}
	for _, s := range seg.Sides {
		if have[string(s)] {
			continue
		}
		f := sys.Default(st, s)
		// Stored, the defaults are a whole order file like any other.
		f.Game, f.Side, f.Turn = g.ID, string(s), strconv.Itoa(seg.Turn)
		h := orders.Hash(f, sys.Dialect())
		if err := tx.SaveOrders(store.Order{GameID: g.ID, SegmentIndex: seg.Index, Side: string(s),
			Canonical: orders.Format(f, sys.Dialect()), Hash: hex.EncodeToString(h[:]), CreatedAt: a.now().UnixMilli()}); err != nil {
			return err
		}
	}
	return nil
}

// diceLink returns the chain link that keys the dice of the segment about
// to be resolved: link Index+1, unless a ROLLBACK has already used it or a
// later one. A record reveals its link and, by hashing, every link below
// it, so a segment resolved again after a ROLLBACK takes the link above the
// highest one any record has used: a value nobody has seen, fixed at game
// start, so neither a player who read the undone record nor the daemon can
// choose the new dice (docs/dice.md, section 2.4).
func diceLink(tx *store.Tx, g store.Game, seg rules.Segment) (int, error) {
	used, err := tx.DiceLinkUsed(g.ID)
	if err != nil {
		return 0, err
	}
	return max(seg.Index+1, used+1), nil
}

// segmentInput gathers what resolving the segment of st with dice chain
// link k depends on: the orders stored for it, its verifiable dice and the
// answered decision requests. Every due side has orders stored by then
// (saveDefaults), so a segment resolved again with the same link (after a
// decision, or in a replay) sees the same files in the same order, and so
// gets the same dice. The returned Input has a nil State while a decision
// is still awaited.
func (a *Adjudicator) segmentInput(tx *store.Tx, g store.Game, sys rules.System, st rules.State, k int) (rules.Input, *dice.Segment, []store.Decision, error) {
	seg := st.Segment()
	sent, err := tx.LatestOrders(g.ID, seg.Index)
	if err != nil {
		return rules.Input{}, nil, nil, err
	}
	files := map[rules.Side]*orders.File{}
	var hashes, salts [][]byte
	for _, o := range sent {
		f, probs := orders.Parse(o.Canonical, sys.Dialect())
		if len(probs) > 0 {
			return rules.Input{}, nil, nil, fmt.Errorf("game %s: stored orders of %s do not parse: %s", g.ID, o.Side, probs[0].Message)
		}
		files[rules.Side(o.Side)] = f
		h, _ := hex.DecodeString(o.Hash)
		hashes = append(hashes, h)
		if o.Salt != "" {
			salts = append(salts, []byte(o.Salt))
		}
	}
	if k >= g.DiceLinks {
		return rules.Input{}, nil, nil, fmt.Errorf("game %s: dice chain exhausted at segment %d", g.ID, k)
	}
	chain, err := dice.NewChain(g.DiceSecret, g.DiceLinks)
	if err != nil {
		return rules.Input{}, nil, nil, err
	}
	link, err := chain.Link(k)
	if err != nil {
		return rules.Input{}, nil, nil, err
	}
	prev, err := chain.Link(k - 1)
	if err != nil {
		return rules.Input{}, nil, nil, err
	}
	stateHash := sha256.Sum256(st.Canonical())
	d, err := dice.NewSegment(dice.SegmentInput{GameID: g.ID, Index: k, Engine: Engine, Head: g.DiceHead,
		Link: link, Prev: prev, State: stateHash[:], Orders: hashes, Salts: salts})
	if err != nil {
		return rules.Input{}, nil, nil, err
	}
	asked, err := tx.Decisions(g.ID, seg.Index)
	if err != nil {
		return rules.Input{}, nil, nil, err
	}
	var decisions []rules.Decision
	for _, q := range asked {
		if q.Pending() {
			return rules.Input{}, nil, asked, nil // still waiting for an answer of the set
		}
		decisions = append(decisions, rules.Decision{Key: q.Key, Side: rules.Side(q.Side), Choice: q.Choice})
	}
	return rules.Input{State: st, Orders: files, Decisions: decisions, Dice: d}, d, asked, nil
}

// resolve adjudicates the game's current segment inside tx: the orders in
// hand (system defaults for sides that sent none), verifiable dice from the
// next chain link, the journal, the new state and every side's report.
func (a *Adjudicator) resolve(tx *store.Tx, g store.Game) error {
	sys, st, err := a.gameState(g)
	if err != nil {
		return err
	}
	seg := st.Segment()
	if err := a.saveDefaults(tx, g, sys, st); err != nil {
		return err
	}
	k, err := diceLink(tx, g, seg)
	if err != nil {
		return err
	}
	in, d, asked, err := a.segmentInput(tx, g, sys, st, k)
	if err != nil || in.State == nil {
		return err // in.State is nil while a decision is awaited
	}
	res, err := sys.Resolve(in)
	if err != nil {
		return fmt.Errorf("game %s: resolve %s: %w", g.ID, seg.Label, err)
	}
	if res.Paused() {
		return a.askDecisions(tx, g, seg, asked, res.Pauses)
	}
	res.Events = append(decisionEvents(asked), res.Events...)
	rec := d.Record()
	record := dice.FormatRecord(rec)
	now := a.now()
	next := res.Next
	if err := tx.SaveSegment(store.Segment{GameID: g.ID, SegmentIndex: seg.Index, Label: seg.Label,
		StateBefore: g.State, StateAfter: next.Canonical(), DiceRecord: record, ResolvedAt: now.UnixMilli()}); err != nil {
		return err
	}
	if err := tx.UseDiceLink(g.ID, k); err != nil {
		return err
	}
	kinds := make([]string, 0, len(res.Events))
	bodies := make([]string, 0, len(res.Events))
	for _, e := range res.Events {
		b, err := json.Marshal(e)
		if err != nil {
			return err
		}
		kinds, bodies = append(kinds, e.Kind), append(bodies, string(b))
	}
	if err := tx.AppendEvents(g.ID, seg.Index, kinds, bodies); err != nil {
		return err
	}
	deadline := int64(0)
	if !next.Over() {
		if deadline, err = a.deadlineFor(tx, g.ID, now, next.Segment().Sides); err != nil {
			return err
		}
	}
	if err := tx.AdvanceGame(g.ID, next.Segment().Index, next.Canonical(), next.Over(), deadline); err != nil {
		return err
	}
	g.State, g.Deadline, g.SegmentIndex = next.Canonical(), deadline, next.Segment().Index
	if err := a.queueReports(tx, g, sys, seg, next, res.Events, rec, time.UnixMilli(deadline)); err != nil {
		return err
	}
	if g.Preview && !next.Over() && g.PausedAt == 0 {
		return a.holdClock(tx, g, deadline) // until RELEASE (preview.go)
	}
	if next.Over() || g.PausedAt != 0 {
		return nil
	}
	// A segment that waits for nobody (its sides have all resigned) is
	// resolved at once with their standing orders.
	left, err := a.waiting(tx, g, next.Segment())
	if err != nil || len(left) > 0 {
		return err
	}
	return a.resolve(tx, g)
}

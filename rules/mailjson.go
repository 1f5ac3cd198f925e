package rules

import (
	"slices"

	"galloper/orders"
)

// MailSchemaVersion is the version of the JSON documents attached to the
// mails Galloper sends players; docs/schema/v1 describes it.
const MailSchemaVersion = "v1"

// MailDoc is the machine-readable side of one mail to a player: the
// side's view for that moment, so that a bot can play from it alone. It is
// built only from what the side may see, as the mail's text is.
type MailDoc struct {
	// Schema names the document's JSON Schema, e.g. "galloper/v1/results".
	Schema string `json:"schema"`
	// Kind is the mail's kind: start, receipt, problems, results, final,
	// decision, status, reminder, overdue, ...
	Kind   string `json:"kind"`
	Game   string `json:"game,omitempty"`
	System string `json:"system,omitempty"`
	Side   Side   `json:"side,omitempty"`
	// Segment is the segment now awaiting orders; nil once the game is over.
	Segment *SegmentDoc `json:"segment,omitempty"`
	// OrdersDue says whether the side is to send orders for Segment.
	OrdersDue bool `json:"orders_due"`
	// Deadline is when Segment's orders are due, in RFC 3339, if the game
	// has deadlines.
	Deadline string `json:"deadline,omitempty"`
	Over     bool   `json:"over"`
	// Resolved labels the segment whose results the mail brings.
	Resolved string `json:"resolved,omitempty"`
	// View is the board as the side may know it. Nil on a mail to a sender
	// who has not proved which side they play. Unless FullBoard is set,
	// the parts of a hex map that never change (its hexes, roads, streams,
	// hexsides and the style) and the situation lines, which the mail's
	// text gives, are left out: the game-start mail and every STATUS reply
	// carry them, and Hidden lists the hexes out of sight.
	View      *View `json:"view,omitempty"`
	FullBoard bool  `json:"full_board"`
	// Hidden lists the ids of the hexes out of the side's sight when the
	// map's hexes are left out.
	Hidden []string `json:"hidden,omitempty"`
	// Events are the resolved segment's events the side may see.
	Events []EventDoc `json:"events,omitempty"`
	// Orders is the order file the mail answers, or the side's orders for
	// Segment as Galloper holds them.
	Orders *OrdersDoc `json:"orders,omitempty"`
	// Problems are the problems of a refused order file.
	Problems []ProblemDoc `json:"problems,omitempty"`
	// Decisions are the requests awaiting the side's answer.
	Decisions []DecisionDoc `json:"decisions,omitempty"`
	// Hints are the orders open to the side, when it is to send orders
	// and its system can list them (OrderHinter).
	Hints *OrderHints `json:"hints,omitempty"`
}

// SegmentDoc is a Segment in a MailDoc.
type SegmentDoc struct {
	Turn  int    `json:"turn"`
	Index int    `json:"index"`
	Name  string `json:"name"`
	Label string `json:"label"`
	Sides []Side `json:"sides"`
}

// EventDoc is an Event in a MailDoc.
type EventDoc struct {
	Kind string   `json:"kind"`
	Rule string   `json:"rule,omitempty"`
	Text string   `json:"text"`
	Roll *RollDoc `json:"roll,omitempty"`
}

// RollDoc is a die roll in a MailDoc.
type RollDoc struct {
	Index   int    `json:"index"`
	Purpose string `json:"purpose"`
	Rule    string `json:"rule,omitempty"`
	Sides   int    `json:"sides"`
	Result  int    `json:"result"`
}

// OrdersDoc is an order file and what became of it.
type OrdersDoc struct {
	// Status is "accepted", "refused" or "held" (accepted earlier and
	// kept for the segment).
	Status string `json:"status"`
	// Text is the file in canonical form when accepted, or as sent when
	// refused (its PASSWORD line blanked).
	Text string `json:"text"`
	Hash string `json:"hash,omitempty"`
	// Waiting lists the sides whose orders for the segment are still
	// awaited.
	Waiting []string `json:"waiting,omitempty"`
	Notes   []string `json:"notes,omitempty"`
}

// ProblemDoc is one problem of a refused order file.
type ProblemDoc struct {
	Line       int    `json:"line"`
	Col        int    `json:"col"`
	Kind       string `json:"kind"` // "invalid" or "illegal"
	Code       string `json:"code"`
	Rule       string `json:"rule,omitempty"`
	Message    string `json:"message"`
	Suggestion string `json:"suggestion,omitempty"`
}

// DecisionDoc is a decision request awaiting an answer. A bot answers it
// with "DECIDE <seq> <option>".
type DecisionDoc struct {
	Seq      int      `json:"seq"`
	Key      string   `json:"key"`
	Rule     string   `json:"rule,omitempty"`
	Question string   `json:"question"`
	Options  []string `json:"options"`
	Default  string   `json:"default"`
	Deadline string   `json:"deadline,omitempty"` // RFC 3339
}

// mailKinds are the kinds of mail with a schema of their own; any other
// kind's document follows the "notice" schema.
var mailKinds = []string{"start", "receipt", "problems", "results", "final", "decision", "status"}

// MailSchema names the schema of the document of a mail of kind, e.g.
// "galloper/v1/results": docs/schema/v1/results.json.
func MailSchema(kind string) string {
	if !slices.Contains(mailKinds, kind) {
		kind = "notice"
	}
	return "galloper/" + MailSchemaVersion + "/" + kind
}

// NewMailDoc is the document of a mail of kind to v's side about state
// s: the side's view v (as System.View gives it for s) and the segment
// awaiting orders. The empty side is the umpire's.
func NewMailDoc(sys System, s State, v View, kind string) MailDoc {
	side := v.Side
	d := MailDoc{Schema: MailSchema(kind), Kind: kind, Game: v.Game,
		System: sys.ID(), Side: side, Over: s.Over(), View: &v, FullBoard: true}
	if !s.Over() {
		seg := s.Segment()
		d.Segment = &SegmentDoc{Turn: seg.Turn, Index: seg.Index, Name: seg.Name, Label: seg.Label,
			Sides: slices.Clone(seg.Sides)}
		if d.Segment.Sides == nil {
			d.Segment.Sides = []Side{}
		}
		d.OrdersDue = slices.Contains(seg.Sides, side)
		if h, ok := sys.(OrderHinter); ok && d.OrdersDue && side != "" {
			d.Hints = h.OrderHints(s, side)
		}
	}
	return d
}

// EventDocs are the events side may see, rolls included, in order. A
// side's roll carries its place among the rolls the side may see, in its
// RollDoc and in a text that is the roll's own, as the
// side's dice openings number it (docs/dice.md, section 2.5), not its index
// in the segment, which would tell how many rolls were made before it for
// what the side may not see; the umpire's carries the segment's index.
func EventDocs(events []Event, side Side) []EventDoc {
	var out []EventDoc
	place := rollPlaces(events, side)
	for _, e := range events {
		if !e.VisibleTo(side) {
			continue
		}
		d := EventDoc{Kind: e.Kind, Rule: e.Rule, Text: e.Text}
		if r := e.Roll; r != nil {
			i := r.Index
			if side != "" {
				i = place[r.Index]
			}
			d.Roll = &RollDoc{Index: i, Purpose: r.Purpose, Rule: r.Rule, Sides: r.Sides, Result: r.Result}
			if e.Text == r.String() {
				// The roll's own text ("#12 d10=4 ...") is numbered as
				// its RollDoc is, or it would tell the same count.
				at := *r
				at.Index = i
				d.Text = at.String()
			}
		}
		out = append(out, d)
	}
	return out
}

// rollPlaces maps the index of each roll side may see to its place among
// them, in the order of their indices.
func rollPlaces(events []Event, side Side) map[int]int {
	var idx []int
	for _, e := range events {
		if e.Roll != nil && e.VisibleTo(side) {
			idx = append(idx, e.Roll.Index)
		}
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	place := make(map[int]int, len(idx))
	for p, i := range idx {
		place[i] = p
	}
	return place
}

// ProblemDocs are an order file's problems as a MailDoc holds them.
func ProblemDocs(probs []orders.Problem) []ProblemDoc {
	var out []ProblemDoc
	for _, p := range probs {
		out = append(out, ProblemDoc{Line: p.At.Line, Col: p.At.Col, Kind: string(p.Kind), Code: p.Code,
			Rule: p.Rule, Message: p.Message, Suggestion: p.Suggestion})
	}
	return out
}

// DecisionDocs are a side's decision requests as a MailDoc holds them,
// numbered from seq.
func DecisionDocs(reqs []DecisionRequest, side Side, seq int) []DecisionDoc {
	var out []DecisionDoc
	for i, q := range reqs {
		if side != "" && q.Side != side {
			continue
		}
		out = append(out, DecisionDoc{Seq: seq + i, Key: q.Key, Rule: q.Rule, Question: q.Question,
			Options: slices.Clone(q.Options), Default: q.Default})
	}
	return out
}

// Slim leaves out the parts of the document's hex map that never change
// in a game, so that a mail stays light: the hexes (listing those out of
// sight in Hidden), roads, streams, hexsides and the style; and the
// view's situation lines, which the mail's text gives.
func (d *MailDoc) Slim() {
	if d.View == nil || !d.FullBoard {
		return
	}
	v := *d.View
	v.Style, v.Lines = nil, nil
	if v.Map != nil {
		m := *v.Map
		d.Hidden = []string{}
		for _, h := range m.Hexes {
			if h.Hidden {
				d.Hidden = append(d.Hidden, h.ID)
			}
		}
		m.Hexes, m.Roads, m.Streams, m.Hexsides = nil, nil, nil, nil
		v.Map = &m
	}
	d.View, d.FullBoard = &v, false
}

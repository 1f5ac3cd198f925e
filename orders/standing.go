package orders

import (
	"fmt"
	"slices"
	"strings"
)

// Standing holds a side's standing reactions: the choices the rules give
// the player whose units are acted upon, made in advance so that a segment
// can be resolved without asking (LoB 2.2: Opening Volleys, loss
// distribution, retreats, 6.3d, 6.3f, 6.3i, 9.4e, 9.4h, the Closing Roll
// End Point of 4.0, leaders and Repls of 9.1a-d, HQs of 9.2).
type Standing struct {
	At        Pos
	Reactions []Reaction
}

// Reaction is one line of a STANDING block.
type Reaction struct {
	At   Pos
	Kind string // one of ReactionKinds
	// Choices are the chosen options in canonical form, most preferred
	// first. Only RETREAT and WITHDRAW take more than one.
	Choices []Choice
	Units   []Name // the units of VOLLEY PREFER, in order of preference
}

// Choice is one option of a reaction, in canonical form.
type Choice struct {
	At   Pos
	Text string
}

// Position implements Order.
func (s *Standing) Position() Pos { return s.At }
func (*Standing) isOrder()        {}

// ReactionKinds are the keywords of a STANDING block, in canonical order.
var ReactionKinds = []string{"VOLLEY", "RETREAT", "LOSSES", "FRIENDS", "WITHDRAW", "CAVALRY",
	"ARTILLERY", "FACING", "ENDPOINT", "LEADERS", "REPL", "HQ"}

// reactionChoices maps, for each reaction kind, every accepted way of
// writing an option to its canonical form.
var reactionChoices = map[string]map[string]string{
	"VOLLEY": {"BEST": "BEST", "BEST COLUMN": "BEST", "PREFER": "PREFER"},
	"RETREAT": {
		"AVOID EZOC": "AVOID EZOC", "AVOID EZOCS": "AVOID EZOC",
		"TOWARD HQ": "TOWARD HQ", "TOWARDS HQ": "TOWARD HQ", "TOWARD OWN HQ": "TOWARD HQ", "HQ": "TOWARD HQ",
		"ROADS": "ROADS", "PREFER ROADS": "ROADS", "ROAD": "ROADS",
		"COVER": "COVER", "PREFER COVER": "COVER",
		"STRAIGHT": "STRAIGHT", "STRAIGHTEST": "STRAIGHT",
	},
	"LOSSES": {
		"STRONGEST": "STRONGEST", "STRONGEST FIRST": "STRONGEST", "FROM THE STRONGEST": "STRONGEST",
		"SPREAD": "SPREAD", "EVENLY": "SPREAD", "SPREAD EVENLY": "SPREAD",
		"TOP": "TOP", "TOP UNIT": "TOP", "FROM THE TOP": "TOP",
	},
	"FRIENDS": {
		"PASS THROUGH": "PASS THROUGH", "PASS": "PASS THROUGH", "LET PASS": "PASS THROUGH", "ALLOW": "PASS THROUGH",
		"JOIN": "JOIN", "DISPLACE": "DISPLACE", "DISPLACE LEFT": "DISPLACE LEFT", "DISPLACE RIGHT": "DISPLACE RIGHT",
	},
	"CAVALRY": {"STAND": "STAND", "STAND FAST": "STAND", "WITHDRAW": "WITHDRAW"},
	"ARTILLERY": {
		"NORMAL": "NORMAL", "NO EXTENSION": "NORMAL", "DO NOT EXTEND": "NORMAL",
		"EXTEND": "EXTEND", "EXTEND TO 12": "EXTEND", "EXTEND RETREAT": "EXTEND",
	},
	"FACING": {
		"ENEMY": "ENEMY", "TOWARD ENEMY": "ENEMY", "TOWARDS ENEMY": "ENEMY", "FACE ENEMY": "ENEMY",
		"RETREAT": "RETREAT", "AWAY": "RETREAT", "WAY OF RETREAT": "RETREAT",
		"KEEP": "KEEP", "UNCHANGED": "KEEP", "KEEP FACING": "KEEP",
	},
	"ENDPOINT": {"CLEAR": "CLEAR", "CLEAR LOS": "CLEAR", "BLOCKED": "BLOCKED", "BLOCK": "BLOCKED", "BLOCKED LOS": "BLOCKED"},
	"LEADERS": {
		"NEAREST": "NEAREST", "NEAREST UNITS": "NEAREST",
		"HQ": "HQ", "TOWARD HQ": "HQ", "TOWARDS HQ": "HQ", "NEAREST HQ": "HQ",
		"STRONGEST": "STRONGEST", "STRONGEST STACK": "STRONGEST",
	},
	"REPL": {
		"FIRST": "FIRST", "FIRST UNIT": "FIRST",
		"NEAREST": "NEAREST", "STRONGEST": "STRONGEST", "STRONGEST STACK": "STRONGEST",
	},
	"HQ": {
		"FIRST": "FIRST", "FIRST HEX": "FIRST",
		"STRONGEST": "STRONGEST", "STRONGEST STACK": "STRONGEST",
		"SAFEST": "SAFEST", "FARTHEST FROM ENEMY": "SAFEST",
	},
}

func init() { reactionChoices["WITHDRAW"] = reactionChoices["RETREAT"] }

// ReactionDefault is what Galloper does for a reaction kind when a side's
// STANDING block does not mention it.
var ReactionDefault = map[string]string{
	"VOLLEY":   "BEST",                  // the eligible stack giving the best Opening Volley column (LoB 5.4)
	"RETREAT":  "AVOID EZOC, TOWARD HQ", // LoB 6.3
	"LOSSES":   "STRONGEST",             // losses after the first from the strongest unit (LoB 5.1b)
	"FRIENDS":  "PASS THROUGH",          // LoB 6.3d
	"WITHDRAW": "AVOID EZOC, TOWARD HQ", // Open Order withdrawal path (LoB 9.4e)
	"CAVALRY":  "WITHDRAW",              // Mounted cavalry withdraws (LoB 9.4h)
	// A Limbered battery's retreat is not extended to 12 hexes (LoB 6.3f).
	"ARTILLERY": "NORMAL",
	// After a retreat or Displacement the stack faces the hex it came
	// from, towards the enemy (LoB 3.3a, 6.3a, 6.3i).
	"FACING": "ENEMY",
	// In a Closing Roll situation the non-moving player places the End
	// Points so that the line of sight is Clear when it can be (LoB 4.0,
	// 3.5a #2).
	"ENDPOINT": "CLEAR",
	// A leader who escapes capture (LoB 9.1a) or whose units are destroyed
	// under him (9.1d) goes to the nearest hex with units of his own.
	"LEADERS": "NEAREST",
	// A brigade's Repl goes to the hex of the brigade's first unit, in
	// order of battle, that is elsewhere (LoB 9.1b).
	"REPL": "FIRST",
	// Of several hexes equally nearest a displaced HQ, the first by hex id
	// (LoB 9.2).
	"HQ": "FIRST",
}

// Problem codes of STANDING blocks.
const (
	CodeBadChoice       = "bad-choice"         // an option a reaction does not have
	CodeOutsideStanding = "outside-standing"   // a reaction outside a STANDING block
	CodeUnknownReaction = "unknown-reaction"   // a line inside STANDING with no reaction keyword
	CodeDuplicateBlock  = "duplicate-standing" // a second STANDING block
	CodeTooManyChoices  = "too-many-choices"   // several options where one is allowed
)

// reactionExample returns a sample line for a reaction kind.
func reactionExample(k string) string {
	switch k {
	case "VOLLEY":
		return "VOLLEY BEST (or VOLLEY PREFER Reilly, 1st Texas)"
	case "RETREAT":
		return "RETREAT AVOID EZOC, TOWARD HQ"
	case "LOSSES":
		return "LOSSES STRONGEST"
	case "FRIENDS":
		return "FRIENDS PASS THROUGH"
	case "WITHDRAW":
		return "WITHDRAW TOWARD HQ, ROADS"
	case "CAVALRY":
		return "CAVALRY STAND"
	case "ARTILLERY":
		return "ARTILLERY EXTEND"
	case "FACING":
		return "FACING ENEMY"
	case "ENDPOINT":
		return "ENDPOINT CLEAR"
	case "LEADERS":
		return "LEADERS HQ"
	case "REPL":
		return "REPL NEAREST"
	case "HQ":
		return "HQ STRONGEST"
	}
	return k
}

// openStanding starts the STANDING block.
func (p *parser) openStanding(at Pos, val string, valAt Pos) {
	if p.sawStanding {
		p.add(at, CodeDuplicateBlock, "there is already a STANDING block in this file", "put all standing reactions in one block")
	}
	if val != "" {
		p.add(valAt, CodeTrailingText, fmt.Sprintf("STANDING takes nothing after it, found '%s'", clip(val)),
			"write STANDING alone on its line, and each reaction on a line of its own")
	}
	p.sawStanding = true
	s := &Standing{At: at}
	p.f.Orders = append(p.f.Orders, s)
	p.standing = s
}

// reactionKeyword reads the keyword of a line inside STANDING, allowing the
// longer forms OPENING VOLLEY, MOUNTED CAVALRY and OPEN ORDER [WITHDRAW],
// and LEADER for LEADERS. (END POINT is not a form: END closes the block.)
// It returns the kind and the rest of the line, or "" if there is none.
func reactionKeyword(ws []word) (string, []word) {
	up := func(i int) string {
		if i < len(ws) {
			return strings.TrimSuffix(asciiUpper(ws[i].text), ":")
		}
		return ""
	}
	switch k := up(0); {
	case k == "OPENING" && up(1) == "VOLLEY":
		return "VOLLEY", ws[2:]
	case k == "MOUNTED" && up(1) == "CAVALRY":
		return "CAVALRY", ws[2:]
	case k == "OPEN" && up(1) == "ORDER":
		if up(2) == "WITHDRAW" || up(2) == "WITHDRAWAL" {
			return "WITHDRAW", ws[3:]
		}
		return "WITHDRAW", ws[2:]
	case k == "LEADER":
		return "LEADERS", ws[1:]
	case slices.Contains(ReactionKinds, k):
		return k, ws[1:]
	}
	return "", nil
}

// standingLine reads one reaction line.
func (p *parser) standingLine(l line, kw string, kwOff int, val string, valOff int) {
	ws := append([]word{{kw, kwOff}}, words(val, valOff)...)
	k, rest := reactionKeyword(ws)
	if k == "" {
		p.unknownIn(l, kw, kwOff, "STANDING", ReactionKinds, CodeUnknownReaction)
		return
	}
	at := l.pos(kwOff)
	if i := slices.IndexFunc(p.standing.Reactions, func(r Reaction) bool { return r.Kind == k }); i >= 0 {
		p.add(at, CodeDuplicateField, fmt.Sprintf("%s is already set on line %d", k, p.standing.Reactions[i].At.Line),
			"keep one of them")
		return
	}
	if len(rest) == 0 {
		p.add(at, CodeEmptyValue, fmt.Sprintf("%s has no choice after it", k), "write "+reactionExample(k))
		return
	}
	r := Reaction{At: at, Kind: k}
	if k == "VOLLEY" && asciiUpper(rest[0].text) == "PREFER" {
		off := rest[0].off + len(rest[0].text)
		t, tOff := trimAt(l.text[off:], off)
		r.Choices = []Choice{{At: l.pos(rest[0].off), Text: "PREFER"}}
		if r.Units = p.names(l, t, tOff, l.pos(rest[0].off), "VOLLEY PREFER"); len(r.Units) == 0 {
			return
		}
		p.standing.Reactions = append(p.standing.Reactions, r)
		return
	}
	if p.choices(l, &r, rest) {
		p.standing.Reactions = append(p.standing.Reactions, r)
	}
}

// choices reads the comma-separated options of a reaction.
func (p *parser) choices(l line, r *Reaction, ws []word) bool {
	start := ws[0].off
	last := ws[len(ws)-1]
	val := l.text[start : last.off+len(last.text)]
	ok := true
	for off := start; ; {
		item, rest, more := strings.Cut(val, ",")
		t, tOff := trimAt(item, off)
		if c, good := p.choice(l, r.Kind, t, tOff); good {
			r.Choices = append(r.Choices, c)
		} else {
			ok = false
		}
		if !more {
			break
		}
		val, off = rest, off+len(item)+1
	}
	if ok && len(r.Choices) > 1 && r.Kind != "RETREAT" && r.Kind != "WITHDRAW" {
		p.add(r.Choices[1].At, CodeTooManyChoices, fmt.Sprintf("%s takes one choice", r.Kind), "write "+reactionExample(r.Kind))
		return false
	}
	return ok
}

// choice reads one option of reaction kind k.
func (p *parser) choice(l line, k, t string, off int) (Choice, bool) {
	at := l.pos(off)
	opts := reactionChoices[k]
	if c, ok := opts[asciiUpper(collapse(t))]; ok && c != "PREFER" {
		return Choice{At: at, Text: c}, true
	}
	canon := canonicalChoices(k)
	msg := fmt.Sprintf("%s has no choice '%s'", k, clip(t))
	if t == "" {
		msg = fmt.Sprintf("empty choice in %s (two commas together, or a comma at an end?)", k)
	} else if near := nearest(asciiUpper(collapse(t)), canon); near != "" {
		msg += fmt.Sprintf(": did you mean '%s'?", near)
	}
	p.add(at, CodeBadChoice, msg, fmt.Sprintf("choose from %s", strings.Join(canon, ", ")))
	return Choice{}, false
}

// canonicalChoices lists the canonical options of kind k, sorted.
func canonicalChoices(k string) []string {
	var cs []string
	for _, c := range reactionChoices[k] {
		if !slices.Contains(cs, c) {
			cs = append(cs, c)
		}
	}
	slices.Sort(cs)
	return cs
}

// writeStanding writes a STANDING block in canonical form.
func writeStanding(b *strings.Builder, s *Standing) {
	b.WriteString("STANDING\n")
	for _, r := range s.Reactions {
		cs := make([]string, len(r.Choices))
		for i, c := range r.Choices {
			cs[i] = c.Text
		}
		line := strings.Join(cs, ", ")
		if len(r.Units) > 0 {
			line += " " + joinNames(r.Units)
		}
		fmt.Fprintf(b, "  %-9s %s\n", r.Kind, line)
	}
	b.WriteString("END\n")
}

// stripStanding returns a copy of s with every position zeroed.
func stripStanding(s *Standing) *Standing {
	v := &Standing{}
	for _, r := range s.Reactions {
		cs := make([]Choice, len(r.Choices))
		for i, c := range r.Choices {
			cs[i] = Choice{Text: c.Text}
		}
		v.Reactions = append(v.Reactions, Reaction{Kind: r.Kind, Choices: cs, Units: stripNames(r.Units)})
	}
	return v
}

package templates

import (
	"fmt"
	"sort"
	"strings"

	"galloper/rules"
)

// decisionsTaken heads the decisions a segment was resolved with.
const decisionsTaken = "Decisions taken"

// PhaseLog is the part of a report's log that happened in one phase.
type PhaseLog struct {
	Phase  string
	Events []string
}

// Chronicle turns the events a side may see into the summary that leads
// its report and its log grouped by phase, as the system's Chronicler
// says each event counts. Losses are summed per side, the side of each
// unit taken from the view's roster; the other tallies count events and
// name their subjects. events must already be those the side may see,
// without rolls; line formats one event as the log prints it.
func Chronicle(c rules.Chronicler, events []rules.Event, v rules.View, line func(rules.Event) string) (summary []string, phases []PhaseLog) {
	if c == nil {
		return nil, nil
	}
	order := map[string]int{}
	for i, p := range c.Phases() {
		order[p] = i
	}
	sideOf := map[string]rules.Side{}
	for _, g := range v.Roster {
		for _, u := range g.Units {
			sideOf[u.Name] = g.Side
		}
	}
	type tally struct {
		n        int
		subjects []string
	}
	tallies := map[string]*tally{}
	var labels []string
	losses := map[rules.Side]int{}
	cur := ""
	for _, e := range events {
		n := c.Chronicle(e)
		group := ""
		switch {
		case cur == "" && e.Kind == "decision":
			// The decisions the segment was resolved with lead its events.
			group = decisionsTaken
		default:
			if i, ok := order[n.Phase]; ok && (cur == "" || i > order[cur]) {
				cur = n.Phase
			}
			if cur == "" && len(c.Phases()) > 0 {
				cur = c.Phases()[0]
			}
			group = cur
		}
		if len(phases) == 0 || phases[len(phases)-1].Phase != group {
			phases = append(phases, PhaseLog{Phase: group})
		}
		phases[len(phases)-1].Events = append(phases[len(phases)-1].Events, line(e))
		count := max(n.Count, 1)
		switch {
		case n.Tally == "":
		case n.Tally == rules.TallyLosses:
			side, ok := sideOf[n.Subject]
			if !ok {
				side = "other"
			}
			losses[side] += count
		default:
			t := tallies[n.Tally]
			if t == nil {
				t = &tally{}
				tallies[n.Tally] = t
				labels = append(labels, n.Tally)
			}
			t.n += count
			if n.Subject != "" && !contains(t.subjects, n.Subject) {
				t.subjects = append(t.subjects, n.Subject)
			}
		}
	}
	if len(losses) > 0 {
		var sides []string
		for s := range losses {
			sides = append(sides, string(s))
		}
		sort.Strings(sides)
		var parts []string
		for _, s := range sides {
			parts = append(parts, fmt.Sprintf("%s %d", s, losses[rules.Side(s)]))
		}
		summary = append(summary, "Losses (Strength Points): "+strings.Join(parts, ", "))
	}
	for _, l := range labels {
		t := tallies[l]
		s := fmt.Sprintf("%s: %d", capitalise(l), t.n)
		if len(t.subjects) > 0 {
			s += " (" + strings.Join(t.subjects, "; ") + ")"
		}
		summary = append(summary, s)
	}
	return summary, phases
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

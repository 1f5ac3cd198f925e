package adjudicator

import (
	"galloper/docs"
	"galloper/rules"
	"galloper/templates"
)

// orderExamples are the example orders of every system the adjudicator
// runs that gives one (rules.Styler), for the HELP reply: the system
// teaches its own orders.
func (a *Adjudicator) orderExamples() []templates.OrderExample {
	var out []templates.OrderExample
	for _, s := range a.cfg.Systems {
		st, ok := s.(rules.Styler)
		if !ok || st.Style() == nil || st.Style().OrderExample == "" {
			continue
		}
		out = append(out, templates.OrderExample{System: s.Name(), Text: st.Style().OrderExample})
	}
	return out
}

// guideAttachments are the player's guides mailed with HELP (every
// system's) and with a game's start (its system's, with example orders
// in its scenario's names for the side): the order language itself, so
// that no mail sends a player to a file he does not have.
func (a *Adjudicator) guideAttachments(only rules.System, scenario string, side rules.Side) []templates.Attachment {
	var out []templates.Attachment
	for _, s := range a.cfg.Systems {
		if only != nil && s.ID() != only.ID() {
			continue
		}
		guide, ok := docs.PlayerGuide(s.ID())
		if !ok {
			continue
		}
		head := "Galloper player's guide: " + s.Name() + "\n\n"
		if ex, ok := s.(rules.ScenarioExamples); ok && scenario != "" {
			if body, err := ex.OrderExamples(scenario, side); err == nil {
				head += "Example orders for " + string(side) + " in " + scenario + ", valid at the start of the game:\n\n" +
					templates.Indent(2, body) + "\n\n"
			}
		}
		out = append(out, templates.Attachment{Name: "guide-" + s.ID() + ".txt", ContentType: "text/plain; charset=utf-8",
			Data: []byte(head + guide)})
	}
	return out
}

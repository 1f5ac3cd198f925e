package adjudicator

import (
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

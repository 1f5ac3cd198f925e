package rules

import "fmt"

// Log collects the events of one resolution. Rolls made through it become
// events too, so the event list is the whole story in order.
type Log struct {
	Dice   Dice
	Events []Event
}

// Add appends an event.
func (l *Log) Add(kind, rule, text string, visible ...Side) {
	l.Events = append(l.Events, Event{Kind: kind, Rule: rule, Text: text, Visible: nilIfEmpty(visible)})
}

// Addf appends an event with a formatted text, visible to everyone.
func (l *Log) Addf(kind, rule, format string, args ...any) {
	l.Add(kind, rule, fmt.Sprintf(format, args...))
}

// Roll rolls one die and records it as an event visible to the given sides
// (everyone when none are given).
func (l *Log) Roll(sides int, rule, purpose string, visible ...Side) int {
	v := l.Dice.Roll(sides, rule, purpose)
	var r Roll
	if lr, ok := l.Dice.(LastRoller); ok {
		r, _ = lr.LastRoll()
	} else {
		rolls := l.Dice.Rolls()
		r = rolls[len(rolls)-1]
	}
	l.Events = append(l.Events, Event{Kind: "roll", Rule: rule, Text: r.String(), Visible: nilIfEmpty(visible), Roll: &r})
	return v
}

// Roll2d6 rolls two dice through Roll and returns their sum.
func (l *Log) Roll2d6(rule, purpose string, visible ...Side) int {
	return l.Roll(6, rule, purpose+" (die 1 of 2)", visible...) + l.Roll(6, rule, purpose+" (die 2 of 2)", visible...)
}

func nilIfEmpty(s []Side) []Side {
	if len(s) == 0 {
		return nil
	}
	return s
}

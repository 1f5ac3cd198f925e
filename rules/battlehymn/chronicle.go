package battlehymn

import (
	"strings"

	"galloper/rules"
)

var _ rules.Chronicler = System{}

// The phases of an Hour's report (BH 4): the Initiative and the Turn Cup,
// then the picks, each Movement or Combat Turn in the order drawn, then
// Time Passage.
const (
	phaseCup  = "Initiative and Turn Cup"
	phaseDraw = "The picks"
	phaseTime = "Time Passage"
)

// Phases implements rules.Chronicler.
func (System) Phases() []string { return []string{phaseCup, phaseDraw, phaseTime} }

// Chronicle implements rules.Chronicler: the picks, the Engagements, the
// units Shattered (BH 10.2.2) and eliminated (BH 10.2.3), the retreats
// (BH 7), Objectives taken (BH 3.6) and the scripts put to their owners.
func (System) Chronicle(e rules.Event) rules.EventNote {
	n := rules.EventNote{}
	switch e.Kind {
	case "initiative", "night", "cup":
		n.Phase = phaseCup
	case "draw":
		n.Phase, n.Tally = phaseDraw, "Turn Cup picks"
	case "victory", "game-over", "time":
		n.Phase = phaseTime
	case "engagement":
		n.Tally = "Engagements fought"
	case "shattered":
		n.Tally, n.Subject = "units Shattered", strings.SplitN(e.Text, " is Shattered", 2)[0]
	case "eliminated":
		n.Tally, n.Subject = "units eliminated", strings.TrimSuffix(e.Text, " is eliminated")
	case "retreat":
		subj := strings.SplitN(e.Text, " retreats", 2)[0]
		n.Tally, n.Subject = "retreats", strings.SplitN(subj, " has no retreat path", 2)[0]
	case "control":
		n.Tally, n.Subject = "Objectives taken", strings.SplitN(e.Text, " takes control", 2)[0]
	case "script-misfit":
		n.Tally, n.Subject = "scripts that no longer fitted", strings.SplitN(e.Text, "'s script", 2)[0]
	}
	return n
}

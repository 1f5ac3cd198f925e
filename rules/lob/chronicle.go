package lob

import (
	"regexp"
	"strconv"
	"strings"

	"galloper/rules"
)

var _ rules.Chronicler = System{}

// The phases of a player turn (LoB 2.1).
const (
	commandPhase  = "Command Phase"
	activityPhase = "Activity Phase"
	rallyPhase    = "Rally Phase"
)

// Phases implements rules.Chronicler: the phases of a player turn (LoB
// 2.1).
func (System) Phases() []string { return []string{commandPhase, activityPhase, rallyPhase} }

// phaseOf marks the event kinds that happen only in one phase; the
// others (rolls' consequences, retreats, losses) belong to the phase of
// the event before them.
var phaseOf = map[string]string{
	"order-issued": commandPhase, "order-arrived": commandPhase, "order-accepted": commandPhase,
	"order-refused": commandPhase, "order-not-sent": commandPhase, "order-relayed": commandPhase,
	"command-roll": commandPhase, "fluke-check": commandPhase, "fluke-stoppage": commandPhase,
	"attack-recovered": commandPhase, "attack-recovery-needed": commandPhase, "reinforcement-arrives": commandPhase,
	"activity": activityPhase, "hq-moved": activityPhase, "hq-waits": activityPhase, "move": activityPhase,
	"face": activityPhase, "formation": activityPhase, "fire": activityPhase, "not-firing": activityPhase,
	"fire-refused": activityPhase, "charge-announced": activityPhase, "close-up": activityPhase,
	"move-refused": activityPhase, "activity-skipped": activityPhase, "column-formed": activityPhase,
	"rally": rallyPhase, "rally-failed": rallyPhase, "cowardly-legs-removed": rallyPhase,
}

var (
	lossText   = regexp.MustCompile(`^(.+?) loses (\d+|its last) SP`)
	routedText = regexp.MustCompile(`^(\S+) goes from \S+ to R$`)
	rallyText  = regexp.MustCompile(`^(.+?) in \S+(?::| rolls .*: rallied)`)
)

// Chronicle implements rules.Chronicler: how an event counts in the
// summary that leads a report: SPs lost (LoB 5.7), stacks routed (6.2),
// rallied (6.4), units eliminated (6.3e), orders delivered, accepted and
// stopped (10.6, 10.7b) and objectives reached (10.7a).
func (System) Chronicle(e rules.Event) rules.EventNote {
	n := rules.EventNote{Phase: phaseOf[e.Kind]}
	switch e.Kind {
	case "loss":
		if m := lossText.FindStringSubmatch(e.Text); m != nil {
			n.Tally, n.Subject, n.Count = rules.TallyLosses, m[1], 1
			if c, err := strconv.Atoi(m[2]); err == nil {
				n.Count = c
			}
		}
	case "morale-state":
		if m := routedText.FindStringSubmatch(e.Text); m != nil {
			n.Tally, n.Subject = "stacks routed", m[1]
		}
	case "rally":
		if m := rallyText.FindStringSubmatch(e.Text); m != nil && !strings.Contains(e.Text, "stays") {
			n.Tally, n.Subject = "stacks rallied or steadied", m[1]
		}
	case "eliminated", "retreat-eliminated":
		n.Tally, n.Subject = "units eliminated", strings.TrimSuffix(strings.SplitN(e.Text, " cannot ", 2)[0], " is eliminated")
	case "order-arrived":
		n.Tally, n.Subject = "orders delivered", firstWord(e.Text)
	case "order-accepted":
		n.Tally, n.Subject = "orders accepted", strings.SplitN(e.Text, " accepts ", 2)[0]
	case "fluke-stoppage":
		n.Tally, n.Subject = "Commands stopped", strings.SplitN(e.Text, " suffers ", 2)[0]
	case "order-fulfilled":
		n.Tally, n.Subject = "objectives reached", strings.SplitN(e.Text, " has reached ", 2)[0]
	}
	return n
}

func firstWord(s string) string { return strings.SplitN(s, " ", 2)[0] }

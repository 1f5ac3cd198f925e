package templates

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"text/template"

	"galloper/rules"
)

//go:embed text/*.tmpl
var textFS embed.FS

var texts = template.Must(template.New("").Funcs(template.FuncMap{"indent": indent, "roster": RosterText, "victory": VictoryText}).ParseFS(textFS, "text/*.tmpl"))

// Indent puts n spaces before every line of s and drops its final line
// break.
func Indent(n int, s string) string { return indent(n, s) }

// indent puts n spaces before every line of s and drops its final line
// break: the system's order form set into a mail.
func indent(n int, s string) string {
	pad := strings.Repeat(" ", n)
	return pad + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+pad)
}

// Line is one numbered line of text.
type Line struct {
	N    int
	Text string
}

// ReceiptData fills a receipt mail.
type ReceiptData struct {
	Game, Side, Segment string
	Orders              []Line // the canonical orders, numbered
	Hash                string
	Salt                bool
	Waiting             string   // sides still to send orders, "" when none
	Notes               []string // what the system says about these orders
}

// ProblemLine is one problem as a player reads it.
type ProblemLine struct {
	Line, Col  int
	Kind, Code string
	Rule       string
	Message    string
	Suggestion string
}

// ProblemsData fills a reply listing every problem found.
type ProblemsData struct {
	Game, Side string
	Problems   []ProblemLine
	Source     []Line // the order file as received, numbered
	// More counts the problems found beyond those listed.
	More int
	// SourceOmitted is the number of lines of an order file too long to
	// repeat in the reply.
	SourceOmitted int
}

// ReportData fills a results mail.
type ReportData struct {
	View       rules.View
	Resolved   string
	Events     []string
	Over       bool
	Next       string
	OrdersDue  bool
	Deadline   string
	DiceRecord string
	// DiceFull says DiceRecord is the whole record, link revealed; otherwise
	// it is the segment's commitment and this side's openings.
	DiceFull bool
	// DiceFile names the attachment that holds DiceRecord; when set the
	// body carries only DiceLine, a one-line summary, not the record.
	DiceFile string
	DiceLine string
	// Summary leads the report (losses, routs, rallies, orders; see
	// Chronicle); Phases, when set, is Events grouped by phase.
	Summary []string
	Phases  []PhaseLog
}

// StartData fills a game-start mail.
type StartData struct {
	Game, Scenario, System, Side string
	SystemID                     string // e.g. "lob.v2", naming the guide attached
	Head                         string
	Links                        int
	Engine                       string
	ScenarioHash, ChartPackHash  string
	Provisional                  bool
	// Optional names the optional rules in play, e.g. "12.2 Defensive
	// Positions"; empty when none.
	Optional string
	View     rules.View
	Next     string
}

// ReminderData fills a reminder or an overdue notice.
type ReminderData struct {
	Game, Side, Segment string
	Turn                int
	Overdue             bool
	Deadline, Final     string // the deadline, and the end of the grace period
	// Wait is set when the game's policy is to wait for missing orders
	// rather than resolve without them.
	Wait bool
}

// Reminder renders a reminder or overdue notice.
func Reminder(d ReminderData) (string, error) { return run("reminder.tmpl", d) }

// HelpData fills the reply to HELP.
type HelpData struct {
	Address  string
	Commands []string
	// Examples are the systems' example orders (rules.Style's
	// OrderExample), shown below an order file's envelope.
	Examples []OrderExample
}

// OrderExample is one system's example order.
type OrderExample struct {
	System string
	Text   string
}

// StatusData fills the reply to STATUS, ORDERS, DEADLINE and MAP.
type StatusData struct {
	Command  string
	Note     string // what the command did (ABSENCE, PAUSE, RESUME)
	Paused   bool
	View     rules.View
	Next     string
	Deadline string
	Orders   []Line // ORDERS: the orders in hand for the current segment
	// Received is, for the umpire's STATUS and ORDERS, what each side due
	// to send orders for the current segment has sent so far: the
	// umpire reads the players' orders and scripts before resolution.
	// A player's reply never has it.
	Received []SideOrders
}

// SideOrders is what one side has sent for the current segment.
type SideOrders struct {
	Side   string
	At     string // when the file in hand was received; "" when none is
	Orders []Line // the canonical orders, numbered
}

// Help renders the reply to HELP.
func Help(d HelpData) (string, error) { return run("help.tmpl", d) }

// Status renders the reply to a status command.
func Status(d StatusData) (string, error) { return run("status.tmpl", d) }

// Receipt renders a receipt.
func Receipt(d ReceiptData) (string, error) { return run("receipt.tmpl", d) }

// Problems renders a reply listing problems.
func Problems(d ProblemsData) (string, error) { return run("problems.tmpl", d) }

// Report renders a results mail.
func Report(d ReportData) (string, error) { return run("report.tmpl", d) }

// Start renders a game-start mail.
func Start(d StartData) (string, error) { return run("start.tmpl", d) }

func run(name string, data any) (string, error) {
	var b bytes.Buffer
	if err := texts.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("template %s: %w", name, err)
	}
	return b.String(), nil
}

// FinalData fills the mail that ends a game, sent to every player and
// the umpire: the result by the scenario's conditions, the tally, the
// side's units at the end, and the whole dice record as an attachment.
type FinalData struct {
	View     rules.View
	Resolved string // the last segment resolved
	DiceFile string // the name of the attached dice record
	Segments int    // how many segment records it holds
}

// Final renders the mail that ends a game.
func Final(d FinalData) (string, error) { return run("final.tmpl", d) }

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"galloper/adjudicator"
	"galloper/mail"
	"galloper/orders"
	"galloper/rules"
	"galloper/rules/systems"
)

func validateCmd() *cobra.Command {
	var cfgPath, game, system, scenario, scenarioPath, side string
	var optional []string
	cmd := &cobra.Command{
		Use:   "validate (--game ID --config FILE | --scenario NAME | --scenario-file F) --side SIDE FILE",
		Short: "Check an order file or mail and print the reply Galloper would send",
		Long: "validate checks an order file, or a whole mail saved as .eml (read as the daemon reads it), for\n" +
			"a side, and prints what the reply mail would say: the receipt, or every problem found. With\n" +
			"--game it checks against the game's current segment in the database; with --scenario, against\n" +
			"the scenario's first segment. Nothing is stored or sent. It exits 0 when the orders are valid,\n" +
			"1 when they have problems and 2 when they could not be checked.",
		Example: "  galloper validate --scenario tanners-creek --side CSA orders.txt\n" +
			"  galloper validate --game ridge-1 --config galloper.yaml --side USA reply.eml",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			raw, err := os.ReadFile(args[0])
			if err != nil {
				return exitError{2, err.Error()}
			}
			var reply string
			var ok bool
			text, readErr := orderText(args[0], raw)
			switch {
			case (game == "") == (scenario == "" && scenarioPath == ""):
				return exitError{2, "give either --game ID (with --config) or --scenario NAME (or --scenario-file F)"}
			case readErr != nil:
				reply, ok, err = unreadable(game, side, readErr)
			case game != "":
				reply, ok, err = validateGame(cmd.Context(), cfgPath, game, side, text)
			case scenarioPath != "":
				reply, ok, err = validateScenarioFile(system, scenarioPath, scenario, optional, side, text)
			default:
				reply, ok, err = validateScenario(system, scenario, optional, side, text)
			}
			if err != nil {
				return exitError{2, err.Error()}
			}
			return printVerdict(cmd.OutOrStdout(), reply, ok)
		},
	}
	cmd.Flags().StringVar(&cfgPath, "config", "", "configuration file (with --game)")
	cmd.Flags().StringVar(&game, "game", "", "a game in the database")
	cmd.Flags().StringSliceVar(&optional, "optional", nil, "optional rules in play (with --scenario), as galloper game new takes them, e.g. 12.2,12.4 or rear_fire_drm=as-flank")
	cmd.Flags().StringVar(&system, "system", "lob.v2", "game system (with --scenario)")
	cmd.Flags().StringVar(&scenario, "scenario", "", "a scenario, checked at its first segment")
	cmd.Flags().StringVar(&scenarioPath, "scenario-file", "", "your own scenario file, as galloper game new --scenario-file takes it, checked at its first segment")
	cmd.Flags().StringVar(&side, "side", "", "the side sending the orders")
	_ = cmd.MarkFlagRequired("side")
	return cmd
}

// printVerdict writes the reply and turns problems into exit status 1.
func printVerdict(w io.Writer, reply string, ok bool) error {
	if _, err := io.WriteString(w, reply); err != nil {
		return exitError{2, err.Error()}
	}
	if !ok {
		return exitError{1, "the orders have problems"}
	}
	return nil
}

// mailHeader matches the first line of a saved mail.
var mailHeader = regexp.MustCompile(`^(?i)(from|received|return-path|mime-version|date|message-id|delivered-to|to|subject|x-[a-z-]+):`)

// orderText returns the order text of a file: the text the daemon would
// take from it when it is a saved mail (.eml, or starting with mail
// headers), else the file as it is. readErr says why a saved mail could
// not be read, as the daemon would say it.
func orderText(name string, raw []byte) (text string, readErr error) {
	first, _, _ := bytes.Cut(raw, []byte("\n"))
	if strings.EqualFold(filepath.Ext(name), ".eml") || mailHeader.Match(first) && bytes.Contains(raw, []byte("\n\n")) ||
		mailHeader.Match(first) && bytes.Contains(raw, []byte("\r\n\r\n")) {
		in := mail.Read(raw)
		return in.Text, in.ReadErr
	}
	return string(raw), nil
}

// unreadable is the reply to a saved mail that could not be read.
func unreadable(game, side string, readErr error) (string, bool, error) {
	reply, err := adjudicator.ProblemsText(game, side, "", []orders.Problem{adjudicator.UnreadableMail(readErr)})
	return reply, false, err
}

// validateScenario checks orders against the first segment of a scenario.
func validateScenario(systemID, scenario string, optional []string, side, text string) (string, bool, error) {
	sys, err := systems.Get(systemID)
	if err != nil {
		return "", false, err
	}
	if known := sys.Scenarios(); !slices.Contains(known, scenario) {
		return "", false, fmt.Errorf("unknown scenario %q for %s (known: %s)", scenario, sys.ID(), strings.Join(known, ", "))
	}
	st, err := sys.NewGame(scenario, nil)
	if err != nil {
		return "", false, err
	}
	return validateStart(sys, st, optional, side, text)
}

// validateScenarioFile checks orders against the first segment of an
// owner's scenario file (galloper game new --scenario-file), named name
// or, when name is "", by the file's name.
func validateScenarioFile(systemID, path, name string, optional []string, side, text string) (string, bool, error) {
	sys, err := systems.Get(systemID)
	if err != nil {
		return "", false, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", false, err
	}
	if name == "" {
		name = scenarioName(path)
	}
	l, ok := sys.(rules.ScenarioLoader)
	if !ok {
		return "", false, fmt.Errorf("%s plays only its own scenarios (%s), not a scenario file", sys.Name(), strings.Join(sys.Scenarios(), ", "))
	}
	st, err := l.NewGameFromFile(name, data, nil)
	if err != nil {
		return "", false, err
	}
	return validateStart(sys, st, optional, side, text)
}

// validateStart checks orders against a new game's first segment, with
// the optional rules given.
func validateStart(sys rules.System, st rules.State, optional []string, side, text string) (string, bool, error) {
	var err error
	if len(optional) > 0 {
		or, ok := sys.(rules.OptionalRules)
		if !ok {
			return "", false, fmt.Errorf("%s has no optional rules", sys.ID())
		}
		if st, err = or.WithOptionalRules(st, optional); err != nil {
			return "", false, err
		}
	}
	var waiting []string
	for _, s := range st.Segment().Sides {
		waiting = append(waiting, string(s))
	}
	return adjudicator.CheckOrders(sys, st, "", side, text, waiting)
}

// validateGame checks orders against a stored game's open segment.
func validateGame(ctx context.Context, cfgPath, game, side, text string) (string, bool, error) {
	if cfgPath == "" {
		return "", false, fmt.Errorf("--game needs --config to find the database")
	}
	// Only the database is read: no IMAP or SMTP settings are needed.
	_, adj, err := openAdjudicatorFor(ctx, cfgPath, false)
	if err != nil {
		return "", false, err
	}
	defer adj.DB().Close()
	return adj.Check(ctx, game, side, text)
}

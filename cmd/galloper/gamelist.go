package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"galloper/adjudicator"
)

// gameListCmd lists the games in the database. Only the database is read:
// no IMAP or SMTP settings are needed.
func gameListCmd() *cobra.Command {
	var cfgPath string
	cmd := &cobra.Command{
		Use:   "list --config FILE",
		Short: "List the games in the database: id, system, scenario, status and segment",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := context.Background()
			_, adj, err := openAdjudicatorFor(ctx, cfgPath, false)
			if err != nil {
				return err
			}
			defer adj.DB().Close()
			games, err := adj.Games(ctx)
			if err != nil {
				return err
			}
			if len(games) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "no games yet: create one with `galloper game new`")
				return nil
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintln(w, "GAME\tSYSTEM\tSCENARIO\tSTATUS\tSEGMENT")
			for _, g := range games {
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", g.ID, g.System, g.Scenario, status(g), g.Segment)
			}
			return w.Flush()
		},
	}
	cmd.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	_ = cmd.MarkFlagRequired("config")
	return cmd
}

// gameShowCmd prints one game: its segment, deadline and seats.
func gameShowCmd() *cobra.Command {
	var cfgPath string
	cmd := &cobra.Command{
		Use:   "show --config FILE ID",
		Short: "Show one game: system, scenario, status, segment, deadline and each side's player",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return exitError{2, "game show takes one game id"}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := context.Background()
			_, adj, err := openAdjudicatorFor(ctx, cfgPath, false)
			if err != nil {
				return err
			}
			defer adj.DB().Close()
			g, err := adj.Game(ctx, args[0])
			if err != nil {
				return err
			}
			printGame(cmd.OutOrStdout(), g)
			return nil
		},
	}
	cmd.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	_ = cmd.MarkFlagRequired("config")
	return cmd
}

func status(g adjudicator.GameInfo) string {
	switch {
	case g.Status == "over":
		return "over"
	case g.Paused:
		return "paused"
	}
	return g.Status
}

func printGame(out io.Writer, g adjudicator.GameInfo) {
	fmt.Fprintf(out, "game %s\n", g.ID)
	fmt.Fprintf(out, "  system:   %s\n  scenario: %s\n  status:   %s\n", g.System, g.Scenario, status(g))
	if g.Status == "over" {
		fmt.Fprintf(out, "  last:     %s\n", g.Segment)
	} else {
		fmt.Fprintf(out, "  segment:  %s\n", g.Segment)
	}
	if !g.Deadline.IsZero() {
		fmt.Fprintf(out, "  deadline: %s\n", g.Deadline.Format(time.RFC3339))
	}
	fmt.Fprintln(out, "  players:")
	for _, p := range g.Players {
		var notes []string
		who := p.Email
		if p.Invited {
			who = "(invited, not yet joined)"
		}
		if p.Resigned {
			notes = append(notes, "resigned")
		}
		line := fmt.Sprintf("    %-6s %s", p.Side, who)
		if len(notes) > 0 {
			line += " (" + strings.Join(notes, ", ") + ")"
		}
		fmt.Fprintln(out, line)
	}
}

package main

import (
	"context"
	"errors"
	"fmt"
	"galloper/rules/systems"
	"time"

	"github.com/spf13/cobra"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
)

func replayCmd() *cobra.Command {
	var cfgPath, dbPath, id string
	cmd := &cobra.Command{
		Use:   "replay (--config FILE | --db FILE) --id GAME",
		Short: "Resolve every recorded segment of a game again and check it matches the record",
		Long: "replay resolves each resolved segment of the game again, from the state it started in, the orders\n" +
			"and decisions stored for it and its dice chain link, and checks that it ends in the recorded state with\n" +
			"the recorded dice record. It changes nothing. Use it after an upgrade, or to audit a game's database;\n" +
			"--db reads a database directly, such as the galloper.db that `galloper demo` leaves in its --out folder.",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := context.Background()
			var adj *adjudicator.Adjudicator
			switch {
			case cfgPath != "" && dbPath != "":
				return errors.New("replay: give --config or --db, not both")
			case cfgPath != "":
				_, a, err := openAdjudicator(ctx, cfgPath)
				if err != nil {
					return err
				}
				adj = a
			case dbPath != "":
				db, err := store.Open(ctx, dbPath)
				if err != nil {
					return err
				}
				adj = adjudicator.New(db, adjudicator.Config{Systems: systems.All()}, time.Now, nil, nil)
			default:
				return errors.New("replay: give --config FILE or --db FILE")
			}
			defer adj.DB().Close()
			res, err := adj.Replay(ctx, id)
			if err != nil {
				return fmt.Errorf("replay: %w", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "replay: %d segments of game %s resolved again (%d rolls, %d events); every state and dice record matches\n",
				res.Segments, id, res.Rolls, res.Events)
			return nil
		},
	}
	cmd.Flags().StringVar(&cfgPath, "config", "", "configuration file (its database is read)")
	cmd.Flags().StringVar(&dbPath, "db", "", "database file to read instead of a configuration's")
	cmd.Flags().StringVar(&id, "id", "", "game id")
	_ = cmd.MarkFlagRequired("id")
	return cmd
}

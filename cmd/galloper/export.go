package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"galloper/adjudicator/store"
)

func exportCmd() *cobra.Command {
	var cfgPath, id, out string
	cmd := &cobra.Command{
		Use:   "export --config FILE --id GAME [--out FILE]",
		Short: "Export a game's journal: every dice record, then every event",
		Long: "export writes the game's dice records (one block per resolved segment) followed by its hash-linked\n" +
			"event journal as JSON lines. `galloper dice verify` accepts the file. The journal's hash chain is\n" +
			"checked first; a broken chain is an error.",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := context.Background()
			_, adj, err := openAdjudicator(ctx, cfgPath)
			if err != nil {
				return err
			}
			db := adj.DB()
			defer db.Close()
			w := cmd.OutOrStdout()
			if out != "" {
				f, err := os.Create(out)
				if err != nil {
					return err
				}
				defer f.Close()
				w = f
			}
			return exportGame(ctx, db, id, w)
		},
	}
	cmd.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	cmd.Flags().StringVar(&id, "id", "", "game id")
	cmd.Flags().StringVar(&out, "out", "", "file to write (default: standard output)")
	_ = cmd.MarkFlagRequired("config")
	_ = cmd.MarkFlagRequired("id")
	return cmd
}

func exportGame(ctx context.Context, db *store.DB, id string, w io.Writer) error {
	return db.WithTx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		segs, err := tx.Segments(id)
		if err != nil {
			return err
		}
		j, err := tx.Journal(id)
		if err != nil {
			return err
		}
		if err := store.VerifyJournal(j); err != nil {
			return fmt.Errorf("game %s: %w", id, err)
		}
		fmt.Fprintf(w, "# Galloper journal export: game %s (%s, %s), dice chain head %x\n\n", g.ID, g.System, g.Scenario, g.DiceHead)
		for _, s := range segs {
			fmt.Fprintf(w, "# segment %d: %s\n%s\n", s.SegmentIndex+1, s.Label, s.DiceRecord)
		}
		fmt.Fprintln(w, "# events")
		for _, e := range j {
			fmt.Fprintf(w, "event %d seg %d %s %s %s\n", e.Seq, e.SegmentIndex+1, e.Hash[:16], e.Kind, e.Body)
		}
		return nil
	})
}

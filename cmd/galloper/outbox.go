package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"galloper/adjudicator/store"
)

// outboxCmd lets an operator see the outgoing mail and send a refused
// one again once the cause is fixed (a sender address the SMTP login may
// not use, a full mailbox).
func outboxCmd() *cobra.Command {
	outbox := &cobra.Command{Use: "outbox", Short: "List outgoing mail and retry refused mail"}
	var cfgPath, status string
	var limit int
	list := &cobra.Command{
		Use:   "list --config FILE [--status failed]",
		Short: "List outgoing mails, newest first, with their status and last error",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			db, err := outboxDB(ctx, cfgPath)
			if err != nil {
				return err
			}
			defer db.Close()
			var rows []store.Outgoing
			if err := db.WithTx(ctx, func(tx *store.Tx) error {
				var err error
				rows, err = tx.OutboxByStatus(status, limit)
				return err
			}); err != nil {
				return err
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "ID\tSTATUS\tKIND\tGAME\tTO\tATTEMPTS\tCREATED\tLAST ERROR")
			for _, m := range rows {
				fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", m.ID, m.Status, m.Kind, m.GameID, m.Recipient, m.Attempts,
					time.UnixMilli(m.CreatedAt).UTC().Format("2006-01-02 15:04"), oneLine(m.LastError))
			}
			return w.Flush()
		},
	}
	list.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	list.Flags().StringVar(&status, "status", "", "only mails with this status: pending, sent, failed, held, discarded")
	list.Flags().IntVar(&limit, "limit", 50, "list at most this many")
	_ = list.MarkFlagRequired("config")

	var failed bool
	retry := &cobra.Command{
		Use:   "retry --config FILE (ID ... | --failed)",
		Short: "Queue refused mails to be sent again at once (by id, or every failed one)",
		RunE: func(cmd *cobra.Command, args []string) error {
			if failed == (len(args) > 0) {
				return fmt.Errorf("outbox retry: give mail ids (from `galloper outbox list`) or --failed, not both")
			}
			ctx := cmd.Context()
			db, err := outboxDB(ctx, cfgPath)
			if err != nil {
				return err
			}
			defer db.Close()
			var ids []int64
			for _, a := range args {
				id, err := strconv.ParseInt(a, 10, 64)
				if err != nil {
					return fmt.Errorf("outbox retry: %q is not a mail id", a)
				}
				ids = append(ids, id)
			}
			n := 0
			err = db.WithTx(ctx, func(tx *store.Tx) error {
				if failed {
					rows, err := tx.OutboxByStatus("failed", -1)
					if err != nil {
						return err
					}
					for _, m := range rows {
						ids = append(ids, m.ID)
					}
				}
				for _, id := range ids {
					ok, err := tx.RetryOutgoing(id, time.Now().UnixMilli())
					if err != nil {
						return err
					}
					if !ok && !failed {
						return fmt.Errorf("outbox retry: mail %d is not failed, bounced or pending (see `galloper outbox list`)", id)
					}
					if ok {
						n++
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d mails queued to be sent again; a running `galloper serve` sends them at its next poll\n", n)
			return nil
		},
	}
	retry.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	retry.Flags().BoolVar(&failed, "failed", false, "retry every failed mail")
	_ = retry.MarkFlagRequired("config")
	outbox.AddCommand(list, retry)
	return outbox
}

// outboxDB opens the database a configuration names.
func outboxDB(ctx context.Context, cfgPath string) (*store.DB, error) {
	cfg, err := loadConfig(cfgPath)
	if err != nil {
		return nil, err
	}
	return cfg.openStore(ctx)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

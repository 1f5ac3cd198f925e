package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
)

func mailCmd() *cobra.Command {
	m := &cobra.Command{Use: "mail", Short: "Operator tools for mail"}
	var cfgPath, game string
	ingest := &cobra.Command{
		Use:   "ingest --config FILE [--game ID] FILE.eml",
		Short: "Process a saved mail exactly as if it had arrived, and print the reply",
		Long: "ingest stores the mail and processes it through the same code as the daemon: orders are checked,\n" +
			"stored and may resolve a segment. The replies it queues are printed here and sent by the next\n" +
			"`galloper serve`. A mail already processed (same Message-ID and content) is recognised and not\n" +
			"processed twice. A mail over imap.max_size is not read, as the daemon does not read it: its\n" +
			"sender is told. --game ID takes the mail as sent to the game's own address (galloper+ID@...),\n" +
			"so a mail without a GAME line is for that game; a mail whose GAME line names another game\n" +
			"is still processed, with a warning.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			raw, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			ctx := context.Background()
			cfg, adj, err := openAdjudicator(ctx, cfgPath)
			if err != nil {
				return err
			}
			defer adj.DB().Close()
			// The daemon's size limit: a bigger mail is not read, and its
			// sender is told so.
			raw = mail.LimitSize(raw, cfg.IMAP.MaxSize)
			return ingestMail(ctx, adj, raw, game, cmd.OutOrStdout())
		},
	}
	ingest.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	ingest.Flags().StringVar(&game, "game", "", "the game the mail is for, when it has no GAME line")
	_ = ingest.MarkFlagRequired("config")
	m.AddCommand(ingest)
	return m
}

func ingestMail(ctx context.Context, adj *adjudicator.Adjudicator, raw []byte, game string, w io.Writer) error {
	in := mail.Read(raw)
	uid, standIn := adj.DB().IngestIdentity(raw)
	row := store.Inbound{Mailbox: store.IngestMailbox, UID: uid, MessageID: in.MessageID,
		Raw: raw, ReceivedAt: time.Now().UnixMilli(), BodyHash: adj.DB().BodyHash(raw)}
	if row.MessageID == "" {
		row.MessageID = standIn
	}
	var id, last int64
	var inserted bool
	err := adj.DB().WithTx(ctx, func(tx *store.Tx) error {
		var err error
		if last, err = tx.LastOutboxID(); err != nil {
			return err
		}
		id, inserted, err = tx.InsertInbound(row)
		return err
	})
	if err != nil {
		return err
	}
	if !inserted {
		return exitError{code: 1, msg: "this mail was already received; nothing was done"}
	}
	in.InboundID = id
	if redacted, ok := mail.Redact(raw); ok {
		in.Redacted = redacted
	}
	if game != "" {
		in.To = append(in.To, adj.GameAddress(game))
	}
	out, err := adj.HandleInbound(ctx, in)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "mail %s: %s (game %q)\n", in.MessageID, out.Result, out.GameID)
	if game != "" && out.GameID != game {
		fmt.Fprintf(w, "warning: the mail is not for game %s\n", game)
	}
	var replies []store.Outgoing
	if err := adj.DB().WithTx(ctx, func(tx *store.Tx) error {
		replies, err = tx.OutboxAfter(last)
		return err
	}); err != nil {
		return err
	}
	for _, r := range replies {
		fmt.Fprintf(w, "\n--- queued %s to %s: %s\n%s", r.Kind, r.Recipient, subject(r.Raw), bodyText(r.Raw))
	}
	return nil
}

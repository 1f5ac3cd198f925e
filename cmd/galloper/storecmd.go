package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"galloper/adjudicator/store"
)

func storeCmd() *cobra.Command {
	st := &cobra.Command{Use: "store", Short: "Move Galloper's database"}
	var cfgPath, from string
	migrate := &cobra.Command{
		Use:   "migrate --config FILE [--from galloper.db]",
		Short: "Copy a SQLite game set into the PostgreSQL database the configuration names",
		Long: "migrate copies every game, player, stored mail, order, segment, journal event, outbox mail and\n" +
			"decision from a SQLite database (--from, or the configuration's database) into the PostgreSQL\n" +
			"database of the configuration (store: postgres), keeping every id. The PostgreSQL database must\n" +
			"be new; the copy is one transaction. Stop the daemon first, and keep the token key file.",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := context.Background()
			cfg, err := loadConfig(cfgPath)
			if err != nil {
				return err
			}
			if cfg.Store != "postgres" {
				return errors.New("store migrate: the configuration's store must be postgres (the database to copy into)")
			}
			if from == "" {
				from = cfg.Database
			}
			n, err := migrateStore(ctx, from, cfg.PostgresDSN)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "store migrate: %d games, %d mails received, %d orders, %d segments, %d journal events, %d mails sent or queued copied from %s to PostgreSQL\n",
				n["games"], n["inbound"], n["orders"], n["segments"], n["events"], n["outbox"], from)
			return nil
		},
	}
	migrate.Flags().StringVar(&cfgPath, "config", "", "configuration file naming the PostgreSQL database")
	migrate.Flags().StringVar(&from, "from", "", "SQLite database to copy (default: the configuration's database)")
	_ = migrate.MarkFlagRequired("config")
	st.AddCommand(migrate)
	return st
}

// migrateStore copies the SQLite database at path into the PostgreSQL
// database dsn names.
func migrateStore(ctx context.Context, path, dsn string) (store.CopyCounts, error) {
	src, err := store.Open(ctx, path) // brought up to date first, as the daemon would
	if err != nil {
		return nil, err
	}
	defer src.Close()
	dst, err := store.OpenPostgres(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer dst.Close()
	return store.Copy(ctx, src, dst)
}

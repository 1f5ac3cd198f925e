package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"galloper/adjudicator"
	"galloper/mail"
)

func rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "galloper",
		Short:         "Galloper adjudicates play-by-email wargames",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(serveCmd(), gameCmd(), demoCmd(), renderCmd(), diceCmd(), checkConfigCmd(), mailCmd())
	return root
}

func serveCmd() *cobra.Command {
	var cfgPath string
	cmd := &cobra.Command{
		Use:   "serve --config FILE",
		Short: "Run the mail daemon against a real mailbox",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			cfg, adj, err := openAdjudicator(ctx, cfgPath)
			if err != nil {
				return err
			}
			db := adj.DB()
			defer db.Close()
			log := cfg.logger()
			d := &mail.Daemon{
				Intake:    mail.NewIntake(cfg.imapConfig(), db, time.Now, log),
				Processor: mail.NewProcessor(adj, log),
				Sender:    mail.NewSender(cfg.smtpConfig(), db, time.Now, log),
				Adj:       adj, Poll: cfg.Poll, Log: log,
			}
			if cfg.Metrics != "" {
				go func() {
					if err := serveOps(ctx, cfg.Metrics, db, log); err != nil {
						log.Error("metrics server stopped", "err", err)
					}
				}()
			}
			log.Info("galloper serving", "mailbox", cfg.IMAP.Username+"@"+cfg.IMAP.Addr, "database", cfg.Database)
			return d.Run(ctx)
		},
	}
	cmd.Flags().StringVar(&cfgPath, "config", "", "configuration file (see config.example.yaml)")
	_ = cmd.MarkFlagRequired("config")
	return cmd
}

func checkConfigCmd() *cobra.Command {
	var cfgPath string
	cmd := &cobra.Command{
		Use:   "check-config --config FILE",
		Short: "Check a configuration file and print what it sets",
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := loadConfig(cfgPath)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "config %s is valid: mailbox %s at %s, sending via %s, database %s, deadline %s\n",
				cfgPath, cfg.IMAP.Username, cfg.IMAP.Addr, cfg.SMTP.Addr, cfg.Database, cfg.Deadline)
			return nil
		},
	}
	cmd.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	_ = cmd.MarkFlagRequired("config")
	return cmd
}

func gameCmd() *cobra.Command {
	game := &cobra.Command{Use: "game", Short: "Create and inspect games"}
	var cfgPath, id, system, scenario, packPath string
	var players []string
	create := &cobra.Command{
		Use:   "new --config FILE --id ID --scenario NAME --player SIDE:EMAIL:PASSWORD ...",
		Short: "Create a game and queue its game-start mails",
		Example: "  galloper game new --config galloper.yaml --id creek-1 --system lob.v2 --scenario tanners-creek \\\n" +
			"    --player CSA:ann@example.org:tulip-47 --player USA:bob@example.org:oak-12",
		RunE: func(cmd *cobra.Command, _ []string) error {
			spec := adjudicator.GameSpec{ID: id, System: system, Scenario: scenario}
			for _, p := range players {
				parts := strings.SplitN(p, ":", 3)
				if len(parts) != 3 || parts[0] == "" || !strings.Contains(parts[1], "@") || parts[2] == "" {
					return fmt.Errorf("--player %q: want SIDE:EMAIL:PASSWORD", p)
				}
				spec.Players = append(spec.Players, adjudicator.PlayerSpec{Side: parts[0], Email: parts[1], Password: parts[2]})
			}
			if packPath != "" {
				var err error
				if spec.ChartPack, err = os.ReadFile(packPath); err != nil {
					return err
				}
			}
			ctx := context.Background()
			_, adj, err := openAdjudicator(ctx, cfgPath)
			if err != nil {
				return err
			}
			defer adj.DB().Close()
			if err := adj.CreateGame(ctx, spec); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "game %s created; game-start mails are queued and go out with the next `galloper serve`\n", id)
			return nil
		},
	}
	create.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	create.Flags().StringVar(&id, "id", "", "game id players write on their GAME line")
	create.Flags().StringVar(&system, "system", "lob.v2", "game system")
	create.Flags().StringVar(&scenario, "scenario", "tanners-creek", "scenario")
	create.Flags().StringVar(&packPath, "chart-pack", "", "chart pack YAML file with your own card's tables (default: the system's shipped pack)")
	create.Flags().StringArrayVar(&players, "player", nil, "SIDE:EMAIL:PASSWORD, once per side")
	for _, f := range []string{"config", "id"} {
		_ = create.MarkFlagRequired(f)
	}
	game.AddCommand(create, exportCmd())
	return game
}

package main

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
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
	root.AddCommand(serveCmd(), gameCmd(), demoCmd(), renderCmd(), diceCmd(), checkConfigCmd(), mailCmd(), validateCmd(), outboxCmd(), storeCmd(), botCmd())
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
			cfg, err := loadConfig(cfgPath)
			if err != nil {
				return err
			}
			if err := cfg.checkLogins(); err != nil {
				return err
			}
			cfg, adj, err := openAdjudicator(ctx, cfgPath)
			if err != nil && ctx.Err() != nil {
				// Stopped while starting (systemd's stop right after a
				// restart): nothing was taken in hand, so a clean exit.
				cfg.logger().Info("galloper stopped while starting", "err", err)
				return nil
			}
			if err != nil {
				return err
			}
			db := adj.DB()
			defer db.Close()
			log := cfg.logger()
			health := mail.NewHealth(time.Now())
			d := &mail.Daemon{
				Intake:    mail.NewIntake(cfg.imapConfig(), db, time.Now, log),
				Processor: mail.NewProcessor(adj, log),
				Sender:    mail.NewSender(cfg.smtpConfig(), db, time.Now, log),
				Adj:       adj, Poll: cfg.Poll, Log: log, Health: health,
			}
			d.Sender.ProbeEvery = cfg.HealthyWithin / 3
			if cfg.Metrics != "" {
				reg := opsRegistry(db)
				d.Metrics = mail.NewMetrics(reg)
				health.Register(reg)
				h := healthCheck{db: db, health: health, within: cfg.HealthyWithin}
				go func() {
					if err := serveOps(ctx, cfg.Metrics, h, reg, log); err != nil {
						log.Error("metrics server stopped", "err", err)
					}
				}()
			}
			log.Info("galloper serving", "mailbox", cfg.IMAP.Username+"@"+cfg.IMAP.Addr, "database", cfg.Database)
			err = d.Run(ctx)
			log.Info("galloper stopped", "err", err)
			return err
		},
	}
	cmd.Flags().StringVar(&cfgPath, "config", "", "configuration file (see config.example.yaml)")
	_ = cmd.MarkFlagRequired("config")
	return cmd
}

func checkConfigCmd() *cobra.Command {
	var cfgPath string
	var connect bool
	cmd := &cobra.Command{
		Use:   "check-config --config FILE [--connect]",
		Short: "Check a configuration file and print what it sets; --connect also logs in to the mail servers",
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := loadConfig(cfgPath)
			if err != nil {
				return err
			}
			if err := cfg.checkLogins(); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "config %s is valid: mailbox %s at %s, sending via %s, database %s, deadline %s\n",
				cfgPath, cfg.IMAP.Username, cfg.IMAP.Addr, cfg.SMTP.Addr, cfg.Database, cfg.Deadline)
			for _, w := range cfg.portWarnings() {
				fmt.Fprintln(out, "warning: "+w)
			}
			if !connect {
				return nil
			}
			ctx := cmd.Context()
			if err := mail.NewIntake(cfg.imapConfig(), nil, time.Now, nil).Check(ctx); err != nil {
				return err
			}
			fmt.Fprintf(out, "imap: logged in to %s as %s and opened %s\n", cfg.IMAP.Addr, cfg.IMAP.Username, cfg.IMAP.Mailbox)
			if err := mail.NewSender(cfg.smtpConfig(), nil, time.Now, nil).Check(ctx); err != nil {
				return err
			}
			fmt.Fprintf(out, "smtp: logged in to %s and the server accepts mail from %s\n", cfg.SMTP.Addr, cfg.Address)
			return nil
		},
	}
	cmd.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	cmd.Flags().BoolVar(&connect, "connect", false, "log in to the IMAP and SMTP servers and check that the SMTP server accepts Galloper's address as sender")
	_ = cmd.MarkFlagRequired("config")
	return cmd
}

func gameCmd() *cobra.Command {
	game := &cobra.Command{Use: "game", Short: "Create and inspect games"}
	var cfgPath, id, system, scenario, scenarioPath, packPath string
	var players, invites, keys, optional []string
	var nmr string
	var preview bool
	create := &cobra.Command{
		Use:   "new --config FILE --id ID --scenario NAME --player SIDE:EMAIL:PASSWORD ...",
		Short: "Create a game and queue its game-start mails",
		Example: "  galloper game new --config galloper.yaml --id ridge-1 --system lob.v2 --scenario lantern-ridge \\\n" +
			"    --player CSA:ann@example.org:tulip-47 --player USA:bob@example.org:oak-12",
		RunE: func(cmd *cobra.Command, _ []string) error {
			spec := adjudicator.GameSpec{ID: id, System: system, Scenario: scenario, NMRPolicy: nmr, Preview: preview,
				Optional: optional}
			for _, p := range players {
				parts := strings.SplitN(p, ":", 3)
				if len(parts) != 3 || parts[0] == "" || !strings.Contains(parts[1], "@") || parts[2] == "" {
					return fmt.Errorf("--player %q: want SIDE:EMAIL:PASSWORD", p)
				}
				spec.Players = append(spec.Players, adjudicator.PlayerSpec{Side: parts[0], Email: parts[1], Password: parts[2]})
			}
			for _, k := range keys {
				side, file, ok := strings.Cut(k, "=")
				i := slices.IndexFunc(spec.Players, func(p adjudicator.PlayerSpec) bool { return p.Side == side })
				if !ok || i < 0 {
					return fmt.Errorf("--pgp-key %q: want SIDE=FILE for a side given with --player", k)
				}
				key, err := os.ReadFile(file)
				if err != nil {
					return err
				}
				spec.Players[i].PGPKey = string(key)
			}
			codes := map[string]string{}
			for _, side := range invites {
				code, err := inviteCode()
				if err != nil {
					return err
				}
				codes[side] = code
				spec.Players = append(spec.Players, adjudicator.PlayerSpec{Side: side, Invite: code})
			}
			if packPath != "" {
				var err error
				if spec.ChartPack, err = os.ReadFile(packPath); err != nil {
					return err
				}
			}
			if scenarioPath != "" {
				var err error
				if spec.ScenarioFile, err = os.ReadFile(scenarioPath); err != nil {
					return err
				}
				if !cmd.Flags().Changed("scenario") {
					spec.Scenario = scenarioName(scenarioPath)
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
			fmt.Fprintf(cmd.OutOrStdout(), "game %s created; its game-start mails are queued: a running `galloper serve` sends them at its next poll, or the next one started\n", id)
			for _, side := range invites {
				fmt.Fprintf(cmd.OutOrStdout(), "invite for %s: JOIN %s  (give it to the player; it works once)\n", side, codes[side])
			}
			return nil
		},
	}
	create.Flags().StringVar(&cfgPath, "config", "", "configuration file")
	create.Flags().StringVar(&id, "id", "", "game id players write on their GAME line")
	create.Flags().StringVar(&system, "system", "lob.v2", "game system")
	create.Flags().StringVar(&scenario, "scenario", "lantern-ridge", "scenario: lantern-ridge (30×22, the default) or tanners-creek (16×12)")
	create.Flags().StringVar(&scenarioPath, "scenario-file", "", "your own scenario file in the system's format (docs/maps.md; for GBACW a Battle Book's battle), checked as the shipped ones are and kept with the game; named by --scenario, or by the file's name")
	create.Flags().StringVar(&packPath, "chart-pack", "", "chart pack YAML file with your own card's tables (default: the system's shipped pack)")
	create.Flags().StringArrayVar(&players, "player", nil, "SIDE:EMAIL:PASSWORD, once per side")
	create.Flags().StringArrayVar(&keys, "pgp-key", nil, "SIDE=FILE: the player's armored OpenPGP public key; mails they clearsign with it need no password")
	create.Flags().StringArrayVar(&invites, "invite", nil, "SIDE to leave open for a player who mails JOIN with the printed code")
	create.Flags().StringVar(&nmr, "nmr", "defaults", "when orders are missing after the deadline and grace: defaults (use standing orders) or wait")
	create.Flags().StringSliceVar(&optional, "optional", nil, "optional rules to play with: by number for Line of Battle, e.g. 12.2,12.4 (LoB 12.0); KEY=VALUE for acwminis, e.g. band-edge=upper,fog-of-war=off (docs/rulings-acwminis.md); for gbacw by number (10.82, 17) or KEY=VALUE for its switchable rulings, e.g. rear_fire_drm=as-flank (docs/rulings-gbacw.md)")
	create.Flags().BoolVar(&preview, "preview", false, "hold each segment's results for the umpire's RELEASE")
	for _, f := range []string{"config", "id"} {
		_ = create.MarkFlagRequired(f)
	}
	game.AddCommand(create, gameListCmd(), gameShowCmd(), exportCmd(), replayCmd())
	return game
}

// inviteCode draws a code such as 7QK4-M2TD-X9PA for an open seat.
func inviteCode() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	s := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)[:12]
	return s[:4] + "-" + s[4:8] + "-" + s[8:], nil
}

// scenarioName is the name a game gives the scenario in a file when no
// --scenario names it: the file's name without its directory or
// extension, e.g. "brandy-station" for battles/brandy-station.yaml.
func scenarioName(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

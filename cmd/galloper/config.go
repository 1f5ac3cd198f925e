package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"galloper/rules/systems"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/spf13/viper"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
)

// Config is galloper's configuration file (see config.example.yaml).
// Environment variables GALLOPER_<KEY> override it, with dots and dashes
// as underscores: GALLOPER_IMAP_PASSWORD, GALLOPER_SMTP_PASSWORD.
type Config struct {
	Database string `mapstructure:"database"`
	// Store is the database engine: "sqlite" (the file at database) or
	// "postgres" (the server PostgresDSN names; see docs/operations.md).
	Store string `mapstructure:"store"`
	// PostgresDSN comes from the environment (GALLOPER_POSTGRES_DSN) or
	// from PostgresDSNFile, never from the configuration file: it may hold
	// a password.
	PostgresDSN     string        `mapstructure:"postgres_dsn"`
	PostgresDSNFile string        `mapstructure:"postgres_dsn_file"`
	Address         string        `mapstructure:"address"`
	Domain          string        `mapstructure:"domain"`
	Deadline        time.Duration `mapstructure:"deadline"`
	Remind          time.Duration `mapstructure:"remind_before"`
	Grace           time.Duration `mapstructure:"grace"`
	Days            []string      `mapstructure:"deadline_days"`
	Decide          time.Duration `mapstructure:"decision_window"`
	Poll            time.Duration `mapstructure:"poll"`
	LogLevel        string        `mapstructure:"log_level"`
	Metrics         string        `mapstructure:"metrics"` // host:port for /metrics and /healthz; empty: off
	// MetricsPublic allows a metrics address off loopback.
	MetricsPublic bool `mapstructure:"metrics_public"`
	// Timeout bounds each exchange with the mail servers.
	Timeout time.Duration `mapstructure:"timeout"`
	// HealthyWithin is how recently IMAP and SMTP must have answered for
	// /healthz to say ok.
	HealthyWithin time.Duration `mapstructure:"healthy_within"`
	IMAP          struct {
		Addr         string `mapstructure:"addr"`
		TLS          bool   `mapstructure:"tls"`
		StartTLS     bool   `mapstructure:"starttls"`
		CAFile       string `mapstructure:"ca_file"`
		ServerName   string `mapstructure:"server_name"`
		Username     string `mapstructure:"username"`
		Password     string `mapstructure:"password"`
		PasswordFile string `mapstructure:"password_file"`
		Mailbox      string `mapstructure:"mailbox"`
		Processed    string `mapstructure:"processed"`
		MaxSize      int64  `mapstructure:"max_size"`
	} `mapstructure:"imap"`
	// TokenKeyFile holds the key that seals reply tokens in the database;
	// empty: the database's path with ".key" appended, created if missing.
	TokenKeyFile string `mapstructure:"token_key_file"`
	Limits       struct {
		MIMEDepth    int   `mapstructure:"mime_depth"`
		MIMEParts    int   `mapstructure:"mime_parts"`
		DecodedBytes int64 `mapstructure:"decoded_bytes"`
		OrderBytes   int   `mapstructure:"order_bytes"`
		OrderLines   int   `mapstructure:"order_lines"`
		OrderBlocks  int   `mapstructure:"order_blocks"`
		BlockLines   int   `mapstructure:"block_lines"`
		Problems     int   `mapstructure:"problems"`
		ReplyBytes   int   `mapstructure:"reply_bytes"`
		Attempts     int   `mapstructure:"attempts"`
		// The per-address rate limits: order files and command mails
		// read from one sender address in any rate_window.
		RateWindow time.Duration `mapstructure:"rate_window"`
		OrderFiles int           `mapstructure:"order_files"`
		Commands   int           `mapstructure:"commands"`
	} `mapstructure:"limits"`
	SMTP struct {
		Addr         string `mapstructure:"addr"`
		TLS          bool   `mapstructure:"tls"`
		StartTLS     bool   `mapstructure:"starttls"`
		CAFile       string `mapstructure:"ca_file"`
		ServerName   string `mapstructure:"server_name"`
		Username     string `mapstructure:"username"`
		Password     string `mapstructure:"password"`
		PasswordFile string `mapstructure:"password_file"`
	} `mapstructure:"smtp"`
}

func loadConfig(path string) (Config, error) { return loadConfigFor(path, true) }

// loadConfigFor loads the configuration; without mail, the IMAP and SMTP
// settings are not required (a command that only reads the database,
// such as validate --game).
func loadConfigFor(path string, withMail bool) (Config, error) {
	v := viper.NewWithOptions(viper.ExperimentalBindStruct())
	v.SetDefault("database", "galloper.db")
	v.SetDefault("store", "sqlite")
	v.SetDefault("deadline", "72h")
	v.SetDefault("remind_before", "12h")
	v.SetDefault("grace", "0s")
	v.SetDefault("decision_window", "24h")
	v.SetDefault("poll", "1m")
	v.SetDefault("timeout", mail.DefaultTimeout.String())
	v.SetDefault("healthy_within", "15m")
	v.SetDefault("log_level", "info")
	v.SetDefault("imap.mailbox", "INBOX")
	v.SetEnvPrefix("GALLOPER")
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_", "-", "_"))
	v.AutomaticEnv()
	var c Config
	if path != "" {
		v.SetConfigFile(path)
		if err := v.ReadInConfig(); err != nil {
			return c, fmt.Errorf("read config %s: %w", path, err)
		}
	}
	if err := strictKeys(v); err != nil {
		return c, err
	}
	if err := v.Unmarshal(&c); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	if v.InConfig("postgres_dsn") {
		return c, fmt.Errorf("config %s: postgres_dsn does not belong in the configuration file (it may hold a password); set GALLOPER_POSTGRES_DSN or postgres_dsn_file", path)
	}
	if c.PostgresDSNFile != "" {
		b, err := os.ReadFile(c.PostgresDSNFile)
		if err != nil {
			return c, fmt.Errorf("config: postgres_dsn_file: %w", err)
		}
		c.PostgresDSN = strings.TrimSpace(string(b))
	}
	// STARTTLS is the default for SMTP, unless implicit TLS is asked for.
	if !c.SMTP.TLS && !v.InConfig("smtp.starttls") && os.Getenv("GALLOPER_SMTP_STARTTLS") == "" {
		c.SMTP.StartTLS = true
	}
	for _, s := range []struct {
		file string
		dst  *string
	}{{c.IMAP.PasswordFile, &c.IMAP.Password}, {c.SMTP.PasswordFile, &c.SMTP.Password}} {
		if s.file != "" {
			b, err := os.ReadFile(s.file)
			if err != nil {
				return c, fmt.Errorf("config: %w", err)
			}
			*s.dst = strings.TrimSpace(string(b))
		}
	}
	return c, c.check(withMail)
}

func (c Config) validate() error { return c.check(true) }

// check checks the configuration; without mail it leaves out the IMAP
// and SMTP settings.
func (c Config) check(withMail bool) error {
	var missing []string
	required := []struct{ name, v string }{{"database", c.Database}, {"address", c.Address}, {"domain", c.Domain}}
	if withMail {
		required = append(required, []struct{ name, v string }{
			{"imap.addr", c.IMAP.Addr}, {"imap.username", c.IMAP.Username}, {"smtp.addr", c.SMTP.Addr}}...)
	}
	for _, f := range required {
		if f.v == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("config: missing %s", strings.Join(missing, ", "))
	}
	if _, err := c.weekdays(); err != nil {
		return err
	}
	if c.Poll < minPoll {
		return fmt.Errorf("config: poll must be at least %s, got %s", minPoll, c.Poll)
	}
	if err := c.checkConnections(); withMail && err != nil {
		return err
	}
	switch c.Store {
	case "sqlite":
	case "postgres":
		if c.TokenKeyFile == "" {
			return fmt.Errorf("config: store is postgres: set token_key_file, the same file for every daemon")
		}
		if c.PostgresDSN == "" {
			return fmt.Errorf("config: store is postgres but no DSN is given: set GALLOPER_POSTGRES_DSN or postgres_dsn_file")
		}
	default:
		return fmt.Errorf("config: store must be sqlite or postgres, got %q", c.Store)
	}
	if c.IMAP.MaxSize < 0 {
		return fmt.Errorf("config: imap.max_size must not be negative, got %d", c.IMAP.MaxSize)
	}
	if c.Decide <= 0 {
		return fmt.Errorf("config: decision_window must be positive, got %s", c.Decide)
	}
	return nil
}

// weekdays reads deadline_days ("mon", "Tuesday", ...).
func (c Config) weekdays() ([]time.Weekday, error) {
	var out []time.Weekday
	for _, d := range c.Days {
		found := false
		for w := time.Sunday; w <= time.Saturday; w++ {
			if len(d) >= 3 && strings.HasPrefix(strings.ToLower(w.String()), strings.ToLower(d)) {
				out, found = append(out, w), true
			}
		}
		if !found {
			return nil, fmt.Errorf("config: deadline_days: %q is not a weekday", d)
		}
	}
	return out, nil
}

// openAdjudicator loads the configuration at path and opens its database
// and adjudicator. Close the database with adj.DB().Close().
func openAdjudicator(ctx context.Context, path string) (Config, *adjudicator.Adjudicator, error) {
	return openAdjudicatorFor(ctx, path, true)
}

// openAdjudicatorFor is openAdjudicator; without mail, the configuration
// needs no IMAP or SMTP settings.
func openAdjudicatorFor(ctx context.Context, path string, withMail bool) (Config, *adjudicator.Adjudicator, error) {
	cfg, err := loadConfigFor(path, withMail)
	if err != nil {
		return cfg, nil, err
	}
	db, err := cfg.openStore(ctx)
	if err != nil {
		return cfg, nil, err
	}
	days, _ := cfg.weekdays() // checked by loadConfig
	key, err := tokenKey(cfg.tokenKeyFile())
	if err != nil {
		db.Close()
		return cfg, nil, err
	}
	db.SetMailKey(key) // received mail is hashed under the token key
	adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: cfg.Address, Domain: cfg.Domain, Deadline: cfg.Deadline,
		RemindBefore: cfg.Remind, Grace: cfg.Grace, Days: days, DecisionWindow: cfg.Decide, Limits: cfg.limits(), TokenKey: key},
		time.Now, rand.Reader, cfg.logger())
	if n, err := adj.SealTokens(ctx); err != nil {
		db.Close()
		return cfg, nil, fmt.Errorf("seal reply tokens: %w", err)
	} else if n > 0 {
		cfg.logger().Info("reply tokens sealed under the token key", "players", n, "key_file", cfg.tokenKeyFile())
	}
	if n, err := db.KeyMailHashes(ctx); err != nil {
		db.Close()
		return cfg, nil, fmt.Errorf("key the hashes of stored mail: %w", err)
	} else if n > 0 {
		cfg.logger().Info("hashes of stored mail keyed under the token key", "mails", n, "key_file", cfg.tokenKeyFile())
	}
	return cfg, adj, nil
}

func (c Config) imapConfig() mail.IMAPConfig {
	return mail.IMAPConfig{Addr: c.IMAP.Addr, TLS: c.IMAP.TLS, StartTLS: c.IMAP.StartTLS, Username: c.IMAP.Username, Password: c.IMAP.Password, Mailbox: c.IMAP.Mailbox,
		Processed: c.IMAP.Processed, MaxSize: c.IMAP.MaxSize, Timeout: c.Timeout,
		TLSOptions: mail.TLSOptions{CAFile: c.IMAP.CAFile, ServerName: c.IMAP.ServerName}}
}

func (c Config) smtpConfig() mail.SMTPConfig {
	return mail.SMTPConfig{Addr: c.SMTP.Addr, TLS: c.SMTP.TLS, StartTLS: c.SMTP.StartTLS, Username: c.SMTP.Username, Password: c.SMTP.Password, From: c.Address,
		Timeout: c.Timeout, TLSOptions: mail.TLSOptions{CAFile: c.SMTP.CAFile, ServerName: c.SMTP.ServerName}}
}

func (c Config) logger() *slog.Logger {
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(c.LogLevel)); err != nil {
		lvl = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))
}

// limits are the configured limits on what one mail can make Galloper do;
// a key left out takes its default (adjudicator.DefaultLimits).
func (c Config) limits() adjudicator.Limits {
	l := c.Limits
	return adjudicator.Limits{MIMEDepth: l.MIMEDepth, MIMEParts: l.MIMEParts, DecodedBytes: l.DecodedBytes,
		OrderBytes: l.OrderBytes, OrderLines: l.OrderLines, OrderBlocks: l.OrderBlocks, BlockLines: l.BlockLines,
		Problems: l.Problems, ReplyBytes: l.ReplyBytes, Attempts: l.Attempts,
		RateWindow: l.RateWindow, OrderFiles: l.OrderFiles, Commands: l.Commands}.WithDefaults()
}

// openStore opens the database the configuration names.
func (c Config) openStore(ctx context.Context) (*store.DB, error) {
	if c.Store == "postgres" {
		return store.OpenPostgres(ctx, c.PostgresDSN)
	}
	return store.Open(ctx, c.Database)
}

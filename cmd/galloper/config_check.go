package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/spf13/viper"
)

// minPoll is the shortest poll period accepted: shorter ones only burn
// the processor and the mail server (each poll renews the IDLE).
const minPoll = time.Second

// configKeys lists every key Config reads, as viper spells them
// ("imap.processed").
func configKeys() []string {
	var keys []string
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for f := range t.Fields() {
			name := prefix + f.Tag.Get("mapstructure")
			if f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeFor[time.Duration]() {
				walk(f.Type, name+".")
				continue
			}
			keys = append(keys, name)
		}
	}
	walk(reflect.TypeFor[Config](), "")
	return keys
}

// strictKeys refuses a key Galloper does not know (a misspelt key would
// otherwise silently leave its feature off) and a duration without a unit
// (`poll: 20` would be 20 nanoseconds).
func strictKeys(v *viper.Viper) error {
	known := configKeys()
	var unknown []string
	for _, k := range v.AllKeys() {
		if !slices.Contains(known, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return fmt.Errorf("config: unknown key %s (known keys: see config.example.yaml)", strings.Join(unknown, ", "))
	}
	for f := range reflect.TypeFor[Config]().Fields() {
		if f.Type != reflect.TypeFor[time.Duration]() {
			continue
		}
		key := f.Tag.Get("mapstructure")
		switch raw := v.Get(key).(type) {
		case string:
			if _, err := time.ParseDuration(raw); err != nil {
				return fmt.Errorf("config: %s: %q is not a duration; write it with a unit, such as 90s, 20m or 72h", key, raw)
			}
		case int, int64, float64:
			if reflect.ValueOf(raw).Convert(reflect.TypeFor[float64]()).Float() != 0 {
				return fmt.Errorf("config: %s: %v has no unit; write it with one, such as %vs, %vm or %vh", key, raw, raw, raw, raw)
			}
		}
	}
	return nil
}

// checkConnections refuses mail and metrics settings that cannot work or
// are unsafe: an address without a port, TLS and STARTTLS together, a
// password sent in clear off loopback, a CA file that is not there, and
// /metrics served beyond loopback unless metrics_public says so.
func (c Config) checkConnections() error {
	var errs []error
	for _, s := range []struct {
		proto, addr       string
		tls, startTLS     bool
		caFile            string
		hasLogin, canMiss bool
	}{
		{"imap", c.IMAP.Addr, c.IMAP.TLS, c.IMAP.StartTLS, c.IMAP.CAFile, true, false},
		{"smtp", c.SMTP.Addr, c.SMTP.TLS, c.SMTP.StartTLS, c.SMTP.CAFile, c.SMTP.Username != "", true},
	} {
		host, port, err := net.SplitHostPort(s.addr)
		if err != nil || port == "" || host == "" {
			errs = append(errs, fmt.Errorf("config: %s.addr %q needs a host and a port, such as mail.example.org:%s", s.proto, s.addr,
				map[string]string{"imap": "993", "smtp": "587"}[s.proto]))
			continue
		}
		if s.tls && s.startTLS {
			errs = append(errs, fmt.Errorf("config: %s.tls and %s.starttls are both on; choose one (tls for port %s, starttls for port %s)",
				s.proto, s.proto, map[string]string{"imap": "993", "smtp": "465"}[s.proto], map[string]string{"imap": "143", "smtp": "587"}[s.proto]))
		}
		if !s.tls && !s.startTLS && s.hasLogin && !isLoopback(host) {
			errs = append(errs, fmt.Errorf("config: %s.addr %s is not on loopback, and with neither %s.tls nor %s.starttls the password would go in clear",
				s.proto, s.addr, s.proto, s.proto))
		}
		if s.caFile != "" {
			if _, err := os.Stat(s.caFile); err != nil {
				errs = append(errs, fmt.Errorf("config: %s.ca_file: %w", s.proto, err))
			}
		}
	}
	if c.Metrics != "" {
		host, _, err := net.SplitHostPort(c.Metrics)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("config: metrics %q needs a host and a port, such as 127.0.0.1:9464", c.Metrics))
		case !isLoopback(host) && !c.MetricsPublic:
			errs = append(errs, fmt.Errorf("config: metrics %s serves /metrics beyond loopback; bind it to 127.0.0.1, or set metrics_public: true if a firewall guards it", c.Metrics))
		}
	}
	if c.Domain != "" && !dotAtom.MatchString(c.Domain) {
		errs = append(errs, fmt.Errorf("config: domain %q is not a domain name (it ends every Message-ID: letters, digits, dashes and dots)", c.Domain))
	}
	if c.Timeout < time.Second {
		errs = append(errs, fmt.Errorf("config: timeout must be at least 1s, got %s", c.Timeout))
	}
	if c.HealthyWithin < c.Poll {
		errs = append(errs, fmt.Errorf("config: healthy_within (%s) must be at least poll (%s)", c.HealthyWithin, c.Poll))
	}
	return errors.Join(errs...)
}

// checkLogins refuses a configuration that cannot log in to the mail
// servers: `serve` and `check-config` need it; commands that only touch
// the database do not.
func (c Config) checkLogins() error {
	if c.IMAP.Password == "" {
		return fmt.Errorf("config: imap.password is missing (set GALLOPER_IMAP_PASSWORD or imap.password_file)")
	}
	if c.SMTP.Username != "" && c.SMTP.Password == "" {
		return fmt.Errorf("config: smtp.password is missing for smtp.username %s (set GALLOPER_SMTP_PASSWORD or smtp.password_file)", c.SMTP.Username)
	}
	return nil
}

// dotAtom is a domain as RFC 5322 lets it end a Message-ID, limited to
// the characters of a host name.
var dotAtom = regexp.MustCompile(`^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$`)

// isLoopback reports a loopback host: localhost or a loopback IP.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// The well-known ports of the mail protocols, and how each begins: with
// TLS from the first byte (implicit), or in plain text, upgraded with
// STARTTLS. See RFC 8314 §3.3 (465, 993) and RFC 3501, RFC 6409 (143, 587).
var mailPorts = map[string]map[string]bool{ // protocol -> port -> implicit TLS
	"imap": {"993": true, "143": false},
	"smtp": {"465": true, "587": false, "25": false},
}

// portWarnings lists the settings whose port and TLS mode disagree, as
// plain IMAP to port 993: the connection would hang in the handshake or
// fail with a confusing error. Servers on other ports may do as they
// like, so these are warnings, not errors.
func (c Config) portWarnings() []string {
	var out []string
	for _, s := range []struct {
		proto, addr   string
		tls, startTLS bool
	}{
		{"imap", c.IMAP.Addr, c.IMAP.TLS, c.IMAP.StartTLS},
		{"smtp", c.SMTP.Addr, c.SMTP.TLS, c.SMTP.StartTLS},
	} {
		_, port, err := net.SplitHostPort(s.addr)
		if err != nil {
			continue // checkConnections refuses it
		}
		implicit, known := mailPorts[s.proto][port]
		switch {
		case !known:
		case implicit && !s.tls:
			how := "in plain text"
			if s.startTLS {
				how = "in plain text to upgrade with STARTTLS"
			}
			out = append(out, fmt.Sprintf("%s.addr %s: port %s expects TLS from the first byte, but Galloper would speak %s; set %s.tls: true (and %s.starttls: false)",
				s.proto, s.addr, port, how, s.proto, s.proto))
		case !implicit && s.tls:
			out = append(out, fmt.Sprintf("%s.addr %s: port %s begins in plain text (upgraded with STARTTLS), but %s.tls starts with a TLS handshake; set %s.starttls: true and %s.tls: false, or use port %s",
				s.proto, s.addr, port, s.proto, s.proto, s.proto, map[string]string{"imap": "993", "smtp": "465"}[s.proto]))
		}
	}
	return out
}

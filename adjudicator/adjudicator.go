// Package adjudicator runs Galloper's games: it creates them with a dice
// commitment, takes each side's orders (checked by the orders parser and
// the game system), resolves segments with verifiable dice once every
// order is in or the deadline passes, keeps the hash-linked journal, and
// queues every mail it owes in the same transaction as the change that
// caused it.
package adjudicator

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"time"

	"galloper/adjudicator/store"
	"galloper/rules"
	"galloper/rules/dice"
)

// Engine is the engine version written into every dice record.
const Engine = "galloper-0.1"

// Config is what the adjudicator needs to know about its deployment.
type Config struct {
	// Address is the mailbox players send orders to, e.g. "galloper@example.org".
	Address string
	// Domain is used in Message-IDs.
	Domain string
	// Deadline is how long a segment waits for orders before the missing
	// sides' orders are taken from the system defaults. Zero means no deadline.
	Deadline time.Duration
	// RemindBefore is how long before a deadline a player whose orders are
	// missing is reminded. Zero sends no reminder.
	RemindBefore time.Duration
	// Grace is how long after the deadline Galloper still waits, sending a
	// notice each day, before taking the system's default orders.
	Grace time.Duration
	// Days are the weekdays (UTC) a deadline may fall on; empty means any.
	Days []time.Weekday
	// DecisionWindow is how long a side has to answer a decision request
	// (a choice no standing order covers) before the default is taken.
	// Zero means DefaultDecisionWindow.
	DecisionWindow time.Duration
	// Systems are the game systems the adjudicator runs: the list in
	// rules/systems, handed over by the program that wires Galloper.
	Systems []rules.System
	// Limits bound what one mail can make Galloper do; zero fields take
	// DefaultLimits.
	Limits Limits
	// TokenKey seals the players' reply tokens in the database (see
	// sealToken). It is kept outside the database; without it tokens are
	// stored as they are.
	TokenKey []byte
}

// Adjudicator runs games stored in a database.
type Adjudicator struct {
	db   *store.DB
	cfg  Config
	now  func() time.Time
	rand io.Reader
	log  *slog.Logger
	// extra holds systems added with UseSystem, by id.
	extra map[string]rules.System
}

// New returns an adjudicator. now is the clock and rand the source of dice
// secrets (crypto/rand.Reader in production).
func New(db *store.DB, cfg Config, now func() time.Time, rand io.Reader, log *slog.Logger) *Adjudicator {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Adjudicator{db: db, cfg: cfg, now: now, rand: rand, log: log}
}

// UseSystem makes sys available to this adjudicator's games besides the
// systems of its Config, in their place for the same id, for a system
// under development or a test. Call it before the adjudicator handles any
// mail.
func (a *Adjudicator) UseSystem(sys rules.System) {
	if a.extra == nil {
		a.extra = map[string]rules.System{}
	}
	a.extra[sys.ID()] = sys
}

// system returns the game system with the given id.
func (a *Adjudicator) system(id string) (rules.System, error) {
	if sys, ok := a.extra[id]; ok {
		return sys, nil
	}
	var ids []string
	for _, s := range a.cfg.Systems {
		if s.ID() == id {
			return s, nil
		}
		ids = append(ids, s.ID())
	}
	return nil, fmt.Errorf("unknown game system %q (known: %v)", id, ids)
}

// DB returns the adjudicator's database.
func (a *Adjudicator) DB() *store.DB { return a.db }

// PlayerSpec is one player of a new game.
type PlayerSpec struct {
	Side     string
	Email    string
	Password string
	// Invite, instead of Email and Password, leaves the side open for
	// whoever mails JOIN with this code.
	Invite string
	// PGPKey is an optional armored OpenPGP public key: mails clearsigned
	// with it are authenticated by the signature.
	PGPKey string
}

// GameSpec describes a new game.
type GameSpec struct {
	ID       string
	System   string // e.g. "lob.v2"
	Scenario string
	// ScenarioFile is an owner's scenario file, played under the name
	// Scenario, for a system with the rules.ScenarioLoader capability;
	// nil plays the shipped scenario Scenario names.
	ScenarioFile []byte
	ChartPack    []byte // nil: the system's shipped pack
	Players      []PlayerSpec
	// NMRPolicy is "defaults" (the default: after the deadline and grace,
	// missing sides get the system's default orders) or "wait".
	NMRPolicy string
	// Preview holds each segment's results for the umpire's RELEASE.
	Preview bool
	// Optional lists optional rules to switch on, e.g. "12.2" (LoB 12.0),
	// for a system with the rules.OptionalRules capability.
	Optional []string
}

// newGame is the game's starting state: of the shipped scenario, or of
// the owner's scenario file when the spec brings one.
func newGame(sys rules.System, spec GameSpec, pack *rules.ChartPack) (rules.State, error) {
	if spec.ScenarioFile == nil {
		return sys.NewGame(spec.Scenario, pack)
	}
	l, ok := sys.(rules.ScenarioLoader)
	if !ok {
		return nil, fmt.Errorf("%s plays only its own scenarios (%s), not a scenario file", sys.Name(), strings.Join(sys.Scenarios(), ", "))
	}
	if spec.Scenario == "" {
		return nil, fmt.Errorf("a scenario file needs a name for the game's scenario")
	}
	return l.NewGameFromFile(spec.Scenario, spec.ScenarioFile, pack)
}

// diceLinks is the length of a game's dice chain: far more segments than
// any game has.
const diceLinks = 4096

// CreateGame creates a game, commits to its dice and mails every player
// the game-start mail.
func (a *Adjudicator) CreateGame(ctx context.Context, spec GameSpec) error {
	if err := checkGameID(spec.ID); err != nil {
		return err
	}
	if err := checkSides(spec); err != nil {
		return err
	}
	sys, err := a.system(spec.System)
	if err != nil {
		return err
	}
	var pack *rules.ChartPack
	if spec.ChartPack != nil {
		if pack, err = rules.ParseChartPack("chart_pack", spec.ChartPack); err != nil {
			return err
		}
	}
	st, err := newGame(sys, spec, pack)
	if err != nil {
		return fmt.Errorf("game %s: %w", spec.ID, err)
	}
	if st, err = withOptional(sys, st, spec.Optional); err != nil {
		return fmt.Errorf("game %s: %w", spec.ID, err)
	}
	if len(spec.Players) == 0 {
		return fmt.Errorf("game %s: no players", spec.ID)
	}
	if spec.NMRPolicy != "" && spec.NMRPolicy != "defaults" && spec.NMRPolicy != "wait" {
		return fmt.Errorf("game %s: no-moves policy %q: use defaults or wait", spec.ID, spec.NMRPolicy)
	}
	if err := checkScenarioSides(spec, sys, st); err != nil {
		return err
	}
	secret, err := dice.NewSecret(a.rand)
	if err != nil {
		return fmt.Errorf("game %s: dice secret: %w", spec.ID, err)
	}
	chain, err := dice.NewChain(secret, diceLinks)
	if err != nil {
		return err
	}
	packBytes := spec.ChartPack
	if packBytes == nil {
		packBytes = systemPack(sys)
	}
	now := a.now()
	g := store.Game{
		ID: spec.ID, System: sys.ID(), Scenario: spec.Scenario, State: st.Canonical(), ChartPack: packBytes,
		DiceSecret: secret, DiceHead: chain.Head(), DiceLinks: diceLinks,
		Deadline: a.deadline(now), ThreadID: a.msgID("game", spec.ID), CreatedAt: now.UnixMilli(),
		NMRPolicy: spec.NMRPolicy, Preview: spec.Preview,
	}
	var players []store.Player
	for _, p := range spec.Players {
		if p.Invite != "" {
			players = append(players, store.Player{GameID: spec.ID, Side: p.Side, InviteHash: inviteHash(p.Invite)})
			continue
		}
		tok, err := a.newToken()
		if err != nil {
			return fmt.Errorf("game %s: %w", spec.ID, err)
		}
		if err := checkKey(p.Side, p.PGPKey); err != nil {
			return fmt.Errorf("game %s: %w", spec.ID, err)
		}
		hash, err := hashPassword(rand.Reader, p.Password)
		if err != nil {
			return fmt.Errorf("game %s: %w", spec.ID, err)
		}
		players = append(players, store.Player{GameID: spec.ID, Side: p.Side, Email: p.Email,
			PasswordHash: hash, Token: sealToken(a.cfg.TokenKey, spec.ID, p.Side, tok), PGPKey: p.PGPKey})
	}
	return a.db.WithTx(ctx, func(tx *store.Tx) error {
		if err := gameIDFree(tx, g.ID); err != nil {
			return err
		}
		if err := tx.CreateGame(g, players); err != nil {
			return err
		}
		return a.queueStart(tx, g, sys, st, players)
	})
}

func (a *Adjudicator) deadline(from time.Time) int64 {
	if a.cfg.Deadline <= 0 {
		return 0
	}
	return from.Add(a.cfg.Deadline).UnixMilli()
}

// withOptional switches on a new game's optional rules.
func withOptional(sys rules.System, st rules.State, ids []string) (rules.State, error) {
	if len(ids) == 0 {
		return st, nil
	}
	or, ok := sys.(rules.OptionalRules)
	if !ok {
		return nil, fmt.Errorf("%s has no optional rules (asked for %s)", sys.Name(), strings.Join(ids, ", "))
	}
	next, err := or.WithOptionalRules(st, ids)
	if err != nil {
		return nil, fmt.Errorf("optional rules: %w (%s offers %s)", err, sys.Name(), optionalList(or, nil))
	}
	return next, nil
}

// optionalList names optional rules, e.g. "12.2 Defensive Positions, 12.4
// Axis of Advance": the ids given, or every one the system offers when
// ids is nil.
func optionalList(or rules.OptionalRules, ids []string) string {
	var out []string
	for _, r := range or.OptionalRules() {
		if ids == nil || slices.Contains(ids, r.ID) {
			out = append(out, r.ID+" "+r.Name)
		}
	}
	return strings.Join(out, ", ")
}

// optionalInPlay names the optional rules in play in st, or returns ""
// when there are none or the system has none.
func optionalInPlay(sys rules.System, st rules.State) string {
	or, ok := sys.(rules.OptionalRules)
	if !ok {
		return ""
	}
	ids := or.OptionalRulesInPlay(st)
	if len(ids) == 0 {
		return ""
	}
	return optionalList(or, ids)
}

// view is what side sees of st in game g, with the optional rules in play
// named after its first line.
func view(sys rules.System, st rules.State, side rules.Side, game string) rules.View {
	v := sys.View(st, side)
	v.Game = game
	if opt := optionalInPlay(sys, st); opt != "" && len(v.Lines) > 0 {
		v.Lines = slices.Concat(v.Lines[:1], []string{"Optional rules in play: " + opt + "."}, v.Lines[1:])
	}
	return v
}

// systemPack returns the chart pack a system ships, for the record.
func systemPack(sys rules.System) []byte {
	if p, ok := sys.(rules.ChartPackSource); ok {
		return p.ChartPackData()
	}
	return []byte{}
}

func hashHex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// msgID builds a stable Message-ID from its parts, so that a mail queued
// twice is the same mail.
//
// The result is always a valid msg-id (RFC 5322 §3.6.4): its left part is
// a dot-atom, so an empty part (a mail for no game) is left out rather
// than making "..", and a character outside atext becomes "-".
func (a *Adjudicator) msgID(parts ...any) string {
	id := "<galloper"
	for _, p := range parts {
		if s := atext(fmt.Sprint(p)); s != "" {
			id += "." + s
		}
	}
	return id + "@" + a.cfg.Domain + ">"
}

// atext turns s into a dot-atom-text (RFC 5322 §3.2.3), or "": a
// character outside atext becomes "-", and empty dot-separated parts are
// dropped.
func atext(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' ||
			strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0) {
			b[i] = '-'
		}
	}
	var out []string
	for _, f := range strings.Split(string(b), ".") {
		if f != "" {
			out = append(out, f)
		}
	}
	return strings.Join(out, ".")
}

// errGameOver is returned for orders to a finished game.
var errGameOver = errors.New("the game is over")

// replyAddress is a player's own address for orders: the game address with
// a plus part naming the game and side and carrying the player's secret
// token, e.g. galloper+creek-1.csa.k3j5...@example.org. Replying to any of
// Galloper's mails authenticates the player without a password.
func (a *Adjudicator) replyAddress(game, side, token string) string {
	local, domain, ok := strings.Cut(a.cfg.Address, "@")
	if !ok || token == "" {
		return ""
	}
	return fmt.Sprintf("%s+%s.%s.%s@%s", local, game, strings.ToLower(side), token, domain)
}

// GameAddress is the game's own address, the game address with the game
// id as its plus part (galloper+creek-1@example.org). Mail sent to it is
// for that game even without a GAME line; it authenticates nobody.
func (a *Adjudicator) GameAddress(game string) string {
	local, domain, ok := strings.Cut(a.cfg.Address, "@")
	if !ok {
		return ""
	}
	return local + "+" + game + "@" + domain
}

// tokenMatches reports whether one of the addresses is p's reply address.
func (a *Adjudicator) tokenMatches(addrs []string, game string, p store.Player) bool {
	want := a.replyAddress(game, p.Side, a.playerToken(game, p))
	if want == "" {
		return false
	}
	for _, addr := range addrs {
		if subtle.ConstantTimeCompare([]byte(strings.ToLower(addr)), []byte(strings.ToLower(want))) == 1 {
			return true
		}
	}
	return false
}

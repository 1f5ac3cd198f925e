package adjudicator

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ProtonMail/go-crypto/openpgp/clearsign"

	"galloper/adjudicator/store"
	"galloper/orders"
	"galloper/rules"
	"galloper/templates"
)

// Incoming is a received mail as the mail side hands it over: already
// stored raw, its order text extracted.
type Incoming struct {
	InboundID int64
	From      string // the sender's address, used only to address replies
	// To holds every recipient address (To, Cc, Delivered-To); a player's
	// reply address among them authenticates the mail.
	To         []string
	MessageID  string
	Subject    string
	References []string
	Text       string // the order file text
	// AuthResults are the receiving server's Authentication-Results
	// (DKIM, SPF, DMARC): logged and stored as evidence, never trusted to
	// authenticate a player.
	AuthResults string
	// Automatic is set for bounces and auto-replies, which are never answered.
	Automatic bool
	// Bounce, when set, is the delivery status notification the mail
	// carries about a mail Galloper sent.
	Bounce *Bounce
	// ReadErr is set when the mail itself could not be read.
	ReadErr error
	// Redacted, when set, is the stored mail with its passwords removed:
	// it replaces the stored copy in the transaction that processes it.
	Redacted []byte
}

// Outcome says what became of a mail; operators see it in logs and in the
// inbound table.
type Outcome struct {
	GameID string
	Result string // "accepted", "problems", "ignored: ..."
}

// HandleInbound processes one stored mail: in one transaction it checks the
// orders, stores them if valid, queues the reply, resolves the segment if
// every order is now in, and marks the mail processed. If anything fails
// nothing is kept and the mail stays pending.
func (a *Adjudicator) HandleInbound(ctx context.Context, in Incoming) (Outcome, error) {
	var out Outcome
	err := a.db.WithTx(ctx, func(tx *store.Tx) error {
		var err error
		out, err = a.handle(tx, in)
		if err != nil {
			return err
		}
		if in.Redacted != nil {
			if err := tx.RedactInbound(in.InboundID, in.Redacted); err != nil {
				return err
			}
		}
		return tx.MarkProcessed(in.InboundID, out.GameID, out.Result)
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("inbound mail %d (%s): %w", in.InboundID, in.MessageID, err)
	}
	a.log.Info("mail processed", "inbound", in.InboundID, "msgid", in.MessageID, "game", out.GameID, "result", out.Result,
		"auth_results", in.AuthResults)
	return out, nil
}

func (a *Adjudicator) handle(tx *store.Tx, in Incoming) (Outcome, error) {
	if in.Bounce != nil {
		return a.bounce(tx, in)
	}
	if in.Automatic {
		return Outcome{Result: "ignored: automatic reply or bounce"}, nil
	}
	if in.From == "" {
		return Outcome{Result: "ignored: no sender address"}, nil
	}
	if in.ReadErr != nil {
		return a.reject(tx, in, nil, "", []orders.Problem{UnreadableMail(in.ReadErr)})
	}
	lim := a.Limits()
	if p := lim.textProblem(in.Text); p != nil {
		return a.reject(tx, in, nil, "", []orders.Problem{*p})
	}
	signed := clearsigned(in.Text)
	if signed != nil {
		in.Text = string(signed.Plaintext)
	}
	c, isCommand := parseCommand(in.Text)
	class := rateOrders
	if isCommand {
		class = rateCommands
	}
	if out, over, err := a.overRate(tx, in, class); err != nil || over {
		return out, err
	}
	if isCommand {
		return a.handleCommand(tx, in, c, signed)
	}
	// An order file in JSON reads as its text form from here on.
	text, p := jsonOrders(in.Text)
	if in.Text = text; p != nil {
		return a.reject(tx, in, nil, "", []orders.Problem{*p})
	}
	if !hasOrderText(in.Text) {
		return a.reject(tx, in, nil, "", []orders.Problem{noOrders})
	}
	// The envelope first: it names the game, whose system's dialect
	// reads the body.
	text = stripReplace(in.Text)
	env, probs := orders.ParseEnvelope(text)
	hinted := ""
	if env.Game == "" {
		if id, err := a.gameHint(tx, in); err != nil {
			return Outcome{}, err
		} else if id != "" {
			env.Game, hinted = id, id
			probs = withoutMissingGame(probs)
		}
	}
	if env.Game == "" {
		if len(probs) == 0 {
			probs = []orders.Problem{{Kind: orders.Invalid, Code: "missing-game", Message: "no GAME line was found"}}
		}
		return a.reject(tx, in, nil, "", probs)
	}
	g, err := tx.Game(env.Game)
	if errors.Is(err, store.ErrNotFound) {
		return a.reject(tx, in, nil, "", append(probs, orders.Problem{At: env.Header["GAME"], Kind: orders.Invalid,
			Code: "unknown-game", Message: fmt.Sprintf("there is no game %q here", env.Game),
			Suggestion: "copy the GAME line from your game-start mail"}))
	}
	if err != nil {
		return Outcome{}, err
	}
	player, ok, err := a.authenticate(tx, g, env, in.To, signed)
	if err != nil {
		return Outcome{}, err
	}
	if !ok && signed != nil {
		return a.reject(tx, in, nil, "", []orders.Problem{{Kind: orders.Invalid, Code: "bad-signature",
			Message:    "the OpenPGP signature is not a good signature by the key registered for this SIDE, and no password or reply address proves who you are",
			Suggestion: "sign with the key you registered, or send the mail to your reply address"}})
	}
	if !ok {
		// From: alone never authenticates. The refusal goes to the sender
		// and says nothing about the game.
		return a.reject(tx, in, nil, "", []orders.Problem{{At: env.Header["PASSWORD"], Kind: orders.Invalid,
			Code: "not-authenticated", Message: "the SIDE and PASSWORD lines do not match a player of this game",
			Suggestion: "copy SIDE and PASSWORD exactly as given when you joined"}})
	}
	if g.Status != "active" {
		return a.reject(tx, in, &g, player.Side, []orders.Problem{{Kind: orders.Illegal, Code: "game-over", Message: errGameOver.Error()}})
	}
	if player.ResignedAt != 0 {
		return a.reject(tx, in, &g, player.Side, []orders.Problem{{Kind: orders.Illegal, Code: "resigned",
			Message: "you resigned from this game, so Galloper takes no more orders from you"}})
	}
	sys, st, err := a.gameState(g)
	if err != nil {
		return Outcome{}, err
	}
	// The whole file in the game's dialect: the envelope's problems come
	// back with the body's, all at once.
	f, probs := orders.Parse(text, sys.Dialect())
	if hinted != "" {
		f.Game, probs = hinted, withoutMissingGame(probs)
	}
	if _, held, err := a.heldSegment(tx, g, player); err != nil || held {
		if err != nil {
			return Outcome{}, err
		}
		return a.reject(tx, in, &g, player.Side, append(probs, holdProblem))
	}
	seg := st.Segment()
	turnProblem := segmentProblem(f, seg, rules.Side(player.Side))
	if p := turnProblem; p != nil && !wrongTurn(p) {
		return a.reject(tx, in, &g, player.Side, append(probs, *p))
	} else if p != nil {
		// A wrong TURN line hides nothing: the body is checked too, so
		// that one reply lists everything.
		probs = append(probs, *p)
	} else if q, asking, err := tx.PendingDecision(g.ID); err != nil || asking {
		if err != nil {
			return Outcome{}, err
		}
		return a.reject(tx, in, &g, player.Side, append(probs, orders.Problem{Kind: orders.Illegal, Code: "segment-closed",
			Message: fmt.Sprintf("%s is being resolved and waits for %s's decision %d; its orders can no longer change", seg.Label, q.Side, q.Seq)}))
	}
	if p := lim.blocksProblem(f, in.Text); p != nil {
		return a.reject(tx, in, &g, player.Side, append(probs, *p))
	}
	// Check what was understood too, so one reply lists everything.
	probs = append(probs, validateBody(sys, st, rules.Side(player.Side), f, turnProblem)...)
	if len(probs) > 0 {
		return a.reject(tx, in, &g, player.Side, probs)
	}
	return a.accept(tx, in, g, sys, st, player, f)
}

// stripReplace blanks a first line that says REPLACE: sending orders
// always replaces the earlier ones for the segment, and players who say so
// should not get an error for it. Line numbers stay as sent.
func stripReplace(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, ">") {
			continue
		}
		if strings.EqualFold(t, "REPLACE") {
			lines[i] = ""
		}
		break
	}
	return strings.Join(lines, "\n")
}

// withoutMissingGame drops the missing GAME line problem, for a file whose
// game is known otherwise.
func withoutMissingGame(probs []orders.Problem) []orders.Problem {
	return slices.DeleteFunc(probs, func(p orders.Problem) bool {
		return p.Code == orders.CodeMissingHeader && strings.Contains(p.Message, "GAME")
	})
}

// gameHint finds the game a mail without a GAME line is for: the plus
// part of the address it was sent to (galloper+creek-1@...), or a word of
// its subject in brackets or alone that names a game ("[creek-1] orders").
func (a *Adjudicator) gameHint(tx *store.Tx, in Incoming) (string, error) {
	var words []string
	for _, addr := range in.To {
		local, _, _ := strings.Cut(addr, "@")
		if _, plus, ok := strings.Cut(local, "+"); ok {
			words = append(words, strings.Split(plus, ".")[0])
		}
	}
	words = append(words, strings.FieldsFunc(in.Subject, func(r rune) bool {
		return r == ' ' || r == '[' || r == ']' || r == ':' || r == ',' || r == '(' || r == ')'
	})...)
	for _, w := range words {
		if w == "" {
			continue
		}
		if g, err := tx.GameFold(w); err == nil {
			return g.ID, nil
		} else if !errors.Is(err, store.ErrNotFound) {
			return "", err
		}
	}
	return "", nil
}

// authenticate finds the player for the file's SIDE whose password
// matches, or to whose secret reply address the mail was sent. The From:
// header plays no part.
func (a *Adjudicator) authenticate(tx *store.Tx, g store.Game, f *orders.File, to []string, signed *clearsign.Block) (store.Player, bool, error) {
	players, err := tx.Players(g.ID)
	if err != nil {
		return store.Player{}, false, err
	}
	for _, p := range players {
		if !strings.EqualFold(p.Side, f.Side) {
			continue
		}
		if a.tokenMatches(to, g.ID, p) || a.signedBy(signed, p) {
			return p, true, nil
		}
		ok, err := a.passwordOK(tx, g.ID, p, f.Password)
		return p, ok, err
	}
	return store.Player{}, false, nil
}

// passwordOK reports whether password is p's password. A legacy hash that
// verifies is replaced with an argon2id one (see checkPassword).
func (a *Adjudicator) passwordOK(tx *store.Tx, game string, p store.Player, password string) (bool, error) {
	ok, upgrade := checkPassword(p.PasswordHash, game, p.Side, password)
	if !upgrade {
		return ok, nil
	}
	hash, err := hashPassword(rand.Reader, password)
	if err != nil {
		return false, err
	}
	return true, tx.SetPasswordHash(game, p.Side, hash)
}

// segmentProblem reports orders sent for a segment other than the one
// awaiting orders: late, early, or not this side's turn.
func segmentProblem(f *orders.File, seg rules.Segment, side rules.Side) *orders.Problem {
	turn, err := strconv.Atoi(strings.Fields(f.Turn + " x")[0])
	switch {
	case f.Turn == "":
		return nil // the parser reports the missing TURN line
	case err != nil:
		return &orders.Problem{At: f.Header["TURN"], Kind: orders.Invalid, Code: "bad-turn",
			Message: fmt.Sprintf("TURN %q is not a turn number", f.Turn), Suggestion: fmt.Sprintf("TURN %d", seg.Turn)}
	case turn < seg.Turn:
		return &orders.Problem{At: f.Header["TURN"], Kind: orders.Illegal, Code: "late-orders",
			Message: fmt.Sprintf("these orders are for turn %d, which has already been resolved; the game is at %s", turn, seg.Label)}
	case turn > seg.Turn:
		return &orders.Problem{At: f.Header["TURN"], Kind: orders.Illegal, Code: "early-orders",
			Message:    fmt.Sprintf("these orders are for turn %d, but the game is at %s", turn, seg.Label),
			Suggestion: "send them again once that turn is open"}
	case !slices.Contains(seg.Sides, side):
		return &orders.Problem{At: f.Header["SIDE"], Kind: orders.Illegal, Code: "not-your-segment",
			Message: fmt.Sprintf("%s sends no orders now: the game is at %s", side, seg.Label)}
	}
	return nil
}

// wrongTurn reports whether p is about the TURN line alone (not a number,
// late or early), after which the body is still worth checking against
// the segment awaiting orders.
func wrongTurn(p *orders.Problem) bool {
	switch p.Code {
	case "bad-turn", "late-orders", "early-orders":
		return true
	}
	return false
}

// validateBody checks f's orders for side against the open segment. After
// a wrong TURN line (turnProblem) they are checked as if written for the
// open turn, so that the turn is reported once.
func validateBody(sys rules.System, st rules.State, side rules.Side, f *orders.File, turnProblem *orders.Problem) []orders.Problem {
	if turnProblem != nil {
		g := *f
		g.Turn = strconv.Itoa(st.Segment().Turn)
		f = &g
	}
	return sys.Validate(st, side, f)
}

func (a *Adjudicator) accept(tx *store.Tx, in Incoming, g store.Game, sys rules.System, st rules.State, p store.Player, f *orders.File) (Outcome, error) {
	seg := st.Segment()
	h := orders.Hash(f, sys.Dialect())
	kept := *f
	kept.Password = "" // the password is checked, never stored
	if err := tx.SaveOrders(store.Order{GameID: g.ID, SegmentIndex: seg.Index, Side: p.Side, InboundID: in.InboundID,
		Canonical: orders.Format(&kept, sys.Dialect()), Hash: hex.EncodeToString(h[:]), Salt: f.Salt, CreatedAt: a.now().UnixMilli()}); err != nil {
		return Outcome{}, err
	}
	waiting, err := a.waiting(tx, g, seg)
	if err != nil {
		return Outcome{}, err
	}
	text, err := ReceiptText(sys, st, g.ID, p.Side, seg.Label, f, waiting)
	if err != nil {
		return Outcome{}, err
	}
	atts, err := a.receiptDoc(tx, g, sys, st, p, f, waiting)
	if err != nil {
		return Outcome{}, err
	}
	if err := a.queue(tx, g, "receipt", in.InboundID, p.Email, "Receipt: "+g.ID+", "+seg.Label, text, in, atts); err != nil {
		return Outcome{}, err
	}
	if err := a.copyToUmpire(tx, g, seg, p.Side, in.InboundID, kept, sys); err != nil {
		return Outcome{}, err
	}
	if len(waiting) == 0 && g.PausedAt == 0 {
		if err := a.resolve(tx, g); err != nil {
			return Outcome{}, err
		}
	}
	return Outcome{GameID: g.ID, Result: "accepted"}, nil
}

// copyToUmpire mails the game's umpire, when it has one, a copy of an
// order file just accepted (without its password): the umpire reads the
// players' orders and scripts before resolution, as its STATUS and ORDERS
// replies also list them. No player is sent it.
func (a *Adjudicator) copyToUmpire(tx *store.Tx, g store.Game, seg rules.Segment, side string, inbound int64, f orders.File, sys rules.System) error {
	players, err := tx.Players(g.ID)
	if err != nil {
		return err
	}
	for _, u := range players {
		if u.Side != Umpire || u.Email == "" {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s's orders for %s of game %s, as Galloper accepted them (for the umpire's eyes only):\n\n", side, seg.Label, g.ID)
		for _, l := range numbered(orders.Format(&f, sys.Dialect())) {
			fmt.Fprintf(&b, "%4d  %s\n", l.N, l.Text)
		}
		b.WriteString("\nThe latest file a side sends for a segment replaces its earlier ones; STATUS or ORDERS lists what is in hand.\n")
		subject := fmt.Sprintf("Orders received: %s, %s, %s", g.ID, side, seg.Label)
		if err := a.queue(tx, g, "umpire-copy", inbound, u.Email, subject, b.String(), Incoming{}, nil); err != nil {
			return err
		}
	}
	return nil
}

// reject queues one reply that lists every problem. It goes to the
// registered player's address when the sender authenticated, otherwise to
// the sender.
func (a *Adjudicator) reject(tx *store.Tx, in Incoming, g *store.Game, side string, probs []orders.Problem) (Outcome, error) {
	to := in.From
	gameID := ""
	if g == nil {
		// An unknown or unauthenticated sender gets one refusal a day at
		// most, so that a forged or looping sender cannot make Galloper
		// a source of backscatter.
		first, err := tx.NoteRefusal(strings.ToLower(in.From), a.now().UTC().Format("2006-01-02"))
		if err != nil {
			return Outcome{}, err
		}
		if !first {
			return Outcome{Result: fmt.Sprintf("problems: %d; not answered (already refused %s today)", len(probs), in.From)}, nil
		}
	}
	if g != nil {
		gameID = g.ID
		players, err := tx.Players(g.ID)
		if err != nil {
			return Outcome{}, err
		}
		for _, p := range players {
			if p.Side == side {
				to = p.Email
			}
		}
	}
	text, err := problemsText(gameID, side, in.Text, probs, a.Limits())
	if err != nil {
		return Outcome{}, err
	}
	subject := "Orders not accepted"
	if in.Subject != "" {
		subject = "Re: " + strings.TrimPrefix(in.Subject, "Re: ") + " (orders not accepted)"
	}
	var game store.Game
	if g != nil {
		game = *g
	}
	doc, err := a.problemsDoc(tx, g, side, in.Text, probs)
	if err != nil {
		return Outcome{}, err
	}
	if err := a.queue(tx, game, "problems", in.InboundID, to, subject, text, in, []templates.Attachment{doc}); err != nil {
		return Outcome{}, err
	}
	return Outcome{GameID: gameID, Result: fmt.Sprintf("problems: %d", len(probs))}, nil
}

func numbered(text string) []templates.Line {
	text = strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if text == "" {
		return nil
	}
	var out []templates.Line
	for i, l := range strings.Split(text, "\n") {
		out = append(out, templates.Line{N: i + 1, Text: l})
	}
	return out
}

package adjudicator

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/crypto/argon2"

	"galloper/adjudicator/store"
)

// Passwords are stored as argon2id hashes with a random salt per player,
// in the PHC string form
//
//	$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>
//
// (RFC 9106; the parameters are OWASP's minimum for argon2id). A stolen
// database then costs an attacker about 20 MiB and tens of milliseconds
// for each guess of each player's password. Games created before hold
// SHA-256 over a fixed tag, game, side and password (legacyPasswordHash):
// those still verify, and the first password that verifies replaces its
// hash with an argon2id one.
const (
	argonTime    = 2
	argonMemory  = 19 * 1024 // KiB
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

var b64 = base64.RawStdEncoding

// hashPassword returns the stored form of a password: argon2id with a
// fresh salt drawn from r.
func hashPassword(r io.Reader, password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := io.ReadFull(r, salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// checkPassword reports whether password matches stored, and whether
// stored is a legacy hash to be replaced now that the password is known.
func checkPassword(stored, game, side, password string) (ok, upgrade bool) {
	if password == "" {
		return false, false
	}
	if !strings.HasPrefix(stored, "$argon2id$") {
		want, _ := hex.DecodeString(stored)
		got, _ := hex.DecodeString(legacyPasswordHash(game, side, password))
		ok := len(want) == sha256.Size && subtle.ConstantTimeCompare(want, got) == 1
		return ok, ok
	}
	var version, mem, time, threads int
	var salt, hash string
	parts := strings.Split(stored, "$") // "", "argon2id", "v=19", "m=...,t=...,p=...", salt, hash
	if len(parts) != 6 {
		return false, false
	}
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, false
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &mem, &time, &threads); err != nil ||
		mem < 1 || mem > 1<<20 || time < 1 || time > 16 || threads < 1 || threads > 16 {
		return false, false
	}
	salt, hash = parts[4], parts[5]
	s, err1 := b64.DecodeString(salt)
	want, err2 := b64.DecodeString(hash)
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false, false
	}
	got := argon2.IDKey([]byte(password), s, uint32(time), uint32(mem), uint8(threads), uint32(len(want)))
	return subtle.ConstantTimeCompare(want, got) == 1, false
}

// legacyPasswordHash is how passwords were stored before argon2id.
func legacyPasswordHash(game, side, password string) string {
	s := sha256.Sum256([]byte("galloper-password\x00" + game + "\x00" + side + "\x00" + password))
	return hex.EncodeToString(s[:])
}

// Reply tokens. A player's token is part of their reply address in every
// mail Galloper sends them, so Galloper must be able to recover it; it is
// stored sealed under the adjudicator's token key (Config.TokenKey), which
// is kept outside the database:
//
//	t1:<hex of token XOR HMAC-SHA-256(key, "galloper.reply-token" ‖ 0 ‖ game ‖ 0 ‖ side)>
//
// Without the key the stored value says nothing about the token (the pad
// is a keyed hash, unique to the seat, and the token is random). A plain
// token, as games created before or without a key hold, is sealed the
// first time an adjudicator with a key opens the game (sealTokens).
const sealedPrefix = "t1:"

// tokenPad is the keyed pad a seat's token is sealed with.
func tokenPad(key []byte, game, side string, n int) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("galloper.reply-token\x00" + game + "\x00" + strings.ToUpper(side)))
	return m.Sum(nil)[:n]
}

// sealToken returns the stored form of a token: sealed under key, or the
// token itself when there is no key.
func sealToken(key []byte, game, side, token string) string {
	if len(key) == 0 || token == "" || len(token) > sha256.Size {
		return token
	}
	pad := tokenPad(key, game, side, len(token))
	out := make([]byte, len(token))
	for i := range out {
		out[i] = token[i] ^ pad[i]
	}
	return sealedPrefix + hex.EncodeToString(out)
}

// errSealed is returned for a sealed token and no key to open it.
var errSealed = errors.New("the reply token is sealed and no token key is configured")

// openToken returns the token a stored value holds.
func openToken(key []byte, game, side, stored string) (string, error) {
	sealed, ok := strings.CutPrefix(stored, sealedPrefix)
	if !ok {
		return stored, nil
	}
	if len(key) == 0 {
		return "", errSealed
	}
	b, err := hex.DecodeString(sealed)
	if err != nil || len(b) > sha256.Size {
		return "", fmt.Errorf("stored reply token of %s %s is malformed", game, side)
	}
	pad := tokenPad(key, game, side, len(b))
	for i := range b {
		b[i] ^= pad[i]
	}
	return string(b), nil
}

// playerToken returns p's reply token, or "" when it cannot be opened
// (then p has no reply address, and a password still works).
func (a *Adjudicator) playerToken(game string, p store.Player) string {
	tok, err := openToken(a.cfg.TokenKey, game, p.Side, p.Token)
	if err != nil {
		a.log.Warn("reply token unavailable", "game", game, "side", p.Side, "err", err)
		return ""
	}
	return tok
}

// SealTokens seals every reply token still stored as it is, under the
// adjudicator's token key: the migration for games created before tokens
// were sealed. Players keep their reply addresses. It returns how many it
// sealed, and does nothing without a key.
func (a *Adjudicator) SealTokens(ctx context.Context) (int, error) {
	if len(a.cfg.TokenKey) == 0 {
		return 0, nil
	}
	n := 0
	err := a.db.WithTx(ctx, func(tx *store.Tx) error {
		plain, err := tx.PlainTokens(sealedPrefix)
		if err != nil {
			return err
		}
		for _, p := range plain {
			if err := tx.SetToken(p.GameID, p.Side, sealToken(a.cfg.TokenKey, p.GameID, p.Side, p.Token)); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

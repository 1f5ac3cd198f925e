package adjudicator

import (
	"errors"
	"fmt"
	"strings"

	"galloper/adjudicator/store"
)

// maxIDLen is the longest game id: it goes into subjects, file names,
// Message-IDs and reply addresses.
const maxIDLen = 40

// checkGameID refuses a game id that could not travel safely: players
// write it on their GAME line and in subjects, and Galloper puts it in
// file names, mail headers, Content-IDs and the plus part of reply
// addresses. An id is 1 to 40 letters, digits, '-' and '_', starting with
// a letter or digit.
func checkGameID(id string) error {
	if id == "" {
		return errors.New("the game needs an id, such as creek-1")
	}
	if len(id) > maxIDLen {
		return fmt.Errorf("game id %q is %d characters long; use at most %d", id, len(id), maxIDLen)
	}
	for i, r := range id {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || (i > 0 && (r == '-' || r == '_'))
		if !ok {
			return fmt.Errorf("game id \"%s\": %s is not allowed; use letters, digits, '-' and '_' only, starting with a letter or digit, such as creek-1",
				printable(id), describe(r))
		}
	}
	return nil
}

// checkSides refuses side names that are empty, repeated or could break a
// mail header, and a game id already in use.
func checkSides(spec GameSpec) error {
	seen := map[string]bool{}
	for _, p := range spec.Players {
		side := strings.ToUpper(p.Side)
		switch {
		case side == "":
			return fmt.Errorf("game %s: a player has no side", spec.ID)
		case seen[side]:
			return fmt.Errorf("game %s: side %s is given twice", spec.ID, p.Side)
		case strings.ContainsFunc(p.Side, func(r rune) bool { return r < 0x21 || r == 0x7f || r == ':' }):
			return fmt.Errorf("game %s: side \"%s\": use no spaces, colons or control characters", spec.ID, printable(p.Side))
		}
		seen[side] = true
	}
	return nil
}

// gameIDFree refuses an id already taken, with a plain message.
func gameIDFree(tx *store.Tx, id string) error {
	_, err := tx.Game(id)
	switch {
	case err == nil:
		return fmt.Errorf("a game with id %q already exists; choose another id", id)
	case errors.Is(err, store.ErrNotFound):
		return nil
	}
	return err
}

// describe names a character for an error message.
func describe(r rune) string {
	switch r {
	case ' ':
		return "a space"
	case '\r':
		return "a carriage return"
	case '\n':
		return "a line break"
	case '\t':
		return "a tab"
	case '/', '\\':
		return fmt.Sprintf("%q (ids become file names)", r)
	}
	if r < 0x20 || r == 0x7f {
		return fmt.Sprintf("control character %U", r)
	}
	return fmt.Sprintf("%q", r)
}

// printable quotes s with control characters escaped, for a message.
func printable(s string) string {
	q := fmt.Sprintf("%q", s)
	return q[1 : len(q)-1]
}

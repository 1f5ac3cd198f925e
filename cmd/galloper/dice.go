package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"

	gomail "github.com/emersion/go-message/mail"
	"github.com/spf13/cobra"

	"galloper/mail"
	"galloper/rules/dice"
)

func diceCmd() *cobra.Command {
	d := &cobra.Command{Use: "dice", Short: "Check Galloper's dice"}
	var head string
	verify := &cobra.Command{
		Use:   "verify FILE...",
		Short: "Recompute every roll in results mails (.eml) or dice record files",
		Long: "verify reads dice records from results mails or text files, checks that each revealed chain link\n" +
			"hashes back to the previous link and to the chain head published at game start, and recomputes the\n" +
			"seed and every roll. It exits 0 when everything matches, and 1 naming the first roll or link that\n" +
			"does not. It checks the records against the chain head committed at game start: given with --head,\n" +
			"or read from the game-start mail when it is among the files; it says so when it could do neither.\n" +
			"The openings a side was mailed during play are checked too: each proof, and, when the mail that ends\n" +
			"the game is among the files, that every roll shown was the record's.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, against, err := verifyDiceCommitment(args, head)
			if err != nil {
				return exitError{code: 1, msg: "dice verify: " + err.Error()}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "dice verify: OK: %d segment record%s, every link and roll recomputed\n", n, plural(n))
			if against == "" {
				fmt.Fprintln(cmd.OutOrStdout(), "dice verify: the game-start commitment was NOT checked: give --head with the chain head from your\n"+
					"game-start mail, or name the game-start mail among the files")
			} else {
				fmt.Fprintf(cmd.OutOrStdout(), "dice verify: every record hashes back to the chain head %s\n", against)
			}
			return nil
		},
	}
	verify.Flags().StringVar(&head, "head", "", "chain head (hex) from the game-start mail (default: read from a game-start mail among the files)")
	d.AddCommand(verify)
	return d
}

// verifyDiceFiles checks every record in files. Records of the same game
// and segment found in several mails must be identical; consecutive
// segments must chain.
func verifyDiceFiles(files []string, head string) (int, error) {
	type key struct {
		game string
		seg  int
	}
	seen := map[key]string{}
	var recs []dice.Record
	var roots []dice.Opening
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return 0, err
		}
		text, hasRecord := recordText(raw)
		if strings.Contains(text, dice.OpeningBegin) {
			ops, err := dice.ParseOpenings(text)
			if err != nil {
				return 0, fmt.Errorf("%s: %w", f, err)
			}
			for _, o := range ops {
				if err := o.Verify(); err != nil {
					return 0, fmt.Errorf("%s: game %s: opening of roll #%d: %w", f, o.GameID, o.Proof.Roll.Index, err)
				}
				roots = append(roots, o)
			}
		}
		if !hasRecord {
			continue // a mail without dice, e.g. a receipt
		}
		found, err := dice.ParseRecords(text)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", f, err)
		}
		for _, r := range found {
			if err := dice.Verify(r, r.Prev); err != nil {
				return 0, fmt.Errorf("%s: game %s: %w", f, r.GameID, err) // err names the segment
			}
			formatted := dice.FormatRecord(r)
			k := key{r.GameID, r.Segment}
			if prev, ok := seen[k]; ok {
				if prev != formatted {
					return 0, fmt.Errorf("%s: game %s segment %d differs from the same segment in another mail", f, r.GameID, r.Segment)
				}
				continue
			}
			seen[k] = formatted
			recs = append(recs, r)
		}
	}
	if len(recs) == 0 && len(roots) == 0 {
		return 0, errors.New("no dice records found")
	}
	if err := checkOpenings(roots, recs); err != nil {
		return 0, err
	}
	sort.Slice(recs, func(i, j int) bool {
		if recs[i].GameID != recs[j].GameID {
			return recs[i].GameID < recs[j].GameID
		}
		return recs[i].Segment < recs[j].Segment
	})
	for i, r := range recs {
		if head != "" && fmt.Sprintf("%x", r.Head) != strings.ToLower(head) {
			return 0, fmt.Errorf("game %s segment %d: chain head %x is not the published head %s", r.GameID, r.Segment, r.Head, head)
		}
		if i == 0 || recs[i-1].GameID != r.GameID {
			continue
		}
		// Records of links not given (a segment rolled back and resolved
		// again with a fresh link, or a record not at hand) are bridged by
		// hashing: the previous link, hashed once per missing link, must be
		// the last link seen.
		before := recs[i-1]
		if err := dice.CheckLink(r.Prev, before.Link, r.Segment-1-before.Segment); err != nil {
			if before.Segment == r.Segment-1 {
				return 0, fmt.Errorf("game %s segment %d: previous link %x is not the link revealed by segment %d", r.GameID, r.Segment, r.Prev, before.Segment)
			}
			return 0, fmt.Errorf("game %s segment %d: previous link %x does not hash in %d steps to the link revealed by segment %d",
				r.GameID, r.Segment, r.Prev, r.Segment-1-before.Segment, before.Segment)
		}
	}
	return len(recs), nil
}

// checkOpenings checks the openings mailed during play against the records
// opened later: a record's own root must be the root mailed, and a side's
// openings (under its own roll tree) must carry the leaf keys the record's
// link gives and rolls of the record, in order (dice.CheckSideOpenings).
func checkOpenings(ops []dice.Opening, recs []dice.Record) error {
	type group struct {
		game string
		seg  int
		side string
	}
	bySide := map[group][]dice.Opening{}
	var order []group
	for _, o := range ops {
		if o.Side != "" {
			g := group{o.GameID, o.Segment, o.Side}
			if bySide[g] == nil {
				order = append(order, g)
			}
			bySide[g] = append(bySide[g], o)
			continue
		}
		for _, r := range recs {
			if r.GameID == o.GameID && r.Segment == o.Segment && !bytes.Equal(r.Root, o.Root) {
				return fmt.Errorf("game %s segment %d: the Merkle root mailed during play (%x) is not the record's root (%x)",
					o.GameID, o.Segment, o.Root, r.Root)
			}
		}
	}
	for _, g := range order {
		for _, r := range recs {
			if r.GameID != g.game || r.Segment != g.seg {
				continue
			}
			if err := dice.CheckSideOpenings(r, bySide[g]); err != nil {
				return fmt.Errorf("game %s: %w", g.game, err)
			}
		}
	}
	return nil
}

// recordText returns the text in which to look for records: the decoded
// body and text attachments of a mail, or the file itself. It also says
// whether a record's first line appears at all.
func recordText(raw []byte) (string, bool) {
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return string(raw), bytes.Contains(raw, []byte("BEGIN GALLOPER DICE RECORD"))
	}
	s := mail.TextParts(mr)
	if s == "" {
		s = string(raw)
	}
	return s, strings.Contains(s, "BEGIN GALLOPER DICE RECORD")
}

// startHead finds the dice chain head a game-start mail commits to.
var startHead = regexp.MustCompile(`(?m)^Welcome to game (\S+): [\s\S]*?dice chain head:\s+([0-9a-fA-F]+)`)

// verifyDiceCommitment is verifyDiceFiles checked against the game's
// dice commitment: head when given, else the chain head in a game-start
// mail among files. against says what the records were checked against,
// "" when nothing.
func verifyDiceCommitment(files []string, head string) (n int, against string, err error) {
	from := ""
	if head == "" {
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				return 0, "", err
			}
			text, _ := recordText(raw)
			if m := startHead.FindStringSubmatch(text); m != nil {
				if head != "" && !strings.EqualFold(head, m[2]) {
					return 0, "", fmt.Errorf("%s: game-start commitment %s differs from %s in %s", f, m[2], head, from)
				}
				head, from = m[2], f
			}
		}
	}
	n, err = verifyDiceFiles(files, head)
	if err != nil && from != "" && strings.Contains(err.Error(), "published head") {
		err = fmt.Errorf("%w (the game-start commitment in %s)", err, from)
	}
	switch {
	case err != nil, head == "":
		return n, "", err
	case from != "":
		return n, head + " committed in the game-start mail " + from, nil
	}
	return n, head + " given with --head", nil
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

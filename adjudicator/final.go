package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"galloper/adjudicator/store"
	"galloper/rules"
	"galloper/templates"
)

// queueFinal mails every player and the umpire the end of the game: the
// result by the scenario's conditions (rules.View.Victory), the tally,
// the side's units at the end and every segment's dice record attached.
// records is every segment's record, as gameRecords returns them.
func (a *Adjudicator) queueFinal(tx *store.Tx, g store.Game, sys rules.System, seg rules.Segment, end rules.State, records []string, key string) error {
	players, err := tx.Players(g.ID)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("dice-%s-all.txt", g.ID)
	var all strings.Builder
	for _, r := range records {
		all.WriteString(r + "\n")
	}
	for _, p := range players {
		if p.Email == "" {
			continue
		}
		v := view(sys, end, viewSide(p), g.ID)
		text, err := templates.Final(templates.FinalData{View: v, Resolved: seg.Label, DiceFile: name, Segments: len(records)})
		if err != nil {
			return err
		}
		atts, err := a.mapAttachments(v, g.ID, "final")
		if err != nil {
			return err
		}
		atts = append(atts, templates.Attachment{Name: name, ContentType: "text/plain; charset=us-ascii", Data: []byte(all.String())})
		subject := fmt.Sprintf("Game %s is over", g.ID)
		if v.Victory != nil && v.Victory.Result != "" {
			subject += ": " + v.Victory.Result
		}
		// Its document is a notice with the view at the end (tally and
		// winner included): the last results mail is the "final" one.
		out, err := a.compose(tx, g, "game-over", key, p.Email, subject, text, Incoming{}, atts)
		if err != nil {
			return err
		}
		out.Segment, out.Held = seg.Index, g.Preview && p.Side != Umpire
		if err := tx.Enqueue(out); err != nil {
			return err
		}
	}
	return nil
}

// scenarioSides lists the sides of a new game's scenario: those its
// umpire's roster names, those sending orders at its first segment, and
// those of the units its umpire's board shows.
func scenarioSides(sys rules.System, st rules.State) []string {
	var out []string
	add := func(s rules.Side) {
		if s != "" && !slices.Contains(out, string(s)) {
			out = append(out, string(s))
		}
	}
	v := sys.View(st, "")
	for _, g := range v.Roster {
		add(g.Side)
	}
	for _, s := range st.Segment().Sides {
		add(s)
	}
	// A view without a roster still shows each side's units on the board.
	if v.Map != nil {
		for _, u := range v.Map.Units {
			add(u.Side)
		}
	}
	if v.Table != nil {
		for _, u := range v.Table.Units {
			add(u.Side)
		}
	}
	return out
}

// checkScenarioSides refuses a game whose players name a side the
// scenario lacks, or that leaves a side of the scenario neither filled
// nor invited.
func checkScenarioSides(spec GameSpec, sys rules.System, st rules.State) error {
	sides := scenarioSides(sys, st)
	given := map[string]bool{}
	for _, p := range spec.Players {
		if p.Side == Umpire {
			continue
		}
		if !slices.Contains(sides, p.Side) {
			return fmt.Errorf("game %s: scenario %s has no side %q; its sides are %s", spec.ID, spec.Scenario, p.Side, strings.Join(sides, ", "))
		}
		given[p.Side] = true
	}
	var missing []string
	for _, s := range sides {
		if !given[s] {
			missing = append(missing, s)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("game %s: side %s has no player: give each side a player (--player) or an invite (--invite)", spec.ID, strings.Join(missing, " and "))
	}
	return nil
}

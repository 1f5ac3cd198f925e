package main

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// hourScripts are the bot's orders for a Battle Hymn Hour from a
// document's hints (docs/orders-battlehymn.md): each battery with targets
// in its hints stays and bombards them, nearest first; every other unit
// not on an Objective moves along its hints' approach to the nearest
// Objective it may come nearer, unless another of the side's units
// stands on that path's end or goes there; and the side holding the
// Initiative plays its held Combat Turn before the last pick, once the
// other Formations have moved (BH 3.9, 4.3).
func hourScripts(d *rules.MailDoc) []string {
	h := d.Hints
	out := []string{}
	ends := map[string]bool{}
	for _, st := range h.Stacks {
		ends[st.At] = true
	}
	for _, st := range h.Stacks {
		if len(st.Targets) > 0 && slices.Contains(st.Steps, "BOMBARD") {
			out = append(out, fmt.Sprintf("BOMBARD %s: %s", st.Units[0], strings.Join(targetHexes(st.Targets), ", ")))
			continue
		}
		if p := freeApproach(st, h.Objectives, ends, nil); p != nil && slices.Contains(st.Steps, "MOVE") {
			out = append(out, fmt.Sprintf("MOVE %s: %s", st.Units[0], strings.Join(p, " ")))
		}
	}
	if slices.Contains(h.Orders, "COMBAT") {
		out = append(out, "COMBAT WHEN 1 LEFT")
	}
	return out
}

// segmentOrders are the bot's orders for a Winter's Victory segment from
// a document's hints (docs/orders-wintersvictory.md): in its Command
// segment each cavalry unit charges the nearest enemy unit its hints say
// a charge may be declared at, one charger a target, and each commander
// its hints let order a subordinate sends one written order, to a
// subordinate and an Objective taken in turn from game turn to game turn;
// in its Movement segment each stack not on an Objective moves, all its
// units along the same path, by its hints' approach to the nearest
// Objective it may come nearer, unless another of its stacks stands on
// that path's end or goes there, or the path passes through a hex an
// earlier stack goes to (moving through a friendly unit costs more, WV
// 6.13); in the Reciprocal Fire segment every
// unit of each stack with targets fires, nearest first. It declares no
// shock and asks for no exemption.
func segmentOrders(d *rules.MailDoc) []string {
	h := d.Hints
	out := []string{}
	turn := 0
	if d.Segment != nil {
		turn = d.Segment.Turn
	}
	charged := map[string]bool{}
	ends, taken := map[string]bool{}, map[string]bool{}
	for _, st := range h.Stacks {
		ends[st.At] = true
	}
	for _, c := range h.Commands {
		if len(c.To) > 0 && len(h.Objectives) > 0 && slices.Contains(c.Orders, "ORDER") {
			out = append(out, fmt.Sprintf("ORDER %s TO %s: OBJECTIVE %s", c.Name, c.To[turn%len(c.To)], h.Objectives[turn%len(h.Objectives)].At))
		}
	}
	for _, st := range h.Stacks {
		switch {
		case len(st.Charges) > 0 && slices.Contains(st.Steps, "CHARGE"):
			if i := slices.IndexFunc(st.Charges, func(t rules.TargetHint) bool { return !charged[t.Unit] }); i >= 0 {
				charged[st.Charges[i].Unit] = true
				out = append(out, fmt.Sprintf("CHARGE %s: %s", st.Units[0], st.Charges[i].Unit))
			}
		case len(st.Targets) > 0 && slices.Contains(st.Steps, "FIRE"):
			names := make([]string, len(st.Targets))
			for i, t := range st.Targets {
				names[i] = t.Unit
			}
			for _, u := range st.Units {
				out = append(out, fmt.Sprintf("FIRE %s: %s", u, strings.Join(names, ", ")))
			}
		case slices.Contains(st.Steps, "MOVE"):
			if p := freeApproach(st, h.Objectives, ends, taken); p != nil {
				for _, u := range st.Units {
					out = append(out, fmt.Sprintf("MOVE %s: %s", u, strings.Join(p, " ")))
				}
			}
		}
	}
	return out
}

// freeApproach is the path of st's first approach (nearest Objective
// first) that ends where none of the side's stacks stands or goes, and
// takes that end; nil when st stands on an Objective or has none. With
// taken, the ends chosen so far, the path also passes through none of
// them: moving through a friendly unit costs more than the hint counted
// (WV 6.13).
func freeApproach(st rules.StackHint, objectives []rules.PlaceHint, ends, taken map[string]bool) []string {
	if slices.ContainsFunc(objectives, func(o rules.PlaceHint) bool { return o.At == st.At }) {
		return nil
	}
	for _, a := range st.Approaches {
		end := a.Path[len(a.Path)-1]
		if ends[end] || slices.ContainsFunc(a.Path[:len(a.Path)-1], func(x string) bool { return taken[x] }) {
			continue
		}
		ends[end] = true
		if taken != nil {
			taken[end] = true
		}
		return a.Path
	}
	return nil
}

// targetHexes are the hexes of targets, nearest first, each once.
func targetHexes(ts []rules.TargetHint) []string {
	ts = slices.Clone(ts)
	slices.SortStableFunc(ts, func(a, b rules.TargetHint) int { return a.Distance - b.Distance })
	var out []string
	for _, t := range ts {
		if !slices.Contains(out, t.At) {
			out = append(out, t.At)
		}
	}
	return out
}

// activationScripts are the bot's orders for a GBACW turn from a
// document's hints (docs/orders-gbacw.md): one activation script per unit
// its hints list, applied whenever its brigade's Activation Marker is
// drawn. A unit its hints give targets shocks an adjacent enemy where it
// may, else fires at the nearest; any other unit that may move goes
// toward an Objective (taken in turn unit by unit), firing if an enemy
// is adjacent when it is drawn; a Disordered unit rallies first. It
// changes no Orders, holds nothing back and leaves the reaction doctrine
// at its defaults.
func activationScripts(d *rules.MailDoc) []string {
	h := d.Hints
	out := []string{}
	for i, st := range h.Stacks {
		if len(st.Units) == 0 {
			continue
		}
		var clauses []string
		if slices.Contains(st.Steps, "RALLY") {
			clauses = append(clauses, "IF DISORDERED RALLY")
		}
		switch {
		case len(st.Targets) > 0 && slices.Contains(st.Steps, "FIRE"):
			if slices.Contains(st.Steps, "SHOCK") && len(st.Charges) > 0 {
				clauses = append(clauses, "IF ADJACENT SHOCK")
			}
			clauses = append(clauses, "FIRE")
		case len(h.Objectives) > 0 && slices.Contains(st.Steps, "TOWARD"):
			clauses = append(clauses, "IF ADJACENT FIRE", "TOWARD "+h.Objectives[i%len(h.Objectives)].At)
		}
		if len(clauses) > 0 {
			out = append(out, fmt.Sprintf("UNIT %s: %s", st.Units[0], strings.Join(clauses, "; ")))
		}
	}
	return out
}

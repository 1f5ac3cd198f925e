package templates

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"galloper/rules"
)

// RosterText is a view's roster as a report prints it: the side's own
// units Command by Command, then the enemy units it can see, one line
// each in columns. Any system that fills rules.View.Roster gets it.
func RosterText(v rules.View) string {
	if len(v.Roster) == 0 {
		return ""
	}
	var b strings.Builder
	for _, g := range v.Roster {
		switch {
		case g.Enemy:
			fmt.Fprintf(&b, "Enemy units in sight (%s): %d\n", g.Side, len(g.Units))
		default:
			head := g.Command
			if v.Side == "" {
				head = string(g.Side) + ": " + head
			}
			var at []string
			if g.Leader != "" {
				at = append(at, g.Leader)
			}
			if g.HQ != "" {
				at = append(at, "HQ "+g.HQ)
			}
			if len(at) > 0 {
				head += " (" + strings.Join(at, "; ") + ")"
			}
			b.WriteString(head + "\n")
		}
		if len(g.Units) == 0 {
			b.WriteString("  no units\n")
			continue
		}
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, u := range g.Units {
			cells := []string{"  " + u.Name, u.Kind, u.Position, dash(u.Strength), dash(u.Grade), dash(u.Formation),
				facing(u.Facing), dash(u.State), strings.Join(u.Markers, ", ")}
			fmt.Fprintln(tw, strings.TrimRight(strings.Join(cells, "\t"), "\t"))
		}
		_ = tw.Flush()
	}
	return b.String()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func facing(s string) string {
	if s == "" {
		return "-"
	}
	return "facing " + s
}

// VictoryText is a view's victory conditions and tally as a report
// prints them; "" when the system has none.
func VictoryText(v rules.View) string {
	vc := v.Victory
	if vc == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range vc.Conditions {
		b.WriteString(c + "\n")
	}
	if len(vc.Locations) > 0 {
		if vc.Final {
			b.WriteString("Held at the end:\n")
		} else {
			b.WriteString("Held now:\n")
		}
		for _, l := range vc.Locations {
			who := "nobody"
			switch {
			case !l.Known:
				who = "unknown (out of sight)"
			case l.Holder != "":
				who = string(l.Holder)
			}
			fmt.Fprintf(&b, "  %s (%d): %s\n", l.Name, l.Points, who)
		}
	}
	if len(vc.Tally) > 0 {
		var t []string
		for _, s := range vc.Tally {
			t = append(t, fmt.Sprintf("%s %d", s.Side, s.Points))
		}
		note := ""
		if vc.Partial {
			note = " (counting only the locations you can see)"
		}
		if vc.Final {
			fmt.Fprintf(&b, "Final tally: %s.\n", strings.Join(t, ", "))
		} else {
			fmt.Fprintf(&b, "Tally now: %s%s.\n", strings.Join(t, ", "), note)
		}
	}
	if vc.Final {
		result := vc.Result
		if result == "" {
			result = "a draw"
			if vc.Winner != "" {
				result = string(vc.Winner) + " wins"
			}
		}
		fmt.Fprintf(&b, "RESULT: %s.\n", result)
	}
	return b.String()
}

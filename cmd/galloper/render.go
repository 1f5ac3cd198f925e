package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"galloper/rules"
	"galloper/rules/systems"
	"galloper/templates"
)

func renderCmd() *cobra.Command {
	var system, scenario, side, out string
	var window int
	cmd := &cobra.Command{
		Use:   "render --scenario NAME [--side SIDE] [--window N] --out FILE.(svg|png)",
		Short: "Draw a scenario's starting position as an SVG or PNG map",
		Long: "render draws the map of an embedded scenario as it stands before the first turn, as one side sees\n" +
			"it (--side) or as the umpire sees it (no --side). --window N draws only the hexes within N of\n" +
			"that side's units. The file's extension chooses the format.",
		Example: "  galloper render --scenario tanners-creek --side CSA --window 3 --out csa.png\n" +
			"  galloper render --scenario tanners-creek --out umpire.svg",
		RunE: func(cmd *cobra.Command, _ []string) error {
			return renderScenario(cmd.OutOrStdout(), system, scenario, side, window, out)
		},
	}
	cmd.Flags().StringVar(&system, "system", "lob.v2", "game system")
	cmd.Flags().StringVar(&scenario, "scenario", "", "scenario name, e.g. tanners-creek")
	cmd.Flags().StringVar(&side, "side", "", "the side whose view to draw (default: the umpire's, which sees everything)")
	cmd.Flags().IntVar(&window, "window", 0, "draw only the hexes within N of the side's units (0: the whole map)")
	cmd.Flags().StringVar(&out, "out", "", "output file, .svg or .png")
	for _, f := range []string{"scenario", "out"} {
		_ = cmd.MarkFlagRequired(f)
	}
	return cmd
}

// renderScenario writes the map of a scenario's starting position.
func renderScenario(w io.Writer, systemID, scenario, side string, window int, out string) error {
	ext := strings.ToLower(filepath.Ext(out))
	if ext != ".svg" && ext != ".png" {
		return fmt.Errorf("--out %q: the file must end in .svg or .png", out)
	}
	if window < 0 {
		return fmt.Errorf("--window %d: want 0 (the whole map) or more", window)
	}
	sys, err := systems.Get(systemID)
	if err != nil {
		return err
	}
	known := sys.Scenarios()
	if !slices.Contains(known, scenario) {
		return fmt.Errorf("unknown scenario %q for %s (known: %s)", scenario, sys.ID(), strings.Join(known, ", "))
	}
	st, err := sys.NewGame(scenario, nil)
	if err != nil {
		return err
	}
	viewSide, err := sideOf(sys.View(st, ""), scenario, side)
	if err != nil {
		return err
	}
	v := sys.View(st, viewSide)
	if v.Map == nil && v.Table == nil {
		return fmt.Errorf("%s has no board to draw", sys.Name())
	}
	v.Game = scenario + ", starting position"
	render := templates.RenderSVG
	if ext == ".png" {
		render = templates.RenderPNG
	}
	data, err := render(v, templates.MapOptions{Window: window})
	if err != nil {
		return fmt.Errorf("render %s: %w", scenario, err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return err
	}
	who := "the umpire"
	if viewSide != "" {
		who = string(viewSide)
	}
	fmt.Fprintf(w, "wrote %s: %s as %s sees it, %d bytes\n", out, scenario, who, len(data))
	return nil
}

// sideOf finds a side by name, in any case, among the sides with units in
// the umpire's view. "" and "umpire" are the umpire.
func sideOf(umpire rules.View, scenario, name string) (rules.Side, error) {
	if name == "" || strings.EqualFold(name, "umpire") {
		return "", nil
	}
	var sides []string
	var units []rules.UnitView
	if umpire.Map != nil {
		units = umpire.Map.Units
	} else if umpire.Table != nil {
		units = umpire.Table.Units
	}
	for _, u := range units {
		if !slices.Contains(sides, string(u.Side)) {
			sides = append(sides, string(u.Side))
		}
	}
	sort.Strings(sides)
	for _, s := range sides {
		if strings.EqualFold(s, name) {
			return rules.Side(s), nil
		}
	}
	return "", fmt.Errorf("unknown side %q in %s (sides: %s; leave out --side for the umpire's map)",
		name, scenario, strings.Join(sides, ", "))
}

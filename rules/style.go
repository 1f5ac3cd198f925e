package rules

import (
	"fmt"
	"strconv"
)

// Style is how a system's board is drawn: the colours of its sides, its
// unit kinds and their symbols, its counters, terrains, hexside kinds,
// markers and key, and the example order its mails teach. A system
// supplies it with each View (LoB from an embedded YAML file), so the
// renderer holds no system's vocabulary. Colours are written "#rrggbb".
// Lists are in the order the key shows them.
type Style struct {
	Sides      []SideStyle      `json:"sides,omitempty" yaml:"sides"`
	Kinds      []KindStyle      `json:"kinds,omitempty" yaml:"kinds"`
	Counter    CounterStyle     `json:"counter" yaml:"counter"`
	Terrains   []TerrainStyle   `json:"terrains,omitempty" yaml:"terrains"`
	Hexsides   []HexsideStyle   `json:"hexsides,omitempty" yaml:"hexsides"`
	Statuses   []StatusStyle    `json:"statuses,omitempty" yaml:"statuses"`
	Formations []FormationStyle `json:"formations,omitempty" yaml:"formations"`
	// OrderExample is an example order, as the HELP reply shows it
	// below an envelope, one line each.
	OrderExample string `json:"order_example,omitempty" yaml:"order_example"`
	// OrderForm is the shape of an order that the game-start mail
	// teaches, placeholders in angle brackets, one line each.
	OrderForm string `json:"order_form,omitempty" yaml:"order_form"`
}

// SideStyle is a side's counter colour.
type SideStyle struct {
	Side   Side   `json:"side" yaml:"side"`
	Colour string `json:"colour" yaml:"colour"`
}

// KindStyle is a kind of unit: how its counter is shaped and marked.
type KindStyle struct {
	Kind  string `json:"kind" yaml:"kind"`
	Label string `json:"label,omitempty" yaml:"label"` // in the key; the kind when empty
	// Shape is "counter" (a combat unit's rectangle, the default), "disc"
	// (a leader's round counter with a star) or "flag" (an HQ's square
	// with a pennant). Discs and flags sit beside a hex's stack.
	Shape string `json:"shape,omitempty" yaml:"shape"`
	// Symbol is the arm-of-service mark on a counter: "cross"
	// (infantry), "slash" (cavalry), "dot" (artillery), "wheels"
	// (wagons), or empty for the kind's initial.
	Symbol string `json:"symbol,omitempty" yaml:"symbol"`
}

// Unit shapes.
const (
	ShapeCounter = "counter"
	ShapeDisc    = "disc"
	ShapeFlag    = "flag"
)

// CounterStyle is a combat counter's size in pixels on a hex map; zero
// takes the renderer's default.
type CounterStyle struct {
	Width  float64 `json:"width,omitempty" yaml:"width"`
	Height float64 `json:"height,omitempty" yaml:"height"`
}

// TerrainStyle is how a terrain is filled and marked: Marks is "trees",
// "dots", "blocks", "tufts", "waves" or empty.
type TerrainStyle struct {
	Terrain string `json:"terrain" yaml:"terrain"`
	Fill    string `json:"fill" yaml:"fill"`
	Mark    string `json:"mark,omitempty" yaml:"mark"`
	Marks   string `json:"marks,omitempty" yaml:"marks"`
}

// HexsideStyle is how a hexside kind is drawn: strokes along the edge,
// strokes across its middle, and ticks (lines or points) towards side B.
type HexsideStyle struct {
	Kind   string   `json:"kind" yaml:"kind"`
	Label  string   `json:"label" yaml:"label"`
	Along  []Stroke `json:"along,omitempty" yaml:"along"`
	Across []Stroke `json:"across,omitempty" yaml:"across"`
	// Ticks is "lines" or "points" for a directional kind, drawn in
	// TickColour, TickWidth wide.
	Ticks      string  `json:"ticks,omitempty" yaml:"ticks"`
	TickColour string  `json:"tick_colour,omitempty" yaml:"tick_colour"`
	TickWidth  float64 `json:"tick_width,omitempty" yaml:"tick_width"`
}

// Stroke is one line of a hexside: along the edge, Inset is the part of
// the edge left bare at each end (a fraction); across it, Half is half the
// line's length in pixels.
type Stroke struct {
	Colour string     `json:"colour" yaml:"colour"`
	Width  float64    `json:"width" yaml:"width"`
	Dash   [2]float64 `json:"dash,omitzero" yaml:"dash"`
	Inset  float64    `json:"inset,omitempty" yaml:"inset"`
	Half   float64    `json:"half,omitempty" yaml:"half"`
}

// StatusStyle is a status marker: its colours, the short text on the
// marker and its label in the key.
type StatusStyle struct {
	Status string `json:"status" yaml:"status"`
	Fill   string `json:"fill" yaml:"fill"`
	Text   string `json:"text" yaml:"text"`
	Short  string `json:"short" yaml:"short"`
	Label  string `json:"label" yaml:"label"`
}

// FormationStyle is the letters a counter shows for a formation.
type FormationStyle struct {
	Formation string `json:"formation" yaml:"formation"`
	Letter    string `json:"letter" yaml:"letter"`
}

// Check reports the first colour that is not "#rrggbb", a repeated name
// or an unknown shape, symbol, marks or ticks word.
func (s *Style) Check() error {
	var colours []struct{ where, c string }
	col := func(where, c string) { colours = append(colours, struct{ where, c string }{where, c}) }
	seen := map[string]bool{}
	dup := func(group, name string) error {
		if seen[group+":"+name] || name == "" {
			return fmt.Errorf("style: %s %q is empty or listed twice", group, name)
		}
		seen[group+":"+name] = true
		return nil
	}
	for _, x := range s.Sides {
		col("side "+string(x.Side), x.Colour)
		if err := dup("side", string(x.Side)); err != nil {
			return err
		}
	}
	for _, k := range s.Kinds {
		if err := dup("kind", k.Kind); err != nil {
			return err
		}
		if !oneOf(k.Shape, "", ShapeCounter, ShapeDisc, ShapeFlag) || !oneOf(k.Symbol, "", "cross", "slash", "dot", "wheels") {
			return fmt.Errorf("style: kind %q: shape %q or symbol %q is unknown", k.Kind, k.Shape, k.Symbol)
		}
	}
	for _, t := range s.Terrains {
		if err := dup("terrain", t.Terrain); err != nil {
			return err
		}
		col("terrain "+t.Terrain, t.Fill)
		if t.Marks != "" {
			col("terrain "+t.Terrain+" mark", t.Mark)
		}
		if !oneOf(t.Marks, "", "trees", "dots", "blocks", "tufts", "waves") {
			return fmt.Errorf("style: terrain %q: marks %q is unknown", t.Terrain, t.Marks)
		}
	}
	for _, h := range s.Hexsides {
		if err := dup("hexside", h.Kind); err != nil {
			return err
		}
		for _, st := range append(append([]Stroke(nil), h.Along...), h.Across...) {
			col("hexside "+h.Kind, st.Colour)
		}
		if h.Ticks != "" {
			col("hexside "+h.Kind+" ticks", h.TickColour)
		}
		if !oneOf(h.Ticks, "", "lines", "points") {
			return fmt.Errorf("style: hexside %q: ticks %q is not lines or points", h.Kind, h.Ticks)
		}
	}
	for _, st := range s.Statuses {
		if err := dup("status", st.Status); err != nil {
			return err
		}
		col("status "+st.Status, st.Fill)
		col("status "+st.Status+" text", st.Text)
	}
	for _, c := range colours {
		if _, ok := ParseColour(c.c); !ok {
			return fmt.Errorf("style: %s: colour %q is not #rrggbb", c.where, c.c)
		}
	}
	return nil
}

// ParseColour reads "#rrggbb" as 0xRRGGBB.
func ParseColour(s string) (uint32, bool) {
	if len(s) != 7 || s[0] != '#' {
		return 0, false
	}
	n, err := strconv.ParseUint(s[1:], 16, 32)
	return uint32(n), err == nil
}

func oneOf(s string, words ...string) bool {
	for _, w := range words {
		if s == w {
			return true
		}
	}
	return false
}

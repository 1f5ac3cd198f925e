package lob

import (
	"bytes"
	_ "embed"
	"fmt"

	"galloper/rules"

	"go.yaml.in/yaml/v3"
)

//go:embed style.yaml
var styleFile []byte

// boardStyle is how LoB boards are drawn, read once from style.yaml.
var boardStyle = mustStyle(styleFile)

// Style returns how LoB boards are drawn: side colours, unit kinds,
// terrains, hexside kinds, markers and the key. Callers must not change it.
func Style() *rules.Style { return boardStyle }

// Style implements rules.Styler.
func (System) Style() *rules.Style { return boardStyle }

var _ rules.Styler = System{}

// parseStyle reads a style file; unknown fields and bad colours are errors.
func parseStyle(data []byte) (*rules.Style, error) {
	var s rules.Style
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("style.yaml: %w", err)
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("style.yaml: %w", err)
	}
	return &s, nil
}

func mustStyle(data []byte) *rules.Style {
	s, err := parseStyle(data)
	if err != nil {
		panic(err) // embedded data, checked by TestStyleLoads
	}
	return s
}

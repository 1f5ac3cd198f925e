package gbacw

import (
	"bytes"
	_ "embed"
	"fmt"

	"go.yaml.in/yaml/v3"

	"galloper/rules"
)

//go:embed style.yaml
var styleFile []byte

// boardStyle is how GBACW boards are drawn, read once from style.yaml.
var boardStyle = mustStyle(styleFile)

var _ rules.Styler = System{}

// Style implements rules.Styler: side colours, unit kinds, terrains,
// slope hexsides, status markers and Orders letters. Callers must not
// change it.
func (System) Style() *rules.Style { return boardStyle }

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

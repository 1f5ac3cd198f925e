package wintersvictory

import (
	"bytes"
	_ "embed"
	"fmt"

	"go.yaml.in/yaml/v3"

	"galloper/rules"
)

//go:embed style.yaml
var styleFile []byte

// boardStyle is how Winter's Victory boards are drawn, read once.
var boardStyle = func() *rules.Style {
	var s rules.Style
	dec := yaml.NewDecoder(bytes.NewReader(styleFile))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		panic(fmt.Sprintf("wintersvictory: style.yaml: %v", err))
	}
	if err := s.Check(); err != nil {
		panic(fmt.Sprintf("wintersvictory: style.yaml: %v", err))
	}
	return &s
}()

var _ rules.Styler = System{}

// Style implements rules.Styler: side colours, unit kinds, terrains,
// markers and formations. Callers must not change it.
func (System) Style() *rules.Style { return boardStyle }

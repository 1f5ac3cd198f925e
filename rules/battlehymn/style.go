package battlehymn

import (
	"bytes"
	_ "embed"
	"fmt"

	"go.yaml.in/yaml/v3"

	"galloper/rules"
)

//go:embed style.yaml
var styleFile []byte

// boardStyle is how Battle Hymn boards are drawn, read once from
// style.yaml.
var boardStyle = mustStyle(styleFile)

// Style implements rules.Styler.
func (System) Style() *rules.Style { return boardStyle }

var _ rules.Styler = System{}

func mustStyle(data []byte) *rules.Style {
	var s rules.Style
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		panic(fmt.Sprintf("battlehymn: style.yaml: %v", err)) // embedded data, checked by TestStyle
	}
	if err := s.Check(); err != nil {
		panic(fmt.Sprintf("battlehymn: style.yaml: %v", err))
	}
	return &s
}

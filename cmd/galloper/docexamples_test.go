package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// exampleNote is the comment above an order-file example in the docs: the
// system, scenario and side it is validated against (and the optional
// rules in play, comma-separated), or why it is not an
// order file of any scenario (a fragment of the grammar, a command).
var exampleNote = regexp.MustCompile(`^<!-- (?:validate (\S+) (\S+) (\S+)(?: optional (\S+))?|not validated: .+) -->$`)

// orderLine marks a fenced block as an order file or a part of one.
var orderLine = regexp.MustCompile(`^\s*(GAME|SIDE|ORDER|STACK)\s`)

// TestDocExamplesValidate extracts every order-file example from README.md
// and docs/*.md (a fenced block with GAME or SIDE lines or ORDER or STACK
// blocks) and checks it as `galloper validate --scenario` does against
// the scenario named in the comment above it. A block without a header
// gets one for the named side. An example without the comment fails, so
// a new one cannot slip past.
func TestDocExamplesValidate(t *testing.T) {
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, path := range append([]string{"../../README.md"}, docs...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(path, "../../")
		lines := strings.Split(string(data), "\n")
		for i := 0; i < len(lines); i++ {
			indent, fence, ok := fenceOpen(lines[i])
			if !ok {
				continue
			}
			start := i
			var block []string
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != fence; i++ {
				block = append(block, strings.TrimPrefix(lines[i], indent))
			}
			if !isOrderExample(block) {
				continue
			}
			note := ""
			for j := start - 1; j >= 0; j-- {
				if s := strings.TrimSpace(lines[j]); s != "" {
					note = s
					break
				}
			}
			m := exampleNote.FindStringSubmatch(note)
			if m == nil {
				t.Errorf("%s:%d: an order-file example without a <!-- validate SYSTEM SCENARIO SIDE [optional RULES] --> or <!-- not validated: WHY --> line above it", name, start+1)
				continue
			}
			if m[1] == "" {
				continue
			}
			text := strings.Join(block, "\n") + "\n"
			if !hasHeader(block) {
				text = "GAME example\nSIDE " + m[3] + "\nTURN 1\n\n" + text
			}
			var optional []string
			if m[4] != "" {
				optional = strings.Split(m[4], ",")
			}
			reply, ok, err := validateScenario(m[1], m[2], optional, m[3], text)
			if err != nil || !ok {
				t.Errorf("%s:%d: the example fails against %s %s (%v):\n%s", name, start+1, m[1], m[2], err, reply)
			}
			checked++
		}
	}
	if checked < 5 {
		t.Errorf("only %d examples checked: the extraction is broken", checked)
	}
}

func fenceOpen(line string) (indent, fence string, ok bool) {
	s := strings.TrimLeft(line, " ")
	indent = line[:len(line)-len(s)]
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(s, f) {
			return indent, f, true
		}
	}
	return "", "", false
}

func isOrderExample(block []string) bool {
	for _, l := range block {
		if orderLine.MatchString(l + " ") {
			return true
		}
	}
	return false
}

func hasHeader(block []string) bool {
	for _, l := range block {
		if strings.HasPrefix(strings.TrimSpace(l), "GAME ") {
			return true
		}
	}
	return false
}

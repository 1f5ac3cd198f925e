package rulestest

import (
	"bufio"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Line is one line of a case file with its line number.
type Line struct {
	N    int
	Text string
}

// Case is one case of a corpus: the lines after its CASE line up to the
// next one, without blank lines and comments.
type Case struct {
	ID    string
	Rules []string // the rules the CASE line cites, e.g. "10.6d"
	File  string   // the file's path, e.g. "testdata/charge.case"
	N     int      // the CASE line's number
	Lines []Line
}

// Where names a line of the case's file in failures: "file:line".
func (c *Case) Where(l Line) string { return fmt.Sprintf("%s:%d", c.File, l.N) }

// caseLine opens a case: CASE <id> <rule>[,<rule>...].
var caseLine = regexp.MustCompile(`^CASE\s+(\S+)\s+(\S+)`)

// ParseCases splits the text of a case file at its CASE lines. Lines
// before the first CASE line are the file's header and are skipped.
func ParseCases(file, text string) ([]*Case, error) {
	var out []*Case
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if m := caseLine.FindStringSubmatch(line); m != nil {
			out = append(out, &Case{ID: m[1], Rules: strings.Split(m[2], ","), File: file, N: n})
			continue
		}
		trimmed := strings.TrimSpace(line)
		if len(out) > 0 && trimmed != "" && !strings.HasPrefix(trimmed, "#") {
			c := out[len(out)-1]
			c.Lines = append(c.Lines, Line{n, line})
		}
	}
	return out, sc.Err()
}

// ReadCorpus reads every *.case file under dir of fsys, in path order. A
// case id defined twice is an error.
func ReadCorpus(fsys fs.FS, dir string) ([]*Case, error) {
	var out []*Case
	seen := map[string]*Case{}
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".case" {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		cases, err := ParseCases(p, string(data))
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		for _, c := range cases {
			if prev, ok := seen[c.ID]; ok {
				return fmt.Errorf("%s:%d: case %s already defined at %s:%d", c.File, c.N, c.ID, prev.File, prev.N)
			}
			seen[c.ID] = c
		}
		out = append(out, cases...)
		return nil
	})
	return out, err
}

// Section is one section of a case: its keyword line, split into fields,
// and the lines under it.
type Section struct {
	Line Line
	Head []string // Head[0] is the keyword
	Body []Line
}

// Sections splits a case's lines into sections: a line whose first word
// is one of keywords starts one. The first line must start one.
func (c *Case) Sections(keywords []string) ([]Section, error) {
	var out []Section
	for _, l := range c.Lines {
		head := strings.Fields(l.Text)
		if slices.Contains(keywords, head[0]) {
			out = append(out, Section{Line: l, Head: head})
			continue
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%s: %q is not a section keyword", c.Where(l), head[0])
		}
		out[len(out)-1].Body = append(out[len(out)-1].Body, l)
	}
	return out, nil
}

// Text joins lines into text, one a line.
func Text(ls []Line) string {
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

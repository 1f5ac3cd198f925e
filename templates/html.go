package templates

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"image"
	_ "image/png" // the maps
	"regexp"
	"strings"
)

// HTMLData fills the HTML alternative of a mail that shows a map.
type HTMLData struct {
	Title string // the mail's subject
	// Text is the mail's plain-text body. The HTML shows all of it, a
	// section for each "== Heading ==", so that it reads without images.
	Text string
	// Map is the inline map image: its Content-ID is what the HTML's
	// <img src="cid:..."> names.
	Map Attachment
	// MapNote is a line under the map.
	MapNote string
}

type htmlSection struct {
	Heading string
	Blocks  []htmlBlock
}

// htmlBlock is a run of lines without a blank one. Pre blocks keep their
// layout (indented lines, dice records); others are paragraphs.
type htmlBlock struct {
	Lines   []string
	Pre     bool
	Warning bool // e.g. PROVISIONAL CHARTS
}

//go:embed html/mail.html.tmpl
var mailHTML string

var htmlTemplate = template.Must(template.New("mail.html").Parse(mailHTML))

var cidChars = regexp.MustCompile(`^[A-Za-z0-9.@_+-]+$`)

// HTML renders the HTML alternative of a mail with an inline map. Every
// piece of text is escaped by html/template.
func HTML(d HTMLData) (string, error) {
	if !cidChars.MatchString(d.Map.ContentID) {
		return "", fmt.Errorf("template mail.html: Content-ID %q is not a plain token", d.Map.ContentID)
	}
	img, _, err := image.DecodeConfig(bytes.NewReader(d.Map.Data))
	if err != nil {
		return "", fmt.Errorf("template mail.html: map %s: %w", d.Map.Name, err)
	}
	sections := htmlSections(d.Text)
	var b bytes.Buffer
	err = htmlTemplate.Execute(&b, struct {
		HTMLData
		// The Content-ID was checked above, so the cid: URL is safe.
		MapURL   template.URL
		MapWidth int
		Intro    htmlSection
		Sections []htmlSection
	}{d, template.URL("cid:" + d.Map.ContentID), img.Width, sections[0], sections[1:]})
	if err != nil {
		return "", fmt.Errorf("template mail.html: %w", err)
	}
	return b.String(), nil
}

var headingLine = regexp.MustCompile(`^== (.+) ==$`)

// htmlSections splits a plain-text mail at its "== Heading ==" lines. The
// first section, the introduction, has no heading.
func htmlSections(text string) []htmlSection {
	out := []htmlSection{{}}
	var block []string
	flush := func() {
		if len(block) == 0 {
			return
		}
		cur := &out[len(out)-1]
		b := htmlBlock{Lines: block, Warning: strings.HasPrefix(block[0], "PROVISIONAL")}
		for _, l := range block {
			b.Pre = b.Pre || strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "-----")
		}
		cur.Blocks = append(cur.Blocks, b)
		block = nil
	}
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if m := headingLine.FindStringSubmatch(l); m != nil {
			flush()
			out = append(out, htmlSection{Heading: m[1]})
			continue
		}
		if strings.TrimSpace(l) == "" {
			flush()
			continue
		}
		block = append(block, l)
	}
	flush()
	return out
}

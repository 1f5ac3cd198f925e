package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runGalloper(args ...string) (string, error) {
	root := rootCmd()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), err
}

// TestRenderCommand draws Tanner's Creek for a side, windowed, as PNG and
// for the umpire as SVG.
func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	whole, win := filepath.Join(dir, "csa.png"), filepath.Join(dir, "csa-window.png")
	for _, args := range [][]string{
		{"render", "--scenario", "tanners-creek", "--side", "csa", "--out", whole},
		{"render", "--scenario", "tanners-creek", "--side", "CSA", "--window", "2", "--out", win},
	} {
		if out, err := runGalloper(args...); err != nil || !strings.Contains(out, "as CSA sees it") {
			t.Fatalf("galloper %v: %v\n%s", args, err, out)
		}
	}
	widths := map[string]int{}
	for _, f := range []string{whole, win} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		widths[f] = img.Bounds().Dx()
	}
	if widths[win] >= widths[whole] {
		t.Errorf("the windowed map is %d px wide, the whole map %d", widths[win], widths[whole])
	}

	svg := filepath.Join(dir, "umpire.svg")
	if out, err := runGalloper("render", "--scenario", "tanners-creek", "--out", svg); err != nil {
		t.Fatalf("umpire SVG: %v\n%s", err, out)
	}
	b, _ := os.ReadFile(svg)
	for _, want := range []string{"<svg", "map for the umpire", "Harrow", "Crandall"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("the umpire's SVG lacks %q", want)
		}
	}
	if bytes.Contains(b, []byte(`class="fog"`)) {
		t.Error("the umpire's map has fog")
	}
}

func TestRenderCommandErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--scenario", "nowhere", "--out", "m.svg"}, `unknown scenario "nowhere" for lob.v2 (known: lantern-ridge, tanners-creek, lantern-ridge-battle)`},
		{[]string{"--scenario", "tanners-creek", "--side", "BLUE", "--out", "m.svg"}, `unknown side "BLUE" in tanners-creek (sides: CSA, USA`},
		{[]string{"--scenario", "tanners-creek", "--out", "m.jpg"}, "must end in .svg or .png"},
		{[]string{"--scenario", "tanners-creek", "--window", "-1", "--out", "m.png"}, "--window -1"},
		{[]string{"--scenario", "tanners-creek", "--system", "chess", "--out", "m.png"}, `unknown game system "chess"`},
		{[]string{"--scenario", "tanners-creek"}, `required flag(s) "out" not set`},
	} {
		for i, a := range tc.args {
			if strings.HasPrefix(a, "m.") {
				tc.args[i] = filepath.Join(dir, a)
			}
		}
		_, err := runGalloper(append([]string{"render"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("render %v: err = %v, want one containing %q", tc.args, err, tc.want)
		}
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("failed renders wrote %d files", len(files))
	}
}

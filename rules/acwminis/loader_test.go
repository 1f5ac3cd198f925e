package acwminis

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// shippedWith returns the shipped tables with one file's text edited.
func shippedWith(t *testing.T, file, old, new string) fs.FS {
	t.Helper()
	sub, err := fs.Sub(shipped, "tables")
	if err != nil {
		t.Fatal(err)
	}
	m := fstest.MapFS{}
	err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sub, p)
		if err != nil {
			return err
		}
		if p == file {
			if !strings.Contains(string(b), old) {
				t.Fatalf("%s does not contain %q", file, old)
			}
			b = []byte(strings.Replace(string(b), old, new, 1))
		}
		m[p] = &fstest.MapFile{Data: b}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLoaderNamesTableAndEntry: a broken table is refused with an error
// that names the table and the entry at fault.
func TestLoaderNamesTableAndEntry(t *testing.T) {
	for _, tc := range []struct {
		name, file, old, new string
		want                 []string
	}{
		{"band gap", "shooting.yaml", "{name: effective, from: 9, to: 18, dice: 11}", "{name: effective, from: 10, to: 18, dice: 11}",
			[]string{"ACW table shooting, entry Infantry/Line effective", `band starts at 10", want 9"`}},
		{"unknown special", "armies.yaml", "special: [Support Artillery, Stubborn, Tough Fighters]", "special: [Support Artillery, Stubbron, Tough Fighters]",
			[]string{"ACW table armies, entry Union/Iron Brigade", `"Stubbron"`}},
		{"run slower than advance", "movement.yaml", "advance: 20, run: 30", "advance: 20, run: 3",
			[]string{"ACW table movement, entry Cavalry/Mounted Column", `run 3" is slower`}},
		{"unknown field", "saves.yaml", "fortified_reroll: true, line: 198", "fortified_rerolls: true, line: 198",
			[]string{"ACW table saves", "fortified_rerolls"}},
		{"size order", "sizes.yaml", "worn: 7, shaken: 14, broken: 21", "worn: 7, shaken: 24, broken: 21",
			[]string{"ACW table sizes, entry Cavalry/standard", "7/24/21 is not worn < shaken < broken"}},
		{"terrain word", "terrain.yaml", "moves: [normal, no-run, normal, no-run, no-run, no-run]", "moves: [normal, no run, normal, no-run, no-run, no-run]",
			[]string{"ACW table terrain, entry Difficult/infantry", `"no run"`}},
		{"charge bands", "orders.yaml", "{min: 2, max: 2, result: Falters", "{min: 3, max: 3, result: Falters",
			[]string{"ACW table orders, entry CHARGE Falters", "band starts at 3 successes, want 2"}},
		{"modifier both", "melee-modifiers.yaml", "{key: shaken, half: true,", "{key: shaken, half: true, dice: 1,",
			[]string{"ACW table melee-modifiers, entry shaken", "either halve or add"}},
		{"bad line", "victory.yaml", "vp: 5, text: \"+5 VPs for each broken unit at games end.\", line: 62", "vp: 5, text: \"+5 VPs for each broken unit at games end.\", line: 620",
			[]string{"ACW table victory, entry broken-unit", "line 620 is not a line of the sheet"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadTables(shippedWith(t, tc.file, tc.old, tc.new))
			if err == nil {
				t.Fatal("the broken table was accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			var te *TableError
			if !errors.As(err, &te) {
				t.Errorf("error %v is not a *TableError", err)
			}
		})
	}
}

// TestLoaderReportsEveryProblem: two broken tables give two errors at once.
func TestLoaderReportsEveryProblem(t *testing.T) {
	fsys := shippedWith(t, "movement.yaml", "advance: 20, run: 30", "advance: 20, run: 3").(fstest.MapFS)
	delete(fsys, "victory.yaml")
	_, err := LoadTables(fsys)
	if err == nil {
		t.Fatal("broken tables were accepted")
	}
	if !strings.Contains(err.Error(), "ACW table victory") {
		t.Errorf("the missing victory table is not reported: %v", err)
	}
	// A table that fails to read stops the cross-checks, so one error
	// per unreadable file is what the loader can say; fix and re-run.
	fsys = shippedWith(t, "movement.yaml", "advance: 20, run: 30", "advance: 20, run: 3").(fstest.MapFS)
	fsys["sizes.yaml"].Data = []byte(strings.Replace(string(fsys["sizes.yaml"].Data), "worn: 7, shaken: 14", "worn: 17, shaken: 14", 1))
	_, err = LoadTables(fsys)
	if err == nil || !strings.Contains(err.Error(), "Cavalry/Mounted Column") || !strings.Contains(err.Error(), "Cavalry/standard") {
		t.Errorf("both problems are not reported: %v", err)
	}
}

package wintersvictory

import (
	"strconv"
	"strings"
	"testing"
)

// The shipped pack loads, says it is provisional, and holds every result
// type of 17.34 in the order the modifiers of 17.35 imply.
func TestProvisionalPackLoads(t *testing.T) {
	p, err := LoadPack("provisional.yaml", ProvisionalPackData())
	if err != nil {
		t.Fatal(err)
	}
	if !p.Provisional {
		t.Error("the shipped pack is not marked provisional")
	}
	if !strings.HasPrefix(string(ProvisionalPackData()), "# PROVISIONAL") {
		t.Error("the shipped pack does not open with its PROVISIONAL comment")
	}
	last := Received
	seen := map[Delivery]bool{}
	for r := 0; r <= 9; r++ {
		d := p.OrderDeliveryTable(r)
		if d < last && !(last == Delay1 && d == Received) {
			t.Errorf("roll %d: %v after %v; results must run Received, Delay 1, Ignored", r, d, last)
		}
		if d == Ignored || d == Delay1 || d == Received {
			seen[d] = true
		}
		last = d
	}
	if len(seen) != 3 {
		t.Errorf("rolls 0-9 give %v; the table has three results (17.34)", seen)
	}
}

// An owner's card in the same format loads; a broken one is refused with
// an error naming the table and the entry.
func TestOwnerCard(t *testing.T) {
	head := "name: card\nsystem: wintersvictory\ntables:\n  order-delivery:\n    columns: [result]\n    rows:\n"
	rows := func(from, to int, cell string) string {
		var b strings.Builder
		for i := from; i <= to; i++ {
			b.WriteString("      \"" + strconv.Itoa(i) + "\": [" + cell + "]\n")
		}
		return b.String()
	}
	good := head + rows(-4, 2, "received") + rows(3, 6, "delay1") + rows(7, 9, "ignored") + tablesAfterODT()
	p, err := LoadPack("card.yaml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if p.Provisional || p.OrderDeliveryTable(3) != Delay1 || p.OrderDeliveryTable(-4) != Received {
		t.Errorf("owner card read wrong: %+v", p)
	}
	for _, c := range []struct{ name, data, want string }{
		{"wrong system", strings.Replace(good, "wintersvictory", "lob.v2", 1), `system is "lob.v2"`},
		{"no table", "name: card\nsystem: wintersvictory\ntables: {}\n", `missing table "order-delivery"`},
		{"bad cell", head + rows(0, 4, "received") + rows(5, 9, "lost") + tablesAfterODT(), `row 5: "lost" is not received`},
		{"gap", head + rows(0, 3, "received") + rows(5, 9, "ignored") + tablesAfterODT(), "row 4 is missing"},
		{"short", head + rows(0, 7, "received") + tablesAfterODT(), "cover at least the die rolls 0 to 9"},
		{"bad row", head + rows(0, 9, "received") + "      \"x\": [ignored]\n" + tablesAfterODT(), `row "x" is not a modified die roll`},
		{"no shock table", head + rows(0, 9, "received"), `missing table "shock"`},
		{"shock cell", strings.Replace(good, `"2:1/9": ["•/Dr1"`, `"2:1/9": ["•/X"`, 1), `row "2:1/9" column -3: "•/X"`},
		{"shock odds", strings.Replace(good, `odds: "1:2 1:1 3:2 2:1"`, `odds: "1:2 3:2 1:1 2:1"`, 1), "odds 1:1 does not rise above 3:2"},
		{"shock odds ends", strings.Replace(good, `odds: "1:2 1:1 3:2 2:1"`, `odds: "1:1 3:2 2:1"`, 1), "must run from 1:2 to 2:1"},
		{"shock row", strings.Replace(good, `"1:1/4":`, `"1:1/x":`, 1), `missing row "1:1/4"`},
		{"shock column", strings.Replace(good, `"+7"]`, `"+8"]`, 1), "missing column +7"},
		{"columns", strings.Replace(good, "[result]", "[outcome]", 1), "columns are"},
		{"unknown field", good + "colour: red\n", "colour"},
	} {
		_, err := LoadPack("card.yaml", []byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", c.name, err, c.want)
		}
	}
}

// The shipped placeholder is the one docs/charts-wintersvictory.md
// documents: unmodified 0-4 Received, 5-7 Delay 1 Turn, 8-9 Ignored.
func TestProvisionalODTAsDocumented(t *testing.T) {
	p := ProvisionalPack()
	for r := 0; r <= 9; r++ {
		want := Received
		switch {
		case r >= 8:
			want = Ignored
		case r >= 5:
			want = Delay1
		}
		if got := p.OrderDeliveryTable(r); got != want {
			t.Errorf("roll %d: %v, want %v", r, got, want)
		}
	}
}

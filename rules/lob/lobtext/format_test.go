package lobtext

import (
	"crypto/sha256"
	"galloper/orders"
	"reflect"
	"strings"
	"testing"
)

func TestFormatCanonical(t *testing.T) {
	messy := "game tanners-1\r\nside CSA\r\nturn 3\r\npassword tulip-47\r\nsalt rebel yell\r\n" +
		"order move FROM Bragg TO Hardee\r\n" +
		"objective a12.08\r\nroute Mill   Road,A10.7\r\nroute A12.8\r\nwhen First Light\r\n" +
		"for  Cleburne :  lead the column, guns behind\r\nintent \u201cSeize the ford before the Yankees do.\u201d\r\nend\r\n" +
		"\r\nORDER ATTACK from Hardee to Hood\u2019s Div\nOBJECTIVE Pitzer's Schoolhouse\nINTENT Roll up their left.\n" +
		"INTENT \"Then hold the ridge.\"\nEND\n"
	f, probs := Parse(messy)
	if len(probs) != 0 {
		t.Fatal(probs)
	}
	if got := Format(f); got != sample {
		t.Errorf("Format gave\n%s\nwant\n%s", got, sample)
	}
}

func TestFormatOrders(t *testing.T) {
	f, _ := Parse(sample)
	got := FormatOrders(f)
	want := sample[strings.Index(sample, "ORDER"):]
	if got != want {
		t.Errorf("FormatOrders gave\n%s\nwant\n%s", got, want)
	}
	if FormatOrders(&orders.File{}) != "" {
		t.Error("no orders should format to nothing")
	}
}

// TestFormatQuotes checks that Format adds quotes exactly where reading the
// text back would otherwise change it.
func TestFormatQuotes(t *testing.T) {
	in := head + `ORDER MOVE from "to" to "B"
  OBJECTIVE "A12.8"
  ROUTE     ""Old Mill"", "a1.1", Mill Road
  FOR ""Hood"": go
  INTENT    " padded "
  INTENT    ""quoted""
  INTENT    "half
END
`
	want := "GAME     g\nSIDE     CSA\nTURN     3\n\n" + `ORDER MOVE from "to" to B
  OBJECTIVE "A12.8"
  ROUTE     ""Old Mill"", "a1.1", Mill Road
  FOR ""Hood"": go
  INTENT    " padded "
  INTENT    ""quoted""
  INTENT    "half
END
`
	f, probs := Parse(in)
	if len(probs) != 0 {
		t.Fatal(probs)
	}
	if got := Format(f); got != want {
		t.Errorf("Format gave\n%s\nwant\n%s", got, want)
	}
	w := f.Orders[0].(*Written)
	if w.Objective.Name != "A12.8" || w.Route[0].Name != `"Old Mill"` || w.Intent != " padded \n\"quoted\"\n\"half" {
		t.Errorf("parsed %+v", w)
	}
}

func TestRoundTrip(t *testing.T) {
	for name, text := range map[string]string{
		"sample":             sample,
		"no orders":          head,
		"header only partly": "SIDE CSA\nORDER MOVE from a to b\nEND\n",
		"many fields":        head + "ORDER MOVE from 1st Texas to Hood's Div\nROUTE a, b, c\nROUTE d\nFOR x: 1\nFOR y: 2\nINTENT a\nINTENT b\nEND\n",
	} {
		f1, _ := Parse(text)
		f2, probs := Parse(Format(f1))
		if !reflect.DeepEqual(StripPositions(f1), StripPositions(f2)) {
			t.Errorf("%s: round trip changed the file:\n%s\n%s", name, dump(f1), dump(f2))
		}
		if f1.Game != "" && f1.Side != "" && f1.Turn != "" && len(probs) != 0 {
			t.Errorf("%s: formatted file has problems %+v", name, probs)
		}
	}
}

func TestStripPositions(t *testing.T) {
	f, _ := Parse(sample)
	s := StripPositions(f)
	if s.Header != nil {
		t.Error("Header kept")
	}
	w, orig := s.Orders[0].(*Written), f.Orders[0].(*Written)
	if w == orig || w.Objective == orig.Objective || &w.Route[0] == &orig.Route[0] || &w.For[0] == &orig.For[0] {
		t.Fatal("StripPositions shares memory with its argument")
	}
	if w.At != (orders.Pos{}) || w.FromAt != (orders.Pos{}) || w.ToAt != (orders.Pos{}) || w.ConditionAt != (orders.Pos{}) ||
		w.Objective.At != (orders.Pos{}) || w.Route[1].At != (orders.Pos{}) || w.For[0].At != (orders.Pos{}) {
		t.Errorf("positions left: %+v", w)
	}
	if orig.At == (orders.Pos{}) || orig.Objective.At == (orders.Pos{}) || orig.Route[1].At == (orders.Pos{}) {
		t.Error("StripPositions changed its argument")
	}
	if StripPositions(nil) != nil {
		t.Error("nil in, non-nil out")
	}
}

func TestHash(t *testing.T) {
	f, _ := Parse(sample)
	h := Hash(f)
	want := sha256.Sum256([]byte("GAME     tanners-1\nSIDE     CSA\nTURN     3\n\n" + FormatOrders(f)))
	if h != want {
		t.Errorf("Hash is not SHA-256 of the canonical text without PASSWORD and SALT")
	}
	g, _ := Parse(sample)
	g.Password, g.Salt = "other", "other"
	if Hash(g) != h {
		t.Error("PASSWORD or SALT changed the hash")
	}
	crlf, _ := Parse(sampleCRLF)
	if Hash(crlf) != h {
		t.Error("line endings changed the hash")
	}
	for name, change := range map[string]func(*orders.File){
		"game":   func(f *orders.File) { f.Game = "x" },
		"side":   func(f *orders.File) { f.Side = "x" },
		"turn":   func(f *orders.File) { f.Turn = "4" },
		"intent": func(f *orders.File) { f.Orders[1].(*Written).Intent += "!" },
		"route":  func(f *orders.File) { f.Orders[0].(*Written).Route = f.Orders[0].(*Written).Route[1:] },
	} {
		g, _ := Parse(sample)
		change(g)
		if Hash(g) == h {
			t.Errorf("changing the %s left the hash alone", name)
		}
	}
}

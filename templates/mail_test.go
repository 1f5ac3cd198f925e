package templates

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
)

// mailPart is one leaf of a parsed mail, with the multipart types it sits
// in, outermost first.
type mailPart struct {
	path   []string
	header message.Header
	body   []byte
}

// walkMail parses a mail and returns its leaves in order.
func walkMail(t *testing.T, raw []byte) (message.Header, []mailPart) {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("the mail does not parse: %v", err)
	}
	var out []mailPart
	var walk func(e *message.Entity, path []string)
	walk = func(e *message.Entity, path []string) {
		ct, _, _ := e.Header.ContentType()
		if mr := e.MultipartReader(); mr != nil {
			for {
				p, err := mr.NextPart()
				if errors.Is(err, io.EOF) {
					return
				}
				if err != nil {
					t.Fatalf("bad MIME part under %v: %v", path, err)
				}
				walk(p, append(append([]string(nil), path...), ct))
			}
		}
		b, err := io.ReadAll(e.Body)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, mailPart{path, e.Header, b})
	}
	walk(e, nil)
	return e.Header, out
}

// TestComposeHTMLMail checks the layout of a mail with a map: text/plain
// then text/html in multipart/alternative, inside multipart/related with
// the PNG inline under the Content-ID that the HTML names, and the SVG
// attached.
func TestComposeHTMLMail(t *testing.T) {
	v := loadView(t, "view-features")
	png, err := MapPNG(v)
	if err != nil {
		t.Fatal(err)
	}
	svg, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	text := "Galloper results for game <script>&\"'.\n\nPROVISIONAL CHARTS: beware.\n\n== What happened ==\n- Barton moved.\n\n== Dice ==\n    roll: 0 d6 = 4\n"
	img := Attachment{Name: "map.png", ContentType: "image/png", Data: png, ContentID: "map-g-seg01-CSA.png@galloper.test"}
	html, err := HTML(HTMLData{Title: "Results: <b>", Text: text, Map: img, MapNote: "The whole map is attached."})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := Compose(Mail{From: "gm@galloper.test", To: "csa@players.test", Subject: "Results", MessageID: "<m.1@galloper.test>",
		Date: time.Unix(0, 0), Text: text, HTML: html, Attachments: []Attachment{img,
			{Name: "map.svg", ContentType: "image/svg+xml", Data: svg}, {Name: "dice.txt", ContentType: "text/plain", Data: []byte("dice")}}})
	if err != nil {
		t.Fatal(err)
	}
	top, parts := walkMail(t, raw)
	if ct, _, _ := top.ContentType(); ct != "multipart/mixed" {
		t.Fatalf("top Content-Type %s, want multipart/mixed", ct)
	}
	want := []struct{ path, ct, disp string }{
		{"multipart/mixed multipart/related multipart/alternative", "text/plain", ""},
		{"multipart/mixed multipart/related multipart/alternative", "text/html", ""},
		{"multipart/mixed multipart/related", "image/png", "inline"},
		{"multipart/mixed", "image/svg+xml", "attachment"},
		{"multipart/mixed", "text/plain", "attachment"},
	}
	if len(parts) != len(want) {
		t.Fatalf("%d parts, want %d", len(parts), len(want))
	}
	for i, w := range want {
		ct, _, _ := parts[i].header.ContentType()
		disp, _, _ := parts[i].header.ContentDisposition()
		if got := strings.Join(parts[i].path, " "); got != w.path || ct != w.ct || disp != w.disp {
			t.Errorf("part %d: %s in %q, disposition %q; want %s in %q, %q", i, ct, got, disp, w.ct, w.path, w.disp)
		}
	}
	// Quoted-printable text comes back with CRLF line ends.
	if crlf(parts[0].body) != text {
		t.Errorf("the text/plain part is not the whole text:\n%s", parts[0].body)
	}
	if !bytes.Equal(parts[2].body, png) {
		t.Error("the inline PNG is not the map")
	}
	cid := parts[2].header.Get("Content-Id")
	if cid != "<"+img.ContentID+">" {
		t.Fatalf("PNG Content-ID %q, want <%s>", cid, img.ContentID)
	}
	if _, related, _ := parts[0].header.ContentType(); related["charset"] != "utf-8" {
		t.Errorf("text/plain charset %q", related["charset"])
	}
	page := string(parts[1].body)
	if !strings.Contains(page, `src="cid:`+strings.Trim(cid, "<>")+`"`) {
		t.Errorf("the HTML does not show the inline PNG by its Content-ID %s:\n%s", cid, page)
	}
	for _, want := range []string{"&lt;script&gt;&amp;&#34;&#39;", "Results: &lt;b&gt;", "<h2", "What happened", "roll: 0 d6 = 4", "PROVISIONAL CHARTS", `alt="Map: Results: &lt;b&gt;"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the HTML lacks %q", want)
		}
	}
	if strings.Contains(page, "<script>") {
		t.Error("the HTML carries player text unescaped")
	}
}

func TestHTMLRefusesOddContentID(t *testing.T) {
	png, err := MapPNG(loadView(t, "view-features"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = HTML(HTMLData{Map: Attachment{Data: png, ContentID: `x" onerror="alert(1)`}})
	if err == nil {
		t.Fatal("a Content-ID with quotes made it into the HTML")
	}
}

// TestComposePlainMail checks that a mail without HTML keeps its plain
// layout: the text first, then the attachments.
func TestComposePlainMail(t *testing.T) {
	raw, err := Compose(Mail{From: "gm@galloper.test", To: "csa@players.test", Subject: "Receipt", MessageID: "<m.2@galloper.test>",
		Date: time.Unix(0, 0), Text: "received\n", Attachments: []Attachment{{Name: "a.txt", ContentType: "text/plain", Data: []byte("a")}}})
	if err != nil {
		t.Fatal(err)
	}
	_, parts := walkMail(t, raw)
	if len(parts) != 2 || crlf(parts[0].body) != "received\n" {
		t.Fatalf("parts: %+v", parts)
	}
}

func crlf(b []byte) string { return strings.ReplaceAll(string(b), "\r\n", "\n") }

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/systems"
)

// schemaDir holds the published schemas of the mail documents.
const schemaDir = "../../docs/schema/v1"

// mailSchemas compiles every published schema of the mail documents, by
// name ("galloper/v1/results").
func mailSchemas(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(schemaDir, "*.json"))
	if len(files) < 2 {
		t.Fatalf("%d schemas in %s", len(files), schemaDir)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const base = "https://galloper.invalid/schema/v1/"
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := c.AddResource(base+filepath.Base(f), doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		s, err := c.Compile(base + filepath.Base(f))
		if err != nil {
			t.Fatalf("schema %s: %v", name, err)
		}
		out["galloper/v1/"+name] = s
	}
	return out
}

// mailDocs returns the JSON documents attached to a mail, and its plain
// text body.
func mailDocs(t *testing.T, name string, raw []byte) (docs [][]byte, text string) {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ct := p.Header.Get("Content-Type")
		b, _ := io.ReadAll(p.Body)
		switch {
		case strings.HasPrefix(ct, "application/json"):
			docs = append(docs, b)
		case strings.HasPrefix(ct, "text/plain") && text == "":
			text = string(b)
		}
	}
	return docs, text
}

// checkMailDocs checks that every mail to a player carries one JSON
// document, that it validates against the published schema its "schema"
// field names, and that it agrees with the mail's text: the side, the
// receipt's hash, the problems' codes and the events.
func checkMailDocs(t *testing.T, mails []string) {
	schemas := mailSchemas(t)
	kinds := map[string]int{}
	for _, f := range mails {
		raw, _ := os.ReadFile(f)
		docs, text := mailDocs(t, filepath.Base(f), raw)
		if len(docs) != 1 {
			t.Errorf("%s carries %d JSON documents, want 1", filepath.Base(f), len(docs))
			continue
		}
		var any any
		if err := json.Unmarshal(docs[0], &any); err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		var d rules.MailDoc
		json.Unmarshal(docs[0], &d)
		s := schemas[d.Schema]
		if s == nil {
			t.Errorf("%s: its document names schema %q, which is not published", filepath.Base(f), d.Schema)
			continue
		}
		if err := s.Validate(any); err != nil {
			t.Errorf("%s: document does not validate against %s:\n%v", filepath.Base(f), d.Schema, err)
		}
		kinds[d.Kind]++
		checkDocAgrees(t, filepath.Base(f), d, text)
	}
	for _, k := range []string{"start", "receipt", "problems", "results", "final"} {
		if kinds[k] == 0 {
			t.Errorf("no %s document among the demo's mails (%v)", k, kinds)
		}
	}
	t.Logf("documents by kind: %v", kinds)
}

// checkDocAgrees checks a document against the text of its mail.
func checkDocAgrees(t *testing.T, name string, d rules.MailDoc, text string) {
	t.Helper()
	if d.Side != "" && !strings.Contains(name, strings.ToLower(string(d.Side))) {
		t.Errorf("%s: document for side %s", name, d.Side)
	}
	// Line of Battle lists the orders open to the side whose turn it is.
	if d.OrdersDue && d.System == "lob.v2" && (d.Hints == nil || len(d.Hints.Stacks) == 0) {
		t.Errorf("%s: orders are due but the document has no hints", name)
	}
	switch d.Kind {
	case "receipt":
		if !strings.Contains(text, d.Orders.Hash) {
			t.Errorf("%s: the text does not give the document's hash %s", name, d.Orders.Hash)
		}
	case "problems":
		for _, p := range d.Problems {
			if !strings.Contains(text, p.Message) {
				t.Errorf("%s: the text does not say problem %s: %q", name, p.Code, p.Message)
			}
		}
		if strings.Contains(d.Orders.Text, "PASSWORD ") {
			t.Errorf("%s: the refused file's password is in the document:\n%s", name, d.Orders.Text)
		}
	case "results", "final":
		flat := strings.Join(strings.Fields(text), " ")
		for _, e := range d.Events {
			if e.Kind != "roll" && !strings.Contains(flat, strings.Join(strings.Fields(e.Text), " ")) {
				t.Errorf("%s: event %q is not in the text", name, e.Text)
			}
		}
		if !slices.ContainsFunc(d.Events, func(e rules.EventDoc) bool { return e.Roll != nil }) {
			t.Errorf("%s: no roll among the document's events", name)
		}
	}
}

// TestJSONOrdersFollowSchema checks that the JSON form of every seed order
// file of every system validates against the published orders schema,
// and that JSON the schema refuses is refused by Galloper too.
func TestJSONOrdersFollowSchema(t *testing.T) {
	s := mailSchemas(t)["galloper/v1/orders"]
	if s == nil {
		t.Fatal("no orders schema")
	}
	n := 0
	for _, sys := range systems.All() {
		d := sys.Dialect()
		for _, seed := range d.Seeds() {
			f, probs := orders.Parse(seed, d)
			if len(probs) > 0 {
				continue
			}
			j, _ := json.Marshal(orders.ToJSON(f, d))
			v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(j))
			if err := s.Validate(v); err != nil {
				t.Errorf("%s: %s does not validate: %v", sys.ID(), j, err)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no seed order file parsed cleanly")
	}
	for _, bad := range []string{`{"schema":"galloper/v1/orders","turn":1,"orders":[]}`, `{"schema":"galloper/v1/orders"}`,
		`{"schema":"galloper/v1/orders","orders":[],"extra":true}`} {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if s.Validate(v) == nil {
			t.Errorf("the schema takes %s", bad)
		}
		if _, err := orders.FromJSON([]byte(bad)); err == nil {
			t.Errorf("Galloper reads %s, which the schema refuses", bad)
		}
	}
}

// TestHintsFollowSchema: a document whose stack hints hold every field
// (approaches and charges among them) validates against the published
// schema, and one whose approach lacks its path does not.
func TestHintsFollowSchema(t *testing.T) {
	s := mailSchemas(t)["galloper/v1/results"]
	if s == nil {
		t.Fatal("no results schema")
	}
	seg := &rules.SegmentDoc{Turn: 20, Index: 3, Name: "French Movement", Label: "Turn 20, French Movement", Sides: []rules.Side{"French"}}
	d := rules.MailDoc{Schema: "galloper/v1/results", Kind: "results", Game: "g", System: "wintersvictory.v1", Side: "French", Resolved: "Turn 20, Allied Command",
		Segment: seg, OrdersDue: true, View: &rules.View{}, Hints: &rules.OrderHints{Orders: []string{"MOVE", "CHARGE"},
			Stacks: []rules.StackHint{{At: "0803", Units: []string{"1/33 Ligne"}, Steps: []string{"MOVE"}, Range: 2,
				Reach: []string{"0903"}, Targets: []rules.TargetHint{{Unit: "1/Tula Musketeers", At: "1005", Distance: 2}},
				Approaches: []rules.ApproachHint{{Objective: "Serpallen", At: "1408", Distance: 7, Path: []string{"0903", "1003"}, Left: 5}},
				Charges:    []rules.TargetHint{{Unit: "1/Tula Musketeers", At: "1005", Distance: 2}}}},
			Objectives: []rules.PlaceHint{{Name: "Serpallen", At: "1408"}}}}
	check := func(d rules.MailDoc) error {
		j, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(j))
		return s.Validate(v)
	}
	if err := check(d); err != nil {
		t.Fatalf("the hints do not validate: %v", err)
	}
	d.Hints.Stacks[0].Approaches[0].Path = nil
	if check(d) == nil {
		t.Fatal("an approach with no path validates")
	}
}

package orders

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// JSONSchema names the schema of an order file in JSON:
// docs/schema/v1/orders.json.
const JSONSchema = "galloper/v1/orders"

// JSONFile is an order file in JSON, for programs that write orders. It
// holds the envelope as fields and each order in its dialect's text, as
// one string (a STANDING block or any order of several lines holds its
// line breaks). It reads exactly as the text form that FromJSON gives.
type JSONFile struct {
	Schema   string   `json:"schema"`
	Game     string   `json:"game,omitempty"`
	Side     string   `json:"side,omitempty"`
	Turn     string   `json:"turn,omitempty"`
	Password string   `json:"password,omitempty"`
	Salt     string   `json:"salt,omitempty"`
	Orders   []string `json:"orders"`
}

// JSONPassword matches the password field of a JSON order file up to its
// value, as ${1}: stored mail and replies leave the value out.
var JSONPassword = regexp.MustCompile(`(?i)("password"\s*:\s*)"(?:[^"\\\r\n]|\\.)*"`)

// LooksJSON reports whether text is meant as a JSON order file: its first
// character that is not white space opens an object.
func LooksJSON(text string) bool {
	return strings.HasPrefix(strings.TrimLeft(text, " \t\r\n\ufeff"), "{")
}

// ToJSON returns f as a JSON order file: its envelope, and each order in
// canonical form as Format writes it in dialect d.
func ToJSON(f *File, d Dialect) JSONFile {
	j := JSONFile{Schema: JSONSchema, Game: f.Game, Side: f.Side, Turn: f.Turn, Password: f.Password, Salt: f.Salt,
		Orders: []string{}}
	for _, o := range f.Orders {
		var b strings.Builder
		if s, ok := o.(*Standing); ok {
			writeStanding(&b, s)
		} else {
			d.WriteOrder(&b, o)
		}
		j.Orders = append(j.Orders, strings.TrimRight(b.String(), "\n"))
	}
	return j
}

// FromJSON reads a JSON order file and returns its text form: the
// envelope lines, then each order, separated by blank lines. Parse reads
// the text form as it reads any order file, so the problems of the orders
// name lines of the text form. The error says what is wrong with the JSON
// itself, with its byte offset where there is one.
func FromJSON(data []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	dec.DisallowUnknownFields()
	var j JSONFile
	if err := dec.Decode(&j); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return "", fmt.Errorf("the JSON is malformed at byte %d: it ends before its object closes", len(data))
		case errors.As(err, &se):
			return "", fmt.Errorf("the JSON is malformed at byte %d: %v", se.Offset, err)
		case errors.As(err, &te):
			return "", fmt.Errorf("the JSON field %q should be %v, at byte %d", te.Field, te.Type, te.Offset)
		}
		return "", fmt.Errorf("the JSON does not follow %s: %v", JSONSchema, err)
	}
	if dec.More() {
		return "", fmt.Errorf("the JSON has more than one value; send one object")
	}
	if j.Schema != JSONSchema {
		return "", fmt.Errorf("the JSON's schema is %q; Galloper reads %q", j.Schema, JSONSchema)
	}
	if j.Orders == nil {
		return "", fmt.Errorf(`the JSON has no "orders" field; give [] for a file of no orders`)
	}
	var b strings.Builder
	for _, f := range [][2]string{{"GAME", j.Game}, {"SIDE", j.Side}, {"TURN", j.Turn}, {"PASSWORD", j.Password}, {"SALT", j.Salt}} {
		if strings.ContainsAny(f[1], "\r\n") {
			return "", fmt.Errorf("the JSON field %q holds a line break", strings.ToLower(f[0]))
		}
		if f[1] != "" {
			fmt.Fprintf(&b, "%s %s\n", f[0], f[1])
		}
	}
	for _, o := range j.Orders {
		b.WriteString("\n" + strings.TrimRight(strings.ReplaceAll(o, "\r\n", "\n"), "\n") + "\n")
	}
	return b.String(), nil
}

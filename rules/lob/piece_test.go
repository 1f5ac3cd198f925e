package lob

import (
	"fmt"
	"strings"
	"testing"
)

// TestPieceByName: piece finds a counter by its name, and a name no
// counter has is an error that names it, never some other counter.
func TestPieceByName(t *testing.T) {
	st := newGame(t)
	first := st.doc.Pieces[0].Name
	if p := st.piece("Ames' Brigade"); p.Name != "Ames' Brigade" {
		t.Fatalf("piece(Ames' Brigade) is %s", p.Name)
	}
	var got any
	func() {
		defer func() { got = recover() }()
		p := st.piece("Nobody's Brigade")
		t.Errorf("piece(Nobody's Brigade) returned %s", p.Name)
	}()
	if msg := fmt.Sprint(got); !strings.Contains(msg, `no counter named "Nobody's Brigade"`) || strings.Contains(msg, first) {
		t.Errorf("an unknown name fails with %q, want it to say there is no counter named \"Nobody's Brigade\"", msg)
	}
}

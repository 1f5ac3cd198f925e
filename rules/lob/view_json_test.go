package lob

import (
	"encoding/json"
	"reflect"
	"testing"

	"galloper/rules"
)

// TestViewJSONRoundTrip: every side's view of a new game, and the
// umpire's, comes back from its JSON form (what bots read) unchanged.
func TestViewJSONRoundTrip(t *testing.T) {
	st := newGame(t)
	for _, side := range []string{"", "CSA", "USA"} {
		v := st.view(rules.Side(side))
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back rules.View
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(v, back) {
			t.Errorf("%q: the view changed in its JSON round trip", side)
		}
		if v.Map.Layout.IDs.Letter != "A" || v.Map.Hexes[0].ID != "A1.1" {
			t.Errorf("%q: layout %+v, first hex %s", side, v.Map.Layout, v.Map.Hexes[0].ID)
		}
	}
}

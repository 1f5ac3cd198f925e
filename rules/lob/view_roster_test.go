package lob

import (
	"testing"

	"galloper/rules"
)

// TestRosterOwnAndEnemy: a side's roster lists every one of its combat
// units with strength, formation and facing, Command by Command, and of
// the enemy exactly the counters its map shows, their strength secret
// (LoB 2.4). The umpire's roster lists every unit of both sides.
func TestRosterOwnAndEnemy(t *testing.T) {
	g, err := System{}.NewGame("lantern-ridge-battle", nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.(*State)
	for _, side := range []rules.Side{"CSA", "USA"} {
		v := st.view(side)
		own := map[string]rules.RosterUnit{}
		enemy := map[string]rules.RosterUnit{}
		for _, grp := range v.Roster {
			for _, u := range grp.Units {
				switch {
				case grp.Enemy:
					if grp.Side == side {
						t.Errorf("%s: own side listed as enemy", side)
					}
					enemy[u.Name] = u
				case grp.Side != side:
					t.Errorf("%s: roster has a Command of %s", side, grp.Side)
				case grp.Command == "":
					t.Errorf("%s: own units without a Command", side)
				default:
					own[u.Name] = u
				}
			}
		}
		for _, p := range st.doc.Pieces {
			if p.Side != side || p.Unit == nil {
				continue
			}
			u, ok := own[p.Name]
			if !ok {
				t.Errorf("%s roster lacks its unit %s", side, p.Name)
				continue
			}
			if u.Position != p.Hex && !p.OffMap || u.Strength == "" || u.Strength == "?" || u.Formation == "" || u.Facing == "" {
				t.Errorf("%s roster: %s = %+v, want its hex %s, strength, formation and facing", side, p.Name, u, p.Hex)
			}
		}
		shown := map[string]bool{}
		for _, u := range v.Map.Units {
			if u.Side != side {
				shown[u.Name] = true
				if _, ok := enemy[u.Name]; !ok {
					t.Errorf("%s sees %s on its map but not in its roster", side, u.Name)
				}
			}
		}
		if len(shown) == 0 {
			t.Fatalf("%s sees no enemy at the start: the test shows nothing", side)
		}
		for name, u := range enemy {
			if !shown[name] {
				t.Errorf("%s roster lists enemy %s, which its map does not show", side, name)
			}
			if u.Strength != "" && u.Strength != "?" || u.Grade != "" {
				t.Errorf("%s roster tells enemy %s's strength or grade: %+v (LoB 2.4)", side, name, u)
			}
		}
	}
	all := 0
	for _, grp := range st.view("").Roster {
		if grp.Enemy {
			t.Errorf("umpire roster has an enemy group")
		}
		all += len(grp.Units)
	}
	want := 0
	for _, p := range st.doc.Pieces {
		if p.Unit != nil || p.Kind == "wagon" {
			want++
		}
	}
	if all != want {
		t.Errorf("umpire roster lists %d units and wagons, want %d", all, want)
	}
}

// TestVictoryTallyAndWinner: while the game runs a side counts only the
// victory locations it sees; at the end every holder is known and the
// side with more points wins (docs/rulings-lob.md R-VIC-1).
func TestVictoryTallyAndWinner(t *testing.T) {
	g, err := System{}.NewGame("lantern-ridge-battle", nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.(*State)
	v := st.view("CSA").Victory
	if v == nil || len(v.Locations) != 3 || v.Final || v.Winner != "" {
		t.Fatalf("start: victory %+v, want three locations, not final", v)
	}
	if !v.Partial {
		t.Errorf("CSA cannot see Wexley (A17.11) at the start, yet its tally is not partial: %+v", v.Locations)
	}
	for _, l := range v.Locations {
		if l.Hex == "A17.11" && (l.Known || l.Holder != "") {
			t.Errorf("CSA is told who holds Wexley out of its sight: %+v", l)
		}
	}
	end := st.clone()
	end.doc.Segment = 2 * end.scn.Turns
	// CSA takes Sorrel Bridge (3) and keeps Halloway Crossroads (2).
	for i := range end.doc.Pieces {
		if end.doc.Pieces[i].Name == "12 Va" {
			end.setHex(&end.doc.Pieces[i], "A13.11") // through the hex index
		}
	}
	for _, side := range []rules.Side{"CSA", "USA", ""} {
		f := end.view(side).Victory
		if !f.Final || f.Partial {
			t.Fatalf("%q at the end: %+v, want final and whole", side, f)
		}
		scores := map[rules.Side]int{}
		for _, s := range f.Tally {
			scores[s.Side] = s.Points
		}
		if scores["CSA"] != 5 || f.Winner != "CSA" || f.Result == "" {
			t.Errorf("%q at the end: tally %v, winner %q, result %q; want CSA 5 and CSA the winner", side, f.Tally, f.Winner, f.Result)
		}
	}
	// Equal points are a draw: CSA keeps Halloway Crossroads (2), USA
	// takes Wexley (2).
	for i := range end.doc.Pieces {
		if end.doc.Pieces[i].Name == "12 Va" {
			end.setHex(&end.doc.Pieces[i], "A12.13")
		}
	}
	for i := range end.doc.Pieces {
		if p := &end.doc.Pieces[i]; p.Side == "USA" && p.Unit != nil {
			end.setHex(p, "A17.11")
			break
		}
	}
	f := end.view("").Victory
	if f.Winner != "" || f.Result == "" {
		t.Errorf("tally %v: winner %q, result %q; want a draw", f.Tally, f.Winner, f.Result)
	}
}

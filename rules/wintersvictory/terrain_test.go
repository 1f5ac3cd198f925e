package wintersvictory

import (
	"strings"
	"testing"
)

// The Terrain Effects Chart cells the rules text states, each with its
// rule. The Grand Tactical column is a placeholder and is checked only for
// 6.42.2: "a unit is never Disordered".
func TestTerrainFromRulesText(t *testing.T) {
	p := ProvisionalPack()
	hex := func(mp int, e string) TerrainCost {
		return TerrainCost{MP: mp, GeneralOrder: strings.Contains(e, "GO"), Disorder: strings.Contains(e, "D"), GunCheck: strings.Contains(e, "G ")}
	}
	side := func(mp int, e string) TerrainCost { c := hex(mp, e); c.Hexside = true; return c }
	no := TerrainCost{Prohibited: true}
	for _, c := range []struct {
		rule, feature, class string
		want                 TerrainCost
	}{
		{"6.2 clear", "clear", "infantry", hex(1, "")},
		{"6.21 town 2 MP, General Order", "town", "infantry", hex(2, "GO")},
		{"6.21 town, light cavalry GO", "town", "light-cavalry", hex(2, "GO")},
		{"6.21 town, heavy cavalry Disorders", "town", "heavy-cavalry", hex(2, "D")},
		{"6.3 town, artillery 3 MP (Disorders)", "town", "artillery", hex(3, "D")},
		{"6.21 woods 2 MP GO", "woods", "infantry", hex(2, "GO")},
		{"6.21 woods, heavy cavalry prohibited", "woods", "heavy-cavalry", no},
		{"6.21 woods, artillery prohibited", "woods", "artillery", no},
		{"6.21 Light Cover 1 MP", "light-cover", "heavy-cavalry", hex(1, "")},
		{"6.21 Light Cover, artillery 2 MP (6.3: no Disorder)", "light-cover", "artillery", hex(2, "")},
		{"6.21 farmette, infantry 1 MP (8.51 GO)", "farmette", "infantry", hex(1, "GO")},
		{"6.21 farmette, light cavalry 1 MP", "farmette", "light-cavalry", hex(1, "")},
		{"6.21 farmette, heavy cavalry 2 MP and Disorder", "farmette", "heavy-cavalry", hex(2, "D")},
		{"6.21 Frozen Wetlands 2 MP, infantry GO", "frozen-wetlands", "infantry", hex(2, "GO")},
		{"6.21 Frozen Wetlands, heavy cavalry Disorders", "frozen-wetlands", "heavy-cavalry", hex(2, "D")},
		{"6.21 Frozen Wetlands, artillery prohibited", "frozen-wetlands", "artillery", no},
		{"8.65 A.2 skirmishers 2 MP into Frozen Wetlands", "frozen-wetlands", "skirmish", hex(2, "")},
		{"8.65 A.2 skirmishers 1 MP into town", "town", "skirmish", hex(1, "")},
		{"16.11 command units 1 MP anywhere", "woods", "command", hex(1, "")},
		{"6.22 Light Cover hexside +1", "light-cover-hexside", "infantry", side(1, "")},
		{"6.22 Light Cover hexside, artillery +1, Disorders (6.32 gun check)", "light-cover-hexside", "artillery", side(1, "D G ")},
		{"6.22 brook +1", "brook", "light-cavalry", side(1, "")},
		{"6.22 brook, artillery +1 (6.32 gun check)", "brook", "artillery", side(1, "G ")},
		{"6.22 stream, cavalry +1 and Disorders", "stream", "heavy-cavalry", side(1, "D")},
		{"6.22 stream, artillery +2, Disorders, gun check", "stream", "artillery", side(2, "D G ")},
		{"6.22 major stream, infantry +2 and Disorders", "major-stream", "infantry", side(2, "D")},
		{"6.22 major stream, artillery never", "major-stream", "artillery", no},
		{"6.22 major stream, skirmishers +2", "major-stream", "skirmish", side(2, "")},
		{"6.23 slopes cost infantry nothing", "slope-up", "infantry", side(0, "")},
		{"6.23 steep slope up +1", "steep-slope-up", "light-cavalry", side(1, "")},
		{"6.31 artillery up a slope +1", "slope-up", "artillery", side(1, "")},
		{"6.31 artillery up a steep slope +2", "steep-slope-up", "artillery", side(2, "")},
		{"6.31 artillery down a steep slope +1", "steep-slope-down", "artillery", side(1, "")},
	} {
		got, err := p.Terrain(c.feature, c.class)
		if err != nil {
			t.Fatal(err)
		}
		if got.Or != nil {
			t.Errorf("%s: offers a choice", c.rule)
		}
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.rule, got, c.want)
		}
	}
	// 6.22 and 8.51: a formed battalion crossing a stream pays +2 (and
	// adopts General Order after crossing) or +1 and Disorders.
	s, _ := p.Terrain("stream", "infantry")
	if s.MP != 2 || !s.GeneralOrder || s.Or == nil || s.Or.MP != 1 || !s.Or.Disorder {
		t.Errorf("stream, infantry: %+v / %+v", s, s.Or)
	}
	// 6.42.2: never Disordered under Grand Tactical Movement.
	for _, r := range terrainRows {
		c, _ := p.Terrain(r, "grand-tactical")
		if c.Disorder || c.GeneralOrder {
			t.Errorf("grand-tactical %s: %+v", r, c)
		}
	}
	if _, err := p.Terrain("swamp", "infantry"); err == nil {
		t.Error("swamp read")
	}
}

func TestTerrainCellRefused(t *testing.T) {
	good := string(ProvisionalPackData())
	for _, c := range []struct{ name, from, to, want string }{
		{"bad effect", `woods:                [ "2 GO"`, `woods:                [ "2 XX"`, `"XX" is not GO, D or G`},
		{"hex as hexside", `clear:                [ "1"`, `clear:                [ "+1"`, "a hexside costs +n, a hex n"},
		{"missing row", "      brook:", "      creek:", `missing row "brook"`},
		{"not a number", `town:                 [ "2 GO"`, `town:                 [ "two GO"`, `"two" is not a cost`},
	} {
		data := strings.Replace(good, c.from, c.to, 1)
		if data == good {
			t.Fatalf("%s: %q not in the pack", c.name, c.from)
		}
		_, err := LoadPack("card.yaml", []byte(data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", c.name, err, c.want)
		}
	}
}

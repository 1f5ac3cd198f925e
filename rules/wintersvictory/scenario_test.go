package wintersvictory

import (
	"strings"
	"testing"
)

// TestScenarioLoads: the Serpallen scenario builds its map (2.1), its
// combat units (2.31) and leaders (2.32) and its set-up (3.0).
func TestScenarioLoads(t *testing.T) {
	st, err := New().NewGame("serpallen", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	m := s.board()
	if m.Cols != 30 || m.Rows != 14 || len(m.Hexes) != 420 {
		t.Errorf("map %dx%d with %d hexes", m.Cols, m.Rows, len(m.Hexes))
	}
	if got := s.terrain("1407"); got != "town" {
		t.Errorf("Serpallen (1407) is %q, want town", got)
	}
	if len(s.Units) != 24 || len(s.Leaders) != 22 {
		t.Errorf("%d units and %d leaders, want 24 and 22", len(s.Units), len(s.Leaders))
	}
	for _, u := range s.Units {
		if b := s.leader(u.Brigade); b == nil || b.Side != u.Side {
			t.Errorf("%s answers to %q, not a leader of its side", u.Name, u.Brigade)
		}
		if u.Type == "artillery" && u.Crew != CrewSteps(u.Strength) {
			t.Errorf("%s: %d guns manned by %d steps", u.Name, u.Strength, u.Crew)
		}
	}
	if s.HQ != [2]string{"0307", "2807"} || s.CP != [2]int{6, 3} || s.Morale != [2]int{10, 10} {
		t.Errorf("HQs %v, CP %v, morale %v", s.HQ, s.CP, s.Morale)
	}
	if s.Turn != 20 || s.Step != stepInterphase || s.Segment().Name != "Interphase" {
		t.Errorf("starts at %s", s.Segment().Label)
	}
}

// TestScenarioRefuses: a scenario file's mistakes are reported at once,
// each naming the unit or leader and the field.
func TestScenarioRefuses(t *testing.T) {
	data, err := scenarioData("serpallen")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.NewReplacer(
		`hex: "0803", facing: E`, `hex: "0803", facing: N`,
		`brigade: Grandeau, hex: "0805"`, `brigade: Nobody, hex: "0805"`,
		`level: corps, superior: Napoleon, hex: "0504"`, `level: marshal, superior: Napoleon, hex: "0504"`,
		`hex: "2203", facing: W`, `hex: "3103", facing: W`,
		`held: [Allied]`, `held: [Prussian]`,
	).Replace(string(data))
	_, err = LoadScenario("bad", []byte(bad))
	if err == nil {
		t.Fatal("a bad scenario loads")
	}
	for _, want := range []string{`unit 1/33 Ligne: facing "N"`, `unit 1/48 Ligne: brigade "Nobody"`, `leader Davout: level "marshal"`, `unit 1/Tula Musketeers: hex "3103" is not on the map`, `objective Anklappen: held by "Prussian"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
}

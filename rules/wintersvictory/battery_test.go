package wintersvictory

import (
	"testing"

	"galloper/rules"
)

// 9.41: "When losses are taken from a single fire or Shock Combat, the
// first lost is taken from the artillery battery and the second loss must
// be from the skirmish unit(s). Any additional losses are taken as the
// owning player chooses" (ruling R104: a decision request). The cases
// wr-032 and wr-033 play the first two; no result of the provisional pack
// the cases reach gives such a stack a third loss, so the choice is
// checked here.
func TestBatteryLossChoice(t *testing.T) {
	run := func(decisions []rules.Decision) (bat, sk *Unit, paused bool) {
		data, err := scenarioData("serpallen")
		if err != nil {
			t.Fatal(err)
		}
		s, err := LoadScenario("serpallen", data)
		if err != nil {
			t.Fatal(err)
		}
		s.unit("Position Battery 5").Formation = "unlimbered"
		c := newCompany(s.unit("1/Jaeger 20"), "1/Jaeger 20 Sk1", 2)
		c.Hex = s.unit("Position Battery 5").Hex
		s.Units = append(s.Units, c)
		bat, sk = s.unit("Position Battery 5"), s.unit("1/Jaeger 20 Sk1")
		r := New().newRun(s, &rules.ForcedDice{}, decisions)
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(pause); !ok {
					panic(p)
				}
				paused = true
			}
		}()
		r.batteryLoss(bat, 3, "WV 9.41")
		return bat, sk, false
	}
	if _, _, paused := run(nil); !paused {
		t.Error("a third loss with no answer: want a decision request")
	}
	for choice, want := range map[string][2]int{"battery": {6, 1}, "skirmish": {7, 0}} {
		bat, sk, paused := run([]rules.Decision{{Key: "battery loss Position Battery 5 #1", Side: SideAllied, Choice: choice}})
		if paused || bat.Strength != want[0] || sk.Strength != want[1] {
			t.Errorf("%s: battery %d guns, company %d SP (paused %v), want %d and %d", choice, bat.Strength, sk.Strength, paused, want[0], want[1])
		}
	}
}

package gbacw

import (
	"strings"
	"testing"
	"testing/fstest"

	"galloper/rules"
	"galloper/rules/rulestest"
)

// TestCounterchargeContinues: cavalry that countercharged "may Continue
// Shock after an Attacker Retreats result" (11.56), whether or not the
// Shock Resolution Table lets the defender continue. The provisional
// table's only Attacker Retreats result (1 or less) lets every defender
// continue, so the cases play on a pack whose 1-or-less row says only
// "attacker retreats 1": the countercharging Riders are asked, the
// infantry shocked by Yanks is not.
func TestCounterchargeContinues(t *testing.T) {
	const row = `"..1":  ["attacker-retreat-1 defender-may-continue"]`
	data := string(ProvisionalPackData())
	if !strings.Contains(data, row) {
		t.Fatalf("the provisional pack has no row %s", row)
	}
	pack, err := rules.ParseChartPack("retreat-only.yaml", []byte(strings.Replace(data, row, `"..1":  ["attacker-retreat-1"]`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	cases := `CASE cc-101 11.56
STATE
unit Troopers brigade=B_Brigade kind=cavalry hex=0407 face=0807 sp=4
unit Riders brigade=Jones kind=cavalry hex=0807 face=0707 sp=4
leader Baxter hex=0407
orders B Brigade Attack
orders Jones Attack
standing CSA PRESHOCK NEVER
standing CSA CONTINUE NEVER
ORDERS
UNIT Troopers: TOWARD 0707 THEN CHARGE
DICE 1 1
ACTIVATE B Brigade
EXPECT-EVENTS
countercharge: Riders countercharges Troopers
shock-result: Shock of Troopers (8 half-SPs) at Riders (8 half-SPs): rolled 0 +0 Shock Ratio 1-1 -1 no brigadier with the shocking units = -1: [attacker-retreat-1]
decision: Continued Shock: Riders, the defender, may shock its attacker in turn. Continue?: NO

CASE cc-102 11.47
STATE
unit Yanks brigade=B_Brigade hex=0707 face=0807
unit Rebs brigade=Archer hex=0807 face=0707
leader Baxter hex=0707
orders B Brigade Attack
standing CSA PRESHOCK NEVER
standing CSA CONTINUE NEVER
ORDERS
UNIT Yanks: SHOCK
DICE 1 1
ACTIVATE B Brigade
EXPECT-EVENTS
shock-result: Shock of Yanks (10 half-SPs) at Rebs (10 half-SPs): rolled 0 +0 Shock Ratio 1-1 = 0: [attacker-retreat-1]
retreat: Yanks retreats from 0707
EXPECT-NO-EVENT decision
`
	fsys := fstest.MapFS{"pack/retreat.case": {Data: []byte(cases)}}
	rulestest.RunCorpus(t, packHarness{pack: pack}, fsys, "pack")
}

// packHarness runs cases on a chart pack of their own.
type packHarness struct {
	harness
	pack *rules.ChartPack
}

func (h packHarness) NewCase(run *rulestest.Run) rulestest.CaseHooks {
	return &packCase{caseRun: &caseRun{Run: run, scenario: "field"}, pack: h.pack}
}

type packCase struct {
	*caseRun
	pack *rules.ChartPack
}

func (c *packCase) Build() rules.State {
	st := c.caseRun.Build().(*State)
	st.Pack = c.pack
	return st
}

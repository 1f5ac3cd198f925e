package mail_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"galloper/adjudicator"
	"galloper/rules"
	"galloper/rules/lob"
)

// setAsker is Line of Battle whose CSA player turns stop for a set of
// three requests at once: two for CSA and one for USA.
type setAsker struct{ rules.System }

func (setAsker) ID() string { return "test.set" }

func (s setAsker) Resolve(in rules.Input) (rules.Result, error) {
	in.Dice.Roll(6, "LoB 6.3", "before the questions")
	if in.State.Segment().Name != "CSA" {
		return s.System.Resolve(in)
	}
	chosen := map[string]bool{}
	for _, d := range in.Decisions {
		chosen[d.Key] = true
	}
	var ask []rules.DecisionRequest
	for _, q := range []rules.DecisionRequest{
		{Key: "flank:Hood", Side: "CSA", Question: "Which flank does Hood refuse?", Options: []string{"Left", "Right"}, Default: "Left"},
		{Key: "guns:Pegram", Side: "CSA", Question: "Where do Pegram's guns go?", Options: []string{"Ridge", "Road"}, Default: "Ridge"},
		{Key: "stand:Barton", Side: "USA", Question: "Where does Barton stand?", Options: []string{"Mill", "Ford"}, Default: "Mill"},
	} {
		if !chosen[q.Key] {
			q.Rule = "LoB 6.3"
			ask = append(ask, q)
		}
	}
	if len(ask) > 0 {
		return rules.Result{Pauses: ask}, nil
	}
	return s.System.Resolve(in)
}

// TestDecisionSetDocument: when a segment stops for several requests at
// once, the document of every decision mail lists all of the pending
// requests of its side (and only those), the first mail as well as the
// last, so a bot answers the whole set from any one of them.
func TestDecisionSetDocument(t *testing.T) {
	r := newRig(t)
	r.d.Adj.UseSystem(setAsker{lob.New()})
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "set", System: "test.set", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"},
			{Side: "UMPIRE", Email: umpAddr, Password: "whistle"}}})
	if err != nil {
		t.Fatal(err)
	}
	r.send(csaAddr, "t1", strings.Replace(csaTurn1, "GAME creek", "GAME set", 1))
	r.cycle()
	keys := func(d rules.MailDoc) string {
		var ks []string
		for _, q := range d.Decisions {
			ks = append(ks, q.Key)
		}
		return strings.Join(ks, ", ")
	}
	csa, _ := r.docsTo(csaAddr, "Decision needed: set")
	usa, _ := r.docsTo(usaAddr, "Decision needed: set")
	ump, _ := r.docsTo(umpAddr, "Decision needed: set")
	if len(csa) != 2 || len(usa) != 1 || len(ump) != 3 {
		t.Fatalf("decision mails: CSA %d, USA %d, umpire %d; want 2, 1, 3", len(csa), len(usa), len(ump))
	}
	for i, d := range csa {
		if got := keys(d); got != "flank:Hood, guns:Pegram" {
			t.Errorf("CSA's decision mail %d lists %q, want both of CSA's requests", i+1, got)
		}
	}
	if got := keys(usa[0]); got != "stand:Barton" {
		t.Errorf("USA's decision mail lists %q, want USA's request only", got)
	}
	for i, d := range ump {
		if got := keys(d); got != "flank:Hood, guns:Pegram, stand:Barton" {
			t.Errorf("the umpire's decision mail %d lists %q, want the whole set", i+1, got)
		}
	}
	// Answering from the first mail's document alone completes the set.
	for _, q := range csa[0].Decisions {
		r.send(csaAddr, "a"+q.Key, "GAME set\nSIDE CSA\nPASSWORD tulip\nDECIDE "+strconv.Itoa(q.Seq)+" "+q.Default+"\n")
	}
	r.send(usaAddr, "a", "GAME set\nSIDE USA\nPASSWORD oak\nDECIDE "+strconv.Itoa(usa[0].Decisions[0].Seq)+" Ford\n")
	r.cycle()
	if g := r.game("set"); g.SegmentIndex != 1 {
		t.Fatalf("after the set was answered the game is at segment %d, want 1", g.SegmentIndex)
	}
}

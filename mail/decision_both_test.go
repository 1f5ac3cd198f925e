package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/rules"
	"galloper/rules/lob"
)

// bothAsker is Line of Battle with one secret choice both sides make at
// once, as Winter's Victory and GBACW have after a draw or a roll: after
// its first roll, each CSA player turn asks CSA which flank Hood refuses
// and USA where Barton stands, in one set of requests. Once both answers
// are in, the turn resolves and a public event tells both choices.
type bothAsker struct{ rules.System }

const (
	flankKey = "flank:Hood"
	standKey = "stand:Barton"
)

func (bothAsker) ID() string { return "test.both" }

func (s bothAsker) Resolve(in rules.Input) (rules.Result, error) {
	in.Dice.Roll(6, "LoB 6.3", "before the question")
	if in.State.Segment().Name != "CSA" {
		return s.System.Resolve(in)
	}
	chosen := map[string]string{}
	for _, d := range in.Decisions {
		chosen[d.Key] = d.Choice
	}
	var ask []rules.DecisionRequest
	if chosen[flankKey] == "" {
		ask = append(ask, rules.DecisionRequest{Key: flankKey, Side: "CSA", Rule: "LoB 6.3",
			Question: "Which flank does Hood refuse?", Options: []string{"Refuse the left flank", "Refuse the right flank"},
			Default: "Refuse the left flank"})
	}
	if chosen[standKey] == "" {
		ask = append(ask, rules.DecisionRequest{Key: standKey, Side: "USA", Rule: "LoB 6.3",
			Question: "Where does Barton stand?", Options: []string{"Stand at the mill", "Fall back to the ford"},
			Default: "Stand at the mill"})
	}
	if len(ask) > 0 {
		return rules.Result{Pauses: ask}, nil
	}
	res, err := s.System.Resolve(in)
	res.Events = append(res.Events, rules.Event{Kind: "secret-choices", Rule: "LoB 6.3",
		Text: "Revealed: " + chosen[flankKey] + "; " + chosen[standKey] + "."})
	return res, err
}

// bothGame creates a game of the two-sided asking system on the rig and
// sends CSA's first orders, which stop the turn for both decisions.
func (r *rig) bothGame(id string) {
	r.t.Helper()
	r.d.Adj.UseSystem(bothAsker{lob.New()})
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: id, System: "test.both", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"},
			{Side: "UMPIRE", Email: umpAddr, Password: "whistle"}}})
	if err != nil {
		r.t.Fatal(err)
	}
	r.send(csaAddr, "t1", strings.Replace(csaTurn1, "GAME creek", "GAME "+id, 1))
	r.cycle()
}

// TestDecisionsBothSides: a turn that stops for a secret choice by each
// side mails each side only its own request (the umpire both); the first
// answer is stored and kept from the other side, and nothing resolves;
// neither side may answer the other's request; the second answer resolves
// the turn from its start, and each side's report tells it its own
// decision only, before the public event reveals both; the stored answers
// replay the segment.
func TestDecisionsBothSides(t *testing.T) {
	r := newRig(t)
	r.bothGame("both")
	csaReq, usaReq := r.mailsTo(csaAddr, "Decision needed: both"), r.mailsTo(usaAddr, "Decision needed: both")
	if len(csaReq) != 1 || len(usaReq) != 1 {
		t.Fatalf("decision requests: CSA got %d, USA %d; want one each", len(csaReq), len(usaReq))
	}
	if !strings.Contains(csaReq[0], "Which flank does Hood refuse?") || strings.Contains(csaReq[0], "Barton stand") ||
		!strings.Contains(csaReq[0], "DECIDE 1 ") {
		t.Errorf("CSA's request:\n%s", csaReq[0])
	}
	if !strings.Contains(usaReq[0], "Where does Barton stand?") || strings.Contains(usaReq[0], "Hood refuse") ||
		!strings.Contains(usaReq[0], "DECIDE 2 ") {
		t.Errorf("USA's request:\n%s", usaReq[0])
	}
	if n := len(r.mailsTo(umpAddr, "Decision needed: both")); n != 2 {
		t.Errorf("the umpire got %d requests, want both", n)
	}

	r.send(csaAddr, "meddle", "GAME both\nSIDE CSA\nPASSWORD tulip\nDECIDE 2 2\n")
	r.send(csaAddr, "answer", "GAME both\nSIDE CSA\nPASSWORD tulip\nDECIDE 1 2\n")
	r.cycle()
	if got := r.mailsTo(csaAddr, "Re: meddle"); len(got) != 1 || !strings.Contains(got[0], "decision 2 is for USA to take") {
		t.Errorf("reply to CSA answering USA's decision: %q", got)
	}
	if got := r.mailsTo(csaAddr, "DECIDE: both"); len(got) != 1 || !strings.Contains(got[0], "Decision 1 recorded: Refuse the right flank") {
		t.Fatalf("reply to CSA's DECIDE: %q", got)
	}
	if g := r.game("both"); g.SegmentIndex != 0 {
		t.Fatalf("the turn resolved with USA's decision still out (segment %d)", g.SegmentIndex)
	}
	if n := len(r.mailsTo(csaAddr, "Results: both")) + len(r.mailsTo(usaAddr, "Results: both")); n != 0 {
		t.Fatalf("%d result mails before every decision was in", n)
	}
	r.send(usaAddr, "status", "GAME both\nSIDE USA\nPASSWORD oak\nSTATUS\n")
	r.send(usaAddr, "wrong", "GAME both\nSIDE USA\nPASSWORD oak\nDECIDE 1 1\n")
	r.cycle()
	if got := r.mailsTo(usaAddr, "Re: wrong"); len(got) != 1 || !strings.Contains(got[0], "decision 1 is for CSA to take") {
		t.Errorf("reply to USA answering CSA's decision: %q", got)
	}
	for _, m := range r.mailsTo(usaAddr, "") {
		if strings.Contains(m, "right flank") || strings.Contains(m, "Hood refuse") {
			t.Fatalf("USA was told of CSA's secret request or answer before resolution:\n%s", m)
		}
	}

	r.send(usaAddr, "answer", "GAME both\nSIDE USA\nPASSWORD oak\nDECIDE 2 fall\n")
	r.cycle()
	if got := r.mailsTo(usaAddr, "DECIDE: both"); len(got) != 1 || !strings.Contains(got[0], "Decision 2 recorded: Fall back to the ford") {
		t.Fatalf("reply to USA's DECIDE: %q", got)
	}
	if g := r.game("both"); g.SegmentIndex != 1 {
		t.Fatalf("after both answers the game is at segment %d, want 1", g.SegmentIndex)
	}
	csa, usa := r.mailsTo(csaAddr, "Results: both"), r.mailsTo(usaAddr, "Results: both")
	if len(csa) != 1 || len(usa) != 1 {
		t.Fatalf("results: CSA %d, USA %d", len(csa), len(usa))
	}
	reveal := "Revealed: Refuse the right flank; Fall back to the ford."
	if !strings.Contains(csa[0], "Decision 1, Which flank does Hood refuse?: Refuse the right flank (chosen by CSA)") ||
		strings.Contains(csa[0], "Decision 2,") || !strings.Contains(csa[0], reveal) {
		t.Errorf("CSA's results:\n%s", csa[0])
	}
	if !strings.Contains(usa[0], "Decision 2, Where does Barton stand?: Fall back to the ford (chosen by USA)") ||
		strings.Contains(usa[0], "Decision 1,") || !strings.Contains(usa[0], reveal) {
		t.Errorf("USA's results:\n%s", usa[0])
	}
	// The stored answers replay the segment bit for bit.
	if res, err := r.d.Adj.Replay(context.Background(), "both"); err != nil || res.Segments != 1 {
		t.Fatalf("replay: %+v, %v", res, err)
	}
}

// TestDecisionsBothSidesDeadline: when one side answers and the other does
// not, the turn waits until the window has passed, then takes the
// default for the side that did not answer and resolves.
func TestDecisionsBothSidesDeadline(t *testing.T) {
	r := newRig(t)
	r.bothGame("both")
	r.send(usaAddr, "answer", "GAME both\nSIDE USA\nPASSWORD oak\nDECIDE 2 fall\n")
	r.cycle()
	r.clock = r.clock.Add(adjudicator.DefaultDecisionWindow - time.Minute)
	r.cycle()
	if g := r.game("both"); g.SegmentIndex != 0 {
		t.Fatal("the default was taken before the deadline")
	}
	r.clock = r.clock.Add(2 * time.Minute)
	r.cycle()
	if g := r.game("both"); g.SegmentIndex != 1 {
		t.Fatalf("after the deadline the game is at segment %d, want 1", g.SegmentIndex)
	}
	csa := r.mailsTo(csaAddr, "Results: both")
	if len(csa) != 1 || !strings.Contains(csa[0], "Refuse the left flank (the default, taken when no answer came by the deadline)") ||
		!strings.Contains(csa[0], "Revealed: Refuse the left flank; Fall back to the ford.") {
		t.Fatalf("CSA's results: %q", csa)
	}
}

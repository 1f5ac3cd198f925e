package mail_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/rules"
	"galloper/rules/dice"
	"galloper/rules/lob"
)

// asker is Line of Battle with one extra choice that no standing order
// covers: after its first roll, each CSA player turn asks USA where Barton
// retreats. It stands for any system reaction that needs a decision
// request, so that the mail side can be tested before one needs it.
type asker struct{ rules.System }

const askKey = "retreat:Barton"

func (asker) ID() string { return "test.ask" }

func (s asker) Resolve(in rules.Input) (rules.Result, error) {
	first := in.Dice.Roll(6, "LoB 6.3", "before the question")
	if in.State.Segment().Name != "CSA" {
		return s.System.Resolve(in)
	}
	var choice string
	for _, d := range in.Decisions {
		if d.Key == askKey && d.Side == "USA" {
			choice = d.Choice
		}
	}
	if choice == "" {
		return rules.Result{Pauses: []rules.DecisionRequest{{Key: askKey, Side: "USA", Rule: "LoB 6.3",
			Question: fmt.Sprintf("Where does Barton retreat (first roll %d)?", first),
			Options:  []string{"North by the Mill Road", "East into the woods"}, Default: "North by the Mill Road"}}}, nil
	}
	res, err := s.System.Resolve(in)
	res.Events = append(res.Events, rules.Event{Kind: "retreat", Rule: "LoB 6.3", Text: "Barton retreats: " + choice + "."})
	return res, err
}

// askGame creates a game of the asking system on the rig.
func (r *rig) askGame(id string) {
	r.t.Helper()
	r.d.Adj.UseSystem(asker{lob.New()})
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: id, System: "test.ask", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"},
			{Side: "UMPIRE", Email: umpAddr, Password: "whistle"}}})
	if err != nil {
		r.t.Fatal(err)
	}
}

var firstRoll = regexp.MustCompile(`first roll (\d)`)

// TestDecisionRequest: a choice no standing order covers stops the
// segment; the side asked gets the options, the default, a deadline and
// the map;
// the segment's orders are closed meanwhile; only that side (or the
// umpire) may answer, with a valid option; the answer resolves the
// segment from its start with the same dice, and the journal and report
// say what was decided.
func TestDecisionRequest(t *testing.T) {
	r := newRig(t)
	r.askGame("ask")
	turn1 := strings.Replace(csaTurn1, "GAME creek", "GAME ask", 1)
	r.send(csaAddr, "t1", turn1)
	r.cycle()
	req := r.mailsTo(usaAddr, "Decision needed: ask")
	if len(req) != 1 {
		t.Fatalf("USA got %d decision requests, want 1", len(req))
	}
	for _, want := range []string{"Where does Barton retreat", "1. North by the Mill Road   (default)", "2. East into the woods", "DECIDE 1 ", "LoB 6.3"} {
		if !strings.Contains(req[0], want) {
			t.Errorf("decision request lacks %q:\n%s", want, req[0])
		}
	}
	// The request carries the map of the game as it stands, inline and
	// whole.
	if maps := r.mapsTo(usaAddr, "Decision needed: ask"); len(maps) != 1 || maps[0]["inline PNG"] == "" || maps[0]["-USA.svg.zip"] == "" {
		t.Errorf("the decision request's maps: %d mails, want one with an inline PNG and the whole map", len(maps))
	}
	if n := len(r.mailsTo(umpAddr, "Decision needed: ask")); n != 1 {
		t.Errorf("the umpire got %d copies of the request, want 1", n)
	}
	if n := len(r.mailsTo(csaAddr, "Decision needed: ask")); n != 0 {
		t.Errorf("CSA got %d copies of USA's decision request", n)
	}
	if n := len(r.mailsTo(csaAddr, "Results: ask")); n != 0 {
		t.Fatalf("results went out before the decision: %d mails", n)
	}
	m := firstRoll.FindStringSubmatch(req[0])
	if m == nil {
		t.Fatalf("no first roll in the request:\n%s", req[0])
	}
	asked, _ := strconv.Atoi(m[1])

	r.send(csaAddr, "again", strings.Replace(turn1, "Take the mill", "Hold the mill", 1))
	r.send(csaAddr, "meddle", "GAME ask\nSIDE CSA\nPASSWORD tulip\nDECIDE 1 2\n")
	r.send(usaAddr, "typo", "GAME ask\nSIDE USA\nPASSWORD oak\nDECIDE 1 west\n")
	r.send(usaAddr, "wrong", "GAME ask\nSIDE USA\nPASSWORD oak\nDECIDE 2 1\n")
	r.cycle()
	for _, c := range []struct{ addr, subject, want string }{
		{csaAddr, "Re: again", "waits for USA's decision 1"},
		{csaAddr, "Re: meddle", "decision 1 is for USA to take"},
		{usaAddr, "Re: typo", `"west" is not one of the options: 1. North by the Mill Road; 2. East into the woods`},
		{usaAddr, "Re: wrong", "waiting for decision 1"},
	} {
		if got := r.mailsTo(c.addr, c.subject); len(got) != 1 || !strings.Contains(got[0], c.want) {
			t.Errorf("reply to %s: %q, want it to say %q", c.subject, got, c.want)
		}
	}
	if g := r.game("ask"); g.SegmentIndex != 0 {
		t.Fatalf("the game moved to segment %d on refused answers", g.SegmentIndex)
	}

	r.send(usaAddr, "answer", "GAME ask\nSIDE USA\nPASSWORD oak\nDECIDE 1 east\n")
	r.cycle()
	if got := r.mailsTo(usaAddr, "DECIDE: ask"); len(got) != 1 || !strings.Contains(got[0], "Decision 1 recorded: East into the woods") {
		t.Fatalf("reply to DECIDE: %q", got)
	}
	if g := r.game("ask"); g.SegmentIndex != 1 {
		t.Fatalf("after the answer the game is at segment %d, want 1", g.SegmentIndex)
	}
	res := r.mailsTo(umpAddr, "Results: ask")
	if len(res) != 1 || !strings.Contains(res[0], "Barton retreats: East into the woods.") {
		t.Fatalf("umpire's results: %q", res)
	}
	usa := r.mailsTo(usaAddr, "Results: ask")
	if len(usa) != 1 || !strings.Contains(usa[0], "Decision 1, Where does Barton retreat") || !strings.Contains(usa[0], "chosen by USA") {
		t.Fatalf("USA's results do not report the decision: %q", usa)
	}
	if csa := r.mailsTo(csaAddr, "Results: ask"); len(csa) != 1 || strings.Contains(csa[0], "Decision 1,") {
		t.Fatalf("CSA's results show USA's decision, or are missing: %q", csa)
	}
	recs, err := dice.ParseRecords(r.textsTo(umpAddr, "Results: ask")[0])
	if err != nil || len(recs) != 1 {
		t.Fatalf("dice records in the umpire's results: %d, %v", len(recs), err)
	}
	if rolls := recs[0].Rolls; len(rolls) == 0 || rolls[0].Result != asked {
		t.Fatalf("the resolved segment's first roll is %v, the roll before the question was %d", rolls, asked)
	}
	if err := dice.VerifyRecords(r.game("ask").DiceHead, recs); err != nil {
		t.Fatalf("the record does not verify: %v", err)
	}
	var decided bool
	for _, e := range r.journal("ask") {
		decided = decided || (e.Kind == "decision" && strings.Contains(e.Body, "East into the woods"))
	}
	if !decided {
		t.Fatal("the journal has no decision event")
	}
}

// TestDecisionDeadline: with no answer, the default is taken once the
// decision window has passed, and the report says so.
func TestDecisionDeadline(t *testing.T) {
	r := newRig(t)
	r.askGame("ask")
	r.send(csaAddr, "t1", strings.Replace(csaTurn1, "GAME creek", "GAME ask", 1))
	r.cycle()
	if n := len(r.mailsTo(usaAddr, "Decision needed: ask")); n != 1 {
		t.Fatalf("%d decision requests", n)
	}
	r.clock = r.clock.Add(adjudicator.DefaultDecisionWindow - time.Minute)
	r.cycle()
	if g := r.game("ask"); g.SegmentIndex != 0 {
		t.Fatal("the default was taken before the deadline")
	}
	r.clock = r.clock.Add(2 * time.Minute)
	r.cycle()
	if g := r.game("ask"); g.SegmentIndex != 1 {
		t.Fatalf("after the deadline the game is at segment %d, want 1", g.SegmentIndex)
	}
	usa := r.mailsTo(usaAddr, "Results: ask")
	if len(usa) != 1 || !strings.Contains(usa[0], "North by the Mill Road (the default, taken when no answer came by the deadline)") {
		t.Fatalf("USA's results: %q", usa)
	}
}

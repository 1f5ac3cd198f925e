package gbtext

import (
	"strings"
	"testing"

	"galloper/orders"
	"galloper/orders/orderstest"
)

// FuzzParse checks the parse, print and parse round trip (orders.RoundTrip).
func FuzzParse(f *testing.F) { orderstest.Fuzz(f, Dialect) }

func TestSamplesParseClean(t *testing.T) { orderstest.Samples(t, Dialect, Samples, 4) }

func TestCanonicalForms(t *testing.T) {
	for in, want := range map[string]string{
		"efficiency  II Corps +1":                              "EFFICIENCY II Corps +1",
		"bonus 1st Division +2":                                "BONUS 1st Division +2",
		"transfer 2nd Division from 1st Division,3rd Division": "TRANSFER 2nd Division FROM 1st Division, 3rd Division",
		"hold back Rodes 2":                                    "HOLD BACK Rodes 2",
		"skip  Iron Brigade 3":                                 "SKIP Iron Brigade 3",
		"orders Iron Brigade attack":                           "ORDERS Iron Brigade ATTACK",
		"reserve  Davis":                                       "RESERVE Davis",
		"sequence heth:davis,  archer":                         "SEQUENCE heth: davis, archer",
		"first march":                                          "FIRST MARCH",
		"first 1st Division":                                   "FIRST 1st Division",
		"brigade Archer: change attack if within 4 and not disordered": "BRIGADE Archer: CHANGE ATTACK IF WITHIN 4 AND NOT DISORDERED",
		"unit 2nd Wisconsin: if adjacent fire then shock;toward 0608":  "UNIT 2nd Wisconsin: IF ADJACENT FIRE THEN SHOCK; TOWARD 0608",
		"unit X: fire 4th Alabama; move 0506 0507":                     "UNIT X: FIRE 4th Alabama; MOVE 0506 0507",
		"build  6th Wisconsin facing 0606":                             "BUILD 6th Wisconsin FACING 0606",
		"build 6th Wisconsin":                                          "BUILD 6th Wisconsin",
		"rest  Iron Brigade":                                           "REST Iron Brigade",
		"unit 1st Maine Cavalry: dismount then toward 0608":            "UNIT 1st Maine Cavalry: DISMOUNT THEN TOWARD 0608",
		"unit 1st Maine Cavalry: if not adjacent mount; fire":          "UNIT 1st Maine Cavalry: IF NOT ADJACENT MOUNT; FIRE",
		"unit X: turn left then fire; turn right":                      "UNIT X: TURN LEFT THEN FIRE; TURN RIGHT",
		"unit X: if adjacent withdraw 0406 0306;withdraw":              "UNIT X: IF ADJACENT WITHDRAW 0406 0306; WITHDRAW",
		"leader Meredith:  with 2nd  Wisconsin":                        "LEADER Meredith: WITH 2nd Wisconsin",
		"leader Meredith: toward 0605":                                 "LEADER Meredith: TOWARD 0605",
		"unit X: top then fire":                                        "UNIT X: TOP THEN FIRE",
		"attach hall's battery to  iron brigade":                       "ATTACH hall's battery TO iron brigade",
		"leader Meredith:  toward 0605":                                "LEADER Meredith: TOWARD 0605",
		"leader Meredith: first toward 0605":                           "LEADER Meredith: FIRST TOWARD 0605",
		"replace Meredith:with  6th Wisconsin":                         "REPLACE Meredith: WITH 6th Wisconsin",
		"unit X: if disordered rally right; rally":                     "UNIT X: IF DISORDERED RALLY RIGHT; RALLY",
		"unit X: extend both then fire 4th Alabama from 0506 0507":     "UNIT X: EXTEND BOTH THEN FIRE 4th Alabama FROM 0506 0507",
		"unit X: fire from 0506; retract":                              "UNIT X: FIRE FROM 0506; RETRACT",
		"unit X: rally then face 0506":                                 "UNIT X: RALLY THEN FACE 0506",
		"unit X: pivot right then fire":                                "UNIT X: PIVOT RIGHT THEN FIRE",
		"unit X: wrap then shock Y":                                    "UNIT X: WRAP THEN SHOCK Y",
		"unit X: fire Y with  battery c,battery d":                     "UNIT X: FIRE Y WITH battery c, battery d",
		"unit X: fire section 2 1 then fire Y section 3":               "UNIT X: FIRE SECTION 2 1 THEN FIRE Y SECTION 3",
		"unit X: fire Y section 1 with Z":                              "UNIT X: FIRE Y SECTION 1 WITH Z",
		"unit X: split  Y":                                             "UNIT X: SPLIT Y",
		"unit X: split Y,Z":                                            "UNIT X: SPLIT Y, Z",
		"unit X: split Y section 2 1 , Z section 3":                    "UNIT X: SPLIT Y SECTION 2 1, Z SECTION 3",
		"unit X: split":                                                "UNIT X: SPLIT",
		"unit X: split y section 1,y section 2, z section 3":           "UNIT X: SPLIT y SECTION 1, y SECTION 2, z SECTION 3",
	} {
		f, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + in + "\n")
		if len(ps) != 0 {
			t.Errorf("%q: %+v", in, ps)
			continue
		}
		if got := strings.TrimSpace(orders.FormatOrders(f, Dialect)); got != want {
			t.Errorf("%q printed %q, want %q", in, got, want)
		}
	}
}

func TestProblems(t *testing.T) {
	for in, code := range map[string]string{
		"EFFICIENCY II Corps +2":                   CodeBadValue,
		"BONUS 1st Division":                       CodeBadValue,
		"TRANSFER 2nd Division":                    CodeNoFrom,
		"TRANSFER A FROM B, C, D":                  CodeNoFrom,
		"HOLD BACK Rodes 9":                        CodeBadHoldBak,
		"HOLD Rodes 1":                             CodeBadHoldBak,
		"ORDERS Iron Brigade CHARGE":               CodeBadValue,
		"RESERVE":                                  CodeNoName,
		"SEQUENCE Heth":                            CodeNoClause,
		"SEQUENCE Heth: Davis,":                    CodeNoName,
		"SEQUENCE : Davis":                         CodeNoName,
		"BRIGADE Archer: CHANGE MARCH":             CodeBadClause,
		"BRIGADE Archer":                           CodeNoClause,
		"UNIT X: IF SOON FIRE":                     CodeBadClause,
		"UNIT X: TOWARD 68":                        CodeBadClause,
		"UNIT X: IF WITHIN FIRE":                   CodeBadClause,
		"UNIT X: FIRE;":                            CodeNoClause,
		"UNIT X":                                   CodeNoClause,
		"RETURN FIRE FULL":                         orders.CodeOutsideStanding,
		"BUILD 6th Wisconsin FACING 66":            CodeBadHex,
		"BUILD 6th Wisconsin FACING":               CodeBadHex,
		"BUILD":                                    CodeNoName,
		"REST":                                     CodeNoName,
		"SKIP Iron Brigade 5":                      CodeBadValue,
		"SKIP Iron Brigade":                        CodeBadValue,
		"SKIP 2":                                   CodeBadValue,
		"UNIT X: DISMOUNT 0608":                    CodeBadClause,
		"UNIT X: MOUNT FAST":                       CodeBadClause,
		"UNIT X: TURN UP THEN FIRE":                CodeBadClause,
		"UNIT X: TURN":                             CodeBadClause,
		"UNIT X: WITHDRAW 0406 0306 0206":          CodeBadClause,
		"UNIT X: WITHDRAW 46":                      CodeBadClause,
		"LEADER Meredith: WITH":                    CodeBadClause,
		"UNIT X: TOP 0406":                         CodeBadClause,
		"ATTACH Hall's Battery":                    CodeBadValue,
		"LEADER Meredith: FIRST 0605":              CodeBadClause,
		"LEADER Meredith: TOWARD 0605 FIRST":       CodeBadClause,
		"LEADER Meredith: FIRST FIRST TOWARD 0605": CodeBadClause,
		"REPLACE Meredith":                         CodeNoClause,
		"UNIT X: RALLY AROUND":                     CodeBadClause,
		"UNIT X: RALLY LEFT RIGHT":                 CodeBadClause,
		"REPLACE Meredith: 6th Wisconsin":          CodeBadClause,
		"REPLACE Meredith: WITH":                   CodeBadClause,
		"REPLACE : WITH 6th Wisconsin":             CodeNoName,
		"UNIT X: EXTEND FORWARD":                   CodeBadClause,
		"UNIT X: RETRACT LEFT":                     CodeBadClause,
		"UNIT X: FACE":                             CodeBadClause,
		"UNIT X: PIVOT":                            CodeBadClause,
		"UNIT X: WRAP Y":                           CodeBadClause,
		"UNIT X: FACE 0506 0507":                   CodeBadClause,
		"UNIT X: FIRE Y FROM":                      CodeBadClause,
		"UNIT X: FIRE Y FROM 77":                   CodeBadClause,
		"UNIT X: FIRE Y WITH":                      CodeBadClause,
		"UNIT X: FIRE Y WITH A,":                   CodeBadClause,
		"UNIT X: FIRE Y WITH A WITH B":             CodeBadClause,
		"UNIT X: FIRE Y SECTION":                   CodeBadClause,
		"UNIT X: FIRE Y SECTION first":             CodeBadClause,
		"UNIT X: FIRE Y SECTION 1 1":               CodeBadClause,
		"UNIT X: FIRE Y SECTION 0":                 CodeBadClause,
		"UNIT X: SPLIT Y FROM 0506":                CodeBadClause,
		"UNIT X: SPLIT Y WITH Z":                   CodeBadClause,
		"UNIT X: SPLIT SECTION 1, Z":               CodeBadClause,
		"UNIT X: SPLIT Y,":                         CodeBadClause,
	} {
		_, ps := Parse("GAME g\nSIDE USA\nTURN 1\n" + in + "\n")
		if len(ps) != 1 || ps[0].Code != code {
			t.Errorf("%q: problems %+v, want one %s", in, ps, code)
		}
	}
}

// Every reaction of the table reads in a STANDING block.
func TestStandingReads(t *testing.T) {
	var b strings.Builder
	for _, r := range Reactions.Reactions {
		b.WriteString(r.Example + "\n")
	}
	f, ps := Parse("GAME g\nSIDE USA\nTURN 1\nSTANDING\n" + b.String() + "END\n")
	if len(ps) != 0 {
		t.Fatalf("problems: %+v", ps)
	}
	st := f.Orders[0].(*orders.Standing)
	if len(st.Reactions) != len(Reactions.Reactions) {
		t.Fatalf("%d reactions read, want %d", len(st.Reactions), len(Reactions.Reactions))
	}
}

// BREAK OFF CHARGE (11.57) reads in a STANDING block, and an option it
// does not have is refused by name.
func TestBreakOffCharge(t *testing.T) {
	f, ps := Parse("GAME g\nSIDE USA\nTURN 1\nSTANDING\nBREAK OFF CHARGE YES\nEND\n")
	if len(ps) != 0 {
		t.Fatalf("problems: %+v", ps)
	}
	if r := f.Orders[0].(*orders.Standing).Reactions[0]; r.Kind != RBreakOff || r.Choices[0].Text != "TRY" {
		t.Errorf("read %+v, want %s TRY", r, RBreakOff)
	}
	_, ps = Parse("GAME g\nSIDE USA\nTURN 1\nSTANDING\nBREAK OFF CHARGE MAYBE\nEND\n")
	if len(ps) != 1 || ps[0].Code != orders.CodeBadChoice || !strings.Contains(ps[0].Message, "BREAKOFF") && !strings.Contains(ps[0].Message, "BREAK OFF") {
		t.Errorf("problems %+v, want one %s naming the reaction", ps, orders.CodeBadChoice)
	}
}

// SHOCK ORDER (11.41) reads in a STANDING block; a direction it does not
// have is refused.
func TestShockOrder(t *testing.T) {
	checkStanding(t, "SHOCK ORDER RIGHT TO LEFT", RShockOrder, "RIGHT", "SHOCK ORDER UPWARD")
}

// REACTION MOVE TWO (9.63: one or two hexes) reads in a STANDING block,
// survives the print and parse round trip, and an option it does not
// have is refused.
func TestReactionMoveTwo(t *testing.T) {
	for _, in := range []string{"REACTION MOVE TWO", "REACTION MOVE RETIRE TWO", "REACTION MOVE TWO HEXES"} {
		checkStanding(t, in, REvade, "TWO", "REACTION MOVE THREE")
	}
}

// FIRE BEFORE REACTION MOVE (9.63) reads in a STANDING block, and an
// option it does not have is refused.
func TestFireBeforeReactionMove(t *testing.T) {
	checkStanding(t, "FIRE BEFORE REACTION MOVE YES", RGunsFirst, "ALWAYS", "FIRE BEFORE REACTION MOVE SOMETIMES")
}

// FACING AFTER ADVANCE (11.46, 12.6) reads in a STANDING block; a choice
// it does not have is refused.
func TestFacingAfterAdvance(t *testing.T) {
	checkStanding(t, "FACING AFTER ADVANCE TOWARD ENEMY", RAdvanceFacing, "ENEMY", "FACING AFTER ADVANCE BACKWARD")
}

// checkStanding reads line in a STANDING block: one reaction of kind with
// the choice want, which survives the print and parse round trip; bad, a
// choice the reaction does not have, is refused as one.
func checkStanding(t *testing.T, line, kind, want, bad string) {
	t.Helper()
	text := "GAME g\nSIDE USA\nTURN 1\nSTANDING\n" + line + "\nEND\n"
	f, ps := Parse(text)
	if len(ps) != 0 {
		t.Fatalf("%q: problems: %+v", line, ps)
	}
	if r := f.Orders[0].(*orders.Standing).Reactions[0]; r.Kind != kind || r.Choices[0].Text != want {
		t.Errorf("%q read %+v, want %s %s", line, r, kind, want)
	}
	if err := orders.RoundTrip(text, Dialect); err != nil {
		t.Errorf("%q: %v", line, err)
	}
	if _, ps := Parse("GAME g\nSIDE USA\nTURN 1\nSTANDING\n" + bad + "\nEND\n"); len(ps) != 1 || ps[0].Code != orders.CodeBadChoice {
		t.Errorf("%q: problems %+v, want one %s", bad, ps, orders.CodeBadChoice)
	}
}

package acwminis

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The tests below check each table against the text of the sheet itself,
// testdata/sheet.txt (the quick-reference sheet as extracted, 464 lines):
// each row's cited line is read and the values printed there are parsed
// and compared with the data. A row citing the wrong line fails.

var sheetText []string

func sheetLine(t *testing.T, n int) string {
	t.Helper()
	if sheetText == nil {
		b, err := os.ReadFile("testdata/sheet.txt")
		if err != nil {
			t.Fatal(err)
		}
		sheetText = strings.Split(string(b), "\n")
	}
	if n < 1 || n > len(sheetText) {
		t.Fatalf("line %d is not in the sheet", n)
	}
	return sheetText[n-1]
}

func loadSheet(t *testing.T) *Sheet {
	t.Helper()
	s, err := Tables()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q is not a number: %v", s, err)
	}
	return n
}

func fields(line string) []string { return strings.Split(strings.TrimRight(line, "\t "), "\t") }

var (
	inchRe = regexp.MustCompile(`(\d+)"`)
	diceRe = regexp.MustCompile(`^(\d+)D6$`)
)

// TestCommanderBonusesAsPrinted: COMMANDER BONUSES, seed L9-11
// ("Rank / Morale / Orders / RANGE").
func TestCommanderBonusesAsPrinted(t *testing.T) {
	s := loadSheet(t)
	if len(s.Commanders) != 2 {
		t.Fatalf("%d commander rows, the sheet prints 2 (L10-11)", len(s.Commanders))
	}
	rr := regexp.MustCompile(`^(\d) Rerolls?$`)
	for _, c := range s.Commanders {
		f := fields(sheetLine(t, c.Line))
		if len(f) != 4 || f[0] != c.Rank+" ("+c.Scope+")" {
			t.Errorf("L%d %q does not print %s (%s)", c.Line, f, c.Rank, c.Scope)
			continue
		}
		m, o := rr.FindStringSubmatch(f[1]), rr.FindStringSubmatch(f[2])
		if m == nil || o == nil || atoi(t, m[1]) != c.MoraleRerolls || atoi(t, o[1]) != c.OrderRerolls ||
			f[3] != strconv.Itoa(c.Range)+`"` {
			t.Errorf("L%d prints %q; data has morale %d, orders %d, range %d\"", c.Line, f, c.MoraleRerolls, c.OrderRerolls, c.Range)
		}
	}
}

// TestOrdersAsPrinted: the ORDERS table, seed L71-77: the states that
// test and their dice, the successes, CHARGE's bands, and every option
// named in the summary.
func TestOrdersAsPrinted(t *testing.T) {
	s := loadSheet(t)
	testRe := regexp.MustCompile(`(Steady|Worn|Shaken) \((\d)D6\)`)
	var names []string
	for _, o := range s.Orders {
		names = append(names, o.Order)
		f := fields(sheetLine(t, o.Line))
		if len(f) < 4 || f[0] != o.Order {
			t.Errorf("L%d is not the %s row: %q", o.Line, o.Order, f)
			continue
		}
		printed := map[string]int{}
		for _, m := range testRe.FindAllStringSubmatch(f[1], -1) {
			printed[strings.ToLower(m[1])] = atoi(t, m[2])
		}
		if f[1] == "N/A" && len(o.Tests) != 0 || len(printed) != len(o.Tests) {
			t.Errorf("%s: L%d tests %q, data %v", o.Order, o.Line, f[1], o.Tests)
		}
		for st, d := range printed {
			if o.Tests[st] != d {
				t.Errorf("%s: L%d tests %s with %dD6, data %d", o.Order, o.Line, st, d, o.Tests[st])
			}
		}
		switch o.Order {
		case "CHARGE":
			var got []string
			for _, r := range o.Results {
				band := strconv.Itoa(r.Min) + "+"
				if r.Max != nil && *r.Max != r.Min {
					band = strconv.Itoa(r.Min) + "-" + strconv.Itoa(*r.Max)
				} else if r.Max != nil {
					band = strconv.Itoa(r.Min)
				}
				got = append(got, band+": "+r.Result)
			}
			if g := strings.Join(got, " "); g != f[2] {
				t.Errorf("CHARGE bands %q, L75 prints %q", g, f[2])
			}
		case "DISORDERED":
			if f[2] != "N/A" || o.Successes != 0 {
				t.Errorf("DISORDERED successes %d, L77 prints %q", o.Successes, f[2])
			}
		default:
			if atoi(t, f[2]) != o.Successes {
				t.Errorf("%s successes %d, L%d prints %q", o.Order, o.Successes, o.Line, f[2])
			}
		}
		summary := f[3]
		for _, op := range o.Options {
			if !strings.Contains(summary, op.Name) {
				t.Errorf("%s option %q is not in the summary at L%d", o.Order, op.Name, o.Line)
			}
			if txt := strings.TrimPrefix(op.Text, "Retreat: "); !strings.Contains(strip(summary), txt) {
				t.Errorf("%s option %s text %q is not printed at L%d", o.Order, op.Name, txt, o.Line)
			}
		}
	}
	if !slices.Equal(names, []string{"HOLD", "ADVANCE", "RUN", "CHARGE", "RALLY", "DISORDERED"}) {
		t.Errorf("orders %v, the sheet prints HOLD, ADVANCE, RUN, CHARGE, RALLY, DISORDERED", names)
	}
	if r := s.Orders[4]; r.Recover != "D3+2" || !strings.Contains(sheetLine(t, 76), "recovers D3+2 hits") {
		t.Errorf("RALLY recovers %q", r.Recover)
	}
}

// strip removes the sheet's underline markup and the space before a full
// stop that the extraction left.
func strip(s string) string {
	s = strings.NewReplacer("<u>", "", "</u>", "").Replace(s)
	return strings.ReplaceAll(s, " .", ".")
}

// TestMovementAsPrinted: MOVEMENT, seed L47-51. The extraction runs each
// type's formations and rates together; the formations are read in
// printed order, then the Advance rates, then the Run rates (rules notes
// §5.3). Run = Advance × 1.5 rounded up in every row corroborates it.
func TestMovementAsPrinted(t *testing.T) {
	s := loadSheet(t)
	byLine := map[int][]MoveRate{}
	var lines []int
	for _, r := range s.Movement {
		if len(byLine[r.Line]) == 0 {
			lines = append(lines, r.Line)
		}
		byLine[r.Line] = append(byLine[r.Line], r)
	}
	if !slices.Equal(lines, []int{48, 49, 50, 51}) {
		t.Fatalf("movement rows cite lines %v, want 48-51", lines)
	}
	for _, l := range lines {
		rows := byLine[l]
		f := fields(sheetLine(t, l))
		var forms []string
		for _, r := range rows {
			forms = append(forms, r.Formation)
		}
		if f[0] != rows[0].Type || f[1] != strings.Join(forms, " ") {
			t.Errorf("L%d prints %q %q; data %s %q", l, f[0], f[1], rows[0].Type, forms)
		}
		adv := inchRe.FindAllStringSubmatch(f[2], -1)
		var run [][]string
		if len(f) > 3 {
			run = inchRe.FindAllStringSubmatch(f[3], -1)
		}
		if len(adv) != len(rows) {
			t.Errorf("L%d prints %d advance rates for %d formations", l, len(adv), len(rows))
			continue
		}
		for i, r := range rows {
			if atoi(t, adv[i][1]) != r.Advance {
				t.Errorf("%s/%s advance %d\", L%d prints %s", r.Type, r.Formation, r.Advance, l, adv[i][0])
			}
			want := 0
			if i < len(run) {
				want = atoi(t, run[i][1])
			}
			if r.Run != want {
				t.Errorf("%s/%s run %d\", L%d prints %d\"", r.Type, r.Formation, r.Run, l, want)
			}
			if r.Run != 0 && r.Run != (3*r.Advance+1)/2 {
				t.Errorf("%s/%s run %d\" is not 1.5 × %d\" rounded up", r.Type, r.Formation, r.Run, r.Advance)
			}
		}
	}
}

// TestShootingAsPrinted: SHOOTING RANGE AND DICE and MELEE, seed
// L206-211. Each line prints, per band, the range then one dice entry per
// formation, then two N/A for a missing extreme band, then the melee dice
// per formation (rules notes §5.4).
func TestShootingAsPrinted(t *testing.T) {
	s := loadSheet(t)
	byLine := map[int][]FireRow{}
	var lines []int
	for _, r := range s.Shooting {
		if len(byLine[r.Line]) == 0 {
			lines = append(lines, r.Line)
		}
		byLine[r.Line] = append(byLine[r.Line], r)
	}
	if !slices.Equal(lines, []int{208, 209, 210, 211}) {
		t.Fatalf("shooting rows cite lines %v, want 208-211", lines)
	}
	dice := func(s string) int {
		if s == "-" {
			return 0
		}
		m := diceRe.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("%q is not dice", s)
		}
		return atoi(t, m[1])
	}
	bandRe := regexp.MustCompile(`^(\d+)(?:-(\d+))?"(\+)?$`)
	for _, l := range lines {
		rows := byLine[l]
		f := fields(sheetLine(t, l))
		var forms []string
		for _, r := range rows {
			forms = append(forms, r.Formation)
		}
		if f[0] != rows[0].Type || f[1] != strings.Join(forms, " ") {
			t.Errorf("L%d prints %q %q; data %s %q", l, f[0], f[1], rows[0].Type, forms)
			continue
		}
		col := 2
		for b := 0; b < 4; b++ {
			if f[col] == "N/A" {
				for _, r := range rows {
					if len(r.Bands) > b {
						t.Errorf("%s/%s has band %d, L%d prints N/A", r.Type, r.Formation, b, l)
					}
				}
				col += 2
				continue
			}
			m := bandRe.FindStringSubmatch(f[col])
			if m == nil {
				t.Fatalf("L%d field %q is not a range", l, f[col])
			}
			entries := strings.Fields(f[col+1])
			if len(entries) != len(rows) {
				t.Fatalf("L%d band %s prints %d dice for %d formations", l, f[col], len(entries), len(rows))
			}
			for i, r := range rows {
				if len(r.Bands) <= b {
					t.Errorf("%s/%s lacks band %s printed at L%d", r.Type, r.Formation, f[col], l)
					continue
				}
				bd := r.Bands[b]
				to := ""
				if bd.To != nil {
					to = strconv.Itoa(*bd.To)
				}
				if strconv.Itoa(bd.From) != m[1] && !(m[3] == "+" && strconv.Itoa(bd.From) == m[1]) || to != m[2] || (m[3] == "+") != (bd.To == nil) {
					t.Errorf("%s/%s band %s is %d-%s, L%d prints %s", r.Type, r.Formation, bd.Name, bd.From, to, l, f[col])
				}
				if bd.Dice != dice(entries[i]) {
					t.Errorf("%s/%s %s %dD6, L%d prints %s", r.Type, r.Formation, bd.Name, bd.Dice, l, entries[i])
				}
			}
			col += 2
		}
		melee := strings.Fields(f[col])
		if len(melee) != len(rows) {
			t.Fatalf("L%d prints %d melee entries for %d formations", l, len(melee), len(rows))
		}
		for i, r := range rows {
			if r.Melee != dice(melee[i]) {
				t.Errorf("%s/%s melee %dD6, L%d prints %s", r.Type, r.Formation, r.Melee, l, melee[i])
			}
		}
	}
}

var modRe = regexp.MustCompile(`([+-]\d+)D6|1/2 Dice`)

// checkModifiers reads each modifier's dice from its cited line and checks
// the rows come in printed order (ascending lines, the displaced row
// apart).
func checkModifiers(t *testing.T, m Modifiers, wantRows int) {
	t.Helper()
	if len(m.Rows) != wantRows {
		t.Errorf("%d modifiers, want %d", len(m.Rows), wantRows)
	}
	last := 0
	for _, r := range m.Rows {
		line := sheetLine(t, r.Line)
		if r.Continued > 0 {
			line += " " + sheetLine(t, r.Continued)
		}
		norm := strings.NewReplacer("–", "-", "**", "", "<u>", "", "</u>", "")
		line = norm.Replace(line)
		if !r.Displaced && r.Line < last {
			t.Errorf("%s at L%d is out of printed order (after L%d)", r.Key, r.Line, last)
		}
		if !r.Displaced {
			last = r.Line
		}
		// Find this modifier's own text on the line (two share L377).
		body := strings.TrimSuffix(strings.TrimPrefix(norm.Replace(r.Text), "1/2 Dice: "), ".")
		i := strings.Index(line, body[strings.IndexAny(body, " ")+1:])
		if i < 0 {
			t.Errorf("%s: %q is not printed at L%d %q", r.Key, r.Text, r.Line, line)
			continue
		}
		ms := modRe.FindAllStringSubmatchIndex(line[:i], -1)
		if len(ms) == 0 {
			t.Errorf("%s: no dice before its text at L%d", r.Key, r.Line)
			continue
		}
		mm := ms[len(ms)-1]
		if mm[2] < 0 {
			if !r.Half {
				t.Errorf("%s: L%d halves, data adds %d", r.Key, r.Line, r.Dice)
			}
		} else if d := atoi(t, line[mm[2]:mm[3]]); d != r.Dice || r.Half {
			t.Errorf("%s: L%d prints %+dD6, data %+d (half %v)", r.Key, r.Line, d, r.Dice, r.Half)
		}
	}
	if !strings.Contains(sheetLine(t, m.LineMinimum), "minimum of "+strconv.Itoa(m.Minimum)+"D6") {
		t.Errorf("L%d does not print a minimum of %dD6", m.LineMinimum, m.Minimum)
	}
}

// TestShootingModifiersAsPrinted: OF DICE AND MODIFIERS for shooting,
// seed L221-259, twelve modifiers in printed order, minimum 2D6 (L259).
func TestShootingModifiersAsPrinted(t *testing.T) {
	s := loadSheet(t)
	checkModifiers(t, s.ShootingModifiers, 12)
	var shooter, target int
	for _, r := range s.ShootingModifiers.Rows {
		if r.Who == "shooter" {
			shooter++
			if r.Line > 241 {
				t.Errorf("%s is a shooter modifier printed after \"Target unit ...\" (L243)", r.Key)
			}
		} else if r.Line < 243 {
			t.Errorf("%s is a target modifier printed before \"Target unit ...\" (L243)", r.Key)
		} else {
			target++
		}
	}
	if shooter != 6 || target != 6 {
		t.Errorf("%d shooter and %d target modifiers, the sheet prints 6 and 6", shooter, target)
	}
}

// TestMeleeModifiersAsPrinted: OF DICE AND MODIFIERS for melee, seed
// L365-386: the halving line and eleven modifiers in printed order
// (L377 holds two), plus the "-2D6 is worn" displaced into L329 (rules
// notes §5.8, ambiguity A14), minimum 2D6 (L386).
func TestMeleeModifiersAsPrinted(t *testing.T) {
	s := loadSheet(t)
	checkModifiers(t, s.MeleeModifiers, 13)
	var displaced []string
	for _, r := range s.MeleeModifiers.Rows {
		if r.Displaced {
			displaced = append(displaced, r.Key)
			if r.Line != 329 {
				t.Errorf("displaced modifier %s cites L%d, the stray bullet is at L329", r.Key, r.Line)
			}
		}
	}
	if !slices.Equal(displaced, []string{"worn"}) {
		t.Errorf("displaced modifiers %v, want [worn]", displaced)
	}
}

// TestSavesAsPrinted: saves, seed L197-204. "5+", "6" and "N/A" as
// printed; "and reroll failed saves" in the fortified column; the
// unlabelled fifth row (L202, rules notes §5.6, A15).
func TestSavesAsPrinted(t *testing.T) {
	s := loadSheet(t)
	if len(s.Saves) != 5 {
		t.Fatalf("%d save rows, the sheet prints 5 (L198-202)", len(s.Saves))
	}
	score := func(f string) (int, bool) {
		if f == "N/A" {
			return 0, false
		}
		reroll := strings.Contains(f, "and reroll failed saves")
		return atoi(t, strings.TrimSuffix(strings.Fields(f)[0], "+")), reroll
	}
	for _, r := range s.Saves {
		f := fields(sheetLine(t, r.Line))
		if len(f) != 4 || f[0] != r.From {
			t.Errorf("L%d %q is not the %q row", r.Line, f, r.From)
			continue
		}
		b, _ := score(f[1])
		c, _ := score(f[2])
		fo, rr := score(f[3])
		if b != r.Basic || c != r.Cover || fo != r.Fortified || rr != r.FortifiedReroll {
			t.Errorf("%q: L%d prints %q; data %d/%d/%d reroll %v", r.From, r.Line, f, r.Basic, r.Cover, r.Fortified, r.FortifiedReroll)
		}
		if strings.HasSuffix(f[3], "*") != (r.NoRerollAgainst != "") {
			t.Errorf("%q: the asterisk at L%d and no_reroll_against %q disagree", r.From, r.Line, r.NoRerollAgainst)
		}
	}
	if !strings.Contains(sheetLine(t, 204), "No reroll if artillery is Siege Mortar") {
		t.Error("L204 is not the Siege Mortar note")
	}
}

// TestMoraleAsPrinted: MORALE TEST, seed L155-168, with Excessive
// Casualties (L159) and SUPPORTED UNIT (L163).
func TestMoraleAsPrinted(t *testing.T) {
	s := loadSheet(t)
	rowRe := regexp.MustCompile(`^(Steady|Worn|Shaken) \((\d)D6\)$`)
	succRe := regexp.MustCompile(`^Shooting: (\d) Melee: (\d)$`)
	for _, r := range s.Morale.Rows {
		f := fields(sheetLine(t, r.Line))
		m := rowRe.FindStringSubmatch(f[0])
		n := succRe.FindStringSubmatch(f[1])
		if len(f) != 4 || m == nil || n == nil {
			t.Errorf("L%d %q is not a morale row", r.Line, f)
			continue
		}
		if strings.ToLower(m[1]) != r.State || atoi(t, m[2]) != r.Dice || atoi(t, n[1]) != r.Shooting ||
			atoi(t, n[2]) != r.Melee || f[2] != r.IfFailed || f[3] != r.IfFailedDisordered {
			t.Errorf("L%d prints %q; data %+v", r.Line, f, r)
		}
	}
	l := sheetLine(t, s.Morale.LineExcessiveCasualties)
	if !strings.Contains(l, "suffers "+strconv.Itoa(s.Morale.ExcessiveCasualties)+"+ unsaved hits") {
		t.Errorf("L%d does not print %d+ unsaved hits: %q", s.Morale.LineExcessiveCasualties, s.Morale.ExcessiveCasualties, l)
	}
	sp := s.Morale.Supported
	want := strconv.Itoa(sp.Units) + "+ unengaged friendly units that are steady or worn and within " + strconv.Itoa(sp.Within) +
		`", the unit can reroll ` + strconv.Itoa(sp.Rerolls) + "D6"
	if !strings.Contains(sheetLine(t, sp.Line), want) {
		t.Errorf("L%d does not print %q", sp.Line, want)
	}
}

// TestTerrainAsPrinted: TERRAIN TABLE, seed L111-116.
func TestTerrainAsPrinted(t *testing.T) {
	s := loadSheet(t)
	header := fields(sheetLine(t, 111))
	if len(header) != len(s.Terrain.Classes)+1 {
		t.Fatalf("L111 prints %d classes, data %d", len(header)-1, len(s.Terrain.Classes))
	}
	for i, c := range s.Terrain.Classes {
		h := strings.ReplaceAll(strings.ToLower(header[i+1]), " & ", "-and-")
		if strings.ReplaceAll(h, " ", "-") != c {
			t.Errorf("class %d is %q, L111 prints %q", i, c, header[i+1])
		}
	}
	word := map[string]string{"Normal Move": "normal", "No Run": "no-run", "No": "no", "Normal Move x1.5": "normal x1.5"}
	for _, r := range s.Terrain.Rows {
		f := fields(sheetLine(t, r.Line))
		if f[0] != r.Category || len(f) != len(r.Moves)+1 {
			t.Errorf("L%d %q is not the %s row", r.Line, f, r.Category)
			continue
		}
		for i, m := range r.Moves {
			if word[f[i+1]] != m {
				t.Errorf("%s/%s is %q, L%d prints %q", r.Category, s.Terrain.Classes[i], m, r.Line, f[i+1])
			}
		}
	}
	if m, _ := s.Terrain.Move("Road", "cavalry"); m != "normal x1.5" {
		t.Errorf("cavalry on a road: %q", m)
	}
}

// TestSizesAsPrinted: UNIT SIZES AND MORALE VALUES, seed L134-146. Each
// type's values are on its line, its bases on the next and its figures on
// the one after, except Artillery, whose values the extraction moved to
// L144, above its label (rules notes §5.10).
func TestSizesAsPrinted(t *testing.T) {
	s := loadSheet(t)
	valRe := regexp.MustCompile(`(\d+)/(\d+)/(\d+)`)
	baseRe := regexp.MustCompile(`(\d+) Bases?`)
	byType := map[string][]SizeRow{}
	var types []string
	for _, r := range s.Sizes {
		if len(byType[r.Type]) == 0 {
			types = append(types, r.Type)
		}
		byType[r.Type] = append(byType[r.Type], r)
	}
	for _, ty := range types {
		rows := byType[ty]
		l := rows[0].Line
		vals := valRe.FindAllStringSubmatch(sheetLine(t, l), -1)
		bases := baseRe.FindAllStringSubmatch(sheetLine(t, l+1), -1)
		figs := strings.Split(strings.TrimSpace(sheetLine(t, l+2)), "\t")
		if ty != "Artillery" && !strings.HasPrefix(sheetLine(t, l), ty+"\t") {
			t.Errorf("L%d is not the %s row", l, ty)
		}
		if ty == "Artillery" && !strings.HasPrefix(sheetLine(t, l+1), "Artillery ") {
			t.Errorf("L%d does not carry the Artillery label", l+1)
		}
		figs = slices.DeleteFunc(figs, func(s string) bool { return s == "" })
		if len(vals) != 3 || len(bases) != 3 || len(figs) != 3 || len(rows) != 3 {
			t.Fatalf("%s: L%d-%d print %d values, %d bases, %d figures; data %d sizes", ty, l, l+2, len(vals), len(bases), len(figs), len(rows))
		}
		for i, r := range rows {
			if r.Size != sizeNames[i] {
				t.Errorf("%s column %d is %s, want %s", ty, i, r.Size, sizeNames[i])
			}
			v := vals[i]
			if atoi(t, v[1]) != r.Worn || atoi(t, v[2]) != r.Shaken || atoi(t, v[3]) != r.Broken {
				t.Errorf("%s/%s %d/%d/%d, L%d prints %s", ty, r.Size, r.Worn, r.Shaken, r.Broken, l, v[0])
			}
			if atoi(t, bases[i][1]) != r.Bases {
				t.Errorf("%s/%s %d bases, L%d prints %s", ty, r.Size, r.Bases, l+1, bases[i][0])
			}
			f := strings.TrimSuffix(figs[i], " Figures")
			if ty == "Artillery" && i == 0 {
				f = strings.TrimPrefix(f, "Artillery ")
			}
			if f != r.Figures {
				t.Errorf("%s/%s figures %q, L%d prints %q", ty, r.Size, r.Figures, l+2, figs[i])
			}
		}
	}
	if !slices.Equal(types, unitTypes) {
		t.Errorf("sizes for %v, want %v", types, unitTypes)
	}
}

// TestVictoryAsPrinted: VICTORY AND DEFEAT, seed L55-64.
func TestVictoryAsPrinted(t *testing.T) {
	s := loadSheet(t)
	v := s.Victory
	l := sheetLine(t, v.Line)
	if !strings.Contains(l, "between 0-"+strconv.Itoa(v.DrawUpTo)+" VPs, the game is a draw") ||
		!strings.Contains(l, strconv.Itoa(v.WinFrom)+"+ VPs") {
		t.Errorf("L%d does not print a draw at 0-%d and a win at %d+", v.Line, v.DrawUpTo, v.WinFrom)
	}
	vpRe := regexp.MustCompile(`^- \+(\d+) VPs? for each (.*)`)
	for _, a := range v.Awards {
		m := vpRe.FindStringSubmatch(sheetLine(t, a.Line))
		if m == nil || atoi(t, m[1]) != a.VP || !strings.HasSuffix(a.Text, m[2]) {
			t.Errorf("%s: %d VP, L%d prints %q", a.Key, a.VP, a.Line, sheetLine(t, a.Line))
		}
	}
	if len(v.Awards) != 4 {
		t.Errorf("%d awards, the sheet prints 4 standard ones (L61-64)", len(v.Awards))
	}
}

// TestSpecialRulesAsPrinted: SPECIAL RULES, seed L265-305: each rule's
// text is printed at its lines, under its heading except for Green and
// Large Unit, whose headings were lost (rules notes A13).
func TestSpecialRulesAsPrinted(t *testing.T) {
	s := loadSheet(t)
	for _, r := range s.Specials {
		var text []string
		for l := r.Lines[0]; l <= r.Lines[1]; l++ {
			text = append(text, sheetLine(t, l))
		}
		all := strings.Join(text, "\n")
		if !strings.Contains(all, r.Text) {
			t.Errorf("%s: its text is not printed at L%d-%d", r.Name, r.Lines[0], r.Lines[1])
		}
		heading := strings.Contains(all, strings.ToUpper(r.Name))
		if heading == r.HeadingLost {
			t.Errorf("%s: heading printed %v, marked lost %v", r.Name, heading, r.HeadingLost)
		}
	}
	if len(s.Specials) != 11 {
		t.Errorf("%d special rules, the sheet has 11", len(s.Specials))
	}
}

// TestArmyListsAsPrinted: the army lists, seed L418-431 (Union, header
// lost) and the clean Confederate copy L448-459 (rules notes §5.12).
func TestArmyListsAsPrinted(t *testing.T) {
	s := loadSheet(t)
	want := map[string]int{"Union": 13, "Confederate": 10}
	for _, a := range s.Armies {
		if len(a.Units) != want[a.Name] {
			t.Errorf("%s list has %d units, the sheet prints %d", a.Name, len(a.Units), want[a.Name])
		}
		for _, u := range a.Units {
			f := fields(sheetLine(t, u.Line))
			desc := strings.ReplaceAll(f[0], " th ", "th ")
			if desc != u.Description || f[1] != u.Type || f[2] != u.Weapons {
				t.Errorf("%s: L%d prints %q", u.Description, u.Line, f)
				continue
			}
			rules := ""
			if len(f) > 3 {
				rules = strings.NewReplacer("<u>", "", "</u>", "").Replace(f[3])
			}
			special, optional, _ := strings.Cut(rules, "Optional:")
			var gotSp []string
			for _, sp := range strings.Split(special, ",") {
				if sp = strings.TrimSpace(sp); sp != "" {
					gotSp = append(gotSp, sp)
				}
			}
			var gotOpt []string
			for _, o := range strings.Split(optional, " OR ") {
				if o = strings.TrimSpace(o); o != "" {
					gotOpt = append(gotOpt, o)
				}
			}
			if !slices.Equal(gotSp, u.Special) || !slices.Equal(gotOpt, u.Optional) {
				t.Errorf("%s/%s: L%d prints %v optional %v; data %v optional %v", a.Name, u.Description, u.Line, gotSp, gotOpt, u.Special, u.Optional)
			}
		}
	}
	if !strings.Contains(sheetLine(t, 448), "CONFEDERATE ARMY LIST") {
		t.Error("L448 is not the Confederate header")
	}
}

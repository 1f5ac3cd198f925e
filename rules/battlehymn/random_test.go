package battlehymn

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
)

// TestRandomHours plays the sample scenario to its end many times with
// random scripts (random walks of adjacent hexes, random conditions,
// dismounts, triggers, bombardment targets and standing reactions), each
// file that Validate accepts resolved with every decision at its default:
// Resolve must never fail or panic, and every state must survive its
// canonical round trip. Lines Validate refuses are dropped first.
func TestRandomHours(t *testing.T) {
	sys := New()
	accepted, sent := 0, 0
	for game := 0; game < 30; game++ {
		rng := rand.New(rand.NewSource(int64(game)))
		st, err := sys.NewGame("willoughby-run", nil)
		if err != nil {
			t.Fatal(err)
		}
		for !st.Over() {
			s := st.(*State)
			files := map[rules.Side]*orders.File{}
			for _, side := range s.Sides {
				body := randomOrders(rng, s, side)
				f, ps := bhtext.Parse(fmt.Sprintf("GAME g\nSIDE %s\nTURN %d\n%s", side, s.Hour, body))
				if len(ps) > 0 {
					t.Fatalf("game %d: random orders do not parse: %v\n%s", game, ps, body)
				}
				sent++
				for try := 0; try < 3; try++ { // drop the lines Validate refuses
					ps := sys.Validate(st, side, f)
					if len(ps) == 0 {
						break
					}
					bad := map[int]bool{}
					for _, p := range ps {
						bad[p.At.Line] = true
					}
					var keep []orders.Order
					for _, o := range f.Orders {
						if !bad[o.Position().Line] {
							keep = append(keep, o)
						}
					}
					f.Orders = keep
				}
				if ps := sys.Validate(st, side, f); len(ps) > 0 {
					f = &orders.File{} // still refused: the side sends none
				} else {
					accepted++
				}
				files[side] = f
			}
			in := rules.Input{State: st, Orders: files}
			var res rules.Result
			for {
				in.Dice = rules.NewSeededDice([]byte(fmt.Sprintf("%d/%d", game, s.Hour)))
				res, err = sys.Resolve(in)
				if err != nil {
					t.Fatalf("game %d hour %d: %v", game, s.Hour, err)
				}
				if !res.Paused() {
					break
				}
				for _, p := range res.Pauses {
					in.Decisions = append(in.Decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Options[rng.Intn(len(p.Options))]})
				}
			}
			back, err := sys.DecodeState(res.Next.Canonical())
			if err != nil || string(back.Canonical()) != string(res.Next.Canonical()) {
				t.Fatalf("game %d hour %d: canonical round trip: %v", game, s.Hour, err)
			}
			st = res.Next
		}
	}
	t.Logf("%d of %d random order files accepted", accepted, sent)
	if accepted*5 < sent*4 {
		t.Fatalf("only %d of %d random order files accepted: the test plays too few", accepted, sent)
	}
}

// randomOrders writes a random order file body for side.
func randomOrders(rng *rand.Rand, s *State, side rules.Side) string {
	var b strings.Builder
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || rng.Intn(4) == 0 {
			continue
		}
		cur := u.Hex
		if cur == "" {
			area := s.board.entryArea(u.Entry)
			if len(area) == 0 {
				continue
			}
			cur = area[rng.Intn(len(area))]
		}
		var path []string
		if u.Hex == "" {
			path = append(path, cur) // the entry hex
		}
		for n := rng.Intn(4); n > 0; n-- {
			ns := s.board.neighbors(cur)
			cur = ns[rng.Intn(len(ns))]
			path = append(path, cur)
			if u.Type == Cavalry && rng.Intn(5) == 0 {
				ns := s.board.neighbors(cur)
				path = append(path, "DISMOUNT "+ns[rng.Intn(len(ns))])
			}
		}
		if u.Dismounted && rng.Intn(2) == 0 {
			path = append([]string{"MOUNT"}, path...)
		}
		if len(path) == 0 {
			fmt.Fprintf(&b, "HOLD %s\n", u.Name)
			continue
		}
		cond := []string{"", " IF NO ENEMY WITHIN 2", " IF ENEMY WITHIN 3", " IF AT " + u.Hex}[rng.Intn(4)]
		if u.Hex == "" && strings.HasPrefix(cond, " IF AT") {
			cond = ""
		}
		fmt.Fprintf(&b, "MOVE %s: %s%s\n", u.Name, strings.Join(path, " "), cond)
		if s.isNight(s.Hour) && u.Demoralized >= 2 {
			fmt.Fprintf(&b, "RALLY %s\n", u.Name)
		}
		if (u.Type == Artillery || u.Type == HorseArtillery) && u.Hex != "" {
			ns := s.board.neighbors(s.board.ids[rng.Intn(len(s.board.ids))])
			fmt.Fprintf(&b, "BOMBARD %s: %s\n", u.Name, strings.Join(ns[:1+rng.Intn(len(ns))], ", "))
		}
		if rng.Intn(6) == 0 && u.Hex != "" {
			fmt.Fprintf(&b, "RBC %s\n", u.Name)
		}
	}
	if s.initiative(s.Hour) == side && !s.isNight(s.Hour) {
		fmt.Fprintf(&b, "%s\n", []string{"COMBAT BEFORE PICK 3", "COMBAT WHEN 2 LEFT", "COMBAT AFTER " + s.Formations[rng.Intn(len(s.Formations))].Name, "COMBAT LAST"}[rng.Intn(4)])
	}
	b.WriteString("STANDING\n")
	for _, l := range []string{"ADVANCE AFTER COMBAT ALWAYS", "OPTIONAL ATTACKS ALWAYS", "UNENGAGED ATTACKERS RETREAT", "CAVALRY RBC NEVER", "BOMBARDMENT LISTED"} {
		if rng.Intn(2) == 0 {
			b.WriteString(l + "\n")
		}
	}
	b.WriteString("END\n")
	return b.String()
}

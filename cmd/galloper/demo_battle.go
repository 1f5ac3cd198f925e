package main

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/lob"
)

// The demo's players fight with activity scripts (docs/orders.md, "Activity
// scripts"). Each turn a player reads its own report's map (its units and
// the enemy units it sees), writes one script per unit and keeps the
// scripts Galloper accepts, as a careful player checks a file before
// sending it (galloper validate).

// demoStanding is each side's STANDING block, sent with its first orders
// and kept by Galloper for the rest of the game (LoB 5.4, 6.3, 6.3d, 9.4e,
// 9.4h).
var demoStanding = map[string]string{
	"CSA": "STANDING\n  VOLLEY    BEST\n  RETREAT   AVOID EZOC, TOWARD HQ, ROADS\n  LOSSES    STRONGEST\n" +
		"  FRIENDS   JOIN\n  WITHDRAW  TOWARD HQ\n  CAVALRY   WITHDRAW\nEND",
	"USA": "STANDING\n  VOLLEY    BEST\n  RETREAT   AVOID EZOC, TOWARD HQ\n  LOSSES    SPREAD\n" +
		"  FRIENDS   JOIN\n  WITHDRAW  TOWARD HQ\n  CAVALRY   STAND\nEND",
}

// demoFacings names the six facings by direction index (rules/hex
// Directions, counter-clockwise from north-east).
var demoFacings = []string{"NE", "N", "NW", "SW", "S", "SE"}

// demoReach is how far the demo players try each arm's fire: Small Arms
// up to 4 hexes, guns up to 8 (the engine refuses what the weapon cannot
// reach and says why).
var demoReach = map[string]int{"infantry": 4, "cavalry": 3, "artillery": 8}

// sideView is what a side's report shows: the state decoded from the
// game's store, seen by that side.
func sideView(ctx context.Context, db *store.DB, side string) (rules.View, error) {
	var g store.Game
	if err := db.WithTx(ctx, func(tx *store.Tx) (err error) { g, err = tx.Game(demoGame); return err }); err != nil {
		return rules.View{}, err
	}
	sys := lob.New()
	st, err := sys.DecodeState(g.State)
	if err != nil {
		return rules.View{}, err
	}
	return sys.View(st, rules.Side(side)), nil
}

// demoScripts writes activity scripts for each of the side's combat units
// it can see a use for, best first: a Charge at an adjacent enemy, else
// fire at the nearest enemy in reach (turning to face it first, Canister
// at 3 hexes or less), or deploy into Line, unlimber, or march toward the
// enemy.
func demoScripts(v rules.View, side string) [][]string {
	if v.Map == nil {
		return nil
	}
	var own, enemy []rules.UnitView
	var centers []hex.Axial
	for _, u := range v.Map.Units {
		if a, ok := demoAxial(u.Hex); ok && string(u.Side) == side && (u.Kind == "leader" || u.Kind == "hq") {
			centers = append(centers, a)
		}
		if demoReach[u.Kind] == 0 {
			continue
		}
		if string(u.Side) == side {
			own = append(own, u)
		} else {
			enemy = append(enemy, u)
		}
	}
	var out [][]string
	for _, u := range own {
		if s := demoScript(v.Map, u, enemy, centers); s != "" {
			out = append(out, append(demoCharge(u, enemy, centers), s))
		}
	}
	return out
}

// demoCharge is a Charge script for a Normal infantry unit in Line at an
// enemy stack next to it, or one hex away with a free hex between them
// that the unit steps into first (LoB 7.0: a stack may move, then
// Charge), falling back on fire if its Closing Roll fails (3.5), or
// nothing. A unit farther than demoLeash from every leader and HQ at
// centers is likely out of Command Radius, where it may not Charge (LoB
// 10.2g).
func demoCharge(u rules.UnitView, enemy []rules.UnitView, centers []hex.Axial) []string {
	at, _ := demoAxial(u.Hex)
	if u.Kind != "infantry" || u.Formation != "line" || u.Status != "" || !demoNear(centers, at) {
		return nil
	}
	occupied := map[hex.Axial]bool{}
	for _, e := range enemy {
		if ea, ok := demoAxial(e.Hex); ok {
			occupied[ea] = true
		}
	}
	for _, e := range enemy {
		ea, ok := demoAxial(e.Hex)
		if !ok {
			continue
		}
		switch hex.Distance(at, ea) {
		case 1:
			face := demoFacings[demoFacing(at, ea)]
			return []string{fmt.Sprintf("STACK %s\n  FACE %s\n  CHARGE %s\n  IF CLOSING FAILS FIRE %s", u.Name, face, e.Hex, e.Hex)}
		case 2:
			for d := range 6 {
				step := at.Neighbor(d)
				if occupied[step] || hex.Distance(step, ea) != 1 {
					continue
				}
				o := step.ToOffset()
				face := demoFacings[demoFacing(step, ea)]
				return []string{fmt.Sprintf("STACK %s\n  MOVE A%d.%d\n  FACE %s\n  CHARGE %s\n  IF CLOSING FAILS FIRE %s",
					u.Name, o.Col, o.Row, face, e.Hex, e.Hex)}
			}
		}
	}
	return nil
}

// demoLeash is how far from its side's nearest leader or HQ a demo
// player marches a unit, so that it keeps within Command Radius (LoB
// 10.2a): the provisional brigade radius.
const demoLeash = 2

// demoScript is one unit's script, or "" when it has nothing to do.
// Marches stay within demoLeash hexes of a leader or HQ at centers.
func demoScript(m *rules.MapView, u rules.UnitView, enemy []rules.UnitView, centers []hex.Axial) string {
	if slices.Contains(strings.Split(u.Status, ", "), "R") || len(enemy) == 0 {
		return ""
	}
	at, ok := demoAxial(u.Hex)
	if !ok {
		return ""
	}
	target, d := "", math.MaxInt
	for _, e := range enemy {
		if ea, ok := demoAxial(e.Hex); ok && hex.Distance(at, ea) < d {
			target, d = e.Hex, hex.Distance(at, ea)
		}
	}
	ta, _ := demoAxial(target)
	face := demoFacing(at, ta)
	head := "STACK " + u.Name + "\n"
	switch {
	case u.Formation == "limbered":
		return head + "  UNLIMBER\n  FACE " + demoFacings[face]
	case u.Formation == "mounted" && d <= demoReach["infantry"]:
		return head + "  FORMATION LINE\n  FACE " + demoFacings[face]
	case u.Formation == "column" && d <= demoReach["infantry"]+1:
		return head + "  FORMATION LINE\n  FACE " + demoFacings[face]
	case d <= demoReach[u.Kind] && u.Formation != "column" && u.Formation != "mounted":
		s := head
		if u.Facing == nil || *u.Facing != hex.LoB("A").Bearing(face) {
			s += "  FACE " + demoFacings[face] + "\n"
		}
		s += "  FIRE " + target
		if u.Kind == "artillery" && d <= 3 {
			s += " CANISTER"
		}
		return s
	case u.Formation == "column" || u.Formation == "mounted":
		if path := demoPath(m, at, ta, 3, centers); path != "" {
			return head + "  MOVE " + path
		}
	}
	return ""
}

// demoPath is up to n hexes from a toward b, each the neighbour nearest
// to b (the first direction on ties), as hex ids, ending before the first
// hex more than demoLeash from every center.
func demoPath(m *rules.MapView, a, b hex.Axial, n int, centers []hex.Axial) string {
	var ids []string
	for range n {
		best, bd := a, hex.Distance(a, b)
		for d := range 6 {
			nb := a.Neighbor(d)
			if o := nb.ToOffset(); o.Col < 1 || o.Row < 1 || o.Col > m.Cols || o.Row > m.Rows {
				continue
			}
			if dd := hex.Distance(nb, b); dd < bd {
				best, bd = nb, dd
			}
		}
		if best == a || bd == 0 || !demoNear(centers, best) {
			break
		}
		a = best
		o := a.ToOffset()
		ids = append(ids, fmt.Sprintf("A%d.%d", o.Col, o.Row))
	}
	return strings.Join(ids, " ")
}

// demoNear reports whether a hex is within demoLeash of one of centers.
func demoNear(centers []hex.Axial, a hex.Axial) bool {
	return slices.ContainsFunc(centers, func(c hex.Axial) bool { return hex.Distance(c, a) <= demoLeash })
}

// demoFacing is the direction from a whose hexside looks most nearly at
// b, by the angle between the hex centres.
func demoFacing(a, b hex.Axial) int {
	ax, ay := a.ToOffset().Center(1)
	bx, by := b.ToOffset().Center(1)
	want := math.Atan2(by-ay, bx-ax)
	best, bd := 0, math.Inf(1)
	for d := range 6 {
		nx, ny := a.Neighbor(d).ToOffset().Center(1)
		diff := math.Abs(math.Remainder(math.Atan2(ny-ay, nx-ax)-want, 2*math.Pi))
		if diff < bd {
			best, bd = d, diff
		}
	}
	return best
}

// demoAxial reads a Lantern Ridge hex id, "A14.12".
func demoAxial(id string) (hex.Axial, bool) {
	col, row, ok := strings.Cut(strings.TrimPrefix(id, "A"), ".")
	c, err1 := strconv.Atoi(col)
	r, err2 := strconv.Atoi(row)
	if !ok || err1 != nil || err2 != nil {
		return hex.Axial{}, false
	}
	return hex.Offset{Col: c, Row: r}.ToAxial(), true
}

// chargesNotCarriedOut is what a receipt says while Galloper checks
// Charges but does not carry them out; the players then fire instead.
const chargesNotCarriedOut = "Charges (CHARGE) are not carried out"

// keepAccepted adds one block of each list to the base text: the first
// that Galloper accepts with the ones kept before it, a Charge only if
// Galloper carries Charges out. It reports how many lists gave a block.
func keepAccepted(ctx context.Context, adj *adjudicator.Adjudicator, p *demoPlayer, turn int, base string, choices [][]string) (string, int, error) {
	kept := 0
	for _, alts := range choices {
		for _, b := range alts {
			try := strings.TrimSpace(base + "\n" + b)
			reply, ok, err := adj.Check(ctx, demoGame, p.side, p.header(turn)+try+"\n")
			if err != nil {
				return "", 0, err
			}
			if ok && !(strings.Contains(b, "CHARGE") && strings.Contains(reply, chargesNotCarriedOut)) {
				base, kept = try, kept+1
				break
			}
		}
	}
	return base, kept, nil
}

package table

import (
	"testing"

	"pgregory.net/rapid"
)

func TestStraightStopsAtContactAndClearance(t *testing.T) {
	mover := rect("m", 0, 0, 4*Inch, Inch)
	enemy := rect("e", 0, 6*Inch, 4*Inch, Inch) // rear edge at 5"
	for _, tc := range []struct {
		clearance Length
		done      Length
		gap       Length
	}{{0, 5 * Inch, 0}, {Inch, 4 * Inch, Inch}} {
		obs := []Obstacle{{ID: "e", Shape: enemy.Footprint(), Clearance: tc.clearance}}
		m, err := Straight(mover, 0, 10*Inch, obs)
		if err != nil {
			t.Fatal(err)
		}
		if m.Done != int64(tc.done) || m.Stop == nil || m.Stop.ID != "e" || m.Stop.Gap != tc.gap {
			t.Errorf("clearance %v: %v (done %d), want stop after %v at %v", tc.clearance, m, m.Done, tc.done, tc.gap)
		}
	}
	// A move that stays clear is made in full.
	m, err := Straight(mover, 0, 4*Inch, []Obstacle{{ID: "e", Shape: enemy.Footprint(), Clearance: Inch}})
	if err != nil || m.Stop != nil || m.Done != 4000 || m.End.Pose.Front != (Point{2000, 4000}) {
		t.Fatalf("a clear 4\" move: %v %v", m, err)
	}
	if _, err := Straight(mover, 0, -1, nil); err == nil {
		t.Fatal("a negative move was accepted")
	}
}

// TestStraightNeverPassesThrough: a thin wall across the path stops the
// move at the wall, even when the end point lies clear beyond it.
func TestStraightNeverPassesThrough(t *testing.T) {
	mover := rect("m", 0, 0, 4*Inch, Inch)
	wall := Obstacle{ID: "wall", Shape: Polygon{{-Inch, 3 * Inch}, {5 * Inch, 3 * Inch}}}
	m, err := Straight(mover, 0, 12*Inch, []Obstacle{wall})
	if err != nil {
		t.Fatal(err)
	}
	if m.Done != 3*int64(Inch) || m.Stop == nil || m.Stop.ID != "wall" {
		t.Fatalf("move through a wall: %v, done %d", m, m.Done)
	}
}

func TestWheelAboutCorner(t *testing.T) {
	b := rect("m", 0, 0, 4*Inch, Inch)
	m, err := Wheel(b, Left, 900, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.End.Pose.Heading != 2700 {
		t.Fatalf("a 90° left wheel from 0° ends facing %v", m.End.Pose.Heading)
	}
	if c := m.End.Corners(); c[0] != (Point{0, 0}) || c[1] != (Point{0, 4 * Inch}) {
		t.Fatalf("wheel on the left corner moved it: corners %v", c)
	}
	// The swinging corner travels a quarter circle of radius 4": 2π = 6.2832".
	if m.Path != 6284 {
		t.Fatalf("wheel path %v, want 6.284\"", m.Path)
	}
	// A unit standing in the swing stops the wheel short of it.
	block := rect("x", 0, 3*Inch, Inch, Inch) // x 0..1, y 2..3: in the swing
	m, err = Wheel(b, Left, 900, []Obstacle{{ID: "x", Shape: block.Footprint()}})
	if err != nil {
		t.Fatal(err)
	}
	if m.Stop == nil || m.Stop.ID != "x" || m.Done <= 0 || m.Done >= 900 {
		t.Fatalf("blocked wheel: %v done %d", m, m.Done)
	}
	if Overlaps(m.End.Footprint(), block.Footprint()) {
		t.Fatal("the wheel ended overlapping the blocker")
	}
}

func TestTurnInPlace(t *testing.T) {
	b := rect("m", 0, 0, 4*Inch, 2*Inch)
	m, err := Turn(b, -900, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.End.Pose.Heading != 2700 || m.End.Centre() != b.Centre() || m.Done != -900 {
		t.Fatalf("turn: %v, centre %v (was %v)", m, m.End.Centre(), b.Centre())
	}
}

// TestSweptMoveNeverEndsOverlapping: whatever the move, it never ends
// overlapping an obstacle or inside its clearance, never goes further than
// asked, and is made in full when nothing stops it.
func TestSweptMoveNeverEndsOverlapping(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		mover := drawBody(t, "m")
		var obs []Obstacle
		for i := range rapid.IntRange(1, 5).Draw(t, "n") {
			o := drawBody(t, string(rune('a'+i)))
			fp := o.Footprint()
			if Overlaps(fp, mover.Footprint()) {
				continue
			}
			clear := Length(rapid.SampledFrom([]int{0, 0, 1000}).Draw(t, "clear"))
			if Between(fp, mover.Footprint()).Gap < clear {
				clear = 0
			}
			obs = append(obs, Obstacle{ID: o.ID, Shape: fp, Clearance: clear})
		}
		var m Move
		var err error
		switch kind := rapid.IntRange(0, 2).Draw(t, "kind"); kind {
		case 0:
			m, err = Straight(mover, Angle(rapid.IntRange(0, 3599).Draw(t, "dir")), Length(rapid.IntRange(0, 30000).Draw(t, "dist")), obs)
		case 1:
			m, err = Wheel(mover, Side(rapid.IntRange(0, 1).Draw(t, "side")), Angle(rapid.IntRange(0, 1800).Draw(t, "a")), obs)
		default:
			m, err = Turn(mover, Angle(rapid.IntRange(-1800, 1800).Draw(t, "a")), obs)
		}
		if err != nil {
			t.Fatal(err)
		}
		abs := func(v int64) int64 { return max(v, -v) }
		if abs(m.Done) > abs(m.Wanted) || (m.Stop == nil && m.Done != m.Wanted) {
			t.Fatalf("done %d of %d, stop %v", m.Done, m.Wanted, m.Stop)
		}
		end := m.End.Footprint()
		for _, o := range obs {
			if Overlaps(end, o.Shape) {
				t.Fatalf("ended overlapping %s: %v", o.ID, m)
			}
			if g := Between(end, o.Shape).Gap; g < o.Clearance {
				t.Fatalf("ended %v from %s, inside its %v clearance", g, o.ID, o.Clearance)
			}
		}
	})
}

func TestChargeContactIsFlushWithoutOverlap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		target := drawBody(t, "t")
		charger := drawBody(t, "c")
		face := Quarter(rapid.IntRange(1, 4).Draw(t, "face"))
		c, err := ChargeContact(charger, target, face)
		if err != nil {
			t.Fatal(err)
		}
		if Overlaps(c.End.Footprint(), target.Footprint()) {
			t.Fatalf("contact overlaps the target: %+v", c)
		}
		if g := Between(c.End.Footprint(), target.Footprint()).Gap; g > 3 {
			t.Fatalf("contact leaves a %v gap", g)
		}
		_, _, out, _ := Face(target, face)
		if c.End.Pose.Heading != (out + 1800).Norm() {
			t.Fatalf("charger faces %v against a face looking %v", c.End.Pose.Heading, out)
		}
	})
}

// TestFrontageDecidesFace: half or more of the charger's frontage in a
// flank or rear quarter at the start contacts that face (seed L351).
func TestFrontageDecidesFace(t *testing.T) {
	target := rect("t", 0, 0, 4*Inch, Inch) // front edge y=0, x 0..4, faces +Y
	for _, tc := range []struct {
		name    string
		charger Body
		want    Quarter
	}{
		{"straight ahead", facing("c", 0, 10*Inch, 4*Inch, Inch), Front},
		{"wholly on the left flank", Body{ID: "c", Pose: Pose{Front: Point{-10 * Inch, 0}, Heading: 900}, Width: 4 * Inch, Depth: Inch}, LeftFlank},
		{"behind", rect("c", 0, -10*Inch, 4*Inch, Inch), Rear},
		// Charger's front edge from x=-8" to x=2" at y=-4": points with
		// x<-3 are in the left flank (beyond the side more than behind the
		// rear), 6 of 11 samples (x=-8..-3, -3 on the corner line goes to
		// the rear): so 5 flank, 6 rear -> rear.
		{"split flank and rear", facing("c", -8*Inch, -4*Inch, 10*Inch, Inch), Rear},
	} {
		f := FrontageIn(tc.charger, target, 0)
		if f.Face != tc.want {
			t.Errorf("%s: %v (%v), want %v", tc.name, f, f.Count, tc.want)
		}
	}
}

// TestMoveAwayFromContact: a unit in contact with an enemy (inside the 1"
// clearance from the start) may retire from it but not move into it.
func TestMoveAwayFromContact(t *testing.T) {
	mover := rect("m", 0, 0, 4*Inch, Inch)
	enemy := facing("e", 0, 0, 4*Inch, Inch) // front to front, touching
	obs := []Obstacle{{ID: "e", Shape: enemy.Footprint(), Clearance: Inch}}
	back, err := Straight(mover, 1800, 6*Inch, obs)
	if err != nil || back.Stop != nil || back.Done != 6000 {
		t.Fatalf("retire from contact: %v %v", back, err)
	}
	fwd, err := Straight(mover, 0, 6*Inch, obs)
	if err != nil || fwd.Stop == nil || fwd.Done != 0 {
		t.Fatalf("advance into contact: %v %v", fwd, err)
	}
}

// TestStraightNeverPassesThroughAnywhere samples the path of random
// straight moves: no point of it overlaps an obstacle.
func TestStraightNeverPassesThroughAnywhere(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		mover := drawBody(t, "m")
		var obs []Obstacle
		for i := range rapid.IntRange(1, 4).Draw(t, "n") {
			p := Point{Length(rapid.IntRange(-60000, 60000).Draw(t, "x")), Length(rapid.IntRange(-60000, 60000).Draw(t, "y"))}
			q := p.Add(Point{Length(rapid.IntRange(-8000, 8000).Draw(t, "dx")), Length(rapid.IntRange(-8000, 8000).Draw(t, "dy"))})
			wall := hull([]Point{p, q})
			if Overlaps(wall, mover.Footprint()) {
				continue
			}
			obs = append(obs, Obstacle{ID: string(rune('a' + i)), Shape: wall})
		}
		m, err := Straight(mover, Angle(rapid.IntRange(0, 3599).Draw(t, "dir")), Length(rapid.IntRange(0, 40000).Draw(t, "dist")), obs)
		if err != nil {
			t.Fatal(err)
		}
		for k := int64(0); k <= 20; k++ {
			at := mover
			d := m.End.Pose.Front.Sub(mover.Pose.Front)
			at.Pose.Front = mover.Pose.Front.Add(Point{divRound(d.X*Length(k), 20), divRound(d.Y*Length(k), 20)})
			for _, o := range obs {
				if Overlaps(at.Footprint(), o.Shape) {
					t.Fatalf("at %d/20 of the move %v the unit overlaps %s", k, m, o.ID)
				}
			}
		}
	})
}

// TestChargePathClear: a charge straight at a target is clear in the
// open and blocked by a unit in between; the target itself does not block.
func TestChargePathClear(t *testing.T) {
	charger := rect("c", 0, 0, 4*Inch, Inch)
	target := facing("t", 0, 10*Inch, 4*Inch, Inch)
	p, err := PathTo(charger, target, Front, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Clear || p.Contact.Straight != 10*Inch || p.Contact.Turn != 0 {
		t.Fatalf("open charge: %+v", p)
	}
	if Overlaps(p.Contact.End.Footprint(), target.Footprint()) {
		t.Fatal("the charger ends inside its target")
	}
	between := rect("x", 1*Inch, 5*Inch, 2*Inch, Inch)
	p, err = PathTo(charger, target, Front, []Obstacle{{ID: "x", Shape: between.Footprint()}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Clear || p.Blocked != "x" {
		t.Fatalf("charge through a unit: %+v", p)
	}
	// A charge into the flank turns the charger as it goes. The target
	// faces -Y, so its right flank is its side at x = 0 (y 10" to 11");
	// the charger, facing +Y from (-10", 5"), ends facing +X with its
	// front centre at (0, 10"), √125" = 11.1803" away.
	p, err = PathTo(Body{ID: "c", Pose: Pose{Front: Point{-10 * Inch, 5 * Inch}}, Width: 4 * Inch, Depth: Inch}, target, RightFlank, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Clear || p.Contact.Turn != 900 || p.Contact.Straight != 11181 || p.Contact.End.Pose.Heading != 900 {
		t.Fatalf("flank charge: %+v", p)
	}
	if f := p.Contact.End.Pose.Front; f.X < -3 || f.X > 0 || f.Y != 10*Inch {
		t.Fatalf("flank charge ends at %v", f)
	}
}

// TestClearChargeEndsClear: a charge path found clear never ends
// overlapping another unit.
func TestClearChargeEndsClear(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		charger, target := drawBody(t, "c"), drawBody(t, "t")
		if Overlaps(charger.Footprint(), target.Footprint()) {
			t.Skip("charger starts on its target")
		}
		var obs []Obstacle
		for i := range rapid.IntRange(0, 4).Draw(t, "n") {
			o := drawBody(t, string(rune('a'+i)))
			if !Overlaps(o.Footprint(), charger.Footprint()) && !Overlaps(o.Footprint(), target.Footprint()) {
				obs = append(obs, Obstacle{ID: o.ID, Shape: o.Footprint()})
			}
		}
		p, err := PathTo(charger, target, Quarter(rapid.IntRange(1, 4).Draw(t, "face")), obs)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Clear {
			return
		}
		for _, o := range obs {
			if Overlaps(p.Contact.End.Footprint(), o.Shape) {
				t.Fatalf("a clear charge ends on %s", o.ID)
			}
		}
	})
}

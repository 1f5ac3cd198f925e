package table

import "testing"

func TestPolylineStopsAMove(t *testing.T) {
	fence, err := Polyline("fence", Point{-10 * Inch, 5 * Inch}, Point{0, 5 * Inch}, Point{10 * Inch, 7 * Inch})
	if err != nil {
		t.Fatal(err)
	}
	if len(fence) != 2 || fence[1].ID != "fence#2" {
		t.Fatalf("fence pieces %v", fence)
	}
	m, err := Straight(rect("m", -6*Inch, 0, 4*Inch, Inch), 0, 10*Inch, Blocks(fence, 0))
	if err != nil {
		t.Fatal(err)
	}
	if m.Stop == nil || m.Stop.ID != "fence#1" || m.Done != 5000 {
		t.Fatalf("move to the fence: %v (done %d)", m, m.Done)
	}
	if _, err := Polyline("x", Point{}); err == nil {
		t.Fatal("a one-point line was accepted")
	}
}

func TestWithinAndEnters(t *testing.T) {
	road, _ := Hull(Point{-100 * Inch, -2 * Inch}, Point{100 * Inch, -2 * Inch}, Point{100 * Inch, 2 * Inch}, Point{-100 * Inch, 2 * Inch})
	on := rect("a", 0, 2*Inch, 3*Inch, 4*Inch).Footprint()   // y from -2 to 2: wholly on the road
	half := rect("b", 0, 4*Inch, 3*Inch, 4*Inch).Footprint() // y from 0 to 4
	off := rect("c", 0, 7*Inch, 3*Inch, 4*Inch).Footprint()  // y from 3 to 7
	if !Within(on, road) || Within(half, road) || Within(off, road) {
		t.Fatal("Within is wrong for on, half and off the road")
	}
	if !Enters(half, road) || Enters(off, road) {
		t.Fatal("Enters is wrong for half and off the road")
	}
}

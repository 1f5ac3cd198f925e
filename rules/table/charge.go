package table

import "fmt"

// Frontage is how much of a charger's front edge lies in each quarter of a
// target, counted at evenly spaced points of the edge.
type Frontage struct {
	// Count[q] of Samples points of the charger's front edge lie in the
	// target's quarter q.
	Count   [5]int
	Samples int
	// Face is the quarter the charger contacts: a flank or the rear if at
	// least half its frontage starts in it, otherwise the front.
	Face Quarter
}

// String prints the count that decided the face.
func (f Frontage) String() string {
	return fmt.Sprintf("%s: %d/%d of frontage in it", f.Face, f.Count[f.Face], f.Samples)
}

// FrontageIn decides which face of target a charge from charger's present
// position contacts. "Half or more of a unit's frontage must start its
// charge movement within a target unit's flank or rear quarter in order to
// contact that facing" (ACW sheet, FLANK AND REAR CHARGES, seed L349-351).
// The front edge is sampled at samples points (DefaultSamples below 2).
func FrontageIn(charger, target Body, samples int) Frontage {
	if samples < 2 {
		samples = DefaultSamples
	}
	fl, fr := charger.FrontEdge()
	f := Frontage{Samples: samples, Face: Front}
	for _, p := range sampleEdge(fl, fr, samples) {
		f.Count[QuarterOf(target, p).Quarter]++
	}
	for _, q := range []Quarter{LeftFlank, RightFlank, Rear} {
		if 2*f.Count[q] >= samples {
			f.Face = q
		}
	}
	return f
}

// Face returns the ends of the side of b that faces quarter q, in
// clockwise order seen from outside, and the bearing pointing out of it.
func Face(b Body, q Quarter) (Point, Point, Angle, error) {
	c := b.Corners() // front-left, front-right, rear-right, rear-left
	h := b.Pose.Heading
	switch q {
	case Front:
		return c[0], c[1], h, nil
	case RightFlank:
		return c[1], c[2], (h + 900).Norm(), nil
	case Rear:
		return c[2], c[3], (h + 1800).Norm(), nil
	case LeftFlank:
		return c[3], c[0], (h + 2700).Norm(), nil
	}
	return Point{}, Point{}, 0, fmt.Errorf("table: %s has no %s face", b.ID, q)
}

// Contact is where a charger ends against a target's face.
type Contact struct {
	// End is the charger in contact: its front edge flush against the
	// face, its front centre at the point of the face nearest to where its
	// front centre started (kept within the face).
	End Body
	// Straight is the distance from the charger's starting front centre to
	// its front centre in contact, rounded up.
	Straight Length
	// Turn is the change of heading, -180° to 180°, clockwise positive.
	Turn Angle
	// Face is the side of the target contacted.
	Face Quarter
}

// ChargeContact places charger in base-to-base contact with the given face
// of target. The sheet gives no contact geometry; Galloper's ruling (see
// docs/rulings-acwminis.md) is that the charger closes straight on the
// nearest point of the face and turns square to it, its front edge flush
// with the face. If rounding the corners to the thousandth would leave the
// two footprints overlapping, the charger stands off by the thousandths
// needed, so contact never overlaps.
func ChargeContact(charger, target Body, face Quarter) (Contact, error) {
	a, b, out, err := Face(target, face)
	if err != nil {
		return Contact{}, err
	}
	start := charger.Pose.Front
	_, near := toSegment(start, a, b)
	end := charger
	end.Pose = Pose{Front: near, Heading: (out + 1800).Norm()}
	tfp := target.Footprint()
	for i := 0; i < 5 && Overlaps(end.Footprint(), tfp); i++ {
		end.Pose.Front = offset(end.Pose.Front, out, 1, 0)
	}
	if Overlaps(end.Footprint(), tfp) {
		return Contact{}, fmt.Errorf("table: %s cannot stand flush against %s's %s", charger.ID, target.ID, face)
	}
	d := end.Pose.Front.Sub(start)
	turn := (end.Pose.Heading - charger.Pose.Heading).Norm()
	if turn > 1800 {
		turn -= 3600
	}
	return Contact{End: end, Straight: ceilSqrt(uint64(dot(d, d))), Turn: turn, Face: face}, nil
}

// ChargePath is a charge's way to contact and whether it is clear.
type ChargePath struct {
	Contact Contact
	// Clear is false when the charger would pass through, or end within
	// the clearance of, an obstacle on the way; Blocked names the first
	// such obstacle met, in path order.
	Clear   bool
	Blocked string
}

// chargeStep is the longest piece of a charge path swept as one hull: the
// charger moves and turns together, so it is swept in pieces of at most
// 0.5" and 0.5°.
const chargeStep = Inch / 2

// PathTo checks the charge of charger into the given face of target
// against obstacles (the target itself left out of them): "The charging
// unit must have a clear and unobstructed ... direct path to the target
// unit" (ACW DECLARE CHARGES, seed L314-315). The charger moves and turns
// together from where it stands to its contact pose (ChargeContact).
func PathTo(charger, target Body, face Quarter, obs []Obstacle) (ChargePath, error) {
	c, err := ChargeContact(charger, target, face)
	if err != nil {
		return ChargePath{}, err
	}
	start := charger.Footprint()
	obs = relax(start, obs)
	d := c.End.Pose.Front.Sub(charger.Pose.Front)
	steps := max(int64(c.Straight/chargeStep), int64(abs64(int64(c.Turn))/uint64(wheelStep)), 1) + 1
	prev := start
	for k := int64(1); k <= steps; k++ {
		at := charger
		at.Pose.Front = charger.Pose.Front.Add(Point{divRound(d.X*Length(k), Length(steps)), divRound(d.Y*Length(k), Length(steps))})
		at.Pose.Heading = (charger.Pose.Heading + Angle(divRound(Length(c.Turn)*Length(k), Length(steps)))).Norm()
		if k == steps {
			at = c.End
		}
		fp := at.Footprint()
		if id, hit := blockedBy(hull(append(append(Polygon{}, prev...), fp...)), obs); hit {
			return ChargePath{Contact: c, Blocked: id}, nil
		}
		prev = fp
	}
	return ChargePath{Contact: c, Clear: true}, nil
}

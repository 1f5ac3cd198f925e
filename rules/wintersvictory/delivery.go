package wintersvictory

import "fmt"

// Order delivery, as a procedure (See WV 17.34 and 17.35):
//
//  1. On sending, by the receiver's place relative to the sender (17.34):
//     same hex: Received, no roll; within the sender's Command Radius: one
//     roll on the Order Delivery Table (Received, Delay 1 Turn or Ignored);
//     beyond it: no roll, one Delay level per Command Radius (or fraction)
//     beyond the first, at most 3. An inactive leader on its display is
//     measured from any of its combat units (17.34 note).
//  2. In each Delay Marker Delivery Check Segment of the owner's Command
//     Phase (17.35, 4.1 2A): first every Delay 1 order rolls on the table
//     (Received: flip to Order Received; Ignored: discarded; Delay 1:
//     stays), then Delay 2 becomes Delay 1 and Delay 3 becomes Delay 2.
//  3. The roll's modifiers (17.35) are fixed when the order is sent and stay
//     with its Delay marker; each earlier roll of the same order that left
//     it at Delay 1 adds a further -1. An Ignored result on an order
//     activating a Brigade Leader counts as Delay 1.

// Delivery is the state of an order in delivery (17.34).
type Delivery int

const (
	// Received: an Order Received marker is placed.
	Received Delivery = iota + 1
	// Delay1 to Delay3: the order waits under a Delay marker.
	Delay1
	Delay2
	Delay3
	// Ignored: the order is discarded.
	Ignored
)

func (d Delivery) String() string {
	switch d {
	case Received:
		return "Received"
	case Delay1:
		return "Delay 1"
	case Delay2:
		return "Delay 2"
	case Delay3:
		return "Delay 3"
	case Ignored:
		return "Ignored"
	}
	return fmt.Sprintf("Delivery(%d)", int(d))
}

// DeliveryModifiers are the facts 17.35 lists for an Order Delivery roll,
// fixed when the order is sent.
type DeliveryModifiers struct {
	// ReceiverBonus is the receiving command unit's Command Bonus (16.13).
	ReceiverBonus int
	// FrenchBrigadeLeader: the receiver is a French Brigade Leader.
	FrenchBrigadeLeader bool
	// SenderHoldsOrder: the sender is stacked with an Attack Order or an
	// Order Received marker.
	SenderHoldsOrder bool
	// SenderAdjacent: the sender is adjacent to the receiver's hex or to a
	// hex of one of its combat units.
	SenderAdjacent bool
	// Urgent: an extra Command Point made the order urgent (17.22).
	Urgent bool
	// FromArmy: sent by the Army Commander or from the Army HQ.
	FromArmy bool
}

// Total is the sum of the modifiers, negative being better. See WV 17.35.
func (m DeliveryModifiers) Total() int {
	t := -m.ReceiverBonus
	if m.FrenchBrigadeLeader {
		t--
	}
	if m.SenderHoldsOrder {
		t--
	}
	if m.SenderAdjacent {
		t -= 2
	}
	if m.Urgent {
		t -= 2
	}
	if m.FromArmy {
		t -= 2
	}
	return t
}

// Unreachable is the distance of a receiver to which no radius path can be
// traced (enemy units or Minimum Range Fire Zones block every path, 16.12).
const Unreachable = -1

// Placement is how an order starts on sending (17.34): Received at once,
// a roll to make (Roll), or a Delay level by distance.
type Placement struct {
	Roll  bool
	State Delivery // Received, Delay1..Delay3 when Roll is false
}

// PlaceOrder classes an order by the length of the radius path from the
// sender to the receiver (or, for a leader on its display, to the nearest
// of its combat units) against the sender's current Command Radius.
// Distance 0 is the same hex. An Unreachable receiver is beyond every
// radius: Delay 3 (docs/rulings-wintersvictory.md R5). See WV 17.34.
func PlaceOrder(distance, radius int) (Placement, error) {
	if radius < 1 {
		return Placement{}, fmt.Errorf("order delivery: Command Radius %d; a radius is at least 1 hex (16.12)", radius)
	}
	switch {
	case distance == Unreachable:
		return Placement{State: Delay3}, nil
	case distance < 0:
		return Placement{}, fmt.Errorf("order delivery: distance %d is not a number of hexes", distance)
	case distance == 0:
		return Placement{State: Received}, nil
	case distance <= radius:
		return Placement{Roll: true}, nil
	}
	beyond := distance - radius
	levels := (beyond + radius - 1) / radius // each radius or fraction
	return Placement{State: Delay1 + Delivery(min(levels, 3)-1)}, nil
}

// Order is an order in delivery: its state, the modifiers fixed when it was
// sent, and how many rolls it has already made.
type Order struct {
	State Delivery
	Mods  DeliveryModifiers
	// Rolls counts the Order Delivery rolls already made for this order
	// (each left it at Delay 1).
	Rolls int
	// BrigadeActivation: the order activates a Brigade Leader, for which
	// Ignored counts as Delay 1 (17.35).
	BrigadeActivation bool
}

// RollModifier is the total modifier of the order's next roll: the sender's
// modifiers plus -1 for each earlier roll that left it at Delay 1. See WV
// 17.35 and docs/rulings-wintersvictory.md R4.
func (o Order) RollModifier() int { return o.Mods.Total() - o.Rolls }

// checkDie refuses a die that is not a d10 read 0-9 (2.6).
func checkDie(die int) error {
	if die < 0 || die > 9 {
		return fmt.Errorf("die %d: Winter's Victory reads one d10 as 0 to 9 (2.6)", die)
	}
	return nil
}

// Roll resolves one roll of the order on the Order Delivery Table and
// returns the order after it. See WV 17.34 and 17.35.
func (p *Pack) Roll(o Order, die int) (Order, error) {
	if err := checkDie(die); err != nil {
		return o, err
	}
	r := p.OrderDeliveryTable(die + o.RollModifier())
	if r == Ignored && o.BrigadeActivation {
		r = Delay1 // See WV 17.35.
	}
	o.Rolls++
	o.State = r
	return o, nil
}

// Send delivers a new order: placed by distance (17.34) and, within the
// radius, rolled at once with die. die is read only when a roll is due.
func (p *Pack) Send(distance, radius int, mods DeliveryModifiers, brigadeActivation bool, die int) (Order, error) {
	pl, err := PlaceOrder(distance, radius)
	if err != nil {
		return Order{}, err
	}
	o := Order{State: pl.State, Mods: mods, BrigadeActivation: brigadeActivation}
	if !pl.Roll {
		return o, nil
	}
	return p.Roll(o, die)
}

// NeedsRoll reports whether the order rolls in the Delay Check Segment.
func (o Order) NeedsRoll() bool { return o.State == Delay1 }

// DelayCheck advances one order in the Delay Marker Delivery Check
// Segment: Delay 1 rolls (die), Delay 2 and 3 step down one level without a
// roll, and Received or Ignored orders are left alone. See WV 17.35.
func (p *Pack) DelayCheck(o Order, die int) (Order, error) {
	switch o.State {
	case Delay1:
		return p.Roll(o, die)
	case Delay2, Delay3:
		o.State--
	}
	return o, nil
}

// DelayRolls is how many dice a Delay Marker Delivery Check Segment needs:
// one for each order at Delay 1. See WV 17.35.
func DelayRolls(orders []Order) int {
	n := 0
	for _, o := range orders {
		if o.NeedsRoll() {
			n++
		}
	}
	return n
}

// DelayCheckSegment runs the Delay Marker Delivery Check Segment over a
// side's orders, in the order given (the caller sorts them, so the dice
// fall the same way on every replay): the Delay 1 orders roll, taking the
// dice in turn, then Delay 2 and 3 step down. dice must hold DelayRolls
// dice. See WV 17.35 and 4.1 2A.
func (p *Pack) DelayCheckSegment(orders []Order, dice []int) ([]Order, error) {
	if want := DelayRolls(orders); len(dice) != want {
		return nil, fmt.Errorf("delay check: %d dice for %d orders at Delay 1", len(dice), want)
	}
	out := make([]Order, len(orders))
	next := 0
	for i, o := range orders {
		die := 0
		if o.NeedsRoll() {
			die = dice[next]
			next++
		}
		var err error
		if out[i], err = p.DelayCheck(o, die); err != nil {
			return nil, err
		}
	}
	return out, nil
}

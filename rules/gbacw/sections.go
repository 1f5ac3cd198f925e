package gbacw

import (
	"fmt"
	"strconv"

	"galloper/rules/dice"
)

// Batteries of several sections (GBACW 8.37): a battery is always one
// unit, whose sections stack, move and take their UDDs together; a loss
// falls on a section picked at random (8.35, 8.37), by a d10 whose ten
// faces the sections with guns share evenly in their order (ruling
// GBACW-R37).

// checkSections: sections belong to artillery, two or more, each with
// guns, adding up to its SPs.
func checkSections(u UnitSt) error {
	if len(u.Sections) == 0 {
		return nil
	}
	if u.Kind != "artillery" || len(u.Sections) < 2 {
		return fmt.Errorf("sections are for a battery of two or more (GBACW 8.37)")
	}
	n := 0
	for _, x := range u.Sections {
		if x.Guns < 1 || x.Weapon == "" {
			return fmt.Errorf("a section needs guns and a weapon (GBACW 8.37)")
		}
		n += x.Guns
	}
	if n != u.SP {
		return fmt.Errorf("its sections have %d guns, not its %d SPs (GBACW 8.37)", n, u.SP)
	}
	return nil
}

// String is a section as its guns and weapon: "4N".
func (x Section) String() string { return strconv.Itoa(x.Guns) + x.Weapon }

// loseGun takes one gun from a section of u picked by a d10 (8.37).
func (r *resolver) loseGun(u *UnitSt) {
	var live []int
	for i, x := range u.Sections {
		if x.Guns > 0 {
			live = append(live, i)
		}
	}
	if len(live) == 0 {
		return
	}
	i := live[0]
	if len(live) > 1 {
		roll := dice.D10Zero(r, "GBACW 8.37", "the section losing a gun: "+u.Name)
		i = live[roll*len(live)/10]
		r.event("section-loss", "GBACW 8.37", "%s's loss falls on its %s section (rolled %d)", u.Name, u.Sections[i], roll)
	}
	u.Sections[i].Guns--
}

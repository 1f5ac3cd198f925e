package lob

// The order of battle is static scenario data (LoB 1.3, 9.1, 10.1): the
// Command tree army -> corps -> division -> brigade -> regiment or battery,
// with leaders, HQs and Wagons. Everything that changes in play (hex, SP,
// formation, facing, Morale State, markers, orders) lives in the state's
// Pieces and Commands, never here.

// Arms of combat units (LoB 1.3).
const (
	ArmInfantry  = "infantry"
	ArmCavalry   = "cavalry"
	ArmArtillery = "artillery"
)

// Command levels: keys of the Command Radius chart (LoB 10.2e).
const (
	LevelArmy      = "army"
	LevelCorps     = "corps"
	LevelDivision  = "division"
	LevelBrigade   = "brigade"
	LevelArtillery = "artillery-battalion"
)

// Unit is a combat unit's printed counter (LoB 1.3): a regiment, an
// independent battalion or a battery, or a consolidated brigade counter
// ("Bde", 1.3c) when a brigade lists no regiments.
type Unit struct {
	Name    string
	Arm     string // infantry, cavalry or artillery
	Mounted bool   // yellow stripe (1.3a)
	Weapon  string // weapon code, lower left of the counter (5.6, 8.0)
	SP      int    // printed Strength Points (1.1)
	Morale  string // Morale Rating A-F (6.0)
	// Sides are the two formations printed on the counter, front first,
	// e.g. ["column", "line"], ["limbered", "unlimbered"] (3.3).
	Sides        []string
	OpenOrder    bool   // bugle symbol (9.4a)
	Sharpshooter bool   // rifle symbol (9.4a)
	Canister     string // artillery: "dense", "normal" or "" for none (8.2e)
	Hex          string // set-up hex
	// Org is the organisation path, army first, e.g.
	// ["Army of the Blue Ridge", "Barton's Division", "Ames' Brigade"].
	Org []string
}

// Wrecked reports whether an infantry or cavalry unit at sp Strength
// Points is Wrecked: below half its printed strength. Artillery is never
// Wrecked. See LoB 5.7.
func (u *Unit) Wrecked(sp int) bool {
	return u.Arm != ArmArtillery && sp*2 < u.SP
}

// Wagon is a supply Wagon (LoB 8.1) assigned to a Command.
type Wagon struct {
	Name    string
	Command string
	Hex     string
	Shell   int // Ammo Points by type (8.1a)
	Can     int
}

// defaultSides is the printed formation pair of each arm (LoB 3.3).
func defaultSides(arm string, mounted bool) []string {
	switch {
	case arm == ArmArtillery:
		return []string{"limbered", "unlimbered"}
	case arm == ArmCavalry || mounted:
		return []string{"mounted", "line"}
	}
	return []string{"column", "line"}
}

// brigadeUnits lists the combat units of a brigade: its regiments, or the
// brigade counter itself when it has none (LoB 1.3c).
func (b *Brigade) units() []*Unit {
	if len(b.Regiments) == 0 {
		return []*Unit{&b.Unit}
	}
	out := make([]*Unit, len(b.Regiments))
	for i := range b.Regiments {
		out[i] = &b.Regiments[i]
	}
	return out
}

// units lists every combat unit of a Command and its brigades, excluding
// subordinate Commands (which are Commands of their own).
func (c *Command) units() []*Unit {
	var out []*Unit
	for i := range c.Brigades {
		out = append(out, c.Brigades[i].units()...)
	}
	for i := range c.Units {
		out = append(out, &c.Units[i])
	}
	return out
}

// unit finds a combat unit by exact name.
func (s *Scenario) unit(name string) *Unit {
	if u, ok := s.unitIndex[name]; ok {
		return u
	}
	for _, c := range s.commands() {
		for _, u := range c.units() {
			if u.Name == name {
				return u
			}
		}
	}
	return nil
}

// subordinates lists the Commands whose parent is c (LoB 10.1a).
func (s *Scenario) subordinates(c *Command) []*Command {
	var out []*Command
	for _, x := range s.commands() {
		if x.Parent == c.Name && x.Side == c.Side {
			out = append(out, x)
		}
	}
	return out
}

// parent is the Command above c, or nil for the army.
func (s *Scenario) parent(c *Command) *Command {
	if c.Level == LevelArmy {
		return nil
	}
	if c.Parent == "" {
		return &s.side(c.Side).Army
	}
	return s.command(c.Parent)
}

// orgPath is the chain of Command names from the army down to c.
func (s *Scenario) orgPath(c *Command) []string {
	var path []string
	for x := c; x != nil; x = s.parent(x) {
		path = append([]string{x.Name}, path...)
	}
	return path
}

// indexUnits fills the scenario's indexes of units, Commands and units'
// brigades by name, for unit, command and State.unitBrigade: the first of
// each name in commands order, as their searches find it.
func (s *Scenario) indexUnits() {
	s.unitIndex, s.commandIndex, s.brigadeIndex = map[string]*Unit{}, map[string]*Command{}, map[string]*Brigade{}
	for _, c := range s.commands() {
		if _, ok := s.commandIndex[c.Name]; !ok {
			s.commandIndex[c.Name] = c
		}
		for i := range c.Brigades {
			for _, u := range c.Brigades[i].units() {
				if _, ok := s.brigadeIndex[u.Name]; !ok {
					s.brigadeIndex[u.Name] = &c.Brigades[i]
				}
			}
		}
		for _, u := range c.units() {
			if _, ok := s.unitIndex[u.Name]; !ok {
				s.unitIndex[u.Name] = u
			}
		}
	}
}

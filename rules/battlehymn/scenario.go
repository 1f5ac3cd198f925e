package battlehymn

import (
	"embed"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"galloper/rules"
)

// Scenarios are data files (scenarios/*.yaml): the map, the Hours, the
// Initiative schedule, the Formations, the units with their setup hex or
// arrival Hour and Entry Area, and the Objectives. The game's own maps
// and scenarios are not in the Standard Rules; the shipped scenario is
// made for Galloper.

//go:embed scenarios/*.yaml
var scenarioFS embed.FS

func scenarioNames() []string {
	es, _ := scenarioFS.ReadDir("scenarios")
	var out []string
	for _, e := range es {
		out = append(out, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(out)
	return out
}

func scenarioData(name string) ([]byte, error) {
	return scenarioFS.ReadFile(path.Join("scenarios", name+".yaml"))
}

// scenarioFile is a scenario file.
type scenarioFile struct {
	Name         string           `yaml:"name"`
	Description  string           `yaml:"description"`
	Sides        []rules.Side     `yaml:"sides"`
	First        int              `yaml:"first"`
	Last         int              `yaml:"last"`
	Night        []int            `yaml:"night"`
	VictoryHours []int            `yaml:"victory_hours"`
	Initiative   []InitiativeFrom `yaml:"initiative"`
	Map          MapFile          `yaml:"map"`
	Formations   []struct {
		Name   string     `yaml:"name"`
		Side   rules.Side `yaml:"side"`
		Enters int        `yaml:"enters"`
		Units  []struct {
			Name        string   `yaml:"name"`
			Type        UnitType `yaml:"type"`
			SP          int      `yaml:"sp"`
			MR          int      `yaml:"mr"`
			MA          int      `yaml:"ma"`
			DMA         int      `yaml:"dma"`
			At          string   `yaml:"at"`
			Enters      int      `yaml:"enters"`
			Entry       string   `yaml:"entry"`
			Strength    int      `yaml:"strength"`
			Demoralized int      `yaml:"demoralized"`
		} `yaml:"units"`
	} `yaml:"formations"`
	Objectives []Objective `yaml:"objectives"`
	// Optional are switchable rulings the scenario plays other than
	// their defaults, as KEY=VALUE (fog-of-war=on); a game's own options
	// are set over them.
	Optional []string `yaml:"optional"`
}

// defaultDMA is a cavalry unit's dismounted MA when its scenario gives
// none: an infantry brigade's usual 6 (ruling A7: the Standard Rules
// print none).
const defaultDMA = 6

// LoadScenario reads a scenario file into the state of its first Hour,
// checking it and naming every fault, each by its field, in one error.
func LoadScenario(name string, data []byte) (*State, error) {
	var f scenarioFile
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("battlehymn: scenario %s: %w", name, err)
	}
	var faults []string
	fail := func(format string, args ...any) { faults = append(faults, fmt.Sprintf(format, args...)) }
	if len(f.Sides) != 2 || f.Sides[0] == f.Sides[1] || f.Sides[0] == "" || f.Sides[1] == "" {
		fail("sides: want two different sides")
		f.Sides = append(f.Sides, "", "")[:2]
	}
	if f.First < 1 || f.Last < f.First {
		fail("first %d, last %d: want 1 <= first <= last", f.First, f.Last)
	}
	s := &State{Scenario: name, Hour: f.First, First: f.First, Last: f.Last, Night: f.Night,
		VictoryHours: f.VictoryHours, Initiative: f.Initiative, Sides: [2]rules.Side{f.Sides[0], f.Sides[1]},
		Map: f.Map, Objectives: f.Objectives}
	for _, e := range f.Initiative {
		if e.Side != "" && !slices.Contains(f.Sides, e.Side) {
			fail("initiative: hour %d: %q is not a side", e.Hour, e.Side)
		}
	}
	if err := s.prepare(); err != nil {
		// the map's own faults; the checks against it below are left out
		fail("%s", strings.TrimPrefix(err.Error(), "battlehymn: "+name+": "))
	}
	for _, fm := range f.Formations {
		if fm.Name == "" || strings.ContainsAny(fm.Name, ",\n") || s.formation(fm.Name) != nil || !slices.Contains(f.Sides, fm.Side) {
			fail("formation %q: want a new name without commas and one of the sides", fm.Name)
		}
		s.Formations = append(s.Formations, Formation{Name: fm.Name, Side: fm.Side, Enters: fm.Enters})
		for _, x := range fm.Units {
			u := Unit{Name: x.Name, Side: fm.Side, Formation: fm.Name, Type: x.Type, Printed: x.SP, MR: x.MR, MA: x.MA,
				Hex: x.At, Enters: x.Enters, Entry: x.Entry, Strength: x.SP, Demoralized: x.Demoralized}
			if x.Strength > 0 {
				u.Strength = x.Strength
			}
			if u.Type == Cavalry {
				u.DMA = x.DMA
				if u.DMA == 0 {
					u.DMA = defaultDMA
				}
			}
			for _, fault := range s.unitFaults(&u) {
				fail("%s", fault)
			}
			s.Units = append(s.Units, u)
		}
	}
	for _, o := range s.Objectives {
		if o.Name == "" || (s.board != nil && !s.board.has(o.Hex)) || (o.Holder != "" && !slices.Contains(f.Sides, o.Holder)) {
			fail("objective %q: want a name, a hex of the map and a holder that is a side or none", o.Name)
		}
	}
	for _, id := range f.Optional {
		k, v, err := parseOptional(id)
		if err != nil {
			fail("optional: %v", err)
			continue
		}
		s.Optional = append(s.Optional, k+"="+v)
	}
	if len(faults) > 0 {
		return nil, fmt.Errorf("battlehymn: scenario %s: %s", name, strings.Join(faults, "; "))
	}
	return s, nil
}

// unitFaults checks one unit of a scenario file against the units
// before it and the map, when the map has loaded.
func (s *State) unitFaults(u *Unit) []string {
	var out []string
	fail := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if u.Name == "" || strings.ContainsAny(u.Name, ":,\n") || s.unit(u.Name) != nil || s.formation(u.Name) != nil {
		fail("unit %q: want a new name without colons or commas", u.Name)
	}
	if !validType(u.Type) {
		fail("unit %s: type %q: want %s", u.Name, u.Type, typeList())
	}
	if u.Printed < 1 || u.Strength > u.Printed || u.Demoralized < 0 || u.Demoralized >= u.Strength {
		fail("unit %s: sp %d, strength %d, demoralized %d: want an intact unit", u.Name, u.Printed, u.Strength, u.Demoralized)
	}
	if u.MR < -3 || u.MR > 3 || u.MA < 1 {
		fail("unit %s: mr %d, ma %d: want mr -3..+3 and ma >= 1 (BH 2.2.1)", u.Name, u.MR, u.MA)
	}
	switch {
	case (u.Hex == "") == (u.Enters == 0):
		fail("unit %s: give either at (a setup hex) or enters and entry (BH 2.2.1, 12)", u.Name)
	case s.board == nil:
	case u.Hex != "" && !s.board.has(u.Hex):
		fail("unit %s: at %q is not a hex of the map", u.Name, u.Hex)
	case u.Hex != "" && s.at(u.Hex) != nil:
		fail("unit %s: hex %s already holds %s (BH 3.7)", u.Name, u.Hex, s.at(u.Hex).Name)
	case u.Enters != 0 && len(s.board.entryArea(u.Entry)) == 0:
		fail("unit %s: entry %q is not an Entry Area of the map (BH 12.2)", u.Name, u.Entry)
	}
	return out
}

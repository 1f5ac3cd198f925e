package gbacw

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// The switchable rulings (docs/rulings-gbacw.md): where the Series Rules
// may be read two ways, a game chooses, by `--optional KEY=VALUE` when it
// is created (or a case's `optional KEY=VALUE`); the default is the
// first value.
const (
	rulingMarchDistance  = "march_enemy_distance" // ruling GBACW-R4
	rulingCavalryHalving = "cavalry_halving"      // ruling GBACW-R5
	rulingRearFire       = "rear_fire_drm"        // ruling GBACW-R6
)

// switchable lists each switchable ruling's values, the default first,
// and what each means.
var switchable = []struct {
	key, ruling   string
	values, means []string
}{
	{rulingMarchDistance, "GBACW-R4", []string{"los", "strict"}, []string{
		"a March unit keeps out of four hexes of an enemy in its LOS (6.13)",
		"a March unit keeps out of four hexes of an enemy, LOS or not (the Orders Comparison Chart)"}},
	{rulingCavalryHalving, "GBACW-R5", []string{"each-rule", "woods-cedar-town"}, []string{
		"mounted cavalry halved in Woods and Cedar (11.43), and in Town only when charging (11.55)",
		"mounted cavalry halved in Woods, Cedar and Town in every shock"}},
	{rulingRearFire, "GBACW-R6", []string{"none", "as-flank"}, []string{
		"only fire through a Flank hexside gets the Flanking Fire +1 (10.81 as printed)",
		"fire through a Rear hexside gets the Flanking Fire +1 too"}},
}

// switchableValues is a switchable ruling's values, the default first,
// or nil when key names none.
func switchableValues(key string) []string {
	for _, o := range switchable {
		if o.key == key {
			return o.values
		}
	}
	return nil
}

// ruling is the value the game has chosen for a switchable ruling, or
// its default.
func (s *State) ruling(key string) string {
	if v, ok := s.Rulings[key]; ok {
		return v
	}
	return switchableValues(key)[0]
}

// chooseRuling sets a switchable ruling to value. isRuling is false when
// key names no switchable ruling (it may be an optional rule).
func (s *State) chooseRuling(key, value string) (isRuling bool, err error) {
	values := switchableValues(key)
	if values == nil {
		return false, nil
	}
	if !slices.Contains(values, value) {
		return true, fmt.Errorf("gbacw: %s is %s, not %q", key, strings.Join(values, " or "), value)
	}
	if s.Rulings == nil {
		s.Rulings = map[string]string{}
	}
	if value == values[0] {
		delete(s.Rulings, key) // the default is not written down
	} else {
		s.Rulings[key] = value
	}
	if len(s.Rulings) == 0 {
		s.Rulings = nil
	}
	return true, nil
}

// switchableRules are the switchable rulings as optional rules, one for
// each value, "KEY=VALUE", as rules.OptionalRules lists them.
func switchableRules() []rules.OptionalRule {
	var out []rules.OptionalRule
	for _, o := range switchable {
		for i, v := range o.values {
			def := ""
			if i == 0 {
				def = ", the default"
			}
			out = append(out, rules.OptionalRule{ID: o.key + "=" + v, Name: fmt.Sprintf("(ruling %s: %s%s)", o.ruling, o.means[i], def)})
		}
	}
	return out
}

// rulingsInPlay lists the switchable rulings a game sets other than by
// default, "KEY=VALUE", in the order of switchable.
func (s *State) rulingsInPlay() []string {
	var out []string
	for _, o := range switchable {
		if v, ok := s.Rulings[o.key]; ok {
			out = append(out, o.key+"="+v)
		}
	}
	return out
}

// rulingKeys lists the switchable rulings' keys.
func rulingKeys() []string {
	var out []string
	for _, o := range switchable {
		out = append(out, o.key)
	}
	return out
}

package battlehymn

import (
	"fmt"
	"sort"
	"strings"
)

// Options are the switchable rulings of docs/rulings-battlehymn.md, as a
// game config names them under `options:`. The zero value is not the
// default: use DefaultOptions or ParseOptions.
type Options struct {
	// ArtilleryRangeOnFire applies the Range Attenuation modifier to all
	// artillery fire, adjacent fire included, as the 6.2.2 example does,
	// not only to Bombardment as step 6 says (ruling A3;
	// "artillery-range-on-fire: true | false", default true).
	ArtilleryRangeOnFire bool
	// HorseHoldersOneOrTwo reads 11.3's "1 or 2" as bounds on the third
	// of a dismounting unit's SPs that hold its horses (ruling A8;
	// "horse-holders: third | one-or-two", default third).
	HorseHoldersOneOrTwo bool
	// HorseArtilleryMayRBC lets horse artillery choose whether to attempt
	// a Retreat Before Combat, as cavalry does (ruling A1;
	// "horse-artillery-rbc: must | may", default must).
	HorseArtilleryMayRBC bool
	// ShatterLossTwice takes both the 7.4 Loss and the 10.2.2 Loss from a
	// unit unable to retreat (ruling A10; "shatter-loss: once | twice",
	// default once).
	ShatterLossTwice bool
	// CongaPerHex counts the conga line per entry hex rather than per
	// Entry Area letter (ruling A12; "conga-line: per-area | per-hex",
	// default per-area).
	CongaPerHex bool
	// FogOfWar hides from each side the enemy units on the map none of
	// its units can see (ruling E-11; "fog-of-war: off | on", default
	// off).
	FogOfWar bool
}

// DefaultOptions returns the default rulings.
func DefaultOptions() Options { return Options{ArtilleryRangeOnFire: true} }

// optionSetters maps each option name to its values, the default first,
// and what each value sets.
var optionSetters = map[string][]struct {
	value string
	set   func(*Options)
}{
	"artillery-range-on-fire": {
		{"true", func(o *Options) { o.ArtilleryRangeOnFire = true }},
		{"false", func(o *Options) { o.ArtilleryRangeOnFire = false }},
	},
	"horse-holders": {
		{"third", func(o *Options) { o.HorseHoldersOneOrTwo = false }},
		{"one-or-two", func(o *Options) { o.HorseHoldersOneOrTwo = true }},
	},
	"horse-artillery-rbc": {
		{"must", func(o *Options) { o.HorseArtilleryMayRBC = false }},
		{"may", func(o *Options) { o.HorseArtilleryMayRBC = true }},
	},
	"shatter-loss": {
		{"once", func(o *Options) { o.ShatterLossTwice = false }},
		{"twice", func(o *Options) { o.ShatterLossTwice = true }},
	},
	"conga-line": {
		{"per-area", func(o *Options) { o.CongaPerHex = false }},
		{"per-hex", func(o *Options) { o.CongaPerHex = true }},
	},
	"fog-of-war": {
		{"off", func(o *Options) { o.FogOfWar = false }},
		{"on", func(o *Options) { o.FogOfWar = true }},
	},
}

// ParseOptions reads a game config's options over the defaults. An
// unknown name or value is an error that lists what is allowed.
func ParseOptions(in map[string]string) (Options, error) {
	o := DefaultOptions()
	names := make([]string, 0, len(in))
	for k := range in {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		values, ok := optionSetters[name]
		if !ok {
			return o, fmt.Errorf("battlehymn option %q: no such option (known: %s)", name, strings.Join(OptionNames(), ", "))
		}
		v := strings.TrimSpace(in[name])
		found := false
		var allowed []string
		for _, s := range values {
			allowed = append(allowed, s.value)
			if s.value == v {
				s.set(&o)
				found = true
			}
		}
		if !found {
			return o, fmt.Errorf("battlehymn option %s: %q is not one of %s", name, v, strings.Join(allowed, ", "))
		}
	}
	return o, nil
}

// OptionNames lists the option names, sorted.
func OptionNames() []string {
	out := make([]string, 0, len(optionSetters))
	for k := range optionSetters {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

package lob

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"galloper/rules"
)

// Canister types of the artillery Weapon Characteristics Chart (LoB 5.6).
const (
	CanisterDense  = "dense"
	CanisterNormal = "normal"
	CanisterNone   = "none"
)

// SmallArmsWeapon is one row of the Small Arms Weapon Characteristics
// Chart (LoB 5.0, 5.6): maximum range, column shift and the shift's
// maximum range, in hexes.
type SmallArmsWeapon struct {
	Range, Shift, ShiftRange int
}

// ArtilleryWeapon is one row of the Artillery Weapon Characteristics Chart
// (LoB 5.0, 5.6, 8.2d): maximum range in hexes and Canister type.
type ArtilleryWeapon struct {
	Range    int
	Canister string
}

// canisterRules are the Canister shifts and the range limits of LoB 8.2d
// and 8.2e.
type canisterRules struct {
	dense, normal      int
	rng, depletedShell int
}

// compileWeapons reads both Weapon Characteristics Charts and the
// Threshold Value Chart (LoB 5.6).
func (f *fieldCharts) compileWeapons(p *rules.ChartPack) error {
	var err error
	if f.smallArms, err = compileSmallArms(p); err != nil {
		return err
	}
	if f.guns, f.canister, err = compileGuns(p); err != nil {
		return err
	}
	f.threshold, err = compileThreshold(p)
	return err
}

// compileSmallArms reads the Small Arms chart, one row per letter code.
func compileSmallArms(p *rules.ChartPack) (map[string]SmallArmsWeapon, error) {
	r, err := readTable(p, "small-arms-weapons")
	if err != nil {
		return nil, err
	}
	if err := r.needColumns("range", "shift", "shift-range"); err != nil {
		return nil, err
	}
	out := map[string]SmallArmsWeapon{}
	for _, code := range slices.Sorted(maps.Keys(r.t.Rows)) {
		var w SmallArmsWeapon
		for _, c := range []struct {
			col string
			to  *int
		}{{"range", &w.Range}, {"shift", &w.Shift}, {"shift-range", &w.ShiftRange}} {
			if *c.to, err = r.intCell(code, c.col); err != nil {
				return nil, err
			}
		}
		if w.Range < 1 || w.ShiftRange < 0 {
			return nil, r.errorf("row %s: range must be 1 or more and shift-range 0 or more", code)
		}
		out[code] = w
	}
	if len(out) == 0 {
		return nil, r.errorf("has no weapons")
	}
	return out, nil
}

// compileGuns reads the Artillery chart and its Canister values.
func compileGuns(p *rules.ChartPack) (map[string]ArtilleryWeapon, canisterRules, error) {
	var cr canisterRules
	r, err := readTable(p, "artillery-weapons")
	if err != nil {
		return nil, cr, err
	}
	if err := r.needColumns("range", "canister"); err != nil {
		return nil, cr, err
	}
	out := map[string]ArtilleryWeapon{}
	for _, code := range slices.Sorted(maps.Keys(r.t.Rows)) {
		var w ArtilleryWeapon
		if w.Range, err = r.intCell(code, "range"); err != nil {
			return nil, cr, err
		}
		if w.Canister, err = r.cell(code, "canister"); err != nil {
			return nil, cr, err
		}
		if w.Range < 1 || !slices.Contains([]string{CanisterDense, CanisterNormal, CanisterNone}, w.Canister) {
			return nil, cr, r.errorf("row %s: want a range of 1 or more and canister dense, normal or none", code)
		}
		out[code] = w
	}
	for _, v := range []struct {
		key string
		to  *int
	}{{"dense-shift", &cr.dense}, {"normal-shift", &cr.normal}, {"canister-range", &cr.rng}, {"depleted-shell-range", &cr.depletedShell}} {
		if *v.to, err = r.intValue(v.key); err != nil {
			return nil, cr, err
		}
	}
	return out, cr, nil
}

// compileThreshold reads the Threshold Value Chart: columns 1, 2, ... the
// firing SPs, one row "needed".
func compileThreshold(p *rules.ChartPack) ([]int, error) {
	r, err := readTable(p, "threshold-value")
	if err != nil {
		return nil, err
	}
	if len(r.t.Columns) == 0 {
		return nil, r.errorf("has no columns (firing SPs)")
	}
	var out []int
	for i, col := range r.t.Columns {
		if col != strconv.Itoa(i+1) {
			return nil, r.errorf("column %q: want the firing SPs 1, 2, 3 ... in order", col)
		}
		n, err := r.intCell("needed", col)
		if err != nil {
			return nil, err
		}
		if n < 1 {
			return nil, r.errorf("row needed column %s: %d is not 1 or more", col, n)
		}
		out = append(out, n)
	}
	return out, nil
}

// SmallArms returns the Small Arms chart row of a letter code (LoB 5.0).
func (f *fieldCharts) SmallArms(code string) (SmallArmsWeapon, error) {
	w, ok := f.smallArms[code]
	if !ok {
		return w, fmt.Errorf("small-arms-weapons (LoB 5.0): no weapon code %q", code)
	}
	return w, nil
}

// Gun returns the Artillery chart row of a letter code (LoB 5.0).
func (f *fieldCharts) Gun(code string) (ArtilleryWeapon, error) {
	w, ok := f.guns[code]
	if !ok {
		return w, fmt.Errorf("artillery-weapons (LoB 5.0): no weapon code %q", code)
	}
	return w, nil
}

// Threshold is the Threshold Value: the SPs of one weapon characteristic a
// shot of firingSPs (unmodified for DG) needs for that shift (LoB 5.6).
// Shots larger than the chart use its last column.
func (f *fieldCharts) Threshold(firingSPs int) int {
	return f.threshold[min(max(firingSPs, 1), len(f.threshold))-1]
}

// SmallArmsShift is the weapon shift of a Small Arms shot (LoB 5.6): each
// characteristic must meet the Threshold Value on its own and reach the
// range; only the best single shift applies. spsByCode gives the firing
// SPs of each weapon code in the shot.
func (f *fieldCharts) SmallArmsShift(rng int, spsByCode map[string]int) (int, error) {
	total := 0
	for _, n := range spsByCode {
		total += n
	}
	best := 0
	for _, code := range slices.Sorted(maps.Keys(spsByCode)) {
		w, err := f.SmallArms(code)
		if err != nil {
			return 0, err
		}
		if rng <= w.ShiftRange && spsByCode[code] >= f.Threshold(total) {
			best = max(best, w.Shift)
		}
	}
	return best, nil
}

// CanisterShift is the Canister shift of an artillery shot (LoB 5.6,
// 8.2e): none beyond Canister range; Dense if the Dense Canister SPs alone
// meet the Threshold Value of the whole shot, else Normal if all Canister
// SPs do; never both.
func (f *fieldCharts) CanisterShift(rng, firingSPs, denseSPs, normalSPs int) int {
	need := f.Threshold(firingSPs)
	switch {
	case rng > f.canister.rng:
		return 0
	case denseSPs >= need:
		return f.canister.dense
	case denseSPs+normalSPs >= need:
		return f.canister.normal
	}
	return 0
}

// GunRange is how far a battery can fire given its Depletion (LoB 8.2d):
// not at all when both kinds are Depleted, or when Shell is Depleted and
// it has no Canister; no further than the Depleted Shell range when Shell
// is Depleted.
func (f *fieldCharts) GunRange(w ArtilleryWeapon, shellDepleted, canisterDepleted bool) int {
	canister := w.Canister != CanisterNone && !canisterDepleted
	switch {
	case shellDepleted && !canister:
		return 0
	case shellDepleted:
		return min(w.Range, f.canister.depletedShell)
	}
	return w.Range
}

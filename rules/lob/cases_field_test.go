package lob

import (
	"strconv"
	"strings"

	"galloper/rules/rulestest"
)

// fieldState reads the field EXPECT-STATE lines: "sp <unit> <n>",
// "facing <unit> <N|NE|...>", "eliminated <unit> yes|no", "morale <hex>
// <state>", "cbf <hex> <level>", "depleted <battery> shell|canister|both|no",
// "pending <kind> <name>". It reports false for other lines.
func (r *caseRun) fieldState(l rulestest.Line, f []string) (got, want string, ok bool) {
	name, last := nameAndLast(f[1:])
	st := r.state()
	switch f[0] {
	case "sp":
		return strconv.Itoa(r.unitState(l, name).SP), last, true
	case "facing":
		return facingNames[r.unitState(l, name).Facing], last, true
	case "eliminated":
		return yesNo(r.unitState(l, name).Eliminated), last, true
	case "morale":
		return string(st.marker(f[1]).Morale), f[2], true
	case "cbf":
		return strconv.Itoa(st.cbf(f[1])), f[2], true
	case "pending":
		want := f[1] + " " + strings.Join(f[2:], " ")
		for _, p := range st.doc.Pending {
			if p.Kind+" "+p.Name == want {
				return want, want, true
			}
		}
		return "none", want, true
	}
	return "", "", false
}

// setFieldState applies the field STATE line "cbf <hex> <level>" (the
// support runner sets Depletion). It reports false for other lines.
func (r *caseRun) setFieldState(f []string) bool {
	st := r.state()
	switch f[0] {
	case "cbf":
		n, _ := strconv.Atoi(f[2])
		st.editMarker(f[1], func(m *HexMarker) { m.CBF = n })
	default:
		return false
	}
	return true
}

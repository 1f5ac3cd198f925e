package dice

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
)

// parseBody reads the logical lines of one record block.
func parseBody(lines []string) (Record, error) {
	var rec Record
	seen := map[string]bool{}
	nrolls := -1
	for n, l := range lines {
		key, val, ok := strings.Cut(l, ":")
		if !ok {
			return rec, fmt.Errorf("dice: record line %d: no key in %q", n+1, l)
		}
		val = strings.TrimSpace(val)
		if key != "order" && key != "salt" && key != "roll" {
			if seen[key] {
				return rec, fmt.Errorf("dice: record line %d: %s given twice", n+1, key)
			}
			seen[key] = true
		}
		if err := rec.set(key, val, &nrolls); err != nil {
			return rec, fmt.Errorf("dice: record line %d: %s: %w", n+1, key, err)
		}
	}
	for _, k := range []string{"spec", "game", "segment", "engine", "head", "prev", "link", "state", "seed", "root", "rolls"} {
		if !seen[k] {
			return rec, fmt.Errorf("dice: record has no %s line", k)
		}
	}
	if nrolls != len(rec.Rolls) {
		return rec, fmt.Errorf("dice: record says %d rolls but lists %d", nrolls, len(rec.Rolls))
	}
	return rec, nil
}

func (rec *Record) set(key, val string, nrolls *int) error {
	var err error
	switch key {
	case "spec":
		v, ok := strings.CutPrefix(val, specName)
		if !ok {
			return fmt.Errorf("unknown spec %q", val)
		}
		rec.Version, err = strconv.Atoi(v)
		if err == nil && rec.Version != Version {
			err = fmt.Errorf("unsupported version %d", rec.Version)
		}
	case "game":
		rec.GameID, err = unescape(val)
	case "segment":
		rec.Segment, err = strconv.Atoi(val)
	case "engine":
		rec.Engine, err = unescape(val)
	case "head":
		rec.Head, err = unhex(val)
	case "prev":
		rec.Prev, err = unhex(val)
	case "link":
		rec.Link, err = unhex(val)
	case "state":
		rec.State, err = unhex(val)
	case "seed":
		rec.Seed, err = unhex(val)
	case "root":
		rec.Root, err = unhex(val)
	case "order":
		var h []byte
		h, err = unhex(val)
		rec.Orders = append(rec.Orders, h)
	case "salt":
		var s []byte
		s, err = unhex(val)
		rec.Salts = append(rec.Salts, s)
	case "rolls":
		*nrolls, err = strconv.Atoi(val)
	case "roll":
		var r rules.Roll
		r, err = parseRoll(val)
		rec.Rolls = append(rec.Rolls, r)
	default:
		err = fmt.Errorf("unknown key")
	}
	return err
}

func unhex(s string) ([]byte, error) {
	if s == "-" || s == "" {
		return nil, nil
	}
	return hex.DecodeString(s)
}

// parseRoll reads "<index> d<sides> = <result> | <rule> | <purpose>".
func parseRoll(s string) (rules.Roll, error) {
	var r rules.Roll
	parts := strings.Split(s, " | ")
	if len(parts) != 3 {
		return r, fmt.Errorf("want \"<index> d<sides> = <result> | <rule> | <purpose>\", got %q", s)
	}
	if _, err := fmt.Sscanf(parts[0], "%d d%d = %d", &r.Index, &r.Sides, &r.Result); err != nil {
		return r, fmt.Errorf("bad roll %q: %v", parts[0], err)
	}
	if fmt.Sprintf("%d d%d = %d", r.Index, r.Sides, r.Result) != parts[0] {
		return r, fmt.Errorf("bad roll %q", parts[0])
	}
	var err error
	if r.Rule, err = unescape(parts[1]); err != nil {
		return r, err
	}
	r.Purpose, err = unescape(parts[2])
	return r, err
}

// Package systems is the one explicit list of the game systems Galloper
// runs.
package systems

import (
	"fmt"
	"sort"

	"galloper/rules"
	"galloper/rules/acwminis"
	"galloper/rules/battlehymn"
	"galloper/rules/gbacw"
	"galloper/rules/lob"
	"galloper/rules/wintersvictory"
)

// All returns every registered system, by id.
func All() []rules.System {
	list := []rules.System{
		lob.New(),
		acwminis.New(),
		battlehymn.New(),
		wintersvictory.New(),
		gbacw.New(),
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID() < list[j].ID() })
	return list
}

// Get returns the system with the given id.
func Get(id string) (rules.System, error) {
	var ids []string
	for _, s := range All() {
		if s.ID() == id {
			return s, nil
		}
		ids = append(ids, s.ID())
	}
	return nil, fmt.Errorf("unknown game system %q (known: %v)", id, ids)
}

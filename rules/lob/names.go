package lob

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"galloper/orders"
)

// named is one name a player may write for a target (a Command may be named
// by itself, its HQ or its leader).
type named[T comparable] struct {
	name   string
	target T
}

// matchResult is the outcome of matching a written name.
type matchResult[T comparable] struct {
	target     T
	ok         bool
	message    string // set when !ok
	suggestion string
}

// nameMarks are the marks normName drops; built once, as building a
// Replacer costs far more than using it.
var nameMarks = strings.NewReplacer("'", "", "’", "", ".", "")

// normCache keeps the folded form of each counter, Command and place name
// of the scenarios: a small fixed set, matched again for every name an
// order file writes. What players write is folded with foldName and never
// kept, so mail cannot grow the cache.
var normCache sync.Map

// normName folds a name of the game (a candidate for match), caching it.
func normName(s string) string {
	if v, ok := normCache.Load(s); ok {
		return v.(string)
	}
	n := foldName(s)
	normCache.Store(s, n)
	return n
}

// foldName folds case, apostrophes, full stops and runs of spaces.
func foldName(s string) string {
	s = strings.ToLower(s)
	s = nameMarks.Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// match finds what a written name means: an exact match (ignoring case),
// else a unique prefix abbreviation. An ambiguous prefix lists the
// candidates; an unknown name suggests the nearest by edit distance.
func match[T comparable](what, written string, cands []named[T]) matchResult[T] {
	w := foldName(written)
	if w == "" {
		return matchResult[T]{message: fmt.Sprintf("no %s is named", what)}
	}
	for _, c := range cands {
		if normName(c.name) == w {
			return matchResult[T]{target: c.target, ok: true}
		}
	}
	var hits []named[T]
	seen := map[T]bool{}
	for _, c := range cands {
		if strings.HasPrefix(normName(c.name), w) && !seen[c.target] {
			seen[c.target] = true
			hits = append(hits, c)
		}
	}
	if len(hits) == 1 {
		return matchResult[T]{target: hits[0].target, ok: true}
	}
	if len(hits) > 1 {
		names := make([]string, len(hits))
		for i, h := range hits {
			names[i] = "'" + h.name + "'"
		}
		return matchResult[T]{
			message:    fmt.Sprintf("%s %q is ambiguous: it could be %s", what, written, strings.Join(names, " or ")),
			suggestion: "write more of the name",
		}
	}
	r := matchResult[T]{message: fmt.Sprintf("there is no %s called %q", what, written)}
	if best, ok := nearest(w, cands); ok {
		r.suggestion = fmt.Sprintf("did you mean '%s'?", best)
	}
	return r
}

// nearest is the candidate name closest to w, if any is close enough.
func nearest[T comparable](w string, cands []named[T]) (string, bool) {
	type scored struct {
		name string
		d    int
	}
	var all []scored
	for _, c := range cands {
		all = append(all, scored{c.name, orders.Distance(w, normName(c.name))})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].d < all[j].d })
	if len(all) == 0 || all[0].d > max(2, len(w)/2) {
		return "", false
	}
	return all[0].name, true
}

// Package wintersvictory holds the rules layer of Winter's Victory (New
// England Simulations, Eylau 1807, Living Rules v1.3), cited as `WV 17.34`.
//
// So far it holds the layer beneath a game system: the tables the Rules of
// Play booklet prints, as embedded data with checked loaders and lookups
// (tables.go, charts/printed.yaml); the provisional chart pack for the
// Order Delivery Table the booklet does not print, which an owner replaces
// with the real card (pack.go, charts/provisional.yaml); and the command
// layer that play by email depends on, as pure functions: order delivery
// and the Delay Check (delivery.go, 17.34-17.35), Army Command Points
// (points.go, 17.2) and who may send how many orders (issuing.go,
// 17.31-17.41, 17.71).
//
// Still to come: the rules.System (state, order dialect, the sequence of
// play 4.1-4.5, resolution, scenario and demo), provisional Fire, Shock and
// Terrain Effects tables, and the case corpus. COVERAGE.md says what covers
// each subsection so far; docs/rulings-wintersvictory.md holds the rulings
// on the booklet's ambiguities and docs/charts-wintersvictory.md the
// derivation of every provisional value.
package wintersvictory

// Package gbacw holds the lower layers of Galloper's Great Battles of the
// American Civil War system (GMT, 2026 series rules, system id "gbacw"):
// the tables the Series Rules print, as data (charts/series.yaml); the
// provisional pack for the tables they use but do not print
// (charts/provisional.yaml, docs/charts-gbacw.md); and the efficiency and
// activation layer as pure functions: Initiative (5.1), the EM draw and
// Efficiency with the OC's bonus, the corps commander's adjustments, the
// clamps and the Efficiency Transfer (5.2-5.4), the AM Pool and its blind
// draw (5.31), brigade activations (5.26-5.36), Brigade Coordination
// (5.34), the Orders Comparison Chart (6.11) and the Orders Change Table
// with Loose Cannon (6.2), the Division Orders Phase's checks (6.12, 6.14)
// and Reserve qualification (6.31); and a few other pure rules the worked examples
// pin: fire frontage and split fire (7.34, 8.31-8.33, 8.44, 10.15,
// 14.25), Rally (13.41-13.42), Fatigue (17.22-17.31), and the single-die
// checks: UDD (2.6, 11.73), Leader Casualty (12.71), Recovery from Rout
// (13.52), Straggler Recovery (16.22) and broken wheels (17.26); and the
// Fire DRMs (10.81) and Shock strengths and DRMs (11.42-11.44, 11.63).
//
// Every draw and roll goes through rules.Dice, so it is seeded, logged and
// recomputable. A d10 is read 0-9 (2.5) with dice.D10Zero. A blind draw
// from a cup of n markers held in a canonical order is one roll of a dn,
// read as the position drawn (drawIndex).
//
// Still to come: the rules.System itself (state, the order dialect with
// activation scripts and reaction doctrine, resolution of the sequence of
// play, scenario and demo), chain of command and command range on the
// map, movement, facing, stacking, line of sight, fire, shock, results,
// rally, special units, engineering, night and fatigue. COVERAGE.md lists
// what each subsection of the rules has so far.
//
// Rule citations read "See GBACW 5.23."; rulings are in
// docs/rulings-gbacw.md.
package gbacw

// SystemID is the system's id in chart packs and the registry.
const SystemID = "gbacw"

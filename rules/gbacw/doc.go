// Package gbacw is Galloper's Great Battles of the American Civil War
// system (GMT, 2026 series rules, system id "gbacw.v1"): tables as data,
// the rules that are pure functions of a few numbers, and the engine that
// plays a Game-Turn from the sides' orders, scripts and doctrine.
//
// What it holds so far, by file:
//
//   - charts.go, charts/series.yaml: the tables the Series Rules print
//     (the Orders Comparison Chart 6.11, the Orders Change Table 6.23, the
//     Unreliable table 6.24, the Brigade Coordination Table 5.34), read and
//     checked by a loader.
//   - provisional.go, charts/provisional.yaml: the combat tables the rules
//     use but do not print (Fire, Artillery Fire, Range Effects, Shock
//     Resolution, Shock Ratio, Shock Adjustments, Pre-Shock, 2nd Disorder,
//     Terrain Effects), marked provisional, with their derivations in
//     docs/charts-gbacw.md; an owner's real cards load in the same format.
//   - efficiency.go: the EM draw, the OC's bonus, the corps commander's
//     adjustments, the clamps and the Efficiency Transfer (5.2-5.4).
//   - activation.go: Initiative (5.1), the AM Pool and its blind draw
//     (5.31), brigade activations (5.26-5.36), Brigade Coordination (5.34).
//   - orders.go, orders_phase.go: the Orders, an Orders Change with Loose
//     Cannon (6.2), the Division Orders Phase's checks (6.12, 6.14) and
//     Reserve qualification (6.31).
//   - strength.go, firedrm.go, shockdrm.go: fire frontage and split fire
//     (7.34, 8.31-8.33, 8.44, 10.15, 14.25), the Fire DRMs (10.81), Shock
//     strengths and DRMs (11.37, 11.42-11.44, 11.55-11.56, 11.63).
//   - morale.go, checks.go: Rally (13.41-13.42), Fatigue (17.22-17.31),
//     the UDD (2.6, 11.73), Leader Casualty (12.71), Recovery from Rout
//     (13.52), Straggler Recovery (16.22) and broken wheels (17.26).
//   - effectiveness.go: brigade and division Combat Effectiveness
//     (13.21-13.33).
//
// Every draw and roll goes through rules.Dice, so it is seeded, logged and
// recomputable. A d10 is read 0-9 (2.5) with dice.D10Zero. A blind draw
// from a cup of n markers held in a canonical order is one roll of a dn,
// whose roll picks a marker in the cup's sorted order (rules.Cup; ruling GBACW-R8).
//
// The System, "gbacw.v1", is built on them:
//
//   - gbtext/: the order dialect (Phase II choices, activation scripts,
//     the R1-R13 doctrine); docs/orders-gbacw.md is the players' guide.
//   - state.go, scenario.go, scenarios/: the position and the sample
//     scenario, Bristoe Ford.
//   - command.go, geometry.go: Command Range, facing, line of sight,
//     retreat paths on the hex map.
//   - hexsides.go, battlebook.go: hexside features and what a step pays
//     (9.41-9.45), partial hexes (9.13), and the scenario's Battle Book
//     overrides of the Series Rules (1.0).
//   - withdraw.go, approach.go: Withdrawal Movement (9.54) and artillery
//     near the enemy, 9.55's two options.
//   - plan.go, system.go: Validate, Default, the optional rules.
//   - resolve.go, activate.go, fire.go, shock.go: a Game-Turn resolved
//     as one segment in the order of the Sequence of Play.
//   - outofcommand.go, leaders.go: units Out of Command (4.23, 5.36) and
//     leaders moved by LEADER orders (9.31-9.33).
//   - collapse.go, bothrout.go, through.go: Collapse (12.23), both sides
//     routing (12.52), retreat through friendly units (12.46).
//   - isolated.go, replacements.go, casualties.go: leaders with retreating
//     units and leaders left alone (12.71-12.73), leader replacement in
//     Phase IV/B/1 (4.18, 12.74-12.76), a Fire Combat result's Leader
//     Casualty Checks (12.71 Note 1).
//   - rally.go: the facing change after a Rally (13.41, 8.26).
//   - cavalry.go, stragglers.go: cavalry's two counters (14.2, 13.53) and
//     Straggler Recovery (16.2).
//   - view.go, style.go, demo.go: what each side sees (its own EMs only),
//     how its board is drawn, and the demo's players.
//   - hints.go: the orders open to a side, for bots (rules.OrderHinter).
//
// COVERAGE.md lists what each subsection of the rules has, and what the
// engine does not do yet (ruling GBACW-R19).
//
// Rule citations read "See GBACW 5.23."; rulings are in
// docs/rulings-gbacw.md.
package gbacw

// SystemID is the system's id in chart packs and the registry.
const SystemID = "gbacw"

// Package wintersvictory holds the rules layer of Winter's Victory (New
// England Simulations, Eylau 1807, Living Rules v1.3), cited as `WV 17.34`.
//
// So far it holds the layer beneath a game system:
//
//   - the tables the Rules of Play booklet prints, as embedded data with a
//     checked loader and lookups (charts/printed.yaml, tables.go,
//     lookups.go);
//   - the provisional chart pack for the tables the booklet does not print
//     (the Order Delivery Table, the three Fire Combat Results Tables, the
//     Shock Combat Results Table and the Terrain Effects Chart), which an
//     owner replaces with the real cards (charts/provisional.yaml, pack.go,
//     fire.go, shock.go, terrain.go), with the shock odds and differential
//     of 12.0 and 12.23 and the Target Class of 11.0 (target.go);
//   - the booklet's single-die events and self-rally (rolls.go);
//   - the command layer play by email depends on, as pure functions: order
//     delivery and the Delay Check (delivery.go, 17.34-17.35), Army Command
//     Points (points.go, 17.2), who may send how many orders (issuing.go,
//     16.2, 17.31-17.41, 17.71), In Command and changes of Command State
//     (control.go, 17.1, 17.61-17.62), Command State Continuation and
//     Attack Order violations, ending and fatigue (command.go,
//     17.63-17.76), and brigade fatigue bookkeeping (fatigue.go, 15.1);
//   - the switchable rulings by their config names (options.go).
//
// On it stands the game system, "wintersvictory.v1" (System): the order
// dialect (wvtext), the state and the Serpallen scenario (state.go,
// scenario.go, scenarios/), the eight segments of a turn
// (system.go, ruling R40) with the Interphase and the Command and Rally
// Phases (phase_command.go), the Movement Phase (phase_move.go), the
// Reciprocal Fire and Shock Phases with charges (phase_combat.go),
// double-blind sight (sight.go, ruling R43), the view (view.go) and the
// demo's players (demo.go, demo_player.go). The case corpus is
// testdata/*.case; COVERAGE.md says what covers each subsection and what
// is not yet played; docs/rulings-wintersvictory.md holds the rulings on
// the booklet's ambiguities and docs/charts-wintersvictory.md the
// derivation of every provisional value.
package wintersvictory

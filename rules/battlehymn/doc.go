// Package battlehymn is Galloper's Battle Hymn vol. 1 system (Compass
// Games; system id "battlehymn.v1"). Rule citations read `// See BH
// 6.2.2.`, BH being the Standard Rules; rulings are in
// docs/rulings-battlehymn.md, the order language in
// docs/orders-battlehymn.md.
//
// The layers, bottom up:
//
//   - Tables (charts.go): the tables the Standard Rules print, exactly,
//     as embedded data (charts/standard.yaml), and a PROVISIONAL pack
//     (charts/provisional.yaml) for the Terrain Effects Chart and the
//     Combat Special Situations Chart, which the Standard Rules only
//     refer to; docs/charts-battlehymn.md gives each value's derivation.
//     An owner's real cards load in the same format.
//   - Arithmetic (combat.go, morale.go, movement.go): fire splits and
//     masking, the To Hit Chance in the order of 6.2.2, one d10 per SP,
//     Morale Checks and what Hits do, rally, Victory Points, movement
//     costs, the conga line, horse holders.
//   - The map (board.go, zoc.go): the shared hex map loader with
//     Battle Hymn's terrain and hexside features, zones of control with
//     their blocking hexsides, surrounding, Line of Sight.
//   - State (state.go, scenario.go): Formations and units, the Hour, the
//     Initiative schedule, Objectives, standing reactions; scenarios as
//     data (scenarios/*.yaml).
//   - The Hour (hour.go, move.go, fight.go, engage.go, retreat.go): one
//     segment an Hour, both sides' orders at once; the Turn Cup drawn with
//     rules.Cup, so every pick is in the roll log; Movement Turns by
//     script, with a decision request for a script that no longer fits;
//     the held Combat Turn by trigger; Combat Turns in the order of 6.1.
//   - The system (system.go, view.go, demo.go): rules.System, the view,
//     and rules.Demonstrator.
//
// The order dialect is the sub-package bhtext.
package battlehymn

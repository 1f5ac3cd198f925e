// Package battlehymn holds the foundations of Galloper's Battle Hymn
// vol. 1 system (Compass Games; system id "battlehymn"): the tables and
// the arithmetic beneath the rules engine. Rule citations read
// `// See BH 6.2.2.`, BH being the Standard Rules.
//
// What the package holds so far:
//
//   - The tables the Standard Rules print, exactly, as embedded data
//     (charts/standard.yaml): Range Attenuation (9.2), the Morale Check
//     (10.3), the Rally Table (10.5.4), the Victory Points Schedule (14.2),
//     fire resolution (6.2.3) and the To Hit modifiers the rules text
//     prints (6.1.4, 6.4.1, 6.5.3).
//   - A provisional pack (charts/provisional.yaml) for the Terrain Effects
//     Chart and the Combat Special Situations Chart, which the Standard
//     Rules only refer to: hex terrain, hexside terrain and the unit-type
//     modifiers, built from what the rules and their examples pin and
//     marked provisional; docs/charts-battlehymn.md gives each value's
//     derivation. LoadCharts reads an owner's real cards in the same
//     format and refuses a broken pack with an error naming the table and
//     the entry.
//   - The Combat Round arithmetic as pure functions: fire split as evenly
//     as possible among the hexes exerting a ZOC (Split, SplitAtRandom),
//     Approach Fire masking (ApproachFire), the Final To Hit Chance in the
//     order of 6.2.2 (Charts.ToHit), one d10 per intact SP (Charts.Fire,
//     Charts.Hits), Morale Checks and what Hits do (Charts.Passes,
//     ApplyHits), rally, Victory Points, movement costs, the conga line
//     and horse holders.
//
// The Hour's Turn Cup is drawn with rules.Cup, the shared verifiable draw.
//
// Still to come, once the board view is in place: the map model, zones of
// control and line of sight; the state, the order dialect and the
// rules.System; the Hour (initiative, the cup, Movement and Combat Turns),
// Engagements, retreats, advance, bombardment, reinforcements, night and
// victory; the sample scenario and the case corpus (COVERAGE.md lists what
// each rule section has so far). The switchable rulings are in
// docs/rulings-battlehymn.md.
package battlehymn

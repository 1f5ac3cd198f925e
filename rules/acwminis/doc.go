// Package acwminis is Galloper's adjudicator for the American Civil War
// regimental miniatures rules of the quick-reference sheet (its title is
// not printed; Galloper calls it ACW). It is played on an open table
// measured in inches (package table does the geometry).
//
// The sheet has no rule numbers, so code cites a heading and the line of
// the sheet's text, as `// See ACW ORDERS (seed L69).`. Where the sheet is
// silent or mangled, docs/rulings-acwminis.md gives Galloper's ruling
// (A1 to A37), and the game's configuration can switch the ones players
// differ on.
//
// The package holds the sheet's tables, exactly as printed, as embedded
// data (tables/*.yaml) with their loader, Tables; the scenarios
// (scenarios/*.yaml); and the System, acwminis.v1: the IGO-UGO turn, the
// Command Phase (disorder markers, RALLY, CHARGE, commanders' moves,
// order tests), movement with a dry run for the receipt,
// interpenetration, the Shooting Phase with its morale tests, charges and
// melee. Its order dialect is package acwtext.
package acwminis

// Package table is Galloper's geometry for games played on an open table
// measured in inches rather than on a hex grid: positions, unit footprints,
// the quarters around a unit, edge-to-edge distances, line of sight and
// swept movement that stops at the first collision.
//
// Every answer is exact and reproducible. Positions are integer
// thousandths of an inch (Length) and headings integer tenths of a degree
// (Angle). Polygons have integer vertices, and every test that decides a
// rule on them (overlap, side of a line, nearer or farther) is done in
// integer arithmetic, with 128-bit products where 64 bits could overflow.
// Floating point is used only where a position follows from an angle
// (the corners of a rotated rectangle, a point's place in a unit's frame,
// a point reached along a bearing) and for a first guess at a square
// root; the length of a wheel's arc (ArcLength) and the bearing between
// two points (Bearing) are exact. Sines come from a table of every
// tenth of a degree (not math.Sin, whose polynomial may be compiled with
// fused multiply-adds on some processors), every product is converted
// explicitly so the compiler cannot fuse it into a multiply-add, and every
// result is rounded half away from zero to the thousandth (math.Round)
// before anything is decided on it; square-root guesses are corrected by
// an exact integer check. IEEE arithmetic does the rest, so a replay gives
// the same thousandths on every machine.
//
// Distances are reported rounded up to the next thousandth of an inch, so
// a reported distance compares with a rule's threshold exactly as the true
// distance does: "within 1.000" holds for a reported 1.000 and fails for a
// reported 1.001. Every function returns the numbers that decided it
// (distance, counts of lines of sight, quarter and local offsets, the
// length moved and what stopped it) so a report can print them.
//
// Coordinates must lie within ±MaxCoord thousandths (a table up to 1000
// inches across), which keeps every cross product inside 64 bits.
//
// Bearings are compass style: 0 is along +Y, angles grow clockwise. The
// pose of a unit is the centre of its front edge and its heading. The
// bearing from one point to another (Bearing) is found on the sine table
// in exact integer arithmetic, not with an inverse tangent.
package table

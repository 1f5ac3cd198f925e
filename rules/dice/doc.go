// Package dice implements Galloper's verifiable dice, spec galloper-dice/1.
//
// At game creation the server commits to a SHA-256 hash chain (Chain): the
// head is mailed to every player before any order is due. Segment k is keyed
// by chain link k, revealed after the segment. The segment seed is
// HMAC-SHA256(link_k, encoding of game id, k, engine, state hash, order
// hashes, player salts), and roll i of an n-sided die is drawn from
// HMAC-SHA256(seed, i, n, retry counter) by rejection sampling. A Segment
// implements rules.Dice; its Record is printed into the results mail by
// FormatRecord, read back by ParseRecord and rechecked by Verify. In
// fog-of-war games the roll log is committed by a Merkle root (MerkleRoot)
// and each side receives its visible rolls with inclusion proofs (Proof).
//
// docs/dice.md gives the byte layouts, test vectors and the threat model.
// The package does no I/O and reads no clock: the caller supplies the random
// reader for NewSecret.
package dice

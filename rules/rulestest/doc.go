// Package rulestest is the test kit every game system shares: the
// DATC-style case format and its runner (a subtest per case, forced dice,
// events, problems and decision requests checked the same way for every
// system), the COVERAGE.md check, and the conformance suite every
// registered system must pass.
//
// A system supplies only what is its own: how a case's STATE lines build
// and change its state, what its EXPECT-STATE lines check, and any steps
// of its own (a Harness). The format is described in docs/systems.md.
//
// The package is test support: only _test.go files import it, and it
// reads case files through an fs.FS its caller hands it.
package rulestest

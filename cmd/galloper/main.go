// Command galloper is Galloper's one binary: the mail daemon, the demo, and
// the operator's tools.
package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	if err := rootCmd().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "galloper:", err)
		os.Exit(exitCode(err))
	}
}

// exitError carries a specific exit status.
type exitError struct {
	code int
	msg  string
}

func (e exitError) Error() string { return e.msg }

func exitCode(err error) int {
	if e, ok := err.(exitError); ok {
		return e.code
	}
	if usageError(err) {
		return 2
	}
	return 1
}

// usageError reports whether err is cobra's complaint about how a
// command was called: a missing or unknown flag, or the wrong number of
// arguments. Those exit 2, as a command that could not run.
func usageError(err error) bool {
	msg := err.Error()
	for _, p := range []string{"required flag(s) ", "unknown flag: ", "unknown shorthand flag: ", "unknown command ",
		"accepts ", "requires at least ", "requires at most ", "flag needs an argument: ", "invalid argument "} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

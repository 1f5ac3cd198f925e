// Command galloper is Galloper's one binary: the mail daemon, the demo, and
// the operator's tools.
package main

import (
	"fmt"
	"os"
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
	return 1
}

package acwminis

import (
	"testing"

	"galloper/rules/rulestest"
)

var _ rulestest.Hider = System{}

// TestConformance runs the conformance suite on acwminis.
func TestConformance(t *testing.T) { rulestest.Conform(t, New()) }

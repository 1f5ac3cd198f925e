package acwminis

import (
	"testing"

	"galloper/rules/rulestest"
)

// TestConformance runs the conformance suite on acwminis.
func TestConformance(t *testing.T) { rulestest.Conform(t, New()) }

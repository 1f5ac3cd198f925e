package wintersvictory

import (
	"testing"

	"galloper/rules/rulestest"
)

// TestConformance runs the conformance suite on Winter's Victory.
func TestConformance(t *testing.T) { rulestest.Conform(t, New()) }

package battlehymn

import (
	"testing"

	"galloper/rules/rulestest"
)

// TestConformance runs the conformance suite on battlehymn.
func TestConformance(t *testing.T) { rulestest.Conform(t, New()) }

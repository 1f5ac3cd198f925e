package gbacw

import (
	"testing"

	"galloper/rules/rulestest"
)

var _ rulestest.Hider = System{}

func TestConformance(t *testing.T) { rulestest.Conform(t, New()) }

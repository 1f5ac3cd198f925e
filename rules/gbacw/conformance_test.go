package gbacw

import (
	"testing"

	"galloper/rules/rulestest"
)

func TestConformance(t *testing.T) { rulestest.Conform(t, New()) }

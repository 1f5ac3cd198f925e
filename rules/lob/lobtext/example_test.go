package orders

import "strings"

// sample is the order file used throughout the tests and documentation.
const sample = `GAME     tanners-1
SIDE     CSA
TURN     3
PASSWORD tulip-47
SALT     rebel yell

ORDER MOVE from Bragg to Hardee
  OBJECTIVE A12.8
  ROUTE     Mill Road, A10.7, A12.8
  WHEN      First Light
  FOR Cleburne: lead the column, guns behind
  INTENT    Seize the ford before the Yankees do.
END

ORDER ATTACK from Hardee to Hood's Div
  OBJECTIVE Pitzer's Schoolhouse
  INTENT    Roll up their left.
  INTENT    Then hold the ridge.
END
`

var sampleCRLF = strings.ReplaceAll(sample, "\n", "\r\n")

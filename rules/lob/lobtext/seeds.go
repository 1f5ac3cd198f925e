package lobtext

import "strings"

// The order files of the dialect's documentation, tests and fuzz seed corpus.

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

// activitySample is an Activity Phase file with every step and reaction,
// in canonical form.
const activitySample = `GAME     tanners-1
SIDE     CSA
TURN     3

STACK 1st Texas, 4th Texas
  MOVE C12.8 C12.9 C13.9
  FACE NE
  FORMATION LINE
  FIRE C14.10
  IF CLOSING FAILS FIRE C14.10
END

STACK Reilly
  UNLIMBER
  FACE SE
  FIRE C16.11 CANISTER
END

STACK Hood, 5th Texas, 3rd Arkansas
  SPLIT 3rd Arkansas
  MOVE C13.10
  JOIN 4th Alabama, Law
  CHARGE C13.11
END

STACK 2nd Georgia
  RETREAT C10.8 C10.7 C10.6 C10.5 C10.4 C10.3 C10.2 C10.1 C9.1 C8.1
END

STANDING
  VOLLEY    PREFER Reilly, 1st Texas
  RETREAT   AVOID EZOC, TOWARD HQ, ROADS
  LOSSES    SPREAD
  FRIENDS   DISPLACE LEFT
  WITHDRAW  COVER
  CAVALRY   STAND
  ARTILLERY EXTEND
  FACING    KEEP
  ENDPOINT  BLOCKED
  LEADERS   HQ
  REPL      STRONGEST
  HQ        SAFEST
END
`

const commandSample = `GAME g
SIDE CSA
TURN 5
ORDER ATTACK from Lee to Longstreet
  OBJECTIVE A10.7
  ROUTE     Pike
  RESERVE   Kemper's Brigade
  ASSOCIATE Alexander's Battalion
  DESTINATION Eshleman's Battalion at A9.7
  AXIS      Pike
  DEFEND    facing east from A9.6 to A9.9, front A10.6-A10.9
END
INITIATIVE RELEASE by Hood
INITIATIVE MODIFY by Hood to A10.7
FUTILE Hood's Division
POST Reilly's Battery to A10.8
WAGON Corps Train to A3.3
SKEDADDLE Hood's Division to A2.7
SURRENDER 4 Ala
`

// sampleCRLF is sample with CRLF line endings.
var sampleCRLF = strings.ReplaceAll(sample, "\n", "\r\n")

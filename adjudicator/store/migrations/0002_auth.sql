-- Per-player reply tokens, and a log of refusals sent to unauthenticated
-- senders so that each address gets at most one a day.
ALTER TABLE players ADD COLUMN token TEXT NOT NULL DEFAULT '';

CREATE TABLE refusals (
    address TEXT NOT NULL,
    day     TEXT NOT NULL, -- YYYY-MM-DD, UTC
    PRIMARY KEY (address, day)
) STRICT;

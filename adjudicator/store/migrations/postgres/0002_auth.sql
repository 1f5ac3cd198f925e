ALTER TABLE players ADD COLUMN token TEXT NOT NULL DEFAULT '';

CREATE TABLE refusals (
    address TEXT NOT NULL,
    day     TEXT NOT NULL,
    PRIMARY KEY (address, day)
);

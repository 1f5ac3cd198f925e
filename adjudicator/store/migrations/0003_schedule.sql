-- Absence bookings (deadlines that fall in one move past it) and pausing.
CREATE TABLE absences (
    game_id   TEXT NOT NULL REFERENCES games(id),
    side      TEXT NOT NULL,
    first_day TEXT NOT NULL, -- YYYY-MM-DD, UTC, inclusive
    last_day  TEXT NOT NULL
) STRICT;
ALTER TABLE games ADD COLUMN paused_at INTEGER NOT NULL DEFAULT 0; -- Unix ms; 0 = running

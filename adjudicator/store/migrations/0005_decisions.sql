-- Decision requests: a choice no standing order covers, asked of one side
-- mid-segment. The segment is resolved again from its start, with the same
-- dice, once every request is answered (by the player, the umpire, or the
-- default when the deadline passes).
CREATE TABLE decisions (
    id             INTEGER PRIMARY KEY,
    game_id        TEXT    NOT NULL REFERENCES games(id),
    segment_index  INTEGER NOT NULL,
    seq            INTEGER NOT NULL,           -- 1, 2, ... within the segment, in the order asked
    key            TEXT    NOT NULL,           -- the system's key, e.g. "retreat:1st Texas"
    side           TEXT    NOT NULL,
    rule           TEXT    NOT NULL,
    question       TEXT    NOT NULL,
    options        TEXT    NOT NULL,           -- one option per line
    default_choice TEXT    NOT NULL,
    requested_at   INTEGER NOT NULL,           -- Unix ms
    deadline       INTEGER NOT NULL,           -- Unix ms; the default is taken after it
    choice         TEXT    NOT NULL DEFAULT '',
    decided_by     TEXT    NOT NULL DEFAULT '', -- player | umpire | deadline
    decided_at     INTEGER NOT NULL DEFAULT 0,
    UNIQUE (game_id, segment_index, key),
    UNIQUE (game_id, segment_index, seq)
) STRICT;

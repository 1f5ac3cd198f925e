-- Galloper's first schema. Times are Unix milliseconds.
CREATE TABLE games (
    id            TEXT PRIMARY KEY,
    system        TEXT NOT NULL,
    scenario      TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'active', -- active | over
    segment_index INTEGER NOT NULL DEFAULT 0,
    state         BLOB NOT NULL,                  -- canonical state awaiting orders
    chart_pack    BLOB NOT NULL,                  -- the chart pack file the game runs on
    dice_secret   BLOB NOT NULL,                  -- h_0 of the dice hash chain; never mailed before game end
    dice_head     BLOB NOT NULL,                  -- published commitment
    dice_links    INTEGER NOT NULL,
    deadline      INTEGER NOT NULL DEFAULT 0,     -- current segment's deadline, 0 = none
    thread_id     TEXT NOT NULL,                  -- Message-ID of the game-start mail, for threading
    created_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE players (
    game_id       TEXT NOT NULL REFERENCES games(id),
    side          TEXT NOT NULL,
    email         TEXT NOT NULL,
    password_hash TEXT NOT NULL, -- hex SHA-256 of game id, side and password
    PRIMARY KEY (game_id, side)
) STRICT;

CREATE TABLE inbound (
    id           INTEGER PRIMARY KEY,
    mailbox      TEXT NOT NULL,
    uid_validity INTEGER NOT NULL,
    uid          INTEGER NOT NULL,
    message_id   TEXT NOT NULL,
    body_hash    TEXT NOT NULL,
    raw          BLOB NOT NULL,
    received_at  INTEGER NOT NULL,
    status       TEXT NOT NULL DEFAULT 'new', -- new | processed
    result       TEXT NOT NULL DEFAULT '',
    game_id      TEXT NOT NULL DEFAULT '',
    UNIQUE (mailbox, uid_validity, uid),
    UNIQUE (message_id, body_hash)
) STRICT;

CREATE TABLE orders (
    id            INTEGER PRIMARY KEY,
    game_id       TEXT NOT NULL REFERENCES games(id),
    segment_index INTEGER NOT NULL,
    side          TEXT NOT NULL,
    inbound_id    INTEGER REFERENCES inbound(id), -- NULL for default orders
    canonical     TEXT NOT NULL,
    hash          TEXT NOT NULL,
    salt          TEXT NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL
) STRICT;
CREATE INDEX orders_by_segment ON orders(game_id, segment_index, side, id);

CREATE TABLE segments (
    game_id       TEXT NOT NULL REFERENCES games(id),
    segment_index INTEGER NOT NULL,
    label         TEXT NOT NULL,
    state_before  BLOB NOT NULL,
    state_after   BLOB NOT NULL,
    dice_record   TEXT NOT NULL,
    resolved_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, segment_index)
) STRICT;

-- The event journal: each row's hash covers the previous row's hash, so
-- any edit breaks the chain.
CREATE TABLE events (
    game_id       TEXT NOT NULL REFERENCES games(id),
    seq           INTEGER NOT NULL,
    segment_index INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    body          TEXT NOT NULL, -- JSON of the event
    prev_hash     TEXT NOT NULL,
    hash          TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT;

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    message_id   TEXT NOT NULL UNIQUE,
    game_id      TEXT NOT NULL DEFAULT '',
    kind         TEXT NOT NULL,
    recipient    TEXT NOT NULL,
    raw          BLOB NOT NULL,
    status       TEXT NOT NULL DEFAULT 'pending', -- pending | sent | failed
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_attempt INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT NOT NULL DEFAULT '',
    created_at   INTEGER NOT NULL,
    sent_at      INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX outbox_pending ON outbox(status, next_attempt, id);

-- Referee controls, per-game no-moves policy, invitations, resignations
-- and mail-authentication evidence.
ALTER TABLE games ADD COLUMN preview INTEGER NOT NULL DEFAULT 0;          -- 1: results held for the umpire
ALTER TABLE games ADD COLUMN nmr_policy TEXT NOT NULL DEFAULT 'defaults'; -- defaults | wait
ALTER TABLE players ADD COLUMN invite_hash TEXT NOT NULL DEFAULT '';      -- hex SHA-256 of an unused invite code
ALTER TABLE players ADD COLUMN resigned_at INTEGER NOT NULL DEFAULT 0;    -- Unix ms; 0 = playing
ALTER TABLE players ADD COLUMN pgp_key TEXT NOT NULL DEFAULT '';          -- armored OpenPGP public key, optional
ALTER TABLE inbound ADD COLUMN auth_results TEXT NOT NULL DEFAULT '';     -- Authentication-Results headers as received
ALTER TABLE outbox ADD COLUMN segment_index INTEGER NOT NULL DEFAULT -1;  -- the segment a report belongs to

-- The highest dice chain link any record of the game has used, rolled-back
-- records included. A segment resolved again after a ROLLBACK takes a link
-- above it, which no record has revealed (docs/dice.md, section 2.4).
ALTER TABLE games ADD COLUMN dice_used INTEGER NOT NULL DEFAULT 0;
UPDATE games SET dice_used = max(
    COALESCE((SELECT max(segment_index) + 1 FROM segments WHERE segments.game_id = games.id), 0),
    COALESCE((SELECT max(segment_index) + 1 FROM events WHERE events.game_id = games.id AND kind = 'rollback'), 0));

ALTER TABLE games ADD COLUMN dice_used BIGINT NOT NULL DEFAULT 0;
UPDATE games SET dice_used = GREATEST(
    COALESCE((SELECT max(segment_index) + 1 FROM segments WHERE segments.game_id = games.id), 0),
    COALESCE((SELECT max(segment_index) + 1 FROM events WHERE events.game_id = games.id AND kind = 'rollback'), 0));

-- Deadline work reads only the active games whose deadline is near
-- (store.Tx.DueGames), not every game: an index on the deadline of the
-- active games.
CREATE INDEX games_due ON games(deadline, id) WHERE status = 'active' AND deadline <> 0;

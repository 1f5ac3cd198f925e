-- Indexes for the work a daemon looks for at every step, so that it costs
-- what is due, not what is stored or queued:
-- deadline work reads only the active games whose deadline is near
-- (store.Tx.DueGames);
CREATE INDEX games_due ON games(deadline, id) WHERE status = 'active' AND deadline <> 0;
-- the sender reads the oldest pending mails (DueOutgoing), however long
-- the queue behind them;
CREATE INDEX outbox_queue ON outbox(id) WHERE status = 'pending';
-- and releases stopped senders' claims (ReleaseClaims), which are few.
CREATE INDEX outbox_claims ON outbox(id) WHERE status = 'pending' AND last_error LIKE 'claimed for sending%';

-- The UIDVALIDITY last seen for each mailbox Galloper reads. When the
-- server reports another one, every UID known before means nothing, and
-- the whole mailbox is read again (stored mail is recognised by its
-- Message-ID and body hash, so nothing is stored twice).
CREATE TABLE mailboxes (
    name         TEXT PRIMARY KEY,
    uid_validity INTEGER NOT NULL,
    changed_at   INTEGER NOT NULL -- Unix ms when this UIDVALIDITY was first recorded
) STRICT;

-- A stored mail whose processing keeps failing (a bug, not the player's
-- mistake) is set aside as 'failed' after a few attempts, so that the mail
-- behind it is not held up for ever.
ALTER TABLE inbound ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;

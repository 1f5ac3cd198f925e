-- The UIDVALIDITY last seen for each mailbox Galloper reads. When the
-- server reports another one, every UID known before means nothing, and
-- the whole mailbox is read again (stored mail is recognised by its
-- Message-ID and body hash, so nothing is stored twice).
CREATE TABLE mailboxes (
    name         TEXT PRIMARY KEY,
    uid_validity INTEGER NOT NULL,
    changed_at   INTEGER NOT NULL -- Unix ms when this UIDVALIDITY was first recorded
) STRICT;

CREATE TABLE mailboxes (
    name         TEXT PRIMARY KEY,
    uid_validity BIGINT NOT NULL,
    changed_at   BIGINT NOT NULL
);
ALTER TABLE inbound ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0;

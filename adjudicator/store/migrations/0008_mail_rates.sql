-- The mails each sender address had read, by class (order files, commands,
-- replies to mails over the rate), for the per-address rate limits.
-- Rows older than the window are removed as new ones are noted.
CREATE TABLE mail_rates (
    address TEXT    NOT NULL, -- lower case
    class   TEXT    NOT NULL, -- "orders", "commands", or "limited-" and one of them (replies over the limit)
    at      INTEGER NOT NULL  -- Unix milliseconds
) STRICT;
CREATE INDEX mail_rates_by_address ON mail_rates(address, class, at);

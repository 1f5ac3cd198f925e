CREATE TABLE mail_rates (
    address TEXT   NOT NULL,
    class   TEXT   NOT NULL,
    at      BIGINT NOT NULL
);
CREATE INDEX mail_rates_by_address ON mail_rates(address, class, at);

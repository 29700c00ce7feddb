-- Which instance runs a table's bots and clocks, until when (ms since the epoch).
CREATE TABLE leases (
    table_id TEXT PRIMARY KEY,
    instance TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);

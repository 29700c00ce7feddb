-- One portable migration set for SQLite and PostgreSQL: TEXT, BIGINT, INTEGER; JSON as TEXT.
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players BIGINT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    clock TEXT NOT NULL,
    clocks TEXT NOT NULL,
    version BIGINT NOT NULL,
    status TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

CREATE TABLE seats (
    table_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    bot TEXT,
    name TEXT,
    token_hash TEXT,
    zombie INTEGER NOT NULL,
    resigned INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE decisions (
    table_id TEXT NOT NULL,
    version BIGINT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, version)
);

CREATE INDEX tables_by_status ON tables (status);

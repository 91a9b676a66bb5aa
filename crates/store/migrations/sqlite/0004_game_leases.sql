-- Which node runs each game's actor (SQLite dialect). With several `muster serve` processes on
-- one database, a node runs a game only while it holds the game's lease: taken when it is free
-- or lapsed, renewed before `until_ms`, released when the node stops. `epoch` counts the times
-- the lease changed hands. One node on a SQLite file holds every lease it asks for.

CREATE TABLE game_leases (
    game_id   TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    node      TEXT NOT NULL,
    until_ms  INTEGER NOT NULL,
    epoch     INTEGER NOT NULL
);
CREATE INDEX game_leases_node ON game_leases (node);

-- What one node of a site hands another (SQLite dialect; a site on SQLite is one node, so the
-- table stays empty there, kept for a schema the same on both). A row is addressed to one
-- node, taken (deleted) by it in `id` order, and forgotten after a minute when nobody took it.

CREATE TABLE relays (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    node     TEXT NOT NULL,
    body     TEXT NOT NULL,
    sent_ms  INTEGER NOT NULL
);
CREATE INDEX relays_node ON relays (node, id);
CREATE INDEX relays_sent ON relays (sent_ms);

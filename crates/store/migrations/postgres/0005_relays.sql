-- What one node of a site hands another (PostgreSQL dialect): a connection's frame for the
-- node that runs its game, the frames that game's actor sends back, a note too long for the
-- bus. A row is addressed to one node, taken (deleted) by it in `id` order, and forgotten
-- after a minute when nobody took it (its node stopped).

CREATE TABLE relays (
    id       BIGSERIAL PRIMARY KEY,
    node     TEXT NOT NULL,
    body     TEXT NOT NULL,
    sent_ms  BIGINT NOT NULL
);
CREATE INDEX relays_node ON relays (node, id);
CREATE INDEX relays_sent ON relays (sent_ms);

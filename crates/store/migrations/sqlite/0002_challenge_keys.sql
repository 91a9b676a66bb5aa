-- Idempotency keys of challenge creations (SQLite dialect): the key a user sent names the
-- challenge that request made, so a repeat finds it. The challenge's id is random and owes
-- nothing to the key (a key is no secret). A row is written in the transaction that creates its
-- challenge; rows older than a day are deleted by later keyed creations.

CREATE TABLE challenge_keys (
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    idem_key        TEXT NOT NULL,
    challenge_id    TEXT NOT NULL REFERENCES challenges(id) ON DELETE CASCADE,
    created_ms      INTEGER NOT NULL,
    PRIMARY KEY (user_id, idem_key)
);
CREATE INDEX challenge_keys_created ON challenge_keys (created_ms);

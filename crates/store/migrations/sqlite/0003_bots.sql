-- Bots and their owners (SQLite dialect). A bot is a user (`users.is_bot = 1`); this table says
-- who owns it, so an owner's bots are listed without reading every bot's `prefs_json`. A row is
-- written in the transaction that creates its bot, and goes with either user.
--
-- Bots made before this table held their owner only in `prefs_json` (`{"owner": <user id>,
-- "token_hash": …}`): they are copied in, those whose owner is still a user. A `prefs_json`
-- that is not JSON is passed over (`json_valid`), not an error.

CREATE TABLE bots (
    bot_id      TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    owner_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_ms  INTEGER NOT NULL
);
CREATE INDEX bots_owner ON bots (owner_id, created_ms);

INSERT INTO bots (bot_id, owner_id, created_ms)
SELECT b.id, o.id, b.created_ms
FROM users AS b
JOIN users AS o
  ON o.id = CASE WHEN json_valid(b.prefs_json) THEN json_extract(b.prefs_json, '$.owner') END
WHERE b.is_bot = 1 AND o.id <> b.id;

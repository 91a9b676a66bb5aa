-- Bots and their owners (PostgreSQL dialect). A bot is a user (`users.is_bot = 1`); this table
-- says who owns it, so an owner's bots are listed without reading every bot's `prefs_json`. A
-- row is written in the transaction that creates its bot, and goes with either user.
--
-- Bots made before this table held their owner only in `prefs_json` (`{"owner": <user id>,
-- "token_hash": …}`): they are copied in, those whose owner is still a user. A `prefs_json`
-- that is not JSON is passed over, not an error: PostgreSQL 15 has no `IS JSON`, so each bot's
-- text is cast on its own and a failed cast skips that bot.

CREATE TABLE bots (
    bot_id      TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    owner_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_ms  BIGINT NOT NULL
);
CREATE INDEX bots_owner ON bots (owner_id, created_ms);

DO $$
DECLARE
    bot RECORD;
    owner TEXT;
BEGIN
    FOR bot IN SELECT id, prefs_json, created_ms FROM users WHERE is_bot = 1 LOOP
        BEGIN
            owner := bot.prefs_json::jsonb ->> 'owner';
        EXCEPTION WHEN others THEN
            owner := NULL;
        END;
        INSERT INTO bots (bot_id, owner_id, created_ms)
        SELECT bot.id, u.id, bot.created_ms FROM users AS u
        WHERE u.id = owner AND u.id <> bot.id;
    END LOOP;
END
$$;

-- The platform schema (PostgreSQL dialect). Types are the ones both backends read through sqlx Any:
-- BIGINT, DOUBLE PRECISION, TEXT. Times are milliseconds since the Unix epoch; ids are TEXT;
-- flags are 0/1; enums are lower-case TEXT checked on read.

CREATE TABLE users (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    name_norm   TEXT NOT NULL UNIQUE,
    pw_hash     TEXT,
    is_guest    BIGINT NOT NULL,
    is_bot      BIGINT NOT NULL,
    email       TEXT,
    prefs_json  TEXT NOT NULL,
    created_ms  BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_ms  BIGINT NOT NULL,
    seen_ms     BIGINT NOT NULL,
    expires_ms  BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE challenges (
    id              TEXT PRIMARY KEY,
    creator_id      TEXT NOT NULL REFERENCES users(id),
    game            TEXT NOT NULL,
    variant         TEXT NOT NULL,
    seats           BIGINT NOT NULL,
    seat_spec_json  TEXT NOT NULL,
    random_order    BIGINT NOT NULL,
    clock_kind      TEXT NOT NULL,
    base_ms         BIGINT NOT NULL,
    inc_ms          BIGINT NOT NULL,
    corr_ms         BIGINT NOT NULL,
    rated           BIGINT NOT NULL,
    takeback        TEXT NOT NULL,
    visibility      TEXT NOT NULL,
    status          TEXT NOT NULL,
    created_ms      BIGINT NOT NULL,
    expires_ms      BIGINT NOT NULL,
    game_id         TEXT
);
CREATE INDEX challenges_status ON challenges (status, expires_ms);

CREATE TABLE games (
    id              TEXT PRIMARY KEY,
    game            TEXT NOT NULL,
    variant         TEXT NOT NULL,
    seats           BIGINT NOT NULL,
    rules_version   TEXT NOT NULL,
    status          TEXT NOT NULL,
    start_text      TEXT,
    chance_seed     BIGINT NOT NULL,
    ply             BIGINT NOT NULL,
    version         BIGINT NOT NULL,
    clock_kind      TEXT NOT NULL,
    base_ms         BIGINT NOT NULL,
    inc_ms          BIGINT NOT NULL,
    corr_ms         BIGINT NOT NULL,
    clock_json      TEXT NOT NULL,
    deadline_ms     BIGINT,
    rated           BIGINT NOT NULL,
    takeback        TEXT NOT NULL,
    result          TEXT,
    termination     TEXT,
    challenge_id    TEXT,
    created_ms      BIGINT NOT NULL,
    started_ms      BIGINT,
    ended_ms        BIGINT,
    updated_ms      BIGINT NOT NULL
);
CREATE INDEX games_deadline ON games (status, deadline_ms);

CREATE TABLE game_seats (
    game_id         TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat            BIGINT NOT NULL,
    kind            TEXT NOT NULL,
    user_id         TEXT REFERENCES users(id),
    ai_level        BIGINT,
    ai_seed         BIGINT NOT NULL,
    joined_ms       BIGINT,
    retired_ply     BIGINT,
    retired_why     TEXT,
    score           DOUBLE PRECISION,
    rank            BIGINT,
    rating_before   DOUBLE PRECISION,
    rating_after    DOUBLE PRECISION,
    rd_before       DOUBLE PRECISION,
    rd_after        DOUBLE PRECISION,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_user ON game_seats (user_id, game_id);

CREATE TABLE game_log (
    game_id     TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    v           BIGINT NOT NULL,
    kind        TEXT NOT NULL,
    ply         BIGINT NOT NULL,
    seat        BIGINT,
    action      TEXT,
    hidden      BIGINT NOT NULL,
    hash        BIGINT NOT NULL,
    clock_ms    BIGINT,
    think_ms    BIGINT NOT NULL,
    data_json   TEXT NOT NULL,
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (game_id, v)
);

CREATE TABLE game_snapshots (
    game_id         TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply             BIGINT NOT NULL,
    position_text   TEXT NOT NULL,
    hash            BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE chat (
    id          TEXT PRIMARY KEY,
    room        TEXT NOT NULL,
    game_id     TEXT REFERENCES games(id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users(id),
    text        TEXT NOT NULL,
    created_ms  BIGINT NOT NULL
);
CREATE INDEX chat_room ON chat (room, created_ms);

CREATE TABLE ratings (
    user_id     TEXT NOT NULL REFERENCES users(id),
    pool        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    vol         DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    updated_ms  BIGINT NOT NULL,
    PRIMARY KEY (user_id, pool)
);

CREATE TABLE rating_history (
    user_id     TEXT NOT NULL REFERENCES users(id),
    pool        TEXT NOT NULL,
    game_id     TEXT NOT NULL REFERENCES games(id),
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    at_ms       BIGINT NOT NULL
);
CREATE INDEX rating_history_user ON rating_history (user_id, pool, at_ms);

CREATE TABLE notifications (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind            TEXT NOT NULL,
    game_id         TEXT REFERENCES games(id) ON DELETE CASCADE,
    payload_json    TEXT NOT NULL,
    created_ms      BIGINT NOT NULL,
    read_ms         BIGINT,
    mailed_ms       BIGINT
);
CREATE INDEX notifications_user ON notifications (user_id, created_ms);

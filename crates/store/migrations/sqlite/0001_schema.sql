-- The platform schema (SQLite dialect). Types are the ones both backends read through sqlx Any:
-- INTEGER (64-bit), REAL (double), TEXT. Times are milliseconds since the Unix epoch; ids are TEXT;
-- flags are 0/1; enums are lower-case TEXT checked on read.

CREATE TABLE users (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    name_norm   TEXT NOT NULL UNIQUE,
    pw_hash     TEXT,
    is_guest    INTEGER NOT NULL,
    is_bot      INTEGER NOT NULL,
    email       TEXT,
    prefs_json  TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
);

CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_ms  INTEGER NOT NULL,
    seen_ms     INTEGER NOT NULL,
    expires_ms  INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE challenges (
    id              TEXT PRIMARY KEY,
    creator_id      TEXT NOT NULL REFERENCES users(id),
    game            TEXT NOT NULL,
    variant         TEXT NOT NULL,
    seats           INTEGER NOT NULL,
    seat_spec_json  TEXT NOT NULL,
    random_order    INTEGER NOT NULL,
    clock_kind      TEXT NOT NULL,
    base_ms         INTEGER NOT NULL,
    inc_ms          INTEGER NOT NULL,
    corr_ms         INTEGER NOT NULL,
    rated           INTEGER NOT NULL,
    takeback        TEXT NOT NULL,
    visibility      TEXT NOT NULL,
    status          TEXT NOT NULL,
    created_ms      INTEGER NOT NULL,
    expires_ms      INTEGER NOT NULL,
    game_id         TEXT
);
CREATE INDEX challenges_status ON challenges (status, expires_ms);

CREATE TABLE games (
    id              TEXT PRIMARY KEY,
    game            TEXT NOT NULL,
    variant         TEXT NOT NULL,
    seats           INTEGER NOT NULL,
    rules_version   TEXT NOT NULL,
    status          TEXT NOT NULL,
    start_text      TEXT,
    chance_seed     INTEGER NOT NULL,
    ply             INTEGER NOT NULL,
    version         INTEGER NOT NULL,
    clock_kind      TEXT NOT NULL,
    base_ms         INTEGER NOT NULL,
    inc_ms          INTEGER NOT NULL,
    corr_ms         INTEGER NOT NULL,
    clock_json      TEXT NOT NULL,
    deadline_ms     INTEGER,
    rated           INTEGER NOT NULL,
    takeback        TEXT NOT NULL,
    result          TEXT,
    termination     TEXT,
    challenge_id    TEXT,
    created_ms      INTEGER NOT NULL,
    started_ms      INTEGER,
    ended_ms        INTEGER,
    updated_ms      INTEGER NOT NULL
);
CREATE INDEX games_deadline ON games (status, deadline_ms);

CREATE TABLE game_seats (
    game_id         TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    kind            TEXT NOT NULL,
    user_id         TEXT REFERENCES users(id),
    ai_level        INTEGER,
    ai_seed         INTEGER NOT NULL,
    joined_ms       INTEGER,
    retired_ply     INTEGER,
    retired_why     TEXT,
    score           REAL,
    rank            INTEGER,
    rating_before   REAL,
    rating_after    REAL,
    rd_before       REAL,
    rd_after        REAL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_user ON game_seats (user_id, game_id);

CREATE TABLE game_log (
    game_id     TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    v           INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    ply         INTEGER NOT NULL,
    seat        INTEGER,
    action      TEXT,
    hidden      INTEGER NOT NULL,
    hash        INTEGER NOT NULL,
    clock_ms    INTEGER,
    think_ms    INTEGER NOT NULL,
    data_json   TEXT NOT NULL,
    created_ms  INTEGER NOT NULL,
    PRIMARY KEY (game_id, v)
);

CREATE TABLE game_snapshots (
    game_id         TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply             INTEGER NOT NULL,
    position_text   TEXT NOT NULL,
    hash            INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE chat (
    id          TEXT PRIMARY KEY,
    room        TEXT NOT NULL,
    game_id     TEXT REFERENCES games(id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users(id),
    text        TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
);
CREATE INDEX chat_room ON chat (room, created_ms);

CREATE TABLE ratings (
    user_id     TEXT NOT NULL REFERENCES users(id),
    pool        TEXT NOT NULL,
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    vol         REAL NOT NULL,
    games       INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL,
    PRIMARY KEY (user_id, pool)
);

CREATE TABLE rating_history (
    user_id     TEXT NOT NULL REFERENCES users(id),
    pool        TEXT NOT NULL,
    game_id     TEXT NOT NULL REFERENCES games(id),
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    at_ms       INTEGER NOT NULL
);
CREATE INDEX rating_history_user ON rating_history (user_id, pool, at_ms);

CREATE TABLE notifications (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind            TEXT NOT NULL,
    game_id         TEXT REFERENCES games(id) ON DELETE CASCADE,
    payload_json    TEXT NOT NULL,
    created_ms      INTEGER NOT NULL,
    read_ms         INTEGER,
    mailed_ms       INTEGER
);
CREATE INDEX notifications_user ON notifications (user_id, created_ms);

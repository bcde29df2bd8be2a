-- Arbiter: initial schema (PostgreSQL). Times are ISO-8601 text in UTC; points are half-points.
CREATE TABLE users (
    id SERIAL PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    is_admin BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);

CREATE TABLE api_tokens (
    id SERIAL PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE tournaments (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    place TEXT NOT NULL DEFAULT '',
    federation TEXT NOT NULL DEFAULT '',
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    system TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    schedule TEXT NOT NULL DEFAULT '[]',
    time_control TEXT NOT NULL,
    default_time_minutes INTEGER NOT NULL,
    adjournments BOOLEAN NOT NULL DEFAULT FALSE,
    resumption_lateness_minutes INTEGER NOT NULL DEFAULT 60,
    points TEXT NOT NULL,
    late_entry_bye TEXT NOT NULL DEFAULT 'zero',
    draw_offer_min_moves INTEGER NOT NULL DEFAULT 0,
    draw_needs_arbiter BOOLEAN NOT NULL DEFAULT FALSE,
    illegal_moves_lose INTEGER NOT NULL DEFAULT 3,
    illegal_move_bonus_seconds INTEGER NOT NULL DEFAULT 120,
    variant TEXT NOT NULL DEFAULT 'standard',
    tiebreaks TEXT NOT NULL,
    initial_color TEXT NOT NULL DEFAULT 'white',
    rating_order TEXT NOT NULL DEFAULT 'fide',
    notation TEXT NOT NULL DEFAULT 'en',
    laws_edition TEXT NOT NULL DEFAULT '2009',
    status TEXT NOT NULL DEFAULT 'registration',
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE tournament_staff (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    PRIMARY KEY (tournament_id, user_id, role)
);

CREATE TABLE forbidden_pairs (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player_a INTEGER NOT NULL,
    player_b INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, player_a, player_b)
);

CREATE TABLE players (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    start_no INTEGER NOT NULL DEFAULT 0,
    fide_id BIGINT,
    name TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    federation TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    birth_date TEXT NOT NULL DEFAULT '',
    sex TEXT NOT NULL DEFAULT '',
    rating INTEGER,
    national_rating INTEGER,
    k_factor INTEGER NOT NULL DEFAULT 20,
    status TEXT NOT NULL DEFAULT 'active',
    joined_round INTEGER NOT NULL DEFAULT 1,
    left_after_round INTEGER,
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
);
CREATE INDEX players_tournament ON players(tournament_id);

CREATE TABLE rounds (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    scheduled_start TEXT,
    state TEXT NOT NULL,
    chess960_position INTEGER,
    paired_at TEXT NOT NULL,
    published_at TEXT,
    UNIQUE (tournament_id, number)
);

CREATE TABLE games (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    board INTEGER NOT NULL,
    white_id INTEGER NOT NULL REFERENCES players(id),
    black_id INTEGER REFERENCES players(id),
    kind TEXT NOT NULL,
    white_score INTEGER,
    black_score INTEGER,
    termination TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL DEFAULT 1,
    updated_at TEXT NOT NULL,
    UNIQUE (tournament_id, round_number, board)
);
CREATE INDEX games_round ON games(tournament_id, round_number);

CREATE TABLE bye_requests (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    kind TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    UNIQUE (player_id, round_number)
);

CREATE TABLE audit_log (
    id SERIAL PRIMARY KEY,
    at TEXT NOT NULL,
    user_id INTEGER,
    tournament_id INTEGER,
    action TEXT NOT NULL,
    entity TEXT NOT NULL,
    entity_id BIGINT,
    before_state TEXT,
    after_state TEXT
);
CREATE INDEX audit_tournament ON audit_log(tournament_id);

-- The audit log is append-only.
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN RAISE EXCEPTION 'audit_log is append-only'; END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

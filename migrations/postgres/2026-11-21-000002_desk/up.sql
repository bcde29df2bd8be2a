-- The arbiter's desk: arrivals, penalties, game records (moves), adjournments.

-- SPEC §4: each player's arrival (or absence) for a game.
CREATE TABLE arrivals (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players(id),
    -- Local time of arrival, YYYY-MM-DDTHH:MM:SS; NULL when absent.
    arrived_at TEXT,
    absent BOOLEAN NOT NULL DEFAULT FALSE,
    recorded_at TEXT NOT NULL,
    UNIQUE (game_id, player_id)
);

-- SPEC §5: penalties, one row per decision; a voided penalty stays, marked.
CREATE TABLE penalties (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players(id),
    kind TEXT NOT NULL,
    article TEXT NOT NULL,
    seconds INTEGER,
    decision TEXT NOT NULL DEFAULT '',
    effect TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    arbiter_id INTEGER,
    at TEXT NOT NULL
);
CREATE INDEX penalties_game ON penalties(game_id);

-- SPEC §6: the moves of a game as submitted, and the rules core's report.
CREATE TABLE game_records (
    game_id INTEGER PRIMARY KEY NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    format TEXT NOT NULL,
    notation TEXT NOT NULL,
    start_fen TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL,
    report TEXT NOT NULL,
    uploaded_at TEXT NOT NULL
);

-- SPEC §7: adjourned games. The sealed move is stored only encrypted (AEAD,
-- key outside the database): sealed_ciphertext / sealed_nonce.
CREATE TABLE adjournments (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    position_fen TEXT NOT NULL,
    white_time_used_seconds INTEGER NOT NULL,
    black_time_used_seconds INTEGER NOT NULL,
    sealer_id INTEGER NOT NULL REFERENCES players(id),
    sealed_move_number INTEGER NOT NULL,
    draw_offer_by INTEGER,
    resume_at TEXT NOT NULL,
    resume_place TEXT NOT NULL,
    sealed_ciphertext TEXT NOT NULL,
    sealed_nonce TEXT NOT NULL,
    state TEXT NOT NULL,
    replier_present_at TEXT,
    sealer_present_at TEXT,
    opened_at TEXT,
    verdict TEXT,
    outcome TEXT,
    created_at TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX adjournments_game ON adjournments(game_id);

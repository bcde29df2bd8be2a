-- Online entries, check-in and presence (issue 21; app/src/domain/entries.rs
-- and app/src/domain/checkin.rs).

-- The entry form of a tournament: open or closed, its deadline (local time of
-- the venue, `YYYY-MM-DDTHH:MM`), the largest field, and who may enter.
CREATE TABLE entry_forms (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    is_open BOOLEAN NOT NULL,
    deadline TEXT,
    max_players INTEGER,
    eligibility TEXT NOT NULL,
    federation TEXT NOT NULL DEFAULT '',
    min_rating INTEGER,
    max_rating INTEGER,
    updated_at TEXT NOT NULL
);

-- A player's own entry; approved entries become players through registration.
CREATE TABLE entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    fide_id BIGINT,
    title TEXT NOT NULL DEFAULT '',
    federation TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    birth_date TEXT NOT NULL DEFAULT '',
    sex TEXT NOT NULL DEFAULT '',
    rating INTEGER,
    email TEXT NOT NULL DEFAULT '',
    from_rating_list BOOLEAN NOT NULL,
    state TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    player_id INTEGER REFERENCES players(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    decided_at TEXT
);
CREATE INDEX entries_by_tournament ON entries (tournament_id, state);

-- Rounds for which the arbiter takes check-in: players not checked in are not
-- paired in them.
CREATE TABLE checkin_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    opened_at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round_number)
);

-- Who is present for a round, and how it was recorded (staff, or the player's code).
CREATE TABLE checkins (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round_number, player_id)
);

-- Each player's personal check-in code, handed out by the organizer.
CREATE TABLE checkin_codes (
    player_id INTEGER PRIMARY KEY NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    UNIQUE (tournament_id, code)
);

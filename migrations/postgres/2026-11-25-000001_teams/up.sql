-- Team competitions (issue 20): a tournament becomes a team event with a
-- `team_events` row (the regulations of pairing/src/team/model.rs
-- `TeamSettings`); teams with their rosters in board order; rounds of matches
-- board by board (app/src/domain/teams.rs). Teams are referred to by their
-- pairing number, roster players by their place on the roster (1-based).
CREATE TABLE team_events (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    system TEXT NOT NULL,
    boards INTEGER NOT NULL,
    total_rounds INTEGER NOT NULL,
    match_win INTEGER NOT NULL,
    match_draw INTEGER NOT NULL,
    match_loss INTEGER NOT NULL,
    bye_match_points INTEGER NOT NULL,
    bye_game_points INTEGER NOT NULL,
    primary_score TEXT NOT NULL,
    board_colours TEXT NOT NULL,
    colour_preference TEXT NOT NULL,
    initial_colour TEXT NOT NULL,
    tiebreaks TEXT NOT NULL,
    version INTEGER NOT NULL
);

CREATE TABLE teams (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    federation TEXT NOT NULL,
    rating INTEGER,
    captain_name TEXT NOT NULL,
    captain_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    withdrawn BOOLEAN NOT NULL DEFAULT FALSE,
    version INTEGER NOT NULL,
    UNIQUE (tournament_id, number)
);

CREATE TABLE team_members (
    id SERIAL PRIMARY KEY,
    team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    place INTEGER NOT NULL,
    name TEXT NOT NULL,
    title TEXT NOT NULL,
    federation TEXT NOT NULL,
    rating INTEGER,
    fide_id BIGINT,
    UNIQUE (team_id, place)
);

CREATE TABLE team_rounds (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    state TEXT NOT NULL,
    lineup_deadline TEXT,
    bye_team INTEGER,
    paired_at TEXT NOT NULL,
    published_at TEXT,
    UNIQUE (tournament_id, number)
);

CREATE TABLE team_matches (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    number INTEGER NOT NULL,
    home_team INTEGER NOT NULL,
    away_team INTEGER NOT NULL,
    home_lineup_at TEXT,
    away_lineup_at TEXT,
    version INTEGER NOT NULL,
    UNIQUE (tournament_id, round_number, number)
);

-- A board's players are roster places (NULL: empty board, a forfeit once both
-- line-ups are in); `result` is the board result as written ("1-0", "0-½",
-- "+/-", …), NULL until entered.
CREATE TABLE team_boards (
    match_id INTEGER NOT NULL REFERENCES team_matches(id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    home_place INTEGER,
    away_place INTEGER,
    home_white BOOLEAN NOT NULL,
    result TEXT,
    PRIMARY KEY (match_id, board)
);

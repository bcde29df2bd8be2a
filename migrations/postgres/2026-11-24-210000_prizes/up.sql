-- Prizes (issue 21): a tournament's prize table as JSON (app/src/domain/prizes.rs,
-- `PrizeTable`); the prize list is computed from the final standings, not stored.
CREATE TABLE prize_tables (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    version INTEGER NOT NULL,
    updated_at TEXT NOT NULL
);

-- FIDE mode (Handbook C.04.A, C.02 endorsement): a tournament is in FIDE mode
-- until an operation the FIDE rules forbid is confirmed twice. Each such
-- operation is one row, never changed or removed: the first is the departure,
-- the later ones the manual interventions the TRF export lists as `###` lines.
CREATE TABLE fide_departures (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    username TEXT NOT NULL,
    what TEXT NOT NULL
);
CREATE INDEX fide_departures_tournament ON fide_departures(tournament_id);
CREATE TRIGGER fide_departures_no_update BEFORE UPDATE ON fide_departures
BEGIN SELECT RAISE(ABORT, 'fide_departures is append-only'); END;
CREATE TRIGGER fide_departures_no_delete BEFORE DELETE ON fide_departures
WHEN (SELECT COUNT(*) FROM tournaments WHERE id = OLD.tournament_id) > 0
BEGIN SELECT RAISE(ABORT, 'fide_departures is append-only'); END;

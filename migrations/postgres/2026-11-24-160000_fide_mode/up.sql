-- FIDE mode (Handbook C.04.A, C.02 endorsement): a tournament is in FIDE mode
-- until an operation the FIDE rules forbid is confirmed twice. Each such
-- operation is one row, never changed or removed: the first is the departure,
-- the later ones the manual interventions the TRF export lists as `###` lines.
CREATE TABLE fide_departures (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    username TEXT NOT NULL,
    what TEXT NOT NULL
);
CREATE INDEX fide_departures_tournament ON fide_departures(tournament_id);
CREATE FUNCTION fide_departures_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM tournaments WHERE id = OLD.tournament_id) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'fide_departures is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER fide_departures_append_only BEFORE UPDATE OR DELETE ON fide_departures
FOR EACH ROW EXECUTE FUNCTION fide_departures_append_only();

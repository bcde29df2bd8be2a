-- Issue 41: an organizer may load a rating list for his own tournament only.
-- A list with a tournament is that tournament's own: its registration, the
-- staff's search and the re-rating read it instead of the server-wide list of
-- the same source; a list without one (NULL) is the server-wide list, as
-- before. The rollback keeps one replaced list per tournament and source, as
-- it does for the server (see app/src/domain/rating_list/store.rs).
-- (No REFERENCES on SQLite: its DROP COLUMN refuses a column of a foreign key,
-- and the down migration drops this one; tournaments are never deleted.)
ALTER TABLE rating_lists ADD COLUMN tournament_id INTEGER;
CREATE INDEX rating_lists_tournament ON rating_lists(tournament_id);

-- Searches in the rating lists name the list (`list_id IN (active lists)`)
-- and a FIDE id, a national id or a name prefix. With one index per column
-- the planner took the list_id index as soon as a second list was kept for
-- rollback (issue 41), and every search walked a whole list (about 60 ms per
-- search at 1.2 million players; issue 40). One index on the list and the key
-- answers each search from the index.
DROP INDEX rating_list_players_list;
DROP INDEX rating_list_players_search_key;
DROP INDEX rating_list_players_national_id;
CREATE INDEX rating_list_players_list_fide_id ON rating_list_players(list_id, fide_id);
CREATE INDEX rating_list_players_list_search_key ON rating_list_players(list_id, search_key);
CREATE INDEX rating_list_players_list_national_id ON rating_list_players(list_id, national_id);

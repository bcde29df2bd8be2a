DELETE FROM rating_list_players WHERE list_id IN (SELECT id FROM rating_lists WHERE tournament_id IS NOT NULL);
DELETE FROM rating_lists WHERE tournament_id IS NOT NULL;
DROP INDEX rating_lists_tournament;
ALTER TABLE rating_lists DROP COLUMN tournament_id;

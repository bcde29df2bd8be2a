DELETE FROM rating_list_players WHERE list_id IN (SELECT id FROM rating_lists WHERE NOT active);
DELETE FROM rating_lists WHERE NOT active;
ALTER TABLE rating_lists DROP COLUMN active;
DROP TABLE list_managers;

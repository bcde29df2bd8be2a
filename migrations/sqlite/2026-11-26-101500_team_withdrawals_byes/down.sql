DROP TABLE team_byes;
ALTER TABLE teams DROP COLUMN withdrawn_from;

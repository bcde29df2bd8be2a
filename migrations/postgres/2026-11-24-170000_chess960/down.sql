ALTER TABLE games DROP COLUMN chess960_position;

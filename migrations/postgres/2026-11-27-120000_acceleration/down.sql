ALTER TABLE tournaments DROP COLUMN acceleration;

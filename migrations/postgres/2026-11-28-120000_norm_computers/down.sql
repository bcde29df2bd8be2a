ALTER TABLE norm_facts DROP COLUMN computers;

-- Chess960 (FIDE Laws, Guidelines II): a start position drawn for one board,
-- when the round's position (rounds.chess960_position) is drawn per board.
ALTER TABLE games ADD COLUMN chess960_position INTEGER;

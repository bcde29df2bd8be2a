-- Accelerated pairings (issue 36): `baku` pairs the early rounds of a Swiss
-- with the Baku acceleration's virtual points (FIDE Handbook C.04.5.1);
-- `none` is the system as written.
ALTER TABLE tournaments ADD COLUMN acceleration TEXT NOT NULL DEFAULT 'none';

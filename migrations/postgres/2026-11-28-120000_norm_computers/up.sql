-- Title norms (issue 35): the players who are computers, by pairing number,
-- comma-separated. FIDE Handbook B.01 art. 1.4.2: games against computers
-- do not count for a norm.
ALTER TABLE norm_facts ADD COLUMN computers TEXT NOT NULL DEFAULT '';

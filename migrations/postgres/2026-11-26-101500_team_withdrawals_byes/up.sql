-- Team events (issue 20): a team withdrawn from a round onward (not paired
-- from `withdrawn_from` on; its matches before stay, C.07 art. 16), and the
-- half-point byes teams requested for rounds not yet paired (the pairing
-- leaves the team out; it scores a drawn match, pairing/src/team/model.rs
-- `TeamRound::half_byes`).
ALTER TABLE teams ADD COLUMN withdrawn_from INTEGER;

CREATE TABLE team_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    team_number INTEGER NOT NULL,
    round_number INTEGER NOT NULL,
    requested_at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, team_number, round_number)
);

-- Several server processes on one database (issue 16).

-- The version of each tournament, bumped in the same transaction as every write
-- to it: every arbiter action appends exactly one audit row carrying the
-- tournament (app/src/domain/audit.rs), and this trigger counts them. ETags and
-- cache keys use it, so every process and every restart agrees on them.
CREATE TABLE tournament_versions (
    tournament_id INTEGER PRIMARY KEY NOT NULL,
    version BIGINT NOT NULL
);
INSERT INTO tournament_versions (tournament_id, version) SELECT id, 1 FROM tournaments;

CREATE TRIGGER audit_log_bumps_version AFTER INSERT ON audit_log
WHEN NEW.tournament_id IS NOT NULL
BEGIN
    INSERT OR IGNORE INTO tournament_versions (tournament_id, version) VALUES (NEW.tournament_id, 0);
    UPDATE tournament_versions SET version = version + 1 WHERE tournament_id = NEW.tournament_id;
END;

-- Facts about this database: 'epoch' is random per database, so ETags of two
-- databases (or of a restored copy) never collide.
CREATE TABLE arbiter_meta (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
INSERT INTO arbiter_meta (key, value) VALUES ('epoch', lower(hex(randomblob(6))));

-- Failed logins, shared by every process (the login rate limit).
CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    key TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE INDEX login_failures_key ON login_failures(key, at_ms);

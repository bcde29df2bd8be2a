-- Several server processes on one database (issue 16).

-- The version of each tournament, bumped in the same transaction as every write
-- to it: every arbiter action appends exactly one audit row carrying the
-- tournament (app/src/domain/audit.rs), and this trigger counts them. ETags and
-- cache keys use it, so every process and every restart agrees on them.
CREATE TABLE tournament_versions (
    tournament_id INTEGER PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO tournament_versions (tournament_id, version) SELECT id, 1 FROM tournaments;

-- The notification is sent inside the writing transaction: PostgreSQL delivers
-- it only after the commit (and never after a rollback). Payload: 'tid:version'.
CREATE FUNCTION audit_log_bump_version() RETURNS trigger AS $$
DECLARE v BIGINT;
BEGIN
    IF NEW.tournament_id IS NOT NULL THEN
        INSERT INTO tournament_versions (tournament_id, version) VALUES (NEW.tournament_id, 1)
        ON CONFLICT (tournament_id) DO UPDATE SET version = tournament_versions.version + 1
        RETURNING version INTO v;
        PERFORM pg_notify('arbiter_changes', NEW.tournament_id::text || ':' || v::text);
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_bumps_version AFTER INSERT ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_bump_version();

-- Facts about this database: 'epoch' is random per database, so ETags of two
-- databases (or of a restored copy) never collide.
CREATE TABLE arbiter_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
INSERT INTO arbiter_meta (key, value) VALUES ('epoch', substr(md5(random()::text), 1, 12));

-- Failed logins, shared by every instance (the login rate limit).
CREATE TABLE login_failures (
    id SERIAL PRIMARY KEY,
    key TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE INDEX login_failures_key ON login_failures(key, at_ms);

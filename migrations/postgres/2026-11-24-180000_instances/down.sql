DROP TABLE login_failures;
DROP TABLE arbiter_meta;
DROP TRIGGER audit_log_bumps_version ON audit_log;
DROP FUNCTION audit_log_bump_version();
DROP TABLE tournament_versions;

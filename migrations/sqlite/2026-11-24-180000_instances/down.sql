DROP TABLE login_failures;
DROP TABLE arbiter_meta;
DROP TRIGGER audit_log_bumps_version;
DROP TABLE tournament_versions;

-- Issue 41: the server-wide rating lists are replaced only by an administrator
-- or a user the administrator made a list manager; the list a new import
-- replaces is kept (inactive) so that the replacement can be rolled back.
CREATE TABLE list_managers (
    user_id INTEGER PRIMARY KEY NOT NULL REFERENCES users(id),
    granted_at TEXT NOT NULL
);
ALTER TABLE rating_lists ADD COLUMN active BOOLEAN NOT NULL DEFAULT TRUE;

-- Publishing from the venue to a public server (issue 39).

-- On the public server: a tournament that mirrors an event run at a venue.
-- Its rows are replaced from each accepted public state (app/src/domain/mirror.rs);
-- every other write to it is refused (app/src/domain/audit.rs). The token is
-- stored as its SHA-256 (hex); '' once revoked.
CREATE TABLE mirrors (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL,
    issued_at TEXT NOT NULL,
    revoked_at TEXT,
    venue_version BIGINT NOT NULL DEFAULT 0,
    accepted_at TEXT
);

-- On the server: which local row stands for which row of the venue, so that a
-- player's or a game's address stays the same from one state to the next.
CREATE TABLE mirror_ids (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    entity TEXT NOT NULL,
    venue_id INTEGER NOT NULL,
    local_id INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, entity, venue_id)
);

-- At the venue: where an event is published, and how the link fares.
CREATE TABLE publish_links (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    server_url TEXT NOT NULL,
    token TEXT NOT NULL,
    sent_version BIGINT NOT NULL DEFAULT 0,
    sent_at TEXT,
    last_error TEXT NOT NULL DEFAULT '',
    error_at TEXT
);

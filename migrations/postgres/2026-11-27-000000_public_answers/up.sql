-- Public answers shared by every instance on this database (issue 16; see
-- app/src/web/shared_answers.rs). A copy of an anonymous reader's answer (JSON
-- or page, gzip-compressed: a sixth of the bytes to write and read) for one
-- cache key, at the tournament version it was made for. The first instance that needs a version claims it and makes it;
-- the others read the stored bytes instead of making it again. Only
-- PostgreSQL has it: several instances on one SQLite file are a laptop's case
-- and each makes its own.
CREATE TABLE public_answers (
    cache_key TEXT PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    -- The version the stored copy was made for (0: none yet, only a claim).
    version BIGINT NOT NULL,
    gzip BYTEA NOT NULL,
    -- The version an instance is making, and until when (the database's
    -- clock, milliseconds since 1970) the claim holds: a claimant that died
    -- holds nothing after that.
    claim_version BIGINT NOT NULL,
    claim_until_ms BIGINT NOT NULL,
    -- When the copy was made (the database's clock), to forget copies nobody
    -- remade for a long time.
    made_ms BIGINT NOT NULL
);
CREATE INDEX public_answers_made ON public_answers(made_ms);

-- Title norms and the rating report (issue 35): the facts about the event the
-- norm check (FIDE Handbook B.01 1.4) and the certificates (IT1, IT3) need and
-- the tournament's regulations do not hold. One row per tournament, made when
-- the staff first save the form; no row reads as an ordinary event.
CREATE TABLE norm_facts (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    -- B.01 1.4.1b / 1.4.3a-c: ordinary, national, national-team, zonal, team, world-cup
    event_kind TEXT NOT NULL DEFAULT 'ordinary',
    -- 1.4.3a, b, d: the federation that registered the event ('' = the tournament's)
    host_federation TEXT NOT NULL DEFAULT '',
    -- 1.4.3d: 'auto' (worked out from the rounds), 'yes' or 'no'
    large_swiss TEXT NOT NULL DEFAULT 'auto',
    chief_arbiter TEXT NOT NULL DEFAULT '',
    deputy_arbiter TEXT NOT NULL DEFAULT '',
    organizer TEXT NOT NULL DEFAULT '',
    -- the FIDE rating period the event is rated in, e.g. '2026-12'
    rating_period TEXT NOT NULL DEFAULT '',
    -- pairing numbers of players not of a FIDE federation (1.4.2a), comma-separated
    outside_fide TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL DEFAULT 1
);

-- Rating lists (issue 21): the FIDE list and national lists, imported from the
-- files their federations publish (see app/src/domain/rating_list.rs). One list
-- per source: a newer import replaces the older one.
CREATE TABLE rating_lists (
    id SERIAL PRIMARY KEY,
    source TEXT NOT NULL,
    name TEXT NOT NULL,
    list_date TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    row_count BIGINT NOT NULL
);
CREATE TABLE rating_list_players (
    id SERIAL PRIMARY KEY,
    list_id INTEGER NOT NULL REFERENCES rating_lists(id),
    fide_id BIGINT,
    national_id TEXT,
    name TEXT NOT NULL,
    -- The name folded for search: lower case, no diacritics, punctuation as one
    -- space; byte order ("C") so that a prefix is a range of the index.
    search_key TEXT COLLATE "C" NOT NULL,
    title TEXT NOT NULL,
    federation TEXT NOT NULL,
    sex TEXT NOT NULL,
    birth_year INTEGER,
    standard INTEGER,
    rapid INTEGER,
    blitz INTEGER,
    games INTEGER,
    k_standard INTEGER,
    k_rapid INTEGER,
    k_blitz INTEGER,
    flags TEXT NOT NULL
);
CREATE INDEX rating_list_players_fide_id ON rating_list_players(fide_id);
CREATE INDEX rating_list_players_national_id ON rating_list_players(national_id);
CREATE INDEX rating_list_players_search_key ON rating_list_players(search_key);
CREATE INDEX rating_list_players_list ON rating_list_players(list_id);

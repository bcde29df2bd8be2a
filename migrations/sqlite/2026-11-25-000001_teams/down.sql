DROP TABLE team_boards;
DROP TABLE team_matches;
DROP TABLE team_rounds;
DROP TABLE team_members;
DROP TABLE teams;
DROP TABLE team_events;

DROP TABLE fide_departures;
DROP FUNCTION fide_departures_append_only();

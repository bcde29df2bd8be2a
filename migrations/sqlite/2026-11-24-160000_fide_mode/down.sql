DROP TABLE fide_departures;

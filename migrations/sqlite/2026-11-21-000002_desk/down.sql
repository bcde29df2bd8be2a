DROP TABLE adjournments;
DROP TABLE game_records;
DROP TABLE penalties;
DROP TABLE arrivals;

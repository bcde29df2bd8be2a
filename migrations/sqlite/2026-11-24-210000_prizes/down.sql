DROP TABLE prize_tables;

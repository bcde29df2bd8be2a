DROP TABLE checkin_codes;
DROP TABLE checkins;
DROP TABLE checkin_rounds;
DROP TABLE entries;
DROP TABLE entry_forms;

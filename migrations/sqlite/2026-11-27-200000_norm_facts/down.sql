DROP TABLE norm_facts;

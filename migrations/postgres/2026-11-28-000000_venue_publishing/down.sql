DROP TABLE publish_links;
DROP TABLE mirror_ids;
DROP TABLE mirrors;

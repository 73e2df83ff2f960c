-- options: metadata
-- IF, IFNULL, COALESCE and CASE over TEXT and BLOB columns, as MariaDB types them (the
-- rule GREATEST follows, test 164): a TEXT counts its bytes as characters, towards a binary
-- result its characters; the result is the BLOB type of that length, without BLOB_FLAG.
-- A CASE of a DATE and a DATETIME (or TIME) is a DATETIME whatever branch is taken.
CREATE TABLE hb (id INT PRIMARY KEY, vc VARCHAR(20), tx TEXT, tt TINYTEXT, bl BLOB, vb VARBINARY(10), l1 VARCHAR(10) CHARACTER SET latin1, dt DATETIME(3), da DATE, ts TIMESTAMP(2) NULL, nn INT NOT NULL);
INSERT INTO hb VALUES (1, 'héllo', 'some text', 'tiny', 'blob', 'vb', 'latin', '2024-02-29 13:14:15.123', '2024-02-29', '2024-01-01 00:00:00.50', 1), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0);
SELECT id, IFNULL(tx, bl), IFNULL(bl, tx), IFNULL(tx, vb), IFNULL(tt, vb), IFNULL(vb, tt), IFNULL(l1, tx), IFNULL(l1, tt), IFNULL(tx, vc) FROM hb ORDER BY id;
SELECT id, COALESCE(tx, bl), COALESCE(tt, vb, vc), IF(nn, tx, bl), IF(nn, l1, tt), CASE WHEN nn THEN tx ELSE vb END FROM hb ORDER BY id;
SELECT id, CASE WHEN nn THEN da ELSE dt END, CASE WHEN nn THEN dt ELSE da END, CASE WHEN nn THEN ts ELSE dt END, CASE nn WHEN 1 THEN da WHEN 0 THEN ts END FROM hb ORDER BY id;
DROP TABLE hb;

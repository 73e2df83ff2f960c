-- ORDER BY a string of a collation of several levels (uca1400's _as_ and _cs_,
-- thai_520_w2): MariaDB's filesort compares every level while its sort keys are packed
-- or hold them, and the primary level alone when the key is strnxfrm's weights cut at
-- max_sort_length (a string longer than max_sort_length bytes, a TEXT, a LIMIT's
-- priority queue over a long column). Rows that tie then come in the order read.
CREATE TABLE m (id INT PRIMARY KEY, v63 VARCHAR(63), v64 VARCHAR(64), v256 VARCHAR(256), v257 VARCHAR(257), t TEXT, tt TINYTEXT, c255 CHAR(255), w TEXT, u INT) CHARSET utf8mb4 COLLATE uca1400_as_ci;
INSERT INTO m SELECT s.id, s.x, s.x, s.x, s.x, s.x, s.x, s.x, 'w', s.id % 2 FROM (SELECT 1 id, 'á' x UNION ALL SELECT 2, 'A' UNION ALL SELECT 3, 'a' UNION ALL SELECT 4, 'à' UNION ALL SELECT 5, 'b' UNION ALL SELECT 6, 'a ' UNION ALL SELECT 7, 'Á') s;
SELECT id FROM m ORDER BY v256;
SELECT id FROM m ORDER BY v257;
SELECT id FROM m ORDER BY t;
SELECT id FROM m ORDER BY tt;
SELECT id FROM m ORDER BY c255;
SELECT id FROM m ORDER BY v257 DESC;
SELECT id FROM m ORDER BY t, id DESC;
SELECT id FROM m ORDER BY v257 LIMIT 3;
SELECT id FROM m ORDER BY v63 LIMIT 4;
SELECT id FROM m ORDER BY v64 LIMIT 4;
SELECT id FROM m ORDER BY w, v63;
SELECT id FROM m ORDER BY w, v64;
SELECT id FROM m ORDER BY w, tt;
SELECT id FROM m ORDER BY u, v256;
SELECT id, CONCAT(v256, '') c FROM m ORDER BY c;
SELECT id FROM m ORDER BY CONCAT(v256, 'x');
SELECT id FROM m ORDER BY CONCAT(tt, tt);
SELECT id FROM m ORDER BY CONCAT(tt, 'x');
SELECT id FROM m ORDER BY LOWER(v256);
SELECT id FROM m ORDER BY LOWER(v63);
SELECT id FROM m ORDER BY LOWER(tt);
SELECT id FROM m ORDER BY SUBSTRING(v63, 1);
SELECT id FROM m ORDER BY SUBSTRING(v256, 2);
SELECT id FROM m ORDER BY LEFT(t, 10);
SELECT id FROM (SELECT * FROM m) d ORDER BY v257;
SELECT m.id FROM m JOIN m m2 ON m2.id = m.id ORDER BY m.v257;
SELECT m.id FROM m JOIN m m2 ON m2.id = m.id ORDER BY m.v256;
SELECT id FROM m WHERE id > 1 ORDER BY t;
SET max_sort_length = 500;
SELECT id FROM m ORDER BY v256;
SELECT id FROM m ORDER BY c255;
SELECT id FROM m ORDER BY v63;
SELECT id FROM m ORDER BY w, v63;
SET max_sort_length = 1024;
CREATE TABLE m3 (id INT PRIMARY KEY, v341 VARCHAR(341), v342 VARCHAR(342)) CHARSET utf8mb3 COLLATE utf8mb3_uca1400_as_cs;
INSERT INTO m3 SELECT id, t, t FROM m;
SELECT id FROM m3 ORDER BY v341;
SELECT id FROM m3 ORDER BY v342;
CREATE TABLE th (id INT PRIMARY KEY, v127 VARCHAR(127), v128 VARCHAR(128), w TEXT) CHARSET utf8mb4 COLLATE utf8mb4_thai_520_w2;
INSERT INTO th SELECT id, t, t, 'w' FROM m;
SELECT id FROM th ORDER BY w, v127;
SELECT id FROM th ORDER BY w, v128;
SELECT id FROM th ORDER BY w;
CREATE TABLE u2 (id INT PRIMARY KEY, a VARCHAR(600)) CHARSET ucs2 COLLATE ucs2_uca1400_as_ci;
INSERT INTO u2 SELECT id, t FROM m;
SELECT id FROM u2 ORDER BY a;
-- the result types behind these rules, as CREATE TABLE ... SELECT makes them
CREATE TABLE ty AS SELECT SUBSTRING(v63, 1) a, SUBSTRING(v63, 2) b, SUBSTRING(v63, -5) c, SUBSTRING(v63, 2, 3) d, SUBSTRING(v63, 0) e, SUBSTRING(v63, u) f, SUBSTRING(tt, 1) g, MID(v63, 2, 500) h, LOWER(v63) i, UPPER(tt) j, LOWER(CONVERT(v63 USING utf8mb4)) k, UPPER(CONVERT(v63 USING ucs2)) l, SUBSTRING(CONVERT(v63 USING latin1), 3) n FROM m;
SHOW CREATE TABLE ty;
SELECT LOWER(_utf8mb4'a' COLLATE utf8mb4_unicode_520_ci) l, UPPER(_utf8mb4'a' COLLATE utf8mb4_turkish_ci) u, LOWER(_utf8mb4'a' COLLATE utf8mb4_unicode_ci) l2, SUBSTRING(_latin1'abc', 2) s;
DROP TABLE m, m3, th, u2, ty;

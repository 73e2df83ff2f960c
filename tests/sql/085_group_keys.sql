-- GROUP BY keys that are equal without being the same bytes (case, trailing spaces,
-- accents in a _ci collation, numbers of different types and scales, -0.0): one group,
-- shown as its first row's key; the interpreter's memo of groups by key bytes
-- (select.c group_find) must not split them. Then many groups (the memo turns itself
-- off), ROLLUP, and two string keys as WordPress groups posts.
CREATE TABLE gk (id INT PRIMARY KEY, s VARCHAR(20), t VARCHAR(20) COLLATE utf8mb4_bin, d DECIMAL(6,2), f DOUBLE, n INT);
INSERT INTO gk VALUES (1,'post','x',1.00,0.0,1),(2,'Post','X',1.5,-0.0,2),(3,'post ','x',1.50,1e0,3),(4,'pöst','x ',NULL,NULL,NULL),
  (5,'POST','x',1,1,5),(6,NULL,NULL,2.25,2,6),(7,'page','y',2.250,-0.0,7),(8,'post','x',1.00,0.0,8),(9,'Page','Y',NULL,NULL,9),
  (10,'page ','y ',1.5,1.0,10),(11,'post','x',1.5,-1,11),(12,'pöst','x',0,0,12);
SELECT s, COUNT(*), SUM(n), MIN(id) FROM gk GROUP BY s;
SELECT s, HEX(s), COUNT(*) FROM gk GROUP BY s ORDER BY MIN(id);
SELECT t, COUNT(*) FROM gk GROUP BY t;
SELECT s, t, COUNT(*), SUM(n) FROM gk GROUP BY s, t;
SELECT d, COUNT(*) FROM gk GROUP BY d;
SELECT d * 1, COUNT(*) FROM gk GROUP BY d * 1;
SELECT f, COUNT(*) FROM gk GROUP BY f;
SELECT n % 3, COUNT(*) FROM gk GROUP BY n % 3;
SELECT s, n > 5, COUNT(*) FROM gk GROUP BY s, n > 5 WITH ROLLUP;
SELECT LOWER(s), COUNT(*) FROM gk GROUP BY LOWER(s);
SELECT CONCAT(s, '-', t), COUNT(*) FROM gk GROUP BY CONCAT(s, '-', t);
-- (a _bin collation of the same charset and derivation wins: DTCollation::aggregate)
SELECT COLLATION(CONCAT(s, '-', t)), COLLATION(CONCAT(t, s)), COLLATION(IF(id > 1, s, t)), COLLATION(COALESCE(s, t)), COLLATION(GREATEST(s, t)) FROM gk WHERE id = 1;
-- many distinct keys, then repeats
INSERT INTO gk SELECT id + 100, CONCAT('k', id % 7), CONCAT('K', id % 3), id / 4, id, id FROM gk;
INSERT INTO gk SELECT id + 1000, CONCAT('u', id), CONCAT('v', id % 5), id % 9, id % 2, id FROM gk;
INSERT INTO gk SELECT id + 10000, s, t, d, f, n FROM gk;
INSERT INTO gk SELECT id + 100000, CONCAT(s, id), t, d, f, n FROM gk;
SELECT COUNT(*) FROM gk;
SELECT COUNT(*), SUM(c), MAX(c) FROM (SELECT s, COUNT(*) AS c FROM gk GROUP BY s) x;
SELECT t, COUNT(*), SUM(n) FROM gk GROUP BY t;
SELECT s, COUNT(*) FROM gk WHERE id < 30000 GROUP BY s ORDER BY COUNT(*) DESC, s LIMIT 12;
DROP TABLE gk;
-- COUNT(DISTINCT) of strings: repeated short values are known byte for byte (a memo in
-- front of the collation's hash); values equal under the collation but not in bytes,
-- long values, NULLs and GROUP_CONCAT(DISTINCT) beside it
CREATE TABLE gk_d (g INT, s VARCHAR(40), b VARCHAR(40) COLLATE utf8mb4_bin);
INSERT INTO gk_d VALUES (1, 'a', 'a'), (1, 'A', 'A'), (1, 'a ', 'a '), (1, 'a', 'a'), (1, NULL, NULL),
  (2, 'abcdefghijklmnopqrstuvwxyz-long', 'abcdefghijklmnopqrstuvwxyz-long'),
  (2, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ-LONG', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ-LONG'), (2, 'é', 'é'), (2, 'E', 'E'), (2, 'e', 'e'),
  (3, '', ''), (3, ' ', ' '), (3, '', ''), (3, 'x', 'x'), (3, 'X', 'X'), (3, 'x', 'x');
-- ordered
SELECT g, COUNT(DISTINCT s), COUNT(DISTINCT b), COUNT(DISTINCT s, b), COUNT(*) FROM gk_d GROUP BY g;
SELECT COUNT(DISTINCT s), COUNT(DISTINCT b) FROM gk_d;
-- ordered
SELECT g, COUNT(DISTINCT LOWER(s)), GROUP_CONCAT(DISTINCT b ORDER BY b) FROM gk_d GROUP BY g;
DROP TABLE gk_d;

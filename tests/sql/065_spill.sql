-- Sorts and groupings bigger than memory: with tmp_table_size and max_heap_table_size at
-- their smallest, an ORDER BY over a few thousand rows is written to disk in sorted runs
-- (engine/spill.c) and merged, in more than one pass; a GROUP BY of many groups sends the
-- rows of groups past the limit to disk, sorted by key. The order must stay MariaDB's:
-- NULLs first, collations, DESC, ties in the order the rows were made, LIMIT/OFFSET,
-- WITH TIES, SQL_CALC_FOUND_ROWS; long values longer than the buffers.

CREATE TABLE sp (id INT PRIMARY KEY, a INT, s VARCHAR(20) COLLATE utf8mb4_general_ci,
  u VARCHAR(20) COLLATE utf8mb4_unicode_ci, l VARCHAR(20) CHARACTER SET latin1, d DOUBLE,
  m DECIMAL(30,5), dt DATETIME, tm TIME, e ENUM('x','b','a'));
INSERT INTO sp WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n < 63)
  SELECT x.n * 64 + y.n,
         IF((x.n * 64 + y.n) % 11 = 0, NULL, ((x.n * 64 + y.n) * 7919) % 37),
         IF((x.n * 64 + y.n) % 13 = 0, NULL, ELT((x.n * 64 + y.n) % 7 + 1, 'apple', 'Apple', 'APPLE', 'banana', 'Banana', 'b', CONCAT('k', (x.n * 64 + y.n) % 50))),
         ELT((x.n * 64 + y.n) % 6 + 1, 'e', 'é', 'E', 'f', 'ß', 'ss'),
         CONCAT(CHAR(65 + (x.n * 64 + y.n) % 26), (x.n * 64 + y.n) % 9),
         IF((x.n * 64 + y.n) % 17 = 0, NULL, ((x.n * 64 + y.n) * 104729 % 1000) / 7.0),
         CAST(CONCAT((x.n * 64 + y.n) % 97, '123456789012345678.', (x.n * 64 + y.n) % 1000) AS DECIMAL(30,5)),
         '2020-01-01' + INTERVAL ((x.n * 64 + y.n) * 37 % 5000) MINUTE,
         SEC_TO_TIME(((x.n * 64 + y.n) * 7 % 200) - 100),
         ELT((x.n * 64 + y.n) % 3 + 1, 'x', 'b', 'a')
  FROM s x, s y;
SELECT COUNT(*), COUNT(a), COUNT(s), COUNT(d) FROM sp;

SET SESSION tmp_table_size = 16384, max_heap_table_size = 16384;

-- whole orders, every row (no ties left)
SELECT id, a, s FROM sp ORDER BY a, id;
SELECT id, s FROM sp ORDER BY s DESC, id DESC;
SELECT id, u, l FROM sp ORDER BY u, l DESC, id;
SELECT id, d, m FROM sp ORDER BY d DESC, m, id;
SELECT id, dt, tm FROM sp ORDER BY tm, dt DESC, id;
SELECT id, e FROM sp ORDER BY e, id;
-- ties (MariaDB's order among them is its own: compared as sets here; that pressdb
-- keeps them in the order they were made, spilled or not, is checked by
-- tests/integration/test_spill.py)
-- sorted
SELECT id, a FROM sp ORDER BY a;
-- sorted
SELECT s, id FROM sp ORDER BY s;
-- sorted
SELECT u, id FROM sp ORDER BY u DESC;
-- sorted
SELECT id, l FROM sp WHERE id % 3 = 0 ORDER BY l;
SELECT s, u FROM sp ORDER BY s, u, l, id;
-- expressions as keys, keys not selected, ORDER BY position and alias
SELECT id FROM sp ORDER BY CONCAT(l, u), -id;
SELECT id, a * 2 AS x FROM sp ORDER BY x DESC, 1;
SELECT id FROM sp ORDER BY m DESC, id LIMIT 20;
-- LIMIT, OFFSET, WITH TIES, found rows
SELECT id, a, d FROM sp ORDER BY d, a, id LIMIT 50 OFFSET 1000;
SELECT id, a FROM sp ORDER BY a DESC, id LIMIT 3990, 20;
SELECT id, a FROM sp ORDER BY a, id LIMIT 10;
SELECT id, a FROM sp ORDER BY a, s LIMIT 0;
-- sorted
SELECT id, a FROM sp ORDER BY a FETCH FIRST 5 ROWS WITH TIES;
-- sorted
SELECT id, a, e FROM sp ORDER BY a DESC, e FETCH FIRST 200 ROWS WITH TIES;
SELECT id, a, e FROM sp ORDER BY a DESC, e, id OFFSET 100 ROWS FETCH FIRST 3 ROWS WITH TIES;
SELECT SQL_CALC_FOUND_ROWS id, s FROM sp WHERE a > 10 ORDER BY s, id LIMIT 7;
SELECT FOUND_ROWS();
-- joins, grouping, derived tables, writes
SELECT p.id, q.id FROM sp p JOIN sp q ON q.id = p.id + 1 WHERE p.id < 3000 ORDER BY q.a, p.s DESC, p.id;
SELECT id % 1000 AS g, COUNT(*), MAX(s), SUM(a) FROM sp GROUP BY g ORDER BY COUNT(*), SUM(a) DESC, g;
SELECT COUNT(*), SUM(id), MIN(a), MAX(s) FROM (SELECT id, a, s FROM sp ORDER BY s, a, id LIMIT 3000) x;
CREATE TABLE sp2 (n INT AUTO_INCREMENT PRIMARY KEY, id INT, s VARCHAR(20));
INSERT INTO sp2 (id, s) SELECT id, s FROM sp ORDER BY s DESC, id LIMIT 2500;
SELECT n, id, s FROM sp2 WHERE n % 100 = 1 ORDER BY n;
-- values longer than the buffers (a row longer than a read buffer and the write buffer)
SELECT id, LENGTH(r), MD5(r) FROM (SELECT id, IF(id % 500 = 7, REPEAT(s, 60000), s) AS r FROM sp WHERE s IS NOT NULL ORDER BY r DESC, id LIMIT 40) x;
SELECT id, LENGTH(r) FROM (SELECT id, REPEAT('z', 1 + id % 300) AS r FROM sp ORDER BY id % 7, r, id) x WHERE id % 97 = 0;
-- GROUP BY past the limit: groups made after it go to disk as rows, sorted by key and
-- grouped there, then merged with the groups in memory (the output stays in key order)
SELECT id % 1000 AS g, COUNT(*), SUM(a), MIN(s), MAX(u), AVG(d) FROM sp GROUP BY g;
SELECT a, s, COUNT(*), MAX(id) FROM sp GROUP BY a, s;
SELECT UPPER(s), COUNT(*), GROUP_CONCAT(id ORDER BY id DESC SEPARATOR ':') FROM sp WHERE id < 3000 GROUP BY s, id % 300;
SELECT l, COUNT(DISTINCT a), COUNT(DISTINCT s), SUM(m) FROM sp GROUP BY l, a;
SELECT dt, COUNT(*), MIN(id) FROM sp GROUP BY dt HAVING COUNT(*) > 1;
SELECT m, tm, COUNT(*) FROM sp GROUP BY m, tm;
SELECT u, id % 500 AS g, COUNT(*) FROM sp GROUP BY u, g ORDER BY COUNT(*) DESC, g, u LIMIT 30;
SELECT id % 700 AS g, JSON_ARRAYAGG(a ORDER BY d, id), MAX(d) FROM sp GROUP BY g;
SELECT p.id % 400 AS g, COUNT(*), SUM(q.a) FROM sp p JOIN sp q ON q.id = p.id + 1 GROUP BY g;
SELECT COUNT(*), SUM(c) FROM (SELECT id % 2000 AS g, COUNT(*) AS c FROM sp GROUP BY g) x;
-- the first row of a group stands for it (strings equal in the collation)
SELECT s, u, COUNT(*) FROM sp GROUP BY s, u, id % 97;
-- the default limits again: in memory, the same answers
SET SESSION tmp_table_size = DEFAULT, max_heap_table_size = DEFAULT;
SELECT id, s FROM sp ORDER BY s DESC, id DESC;
SELECT id, a, d FROM sp ORDER BY d, a, id LIMIT 50 OFFSET 1000;
SELECT s, u, COUNT(*) FROM sp GROUP BY s, u, id % 97;
DROP TABLE sp, sp2;

-- GROUP BY with an aggregate MariaDB cannot keep in a temporary table's row (COUNT, SUM,
-- AVG of DISTINCT values, GROUP_CONCAT, JSON_ARRAYAGG), keys from the first table only:
-- MariaDB filesorts that table's rows by the keys and groups them in that order ("Using
-- filesort", no temporary table), so a group's first row (its key among collation-equal
-- values, the columns outside aggregates) and GROUP_CONCAT's order are the sort's, ties
-- as filesort leaves them (select.c gsort_level0, explain.c ex_group_by_sort).

CREATE TABLE dg (n INT);
INSERT INTO dg VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE gs (id INT PRIMARY KEY, t VARCHAR(10) COLLATE utf8mb4_unicode_520_ci, s VARCHAR(10), u INT, big TEXT);
INSERT INTO gs SELECT (a.n * 100 + b.n * 10 + c.n) * 7 % 997 + 1, ELT(1 + (a.n * 3 + b.n * 7 + c.n) % 5, 'post', 'Post', 'page', 'PAGE ', 'pagé'),
  ELT(1 + (a.n + c.n) % 3, 'p', 'q', 'r'), (b.n * 3 + c.n) % 5, IF(c.n < 5, 'x', NULL)
  FROM dg a, dg b, dg c WHERE a.n < 3;
CREATE TABLE gm (id INT PRIMARY KEY, gid INT, k VARCHAR(10), KEY (gid));
INSERT INTO gm SELECT a.n * 100 + b.n * 10 + c.n + 1, ((a.n * 100 + b.n * 10 + c.n) * 7 % 997 + 1), ELT(1 + c.n % 3, 'k1', 'K1', 'k2') FROM dg a, dg b, dg c WHERE a.n < 3 AND c.n < 6;
-- (statistics made now: EXPLAIN's row estimates do not depend on when InnoDB recounts)
-- skip-result
ANALYZE TABLE gs, gm;
SELECT t, id, COUNT(DISTINCT s) FROM gs GROUP BY t;
EXPLAIN SELECT t, id, COUNT(DISTINCT s) FROM gs GROUP BY t;
SELECT t, GROUP_CONCAT(id) FROM gs GROUP BY t;
SELECT t, s, id, COUNT(DISTINCT u) FROM gs GROUP BY t, s;
SELECT u, t, GROUP_CONCAT(s) FROM gs WHERE u > 1 GROUP BY u;
EXPLAIN SELECT u, t, GROUP_CONCAT(s) FROM gs WHERE u > 1 GROUP BY u;
SELECT t, id, big, COUNT(DISTINCT s) FROM gs GROUP BY t;
SELECT t, id, SUM(DISTINCT u), AVG(DISTINCT u) FROM gs GROUP BY t;
SELECT t, JSON_ARRAYAGG(id) FROM gs WHERE id < 200 GROUP BY t;
SELECT LOWER(t), MIN(id), GROUP_CONCAT(DISTINCT s) FROM gs GROUP BY LOWER(t);
SELECT t, id, COUNT(DISTINCT s) FROM gs WHERE id < 9 GROUP BY t;
SELECT t, COUNT(*), MIN(id) FROM gs GROUP BY t;
EXPLAIN SELECT t, COUNT(*), MIN(id) FROM gs GROUP BY t;
SELECT t, id, COUNT(DISTINCT s) FROM gs GROUP BY t ORDER BY t;
SELECT t, id, GROUP_CONCAT(id) FROM gs WHERE id < 300 GROUP BY t ORDER BY t DESC;
EXPLAIN SELECT t, id, GROUP_CONCAT(id) FROM gs WHERE id < 300 GROUP BY t ORDER BY t DESC;
SELECT gs.t, gs.id, gm.id, GROUP_CONCAT(gm.k), COUNT(DISTINCT gm.k) FROM gs JOIN gm ON gm.gid = gs.id GROUP BY gs.t;
EXPLAIN SELECT gs.t, gs.id, gm.id, GROUP_CONCAT(gm.k), COUNT(DISTINCT gm.k) FROM gs JOIN gm ON gm.gid = gs.id GROUP BY gs.t;
SELECT gm.k, gm.id, gs.t, GROUP_CONCAT(gs.id), COUNT(DISTINCT gs.t) FROM gm JOIN gs ON gs.id = gm.gid WHERE gm.id < 150 GROUP BY gm.k;
EXPLAIN SELECT gm.k, gm.id, gs.t, GROUP_CONCAT(gs.id), COUNT(DISTINCT gs.t) FROM gm JOIN gs ON gs.id = gm.gid WHERE gm.id < 150 GROUP BY gm.k;
SELECT GROUP_CONCAT(DISTINCT s), GROUP_CONCAT(DISTINCT u, s SEPARATOR '|'), GROUP_CONCAT(DISTINCT t LIMIT 2) FROM gs;
SELECT u, GROUP_CONCAT(DISTINCT t), GROUP_CONCAT(DISTINCT u * -1), GROUP_CONCAT(DISTINCT s ORDER BY s DESC) FROM gs GROUP BY u;
DELETE FROM gs WHERE id % 3 = 0;
UPDATE gs SET t = 'POST' WHERE id % 5 = 1;
SELECT t, id, GROUP_CONCAT(id) FROM gs GROUP BY t;
SELECT t, id, COUNT(DISTINCT s) FROM gs GROUP BY t;
DROP TABLE gs, gm, dg;

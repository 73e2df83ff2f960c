-- Compiled GROUP BY over one integer key whose column's value bounds are narrow (dense
-- slots: key - lo, groups read back in slot order, engine/jit/agg.c) and COUNT(DISTINCT)
-- of such a column: negative keys, NULL keys, DECIMAL keys, a BIGINT UNSIGNED key; then
-- values past 2^63 in the unsigned key (narrow bounds, but its slots no longer in key
-- order: hashed) and the bounds widened by far values (hashed again: the kept plans'
-- kernels change). Each
-- statement runs three times (the third from the kept plan's kernel); in make
-- sqltest-offload every time.

CREATE TABLE jd (id INT NOT NULL PRIMARY KEY, k INT, s SMALLINT NOT NULL, d DECIMAL(6,2),
  u BIGINT UNSIGNED, v INT NOT NULL);
INSERT INTO jd
SELECT n, IF(n % 11 = 0, NULL, (n * 7919) % 400 - 150), n % 9 - 4, IF(n % 5 = 0, NULL, (n % 37) / 4),
       (n * 31) % 500, n % 1000
FROM (SELECT x.n * 100 + y.n + 1 AS n
      FROM (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 29) SELECT n FROM s) x,
           (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT n FROM s) y) z
ORDER BY n;
DELETE FROM jd WHERE id % 10 = 7;

-- narrow bounds: dense
-- ordered
SELECT k, COUNT(*), SUM(v), MIN(v), MAX(id) FROM jd GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(v), MIN(v), MAX(id) FROM jd GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(v), MIN(v), MAX(id) FROM jd GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM jd WHERE v > 500 GROUP BY k ORDER BY k DESC;
-- ordered
SELECT k, COUNT(*) FROM jd WHERE v > 500 GROUP BY k ORDER BY k DESC;
-- ordered
SELECT k, COUNT(*) FROM jd WHERE v > 500 GROUP BY k ORDER BY k DESC;
-- ordered
SELECT s, COUNT(*), AVG(v) FROM jd GROUP BY s;
-- ordered
SELECT s, COUNT(*), AVG(v) FROM jd GROUP BY s;
-- ordered
SELECT s, COUNT(*), AVG(v) FROM jd GROUP BY s;
-- ordered
SELECT d, COUNT(*), SUM(v) FROM jd GROUP BY d;
-- ordered
SELECT d, COUNT(*), SUM(v) FROM jd GROUP BY d;
-- ordered
SELECT d, COUNT(*), SUM(v) FROM jd GROUP BY d;
-- ordered
SELECT u, COUNT(*), SUM(k) FROM jd WHERE v > 100 GROUP BY u;
-- ordered
SELECT u, COUNT(*), SUM(k) FROM jd WHERE v > 100 GROUP BY u;
-- ordered
SELECT u, COUNT(*), SUM(k) FROM jd WHERE v > 100 GROUP BY u;
-- ordered
SELECT COUNT(*), SUM(n) FROM (SELECT k, COUNT(*) AS n FROM jd GROUP BY k HAVING n > 7) t;
-- ordered
SELECT COUNT(*), SUM(n) FROM (SELECT k, COUNT(*) AS n FROM jd GROUP BY k HAVING n > 7) t;
-- ordered
SELECT COUNT(*), SUM(n) FROM (SELECT k, COUNT(*) AS n FROM jd GROUP BY k HAVING n > 7) t;
-- ordered
SELECT COUNT(DISTINCT k), COUNT(DISTINCT u), COUNT(DISTINCT s), COUNT(*) FROM jd;
-- ordered
SELECT COUNT(DISTINCT k), COUNT(DISTINCT u), COUNT(DISTINCT s), COUNT(*) FROM jd;
-- ordered
SELECT COUNT(DISTINCT k), COUNT(DISTINCT u), COUNT(DISTINCT s), COUNT(*) FROM jd;
-- ordered
SELECT COUNT(DISTINCT v) FROM jd WHERE id < 2000;
-- ordered
SELECT COUNT(DISTINCT v) FROM jd WHERE id < 2000;
-- ordered
SELECT COUNT(DISTINCT v) FROM jd WHERE id < 2000;

-- a BIGINT UNSIGNED value past 2^63: its slot reads negative
INSERT INTO jd VALUES (5002, 3, 1, 1.5, 18446744073709551615, 800), (5003, 3, 1, 1.5, 18446744073709551610, 900);
-- ordered
SELECT k, COUNT(*), SUM(v), MIN(v), MAX(id) FROM jd GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(v), MIN(v), MAX(id) FROM jd GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(v), MIN(v), MAX(id) FROM jd GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM jd WHERE v > 500 GROUP BY k ORDER BY k DESC;
-- ordered
SELECT k, COUNT(*) FROM jd WHERE v > 500 GROUP BY k ORDER BY k DESC;
-- ordered
SELECT k, COUNT(*) FROM jd WHERE v > 500 GROUP BY k ORDER BY k DESC;
-- ordered
SELECT s, COUNT(*), AVG(v) FROM jd GROUP BY s;
-- ordered
SELECT s, COUNT(*), AVG(v) FROM jd GROUP BY s;
-- ordered
SELECT s, COUNT(*), AVG(v) FROM jd GROUP BY s;
-- ordered
SELECT d, COUNT(*), SUM(v) FROM jd GROUP BY d;
-- ordered
SELECT d, COUNT(*), SUM(v) FROM jd GROUP BY d;
-- ordered
SELECT d, COUNT(*), SUM(v) FROM jd GROUP BY d;
-- ordered
SELECT u, COUNT(*), SUM(k) FROM jd WHERE v > 100 GROUP BY u;
-- ordered
SELECT u, COUNT(*), SUM(k) FROM jd WHERE v > 100 GROUP BY u;
-- ordered
SELECT u, COUNT(*), SUM(k) FROM jd WHERE v > 100 GROUP BY u;
-- ordered
SELECT COUNT(*), SUM(n) FROM (SELECT k, COUNT(*) AS n FROM jd GROUP BY k HAVING n > 7) t;
-- ordered
SELECT COUNT(*), SUM(n) FROM (SELECT k, COUNT(*) AS n FROM jd GROUP BY k HAVING n > 7) t;
-- ordered
SELECT COUNT(*), SUM(n) FROM (SELECT k, COUNT(*) AS n FROM jd GROUP BY k HAVING n > 7) t;
-- ordered
SELECT COUNT(DISTINCT k), COUNT(DISTINCT u), COUNT(DISTINCT s), COUNT(*) FROM jd;
-- ordered
SELECT COUNT(DISTINCT k), COUNT(DISTINCT u), COUNT(DISTINCT s), COUNT(*) FROM jd;
-- ordered
SELECT COUNT(DISTINCT k), COUNT(DISTINCT u), COUNT(DISTINCT s), COUNT(*) FROM jd;
-- ordered
SELECT COUNT(DISTINCT v) FROM jd WHERE id < 2000;
-- ordered
SELECT COUNT(DISTINCT v) FROM jd WHERE id < 2000;
-- ordered
SELECT COUNT(DISTINCT v) FROM jd WHERE id < 2000;

-- a far key and a far value: the bounds widen, hashed again
UPDATE jd SET k = 2000000000, v = -2000000000, s = 32000 WHERE id = 5;
INSERT INTO jd VALUES (5001, -2000000000, -32000, 9999.99, 4000000000000, 7);
-- ordered
SELECT k, COUNT(*), SUM(v), MIN(v), MAX(id) FROM jd GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(v), MIN(v), MAX(id) FROM jd GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(v), MIN(v), MAX(id) FROM jd GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM jd WHERE v > 500 GROUP BY k ORDER BY k DESC;
-- ordered
SELECT k, COUNT(*) FROM jd WHERE v > 500 GROUP BY k ORDER BY k DESC;
-- ordered
SELECT k, COUNT(*) FROM jd WHERE v > 500 GROUP BY k ORDER BY k DESC;
-- ordered
SELECT s, COUNT(*), AVG(v) FROM jd GROUP BY s;
-- ordered
SELECT s, COUNT(*), AVG(v) FROM jd GROUP BY s;
-- ordered
SELECT s, COUNT(*), AVG(v) FROM jd GROUP BY s;
-- ordered
SELECT d, COUNT(*), SUM(v) FROM jd GROUP BY d;
-- ordered
SELECT d, COUNT(*), SUM(v) FROM jd GROUP BY d;
-- ordered
SELECT d, COUNT(*), SUM(v) FROM jd GROUP BY d;
-- ordered
SELECT u, COUNT(*), SUM(k) FROM jd WHERE v > 100 GROUP BY u;
-- ordered
SELECT u, COUNT(*), SUM(k) FROM jd WHERE v > 100 GROUP BY u;
-- ordered
SELECT u, COUNT(*), SUM(k) FROM jd WHERE v > 100 GROUP BY u;
-- ordered
SELECT COUNT(*), SUM(n) FROM (SELECT k, COUNT(*) AS n FROM jd GROUP BY k HAVING n > 7) t;
-- ordered
SELECT COUNT(*), SUM(n) FROM (SELECT k, COUNT(*) AS n FROM jd GROUP BY k HAVING n > 7) t;
-- ordered
SELECT COUNT(*), SUM(n) FROM (SELECT k, COUNT(*) AS n FROM jd GROUP BY k HAVING n > 7) t;
-- ordered
SELECT COUNT(DISTINCT k), COUNT(DISTINCT u), COUNT(DISTINCT s), COUNT(*) FROM jd;
-- ordered
SELECT COUNT(DISTINCT k), COUNT(DISTINCT u), COUNT(DISTINCT s), COUNT(*) FROM jd;
-- ordered
SELECT COUNT(DISTINCT k), COUNT(DISTINCT u), COUNT(DISTINCT s), COUNT(*) FROM jd;
-- ordered
SELECT COUNT(DISTINCT v) FROM jd WHERE id < 2000;
-- ordered
SELECT COUNT(DISTINCT v) FROM jd WHERE id < 2000;
-- ordered
SELECT COUNT(DISTINCT v) FROM jd WHERE id < 2000;
DROP TABLE jd;

-- Compiled grouped aggregates (engine/jit/agg.c through select.c kagg_*) with expression
-- arguments (+ - * and unary minus over integer and DECIMAL columns and constants: the
-- scales made equal as do_arith makes them) and grouped by up to three string columns
-- (classes under the key's collation: 'a', 'A' and 'a ' are one group in a _ci collation,
-- three in _bin; values too long for the string pool; NULL keys). Each statement runs
-- three times (the third from the kept plan's kernel); in make sqltest-offload every time.
-- Expressions whose values could pass 64 bits stay with the interpreter (its exact result
-- or MariaDB's 1690), and so do those the kernel does not compute.

CREATE TABLE je (id INT NOT NULL PRIMARY KEY, st CHAR(1), fl VARCHAR(3) NOT NULL,
  sb VARCHAR(5) COLLATE utf8mb4_bin, lg VARCHAR(60), l1 VARCHAR(4) CHARACTER SET latin1,
  q DECIMAL(15,2) NOT NULL, p DECIMAL(15,2), dc DECIMAL(4,2), tx DECIMAL(6,3), i INT, b BIGINT, u INT UNSIGNED);
INSERT INTO je
SELECT n,
       CASE n % 7 WHEN 0 THEN NULL WHEN 1 THEN 'a' WHEN 2 THEN 'A' WHEN 3 THEN 'b' WHEN 4 THEN 'B' ELSE 'c' END,
       CASE n % 5 WHEN 0 THEN 'x' WHEN 1 THEN 'X' WHEN 2 THEN 'x ' WHEN 3 THEN 'y' ELSE 'ä' END,
       CASE n % 6 WHEN 0 THEN 'a' WHEN 1 THEN 'A' WHEN 2 THEN 'a ' WHEN 3 THEN NULL ELSE 'b' END,
       CONCAT(REPEAT('long value ', 4), CASE n % 3 WHEN 0 THEN 'ONE' WHEN 1 THEN 'one' ELSE 'two' END),
       CASE n % 4 WHEN 0 THEN 'é' WHEN 1 THEN 'E' WHEN 2 THEN 'e' ELSE 'f' END,
       n % 50 + 1, IF(n % 13 = 0, NULL, (n * 37) % 100000 / 100 + 9), IF(n % 11 = 0, NULL, n % 100 / 100),
       (n % 9) / 1000, IF(n % 17 = 0, NULL, n % 1000 - 500),
       CASE WHEN n = 77 THEN 9223372036854775807 WHEN n = 78 THEN -9223372036854775807 ELSE n * 1000 END,
       n % 300
FROM (SELECT x.n * 100 + y.n + 1 AS n
      FROM (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 29) SELECT n FROM s) x,
           (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT n FROM s) y) z
ORDER BY n;
DELETE FROM je WHERE id % 10 = 3;

-- TPC-H Q1's shape
-- ordered
SELECT st, fl, SUM(q), SUM(p), SUM(p * (1 - dc)), SUM(p * (1 - dc) * (1 + tx)), AVG(q), AVG(p), AVG(dc), COUNT(*)
FROM je WHERE id <= 2500 GROUP BY st, fl ORDER BY st, fl;
-- ordered
SELECT st, fl, SUM(q), SUM(p), SUM(p * (1 - dc)), SUM(p * (1 - dc) * (1 + tx)), AVG(q), AVG(p), AVG(dc), COUNT(*)
FROM je WHERE id <= 2500 GROUP BY st, fl ORDER BY st, fl;
-- ordered
SELECT st, fl, SUM(q), SUM(p), SUM(p * (1 - dc)), SUM(p * (1 - dc) * (1 + tx)), AVG(q), AVG(p), AVG(dc), COUNT(*)
FROM je WHERE id <= 2500 GROUP BY st, fl ORDER BY st, fl;
-- groups in key order without ORDER BY; the displayed value is the group's first row's
-- ordered
SELECT st, COUNT(*), SUM(q * 2 - p), MIN(p * tx), MAX(-p + 1.5), COUNT(dc * 3) FROM je GROUP BY st;
-- ordered
SELECT st, COUNT(*), SUM(q * 2 - p), MIN(p * tx), MAX(-p + 1.5), COUNT(dc * 3) FROM je GROUP BY st;
-- ordered
SELECT st, COUNT(*), SUM(q * 2 - p), MIN(p * tx), MAX(-p + 1.5), COUNT(dc * 3) FROM je GROUP BY st;
-- ordered
SELECT sb, fl, st, COUNT(*), SUM(i * 3 + q) FROM je GROUP BY sb, fl, st;
-- ordered
SELECT sb, fl, st, COUNT(*), SUM(i * 3 + q) FROM je GROUP BY sb, fl, st;
-- ordered
SELECT sb, fl, st, COUNT(*), SUM(i * 3 + q) FROM je GROUP BY sb, fl, st;
-- ordered
SELECT lg, COUNT(*), SUM(i - 7), AVG(i * i) FROM je GROUP BY lg;
-- ordered
SELECT lg, COUNT(*), SUM(i - 7), AVG(i * i) FROM je GROUP BY lg;
-- ordered
SELECT lg, COUNT(*), SUM(i - 7), AVG(i * i) FROM je GROUP BY lg;
-- ordered
SELECT l1, fl, MAX(q * p), MIN(q + i), SUM(1.25 * q) FROM je GROUP BY l1, fl;
-- ordered
SELECT l1, fl, MAX(q * p), MIN(q + i), SUM(1.25 * q) FROM je GROUP BY l1, fl;
-- ordered
SELECT l1, fl, MAX(q * p), MIN(q + i), SUM(1.25 * q) FROM je GROUP BY l1, fl;
-- ordered
SELECT fl, COUNT(*) FROM je WHERE id > 100 GROUP BY fl HAVING COUNT(*) > 10 ORDER BY COUNT(*) DESC, fl;
-- ordered
SELECT fl, COUNT(*) FROM je WHERE id > 100 GROUP BY fl HAVING COUNT(*) > 10 ORDER BY COUNT(*) DESC, fl;
-- ordered
SELECT fl, COUNT(*) FROM je WHERE id > 100 GROUP BY fl HAVING COUNT(*) > 10 ORDER BY COUNT(*) DESC, fl;
-- one group; expressions of integers
SELECT SUM(i * 2 + 1), SUM(-i), MIN(i - b), MAX(i * 1000 - 3) FROM je WHERE id < 3000;
SELECT SUM(i * 2 + 1), SUM(-i), MIN(i - b), MAX(i * 1000 - 3) FROM je WHERE id < 3000;
SELECT SUM(i * 2 + 1), SUM(-i), MIN(i - b), MAX(i * 1000 - 3) FROM je WHERE id < 3000;
-- may pass 64 bits: the interpreter (an exact DECIMAL sum, MariaDB's 1690 for BIGINT)
-- ordered
SELECT st, SUM(p * p * p * p) FROM je GROUP BY st;
-- ordered
SELECT st, SUM(p * p * p * p) FROM je GROUP BY st;
-- ordered
SELECT st, SUM(p * p * p * p) FROM je GROUP BY st;
SELECT SUM(b * 2) FROM je;
SELECT SUM(b * 2) FROM je;
SELECT SUM(b * 2) FROM je;
SELECT SUM(b + 1) FROM je WHERE id <> 77;
SELECT SUM(b + 1) FROM je WHERE id <> 77;
SELECT SUM(b + 1) FROM je WHERE id <> 77;
-- shapes left to the interpreter: unsigned columns in expressions, division
-- ordered
SELECT st, SUM(u - 100), SUM(q / 3) FROM je GROUP BY st;
-- ordered
SELECT st, SUM(u - 100), SUM(q / 3) FROM je GROUP BY st;
-- COUNT(DISTINCT) of integer, DECIMAL, date and datetime columns (one group): a table
-- of the column's values per aggregate, NULL not counted
CREATE TABLE jd (id INT NOT NULL PRIMARY KEY, d DATE, dt DATETIME(3), b BIGINT, bu BIGINT UNSIGNED, dc DECIMAL(8,3));
INSERT INTO jd SELECT id, IF(id % 9 = 0, NULL, '2020-02-27' + INTERVAL (id % 400) DAY),
  '2021-01-01 00:00:00.001' + INTERVAL (id % 77) SECOND, b, IF(id % 5 = 0, 18446744073709551615, id % 700),
  IF(id % 4 = 0, NULL, (id % 250) / 8) FROM je;
SELECT COUNT(DISTINCT d), COUNT(DISTINCT dt), COUNT(DISTINCT b), COUNT(DISTINCT bu), COUNT(DISTINCT dc), COUNT(*), SUM(dc) FROM jd;
SELECT COUNT(DISTINCT d), COUNT(DISTINCT dt), COUNT(DISTINCT b), COUNT(DISTINCT bu), COUNT(DISTINCT dc), COUNT(*), SUM(dc) FROM jd;
SELECT COUNT(DISTINCT d), COUNT(DISTINCT dt), COUNT(DISTINCT b), COUNT(DISTINCT bu), COUNT(DISTINCT dc), COUNT(*), SUM(dc) FROM jd;
SELECT COUNT(DISTINCT d), COUNT(DISTINCT dc) FROM jd WHERE id > 1500;
SELECT COUNT(DISTINCT d), COUNT(DISTINCT dc) FROM jd WHERE id > 1500;
SELECT COUNT(DISTINCT d), COUNT(DISTINCT dc) FROM jd WHERE id > 1500;
SELECT COUNT(DISTINCT d) FROM jd WHERE id > 99999;
SELECT COUNT(DISTINCT d) FROM jd WHERE id > 99999;
SELECT COUNT(DISTINCT d) FROM jd WHERE id > 99999;
DELETE FROM jd WHERE id % 3 = 1;
SELECT COUNT(DISTINCT d), COUNT(DISTINCT b) FROM jd;
SELECT COUNT(DISTINCT d), COUNT(DISTINCT b) FROM jd;
SELECT COUNT(DISTINCT d), COUNT(DISTINCT b) FROM jd;
DROP TABLE jd;
-- rows changed between executions of the kept plan
UPDATE je SET st = 'a ', q = q + 0.01 WHERE id % 100 = 1;
INSERT INTO je (id, st, fl, q) VALUES (5000, 'Z', 'x', 0.5), (5001, NULL, 'x', -1.25);
-- ordered
SELECT st, fl, SUM(q), SUM(p * (1 - dc)), COUNT(*) FROM je GROUP BY st, fl;
-- ordered
SELECT st, fl, SUM(q), SUM(p * (1 - dc)), COUNT(*) FROM je GROUP BY st, fl;
-- ordered
SELECT st, fl, SUM(q), SUM(p * (1 - dc)), COUNT(*) FROM je GROUP BY st, fl;
DROP TABLE je;

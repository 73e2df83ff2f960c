-- Full scans whose first conjuncts are `integer/date column <op> constant`: the JIT
-- (engine/jit_bridge.c) finds their candidate rows with compiled code (in make
-- sqltest-offload every time, --jit-min-rows=0; in the default run once a statement's
-- plan is kept, from its second or third run: so each statement runs more than once).
-- NULLs, the extremes of BIGINT, unsigned BIGINT (left to the interpreter), dates,
-- all six operators, deleted rows, and rows inside a transaction (versions).

CREATE TABLE jf (id INT NOT NULL, a INT, b BIGINT, u BIGINT UNSIGNED, d DATE, dt DATETIME, s VARCHAR(10), ts TIMESTAMP NULL);
INSERT INTO jf (id, a, b, u, d, dt, s, ts)
SELECT n,
       IF(n % 7 = 0, NULL, n % 50 - 25),
       CASE WHEN n % 97 = 0 THEN -9223372036854775808 WHEN n % 89 = 0 THEN 9223372036854775807
            WHEN n % 11 = 0 THEN NULL ELSE n * 1000003 - 500000000 END,
       CASE WHEN n % 83 = 0 THEN 18446744073709551615 WHEN n % 79 = 0 THEN 9223372036854775808
            WHEN n % 13 = 0 THEN NULL ELSE n END,
       IF(n % 17 = 0, NULL, '2020-01-01' + INTERVAL (n % 1500) DAY),
       IF(n % 19 = 0, NULL, '2021-06-01 12:00:00' + INTERVAL (n * 37) MINUTE),
       IF(n % 3 = 0, 'x', IF(n % 3 = 1, '12', NULL)),
       IF(n % 23 = 0, NULL, '2022-01-01 00:00:00' + INTERVAL n HOUR)
FROM (SELECT x.n * 100 + y.n + 1 AS n
      FROM (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 29) SELECT n FROM s) x,
           (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT n FROM s) y) q
ORDER BY n;
DELETE FROM jf WHERE id % 10 = 3 OR id BETWEEN 1000 AND 1090;

-- the six operators, constants on either side, NULLs never match
SELECT COUNT(*) FROM jf WHERE a = 5;
SELECT COUNT(*) FROM jf WHERE a <> 5;
SELECT COUNT(*) FROM jf WHERE a < -20;
SELECT COUNT(*) FROM jf WHERE a <= -20;
SELECT COUNT(*) FROM jf WHERE a > 20;
SELECT COUNT(*) FROM jf WHERE a >= 20;
SELECT COUNT(*) FROM jf WHERE 20 < a;
SELECT COUNT(*) FROM jf WHERE -20 >= a;
SELECT id, a FROM jf WHERE a = 24 AND id < 400 ORDER BY id;
SELECT id, a FROM jf WHERE a = 24 AND id < 400 ORDER BY id;
SELECT id, a FROM jf WHERE a = -25 AND id > 2800 ORDER BY id;
-- rows come in row id order: LIMIT without ORDER BY takes the first ones
-- ordered
SELECT id FROM jf WHERE a > 10 LIMIT 5;
-- ordered
SELECT id FROM jf WHERE a > 10 LIMIT 5;
-- ordered
SELECT id FROM jf WHERE a > 10 AND b > 0 LIMIT 3 OFFSET 100;
-- BIGINT extremes
SELECT COUNT(*) FROM jf WHERE b = -9223372036854775808;
SELECT COUNT(*) FROM jf WHERE b = -9223372036854775808;
SELECT COUNT(*) FROM jf WHERE b > -9223372036854775808;
SELECT COUNT(*) FROM jf WHERE b >= 9223372036854775807;
SELECT COUNT(*) FROM jf WHERE b < 9223372036854775807;
SELECT COUNT(*) FROM jf WHERE b <> 9223372036854775807;
SELECT COUNT(*) FROM jf WHERE b <= -9223372036854775808;
SELECT id FROM jf WHERE b = 9223372036854775807 ORDER BY id;
SELECT id FROM jf WHERE b < 0 AND b > -9223372036854775808 AND a = 1 ORDER BY id;
-- beyond BIGINT: not integer constants (the interpreter)
SELECT COUNT(*) FROM jf WHERE b < 9223372036854775808;
SELECT COUNT(*) FROM jf WHERE b > -9223372036854775809;
-- unsigned BIGINT (compared unsigned: not the kernel's signed compare)
SELECT COUNT(*) FROM jf WHERE u > 5;
SELECT COUNT(*) FROM jf WHERE u > 5;
SELECT COUNT(*) FROM jf WHERE u >= 9223372036854775808;
SELECT COUNT(*) FROM jf WHERE u = 18446744073709551615;
SELECT COUNT(*) FROM jf WHERE u < 100 AND u > -1;
SELECT COUNT(*) FROM jf WHERE u > -1;
SELECT id FROM jf WHERE u = 9223372036854775808 AND a > 0 ORDER BY id;
-- dates and datetimes against strings, numbers and date literals
SELECT COUNT(*) FROM jf WHERE d >= '2023-01-01';
SELECT COUNT(*) FROM jf WHERE d >= '2023-01-01';
SELECT COUNT(*) FROM jf WHERE d < '2020-03-01';
SELECT COUNT(*) FROM jf WHERE d = '2021-02-03';
SELECT COUNT(*) FROM jf WHERE d <> '2021-02-03';
SELECT COUNT(*) FROM jf WHERE d > 20230615;
SELECT COUNT(*) FROM jf WHERE d <= DATE '2020-02-10';
SELECT COUNT(*) FROM jf WHERE d = '2021-02-03 00:00:00';
SELECT COUNT(*) FROM jf WHERE d = '2021-02-03 10:00:00';
SELECT COUNT(*) FROM jf WHERE '2023-01-01' <= d;
SELECT COUNT(*) FROM jf WHERE dt > '2022-01-01 00:00:00' AND dt < '2022-06-01';
SELECT COUNT(*) FROM jf WHERE dt >= TIMESTAMP '2021-12-24 06:00:00';
SELECT COUNT(*) FROM jf WHERE ts < '2022-02-01' AND ts > '2022-01-15 12:00:00';
SELECT id, d FROM jf WHERE d BETWEEN '2021-02-01' AND '2021-02-05' AND a > 0 ORDER BY id;
-- a bad date string: the interpreter, with its warning
SELECT COUNT(*) FROM jf WHERE d > 'not a date';
SELECT COUNT(*) FROM jf WHERE d > '2021-13-45';
-- conjuncts after the kernel's: their warnings come only from the rows that reach them
SELECT COUNT(*) FROM jf WHERE a = 1 AND s = 12;
SELECT COUNT(*) FROM jf WHERE a = 1 AND s = 12;
SELECT id FROM jf WHERE a > 23 AND b > 0 AND s + 0 > 5 ORDER BY id;
-- joins: the scanned level's filter, and a level with an ON condition
SELECT COUNT(*) FROM jf x JOIN jf y ON y.id = x.id + 1 WHERE x.a = 3 AND y.a = 4;
SELECT COUNT(*) FROM jf x JOIN jf y ON y.id = x.id + 1 WHERE x.a = 3 AND y.a = 4;
SELECT COUNT(*) FROM jf x LEFT JOIN jf y ON y.a = x.a + 1 AND y.id < 200 WHERE x.a = -24 AND x.id < 300;
SELECT COUNT(*), SUM(y.a IS NULL) FROM jf x LEFT JOIN jf y ON y.id = x.id + 1 WHERE x.a = 3 AND x.b > 0;
-- grouping, DISTINCT, subqueries over the filtered scan
SELECT a, COUNT(*), MIN(id), MAX(b) FROM jf WHERE a >= 20 AND b <> 0 GROUP BY a ORDER BY a;
SELECT DISTINCT a FROM jf WHERE a < -22 ORDER BY a;
SELECT COUNT(*) FROM jf WHERE a = 7 AND id IN (SELECT id FROM jf WHERE b > 0 AND a = 7);
SELECT id FROM jf o WHERE a = 13 AND id < 1000 AND EXISTS (SELECT 1 FROM jf i WHERE i.a = 14 AND i.id = o.id + 1) ORDER BY id;

-- versions: rows inserted, updated and deleted inside a transaction
BEGIN;
INSERT INTO jf (id, a, b, d) VALUES (5001, 5, 7, '2024-01-01'), (5002, NULL, 8, NULL), (5003, 5, -9223372036854775808, '2019-12-31');
UPDATE jf SET a = 5 WHERE id IN (1, 2, 4);
DELETE FROM jf WHERE id IN (5, 6, 55, 105);
SELECT COUNT(*) FROM jf WHERE a = 5;
SELECT id FROM jf WHERE a = 5 AND id < 300 ORDER BY id;
SELECT COUNT(*) FROM jf WHERE b = -9223372036854775808;
SELECT COUNT(*) FROM jf WHERE d > '2023-12-31';
ROLLBACK;
SELECT COUNT(*) FROM jf WHERE a = 5;
SELECT id FROM jf WHERE a = 5 AND id < 300 ORDER BY id;
SELECT COUNT(*) FROM jf WHERE d > '2023-12-31';
BEGIN;
DELETE FROM jf WHERE a = 5;
SELECT COUNT(*) FROM jf WHERE a = 5;
SELECT COUNT(*) FROM jf WHERE a >= 5;
COMMIT;
SELECT COUNT(*) FROM jf WHERE a = 5;
SELECT COUNT(*) FROM jf WHERE a >= 5;
-- UPDATE and DELETE with such filters
UPDATE jf SET b = b + 1 WHERE a = -1 AND b < 0 AND b > -9223372036854775808;
SELECT COUNT(*), SUM(b) FROM jf WHERE a = -1;
DELETE FROM jf WHERE a = 24 AND d < '2021-01-01';
SELECT COUNT(*) FROM jf WHERE a = 24;

-- String conditions in compiled filters: `column = 'x'`, `<>`, `[NOT] IN ('a', 'b')` over
-- string columns are answered a chunk of rows at a time by the interpreter's own string
-- kernels (select.c kern_answers: collations, the pooled-value memo) and read by the
-- compiled filter as a column (jit_bridge.c jb_answer), beside integer and date
-- conditions, feeding row lists, COUNT(*) and compiled grouped aggregates. Collations
-- (case- and accent-insensitive, binary, latin1), NULLs, values too long for the pool,
-- deleted rows, rows inside a transaction. Each statement runs three times (the default
-- run compiles once the plan is kept; make sqltest-offload every time).

CREATE TABLE jst (id INT NOT NULL, g INT, n INT,
  s VARCHAR(40) COLLATE utf8mb4_unicode_ci, b VARBINARY(40), l VARCHAR(20) CHARACTER SET latin1,
  u VARCHAR(60) COLLATE utf8mb4_general_ci);
INSERT INTO jst
SELECT n, n % 7, IF(n % 11 = 0, NULL, n % 100),
       CASE WHEN n % 13 = 0 THEN NULL WHEN n % 5 = 0 THEN 'Publish' WHEN n % 5 = 1 THEN 'publish'
            WHEN n % 5 = 2 THEN 'draft' WHEN n % 5 = 3 THEN 'pùblish' ELSE 'trash' END,
       ELT(n % 4 + 1, 'ab', 'AB', 'ab ', NULL),
       ELT(n % 3 + 1, 'café', 'cafe', 'CAFE'),
       IF(n % 17 = 0, REPEAT('long value past the pool ', 2), ELT(n % 3 + 1, 'x', 'X', 'y'))
FROM (SELECT x.n * 100 + y.n + 1 AS n
      FROM (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 29) SELECT n FROM s) x,
           (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT n FROM s) y) q
ORDER BY n;
DELETE FROM jst WHERE id % 10 = 4;
SELECT COUNT(*) FROM jst WHERE s = 'publish';
SELECT COUNT(*) FROM jst WHERE s = 'publish';
SELECT COUNT(*) FROM jst WHERE s = 'publish';
SELECT COUNT(*) FROM jst WHERE s <> 'publish';
SELECT COUNT(*) FROM jst WHERE s <> 'publish';
SELECT COUNT(*) FROM jst WHERE s <> 'publish';
SELECT COUNT(*) FROM jst WHERE s IN ('draft', 'TRASH');
SELECT COUNT(*) FROM jst WHERE s IN ('draft', 'TRASH');
SELECT COUNT(*) FROM jst WHERE s IN ('draft', 'TRASH');
SELECT COUNT(*) FROM jst WHERE s NOT IN ('draft', 'trash');
SELECT COUNT(*) FROM jst WHERE s NOT IN ('draft', 'trash');
SELECT COUNT(*) FROM jst WHERE s NOT IN ('draft', 'trash');
SELECT COUNT(*) FROM jst WHERE b = 'ab';
SELECT COUNT(*) FROM jst WHERE b = 'ab';
SELECT COUNT(*) FROM jst WHERE b = 'ab';
SELECT COUNT(*) FROM jst WHERE b <> 'AB';
SELECT COUNT(*) FROM jst WHERE b <> 'AB';
SELECT COUNT(*) FROM jst WHERE b <> 'AB';
SELECT COUNT(*) FROM jst WHERE l = 'cafe';
SELECT COUNT(*) FROM jst WHERE l = 'cafe';
SELECT COUNT(*) FROM jst WHERE l = 'cafe';
SELECT COUNT(*) FROM jst WHERE u = 'x' AND n > 10;
SELECT COUNT(*) FROM jst WHERE u = 'x' AND n > 10;
SELECT COUNT(*) FROM jst WHERE u = 'x' AND n > 10;
SELECT COUNT(*) FROM jst WHERE u = 'long value past the pool long value past the pool ';
SELECT COUNT(*) FROM jst WHERE u = 'long value past the pool long value past the pool ';
SELECT COUNT(*) FROM jst WHERE u = 'long value past the pool long value past the pool ';
SELECT COUNT(*) FROM jst WHERE u <> 'y' AND s = 'publish' AND g <> 3;
SELECT COUNT(*) FROM jst WHERE u <> 'y' AND s = 'publish' AND g <> 3;
SELECT COUNT(*) FROM jst WHERE u <> 'y' AND s = 'publish' AND g <> 3;
SELECT id FROM jst WHERE s = 'publish' AND n < 20 ORDER BY id;
SELECT id FROM jst WHERE s = 'publish' AND n < 20 ORDER BY id;
SELECT id FROM jst WHERE s = 'publish' AND n < 20 ORDER BY id;
SELECT id, s FROM jst WHERE 'draft' = s AND g = 2 LIMIT 7;
SELECT id, s FROM jst WHERE 'draft' = s AND g = 2 LIMIT 7;
SELECT id, s FROM jst WHERE 'draft' = s AND g = 2 LIMIT 7;
-- ordered
SELECT g, COUNT(*), SUM(n), MIN(n), MAX(id) FROM jst WHERE s = 'publish' GROUP BY g;
-- ordered
SELECT g, COUNT(*), SUM(n), MIN(n), MAX(id) FROM jst WHERE s = 'publish' GROUP BY g;
-- ordered
SELECT g, COUNT(*), SUM(n), MIN(n), MAX(id) FROM jst WHERE s = 'publish' GROUP BY g;
-- ordered
SELECT g, COUNT(*) FROM jst WHERE s IN ('publish', 'draft') AND b = 'ab' GROUP BY g;
-- ordered
SELECT g, COUNT(*) FROM jst WHERE s IN ('publish', 'draft') AND b = 'ab' GROUP BY g;
-- ordered
SELECT g, COUNT(*) FROM jst WHERE s IN ('publish', 'draft') AND b = 'ab' GROUP BY g;
SELECT COUNT(*), SUM(n) FROM jst WHERE s NOT IN ('trash') AND l <> 'CAFE';
SELECT COUNT(*), SUM(n) FROM jst WHERE s NOT IN ('trash') AND l <> 'CAFE';
SELECT COUNT(*), SUM(n) FROM jst WHERE s NOT IN ('trash') AND l <> 'CAFE';
SELECT COUNT(*) FROM jst WHERE s = 'publish' COLLATE utf8mb4_bin;
SELECT COUNT(*) FROM jst WHERE s = 'publish' COLLATE utf8mb4_bin;
SELECT COUNT(*) FROM jst WHERE s = 'publish' COLLATE utf8mb4_bin;
SELECT COUNT(*) FROM jst a, jst b WHERE a.s = 'trash' AND a.id < 40 AND b.b = 'ab' AND b.id < 200;
SELECT COUNT(*) FROM jst a, jst b WHERE a.s = 'trash' AND a.id < 40 AND b.b = 'ab' AND b.id < 200;
SELECT COUNT(*) FROM jst a, jst b WHERE a.s = 'trash' AND a.id < 40 AND b.b = 'ab' AND b.id < 200;
BEGIN;
UPDATE jst SET s = 'publish' WHERE id % 100 = 2;
INSERT INTO jst (id, g, n, s) VALUES (9001, 1, 5, 'PUBLISH'), (9002, 1, 6, NULL);
DELETE FROM jst WHERE id % 100 = 5;
SELECT COUNT(*) FROM jst WHERE s = 'publish';
SELECT COUNT(*) FROM jst WHERE s = 'publish';
SELECT COUNT(*) FROM jst WHERE s = 'publish';
-- ordered
SELECT g, COUNT(*), SUM(n) FROM jst WHERE s = 'publish' GROUP BY g;
-- ordered
SELECT g, COUNT(*), SUM(n) FROM jst WHERE s = 'publish' GROUP BY g;
-- ordered
SELECT g, COUNT(*), SUM(n) FROM jst WHERE s = 'publish' GROUP BY g;
ROLLBACK;
SELECT COUNT(*) FROM jst WHERE s = 'publish';
SELECT COUNT(*) FROM jst WHERE s = 'publish';

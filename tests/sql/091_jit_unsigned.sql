-- BIGINT UNSIGNED columns (WordPress's IDs, authors and parents) in the compiled filter,
-- join and aggregate kernels: while every value the column ever held is below 2^63
-- (storage's bounds), its int64 slot is the value and the kernels compare, sum and order
-- it as a signed one; once a value past 2^63 is written the same statements (the kept
-- plans' too) go back to the interpreter's unsigned arithmetic. Each statement runs three
-- times (the third from the kept plan's kernel); in make sqltest-offload every time.

CREATE TABLE ju (id BIGINT UNSIGNED NOT NULL PRIMARY KEY, a BIGINT UNSIGNED NOT NULL,
  p BIGINT UNSIGNED, s VARCHAR(8), KEY (a));
INSERT INTO ju
SELECT n, n % 97, IF(n % 13 = 0, NULL, n * 1000003), CASE n % 3 WHEN 0 THEN 'post' WHEN 1 THEN 'page' ELSE 'x' END
FROM (SELECT x.n * 100 + y.n + 1 AS n
      FROM (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 29) SELECT n FROM s) x,
           (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT n FROM s) y) z
ORDER BY n;
DELETE FROM ju WHERE id % 10 = 3;
CREATE TABLE jv (id BIGINT UNSIGNED NOT NULL PRIMARY KEY, ju_id BIGINT UNSIGNED, w INT);
INSERT INTO jv SELECT id + 5000, id, id % 7 FROM ju WHERE id % 4 <> 1;

-- values below 2^63: the kernels
-- ordered
SELECT COUNT(*) FROM ju WHERE a = 5;
-- ordered
SELECT COUNT(*) FROM ju WHERE a = 5;
-- ordered
SELECT COUNT(*) FROM ju WHERE a = 5;
-- ordered
SELECT COUNT(*), SUM(p) FROM ju WHERE a > 90 AND id <= 2500;
-- ordered
SELECT COUNT(*), SUM(p) FROM ju WHERE a > 90 AND id <= 2500;
-- ordered
SELECT COUNT(*), SUM(p) FROM ju WHERE a > 90 AND id <= 2500;
-- ordered
SELECT COUNT(*) FROM ju WHERE a > -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a > -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a > -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a < -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a < -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a < -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE p >= 9223372036854775807;
-- ordered
SELECT COUNT(*) FROM ju WHERE p >= 9223372036854775807;
-- ordered
SELECT COUNT(*) FROM ju WHERE p >= 9223372036854775807;
-- ordered
SELECT COUNT(*) FROM ju WHERE p < 18446744073709551615;
-- ordered
SELECT COUNT(*) FROM ju WHERE p < 18446744073709551615;
-- ordered
SELECT COUNT(*) FROM ju WHERE p < 18446744073709551615;
-- ordered
SELECT COUNT(*) FROM ju WHERE a BETWEEN 10 AND 20 AND s = 'post';
-- ordered
SELECT COUNT(*) FROM ju WHERE a BETWEEN 10 AND 20 AND s = 'post';
-- ordered
SELECT COUNT(*) FROM ju WHERE a BETWEEN 10 AND 20 AND s = 'post';
-- ordered
SELECT id, a FROM ju WHERE a = 96 AND id > 2000 ORDER BY id;
-- ordered
SELECT id, a FROM ju WHERE a = 96 AND id > 2000 ORDER BY id;
-- ordered
SELECT id, a FROM ju WHERE a = 96 AND id > 2000 ORDER BY id;
-- ordered
SELECT COUNT(*), SUM(p), MIN(p), MAX(p), AVG(p), SUM(a), MIN(id), MAX(id) FROM ju;
-- ordered
SELECT COUNT(*), SUM(p), MIN(p), MAX(p), AVG(p), SUM(a), MIN(id), MAX(id) FROM ju;
-- ordered
SELECT COUNT(*), SUM(p), MIN(p), MAX(p), AVG(p), SUM(a), MIN(id), MAX(id) FROM ju;
-- ordered
SELECT a, COUNT(*), SUM(p), MIN(p), MAX(p), AVG(id) FROM ju WHERE a < 10 GROUP BY a;
-- ordered
SELECT a, COUNT(*), SUM(p), MIN(p), MAX(p), AVG(id) FROM ju WHERE a < 10 GROUP BY a;
-- ordered
SELECT a, COUNT(*), SUM(p), MIN(p), MAX(p), AVG(id) FROM ju WHERE a < 10 GROUP BY a;
-- ordered
SELECT s, COUNT(*), SUM(a), MAX(p) FROM ju GROUP BY s;
-- ordered
SELECT s, COUNT(*), SUM(a), MAX(p) FROM ju GROUP BY s;
-- ordered
SELECT s, COUNT(*), SUM(a), MAX(p) FROM ju GROUP BY s;
-- ordered
SELECT COUNT(*), SUM(ju.p) FROM ju JOIN jv ON jv.ju_id = ju.id WHERE jv.w = 3 AND ju.a >= 50;
-- ordered
SELECT COUNT(*), SUM(ju.p) FROM ju JOIN jv ON jv.ju_id = ju.id WHERE jv.w = 3 AND ju.a >= 50;
-- ordered
SELECT COUNT(*), SUM(ju.p) FROM ju JOIN jv ON jv.ju_id = ju.id WHERE jv.w = 3 AND ju.a >= 50;

-- a value past 2^63 widens the bounds: the interpreter again (kept plans too)
INSERT INTO ju VALUES (4000, 18446744073709551615, 18446744073709551614, 'post');
-- ordered
SELECT COUNT(*) FROM ju WHERE a = 5;
-- ordered
SELECT COUNT(*) FROM ju WHERE a = 5;
-- ordered
SELECT COUNT(*) FROM ju WHERE a = 5;
-- ordered
SELECT COUNT(*), SUM(p) FROM ju WHERE a > 90 AND id <= 2500;
-- ordered
SELECT COUNT(*), SUM(p) FROM ju WHERE a > 90 AND id <= 2500;
-- ordered
SELECT COUNT(*), SUM(p) FROM ju WHERE a > 90 AND id <= 2500;
-- ordered
SELECT COUNT(*) FROM ju WHERE a > -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a > -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a > -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a < -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a < -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a < -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE p >= 9223372036854775807;
-- ordered
SELECT COUNT(*) FROM ju WHERE p >= 9223372036854775807;
-- ordered
SELECT COUNT(*) FROM ju WHERE p >= 9223372036854775807;
-- ordered
SELECT COUNT(*) FROM ju WHERE p < 18446744073709551615;
-- ordered
SELECT COUNT(*) FROM ju WHERE p < 18446744073709551615;
-- ordered
SELECT COUNT(*) FROM ju WHERE p < 18446744073709551615;
-- ordered
SELECT COUNT(*) FROM ju WHERE a BETWEEN 10 AND 20 AND s = 'post';
-- ordered
SELECT COUNT(*) FROM ju WHERE a BETWEEN 10 AND 20 AND s = 'post';
-- ordered
SELECT COUNT(*) FROM ju WHERE a BETWEEN 10 AND 20 AND s = 'post';
-- ordered
SELECT id, a FROM ju WHERE a = 96 AND id > 2000 ORDER BY id;
-- ordered
SELECT id, a FROM ju WHERE a = 96 AND id > 2000 ORDER BY id;
-- ordered
SELECT id, a FROM ju WHERE a = 96 AND id > 2000 ORDER BY id;
-- ordered
SELECT COUNT(*), SUM(p), MIN(p), MAX(p), AVG(p), SUM(a), MIN(id), MAX(id) FROM ju;
-- ordered
SELECT COUNT(*), SUM(p), MIN(p), MAX(p), AVG(p), SUM(a), MIN(id), MAX(id) FROM ju;
-- ordered
SELECT COUNT(*), SUM(p), MIN(p), MAX(p), AVG(p), SUM(a), MIN(id), MAX(id) FROM ju;
-- ordered
SELECT a, COUNT(*), SUM(p), MIN(p), MAX(p), AVG(id) FROM ju WHERE a < 10 GROUP BY a;
-- ordered
SELECT a, COUNT(*), SUM(p), MIN(p), MAX(p), AVG(id) FROM ju WHERE a < 10 GROUP BY a;
-- ordered
SELECT a, COUNT(*), SUM(p), MIN(p), MAX(p), AVG(id) FROM ju WHERE a < 10 GROUP BY a;
-- ordered
SELECT s, COUNT(*), SUM(a), MAX(p) FROM ju GROUP BY s;
-- ordered
SELECT s, COUNT(*), SUM(a), MAX(p) FROM ju GROUP BY s;
-- ordered
SELECT s, COUNT(*), SUM(a), MAX(p) FROM ju GROUP BY s;
-- ordered
SELECT COUNT(*), SUM(ju.p) FROM ju JOIN jv ON jv.ju_id = ju.id WHERE jv.w = 3 AND ju.a >= 50;
-- ordered
SELECT COUNT(*), SUM(ju.p) FROM ju JOIN jv ON jv.ju_id = ju.id WHERE jv.w = 3 AND ju.a >= 50;
-- ordered
SELECT COUNT(*), SUM(ju.p) FROM ju JOIN jv ON jv.ju_id = ju.id WHERE jv.w = 3 AND ju.a >= 50;

-- the bound is not narrowed by deleting the row: still the interpreter, same answers
DELETE FROM ju WHERE id = 4000;
-- ordered
SELECT COUNT(*) FROM ju WHERE a = 5;
-- ordered
SELECT COUNT(*) FROM ju WHERE a = 5;
-- ordered
SELECT COUNT(*) FROM ju WHERE a = 5;
-- ordered
SELECT COUNT(*), SUM(p) FROM ju WHERE a > 90 AND id <= 2500;
-- ordered
SELECT COUNT(*), SUM(p) FROM ju WHERE a > 90 AND id <= 2500;
-- ordered
SELECT COUNT(*), SUM(p) FROM ju WHERE a > 90 AND id <= 2500;
-- ordered
SELECT COUNT(*) FROM ju WHERE a > -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a > -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a > -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a < -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a < -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE a < -1;
-- ordered
SELECT COUNT(*) FROM ju WHERE p >= 9223372036854775807;
-- ordered
SELECT COUNT(*) FROM ju WHERE p >= 9223372036854775807;
-- ordered
SELECT COUNT(*) FROM ju WHERE p >= 9223372036854775807;
-- ordered
SELECT COUNT(*) FROM ju WHERE p < 18446744073709551615;
-- ordered
SELECT COUNT(*) FROM ju WHERE p < 18446744073709551615;
-- ordered
SELECT COUNT(*) FROM ju WHERE p < 18446744073709551615;
-- ordered
SELECT COUNT(*) FROM ju WHERE a BETWEEN 10 AND 20 AND s = 'post';
-- ordered
SELECT COUNT(*) FROM ju WHERE a BETWEEN 10 AND 20 AND s = 'post';
-- ordered
SELECT COUNT(*) FROM ju WHERE a BETWEEN 10 AND 20 AND s = 'post';
-- ordered
SELECT id, a FROM ju WHERE a = 96 AND id > 2000 ORDER BY id;
-- ordered
SELECT id, a FROM ju WHERE a = 96 AND id > 2000 ORDER BY id;
-- ordered
SELECT id, a FROM ju WHERE a = 96 AND id > 2000 ORDER BY id;
-- ordered
SELECT COUNT(*), SUM(p), MIN(p), MAX(p), AVG(p), SUM(a), MIN(id), MAX(id) FROM ju;
-- ordered
SELECT COUNT(*), SUM(p), MIN(p), MAX(p), AVG(p), SUM(a), MIN(id), MAX(id) FROM ju;
-- ordered
SELECT COUNT(*), SUM(p), MIN(p), MAX(p), AVG(p), SUM(a), MIN(id), MAX(id) FROM ju;
-- ordered
SELECT a, COUNT(*), SUM(p), MIN(p), MAX(p), AVG(id) FROM ju WHERE a < 10 GROUP BY a;
-- ordered
SELECT a, COUNT(*), SUM(p), MIN(p), MAX(p), AVG(id) FROM ju WHERE a < 10 GROUP BY a;
-- ordered
SELECT a, COUNT(*), SUM(p), MIN(p), MAX(p), AVG(id) FROM ju WHERE a < 10 GROUP BY a;
-- ordered
SELECT s, COUNT(*), SUM(a), MAX(p) FROM ju GROUP BY s;
-- ordered
SELECT s, COUNT(*), SUM(a), MAX(p) FROM ju GROUP BY s;
-- ordered
SELECT s, COUNT(*), SUM(a), MAX(p) FROM ju GROUP BY s;
-- ordered
SELECT COUNT(*), SUM(ju.p) FROM ju JOIN jv ON jv.ju_id = ju.id WHERE jv.w = 3 AND ju.a >= 50;
-- ordered
SELECT COUNT(*), SUM(ju.p) FROM ju JOIN jv ON jv.ju_id = ju.id WHERE jv.w = 3 AND ju.a >= 50;
-- ordered
SELECT COUNT(*), SUM(ju.p) FROM ju JOIN jv ON jv.ju_id = ju.id WHERE jv.w = 3 AND ju.a >= 50;
DROP TABLE ju, jv;

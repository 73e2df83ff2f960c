-- Statement memory: statements whose intermediate results once grew without bound.
-- Uncorrelated subqueries are run once per statement (as MariaDB materialises them),
-- also nested ones; correlated and volatile ones still run per row.

CREATE TABLE tab0 (pk INT PRIMARY KEY, col0 INT, col1 DOUBLE, col3 INT, col4 DOUBLE);
INSERT INTO tab0 WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n < 999)
  SELECT n, (n * 7919) % 10000, ((n * 104729) % 1000000) / 100.0, (n * 6007 + 13) % 10000, ((n * 3571) % 1000000) / 100.0 FROM s;
SELECT COUNT(*), SUM(col0), SUM(col3) FROM tab0;

-- nested uncorrelated IN over 1,000 rows (ran the innermost subquery a million times)
SELECT pk FROM tab0 WHERE ((((col0 IN (SELECT col3 FROM tab0 WHERE col3 = 7862 OR (col0 > 7104) AND col3 IN (SELECT col0 FROM tab0 WHERE ((col4 < 3774.80))) OR col0 >= 4545 OR (col3 > 1867) AND col1 >= 3341.69 AND col1 <= 8546.42 AND col0 <= 6797 AND col0 = 9644 AND (col3 IN (8505,121,8833,5588,941,148)))))) OR ((col3 >= 7199)) OR col3 < 6877);
SELECT COUNT(*) FROM tab0 WHERE col0 IN (SELECT col3 FROM tab0 WHERE col3 IN (SELECT col0 FROM tab0 WHERE col4 < 5000));
SELECT COUNT(*) FROM tab0 WHERE col0 NOT IN (SELECT col3 FROM tab0 WHERE col3 IN (SELECT col0 FROM tab0 WHERE col4 < 5000));
SELECT pk, (SELECT MAX(col0) FROM tab0) - col0 AS d FROM tab0 WHERE pk < 5;
SELECT COUNT(*) FROM tab0 WHERE EXISTS (SELECT 1 FROM tab0 t2 WHERE t2.col0 > 9990);
SELECT COUNT(*) FROM tab0 WHERE col0 > ALL (SELECT col3 FROM tab0 t2 WHERE t2.pk < 50);
SELECT COUNT(*) FROM tab0 WHERE col0 = ANY (SELECT col3 FROM tab0 t2 WHERE t2.pk < 500);
SELECT COUNT(*) FROM tab0 WHERE (col0, col3) IN (SELECT col0, col3 FROM tab0 t2 WHERE t2.pk % 3 = 0);

-- correlated at the inner level only: the middle subquery is still run once
SELECT COUNT(*) FROM tab0 a WHERE a.col0 IN (SELECT b.col3 FROM tab0 b WHERE EXISTS (SELECT 1 FROM tab0 c WHERE c.pk = b.pk AND c.col4 < 5000));
-- correlated with the outermost query through a nested subquery: run per row
SELECT a.pk FROM tab0 a WHERE a.pk < 20 AND EXISTS (SELECT 1 FROM tab0 b WHERE b.pk < 10 AND EXISTS (SELECT 1 FROM tab0 c WHERE c.pk = b.pk AND c.pk = a.pk));
SELECT a.pk, (SELECT COUNT(*) FROM tab0 b WHERE b.col0 < a.col0) AS n FROM tab0 a WHERE a.pk < 8;
-- a subquery run once that fails on its first run, and one that fails later
SELECT pk FROM tab0 WHERE col0 = (SELECT col0 FROM tab0 WHERE pk < 2);
SELECT pk FROM tab0 WHERE pk < 3 AND col0 = (SELECT col0 FROM tab0 b WHERE b.pk <= tab0.pk);
-- a user variable changed row by row: the subquery reading it runs per row
SET @n = 0;
SELECT pk, @n := @n + 1 AS k, (SELECT @n * 10) AS m FROM tab0 WHERE pk < 4;
-- a warning from a subquery run once comes once
SELECT COUNT(*) FROM tab0 WHERE pk < 5 AND col0 > (SELECT MAX(col0) - 9000 FROM tab0 WHERE col3 < '12abc');
SHOW WARNINGS;
-- uncorrelated subqueries in writes
CREATE TABLE w (id INT PRIMARY KEY, v INT);
INSERT INTO w SELECT pk, col0 FROM tab0 WHERE pk < 10;
UPDATE w SET v = (SELECT MAX(col3) FROM tab0) WHERE id IN (SELECT pk FROM tab0 WHERE col0 > 5000);
SELECT * FROM w;
DELETE FROM w WHERE v = (SELECT MAX(col3) FROM tab0);
SELECT * FROM w;

-- a chain of 22 tables joined by equalities (no plan is kept past 16 sources): the
-- join follows the equalities from the constant instead of multiplying 10-row tables
-- (FROM lists every other table of the chain first: in that order, a product)
CREATE TABLE j1 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j1 VALUES (1, 6, 'j1-1'), (2, 7, 'j1-2'), (3, 10, 'j1-3'), (4, 8, 'j1-4'), (5, 2, 'j1-5'), (6, 9, 'j1-6'), (7, 5, 'j1-7'), (8, 1, 'j1-8'), (9, 4, 'j1-9'), (10, 3, 'j1-10');
CREATE TABLE j2 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j2 VALUES (1, 7, 'j2-1'), (2, 9, 'j2-2'), (3, 6, 'j2-3'), (4, 10, 'j2-4'), (5, 8, 'j2-5'), (6, 3, 'j2-6'), (7, 1, 'j2-7'), (8, 5, 'j2-8'), (9, 4, 'j2-9'), (10, 2, 'j2-10');
CREATE TABLE j3 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j3 VALUES (1, 6, 'j3-1'), (2, 7, 'j3-2'), (3, 9, 'j3-3'), (4, 8, 'j3-4'), (5, 2, 'j3-5'), (6, 4, 'j3-6'), (7, 3, 'j3-7'), (8, 5, 'j3-8'), (9, 10, 'j3-9'), (10, 1, 'j3-10');
CREATE TABLE j4 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j4 VALUES (1, 1, 'j4-1'), (2, 8, 'j4-2'), (3, 9, 'j4-3'), (4, 7, 'j4-4'), (5, 3, 'j4-5'), (6, 4, 'j4-6'), (7, 2, 'j4-7'), (8, 5, 'j4-8'), (9, 10, 'j4-9'), (10, 6, 'j4-10');
CREATE TABLE j5 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j5 VALUES (1, 6, 'j5-1'), (2, 9, 'j5-2'), (3, 2, 'j5-3'), (4, 4, 'j5-4'), (5, 8, 'j5-5'), (6, 5, 'j5-6'), (7, 10, 'j5-7'), (8, 1, 'j5-8'), (9, 7, 'j5-9'), (10, 3, 'j5-10');
CREATE TABLE j6 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j6 VALUES (1, 4, 'j6-1'), (2, 1, 'j6-2'), (3, 8, 'j6-3'), (4, 5, 'j6-4'), (5, 3, 'j6-5'), (6, 2, 'j6-6'), (7, 6, 'j6-7'), (8, 10, 'j6-8'), (9, 7, 'j6-9'), (10, 9, 'j6-10');
CREATE TABLE j7 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j7 VALUES (1, 2, 'j7-1'), (2, 3, 'j7-2'), (3, 1, 'j7-3'), (4, 4, 'j7-4'), (5, 10, 'j7-5'), (6, 6, 'j7-6'), (7, 8, 'j7-7'), (8, 7, 'j7-8'), (9, 9, 'j7-9'), (10, 5, 'j7-10');
CREATE TABLE j8 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j8 VALUES (1, 9, 'j8-1'), (2, 5, 'j8-2'), (3, 3, 'j8-3'), (4, 10, 'j8-4'), (5, 1, 'j8-5'), (6, 7, 'j8-6'), (7, 4, 'j8-7'), (8, 2, 'j8-8'), (9, 6, 'j8-9'), (10, 8, 'j8-10');
CREATE TABLE j9 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j9 VALUES (1, 10, 'j9-1'), (2, 5, 'j9-2'), (3, 3, 'j9-3'), (4, 9, 'j9-4'), (5, 6, 'j9-5'), (6, 8, 'j9-6'), (7, 4, 'j9-7'), (8, 2, 'j9-8'), (9, 1, 'j9-9'), (10, 7, 'j9-10');
CREATE TABLE j10 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j10 VALUES (1, 5, 'j10-1'), (2, 7, 'j10-2'), (3, 1, 'j10-3'), (4, 4, 'j10-4'), (5, 2, 'j10-5'), (6, 8, 'j10-6'), (7, 9, 'j10-7'), (8, 10, 'j10-8'), (9, 3, 'j10-9'), (10, 6, 'j10-10');
CREATE TABLE j11 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j11 VALUES (1, 10, 'j11-1'), (2, 2, 'j11-2'), (3, 8, 'j11-3'), (4, 5, 'j11-4'), (5, 1, 'j11-5'), (6, 7, 'j11-6'), (7, 6, 'j11-7'), (8, 4, 'j11-8'), (9, 3, 'j11-9'), (10, 9, 'j11-10');
CREATE TABLE j12 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j12 VALUES (1, 6, 'j12-1'), (2, 5, 'j12-2'), (3, 9, 'j12-3'), (4, 10, 'j12-4'), (5, 4, 'j12-5'), (6, 7, 'j12-6'), (7, 1, 'j12-7'), (8, 8, 'j12-8'), (9, 3, 'j12-9'), (10, 2, 'j12-10');
CREATE TABLE j13 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j13 VALUES (1, 4, 'j13-1'), (2, 9, 'j13-2'), (3, 5, 'j13-3'), (4, 1, 'j13-4'), (5, 3, 'j13-5'), (6, 7, 'j13-6'), (7, 6, 'j13-7'), (8, 2, 'j13-8'), (9, 10, 'j13-9'), (10, 8, 'j13-10');
CREATE TABLE j14 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j14 VALUES (1, 10, 'j14-1'), (2, 4, 'j14-2'), (3, 7, 'j14-3'), (4, 6, 'j14-4'), (5, 9, 'j14-5'), (6, 8, 'j14-6'), (7, 5, 'j14-7'), (8, 3, 'j14-8'), (9, 1, 'j14-9'), (10, 2, 'j14-10');
CREATE TABLE j15 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j15 VALUES (1, 3, 'j15-1'), (2, 8, 'j15-2'), (3, 4, 'j15-3'), (4, 9, 'j15-4'), (5, 6, 'j15-5'), (6, 1, 'j15-6'), (7, 2, 'j15-7'), (8, 5, 'j15-8'), (9, 7, 'j15-9'), (10, 10, 'j15-10');
CREATE TABLE j16 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j16 VALUES (1, 3, 'j16-1'), (2, 7, 'j16-2'), (3, 8, 'j16-3'), (4, 6, 'j16-4'), (5, 2, 'j16-5'), (6, 1, 'j16-6'), (7, 10, 'j16-7'), (8, 5, 'j16-8'), (9, 9, 'j16-9'), (10, 4, 'j16-10');
CREATE TABLE j17 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j17 VALUES (1, 7, 'j17-1'), (2, 6, 'j17-2'), (3, 5, 'j17-3'), (4, 2, 'j17-4'), (5, 1, 'j17-5'), (6, 3, 'j17-6'), (7, 9, 'j17-7'), (8, 4, 'j17-8'), (9, 8, 'j17-9'), (10, 10, 'j17-10');
CREATE TABLE j18 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j18 VALUES (1, 5, 'j18-1'), (2, 10, 'j18-2'), (3, 3, 'j18-3'), (4, 9, 'j18-4'), (5, 6, 'j18-5'), (6, 8, 'j18-6'), (7, 2, 'j18-7'), (8, 4, 'j18-8'), (9, 1, 'j18-9'), (10, 7, 'j18-10');
CREATE TABLE j19 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j19 VALUES (1, 7, 'j19-1'), (2, 10, 'j19-2'), (3, 9, 'j19-3'), (4, 6, 'j19-4'), (5, 3, 'j19-5'), (6, 1, 'j19-6'), (7, 2, 'j19-7'), (8, 4, 'j19-8'), (9, 5, 'j19-9'), (10, 8, 'j19-10');
CREATE TABLE j20 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j20 VALUES (1, 9, 'j20-1'), (2, 5, 'j20-2'), (3, 7, 'j20-3'), (4, 10, 'j20-4'), (5, 2, 'j20-5'), (6, 4, 'j20-6'), (7, 8, 'j20-7'), (8, 1, 'j20-8'), (9, 6, 'j20-9'), (10, 3, 'j20-10');
CREATE TABLE j21 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j21 VALUES (1, 8, 'j21-1'), (2, 3, 'j21-2'), (3, 9, 'j21-3'), (4, 7, 'j21-4'), (5, 4, 'j21-5'), (6, 6, 'j21-6'), (7, 2, 'j21-7'), (8, 10, 'j21-8'), (9, 5, 'j21-9'), (10, 1, 'j21-10');
CREATE TABLE j22 (a INT PRIMARY KEY, b INT, x VARCHAR(20));
INSERT INTO j22 VALUES (1, 2, 'j22-1'), (2, 5, 'j22-2'), (3, 7, 'j22-3'), (4, 4, 'j22-4'), (5, 1, 'j22-5'), (6, 8, 'j22-6'), (7, 10, 'j22-7'), (8, 9, 'j22-8'), (9, 6, 'j22-9'), (10, 3, 'j22-10');
SELECT j1.x, j2.x, j3.x, j4.x, j5.x, j6.x, j7.x, j8.x, j9.x, j10.x, j11.x, j12.x, j13.x, j14.x, j15.x, j16.x, j17.x, j18.x, j19.x, j20.x, j21.x, j22.x FROM j1, j7, j2, j10, j19, j3, j14, j4, j17, j12, j20, j11, j13, j15, j8, j22, j16, j5, j21, j9, j18, j6 WHERE j5.b = j4.a AND j20.a = j18.b AND j14.a = j16.b AND j7.a = j11.b AND j1.b = j11.a AND j19.a = j8.b AND j12.a = j9.b AND j14.b = j5.a AND j21.a = j4.b AND j16.a = j3.b AND j22.b = j3.a AND j10.b = j8.a AND j17.b = j9.a AND j15.a = j2.b AND j21.b = j17.a AND j19.b = j22.a AND j10.a = j15.b AND j1.a = 3 AND j12.b = j18.a AND j2.a = j13.b AND j7.b = j13.a AND j20.b = j6.a;
SELECT COUNT(*), SUM(j6.a) FROM j1, j7, j2, j10, j19, j3, j14, j4, j17, j12, j20, j11, j13, j15, j8, j22, j16, j5, j21, j9, j18, j6 WHERE j5.b = j4.a AND j20.a = j18.b AND j14.a = j16.b AND j7.a = j11.b AND j1.b = j11.a AND j19.a = j8.b AND j12.a = j9.b AND j14.b = j5.a AND j21.a = j4.b AND j16.a = j3.b AND j22.b = j3.a AND j10.b = j8.a AND j17.b = j9.a AND j15.a = j2.b AND j21.b = j17.a AND j19.b = j22.a AND j10.a = j15.b AND j12.b = j18.a AND j2.a = j13.b AND j7.b = j13.a AND j20.b = j6.a;


-- fewer than 17 tables: a table an equality joins comes before a cross product
CREATE TABLE c1 (a INT, b INT);
CREATE TABLE c2 (a INT, b INT);
CREATE TABLE c3 (a INT, b INT);
CREATE TABLE c4 (a INT, b INT);
INSERT INTO c1 WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 60) SELECT n, (n * 7) % 60 FROM s;
INSERT INTO c2 SELECT a, (a * 11) % 60 FROM c1;
INSERT INTO c3 SELECT a, (a * 13) % 60 FROM c1;
INSERT INTO c4 SELECT a, (a * 17) % 60 FROM c1;
SELECT c1.a, c2.a, c3.a, c4.a FROM c1, c2, c3, c4 WHERE c4.a = 5 AND c1.b = c2.a AND c3.b = c4.a AND c2.b = c3.a;
SELECT COUNT(*), SUM(c4.b) FROM c1, c2, c3, c4 WHERE c1.b = c2.a AND c3.b = c4.a AND c2.b = c3.a;

-- LIMIT without ORDER BY stops the join once its rows are made (a cross join of four
-- 1,000-row tables made its whole product first). Which rows come first differs from
-- MariaDB's join buffers, so the rows are compared where they are determined.
CREATE TABLE k1 (id INT PRIMARY KEY, a INT);
INSERT INTO k1 WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1000) SELECT n, n % 7 FROM s;
CREATE TABLE k2 LIKE k1;
CREATE TABLE k3 LIKE k1;
CREATE TABLE k4 LIKE k1;
INSERT INTO k2 SELECT * FROM k1;
INSERT INTO k3 SELECT * FROM k1;
INSERT INTO k4 SELECT * FROM k1;
CREATE TABLE one (id INT PRIMARY KEY);
INSERT INTO one VALUES (1);
SELECT COUNT(*) FROM (SELECT k1.id a, k2.id b, k3.id c, k4.id d FROM k1, k2, k3, k4 LIMIT 10) x;
SELECT COUNT(*) FROM (SELECT k1.id a, k2.id b, k3.id c FROM k1, k2, k3 LIMIT 10) x;
SELECT COUNT(*) FROM (SELECT k1.id a, k2.id b, k3.id c FROM k1, k2, k3 LIMIT 5, 10) x;
SELECT COUNT(*) FROM (SELECT DISTINCT k1.a x, one.id y FROM k1, one LIMIT 5) x;
SELECT DISTINCT k1.a, one.id FROM one, k1 LIMIT 3;
SELECT COUNT(*) FROM (SELECT k1.id FROM k1, k2, k3, k4 WHERE k4.a = 3 LIMIT 10) x;
SELECT k1.id, one.id FROM k1, one WHERE k1.id < 2000 LIMIT 7;
SELECT k1.id, one.id FROM one, k1 LIMIT 3, 4;
SELECT k1.id, k2.id FROM k1 LEFT JOIN k2 ON k2.id = k1.id + 995 LIMIT 8;
SELECT k1.id FROM k1, k2, k3, k4 LIMIT 0;
(SELECT k1.id FROM k1, k2, k3, k4 WHERE k2.id = 1 AND k3.id = 1 AND k4.id = 1 LIMIT 3) UNION ALL (SELECT id FROM one LIMIT 1);
SELECT SQL_CALC_FOUND_ROWS k1.id FROM k1, one LIMIT 2;
SELECT FOUND_ROWS();
SELECT k1.id FROM k1, one LIMIT 2;
SELECT FOUND_ROWS();
CREATE TABLE ins (v BIGINT PRIMARY KEY);
INSERT INTO ins SELECT k1.id + k2.id * 1000 + k3.id * 1000000 + k4.id * 1000000000 FROM k1, k2, k3, k4 WHERE k1.id > 1 LIMIT 3;
SELECT COUNT(*) FROM ins;
-- a row past LIMIT is never made: its subquery's error does not happen
SELECT k1.id, (SELECT id FROM k2 WHERE k2.id <= k1.id) FROM k1 LIMIT 1;
SELECT k1.id, (SELECT id FROM k2 WHERE k2.id <= k1.id) FROM k1 LIMIT 2;

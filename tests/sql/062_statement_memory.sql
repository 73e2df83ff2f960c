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

-- A conjunct over one pooled string column with a CAST, BETWEEN or a numeric constant
-- (the SEO plugins' `CAST(meta_value AS SIGNED) BETWEEN '1' AND '40'`) is memoised by
-- the value's pooled id (select.c cmemo) only when its evaluation did not warn: clean
-- numbers are answered from the memo, and every row holding a bad number ('12abc', 'abc',
-- '', ' 7', '1e3', '-0') warns as MariaDB's does, with its own row number. The values
-- repeat (memo hits), and collide in the memo's 64 slots (80 distinct values).

CREATE TABLE cm (id INT PRIMARY KEY, k VARCHAR(20), v LONGTEXT, w VARCHAR(10));
CREATE TABLE dg (n INT);
INSERT INTO dg VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
INSERT INTO cm SELECT a.n * 100 + b.n * 10 + c.n, IF(c.n < 5, 'score', 'other'),
       CAST((a.n * 37 + b.n * 11 + c.n) % 80 AS CHAR), IF(b.n % 3 = 0, 'x', NULL)
  FROM dg a, dg b, dg c ORDER BY 1;
-- the WordPress shape: a join, GROUP BY, ORDER BY, LIMIT (before the bad values: which
-- rows a join evaluates the CAST on is MariaDB's plan's choice, and its statistics')
CREATE TABLE cp (ID INT PRIMARY KEY, post_date DATETIME, post_type VARCHAR(20));
INSERT INTO cp SELECT id, '2024-01-01' + INTERVAL id HOUR, IF(id % 4 = 0, 'page', 'post') FROM cm;
SELECT SQL_CALC_FOUND_ROWS p.ID FROM cp p INNER JOIN cm m ON p.ID = m.id
WHERE m.k = 'score' AND CAST(m.v AS SIGNED) BETWEEN '1' AND '40' AND p.post_type = 'post'
GROUP BY p.ID ORDER BY p.post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
UPDATE cm SET v = '12abc' WHERE id % 97 = 3;
UPDATE cm SET v = 'abc' WHERE id % 89 = 5;
UPDATE cm SET v = '' WHERE id % 83 = 7;
UPDATE cm SET v = ' 7' WHERE id % 79 = 9;
UPDATE cm SET v = '1e3' WHERE id % 73 = 11;
UPDATE cm SET v = '-0' WHERE id % 71 = 13;
UPDATE cm SET v = NULL WHERE id % 67 = 15;
SELECT COUNT(*), SUM(id) FROM cm WHERE CAST(v AS SIGNED) BETWEEN '1' AND '40';
SHOW WARNINGS;
SELECT COUNT(*), SUM(id) FROM cm WHERE k = 'score' AND CAST(v AS SIGNED) BETWEEN '1' AND '40';
SELECT id FROM cm WHERE CAST(v AS SIGNED) BETWEEN 10 AND 12 ORDER BY id;
SELECT COUNT(*), SUM(id) FROM cm WHERE CAST(v AS UNSIGNED) NOT BETWEEN 5 AND 70;
SELECT COUNT(*), SUM(id) FROM cm WHERE CAST(v AS DECIMAL(10,2)) > 33.5;
SELECT COUNT(*), SUM(id) FROM cm WHERE CAST(v AS DOUBLE) < 3;
SELECT COUNT(*), SUM(id) FROM cm WHERE v > 50;
SELECT COUNT(*), SUM(id) FROM cm WHERE v = 7 OR v = 77;
SELECT COUNT(*), SUM(id) FROM cm WHERE v BETWEEN 20 AND '30';
SELECT COUNT(*), SUM(id) FROM cm WHERE CAST(v AS SIGNED) + 0 BETWEEN '1' AND '40';
-- bad constants: the warnings every row (or once) gives
SELECT COUNT(*), SUM(id) FROM cm WHERE CAST(v AS SIGNED) BETWEEN 'x1' AND '40';
SELECT COUNT(*), SUM(id) FROM cm WHERE CAST(v AS SIGNED) BETWEEN '1' AND '40z';
-- two columns
SELECT COUNT(*), SUM(id) FROM cm WHERE CAST(v AS SIGNED) > 10 OR w = 'x';
-- in strict mode an UPDATE's bad value is an error, not a warning
SET sql_mode = 'STRICT_TRANS_TABLES';
UPDATE cm SET w = 'y' WHERE CAST(v AS SIGNED) BETWEEN 1 AND 3;
SELECT COUNT(*) FROM cm WHERE w = 'y';
SET sql_mode = DEFAULT;
-- a minus sign before zero digits is negative to MariaDB's CAST AS UNSIGNED
SELECT CAST('-0' AS UNSIGNED), CAST('-00' AS UNSIGNED), CAST(' -0 ' AS UNSIGNED), CAST('-0x' AS UNSIGNED), CAST('-abc' AS UNSIGNED);
DROP TABLE cm, cp, dg;

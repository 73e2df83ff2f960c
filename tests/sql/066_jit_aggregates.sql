-- Grouped aggregates over one table's scan as compiled code (engine/jit/agg.c through
-- select.c kagg_*): GROUP BY one integer or DECIMAL column (or none), COUNT(*), COUNT, SUM,
-- AVG, MIN, MAX of such columns (sums past 10^18 and past 64 bits), with or without
-- compiled filters (BETWEEN and DECIMAL compares among them). In make sqltest-offload
-- every time (--jit-min-rows=0); in the default run once the statement's plan is kept, so
-- each statement runs three times. NULL keys and values, extremes of every integer type,
-- deleted rows, rows inside a transaction, HAVING, ORDER BY, LIMIT, DISTINCT, derived
-- tables, and the shapes left to the interpreter beside them. GROUP BY without ORDER BY is
-- compared in order: MariaDB sends the groups in key order, and so must the compiled sink.

CREATE TABLE ja (id INT NOT NULL PRIMARY KEY, k INT, ks SMALLINT, ku INT UNSIGNED, kb BIGINT,
  t TINYINT, tu TINYINT UNSIGNED, s SMALLINT, m MEDIUMINT UNSIGNED, i INT, iu INT UNSIGNED, b BIGINT,
  bu BIGINT UNSIGNED, d DATE, v VARCHAR(10), dec5 DECIMAL(10,2));
INSERT INTO ja
SELECT n,
       IF(n % 11 = 0, NULL, n % 37 - 18),
       IF(n % 13 = 0, NULL, (n * 7) % 5 - 2),
       IF(n % 17 = 0, NULL, CASE WHEN n % 29 = 0 THEN 4294967295 ELSE n % 500 END),
       CASE WHEN n % 97 = 0 THEN -9223372036854775808 WHEN n % 89 = 0 THEN 9223372036854775807
            WHEN n % 19 = 0 THEN NULL ELSE n % 1500 - 700 END,
       CASE WHEN n % 31 = 0 THEN -128 WHEN n % 37 = 0 THEN 127 WHEN n % 7 = 0 THEN NULL ELSE n % 100 - 50 END,
       IF(n % 23 = 0, NULL, n % 256),
       CASE WHEN n % 41 = 0 THEN -32768 WHEN n % 43 = 0 THEN 32767 ELSE (n * 131) % 20000 - 10000 END,
       IF(n % 9 = 0, NULL, CASE WHEN n % 53 = 0 THEN 16777215 ELSE n * 977 % 16777216 END),
       CASE WHEN n % 47 = 0 THEN -2147483648 WHEN n % 59 = 0 THEN 2147483647 WHEN n % 5 = 0 THEN NULL
            ELSE n * 1000003 % 2000000 - 1000000 END,
       IF(n % 61 = 0, 4294967295, n * 7919),
       CASE WHEN n % 67 = 0 THEN -9223372036854775807 WHEN n % 71 = 0 THEN 9223372036854775807 ELSE n * 100003 END,
       IF(n % 73 = 0, 18446744073709551615, n),
       IF(n % 3 = 0, NULL, '2020-01-01' + INTERVAL (n % 40) DAY),
       IF(n % 2 = 0, 'x', 'y'),
       n / 7
FROM (SELECT x.n * 100 + y.n + 1 AS n
      FROM (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 29) SELECT n FROM s) x,
           (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT n FROM s) y) q
ORDER BY n;
DELETE FROM ja WHERE id % 10 = 3 OR id BETWEEN 1200 AND 1290;

-- ordered
SELECT k, COUNT(*), COUNT(t), SUM(t), AVG(t), MIN(t), MAX(t) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(*), COUNT(t), SUM(t), AVG(t), MIN(t), MAX(t) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(*), COUNT(t), SUM(t), AVG(t), MIN(t), MAX(t) FROM ja GROUP BY k;
-- ordered
SELECT ks, COUNT(*), SUM(s), AVG(s), MIN(s), MAX(s) FROM ja GROUP BY ks;
-- ordered
SELECT ks, COUNT(*), SUM(s), AVG(s), MIN(s), MAX(s) FROM ja GROUP BY ks;
-- ordered
SELECT ks, COUNT(*), SUM(s), AVG(s), MIN(s), MAX(s) FROM ja GROUP BY ks;
-- ordered
SELECT ku, COUNT(*), SUM(m), AVG(m), MIN(iu), MAX(iu), COUNT(iu) FROM ja GROUP BY ku;
-- ordered
SELECT ku, COUNT(*), SUM(m), AVG(m), MIN(iu), MAX(iu), COUNT(iu) FROM ja GROUP BY ku;
-- ordered
SELECT ku, COUNT(*), SUM(m), AVG(m), MIN(iu), MAX(iu), COUNT(iu) FROM ja GROUP BY ku;
-- ordered
SELECT kb, COUNT(*), SUM(i), MIN(b), MAX(b) FROM ja GROUP BY kb;
-- ordered
SELECT kb, COUNT(*), SUM(i), MIN(b), MAX(b) FROM ja GROUP BY kb;
-- ordered
SELECT kb, COUNT(*), SUM(i), MIN(b), MAX(b) FROM ja GROUP BY kb;
-- ordered
SELECT t, COUNT(*), SUM(i), AVG(i), MIN(i), MAX(i) FROM ja GROUP BY t;
-- ordered
SELECT t, COUNT(*), SUM(i), AVG(i), MIN(i), MAX(i) FROM ja GROUP BY t;
-- ordered
SELECT t, COUNT(*), SUM(i), AVG(i), MIN(i), MAX(i) FROM ja GROUP BY t;
-- ordered
SELECT tu, SUM(tu), MIN(kb), MAX(kb), COUNT(kb) FROM ja GROUP BY tu;
-- ordered
SELECT tu, SUM(tu), MIN(kb), MAX(kb), COUNT(kb) FROM ja GROUP BY tu;
-- ordered
SELECT tu, SUM(tu), MIN(kb), MAX(kb), COUNT(kb) FROM ja GROUP BY tu;
SELECT COUNT(*), COUNT(k), SUM(i), AVG(i), MIN(b), MAX(b), SUM(m), AVG(t) FROM ja;
SELECT COUNT(*), COUNT(k), SUM(i), AVG(i), MIN(b), MAX(b), SUM(m), AVG(t) FROM ja;
SELECT COUNT(*), COUNT(k), SUM(i), AVG(i), MIN(b), MAX(b), SUM(m), AVG(t) FROM ja;
SELECT SUM(i), COUNT(*) FROM ja WHERE k > 5;
SELECT SUM(i), COUNT(*) FROM ja WHERE k > 5;
SELECT SUM(i), COUNT(*) FROM ja WHERE k > 5;
-- ordered
SELECT k, COUNT(*), SUM(i), MAX(s) FROM ja WHERE t >= 0 AND k <> 3 GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(i), MAX(s) FROM ja WHERE t >= 0 AND k <> 3 GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(i), MAX(s) FROM ja WHERE t >= 0 AND k <> 3 GROUP BY k;
SELECT k, COUNT(*) AS n, SUM(i) FROM ja WHERE id > 100 GROUP BY k HAVING n > 60 ORDER BY n DESC, k;
SELECT k, COUNT(*) AS n, SUM(i) FROM ja WHERE id > 100 GROUP BY k HAVING n > 60 ORDER BY n DESC, k;
SELECT k, COUNT(*) AS n, SUM(i) FROM ja WHERE id > 100 GROUP BY k HAVING n > 60 ORDER BY n DESC, k;
SELECT k, SUM(s) FROM ja GROUP BY k ORDER BY SUM(s) DESC LIMIT 5;
SELECT k, SUM(s) FROM ja GROUP BY k ORDER BY SUM(s) DESC LIMIT 5;
SELECT k, SUM(s) FROM ja GROUP BY k ORDER BY SUM(s) DESC LIMIT 5;
-- ordered
SELECT DISTINCT COUNT(*) FROM ja GROUP BY ks;
-- ordered
SELECT DISTINCT COUNT(*) FROM ja GROUP BY ks;
-- ordered
SELECT DISTINCT COUNT(*) FROM ja GROUP BY ks;
-- ordered
SELECT k, id, v, COUNT(*) FROM ja GROUP BY k;
-- ordered
SELECT k, id, v, COUNT(*) FROM ja GROUP BY k;
-- ordered
SELECT k, id, v, COUNT(*) FROM ja GROUP BY k;
-- ordered
SELECT k + 0, COUNT(*) FROM ja GROUP BY k;
-- ordered
SELECT k + 0, COUNT(*) FROM ja GROUP BY k;
-- ordered
SELECT k + 0, COUNT(*) FROM ja GROUP BY k;
-- ordered
SELECT COUNT(*), SUM(n), MAX(s), MIN(s) FROM (SELECT kb, COUNT(*) AS n, SUM(i) AS s FROM ja GROUP BY kb) x;
-- ordered
SELECT COUNT(*), SUM(n), MAX(s), MIN(s) FROM (SELECT kb, COUNT(*) AS n, SUM(i) AS s FROM ja GROUP BY kb) x;
-- ordered
SELECT COUNT(*), SUM(n), MAX(s), MIN(s) FROM (SELECT kb, COUNT(*) AS n, SUM(i) AS s FROM ja GROUP BY kb) x;
-- ordered
SELECT id % 7 AS g, COUNT(*) FROM ja GROUP BY g;
-- ordered
SELECT id % 7 AS g, COUNT(*) FROM ja GROUP BY g;
-- ordered
SELECT id % 7 AS g, COUNT(*) FROM ja GROUP BY g;
-- ordered
SELECT k, COUNT(*), SUM(b) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(b) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(b) FROM ja GROUP BY k;
-- ordered
SELECT k, SUM(iu), AVG(iu) FROM ja GROUP BY k;
-- ordered
SELECT k, SUM(iu), AVG(iu) FROM ja GROUP BY k;
-- ordered
SELECT k, SUM(iu), AVG(iu) FROM ja GROUP BY k;
-- ordered
SELECT k, SUM(dec5), MIN(d), MAX(v) FROM ja GROUP BY k;
-- ordered
SELECT k, SUM(dec5), MIN(d), MAX(v) FROM ja GROUP BY k;
-- ordered
SELECT k, SUM(dec5), MIN(d), MAX(v) FROM ja GROUP BY k;
-- ordered
SELECT bu, COUNT(*) FROM ja WHERE id < 200 GROUP BY bu;
-- ordered
SELECT bu, COUNT(*) FROM ja WHERE id < 200 GROUP BY bu;
-- ordered
SELECT bu, COUNT(*) FROM ja WHERE id < 200 GROUP BY bu;
-- ordered
SELECT k, COUNT(DISTINCT ks), COUNT(*) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(DISTINCT ks), COUNT(*) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(DISTINCT ks), COUNT(*) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM ja WHERE v = 'x' GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM ja WHERE v = 'x' GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM ja WHERE v = 'x' GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(i) FROM ja WHERE k IS NULL GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(i) FROM ja WHERE k IS NULL GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(i) FROM ja WHERE k IS NULL GROUP BY k;
SELECT SUM(i), COUNT(*), MIN(k) FROM ja WHERE k > 1000;
SELECT SUM(i), COUNT(*), MIN(k) FROM ja WHERE k > 1000;
SELECT SUM(i), COUNT(*), MIN(k) FROM ja WHERE k > 1000;
-- ordered
SELECT k, COUNT(*) FROM ja WHERE k > 1000 GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM ja WHERE k > 1000 GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM ja WHERE k > 1000 GROUP BY k;
-- ordered
SELECT k, MIN(t), MAX(t), MIN(tu), MAX(tu) FROM ja GROUP BY k WITH ROLLUP;
-- ordered
SELECT k, MIN(t), MAX(t), MIN(tu), MAX(tu) FROM ja GROUP BY k WITH ROLLUP;
-- ordered
SELECT k, MIN(t), MAX(t), MIN(tu), MAX(tu) FROM ja GROUP BY k WITH ROLLUP;
-- ordered
SELECT SQL_CALC_FOUND_ROWS k, COUNT(*) FROM ja GROUP BY k LIMIT 3;
-- ordered
SELECT SQL_CALC_FOUND_ROWS k, COUNT(*) FROM ja GROUP BY k LIMIT 3;
-- ordered
SELECT SQL_CALC_FOUND_ROWS k, COUNT(*) FROM ja GROUP BY k LIMIT 3;
SELECT FOUND_ROWS();
SELECT FOUND_ROWS();
SELECT FOUND_ROWS();
-- ordered
SELECT k, SUM(b), AVG(b), SUM(dec5), AVG(dec5), MIN(dec5), MAX(dec5) FROM ja GROUP BY k;
-- ordered
SELECT k, SUM(b), AVG(b), SUM(dec5), AVG(dec5), MIN(dec5), MAX(dec5) FROM ja GROUP BY k;
-- ordered
SELECT k, SUM(b), AVG(b), SUM(dec5), AVG(dec5), MIN(dec5), MAX(dec5) FROM ja GROUP BY k;
SELECT SUM(b), AVG(b), SUM(kb), SUM(dec5) FROM ja;
SELECT SUM(b), AVG(b), SUM(kb), SUM(dec5) FROM ja;
SELECT SUM(b), AVG(b), SUM(kb), SUM(dec5) FROM ja;
SELECT SUM(b) FROM ja WHERE b > 0;
SELECT SUM(b) FROM ja WHERE b > 0;
SELECT SUM(b) FROM ja WHERE b > 0;
-- ordered
SELECT dec5, COUNT(*), SUM(i), SUM(dec5) FROM ja WHERE id < 500 GROUP BY dec5;
-- ordered
SELECT dec5, COUNT(*), SUM(i), SUM(dec5) FROM ja WHERE id < 500 GROUP BY dec5;
-- ordered
SELECT dec5, COUNT(*), SUM(i), SUM(dec5) FROM ja WHERE id < 500 GROUP BY dec5;
-- ordered
SELECT kb, SUM(bu), COUNT(*) FROM ja WHERE id < 300 GROUP BY kb;
-- ordered
SELECT kb, SUM(bu), COUNT(*) FROM ja WHERE id < 300 GROUP BY kb;
-- ordered
SELECT kb, SUM(bu), COUNT(*) FROM ja WHERE id < 300 GROUP BY kb;
-- ordered
SELECT bu, COUNT(*), SUM(i), COUNT(bu) FROM ja WHERE m > 1000000 GROUP BY bu;
-- ordered
SELECT bu, COUNT(*), SUM(i), COUNT(bu) FROM ja WHERE m > 1000000 GROUP BY bu;
-- ordered
SELECT bu, COUNT(*), SUM(i), COUNT(bu) FROM ja WHERE m > 1000000 GROUP BY bu;
SELECT bu, COUNT(*) FROM ja GROUP BY bu ORDER BY bu DESC LIMIT 5;
SELECT bu, COUNT(*) FROM ja GROUP BY bu ORDER BY bu DESC LIMIT 5;
SELECT bu, COUNT(*) FROM ja GROUP BY bu ORDER BY bu DESC LIMIT 5;
-- ordered
SELECT kb, COUNT(bu), SUM(bu), MAX(bu) FROM ja WHERE m > 15000000 GROUP BY kb;
-- ordered
SELECT kb, COUNT(bu), SUM(bu), MAX(bu) FROM ja WHERE m > 15000000 GROUP BY kb;
-- ordered
SELECT kb, COUNT(bu), SUM(bu), MAX(bu) FROM ja WHERE m > 15000000 GROUP BY kb;
SELECT COUNT(*), SUM(dec5), AVG(dec5) FROM ja WHERE dec5 BETWEEN 10 AND 20;
SELECT COUNT(*), SUM(dec5), AVG(dec5) FROM ja WHERE dec5 BETWEEN 10 AND 20;
SELECT COUNT(*), SUM(dec5), AVG(dec5) FROM ja WHERE dec5 BETWEEN 10 AND 20;
SELECT COUNT(*), SUM(i) FROM ja WHERE dec5 BETWEEN 10.5 AND 99.99 AND t BETWEEN -20 AND 20;
SELECT COUNT(*), SUM(i) FROM ja WHERE dec5 BETWEEN 10.5 AND 99.99 AND t BETWEEN -20 AND 20;
SELECT COUNT(*), SUM(i) FROM ja WHERE dec5 BETWEEN 10.5 AND 99.99 AND t BETWEEN -20 AND 20;
-- ordered
SELECT k, COUNT(*), SUM(dec5) FROM ja WHERE dec5 >= 3 AND dec5 < 250.5 GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(dec5) FROM ja WHERE dec5 >= 3 AND dec5 < 250.5 GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(dec5) FROM ja WHERE dec5 >= 3 AND dec5 < 250.5 GROUP BY k;
SELECT COUNT(*) FROM ja WHERE dec5 > 100.005;
SELECT COUNT(*) FROM ja WHERE dec5 > 100.005;
SELECT COUNT(*) FROM ja WHERE dec5 > 100.005;
SELECT COUNT(*) FROM ja WHERE dec5 <> 7 AND dec5 <= 400;
SELECT COUNT(*) FROM ja WHERE dec5 <> 7 AND dec5 <= 400;
SELECT COUNT(*) FROM ja WHERE dec5 <> 7 AND dec5 <= 400;
SELECT COUNT(*), MIN(i), MAX(i) FROM ja WHERE i BETWEEN -1000000 AND 999999 AND kb BETWEEN -700 AND 0;
SELECT COUNT(*), MIN(i), MAX(i) FROM ja WHERE i BETWEEN -1000000 AND 999999 AND kb BETWEEN -700 AND 0;
SELECT COUNT(*), MIN(i), MAX(i) FROM ja WHERE i BETWEEN -1000000 AND 999999 AND kb BETWEEN -700 AND 0;
SELECT COUNT(*) FROM ja WHERE b BETWEEN -9223372036854775808 AND 9223372036854775807;
SELECT COUNT(*) FROM ja WHERE b BETWEEN -9223372036854775808 AND 9223372036854775807;
SELECT COUNT(*) FROM ja WHERE b BETWEEN -9223372036854775808 AND 9223372036854775807;
SELECT COUNT(*) FROM ja WHERE i BETWEEN 20 AND 10;
SELECT COUNT(*) FROM ja WHERE i BETWEEN 20 AND 10;
SELECT COUNT(*) FROM ja WHERE i BETWEEN 20 AND 10;
SELECT COUNT(*) FROM ja WHERE i NOT BETWEEN -10 AND 10 AND k > 0;
SELECT COUNT(*) FROM ja WHERE i NOT BETWEEN -10 AND 10 AND k > 0;
SELECT COUNT(*) FROM ja WHERE i NOT BETWEEN -10 AND 10 AND k > 0;
SELECT COUNT(*) FROM ja WHERE d BETWEEN '2020-01-05' AND '2020-01-20';
SELECT COUNT(*) FROM ja WHERE d BETWEEN '2020-01-05' AND '2020-01-20';
SELECT COUNT(*) FROM ja WHERE d BETWEEN '2020-01-05' AND '2020-01-20';
SELECT COUNT(*) FROM ja WHERE d BETWEEN DATE '2020-01-05' AND DATE '2020-01-20';
SELECT COUNT(*) FROM ja WHERE d BETWEEN DATE '2020-01-05' AND DATE '2020-01-20';
SELECT COUNT(*) FROM ja WHERE d BETWEEN DATE '2020-01-05' AND DATE '2020-01-20';
-- ordered
SELECT k, COUNT(*) FROM ja WHERE ku BETWEEN 100 AND 4294967295 GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM ja WHERE ku BETWEEN 100 AND 4294967295 GROUP BY k;
-- ordered
SELECT k, COUNT(*) FROM ja WHERE ku BETWEEN 100 AND 4294967295 GROUP BY k;
SELECT COUNT(*) FROM ja WHERE bu BETWEEN 1 AND 100;
SELECT COUNT(*) FROM ja WHERE bu BETWEEN 1 AND 100;
SELECT COUNT(*) FROM ja WHERE bu BETWEEN 1 AND 100;
-- inside a transaction: the statement's own changes and versions
BEGIN;
UPDATE ja SET k = 99, i = 5 WHERE id % 100 = 1;
INSERT INTO ja (id, k, i, t) VALUES (5001, 99, 7, 1), (5002, NULL, 8, NULL);
DELETE FROM ja WHERE id % 100 = 2;
-- ordered
SELECT k, COUNT(*), SUM(i), MAX(t) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(i), MAX(t) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(i), MAX(t) FROM ja GROUP BY k;
SELECT COUNT(*), SUM(i) FROM ja;
SELECT COUNT(*), SUM(i) FROM ja;
SELECT COUNT(*), SUM(i) FROM ja;
ROLLBACK;
-- ordered
SELECT k, COUNT(*), SUM(i), MAX(t) FROM ja GROUP BY k;
-- ordered
SELECT k, COUNT(*), SUM(i), MAX(t) FROM ja GROUP BY k;

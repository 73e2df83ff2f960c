-- `integer column [NOT] IN (subquery)` as a filter conjunct is probed with the stored
-- value (select.c FK_INT_INSUB, expr.c ex_insub_int) once the subquery ran: the set as a
-- bitmap when its integers are dense, else a binary search. NULLs on either side, NOT IN,
-- sets of fewer than 16 rows (compared row by row), negative and unsigned values, outer
-- joins' NULL rows against an empty set, a correlated subquery, and a changed table.

CREATE TABLE ia (id INT PRIMARY KEY, x INT, u BIGINT UNSIGNED, y TINYINT, d DATE);
CREATE TABLE ib (v INT, w BIGINT UNSIGNED);
CREATE TABLE dg (n INT);
INSERT INTO dg VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE sq (seq INT);
INSERT INTO sq SELECT a.n * 100 + b.n * 10 + c.n + 1 FROM dg a, dg b, dg c WHERE a.n < 3;
INSERT INTO ia SELECT seq, seq % 50 - 10, seq * 3, seq % 100, '2024-01-01' FROM sq;
INSERT INTO ia VALUES (1000, NULL, NULL, NULL, NULL), (1001, -2147483648, 18446744073709551615, -128, NULL), (1002, 2147483647, 9223372036854775807, 127, NULL);
INSERT INTO ib SELECT seq * 2 - 12, seq * 6 FROM sq WHERE seq <= 40;
SELECT COUNT(*), SUM(id) FROM ia WHERE x IN (SELECT v FROM ib);
SELECT COUNT(*), SUM(id) FROM ia WHERE x NOT IN (SELECT v FROM ib);
SELECT COUNT(*), SUM(id) FROM ia WHERE u IN (SELECT w FROM ib);
SELECT COUNT(*), SUM(id) FROM ia WHERE y IN (SELECT v FROM ib) AND id > 5;
SELECT COUNT(*), SUM(id) FROM ia WHERE id IN (SELECT v FROM ib WHERE v > 0);
SELECT COUNT(*), SUM(id) FROM ia WHERE id NOT IN (SELECT v FROM ib WHERE v > 0);
-- sparse: a binary search
INSERT INTO ib VALUES (2000000000, 1), (-2000000000, 18446744073709551615);
SELECT COUNT(*), SUM(id) FROM ia WHERE x IN (SELECT v FROM ib);
SELECT COUNT(*), SUM(id) FROM ia WHERE x NOT IN (SELECT v FROM ib);
SELECT COUNT(*), SUM(id) FROM ia WHERE u IN (SELECT w FROM ib);
SELECT COUNT(*), SUM(id) FROM ia WHERE u NOT IN (SELECT w FROM ib);
-- a NULL in the set: NOT IN is never TRUE, IN only for members
INSERT INTO ib VALUES (NULL, NULL);
SELECT COUNT(*), SUM(id) FROM ia WHERE x IN (SELECT v FROM ib);
SELECT COUNT(*), SUM(id) FROM ia WHERE x NOT IN (SELECT v FROM ib);
SELECT COUNT(*) FROM ia WHERE (x IN (SELECT v FROM ib)) IS NULL;
-- fewer than 16 rows
SELECT COUNT(*), SUM(id) FROM ia WHERE x IN (SELECT v FROM ib WHERE v BETWEEN 0 AND 10);
SELECT COUNT(*), SUM(id) FROM ia WHERE x NOT IN (SELECT v FROM ib WHERE v BETWEEN 0 AND 10);
-- no rows: NOT IN is TRUE, also for NULL and for an outer join's missing row
SELECT COUNT(*), SUM(id) FROM ia WHERE x NOT IN (SELECT v FROM ib WHERE v > 5000000000);
SELECT COUNT(*) FROM ia LEFT JOIN ib ON ib.v = ia.id + 100000 WHERE ib.v NOT IN (SELECT v FROM ib WHERE v > 2000000000);
SELECT COUNT(*) FROM ia LEFT JOIN ib ON ib.v = ia.id + 100000 WHERE ib.v NOT IN (SELECT v FROM ib WHERE v < 0);
SELECT COUNT(*) FROM ia LEFT JOIN ib ON ib.v = ia.id WHERE ib.v IN (SELECT v FROM ib WHERE v >= 0);
-- other column types stay with the program
SELECT COUNT(*) FROM ia WHERE d IN (SELECT '2024-01-01' FROM ib);
SELECT COUNT(*) FROM ia WHERE x IN (SELECT CAST(v AS CHAR) FROM ib);
-- correlated
SELECT COUNT(*), SUM(id) FROM ia WHERE x IN (SELECT v FROM ib WHERE ib.w > ia.id);
-- a grouped derived table, as WordPress-shaped semi-joins do
SELECT COUNT(*), SUM(id) FROM ia WHERE id IN (SELECT k FROM (SELECT y AS k, COUNT(*) AS n FROM ia GROUP BY y HAVING n >= 3) g);
UPDATE ib SET v = v + 1 WHERE v < 20;
SELECT COUNT(*), SUM(id) FROM ia WHERE x IN (SELECT v FROM ib);
SELECT COUNT(*), SUM(id) FROM ia WHERE x NOT IN (SELECT v FROM ib WHERE v IS NOT NULL);
DROP TABLE ia, ib, dg, sq;

-- x IN (SELECT one integer column) over 16 rows and more is a binary search of the
-- sorted rows (engine/expr.c in_int_set); fewer rows, other types, and mixed results
-- compare row by row. Same answers, NULLs included, as MariaDB.

CREATE TABLE sa (id INT PRIMARY KEY, x INT, u BIGINT UNSIGNED, s VARCHAR(10));
CREATE TABLE sb (v INT, w BIGINT UNSIGNED, t VARCHAR(10), d DECIMAL(6,2));
INSERT INTO sa VALUES (1, 1, 1, '1'), (2, 2, 18446744073709551615, '2'), (3, 40, 9223372036854775807, 'x'),
  (4, NULL, NULL, NULL), (5, -7, 0, '-7'), (6, 17, 17, '17.0'), (7, 33, 9223372036854775808, '33'), (8, 1000, 5, 'abc');
INSERT INTO sb SELECT id * 2, id * 2, CONCAT(id * 2), id * 2 FROM sa;
INSERT INTO sb VALUES (-7, 0, '-7', -7), (17, 17, '17', 17.00), (33, 9223372036854775808, '33', 33),
  (34, 18446744073709551615, 'z', 0.5), (35, 35, '35', 35), (36, 36, '36', 36), (37, 37, '37', 37),
  (38, 38, '38', 38), (39, 39, '39', 39), (41, 41, '41', 41), (42, 42, '42', 42);
SELECT COUNT(*) FROM sb;
SELECT id, x IN (SELECT v FROM sb), x NOT IN (SELECT v FROM sb) FROM sa ORDER BY id;
SELECT id, u IN (SELECT w FROM sb), u NOT IN (SELECT w FROM sb) FROM sa ORDER BY id;
SELECT id, x IN (SELECT w FROM sb), u IN (SELECT v FROM sb) FROM sa ORDER BY id;
SELECT id, s IN (SELECT v FROM sb), x IN (SELECT t FROM sb), x IN (SELECT d FROM sb) FROM sa ORDER BY id;
SHOW WARNINGS;
SELECT id FROM sa WHERE x IN (SELECT v FROM sb WHERE v > 0) ORDER BY id;
SELECT id FROM sa WHERE x NOT IN (SELECT v FROM sb WHERE v > 0) ORDER BY id;
-- a NULL among the rows: NOT IN is NULL where no row matches
INSERT INTO sb VALUES (NULL, NULL, NULL, NULL);
SELECT id, x IN (SELECT v FROM sb), x NOT IN (SELECT v FROM sb), u IN (SELECT w FROM sb) FROM sa ORDER BY id;
SELECT id FROM sa WHERE x NOT IN (SELECT v FROM sb) ORDER BY id;
-- few rows (row by row) and a correlated subquery (sorted again per run)
SELECT id, x IN (SELECT v FROM sb WHERE v < 5) FROM sa ORDER BY id;
SELECT id, x IN (SELECT v FROM sb WHERE v <> sa.id) FROM sa ORDER BY id;
SELECT id, x + 0.0 IN (SELECT v FROM sb), CAST(x AS CHAR) IN (SELECT v FROM sb) FROM sa ORDER BY id;
DROP TABLE sa, sb;

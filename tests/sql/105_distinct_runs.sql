-- SELECT DISTINCT checks a row against the row the previous one equalled or became
-- before hashing (select.c distinct_new, q->dlast): runs of equal rows, values equal
-- under the collation but not in bytes (the first one stays), NULLs, runs broken and
-- resumed, DISTINCT over groups (an earlier group replaces a later one's values),
-- ORDER BY a column not selected, LIMIT, and an index lookup's rows.

CREATE TABLE dr (id INT PRIMARY KEY, s VARCHAR(20) COLLATE utf8mb4_unicode_520_ci, n INT, d DATETIME, k INT, KEY (k));
INSERT INTO dr VALUES (1, 'a', 1, '2024-01-05 10:00:00', 1), (2, 'A', 1, '2024-01-07 10:00:00', 1), (3, 'a ', 1, '2024-01-09 10:00:00', 2), (4, 'b', 2, '2024-02-01 00:00:00', 1), (5, 'B', 2, '2024-02-11 00:00:00', 2), (6, 'a', 1, '2024-02-12 00:00:00', 1), (7, NULL, NULL, NULL, 1), (8, NULL, NULL, NULL, 2), (9, 'á', 1, '2023-12-31 23:59:59', 1), (10, 'c', 3, '2024-03-01 00:00:00', 2), (11, 'c', 3, '2024-03-02 00:00:00', 1), (12, 'C', 3, '2024-01-01 00:00:00', 1), (13, 'b', 2, '2024-02-15 00:00:00', 2), (14, 'a', NULL, '2024-02-16 00:00:00', 1), (15, 'a', NULL, '2024-02-17 00:00:00', 1);
SELECT DISTINCT s FROM dr;
SELECT DISTINCT s, n FROM dr;
SELECT DISTINCT n FROM dr;
SELECT DISTINCT HEX(s) FROM dr;
SELECT DISTINCT YEAR(d), MONTH(d) FROM dr;
SELECT DISTINCT YEAR(d) AS y, MONTH(d) AS m FROM dr ORDER BY d DESC;
SELECT DISTINCT YEAR(d) AS y, MONTH(d) AS m FROM dr WHERE k = 1 ORDER BY d DESC;
SELECT DISTINCT YEAR(d) AS y, MONTH(d) AS m FROM dr WHERE k = 2 AND s != 'zz' ORDER BY d;
SELECT DISTINCT s FROM dr WHERE k = 1;
SELECT DISTINCT s FROM dr ORDER BY id DESC;
SELECT DISTINCT s FROM dr LIMIT 2;
SELECT DISTINCT s FROM dr LIMIT 1, 2;
SELECT DISTINCT n, COUNT(*) FROM dr GROUP BY s;
SELECT DISTINCT MIN(s) FROM dr GROUP BY n;
SELECT DISTINCT COUNT(*) FROM dr GROUP BY s, n;
SELECT DISTINCT s FROM dr GROUP BY id ORDER BY id DESC;
SELECT SQL_CALC_FOUND_ROWS DISTINCT s FROM dr LIMIT 1;
SELECT FOUND_ROWS();
UPDATE dr SET s = 'A' WHERE id = 1;
SELECT DISTINCT s FROM dr;
DELETE FROM dr WHERE id IN (2, 3);
SELECT DISTINCT s, n FROM dr;
DROP TABLE dr;

-- TIMEDIFF and ADDTIME over numbers, DATE and YEAR columns, found by the sweep of every
-- pair of column types against MariaDB: a DECIMAL keeps its fraction digits, a DOUBLE
-- shows six (ADDTIME: only when the result has a fraction), a DATE against a DATETIME is
-- NULL, a YEAR is its zero date, an overflow is 838:59:59 with the fraction's nines.
CREATE TABLE td (id INT PRIMARY KEY, i INT, d DECIMAL(10,3), f FLOAT, db DOUBLE, dt DATETIME(3), ts TIMESTAMP(2) NULL, da DATE, tm TIME, y YEAR);
INSERT INTO td VALUES (1, -5, 12.345, 1.5, 2.25, '2024-02-29 13:14:15.123', '2024-01-01 00:00:00.50', '2024-02-29', '-12:34:56', 2024), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT id, TIMEDIFF(i, d), TIMEDIFF(d, i), TIMEDIFF(i, f), TIMEDIFF(db, i), TIMEDIFF(f, f), TIMEDIFF(d, d), TIMEDIFF(d, tm) FROM td ORDER BY id;
SELECT id, TIMEDIFF(dt, da), TIMEDIFF(da, dt), TIMEDIFF(dt, ts), TIMEDIFF(ts, dt), TIMEDIFF(da, da), TIMEDIFF(da, y), TIMEDIFF(y, i), TIMEDIFF(dt, y) FROM td ORDER BY id;
SELECT id, ADDTIME(i, d), ADDTIME(d, i), ADDTIME(f, f), ADDTIME(f, y), SUBTIME(db, i), ADDTIME(tm, d) FROM td ORDER BY id;
SELECT TIMEDIFF(12.345, 0), TIMEDIFF(-5, 12.345), TIMEDIFF(1.5e0, 0), ADDTIME(12.345, 1);
DROP TABLE td;

-- IF, IFNULL, COALESCE and NULLIF over values of different types, found by comparing
-- each pair of column types against MariaDB: temporal values of one kind keep it (a DATE
-- with a DATETIME a DATETIME, a TIME with one a DATETIME of today), with a number a
-- string; a YEAR and a BIT are unsigned integers (a BIT among strings its bytes, binary);
-- ZEROFILL only when every value has it; FLOAT with small integers, else DOUBLE.
CREATE TABLE hy (id INT PRIMARY KEY, i INT, si SMALLINT, u INT UNSIGNED, f FLOAT, db DOUBLE, vc VARCHAR(10), ch CHAR(5), dt DATETIME(3), ts TIMESTAMP(2) NULL, da DATE, tm TIME, y YEAR, bt BIT(5));
INSERT INTO hy VALUES (1, -5, 300, 7, 1.5, 2.25, 'héllo', 'ab', '2024-02-29 13:14:15.123', '2024-01-01 00:00:00.50', '2024-02-29', '12:34:56', 2024, b'10101'), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT id, IFNULL(da, dt), IFNULL(ts, dt), IFNULL(dt, da), COALESCE(NULL, da, ts), IF(id = 1, da, dt), IFNULL(ts, ts), IFNULL(da, da) FROM hy ORDER BY id;
SELECT id, IFNULL(i, dt), IFNULL(da, i), COALESCE(vc, dt), IFNULL(ch, dt) FROM hy ORDER BY id;
SELECT id, IFNULL(y, i), IFNULL(y, u), IFNULL(y, y), IFNULL(i, y), COALESCE(y, si) FROM hy ORDER BY id;
SELECT id, IFNULL(bt, i), IFNULL(bt, u), IFNULL(bt, bt), IFNULL(bt, db), IFNULL(bt, vc), IFNULL(vc, bt), IFNULL(bt, dt), NULLIF(bt, i), NULLIF(bt, vc), IFNULL(y, bt) FROM hy ORDER BY id;
SELECT id, IFNULL(si, f), IFNULL(i, f), IFNULL(f, db), IFNULL(f, f), IFNULL(i, ch), COALESCE(ch, si) FROM hy ORDER BY id;
CREATE TABLE hy2 AS SELECT IFNULL(da, dt) a, IFNULL(ts, ts) b, IFNULL(y, i) c, IFNULL(bt, u) d, IFNULL(si, f) e, IFNULL(i, f) g FROM hy;
SHOW CREATE TABLE hy2;
DROP TABLE hy, hy2;

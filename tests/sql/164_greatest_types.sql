-- options: metadata
-- GREATEST and LEAST over pairs of column types, as MariaDB's aggregate_for_min_max types
-- them (found by the sweep of every pair against MariaDB): a temporal beats the others and
-- every argument is read as it (a number or string that is no date as the zero date, with
-- a warning; no time as NULL; a YEAR as 'YYYY-00-00'); a TIMESTAMP with anything else is a
-- DATETIME; fraction digits the most of any argument's, at most 6; a BIT among others is
-- its number; a TEXT counts its bytes as characters; numbers keep MariaDB's lengths.
CREATE TABLE gt (id INT PRIMARY KEY, i INT, u INT UNSIGNED, n8 BIGINT, d DECIMAL(10,3), f FLOAT, db DOUBLE, vc VARCHAR(20), sd VARCHAR(20), tx TEXT, tt TINYTEXT, bl BLOB, vb VARBINARY(10), dt DATETIME(3), da DATE, tm TIME, ts TIMESTAMP(2) NULL, ts2 TIMESTAMP NULL, e ENUM('x','yy'), y YEAR, bt BIT(5), l1 VARCHAR(10) CHARACTER SET latin1, nn INT NOT NULL);
INSERT INTO gt VALUES (1, -5, 7, 20240101, 12.345, 1.5, 2.25, 'héllo', '2024-03-01 10:00', 'some text', 'tiny', 'blob', 'vb', '2024-02-29 13:14:15.123', '2024-02-29', '-12:34:56', '2024-01-01 00:00:00.50', '2023-06-01 12:00:00', 'yy', 2024, b'10101', 'latin', 3);
INSERT INTO gt VALUES (2, 300, 0, 20231231, -1.5, -2.5, 1e5, 'abc', '2023-12-31', 'z', 'a', 'b', 'c', '2020-01-01 00:00:00', '2030-12-31', '100:00:00', '2030-01-01 00:00:00', NULL, 'x', 1999, b'1', 'z', 0);
INSERT INTO gt (id, nn) VALUES (3, 0);
SELECT id, GREATEST(i, tm), LEAST(u, tm), GREATEST(d, tm), LEAST(f, tm), GREATEST(db, tm), GREATEST(y, tm), LEAST(y, tm) FROM gt ORDER BY id;
SELECT id, GREATEST(n8, da), LEAST(n8, dt), GREATEST(sd, da), LEAST(ts, dt), GREATEST(ts, ts2), LEAST(dt, da), GREATEST(y, da), LEAST(y, dt), LEAST(tm, da) FROM gt ORDER BY id;
SELECT id, GREATEST(ts, 20240101), LEAST(ts2, n8), LEAST(dt, da, tm), GREATEST(sd, ts, y) FROM gt ORDER BY id;
SELECT GREATEST('abc', DATE'2024-01-01'), LEAST(7, DATE'2024-01-01'), GREATEST(123456789012, TIME'10:00:00'), LEAST('x', TIME'10:00:00'), GREATEST(TIMESTAMP'2024-01-01 00:00:00', 1), LEAST(20240101, DATE'2024-05-01'), GREATEST('2024-03-01 10:00', DATE'2024-01-01'), LEAST(1.5e0, TIME'00:00:03');
SELECT id, GREATEST(bt, vc), LEAST(bt, e), GREATEST(bt, i), GREATEST(u, bt), LEAST(bt, d), GREATEST(bt, f) FROM gt ORDER BY id;
SELECT id, GREATEST(tx, tx), LEAST(vc, tt), GREATEST(tx, vb), GREATEST(bl, vc), LEAST(l1, tx), GREATEST(e, tx), LEAST(tt, l1) FROM gt ORDER BY id;
SELECT id, GREATEST(i, d), GREATEST(u, f), LEAST(f, f), GREATEST(db, db), GREATEST(y, d), LEAST(u, db), GREATEST(n8, d) FROM gt ORDER BY id;
SELECT id FROM gt WHERE GREATEST(dt, da) > '2024-02-29' ORDER BY id;
SELECT id, LEAST(da, dt) AS m FROM gt ORDER BY m DESC, id;
DROP TABLE gt;

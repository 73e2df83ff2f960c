-- Comparisons of columns of different types, found by comparing each pair of column
-- types against MariaDB: a string against a binary string of the same strength compares
-- bytes (CAST AS BINARY is as strong as a column), a number that is no date against a
-- DATE or DATETIME compares the zero date, a BIT column is a number against a string or
-- an ENUM (a string literal is stored as one: its bytes are the number).
CREATE TABLE ct (id INT PRIMARY KEY, bi BIGINT, db DOUBLE, d DECIMAL(10,3), vc VARCHAR(10), bl BLOB, vb VARBINARY(10), dt DATETIME(3), da DATE, e ENUM('x','yy','a'), bt BIT(8));
INSERT INTO ct VALUES (1, 123456789012, 2.25, 12.345, 'héllo', 'blob', 'vb', '2024-02-29 13:14:15.123', '2024-02-29', 'yy', b'10101'), (2, -7, 1e300, -0.5, 'Zed', 'aaa', 'zz', '1999-12-31 23:59:59.999', '1999-01-01', 'a', b'0'), (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (4, 20000101, -1e-5, 20000101.5, '10', '', '', '2000-01-01 00:00:00', '2000-01-01', 'x', b'110101');
SELECT id, vc = bl, vc < bl, bl < vc, vc = vb, vb > vc, vc = CAST('zed' AS BINARY), vc < CAST('a' AS BINARY) FROM ct ORDER BY id;
SELECT id, bi = da, bi < da, da > bi, db < dt, dt > db, bi < dt, d = da, dt < d FROM ct ORDER BY id;
SELECT id, da = 0, dt = 0, da > 0, da < 123456789012, dt < 1e300 FROM ct ORDER BY id;
SELECT id, vc = bt, vc < bt, bt > vc, bl = bt, e = bt, bt < e, bt = '5', bt = '0', '5' = bt, bt <=> vc FROM ct ORDER BY id;
SELECT id FROM ct WHERE vc < bl ORDER BY id;
SELECT id FROM ct WHERE bt = '5';
SELECT id FROM ct WHERE bi < da ORDER BY id;
DROP TABLE ct;
-- an ENUM in an IN list or as BETWEEN's bound of a number (or a BIT) is its index
CREATE TABLE ce (id INT PRIMARY KEY, n INT, f FLOAT, e ENUM('x','yy','a'), b BIT(2));
INSERT INTO ce VALUES (1, 2, 0, 'yy', b'10'), (2, 3, 3, 'a', b'01'), (3, 1, 1, 'x', b'11'), (4, NULL, NULL, NULL, NULL);
SELECT id, n IN (e, 7), n BETWEEN e AND e, f IN (e, 7), f BETWEEN e AND e, e IN (b, 7), b IN (e, 7), b BETWEEN e AND e, e BETWEEN b AND b, e = b FROM ce ORDER BY id;
DROP TABLE ce;
-- a TIME against a DATE or DATETIME compares on today's date
CREATE TABLE cm (id INT PRIMARY KEY, tm TIME, da DATE, dt DATETIME);
INSERT INTO cm VALUES (1, '-12:34:56', '2024-02-29', '2024-02-29 13:14:15'), (2, '838:59:59', '1999-01-01', '2038-01-19 03:14:07'), (3, NULL, NULL, NULL);
SELECT id, dt < tm, tm > dt, tm = dt, da < tm, tm <=> da, tm > da FROM cm ORDER BY id;
SELECT id FROM cm WHERE tm > dt ORDER BY id;
DROP TABLE cm;

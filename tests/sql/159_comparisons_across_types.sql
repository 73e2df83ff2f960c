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

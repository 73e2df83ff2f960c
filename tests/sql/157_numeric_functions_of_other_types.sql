-- The numeric functions over arguments that are not numbers, found by comparing every
-- function with every column type against MariaDB: an ENUM is its member's index and a
-- SET its bit mask; ROUND, TRUNCATE, CEILING and FLOOR of a DATETIME, TIMESTAMP or TIME
-- are of that type, of a DATE an integer; ABS of one is its number as a DECIMAL; ROUND
-- with digits read per row keeps the DECIMAL's scale; MOD of signed by unsigned.
CREATE TABLE nf (id INT PRIMARY KEY, d DECIMAL(10,3), db DOUBLE, i INT, u INT UNSIGNED, e ENUM('x','yy','z'), st SET('a','b','c'), dt DATETIME(3), ts TIMESTAMP(2) NULL, da DATE, tm TIME, tm2 TIME(2), bt BIT(5), k INT);
INSERT INTO nf VALUES (1, 12.345, 2.25, -5, 7, 'yy', 'a,b', '2024-02-29 13:14:15.123', '2024-01-01 00:00:00.50', '2024-02-29', '-12:34:56', '10:00:00.75', b'10101', 1), (2, -0.5, -1.5, 3, 0, 'z', 'c', '2024-12-31 23:59:59.600', '2024-12-31 23:59:59.99', '1999-01-01', '838:59:59', '-00:00:00.50', b'0', -1), (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 3);
SELECT id, ABS(e), CEIL(e), FLOOR(st), ROUND(e), ROUND(st, 1), SIGN(e), SQRT(st), EXP(e), LN(st), DEGREES(e), BIT_COUNT(st), MOD(e, 2), POW(e, 2), TRUNCATE(e, 0) FROM nf ORDER BY id;
SELECT id, ROUND(dt), ROUND(dt, 1), ROUND(dt, 2), ROUND(dt, -1), TRUNCATE(dt, 1), TRUNCATE(dt, 0), CEIL(dt), FLOOR(dt) FROM nf ORDER BY id;
SELECT id, ROUND(ts), ROUND(ts, 1), CEIL(ts), FLOOR(ts), ROUND(tm), CEIL(tm2), FLOOR(tm2), ROUND(tm2, 1), TRUNCATE(tm2, 1) FROM nf ORDER BY id;
SELECT id, ROUND(da), ROUND(da, 1), TRUNCATE(da, -1), CEIL(da), FLOOR(da) FROM nf ORDER BY id;
SELECT id, ABS(dt), ABS(ts), ABS(tm), ABS(tm2), ABS(da) FROM nf ORDER BY id;
SELECT id, ROUND(dt, k), ROUND(tm2, k), TRUNCATE(dt, k), ROUND(dt, NULL), TRUNCATE(tm, NULL) FROM nf ORDER BY id;
SELECT ROUND(TIME'838:59:59.9'), CEIL(CAST('9999-12-31 23:59:59.1' AS DATETIME(1))), ROUND(TIME'-838:59:59.9'), FLOOR(TIME'-00:00:00.5'), CEIL(TIME'-00:00:00.5'), ROUND(CAST('2024-01-31 23:59:59.5' AS DATETIME(1))), ROUND(TIME'-01:00:00.5'), TRUNCATE(TIME'-01:00:00.56', 1), ABS(TIME'-00:00:01.5');
SELECT id, ROUND(d, i), ROUND(d, u), ROUND(d, db), TRUNCATE(d, db), ROUND(d, k), ROUND(d, 1.4), ROUND(db, u), ROUND(i, u), ROUND(u, i), TRUNCATE(u, i) FROM nf ORDER BY id;
SELECT ROUND(12.345, x), TRUNCATE(-12.345, x) FROM (SELECT 1 x UNION ALL SELECT -1 UNION ALL SELECT 5) t;
SELECT id, MOD(i, bt), MOD(bt, i), MOD(u, i), i % u, MOD(bt, k) FROM nf ORDER BY id;
SELECT MOD(-5, b'10101'), MOD(b'10101', -5), CAST(18446744073709551615 AS UNSIGNED) % -7, -9223372036854775808 % CAST(3 AS UNSIGNED);
CREATE TABLE ns (id INT PRIMARY KEY, e ENUM('x','yy','z'), st SET('a','b','c'), bt BIT(5), vc VARCHAR(10), dt DATETIME(3), da DATE);
INSERT INTO ns VALUES (1, 'yy', 'a,b', b'10101', '12.5', '2024-02-29 13:14:15.123', '2024-02-29'), (2, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT id, SPACE(e), INET_NTOA(st), SEC_TO_TIME(e), SEC_TO_TIME(bt), SEC_TO_TIME(vc), SEC_TO_TIME(dt), FROM_UNIXTIME(st), FROM_UNIXTIME(bt), FROM_UNIXTIME(vc), FROM_UNIXTIME(da) FROM ns ORDER BY id;
SELECT SEC_TO_TIME('12.5'), SEC_TO_TIME(12.5), SEC_TO_TIME(b'101'), FROM_UNIXTIME(12.5), FROM_UNIXTIME(0x10);
DROP TABLE ns;
CREATE TABLE nt AS SELECT ROUND(dt) a, ROUND(ts, 1) b, CEIL(tm2) c, ROUND(da) d2, ABS(dt) e2, ABS(tm) f, ROUND(d, k) g, ROUND(i, k) h, TRUNCATE(u, k) j, ROUND(db, k) l FROM nf;
SHOW CREATE TABLE nt;
DROP TABLE nf, nt;
-- LPAD and RPAD of two arguments pad with spaces (MariaDB 10.3 on); a length or position
-- from an ENUM or SET is its number
SELECT LPAD('ab', 5), RPAD('ab', 5), LPAD('abcdef', 3), CONCAT('[', RPAD('é', 3), ']'), LPAD(NULL, 3), LPAD('a', NULL);
CREATE TABLE np (id INT PRIMARY KEY, s VARCHAR(10), e ENUM('x','yy','z'), st SET('a','b'));
INSERT INTO np VALUES (1, 'abcdef', 'yy', 'a,b'), (2, NULL, NULL, NULL);
SELECT id, LEFT(s, e), RIGHT(s, st), REPEAT(s, e), SUBSTRING(s, e), SUBSTRING(s, 1, st), LPAD(s, e), RPAD('q', st, e), LEFT(e, 1) FROM np ORDER BY id;
DROP TABLE np;

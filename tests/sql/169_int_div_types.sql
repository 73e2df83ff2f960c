-- x DIV y as MariaDB types it (Item_func_int_div): as long as the dividend's integer digits
-- (decimal_int_part: an INT's 10, a TINYINT's 3, a DECIMAL(5,2)'s 3, a DOUBLE's length,
-- a DATETIME's 14, a TIME's 7, a string's characters), at most 21; INT up to 9 of them,
-- else BIGINT; UNSIGNED when either operand is (a YEAR, BIT or TIMESTAMP too), and then
-- a negative quotient is an error.
CREATE TABLE dv (id INT PRIMARY KEY, a INT, u INT UNSIGNED, b BIGINT, ub BIGINT UNSIGNED, ti TINYINT, uti TINYINT UNSIGNED, md MEDIUMINT, sm SMALLINT, d DECIMAL(5,2), ud DECIMAL(5,2) UNSIGNED, d0 DECIMAL(10,0), d40 DECIMAL(40,5), f DOUBLE, fl FLOAT, f52 DOUBLE(5,2), s VARCHAR(10), c5 CHAR(5) CHARACTER SET latin1, tx TEXT, y YEAR, bt BIT(8), dt DATETIME, dt6 DATETIME(6), da DATE, t TIME, t3 TIME(3), ts TIMESTAMP NULL, e ENUM('a','b'));
INSERT INTO dv VALUES (1, -7, 2, -70, 30, -5, 5, 100, -100, 12.5, 7.25, 99, 123.5, 17.5, 3.5, 9.25, '42', '12', '77', 2024, b'1010', '2024-01-01 10:00:00', '2024-01-01 10:00:00.5', '2024-01-01', '10:00:00', '10:00:00.5', NULL, 'b');
INSERT INTO dv VALUES (2, 7, 3, 70, 31, 5, 6, -100, 100, -12.5, 0.25, -99, -123.5, -17.5, -3.5, -9.25, '-42', '-12', '-77', 1999, b'1', NULL, NULL, NULL, NULL, NULL, NULL, 'a');
-- metadata
SELECT a DIV 2, u DIV 2, b DIV 2, ub DIV 2, ti DIV 2, uti DIV 2, md DIV 2, sm DIV 2, a DIV -2, u DIV a FROM dv ORDER BY id;
-- metadata
SELECT d DIV 2, ud DIV 2, d0 DIV 2, d40 DIV 2, f DIV 2, fl DIV 2, f52 DIV 2, s DIV 2, c5 DIV 2, tx DIV 2 FROM dv ORDER BY id;
-- metadata
SELECT y DIV 2, bt DIV 2, dt DIV 2, dt6 DIV 2, da DIV 2, t DIV 2, t3 DIV 2, ts DIV 2, e DIV 2, 0x41 DIV 2, b'101' DIV 2 FROM dv ORDER BY id;
-- metadata
SELECT 7 DIV 2, -7 DIV 2, 7.5 DIV 2, -7.55 DIV 2, 1e3 DIV 2, 1.5e0 DIV 1, PI() DIV 1, '7' DIV 2, 123456789012 DIV 2, 18446744073709551615 DIV 2, NULL DIV 2, 7 DIV 2.5;
-- metadata
SELECT (a + 1) DIV 2, (a * 2) DIV 2, ABS(a) DIV 2, a DIV 2 DIV 2, (u + 1) DIV 2, ROUND(d) DIV 2, 2 DIV a FROM dv ORDER BY id;
SELECT a DIV u FROM dv ORDER BY id;
SELECT u DIV a FROM dv WHERE id = 1;
SELECT a DIV ub FROM dv ORDER BY id;
SELECT -7 DIV CAST(2 AS UNSIGNED);
SELECT f DIV u FROM dv ORDER BY id;
SELECT d DIV u FROM dv ORDER BY id;
SELECT y DIV -1 FROM dv ORDER BY id;
SELECT id, y DIV 7, u DIV 2, ub DIV 7 FROM dv ORDER BY id;
DROP TABLE dv;

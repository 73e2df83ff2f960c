-- Result types MariaDB reports (and the values that follow from them): user variables,
-- IF/IFNULL/COALESCE/CASE aggregation, numeric functions, aggregates, conditions on strings.

CREATE TABLE n (
  id INT PRIMARY KEY,
  i INT, s SMALLINT, m MEDIUMINT, u INT UNSIGNED, b BIGINT, bu BIGINT UNSIGNED,
  d DECIMAL(12,4), d2 DECIMAL(18,2), d3 DECIMAL(20,0), du DECIMAL(10,2) UNSIGNED,
  f DOUBLE, g DOUBLE(10,2), r FLOAT,
  v VARCHAR(20), c CHAR(5), t TEXT, tt TINYTEXT, l LONGTEXT, bl BLOB, e ENUM('a','b'),
  dt DATETIME, dd DATE, tm TIME, t3 TIME(3), dt2 DATETIME(2)
);
INSERT INTO n VALUES
  (1, -15, 35, -55, 45, -25, 18446744073709551615, -12.5, 99.99, 12345678901234567890, 5.55,
   1.23456, 2.5, 1.5, 'abc', 'ch', 'text', 'tiny', 'long', 'blob', 'a',
   '2023-01-15 10:20:30', '2023-01-15', '10:00:00', '10:00:00.125', '2020-01-01 10:00:00.55'),
  (2, 7, 4, 100, 3, 7, 5, 2.25, 1.5, 7, 1.25,
   -2.5, 0.25, 123456789, '1x', 'x', NULL, NULL, NULL, NULL, 'b',
   '2023-03-01 00:00:00', '2023-03-01', '-01:30:00', '00:00:01.5', '2020-01-01 00:00:00'),
  (3, 0, 2, 0, 0, 9, 0, 3.125, 0, 0, 0,
   1e20, 1, 0.000012345, '0', '', '', '', '', '', NULL,
   NULL, NULL, NULL, NULL, NULL);

-- ===== user variables =====
SET @str = 'héllo', @nul = NULL, @dec = 2.50, @int = 12, @dbl = 1.5e0;
-- metadata
SELECT @int, @dec, @dbl;
SELECT @str, @nul, @never_set, UPPER(@str), CONCAT(@str, '!'), SUBSTRING(@str, 2);
SELECT IFNULL(@nul, 'x'), COALESCE(@nul, @int), IF(@int > 5, @str, 'no');
-- metadata
SELECT @dec * 2, @dec + 0, @int + 1;
SELECT (@assigned := 'v'), @assigned;
SET @fromtext = (SELECT t FROM n WHERE id = 1);
SELECT @fromtext, CONCAT(@fromtext, 'x');

-- ===== IF / IFNULL / COALESCE / CASE =====
SELECT DISTINCT IF(i > 5, i, 'small') FROM n ORDER BY 1;
SELECT id, IFNULL(t, id), COALESCE(tt, i, 'z'), CASE WHEN id = 2 THEN b ELSE v END FROM n ORDER BY 2, 1;
SELECT id FROM n ORDER BY CASE WHEN id = 1 THEN 10 ELSE 'x' END, id;
SELECT IF(1, 2, 'x'), IFNULL(3, 'a'), COALESCE(NULL, 4.5, 'a'), CASE WHEN 1 THEN 5 ELSE 'z' END;
SELECT CONCAT('a', x'41'), IFNULL('abc', x'41'), COALESCE('a', 1, x'41'), IF(1, 'a', _binary'b');
SELECT IFNULL(t, 'x'), IFNULL(tt, 'x'), COALESCE(l, 'x'), IFNULL(bl, 'x'), IFNULL(c, 'x'), IFNULL(e, 'x') FROM n;
SELECT IFNULL(c, NULL), COALESCE(c), IF(1, c, c), CASE WHEN 1 THEN c END, CASE WHEN 1 THEN t ELSE 'x' END FROM n;
SELECT COALESCE(i, u), COALESCE(i, bu), IF(1, bu, i), IFNULL(u, u), COALESCE(bu, u) FROM n;
SELECT IFNULL(NULL, bu), COALESCE(u, NULL), IF(1, NULL, bu), IFNULL(NULL, 18446744073709551615) FROM n;

-- ===== strings read as conditions warn like MariaDB =====
SELECT IF('abc', 1, 0), IF('1abc', 1, 0), IF('1 ', 1, 0), IF('', 1, 0), IF(' ', 1, 0);
SELECT NOT 'a', 'b' IS TRUE, 'c' IS NOT FALSE, 1 AND 'x', NULL OR 'y', 'z' XOR 1;
SELECT CASE WHEN 'abc' THEN 1 ELSE 2 END, CASE WHEN '2' THEN 1 ELSE 2 END;
SELECT id, IF(v, 'y', 'n'), v IS TRUE, CASE WHEN v THEN 1 END FROM n ORDER BY id;
SELECT id FROM n WHERE v IS NOT FALSE ORDER BY id;
SELECT id FROM n WHERE (v XOR i) ORDER BY id;

-- ===== integer widths: INT up to 9 characters, BIGINT from 10 =====
-- metadata
SELECT 123456789, 1234567890, -12345678, m + 1, -m, m * 1, i + 0, u - 1 FROM n WHERE id = 1;
SELECT CAST('1234567890' AS SIGNED), CAST(123.5 AS SIGNED), 1234567890 DIV 2, PI() DIV 1;

-- ===== FLOOR / CEILING / ROUND / TRUNCATE / MOD / ABS =====
-- metadata
SELECT FLOOR(d), CEILING(d), FLOOR(d2), FLOOR(d3), FLOOR(du), CEIL(du), FLOOR(1.5), FLOOR(123456789.5) FROM n ORDER BY id;
SELECT FLOOR(i), FLOOR(s), FLOOR(m), FLOOR(u), FLOOR(b), FLOOR(bu), FLOOR(f), FLOOR('3.7') FROM n ORDER BY id;
SELECT ROUND(i), ROUND(i, -1), ROUND(s, -1), ROUND(u, -2), ROUND(b, -1), ROUND(bu, -1), ROUND(m, -1), ROUND(m + 1, -1) FROM n ORDER BY id;
SELECT ROUND(15, -1), ROUND(12345678901, -1), ROUND(1234567890, -1), TRUNCATE(i, -1), TRUNCATE(s, 1), ROUND(i, 2) FROM n ORDER BY id;
SELECT ROUND(d), ROUND(d, 2), TRUNCATE(d, 1), ROUND(d, 6) FROM n ORDER BY id;
-- metadata
SELECT ROUND(NULL), ROUND(1.5, NULL), FLOOR(NULL), CEIL(NULL), MOD(NULL, 3), MOD(10, NULL), ABS(NULL), TRUNCATE(NULL, 1), ROUND(NULL, 2);
SELECT MOD(i, 3), MOD(d, 3), MOD(b, i), MOD(s, 2), MOD(u, 3), MOD(i, 2.5), MOD(f, 2), MOD(m, 2) FROM n ORDER BY id;
SELECT ABS(i), ABS(s), ABS(d), ABS(b), ABS(u), ABS(f), ABS(m), ABS(-5) FROM n ORDER BY id;
SELECT ISNULL(v), ISNULL(NULL), TO_DAYS(dd), TO_DAYS(dt), SLEEP(0) FROM n ORDER BY id;
SELECT EXTRACT(DAY FROM dt), EXTRACT(DAY_HOUR FROM dt), EXTRACT(DAY_SECOND FROM dt), EXTRACT(DAY_MICROSECOND FROM dt2), EXTRACT(MINUTE_MICROSECOND FROM dt2) FROM n ORDER BY id;
SELECT EXTRACT(DAY FROM '2020-01-02 10:11:12.345'), EXTRACT(DAY_MINUTE FROM '2020-01-02 10:11:12.345'), EXTRACT(SECOND_MICROSECOND FROM '2020-01-02 10:11:12.345'), EXTRACT(HOUR_MICROSECOND FROM '2020-01-02 10:11:12.345');

-- ===== DOUBLE decimals =====
SELECT PI(), PI() * 2, PI() + 1.5, -PI(), PI() / 2, PI() * PI(), PI() % 1, 1.5e0 * PI();
SELECT f * 2, g * 2, g + 1, g / 3, g * g, -g, d + PI(), r * 2, v * 2, NULL + 1, NULL * 1.5 FROM n ORDER BY id;

-- ===== FLOAT =====
SELECT CAST(1.10 AS FLOAT), CAST(0.1 AS FLOAT), CAST(123456789 AS FLOAT), CAST(1e20 AS FLOAT), CAST(999999.5 AS FLOAT), CAST(0.1 AS FLOAT) + 0;
SELECT id, r, r + 0 FROM n ORDER BY id;

-- ===== aggregates =====
SELECT MIN(i), MAX(s), MIN(LENGTH(v)), MAX(CHAR_LENGTH(v)), MIN(s + 1), MAX(YEAR(dd)), MIN(ABS(s)), MIN(b) FROM n;
SELECT AVG(NULL), SUM(NULL), MIN(NULL), MAX(NULL), AVG(dt), SUM(dd), SUM(tm), AVG(tm) FROM n;
SELECT STD(i), VARIANCE(s), STD(b), STDDEV_SAMP(i), VAR_SAMP(b), STD(d), VAR_POP(d), STD(1.5), STD(dt), STD(f) FROM n;
SELECT s, STD(i), VARIANCE(d) FROM n GROUP BY s WITH ROLLUP;
SELECT id, STD(b) OVER (ORDER BY id), VARIANCE(d) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM n ORDER BY id;

-- ===== TIME_TO_SEC =====
SELECT TIME_TO_SEC('10:00:00'), TIME_TO_SEC('10:00:00.123'), TIME_TO_SEC('-01:00:00'), TIME_TO_SEC(' 1 10:00:00'), TIME_TO_SEC('838:59:59'), TIME_TO_SEC('839:00:00'), TIME_TO_SEC('abc'), TIME_TO_SEC(100), TIME_TO_SEC(NULL);
SELECT id, TIME_TO_SEC(tm), TIME_TO_SEC(t3), TIME_TO_SEC(dt), TIME_TO_SEC(dt2), TIME_TO_SEC('2020-01-01 10:00:00') FROM n ORDER BY id;

-- ===== string functions =====
SELECT REPEAT('a', NULL), REPEAT(NULL, 2), LPAD('a', NULL, 'x'), SPACE(NULL), REGEXP_REPLACE('a1b22', '[0-9]+', '#'), REGEXP_REPLACE(NULL, 'a', 'b');

-- ===== subqueries and derived tables =====
SELECT (SELECT tt FROM n WHERE id = 1), (SELECT t FROM n WHERE id = 1), (SELECT l FROM n WHERE id = 1), (SELECT bl FROM n WHERE id = 1), (SELECT e FROM n WHERE id = 1), (SELECT c FROM n WHERE id = 1);
SELECT * FROM (SELECT 1 AS one, NULL AS two) x;
SELECT * FROM (SELECT NULL AS a FROM n LIMIT 1) x;
SELECT * FROM (SELECT DISTINCT NULL AS a FROM n) x;
SELECT * FROM (SELECT NULL AS a FROM n WHERE id = 1) x;
SELECT * FROM (SELECT NULL AS a UNION SELECT NULL) x;
WITH w AS (SELECT NULL AS a, COUNT(*) AS k FROM n) SELECT * FROM w;

-- ===== integer aggregation keeps the widest integer type; nullability =====
SELECT IFNULL(i, 1), IFNULL(s, 1), COALESCE(m, s), IF(1, m, 1234567890), IFNULL(b, 1), CASE WHEN id = 1 THEN s ELSE m END FROM n ORDER BY id;
SELECT CASE WHEN id = 1 THEN s ELSE u END, CASE WHEN id = 1 THEN 1 ELSE 2.5 END, CASE WHEN id = 1 THEN d ELSE f END, CASE WHEN id = 1 THEN 1e0 ELSE 2 END FROM n ORDER BY id;
-- metadata
SELECT SUM(i), AVG(i), SUM(s), AVG(u), SUM(d), AVG(d), SUM(m), AVG(b), SUM(1), AVG(2.5) FROM n;
CREATE TABLE ct SELECT v LIKE 'x' AS vl, 'a' LIKE 'b' AS cl, IFNULL(v, 'z') AS iv, IFNULL(NULL, v) AS nv, COALESCE(v, 1) AS cv,
  IF(id > 1, 'a', 'b') AS fv, PI() AS p, CASE WHEN id > 1 THEN 'y' ELSE 'n' END AS cs, CASE WHEN id > 1 THEN 'y' END AS cn,
  SUM(s) AS ss, AVG(m) AS am FROM n GROUP BY id, v;
SHOW CREATE TABLE ct;
DROP TABLE ct;

-- ===== UNIX_TIMESTAMP / FROM_UNIXTIME keep the seconds' fraction =====
SELECT UNIX_TIMESTAMP('2023-11-14 22:13:20'), UNIX_TIMESTAMP('2023-11-14 22:13:20.5'), UNIX_TIMESTAMP('1969-12-31'), UNIX_TIMESTAMP('abc'), UNIX_TIMESTAMP(NULL), UNIX_TIMESTAMP(20231114);
SELECT id, UNIX_TIMESTAMP(dt), UNIX_TIMESTAMP(dt2), UNIX_TIMESTAMP(dd) FROM n ORDER BY id;
SELECT FROM_UNIXTIME(1700000000.5), FROM_UNIXTIME(1700000000.123456789), FROM_UNIXTIME(1700000000), FROM_UNIXTIME(NULL), FROM_UNIXTIME(1700000000.50), FROM_UNIXTIME(-1.5), FROM_UNIXTIME(1700000000.5, '%Y %f');

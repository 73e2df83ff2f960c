-- Expression semantics and error texts WordPress (and its plugins) depend on:
-- NULL logic, string/number coercion, overflow, division by zero, DECIMAL
-- arithmetic, CAST, string functions on accented / 4-byte text, IF/IFNULL/
-- NULLIF/COALESCE, GROUP_CONCAT, and the common error codes and messages.
-- Runs in the harness's default (strict) sql_mode unless switched below.

CREATE TABLE t (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(20) NOT NULL,
  note VARCHAR(10) DEFAULT NULL,
  n INT DEFAULT NULL,
  u INT UNSIGNED NOT NULL DEFAULT 0,
  big BIGINT DEFAULT NULL,
  price DECIMAL(10,2) DEFAULT NULL,
  body TEXT NOT NULL,
  d DATETIME NOT NULL DEFAULT '0000-00-00 00:00:00',
  KEY name_key (name)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;
INSERT INTO t (name, note, n, u, big, price, body, d) VALUES ('apple', 'red', 3, 1, 10, 1.50, 'Äpfel', '2023-01-15 10:01:00'), ('banana', NULL, 12, 2, NULL, 0.25, 'bananes 🍌', '2023-03-15 10:03:00'), ('cherry', 'dark', NULL, 3, -5, NULL, 'Kirsche', '2023-03-20 08:00:00'), ('Éclair', 'sweet', -4, 4, 9223372036854775807, 10.00, 'éclair au café', '0000-00-00 00:00:00'), ('date', '', 0, 5, 0, -2.50, '', '2022-12-31 23:59:59');

-- ===== NULL and three-valued logic =====
SELECT NULL AND 0, NULL AND 1, NULL OR 1, NULL OR 0, NOT NULL, NULL XOR 1, 1 XOR 1;
SELECT NULL = NULL, NULL <> NULL, NULL <=> NULL, 1 <=> NULL, NULL IS NULL, NULL IS NOT NULL;
SELECT 1 IN (1, NULL), 3 IN (1, NULL), 3 NOT IN (1, NULL), NULL IN (1, 2), NULL NOT IN ();
SELECT 1 IN (1, NULL), 3 IN (1, NULL), 3 NOT IN (1, NULL), NULL IN (1, 2);
SELECT (NULL > 1) IS NULL, (NULL = 0) IS NOT TRUE, (1 = 1) IS TRUE, (0 = 1) IS FALSE, NULL IS UNKNOWN;
SELECT id FROM t WHERE n <> 3 ORDER BY id;
SELECT id FROM t WHERE NOT (n = 3) ORDER BY id;
SELECT id FROM t WHERE n IS NULL OR n < 0 ORDER BY id;
SELECT id FROM t WHERE note IN ('red', NULL) ORDER BY id;
SELECT id FROM t WHERE note NOT IN ('red', NULL) ORDER BY id;
SELECT id FROM t WHERE note NOT IN ('red') ORDER BY id;
SELECT COUNT(*), COUNT(n), COUNT(note), COUNT(DISTINCT note), SUM(n), AVG(n), MIN(n), MAX(n) FROM t;
SELECT SUM(n), AVG(n), MIN(n), MAX(n), COUNT(n), GROUP_CONCAT(n) FROM t WHERE id > 100;
SELECT NULL + 1, NULL * 0, CONCAT('a', NULL), NULL || 'x', LENGTH(NULL);

-- ===== string / number comparisons =====
SELECT '10' = 10, '10abc' = 10, 'abc' = 0, '1e2' = 100, '  5' = 5, '5  ' = 5, '0x10' = 16, '.5' = 0.5;
SELECT '10' < '9', 10 < '9', '10' < 9, 'abc' < 'abd', 'a' = 'A', 'a ' = 'a', 'é' = 'e', 'ß' = 'ss';
SELECT 'a' = 'A' COLLATE utf8mb4_bin, BINARY 'a' = 'A', 'Ä' = 'a', 'Æ' = 'ae';
SELECT 1 = 1.0, 1 = '1.0', '1' = '1.0', 0.1 + 0.2 = 0.3, 0.1e0 + 0.2e0 = 0.3e0;
SELECT 18446744073709551615 = -1, CAST(18446744073709551615 AS SIGNED), 9223372036854775807 = 9223372036854775808;
SELECT id FROM t WHERE name = 'ECLAIR';
SELECT id FROM t WHERE name = 0 ORDER BY id;
SELECT id FROM t WHERE big = '10';
SELECT id FROM t WHERE big IN ('10', '0') ORDER BY id;
SELECT id FROM t WHERE price = '1.5';
SELECT id FROM t WHERE d = '2023-01-15 10:01:00';
SELECT id FROM t WHERE d > '2023-03' ORDER BY id;
SELECT id FROM t WHERE d = 0;
SELECT id FROM t WHERE d < 20230101 ORDER BY id;
SELECT 'abc' LIKE 'ABC', 'abc' LIKE 'a%', 'a_c' LIKE 'a\_c', 'abc' LIKE 'a\_c', 'a%c' LIKE 'a\%c', 'é' LIKE 'e', 'ab' LIKE 'a';
SELECT '100%' LIKE '100\\%', '100' LIKE '100\\%', 'x\\y' LIKE 'x\\\\y', 'xy' LIKE 'x\\y', 'a_b' LIKE 'a|_b' ESCAPE '|';
SELECT 'aXb' REGEXP '^a.b$', 'abc' REGEXP 'B', 'rss_0123' REGEXP '^rss_[0-9]+$', 'abc' RLIKE '^(a|x)', 'abc' NOT REGEXP 'z';
SELECT 5 BETWEEN 1 AND 10, 'b' BETWEEN 'a' AND 'c', NULL BETWEEN 1 AND 2, 5 NOT BETWEEN 6 AND 7;
SELECT GREATEST(1, '10', 2), LEAST('b', 'a', 'c'), GREATEST(1, NULL), LEAST(1.5, 2), GREATEST('2023-01-01', '2022-12-31');

-- ===== integer overflow =====
SELECT 9223372036854775807 + 1;
SELECT -9223372036854775808 - 1;
SELECT 18446744073709551615 + 1;
SELECT 9223372036854775807 * 2;
SELECT CAST(0 AS UNSIGNED) - 1;
SELECT 18446744073709551615, 18446744073709551616, -9223372036854775808, 9223372036854775808;
SELECT ~0, -(-9223372036854775807), ABS(-9223372036854775807);
SELECT 4294967295 * 4294967297;
SELECT 2147483647 + 1, -2147483648 - 1, 255 * 255 * 255 * 255 * 255;
INSERT INTO t (name, body, n) VALUES ('overflow', '', 2147483648);
INSERT INTO t (name, body, u) VALUES ('negative', '', -1);
SELECT big + 1 FROM t WHERE name = 'Éclair';
UPDATE t SET big = big + 1 WHERE name = 'Éclair';

-- ===== division by zero =====
SELECT 1 / 0;
SELECT 1 DIV 0, 1 % 0, MOD(1, 0), 0 / 0, 1.5 / 0, 1e0 / 0;
SELECT n / 0 FROM t WHERE id <= 5 ORDER BY id;
SELECT n / (u - u) FROM t WHERE id = 1;
CREATE TABLE dz (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20), n INT);
INSERT INTO dz (name, n) VALUES ('divzero', 1 / 0);
INSERT INTO dz (name, n) VALUES ('divzero', 1 % 0);
UPDATE dz SET n = 5 DIV 0;
SET SESSION sql_mode = 'ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';
INSERT INTO dz (name, n) VALUES ('divzero', 1 / 0);
SELECT id, name, n FROM dz ORDER BY id;
SET SESSION sql_mode = '';
SELECT 1 / 0;
INSERT INTO dz (name, n) VALUES ('divzero2', 1 / 0);
SELECT id, name, n FROM dz ORDER BY id;
SET SESSION sql_mode = DEFAULT;
SELECT @@SESSION.sql_mode;

-- ===== DECIMAL and numeric arithmetic =====
SELECT 0.1 + 0.2, 1 / 3, 1.0 / 3, 1 / 3.000, 2 / 4, 10.5 * 2.25, 7 DIV 2, -7 DIV 2, -7 % 3, 7 % -3;
SELECT 123456789012345678901234567890.5 + 1, 0.000001 * 0.000001, 1.10 + 2.205, 3 * 1.1;
SELECT ROUND(2.5), ROUND(-2.5), ROUND(1.005, 2), ROUND(2.5e0), ROUND(1234.5678, -2), ROUND(1.45, 1);
SELECT TRUNCATE(1.999, 2), TRUNCATE(-1.999, 0), FLOOR(-1.5), CEIL(-1.5), CEILING(1.2), ABS(-3.30), SIGN(-2);
SELECT 1e0 + 0.1, 0.1e0 * 3, 1/7e0, 2e0 / 3, POW(2, 10), POWER(2, 0.5), SQRT(16), SQRT(-1);
SELECT 1e308 * 10;
SELECT SUM(price), AVG(price), MAX(price), MIN(price), SUM(price) / COUNT(price) FROM t;
SELECT price * 3, price / 3, price + n, price * 1.005 FROM t WHERE id <= 5 ORDER BY id;
SELECT '1.5' + 1, '1e3' + 0, 'abc' + 1, '12abc' + 1, '' + 0, ' 7 ' * 2, '0x1A' + 0;
SELECT 5 / 2 * 2, 5 DIV 2 * 2, 2 + 3 * 4, (2 + 3) * 4, -2 * -3, 10 - -3, 2 - 3 - 4;
SELECT FORMAT(1234567.891, 2), FORMAT(0.5, 0), FORMAT(-1234.5, 1), FORMAT(1234567, 0);
SELECT HEX(255), HEX('é'), HEX(''), LOWER(HEX('abc'));
SELECT CONV(255, 10, 16), HEX(255), HEX('é'), UNHEX('41'), OCT(8), BIN(5);

-- ===== CAST / CONVERT =====
SELECT CAST('123' AS SIGNED), CAST('-5' AS UNSIGNED), CAST(-5 AS UNSIGNED), CAST(1.5 AS SIGNED), CAST(1.4 AS SIGNED), CAST(-1.5 AS SIGNED);
SELECT CAST('12abc' AS SIGNED);
SELECT CAST('abc' AS SIGNED);
SELECT CAST('1.23456' AS DECIMAL(5,2)), CAST(1.235 AS DECIMAL(5,2)), CAST('999.999' AS DECIMAL(5,2)), CAST(12345 AS DECIMAL(4,1));
SELECT CAST('10.50' AS DECIMAL), CAST('10.50' AS DECIMAL(10,2)), CAST(1/3 AS DECIMAL(10,5)), CAST('abc' AS DECIMAL(5,2));
SELECT CAST(123 AS CHAR), CAST(1.50 AS CHAR), CAST('héllo' AS CHAR(3)), CAST(NULL AS CHAR), CONVERT(42, CHAR);
SELECT CAST('2023-03-15 10:03:00' AS DATE), CAST(20230315 AS DATE), CAST('2023-03-15' AS DATETIME), CAST('not a date' AS DATE);
SELECT CAST('2023-02-30' AS DATE), CAST('0000-00-00' AS DATE), CAST('2023-03-15 10:03:00' AS TIME), CAST(d AS DATE) FROM t WHERE id = 1;
SELECT CAST(price AS SIGNED), CAST(price AS CHAR), CAST(n AS DECIMAL(6,2)), CAST(d AS CHAR), CAST(big AS UNSIGNED) FROM t WHERE id <= 5 ORDER BY id;
SELECT CONVERT('abc' USING utf8mb4), CONVERT( LEFT( CONVERT( 'héllo wörld' USING utf8mb4 ), 4 ) USING utf8mb4 );
SELECT CHARSET(CONVERT('x' USING latin1)), COLLATION('x');
SELECT CAST('18446744073709551616' AS UNSIGNED), CAST('-1' AS UNSIGNED), CAST(9.9 AS UNSIGNED), CAST(1e20 AS SIGNED);
SELECT CAST(1 AS BINARY), CAST('a' AS BINARY(3)), BINARY 'abc', CAST(2.5 AS DOUBLE), CAST('3' AS INTEGER);

-- ===== string functions =====
SELECT CONCAT('a', 'b', 'c'), CONCAT('a', 1, 2.5), CONCAT(), CONCAT('x');
SELECT CONCAT('a', 'b', 'c'), CONCAT('a', 1, 2.5), CONCAT('x'), CONCAT_WS(',', 'a', NULL, 'b'), CONCAT_WS(NULL, 'a', 'b'), CONCAT_WS('-', 1, 2);
SELECT CONCAT('_transient_timeout_', SUBSTRING('_transient_feed_abc', 12)), SUBSTRING('_site_transient_theme_roots', 17);
SELECT SUBSTRING('héllo😀wörld', 2, 3), SUBSTRING('héllo😀wörld', 6), SUBSTRING('héllo', -3), SUBSTRING('héllo', 0), SUBSTRING('héllo', 10), SUBSTR('abc' FROM 2), SUBSTRING('abcdef' FROM 2 FOR 3), MID('abcdef', 3, 2);
SELECT SUBSTRING_INDEX('a.b.c', '.', 2), SUBSTRING_INDEX('a.b.c', '.', -1), SUBSTRING_INDEX('a.b.c', '.', 0), SUBSTRING_INDEX('a.b.c', 'x', 1), SUBSTRING_INDEX('www.wordpress.org', '.', -2);
SELECT REPLACE('hello world', 'o', '0'), REPLACE('aaa', 'a', ''), REPLACE('Café', 'é', 'e'), REPLACE('abc', '', 'x'), REPLACE('ABC', 'b', 'x');
SELECT LOCATE('b', 'abc'), LOCATE('😀', 'a😀b'), LOCATE('x', 'abc'), LOCATE('b', 'abcb', 3), LOCATE('B', 'abc'), INSTR('héllo', 'l'), POSITION('c' IN 'abc');
SELECT TRIM('  x  '), LTRIM('  x  '), RTRIM('  x  '), TRIM(BOTH 'x' FROM 'xxaxx'), TRIM(LEADING 'x' FROM 'xxaxx'), TRIM(TRAILING 'x' FROM 'xxaxx'), TRIM('ab' FROM 'ababcab'), CONCAT('[', TRIM('\t x \n'), ']');
SELECT LPAD('5', 3, '0'), LPAD('12345', 3, '0'), RPAD('abc', 5, '.'), RPAD('abc', 2, '.'), LPAD('x', 5, ''), LPAD('é', 3, '😀'), RPAD('a', 4, 'xy');
SELECT UPPER('éàü ß straße'), LOWER('ÉÀÜ ÇA'), UCASE('abc'), LCASE('ÄÖÜ'), UPPER('😀a'), LOWER('İ');
SELECT CHAR_LENGTH('😀a'), LENGTH('😀a'), CHARACTER_LENGTH('héllo'), OCTET_LENGTH('héllo'), BIT_LENGTH('a'), LENGTH(''), CHAR_LENGTH(NULL);
SELECT name, CHAR_LENGTH(body), LENGTH(body), UPPER(body), LOWER(name) FROM t WHERE id <= 5 ORDER BY id;
SELECT LEFT('héllo', 2), RIGHT('héllo', 2), LEFT('abc', 0), RIGHT('abc', 10), REVERSE('abc😀'), REPEAT('ab', 3), REPEAT('x', 0), SPACE(3), CONCAT('[', SPACE(0), ']');
SELECT ASCII('a'), ASCII(''), FIELD('b', 'a', 'b', 'c'), FIELD('z', 'a'), FIND_IN_SET('b', 'a,b,c'), FIND_IN_SET('x', 'a,b,c');
SELECT ORD('é'), CHAR(65, 66), ELT(2, 'x', 'y', 'z'), STRCMP('a', 'b'), STRCMP('B', 'b');
SELECT MD5('wordpress'), SHA1('wordpress'), CRC32('wordpress');
SELECT INSERT('abcdef', 2, 3, 'X'), QUOTE('it''s'), QUOTE(NULL);
SELECT 'it''s', 'it\'s', "dq \"x\"", 'back\\slash', 'tab\there', 'nl\nnext', 'pct\%', 'us\_', 'z\z', HEX('\0');
SELECT _utf8mb4'abc', N'abc', X'4142', 0x4142, 0x41 + 0, b'1000001';
SELECT CONCAT(name, '-', n) FROM t WHERE id <= 5 ORDER BY id;

-- ===== IF / IFNULL / NULLIF / COALESCE / CASE =====
SELECT IF(1, 'a', 'b'), IF(0, 'a', 'b'), IF(NULL, 'a', 'b'), IF(1, 2, 'x'), IF(1, 1, 2.5), IF('abc', 1, 0), IF('1abc', 1, 0);
SELECT IFNULL(NULL, 5), IFNULL(3, 5), IFNULL(NULL, NULL), IFNULL(NULL, 'x'), IFNULL(1, 'x'), IFNULL('', 'x');
SELECT NULLIF(1, 1), NULLIF(1, 2), NULLIF('a', 'A'), NULLIF(NULL, 1), NULLIF(1 LIKE 1, false), NULLIF(0 LIKE 1, false), NULLIF('', 0);
SELECT COALESCE(NULL, NULL, 'x'), COALESCE(NULL, 2, 'x'), COALESCE(NULL), COALESCE(1.5, 2), COALESCE(NULL, NULL);
SELECT CASE 1 WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END, CASE WHEN NULL THEN 1 ELSE 0 END, CASE 'a' WHEN 'A' THEN 'ci' ELSE 'cs' END, CASE WHEN 1 > 2 THEN 1 END;
SELECT id, IF(n > 0, 'pos', IF(n < 0, 'neg', IFNULL(n, 'null'))) AS sign, COALESCE(note, '(none)'), NULLIF(note, '') FROM t WHERE id <= 5 ORDER BY id;
SELECT id, CASE WHEN name LIKE '%e%' THEN 1 WHEN name LIKE '%a%' THEN 2 ELSE 3 END AS r FROM t WHERE id <= 5 ORDER BY r, id;
SELECT COUNT(NULLIF(name LIKE '%a%', false)), COUNT(NULLIF(note = '', false)), SUM(name LIKE '%e%'), SUM(IF(n > 0, 1, 0)) FROM t WHERE id <= 5;

-- ===== GROUP_CONCAT =====
SELECT GROUP_CONCAT(name) FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(name ORDER BY name SEPARATOR ', ') FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(name ORDER BY id DESC SEPARATOR '|') FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(DISTINCT note ORDER BY note) FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(n ORDER BY n) FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(name, ':', n ORDER BY id SEPARATOR ';') FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(id ORDER BY id SEPARATOR '') FROM t WHERE id <= 5;
SELECT u % 2 AS g, GROUP_CONCAT(name ORDER BY name) FROM t WHERE id <= 5 GROUP BY u % 2 ORDER BY g;
SELECT GROUP_CONCAT(REPEAT('x', 300) SEPARATOR ',') FROM t WHERE id <= 5;
SET SESSION group_concat_max_len = 10;
SELECT GROUP_CONCAT(name ORDER BY id) FROM t WHERE id <= 5;
-- the row number counts the values joined (over all groups) up to the one past the length
SELECT GROUP_CONCAT(name ORDER BY id DESC) FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(name SEPARATOR '') FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(name ORDER BY name LIMIT 1, 3) FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(name, name) FROM t WHERE id <= 5;
SELECT GROUP_CONCAT(name) FROM t WHERE id IN (1, 3);
SELECT u % 2 AS g, GROUP_CONCAT(name ORDER BY id) FROM t WHERE id <= 5 GROUP BY u % 2 ORDER BY g;
SET SESSION group_concat_max_len = 1024;

-- ===== date functions =====
SELECT DATE_FORMAT('2023-03-15 10:03:00', '%Y-%m-%d'), DATE_FORMAT('2023-03-15 10:03:00', '%H.%i'), DATE_FORMAT('2023-03-15 10:03:00', '%H.%i') = 10.030000, DATE_FORMAT('2023-03-05 09:08:07', '%c/%e/%y %h:%i:%s %p');
SELECT DATE_FORMAT('0000-00-00 00:00:00', '%Y-%m-%d'), DATE_FORMAT(NULL, '%Y'), DATE_FORMAT('2023-01-01', '%U %u %V %v %X %x %w');
SELECT YEAR('2023-03-15'), MONTH('2023-03-15'), DAYOFMONTH('2023-03-15'), DAY('2023-03-15'), HOUR('10:03:00'), MINUTE('2023-03-15 10:03:00'), SECOND('2023-03-15 10:03:07');
SELECT WEEK('2023-03-15', 1), WEEK('2023-01-01', 1), WEEK('2023-01-01'), WEEK('2023-12-31', 1), WEEK('2024-12-30', 3), WEEK('2021-01-03', 1);
SELECT YEARWEEK('2023-01-01'), YEARWEEK('2023-01-01', 1);
SELECT DATE_ADD('20230101', INTERVAL 30 DAY), DATE_SUB('2023-03-01', INTERVAL 1 DAY), '2023-01-31' + INTERVAL 1 MONTH, DATE_ADD('2023-03-15 10:03:00', INTERVAL 2 HOUR), DATE_SUB('2023-03-15', INTERVAL 7 DAY) > '2023-03-07';
SELECT DATEDIFF('2023-03-15', '2023-01-01'), DATEDIFF('2023-01-01', '2023-03-15 23:00:00');
SELECT TIMESTAMPDIFF(DAY, '2023-01-01', '2023-03-15'), TIMESTAMPDIFF(MONTH, '2023-01-31', '2023-03-01');
SELECT LAST_DAY('2024-02-10'), DAYNAME('2023-03-15'), MONTHNAME('2023-03-15');
SELECT DATE('2023-03-15 10:03:00'), DAYOFYEAR('2023-03-15'), DATE('0000-00-00 00:00:00'), DATE('garbage');
SELECT TIME('2023-03-15 10:03:00'), STR_TO_DATE('15/03/2023', '%d/%m/%Y'), MAKEDATE(2023, 74), QUARTER('2023-03-15');
SELECT YEAR(d), MONTH(d), DAYOFMONTH(d), WEEK(d, 1), DATE_FORMAT(d, '%Y-%m-%d') FROM t WHERE id <= 5 ORDER BY id;
SELECT DATE_SUB(NOW(), INTERVAL 7 DAY) > '2020-01-01', NOW() > '2023-01-01', CURDATE() > '2000-01-01', YEAR(NOW()) > 2000;
SELECT '2023-03-15 10:03:00' > '2023-03-15', CAST('2023-03-15 10:03:00' AS DATETIME) > '2023-03-15', d >= '2023-03-15' FROM t WHERE id = 2;

-- ===== common errors =====
SELECT * FROM missing_table;
SELECT * FROM t_types_and_errors.missing_table;
SELECT * FROM other_db.t;
DESCRIBE missing_table;
SELECT missing_column FROM t;
SELECT id FROM t WHERE missing_column = 1;
SELECT id FROM t ORDER BY missing_column;
SELECT id FROM t GROUP BY missing_column;
SELECT t.missing_column FROM t;
SELECT x.id FROM t;
UPDATE t SET missing_column = 1;
INSERT INTO t (missing_column) VALUES (1);
SELECT id, name FROM t a, t b;
SELECT * FORM t;
SELECT * FROM t WHERE;
SELECT * FROM t
WHERE id = 1
AND AND name = 'x';
SELECT 'unterminated;
SELECT * FROM t LIMIT -1;
SELECT * FROM t ORDER BY;
INSERT INTO t (name) VALUES ('a', 'b');
INSERT INTO t (name, body) VALUES ('a', 'b'), ('c');
INSERT INTO t VALUES (1, 'x');
CREATE TABLE t (id INT);
CREATE TABLE t2 (id INT, KEY k (id), KEY k (id));
ALTER TABLE t ADD KEY name_key (name);
ALTER TABLE t ADD INDEX name_key (note);
ALTER TABLE t DROP COLUMN missing_column;
ALTER TABLE t DROP INDEX missing_key;
DROP TABLE missing_table;
CREATE TABLE t3 (id INT, id INT);
SELECT id FROM t WHERE id = (SELECT id FROM t);
SELECT id FROM t WHERE id = (SELECT id, name FROM t LIMIT 1);
SELECT id FROM t WHERE COUNT(*) > 1;
SELECT NOSUCHFUNC(1);
SELECT CONCAT_WS();
SELECT SUBSTRING('abc');
INSERT INTO t (id, name, body) VALUES (1, 'dup', '');
USE missing_database;
-- strict mode (the harness default): 1048, 1364, 1406, 1366, 1292, 1264
INSERT INTO t (name, body) VALUES (NULL, 'x');
INSERT INTO t (name, body) VALUES ('x', 'y'), (NULL, 'z');
INSERT INTO t (name) VALUES ('nobody');
INSERT INTO t (name, body) VALUES ('this name is far too long for the column', '');
INSERT INTO t (name, body, note) VALUES ('ok', '', 'way too long note');
INSERT INTO t (name, body, n) VALUES ('ok', '', 'abc');
INSERT INTO t (name, body, n) VALUES ('ok', '', '12abc');
INSERT INTO t (name, body, d) VALUES ('ok', '', '2023-13-01');
INSERT INTO t (name, body, price) VALUES ('ok', '', 123456789012);
INSERT INTO t (name, body, price) VALUES ('ok', '', 1.005);
UPDATE t SET name = NULL WHERE id = 1;
UPDATE t SET note = 'way too long note' WHERE id = 1;
SELECT COUNT(*) FROM t;
-- the same in WordPress's non-strict mode: warnings and truncation
SET SESSION sql_mode='ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';
INSERT INTO t (name, body) VALUES (NULL, 'x');
INSERT INTO t (name, body) VALUES ('x', 'y'), (NULL, 'z');
INSERT INTO t (name) VALUES ('nobody');
INSERT INTO t (name, body) VALUES ('this name is far too long for the column', '');
INSERT INTO t (name, body, note) VALUES ('ok', '', 'way too long note');
INSERT INTO t (name, body, note) VALUES ('ok2', '', 'trailing  sp    ');
INSERT INTO t (name, body, note) VALUES ('ok3', '', 'émoji😀😀😀😀😀😀');
INSERT INTO t (name, body, n) VALUES ('ok', '', 'abc');
INSERT INTO t (name, body, n) VALUES ('ok', '', '12abc');
INSERT INTO t (name, body, n) VALUES ('ok', '', 99999999999);
INSERT INTO t (name, body, d) VALUES ('ok', '', '2023-13-01');
INSERT INTO t (name, body, price) VALUES ('ok', '', 123456789012);
INSERT INTO t (name, body, price) VALUES ('ok', '', 1.005);
UPDATE t SET note = 'way too long note' WHERE id = 1;
SELECT id, name, note, n, price, d, body FROM t WHERE id > 5 ORDER BY id;
SET SESSION sql_mode = DEFAULT;

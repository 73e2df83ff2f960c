-- CAST edges as MariaDB answers them: text past DBL_MAX is the largest double (a FLOAT
-- the largest float, with Note 1264 naming the call, always "at row 1"); a number past
-- 9999-12-31 23:59:59 as digits, or a negative one, is a time held to 838:59:59; a
-- datetime's seventh fraction digit, or a date number's fraction, is cut with a Note.

SELECT CAST('1e400' AS DOUBLE), CAST('-1e400' AS DOUBLE);
SHOW WARNINGS;
SELECT CAST('1e400' AS FLOAT);
SHOW WARNINGS;
SELECT CAST(a AS FLOAT) FROM (SELECT '1e40' AS a UNION ALL SELECT '1e50' UNION ALL SELECT '1') t;
SHOW WARNINGS;
SELECT CAST(18446744073709551615 AS TIME), CAST(-9223372036854775808 AS TIME), CAST(99999999999999999999 AS TIME);
SHOW WARNINGS;
SELECT CAST(1e20 AS TIME), CAST(-8385960 AS TIME), CAST(-101112 AS TIME), CAST(100000000000000 AS TIME);
SHOW WARNINGS;
SELECT CAST('2020-01-02 10:11:12.1234567' AS DATETIME(2)), CAST('2020-01-02 10:11:12.1234567' AS DATE);
SHOW WARNINGS;
SELECT CAST(101112.5 AS DATE), CAST(101112.5 AS DATETIME(2)), CAST(20010203.25 AS DATE), CAST(20010203 AS DATE);
SHOW WARNINGS;
SELECT YEAR('2020-01-02 10:11:12.1234567'), HOUR(99999999999999999999);
SHOW WARNINGS;

-- strings among numbers in GREATEST/LEAST: compared and answered as doubles
SELECT GREATEST('1.5e1x', 1), GREATEST('abc', 1), LEAST('abc', 1, -2.5), GREATEST('10', 9), LEAST('2', 10);
SHOW WARNINGS;
-- text past DBL_MAX read as a number is the largest double
SELECT ABS('1e400'), CEIL('-1e400'), ROUND('1e400', 1), SQRT('1e400'), LN('1e400'), '1e400' + 0;
SHOW WARNINGS;
-- a value that is no date or time is quoted with its bytes outside printable ASCII as \xNN
SELECT DATE('ñandú'), YEAR('a\tb'), TIME_TO_SEC('ñ'), CAST('\t7' AS DATE), CAST(b'101' AS TIME);
SHOW WARNINGS;
-- a number and then a newline: noted, as spaces are
SELECT CAST('7\n' AS DOUBLE), '7\n' + 0, '7\r' * 1;
SHOW WARNINGS;
-- SEC_TO_TIME past TIME's range (a huge number was -838:59:59), text with six decimals
SELECT SEC_TO_TIME('99999999999999999999'), SEC_TO_TIME(-1e30);
SHOW WARNINGS;
SELECT SEC_TO_TIME(3020400), SEC_TO_TIME('.5'), SEC_TO_TIME('3020400'), SEC_TO_TIME('abc');
SHOW WARNINGS;
-- a 0x.. literal in ROUND / TRUNCATE / FLOOR / CEILING is its unsigned integer (X'..' is text)
SELECT ROUND(0x41), FLOOR(0x41), TRUNCATE(0x41, 1), ROUND(0x41, -1), CEIL(x'41'), ROUND(0x4142434445464748494a, 0), ROUND(0xFFFFFFFFFFFFFFFF, -1), CEILING(0x0102);
-- INET_ATON as MariaDB's loop reads it; QUOTE(NULL) is the bytes NULL
SELECT INET_ATON('.5'), INET_ATON('127.1'), INET_ATON('10.0.1'), INET_ATON('1.2.3.4.5'), INET_ATON('1.2.'), INET_ATON(''), INET_ATON('256'), INET_ATON('1..2'), INET_ATON(' 1'), INET_ATON('1.2.3.4.5.6.7.8.9');
SELECT QUOTE(NULL), QUOTE('a'), QUOTE(NULL + 1);
-- text as an integer argument is its leading digits, warned (a column's store rounds instead)
CREATE TABLE ii (v VARCHAR(10));
INSERT INTO ii VALUES ('2.7'), ('1e1'), (' 3 '), ('-1.5'), ('abc'), ('');
SELECT v, LEFT('abcdefghijkl', v), REPEAT('a', v), ELT(v, 'x', 'y', 'z'), SUBSTRING('abcdef', v), LPAD('a', v, '*') FROM ii;
SHOW WARNINGS;

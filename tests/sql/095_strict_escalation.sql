-- A strict INSERT, REPLACE or UPDATE fails on an expression's conversion warning, as
-- MariaDB's abort_on_warning makes it: truncated numbers in VALUES, in INSERT ... SELECT's
-- select list and WHERE, characters CONVERT cannot carry; INSERT IGNORE and a non-strict
-- sql_mode keep them warnings, and CAST(... AS CHAR(n)) never escalates (MariaDB
-- suppresses it for that cast).

CREATE TABLE cw (i INT, s VARCHAR(10), l TEXT CHARACTER SET latin1);
INSERT INTO cw (i) VALUES (CAST('abc' AS SIGNED));
INSERT INTO cw (i) VALUES (CAST(CONCAT('a', 'bc') AS SIGNED));
INSERT INTO cw (i) SELECT CAST('12x' AS SIGNED);
INSERT INTO cw (i) SELECT 1 FROM DUAL WHERE CAST('abc' AS SIGNED) = 0;
INSERT INTO cw (i) VALUES ('5' + 'x');
INSERT INTO cw (l) VALUES (CONVERT('a∑b' USING latin1));
REPLACE INTO cw (i) VALUES (CAST('abc' AS SIGNED));
INSERT INTO cw (s) VALUES (CAST('abcdef' AS CHAR(2)));
INSERT INTO cw (s) VALUES (CAST(CONCAT('abc', 'def') AS CHAR(2)));
INSERT IGNORE INTO cw (i) VALUES (CAST('abc' AS SIGNED));
INSERT IGNORE INTO cw (l) VALUES (CONVERT('a∑b' USING latin1));
UPDATE cw SET s = CAST('abcdef' AS CHAR(3)) WHERE s = 'ab';
UPDATE cw SET i = CAST('abc' AS SIGNED) WHERE i = 0;
UPDATE cw SET l = CONVERT('x∑y' USING latin1) WHERE l = 'a?b';
-- ordered
SELECT i, s, l FROM cw ORDER BY i, s, l;
SET sql_mode = '';
INSERT INTO cw (i) VALUES (CAST('xyz' AS SIGNED));
INSERT INTO cw (l) VALUES (CONVERT('c∑d' USING latin1));
UPDATE cw SET i = CAST('7z' AS SIGNED) WHERE i = 0;
-- ordered
SELECT i, s, l FROM cw ORDER BY i, s, l;
SET sql_mode = DEFAULT;
DROP TABLE cw;

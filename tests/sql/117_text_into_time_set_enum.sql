-- Text stored into TIME, SET and ENUM columns as MariaDB's fields read it.
-- TIME (str_to_datetime_or_date_or_time): trailing letters are cut with 1265 and what the
-- prefix holds is kept ('12abc' is 00:00:12); text of 12 characters or more, or with a
-- 'T', is tried as a datetime first; '2020-13-01' is 00:20:20 (its leading digits as
-- MMSS); a datetime's date or a seventh fraction digit is a Note; beyond 838:59:59 is
-- 1264; strict mode makes each of those but the Notes error 1292. The column's fraction
-- is cut, not rounded. CAST, HOUR() and TIME_TO_SEC() read the same way with 1292
-- "Truncated incorrect time/date/datetime value".
-- SET (find_set): members by name without padding, in definition order and case; an
-- unknown, empty or trailing member dropped with 1265; text naming none read as a bit
-- mask when it is a whole number. ENUM: trailing spaces dropped first, a whole number
-- under six characters counts to a member.

SET sql_mode = '';
CREATE TABLE tt (id INT PRIMARY KEY, a TIME, b TIME(2));
INSERT INTO tt VALUES (1, '12abc', '12abc');
SHOW WARNINGS;
INSERT INTO tt VALUES (2, '2020-13-01', '2020-13-01'), (3, '10:11:12 xyz', '10:11:12 xyz'), (4, '12:30abc', '12:30abc');
SHOW WARNINGS;
INSERT INTO tt VALUES (5, '1 2:3:4x', '1 2:3:4x'), (6, '12.5x', '12.5x'), (7, '-12x', '-12x'), (8, '2020-01-02 abc', '2020-01-02 abc');
SHOW WARNINGS;
INSERT INTO tt VALUES (9, '2020-01-02 10:11:12 abc', '2020-01-02 10:11:12 abc'), (10, 'abc', 'abc'), (11, '', ''), (12, '  5', '5 ');
SHOW WARNINGS;
INSERT INTO tt VALUES (13, '12:61', '99:99:99x'), (14, '1e3', '0x1f'), (15, '12:30:45.123abc', '12:30:45.123abc');
SHOW WARNINGS;
INSERT INTO tt VALUES (16, '838:59:59x', '839:00:00x'), (17, '2020-02-30 10:00:00', '2020-01-02T10:11:12');
SHOW WARNINGS;
INSERT INTO tt VALUES (18, '20200102101112x', '101112x'), (19, '10-11-12', '1:2:3:4'), (20, '-839:00:00', '10:11:12.999999');
SHOW WARNINGS;
INSERT INTO tt VALUES (21, '2020-01-02 10:11:12', '10:11:12.1234567'), (22, '1 11', '111 11'), (23, '4294967296:59:59', '+10:11');
SHOW WARNINGS;
INSERT INTO tt VALUES (24, '- 10:11:12', '10:11:12T'), (25, '100000:02:03', '2011-02-32 8:46:06'), (26, '1e', '12.e5');
SHOW WARNINGS;
INSERT INTO tt VALUES (27, '12:30:', '12::30'), (28, '10:11:12 pm', '1  2:30'), (29, '-2020-01-02 10:11:12', '838:59:59.9999995');
SHOW WARNINGS;
INSERT INTO tt VALUES (30, 101112.5, 101112.99), (31, '1-1-1 x1', '24:02:03'), (32, '-0:00:01', '-0');
SHOW WARNINGS;
SELECT * FROM tt ORDER BY id;
UPDATE tt SET a = '7:8:9 and more' WHERE id = 1;
SHOW WARNINGS;
SELECT a FROM tt WHERE id = 1;
SELECT CAST('12abc' AS TIME), CAST('2020-13-01' AS TIME), CAST('10:11:12 xyz' AS TIME(2)), CAST('1 11' AS TIME);
SHOW WARNINGS;
SELECT CAST('2020-01-02 10:11:12x' AS TIME), CAST('12:61' AS TIME), CAST('1-1-1 x1' AS TIME), CAST('2020-02-30 10:00:00' AS TIME);
SHOW WARNINGS;
SELECT CAST('10:11:12.1234567' AS TIME(6)), CAST('839:00:00x' AS TIME), CAST('0x1f' AS TIME), CAST('' AS TIME);
SHOW WARNINGS;
SELECT HOUR('111 11'), MINUTE('2020-01-02'), SECOND('12::30'), TIME_TO_SEC('1 11'), TIME_TO_SEC('10:11:12.5x');
SHOW WARNINGS;

SET sql_mode = 'STRICT_ALL_TABLES';
INSERT INTO tt VALUES (40, '12abc', NULL);
SHOW WARNINGS;
INSERT INTO tt VALUES (41, '839:00:00', NULL);
SHOW WARNINGS;
INSERT INTO tt VALUES (42, 'abc', NULL);
SHOW WARNINGS;
INSERT INTO tt VALUES (43, '2020-01-02 10:11:12', '10:11:12.1234567');
SHOW WARNINGS;
INSERT INTO tt VALUES (44, '10:11:12T', '2020-01-02 10:11');
SHOW WARNINGS;
INSERT IGNORE INTO tt VALUES (45, '12abc', '2020-13-01');
SHOW WARNINGS;
SELECT * FROM tt WHERE id >= 40 ORDER BY id;

SET sql_mode = '';
CREATE TABLE st (id INT PRIMARY KEY AUTO_INCREMENT, s SET('x', 'y', 'Zz'));
INSERT INTO st (s) VALUES ('z,w'), ('x,w,q'), (3), (7), (8), (-1), (1.5), ('x ,y'), ('x , y'), (' '), ('zz'), ('ZZ,X');
SHOW WARNINGS;
INSERT INTO st (s) VALUES ('0'), ('8'), ('x,zz,'), (','), ('1e0'), (' 3'), ('3 '), ('-0'), (2.7), (-1.5), ('y,x'), ('x,y,x'), (''), ('x,,y');
SHOW WARNINGS;
SELECT id, s, s + 0, LENGTH(s), FIND_IN_SET('y', s) FROM st ORDER BY id;
SELECT id FROM st WHERE s = 'x,y' ORDER BY id;
SELECT s, COUNT(*) FROM st GROUP BY s ORDER BY s;
UPDATE st SET s = 'Y,X' WHERE id = 1;
SELECT s, s + 0 FROM st WHERE id = 1;
SET sql_mode = 'STRICT_ALL_TABLES';
INSERT INTO st (s) VALUES ('x,q');
SHOW WARNINGS;
INSERT INTO st (s) VALUES (8);
SHOW WARNINGS;
INSERT INTO st (s) VALUES ('zz,y');
SELECT s FROM st ORDER BY id DESC LIMIT 1;

SET sql_mode = '';
CREATE TABLE en (id INT PRIMARY KEY AUTO_INCREMENT, e ENUM('x', 'y', 'Zz'));
INSERT INTO en (e) VALUES ('x '), (' x'), ('ZZ'), ('3'), (3), (4), (0), ('0'), ('y,x'), (''), ('2 '), (1.7), ('1e0'), ('+2'), ('-1'), (-1);
SHOW WARNINGS;
SELECT id, e, e + 0 FROM en ORDER BY id;
SET sql_mode = 'STRICT_ALL_TABLES';
INSERT INTO en (e) VALUES ('q');
SHOW WARNINGS;
INSERT INTO en (e) VALUES ('');
SHOW WARNINGS;
INSERT INTO en (e) VALUES (' 2');
SELECT e FROM en ORDER BY id DESC LIMIT 1;

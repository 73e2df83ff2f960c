-- CHECKSUM TABLE gives MariaDB's numbers (handler::calculate_checksum: the CRC-32 of each
-- row's record, summed): every column type in its storage format, NULLs, the NULL
-- bitmap with and without VARCHAR/BLOB columns (the "deleted" bit), QUICK, a missing
-- table, an empty one, rows deleted and updated.
CREATE TABLE ck1 (a INT NOT NULL) ENGINE=InnoDB;
INSERT INTO ck1 VALUES (1), (2), (-7), (2147483647);
CHECKSUM TABLE ck1;
CHECKSUM TABLE ck1 QUICK;
CHECKSUM TABLE ck1 EXTENDED;
CHECKSUM TABLE ck_nope, ck1;
SHOW WARNINGS;
CREATE TABLE ck0 (a INT);
CHECKSUM TABLE ck0;
CREATE TABLE ck2 (t TINYINT, ut TINYINT UNSIGNED, s SMALLINT, m MEDIUMINT, i INT, u INT UNSIGNED, b BIGINT, ub BIGINT UNSIGNED,
  f FLOAT, d DOUBLE, y YEAR, dt DATE, e ENUM('x','y','z'), st SET('a','b','c','d','e','f','g','h','i'));
INSERT INTO ck2 VALUES (-1, 255, -300, -70000, 123456, 4000000000, -5, 18446744073709551615, 1.5, -2.25e10, 2024, '2024-02-29', 'y', 'a,c,i'),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (127, 0, 32767, 8388607, -2147483648, 0, 9223372036854775807, 0, -0.1, 0, 1901, '1000-01-01', 'x', ''),
  (0, 1, 0, 0, 0, 1, 0, 1, 3.4e38, 1e-300, 0, '0000-00-00', '', 'b');
CHECKSUM TABLE ck2;
CREATE TABLE ck3 (a INT NOT NULL, d1 DECIMAL(10,2), d2 DECIMAL(5,0) NOT NULL, d3 DECIMAL(30,12), d4 DECIMAL(65,30), d5 DECIMAL(9,9), d6 DECIMAL(19,1));
INSERT INTO ck3 VALUES (1, 12345678.9, 99999, 123456789012345678.123456789012, 0.5, 0.123456789, -123456789012345678.9),
  (2, -0.01, -1, -1.000000000001, -12345678901234567890123456789012345.123456789012345678901234567890, -0.000000001, 0),
  (3, 0, 0, 0, 0, 0, 1), (4, NULL, 7, NULL, NULL, NULL, NULL);
CHECKSUM TABLE ck3;
CREATE TABLE ck4 (a INT NOT NULL, dt DATETIME, dt3 DATETIME(3), dt6 DATETIME(6), ts TIMESTAMP NULL, ts2 TIMESTAMP(2) NULL,
  tm TIME, tm1 TIME(1), tm4 TIME(4), tm6 TIME(6));
INSERT INTO ck4 VALUES (1, '2024-05-06 07:08:09', '2024-05-06 07:08:09.123', '1999-12-31 23:59:59.999999', '2024-05-06 07:08:09', '2030-01-01 00:00:00.25',
  '12:34:56', '-01:02:03.4', '838:59:59.9999', '-838:59:59.000001'),
  (2, '0000-00-00 00:00:00', NULL, '1000-01-01 00:00:00', NULL, NULL, '00:00:00', '00:00:00.1', '-00:00:00.0001', '00:00:01.5'),
  (3, NULL, '2000-02-29 12:00:00.001', NULL, '1970-01-02 00:00:00', '2038-01-19 03:14:07.99', '-12:00:00', NULL, NULL, NULL);
CHECKSUM TABLE ck4;
CREATE TABLE ck5 (a INT NOT NULL, c CHAR(5), c1 CHAR(1) NOT NULL, cl CHAR(10) CHARACTER SET latin1, bn BINARY(4), v VARCHAR(20),
  vb VARBINARY(10), tx TEXT, bl BLOB, bt BIT(10), b1 BIT(1), j JSON);
INSERT INTO ck5 VALUES (1, 'ab', 'x', 'café', 'ab', 'hello  ', 'x\0y', 'some text', 'blob\0data', b'1010101010', b'1', '{"a": 1}'),
  (2, '', '', '', '', '', '', '', '', b'0', b'0', '[]'),
  (3, NULL, 'é', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (4, 'ÄÖÜ', 'z', 'abc   ', 'abcd', 'ünïcödé', 0x00ff, REPEAT('long ', 300), REPEAT('b', 1000), b'1111111111', b'1', '{"k": [1, 2, 3]}');
CHECKSUM TABLE ck5;
-- without VARCHAR/BLOB: bit 0 of the NULL bitmap is the deleted mark
CREATE TABLE ck6 (a INT, b INT, c INT, d INT, e INT, f INT, g INT, h INT, i INT);
INSERT INTO ck6 VALUES (1,2,3,4,5,6,7,8,9), (NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL), (1,NULL,3,NULL,5,NULL,7,NULL,9);
CHECKSUM TABLE ck6;
CREATE TABLE ck7 (a INT, c CHAR(3), d CHAR(4) NOT NULL);
INSERT INTO ck7 VALUES (1, 'a', 'b'), (NULL, NULL, 'c');
CHECKSUM TABLE ck7;
CHECKSUM TABLE ck1, ck2, ck3, ck4, ck5, ck6, ck7;
-- ENUM and SET values are member numbers and bits, whatever order their texts came in
CREATE TABLE ck8 (e ENUM('p','q','r'), st SET('m','n','o'), e2 ENUM('y','x') NOT NULL);
INSERT INTO ck8 VALUES ('r', 'o,m', 'x'), ('q', 'n', 'y'), ('p', '', 'x'), (NULL, NULL, 'y');
CHECKSUM TABLE ck8;
-- deleted and updated rows, and inside a transaction
DELETE FROM ck1 WHERE a = 2;
UPDATE ck6 SET b = 20 WHERE a = 1;
CHECKSUM TABLE ck1, ck6;
BEGIN;
INSERT INTO ck1 VALUES (99);
CHECKSUM TABLE ck1;
ROLLBACK;
CHECKSUM TABLE ck1;
DROP TABLE ck0, ck1, ck2, ck3, ck4, ck5, ck6, ck7, ck8;

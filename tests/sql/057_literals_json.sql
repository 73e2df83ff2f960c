-- Hexadecimal and bit literals as numbers, JSON values in comparisons, arithmetic
-- and JSON columns, and other type edge cases (known gaps of 013, 021, 022, 042, 090).

-- ===== hexadecimal literals: 0x.. and b'..' are numbers in numeric context, X'..' is not =====
SELECT 0x41 + 0, b'1000001' + 0, 0b11 + 0, 0x4142 + 0, 0xFFFFFFFFFFFFFFFF + 0, 0x1FFFFFFFFFFFFFFFF + 0, X'41' + 0;
SELECT 0x41 * 1.5, 0x41 + 0.0, 0x41 + 0e0, 0x41 - 60, 0x41 * 2.5, 0x41 / 0x02, 0x41 DIV 0x02, 0x41 % 0x07, 7 % 0x41, 0x41 + 0x01;
SELECT -0x41, -0x8000000000000000, -0x0102030405, -b'11', -0xFFFFFFFFFFFFFFFF;
SELECT 0x41 + -66;
SELECT 0x41 - 66;
SELECT CHAR(0x41), CHAR(b'1000001'), CHAR(X'41'), CHAR(0x41, 0x4243), HEX(0x41), LENGTH(0x41), CONCAT(0x41, 1);
SELECT CHAR('65'), CHAR('6x'), CHAR(' 65 '), CHAR('A');
SELECT 0x41 = 65, 0x41 = 'A', 0x41 > 64, 0x41 < '5', 65 IN (0x41, 2), 0x41 IN (65, 2), 'A' IN (0x41), 0x41 BETWEEN 60 AND 70, 0x4142 = 16706, 0x4142 = 'AB';
SELECT X'41' = 65, X'41' = 'A';
SELECT CAST(0x41 AS SIGNED), CAST(0x0102030405 AS UNSIGNED), CAST(0xFFFFFFFFFFFFFFFF AS SIGNED), CAST(0x41 AS DECIMAL), CAST(0x41 AS DOUBLE), CAST(0x41 AS CHAR), CAST(0x41 AS DATE);
SELECT IF(0x41, 'y', 'n'), 0x00 OR 0, NOT 0x41, 0x41 AND 1, 0x41 | 0, 0x41 & 0xFF, 0x41 << 1, ~0x00;
SELECT IF(1, 0x41, 2), COALESCE(0x41, 1), IFNULL(NULL, 0x41) + 0, CASE WHEN 1 THEN 0x41 END + 0, NULLIF(0x41, 1) + 0;
SELECT IF(1, 0x41, 2) + 0, IF(1, 0x41, 'x') + 0, COALESCE(0x41, 1) + 0, CASE WHEN 1 THEN 0x41 ELSE 0x42 END + 0;
SELECT ABS(0x41), GREATEST(0x41, 1), LEAST(0x41, 100), GREATEST(0x41, 'B'), SQRT(0x41);
SET @hx = 0x41;
SELECT @hx = 'A', HEX(@hx), (SELECT 0x41) + 0;
SELECT x + 0 FROM (SELECT 0x41 AS x) d;

CREATE TABLE hx (i INT, u INT UNSIGNED, b BIGINT, d DECIMAL(10,2), f DOUBLE, v VARCHAR(10), e ENUM('a','b'), bu BIGINT UNSIGNED);
INSERT INTO hx (i, u, b, d, f, v) VALUES (0x41, 0x41, 0x41, 0x41, 0x41, 0x41);
INSERT INTO hx (i, u, b, d, f) VALUES (0x0102030405, 0x0102030405, 0x0102030405060708090a, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF);
INSERT INTO hx (b) VALUES (0xFFFFFFFFFFFFFFFF);
INSERT INTO hx (e) VALUES (0x01);
INSERT IGNORE INTO hx (i, u, b, d, f, bu) VALUES (0x0102030405, 0x0102030405, 0x0102030405060708090a, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF);
INSERT INTO hx (i, bu) VALUES (b'101', 0xFFFFFFFFFFFFFFFF);
SELECT * FROM hx ORDER BY i;
SELECT i, v FROM hx WHERE i = 0x41;
SELECT i FROM hx WHERE 0x41 = i;
UPDATE hx SET i = 0x42 WHERE i = 0x41;
SELECT i, u FROM hx WHERE u > 0x40 ORDER BY i;
SELECT i FROM hx WHERE i IN (0x42, 3);
SELECT i FROM hx WHERE i BETWEEN 0x40 AND 0x43;
SELECT i, i = b'101' FROM hx ORDER BY i;
DELETE FROM hx WHERE i = 0x42;
SELECT COUNT(*) FROM hx;

-- ===== WEIGHT_STRING =====
SELECT HEX(WEIGHT_STRING('ab')), HEX(WEIGHT_STRING('a ')), HEX(WEIGHT_STRING('aé')), HEX(WEIGHT_STRING('')), HEX(WEIGHT_STRING(NULL)), WEIGHT_STRING('ab');
SELECT HEX(WEIGHT_STRING('ab' AS CHAR(4))), HEX(WEIGHT_STRING('abcdef' AS CHAR(3))), HEX(WEIGHT_STRING('ab' AS BINARY(4))), WEIGHT_STRING('ab' AS CHAR(3));
SELECT HEX(WEIGHT_STRING('abc' AS BINARY(2)));
SELECT HEX(WEIGHT_STRING('ab' COLLATE utf8mb4_bin)), HEX(WEIGHT_STRING('ab' COLLATE utf8mb4_unicode_520_ci)), HEX(WEIGHT_STRING('ab' COLLATE utf8mb4_unicode_ci)), HEX(WEIGHT_STRING('a😀' COLLATE utf8mb4_unicode_ci)), HEX(WEIGHT_STRING('ab' COLLATE utf8mb4_uca1400_ai_ci));
SELECT HEX(WEIGHT_STRING('ß' COLLATE utf8mb4_unicode_ci)), HEX(WEIGHT_STRING('ßa' COLLATE utf8mb4_unicode_ci)), HEX(WEIGHT_STRING('ß' COLLATE utf8mb4_unicode_ci AS CHAR(1))), HEX(WEIGHT_STRING('ß' COLLATE utf8mb4_unicode_ci AS CHAR(3))), HEX(WEIGHT_STRING('a­b' COLLATE utf8mb4_unicode_ci AS CHAR(3)));
SELECT HEX(WEIGHT_STRING('ßa' COLLATE utf8mb4_general_ci)), HEX(WEIGHT_STRING('a😀' COLLATE utf8mb4_general_ci)), HEX(WEIGHT_STRING('a😀' COLLATE utf8mb4_bin)), HEX(WEIGHT_STRING('a😀' COLLATE utf8mb4_unicode_520_ci)), HEX(WEIGHT_STRING('a😀' COLLATE utf8mb4_uca1400_ai_ci)), HEX(WEIGHT_STRING('中' COLLATE utf8mb4_unicode_520_ci));
SELECT HEX(WEIGHT_STRING(_binary'ab' AS CHAR(4))), HEX(WEIGHT_STRING(_binary'ab')), HEX(WEIGHT_STRING(0x4142)), HEX(WEIGHT_STRING(123)), HEX(WEIGHT_STRING(1.5)), HEX(WEIGHT_STRING('ab' COLLATE utf8mb4_bin AS CHAR(4))), HEX(WEIGHT_STRING(DATE'2020-01-02'));
SELECT HEX(WEIGHT_STRING(CONVERT('aé' USING utf8mb3))), HEX(WEIGHT_STRING(CONVERT('aé' USING utf8mb3) COLLATE utf8mb3_bin)), HEX(WEIGHT_STRING('ch' COLLATE utf8mb4_uca1400_ai_ci)), HEX(WEIGHT_STRING(' a' COLLATE utf8mb4_unicode_520_ci AS CHAR(3)));
SELECT HEX(WEIGHT_STRING('ab' AS CHAR(0)));
SELECT HEX(WEIGHT_STRING('ab' AS BINARY(0)));
SELECT WEIGHT_STRING('a') = WEIGHT_STRING('A'), WEIGHT_STRING('a' COLLATE utf8mb4_bin) = WEIGHT_STRING('A' COLLATE utf8mb4_bin), WEIGHT_STRING('é' COLLATE utf8mb4_unicode_520_ci) = WEIGHT_STRING('E' COLLATE utf8mb4_unicode_520_ci);
CREATE TABLE wsl (id INT PRIMARY KEY, l1 VARCHAR(10) CHARACTER SET latin1, l2 VARCHAR(10) CHARACTER SET latin1 COLLATE latin1_general_ci, l3 VARCHAR(10) CHARACTER SET latin1 COLLATE latin1_bin, a VARCHAR(10) CHARACTER SET ascii, u3 VARCHAR(10) CHARACTER SET utf8mb3);
INSERT INTO wsl VALUES (1, 'aBé', 'aBé', 'aBé', 'aB', 'aBé'), (2, 'Äx', 'Äx', 'Äx', 'x', 'Äx');
SELECT id, HEX(WEIGHT_STRING(l1)), HEX(WEIGHT_STRING(l2)), HEX(WEIGHT_STRING(l3)), HEX(WEIGHT_STRING(a)), HEX(WEIGHT_STRING(u3)), HEX(WEIGHT_STRING(l1 AS CHAR(4))) FROM wsl ORDER BY id;
SELECT id FROM wsl ORDER BY WEIGHT_STRING(u3), id;

-- ===== JSON columns: LONGTEXT with CHECK (json_valid(col)), JSON to the JSON functions =====
CREATE TABLE jc (id INT, j JSON COMMENT 'c', k JSON NOT NULL DEFAULT '[]', j2 LONGTEXT CHECK (json_valid(`j2`)), j3 TEXT CHECK (json_valid(j3)), t TEXT);
SHOW CREATE TABLE jc;
INSERT INTO jc (id, j, j2, j3, t) VALUES (1, '{"a": 1}', '[1]', '"s"', '[2]'), (2, 'true', NULL, '3', 'x');
SELECT id, JSON_ARRAY(j, k, j2, j3, t), JSON_OBJECT('j', j, 't', t), JSON_SET('{}', '$.x', j, '$.y', j3), JSON_INSERT('[]', '$[1]', j2) FROM jc ORDER BY id;
SELECT id, j = 'true', j3 = 's', j + 0 FROM jc ORDER BY id;
INSERT INTO jc (id, j) VALUES (3, 'not json');
INSERT INTO jc (id, j3) VALUES (3, '{"a":');
UPDATE jc SET k = 'x' WHERE id = 1;
UPDATE jc SET k = '{"b": [1, 2]}' WHERE id = 1;
SELECT id, k, JSON_ARRAY(k) FROM jc ORDER BY id;
CREATE TABLE jc2 LIKE jc;
SHOW CREATE TABLE jc2;
-- (on an empty table: pressdb does not count the rows MariaDB's copying ALTER does)
ALTER TABLE jc2 MODIFY k LONGTEXT;
ALTER TABLE jc2 ADD COLUMN n JSON, CHANGE j3 j4 JSON;
SHOW CREATE TABLE jc2;
CREATE TABLE jc3 AS SELECT id, j FROM jc;
SHOW CREATE TABLE jc3;
SELECT JSON_ARRAY(j) FROM jc3 ORDER BY id;

-- ===== JSON_EXTRACT's result: the value it holds as a number, unquoted against a string =====
SELECT JSON_EXTRACT('{"a": "1"}', '$.a') = '1', JSON_EXTRACT('{"a": 1}', '$.a') = '1', JSON_EXTRACT('{"a": [1]}', '$.a') = '[1]', JSON_EXTRACT('{"a": true}', '$.a') = 'true', JSON_EXTRACT('{"a": null}', '$.a') = 'null', JSON_EXTRACT('{"a": "x"}', '$.a') < 'y', JSON_EXTRACT('{"a": "x"}', '$.a') IN ('x', 'z');
SELECT JSON_EXTRACT('{"a": "5x"}', '$.a') + 0, JSON_EXTRACT('{"a": true}', '$.a') + 0, JSON_EXTRACT('{"a": 1.5}', '$.a') + 0, JSON_EXTRACT('{"a": 1.5}', '$.a') * 2, JSON_EXTRACT('{"a": "x"}', '$.a') = 0, JSON_EXTRACT('{"a": 12}', '$.a') = 12, JSON_EXTRACT('{"a": "12"}', '$.a') = 12, CAST(JSON_EXTRACT('{"a": "12"}', '$.a') AS SIGNED);
SELECT JSON_EXTRACT('{"a": "x"}', '$.a'), CONCAT(JSON_EXTRACT('{"a": "x"}', '$.a'), 'y'), JSON_EXTRACT('{"a": "x"}', '$.a') LIKE 'x', JSON_EXTRACT('{"a": 1, "b": 2}', '$.a', '$.b') = '[1, 2]', LENGTH(JSON_EXTRACT('{"a": "x"}', '$.a'));
SELECT JSON_EXTRACT('{"a": [1, 2]}', '$.a') + 0, IF(JSON_EXTRACT('{"a": "0"}', '$.a'), 'y', 'n'), JSON_EXTRACT('{"a": "a\\"b"}', '$.a') = 'a"b', 'x' = JSON_EXTRACT('{"a": "x"}', '$.a'), JSON_EXTRACT('{"a": "X"}', '$.a') = 'x', ABS(JSON_EXTRACT('{"a": "-3"}', '$.a')), JSON_EXTRACT('{"a": "2"}', '$.a') BETWEEN 1 AND 3, JSON_EXTRACT('{"a": false}', '$.a') = 0;
SELECT JSON_EXTRACT('{"a": "x"}', '$.a') = JSON_EXTRACT('{"a": "x"}', '$.a'), JSON_EXTRACT('{"a": 1}', '$.a') = JSON_EXTRACT('{"a": "1"}', '$.a'), JSON_EXTRACT('{"a": "1"}', '$.a') = JSON_EXTRACT('{"a": 1}', '$.a');
CREATE TABLE jx (id INT, doc TEXT);
INSERT INTO jx VALUES (1, '{"s": "publish", "n": "5"}'), (2, '{"s": "draft", "n": 7}');
SELECT id, JSON_EXTRACT(doc, '$.s') = 'publish', JSON_EXTRACT(doc, '$.n') + 1, JSON_EXTRACT(doc, '$.n') > 6 FROM jx ORDER BY id;
SELECT id FROM jx WHERE JSON_EXTRACT(doc, '$.s') = 'draft';
SELECT id FROM jx WHERE JSON_EXTRACT(doc, '$.n') = 5;
SELECT x = 'a' FROM (SELECT JSON_EXTRACT('{"a":"a"}', '$.a') x) d;
SELECT id, x = 'draft' FROM (SELECT id, JSON_EXTRACT(doc, '$.s') x FROM jx) d ORDER BY id;
SELECT x + 0 FROM (SELECT 0x41 AS x FROM jx) d;

-- ===== 1690 messages quote the expression as MariaDB prints it =====
CREATE TABLE nb (i BIGINT, u BIGINT UNSIGNED, d DOUBLE);
INSERT INTO nb VALUES (-9223372036854775808, 18446744073709551615, 1e308);
SELECT -i FROM nb;
SELECT -(i + 0) FROM nb;
SELECT ABS(i) FROM nb;
SELECT abs(i + 0) FROM nb;
SELECT -u FROM nb;
SELECT - -i FROM nb;
SELECT EXP(d) FROM nb;
SELECT x.i * 2 FROM nb x;
SELECT ABS(x.i) FROM nb x;
SELECT -(i * 1) FROM nb;
SELECT POW(d, 2) FROM nb;
SELECT -i FROM nb WHERE i < 0 AND -i > 0;

-- ===== a number with spaces after it into a number column: Note 1265 when it fits =====
CREATE TABLE sp (i INT, d DECIMAL(5,2), f DOUBLE, b BIGINT UNSIGNED, y YEAR, t TINYINT);
INSERT INTO sp (i) VALUES ('42 ');
INSERT INTO sp (i) VALUES (' 42');
INSERT INTO sp (i) VALUES ('42	');
INSERT INTO sp (d) VALUES ('1.5 ');
INSERT INTO sp (f) VALUES ('1.5 ');
INSERT INTO sp (b) VALUES ('7 ');
INSERT INTO sp (i) VALUES ('1.4 ');
INSERT INTO sp (i) VALUES ('1e1 ');
INSERT INTO sp (y) VALUES ('2020 ');
INSERT INTO sp (i) VALUES ('-3 '), ('4  ');
UPDATE sp SET i = '5 ' WHERE i = 42;
INSERT INTO sp (i) VALUES ('12x ');
INSERT INTO sp (f) VALUES ('1e1 ');
INSERT IGNORE INTO sp (t) VALUES ('300 ');
INSERT INTO sp (t) VALUES ('300 ');
INSERT INTO sp (i) VALUES ('  ');
INSERT IGNORE INTO sp (t) VALUES ('300.5 ');
INSERT IGNORE INTO sp (b) VALUES ('-1 ');
INSERT IGNORE INTO sp (y) VALUES ('1800 ');
SELECT * FROM sp ORDER BY i, d, f, b, y, t;

-- ===== a string constant compared with a number or a date is converted once (warnings once) =====
CREATE TABLE cv (id INT PRIMARY KEY, n INT, d DATE, dt DATETIME, KEY (dt));
INSERT INTO cv VALUES (1, 1, '2023-01-01', '2023-01-01 10:00:00'), (2, 2, '2023-05-01', '2023-05-01 00:00:00'), (3, 3, NULL, NULL);
SELECT id FROM cv WHERE n < '5x' ORDER BY id;
SELECT id FROM cv WHERE id + 0 < '5x' ORDER BY id;
SELECT id, n < '2x', n = '2.0x' FROM cv ORDER BY id;
SELECT id FROM cv WHERE n < '1e400' ORDER BY id;
SELECT id FROM cv WHERE n <= '1e81' ORDER BY id;
SELECT id FROM cv WHERE n > '-1e81' ORDER BY id;
SELECT id FROM cv WHERE n + 0.5 < ' 1e400 ' ORDER BY id;
SELECT id FROM cv WHERE n + 1e0 < '1e400' ORDER BY id;
SELECT 1 < '1e81', 1 < '-1e81', 1 < '1e-400', 1 < '1e400x', 1e0 < '1e400';
SELECT id FROM cv WHERE d > '2023-03' ORDER BY id;
SELECT id FROM cv WHERE dt > '2023-03' ORDER BY id;
SELECT id FROM cv WHERE d = '2023-01-01 00:00:00';
SELECT id FROM cv WHERE dt < '2023-02-01' ORDER BY id;
SELECT id, d < '2023-13-01' FROM cv ORDER BY id;
SELECT id FROM cv WHERE d > 'abc' ORDER BY id;

-- ===== year and month intervals past BIGINT: MariaDB's wrapping arithmetic, 1916 on overflow =====
SELECT DATE_ADD('2023-01-31', INTERVAL 9223372036854775807 YEAR), DATE_ADD('2023-01-31 10:00:00', INTERVAL 9223372036854775807 YEAR), TIMESTAMPADD(YEAR, 9223372036854775807, '2023-01-31');
SELECT DATE_SUB('2023-01-31', INTERVAL 9223372036854775807 MONTH);
SELECT DATE_ADD('2023-01-31', INTERVAL 18446744073709551615 YEAR), DATE_ADD('2023-01-31', INTERVAL 18446744073709551615 MONTH);
SELECT DATE_ADD('2023-01-31', INTERVAL 1537228672809129302 YEAR);
SELECT DATE_ADD('2023-01-31', INTERVAL 99999999999999999999 YEAR);
SELECT DATE_ADD('2023-01-31', INTERVAL -9223372036854775808 YEAR);
SELECT DATE_ADD('2023-01-31', INTERVAL '9223372036854775807-11' YEAR_MONTH);
SELECT DATE_ADD('2023-01-31', INTERVAL '99999999999999999999-1' YEAR_MONTH);
SELECT DATE_ADD('2023-01-31', INTERVAL 768614336404564651 YEAR), DATE_ADD('2023-01-31', INTERVAL -768614336404564651 YEAR);
SELECT DATE_ADD('2024-02-29', INTERVAL 4294967297 YEAR), DATE_ADD('2024-02-29', INTERVAL 4294967296 YEAR), DATE_ADD('2023-01-31', INTERVAL -2023 YEAR), DATE_ADD('2023-01-31', INTERVAL -2024 YEAR), DATE_ADD('2023-03-31', INTERVAL '-1-1' YEAR_MONTH);
SELECT DATE_ADD('2023-01-31', INTERVAL 1e30 YEAR), DATE_ADD('2023-01-31', INTERVAL -99999999999999999999 MONTH), DATE_ADD('2023-01-31', INTERVAL 6148914691236517205 QUARTER);

-- ===== IN: a list of only strings against a number is read once, up front =====
SELECT id FROM cv WHERE n IN ('1', '3x') ORDER BY id;
SELECT id FROM cv WHERE n IN ('1x', '3x', 'y') ORDER BY id;
SELECT id FROM cv WHERE n NOT IN ('1x', '3x') ORDER BY id;
SELECT 1 IN ('1', 'x'), 2 IN ('1', 'x', NULL);
SELECT id FROM cv WHERE n IN ('2', 2);
SELECT id, n IN ('2x', '3') FROM cv ORDER BY id;
SELECT id FROM cv WHERE n = '2x' OR n = '3y' ORDER BY id;
SELECT id FROM cv WHERE n IN (1, '3x', 1e300) ORDER BY id;
SELECT id FROM cv WHERE d IN ('2023-01-01', '2023-13-01') ORDER BY id;

-- thai_520_w2 (utf8mb3, utf8mb4, ucs2, utf16, utf32): UCA 5.2.0 with Thai's prevowels
-- weighed after the consonant they precede, compared on two levels (accents count,
-- case does not). Dumps made with phpMyAdmin's Thai default carry it. tests/collation/run.py
-- compares order, grouping and LIKE on a corpus; this file the statements around them.
SHOW COLLATION LIKE '%thai%';
SELECT COLLATION_NAME, ID, SORTLEN FROM information_schema.COLLATIONS WHERE COLLATION_NAME LIKE '%thai%' ORDER BY ID;
SELECT * FROM information_schema.COLLATION_CHARACTER_SET_APPLICABILITY WHERE COLLATION_NAME LIKE '%thai_520%' ORDER BY ID;
SELECT HEX(WEIGHT_STRING(_utf8mb4'เก' COLLATE utf8mb4_thai_520_w2)), HEX(WEIGHT_STRING(_utf8mb4'กเ' COLLATE utf8mb4_thai_520_w2)), HEX(WEIGHT_STRING(_utf8mb4'a ' COLLATE utf8mb4_thai_520_w2)), HEX(WEIGHT_STRING(_utf8mb4'á' COLLATE utf8mb4_thai_520_w2 AS CHAR(3)));
SELECT _utf8mb4'a' COLLATE utf8mb4_thai_520_w2 = 'a  ', _utf8mb4'a' COLLATE utf8mb4_thai_520_w2 LIKE 'á', _utf8mb4'a' COLLATE utf8mb4_thai_520_w2 = 'A', _utf8mb4'a' COLLATE utf8mb4_thai_520_w2 = 'á', _utf8mb4'เก' COLLATE utf8mb4_thai_520_w2 = 'กเ';
SELECT _utf8mb4'เกข' COLLATE utf8mb4_thai_520_w2 LIKE 'เก%', _utf8mb4'เกข' COLLATE utf8mb4_thai_520_w2 LIKE 'เ%', _utf8mb4'เกข' COLLATE utf8mb4_thai_520_w2 LIKE '%ก%', _utf8mb4'เกข' COLLATE utf8mb4_thai_520_w2 LIKE '_ข', _utf8mb4'ÀB' COLLATE utf8mb4_thai_520_w2 LIKE 'àb';
SELECT COLLATION(CONVERT('x' USING ucs2) COLLATE ucs2_thai_520_w2), COERCIBILITY(_utf8mb4'x' COLLATE utf8mb4_thai_520_w2), COLLATION(CONVERT('x' USING utf32) COLLATE utf32_thai_520_w2);
SELECT _utf8mb4'x' COLLATE utf8mb3_thai_520_w2;
CREATE TABLE th (id INT PRIMARY KEY, a VARCHAR(20), KEY (a)) COLLATE utf8mb4_thai_520_w2;
SHOW CREATE TABLE th;
INSERT INTO th VALUES (1, 'เกา'), (2, 'กา'), (3, 'แก'), (4, 'ขา'), (5, 'เข'), (6, 'a'), (7, 'á'), (8, 'A'), (9, 'b'), (10, 'ก'), (11, 'เ'), (12, 'กเ'), (13, 'เก'), (14, 'ไก่'), (15, 'ใจ'), (16, 'โต'), (17, 'à '), (18, 'ก่'), (19, 'ก้');
SELECT id, a, HEX(WEIGHT_STRING(a)) FROM th ORDER BY a, id;
SELECT GROUP_CONCAT(id ORDER BY id), MIN(a) FROM th GROUP BY a ORDER BY a;
SELECT COUNT(DISTINCT a) FROM th;
SELECT id FROM th WHERE a = 'กเ' ORDER BY id;
SELECT id FROM th WHERE a LIKE 'เ%' ORDER BY id;
SELECT id FROM th WHERE a > 'ก' AND a < 'ข' ORDER BY a, id;
SELECT UPPER(a), LOWER(a), CHAR_LENGTH(a), LENGTH(a) FROM th ORDER BY id;
CREATE TABLE th2 (a VARCHAR(10) CHARACTER SET ucs2 COLLATE ucs2_thai_520_w2, b TEXT CHARACTER SET utf16 COLLATE utf16_thai_520_w2);
INSERT INTO th2 SELECT a, a FROM th;
SELECT a, b FROM th2 ORDER BY a, b;
SELECT a FROM th2 ORDER BY b DESC, a;
DROP TABLE th, th2;

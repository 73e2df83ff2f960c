-- The multi-byte East Asian character sets (big5, ujis, sjis, euckr, gb2312, gbk, cp932,
-- eucjpms): columns, conversion from text and from bytes (ill-formed ones become '?'),
-- lengths, case, weights, order, grouping and LIKE by their collations, and the lists
-- of character sets and collations. (tests/collation/run.py compares their order on a
-- large corpus; test_east_asian_client.py talks to the server in them.)
SHOW CHARACTER SET WHERE Maxlen > 1 AND Charset NOT LIKE 'utf%' AND Charset <> 'ucs2';
SHOW COLLATION WHERE Charset IN ('big5', 'ujis', 'sjis', 'euckr', 'gb2312', 'gbk', 'cp932', 'eucjpms');
SELECT COLLATION_NAME, CHARACTER_SET_NAME, ID, IS_DEFAULT, SORTLEN FROM information_schema.COLLATIONS WHERE CHARACTER_SET_NAME IN ('gbk', 'eucjpms') ORDER BY ID;
CREATE TABLE ea (id INT PRIMARY KEY, b VARCHAR(10) CHARACTER SET big5, j VARCHAR(10) CHARACTER SET ujis, s VARCHAR(10) CHARACTER SET sjis,
  k VARCHAR(10) CHARACTER SET euckr, g VARCHAR(10) CHARACTER SET gb2312, x VARCHAR(10) CHARACTER SET gbk, c VARCHAR(10) CHARACTER SET cp932,
  e VARCHAR(10) CHARACTER SET eucjpms, bb VARCHAR(10) CHARACTER SET big5 COLLATE big5_bin, KEY (b), KEY (x));
SHOW CREATE TABLE ea;
SELECT COLUMN_NAME, CHARACTER_MAXIMUM_LENGTH, CHARACTER_OCTET_LENGTH, CHARACTER_SET_NAME, COLLATION_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_NAME = 'ea' ORDER BY ORDINAL_POSITION;
INSERT INTO ea VALUES (1, '中文', '日本語', '日本語', '한국어', '中文', '中文', '日本語', '日本語', '中文'),
  (2, 'abc', 'abc', 'abc', 'abc', 'abc', 'abc', 'abc', 'abc', 'abc'),
  (3, 'ABC', 'ABC', 'ABC', 'ABC', 'ABC', 'ABC', 'ABC', 'ABC', 'ABC'),
  (4, '一二三', 'ｱｲｳ', 'ｱｲｳ', '가나다', '一二三', '一二三', 'ｱｲｳ', 'ｱｲｳ', '一二三'),
  (5, 'ΑΒΓ', 'ΑΒΓ', 'ΑΒΓ', 'ΑΒΓ', 'ΑΒΓ', 'ΑΒΓ', 'ΑΒΓ', 'ΑΒΓ', 'ΑΒΓ'),
  (6, 'αβγ', 'αβγ', 'αβγ', 'αβγ', 'αβγ', 'αβγ', 'αβγ', 'αβγ', 'αβγ'),
  (7, 'ａｂｃ', 'ＡＢＣ', 'ａｂｃ', 'ＡＢＣ', 'ａｂｃ', 'ＡＢＣ', 'ａｂｃ', 'ＡＢＣ', 'ａｂｃ'),
  (8, 'abc ', 'abc  ', 'abc ', 'abc ', 'abc ', 'abc ', 'abc ', 'abc ', 'abc '),
  (9, '丁', '漢字', '漢字', '漢字', '丁', '丁', '漢字', '漢字', '丁'),
  (10, 'Бв', 'Бв', 'Бв', 'Бв', 'Бв', 'Бв', 'Бв', 'Бв', 'Бв');
SELECT id, HEX(b), HEX(j), HEX(s), HEX(k), HEX(g), HEX(x), HEX(c), HEX(e) FROM ea ORDER BY id;
SELECT id, LENGTH(b), CHAR_LENGTH(b), LENGTH(j), CHAR_LENGTH(j), LENGTH(s), LENGTH(k), LENGTH(g), LENGTH(x), LENGTH(c), LENGTH(e) FROM ea ORDER BY id;
SELECT id, UPPER(b), LOWER(j), UPPER(s), LOWER(k), UPPER(g), LOWER(x), UPPER(c), LOWER(e) FROM ea ORDER BY id;
SELECT id, HEX(WEIGHT_STRING(b)), HEX(WEIGHT_STRING(j)), HEX(WEIGHT_STRING(x)), HEX(WEIGHT_STRING(bb)), HEX(WEIGHT_STRING(s AS CHAR(5))) FROM ea ORDER BY id;
SELECT id, b FROM ea ORDER BY b, id;
SELECT id, j FROM ea ORDER BY j, id;
SELECT id, s FROM ea ORDER BY s, id;
SELECT id, k FROM ea ORDER BY k, id;
SELECT id, g FROM ea ORDER BY g, id;
SELECT id, x FROM ea ORDER BY x, id;
SELECT id, c FROM ea ORDER BY c, id;
SELECT id, e FROM ea ORDER BY e, id;
SELECT id, bb FROM ea ORDER BY bb, id;
SELECT id, b FROM ea ORDER BY b DESC, id LIMIT 3;
-- big5_chinese_ci: a filesort orders by WEIGHT_STRING (a stroke order), = and < and a key by code
SELECT id, b, j FROM ea ORDER BY b, id;
SELECT id, b, j FROM ea ORDER BY b DESC, id LIMIT 4;
SELECT id, CONCAT(b, '') AS c FROM ea ORDER BY c, id;
SELECT id, b FROM ea WHERE b > '一' ORDER BY id;
SELECT b, COUNT(*) FROM ea GROUP BY b ORDER BY b;
SELECT x, COUNT(*) FROM ea GROUP BY x ORDER BY x;
SELECT COUNT(DISTINCT b), COUNT(DISTINCT j), COUNT(DISTINCT s), COUNT(DISTINCT bb), COUNT(DISTINCT c) FROM ea;
SELECT id FROM ea WHERE b = 'ABC' ORDER BY id;
SELECT id FROM ea WHERE bb = 'abc' ORDER BY id;
SELECT id FROM ea WHERE x = 'abc' ORDER BY id;
SELECT id FROM ea WHERE j LIKE 'a%' ORDER BY id;
SELECT id FROM ea WHERE s LIKE '%Ｂ%' ORDER BY id;
SELECT id FROM ea WHERE c LIKE '_ｂ_' ORDER BY id;
SELECT id FROM ea WHERE b LIKE '中%' ORDER BY id;
SELECT id FROM ea WHERE k LIKE '%나%' ORDER BY id;
SELECT id FROM ea WHERE x > '一' ORDER BY id;
SELECT id FROM ea WHERE b BETWEEN 'a' AND '丁' ORDER BY id;
SELECT a.id, b.id FROM ea a JOIN ea b ON a.x = b.b ORDER BY a.id, b.id;
SELECT id, b FROM ea WHERE b IN ('中文', 'abc') ORDER BY id;
SELECT MIN(b), MAX(b), MIN(x), MAX(x), MIN(j), MAX(j) FROM ea;
SELECT GROUP_CONCAT(b ORDER BY b SEPARATOR '|'), GROUP_CONCAT(s ORDER BY s DESC SEPARATOR '|') FROM ea;
-- a character the charset lacks: 1366 in a strict mode, '?' without
INSERT INTO ea (id, b) VALUES (20, 'é');
INSERT INTO ea (id, s) VALUES (21, '中€');
SET sql_mode = '';
INSERT INTO ea (id, b, j, s) VALUES (22, 'aé', '€', '한');
SHOW WARNINGS;
SELECT id, b, j, s, HEX(b), HEX(j), HEX(s) FROM ea WHERE id = 22;
-- bytes into such a column are read in its charset; an ill-formed start is '?'
INSERT INTO ea (id, b, j, x) VALUES (23, X'A440A4A4', X'8FB0A1A4A2', X'D6D0CEC4');
INSERT INTO ea (id, b, j, x) VALUES (24, X'A4408140', X'8FA2', X'FF41');
SHOW WARNINGS;
SELECT id, b, x, j, HEX(b), HEX(x), HEX(j) FROM ea WHERE id IN (23, 24) ORDER BY id;
SET sql_mode = DEFAULT;
INSERT INTO ea (id, b) VALUES (25, X'8140');
-- CONVERT and CAST, from text and from bytes
SELECT HEX(CONVERT('中文' USING big5)), HEX(CONVERT('中文' USING gbk)), HEX(CONVERT('中文' USING gb2312)), HEX(CONVERT('日本' USING sjis)), HEX(CONVERT('日本' USING ujis)), HEX(CONVERT('日本' USING cp932)), HEX(CONVERT('한국' USING euckr)), HEX(CONVERT('日本' USING eucjpms));
SELECT HEX(CONVERT('é' USING ujis)), LENGTH(CONVERT('é' USING ujis)), HEX(CONVERT('é€' USING big5)), HEX(CAST('中' AS CHAR CHARACTER SET gbk)), HEX(CAST('中文字' AS CHAR(2) CHARACTER SET big5));
SHOW WARNINGS;
SELECT CONVERT(X'A440' USING big5), HEX(CONVERT(CONVERT(X'A440' USING big5) USING utf8mb4)), CONVERT(X'D6D0' USING gbk), CONVERT(X'93FA' USING sjis), CONVERT(X'8FB0A1' USING ujis);
SELECT HEX(CONVERT(X'8140A440' USING big5));
SHOW WARNINGS;
SELECT HEX(CONVERT(X'A4' USING big5)), HEX(CONVERT(X'8FA2AF41' USING ujis)), HEX(CONVERT(X'8EB1' USING ujis)), HEX(CONVERT(X'FF' USING gbk));
SHOW WARNINGS;
SELECT HEX(CONVERT(CONVERT('中文' USING binary) USING big5)), CONVERT(CONVERT('中文' USING big5) USING binary) = X'A4A4A4E5';
SELECT _big5 X'A440' < _big5 X'C940', STRCMP(_gbk X'B0A1', _gbk X'8140'), _sjis X'B1' < _sjis X'82A0', _ujis X'A4A2' = _ujis X'A4A2';
SELECT CHARSET(_ujis 'x'), COLLATION(_big5 'x'), COLLATION(CONVERT('x' USING sjis)), CHARSET(CAST('x' AS CHAR CHARACTER SET euckr));
SELECT CONVERT('abc' USING big5) COLLATE big5_bin = 'ABC', CONVERT('abc ' USING big5) = 'ABC', CONVERT('abc ' USING big5) COLLATE big5_chinese_nopad_ci = 'ABC';
SELECT CONVERT('a' USING big5_bin);
SELECT HEX(CONVERT(X'E9' USING latin1)), CONVERT(X'E9' USING latin1), CONVERT(X'C0' USING koi8r);
SELECT UPPER(CONVERT('ａｂｃ' USING ujis)), LOWER(CONVERT('ＡＢＣ' USING sjis)), UPPER(CONVERT('абв' USING gbk)), LOWER(CONVERT('ΑΒΓ' USING big5));
SELECT HEX(WEIGHT_STRING(CONVERT('aＡ中' USING ujis))), HEX(WEIGHT_STRING(CONVERT('a中' USING big5) AS CHAR(4))), HEX(WEIGHT_STRING(CONVERT('a中' USING big5) COLLATE big5_bin));
CREATE TABLE ea_ws AS SELECT WEIGHT_STRING(CONVERT('a中' USING big5) AS CHAR(4)) w, WEIGHT_STRING(CONVERT('a中' USING ujis)) v, CONVERT('中' USING gbk) g;
SHOW CREATE TABLE ea_ws;
DROP TABLE ea_ws;
-- a table in such a charset, and text longer than the column
CREATE TABLE ea_t (a VARCHAR(3), b TEXT) CHARACTER SET big5;
SHOW CREATE TABLE ea_t;
INSERT INTO ea_t VALUES ('中文字', '中文');
INSERT INTO ea_t VALUES ('中文字a', '');
SELECT a, b, LENGTH(a), LENGTH(b) FROM ea_t;
ALTER TABLE ea_t MODIFY a VARCHAR(3) CHARACTER SET gbk;
SELECT a, HEX(a) FROM ea_t;
ALTER TABLE ea_t CONVERT TO CHARACTER SET utf8mb4;
SELECT a, HEX(a), b FROM ea_t;
DROP TABLE ea_t;
DROP TABLE ea;
-- tis620 (single-byte): tis620_thai_ci weighs a string with its leading vowels after the
-- consonant and its tone marks at the end; the NO PAD one stops at a zero byte
CREATE TABLE th (id INT PRIMARY KEY, s VARCHAR(20) CHARACTER SET tis620, n VARCHAR(20) CHARACTER SET tis620 COLLATE tis620_thai_nopad_ci, KEY (s));
INSERT INTO th VALUES (1, 'กา', 'กา'), (2, 'เก', 'เก'), (3, 'ก่', 'ก่'), (4, 'ก่า', 'ก่า'), (5, 'กา่', 'กา่'), (6, 'เก่', 'เก่'),
  (7, 'A่', 'A่'), (8, '่่', '่่'), (9, 'ก่ ', 'ก่ '), (10, 'กข', 'กข'), (11, 'ab', 'ab'), (12, 'AB ', 'AB '), (13, 'ไทย', 'ไทย'), (14, 'ภาษา', 'ภาษา');
SELECT id, HEX(s), HEX(WEIGHT_STRING(s)), HEX(WEIGHT_STRING(n)), UPPER(s), LENGTH(s) FROM th ORDER BY id;
SELECT id, s FROM th ORDER BY s, id;
SELECT id, n FROM th ORDER BY n, id;
SELECT s, COUNT(*) FROM th GROUP BY s ORDER BY s;
SELECT COUNT(DISTINCT s), COUNT(DISTINCT n) FROM th;
SELECT id FROM th WHERE s = 'ก่' ORDER BY id;
SELECT id FROM th WHERE s = 'ab' ORDER BY id;
SELECT id FROM th WHERE s LIKE 'ก%' ORDER BY id;
SELECT CONVERT('ก่' USING tis620) = CONVERT('ก่ ' USING tis620), _tis620 x'A1E8' = _tis620 x'A1E820', _tis620 'a' LIKE _tis620 'A', STRCMP(CONVERT('ab' USING tis620) COLLATE tis620_thai_nopad_ci, 'ab ');
SELECT HEX(CONVERT('ภาษาไทย' USING tis620)), CONVERT(X'C0D2C9D2E4B7C2' USING tis620), HEX(WEIGHT_STRING(CONVERT('เก่' USING tis620) AS CHAR(5)));
DROP TABLE th;

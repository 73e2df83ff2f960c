-- The single-byte character sets (koi8r, cp1251, latin2, hebrew, greek, ...): columns,
-- conversion, the client's own charset, order and grouping by their collations, and the
-- lists of character sets and collations. (tests/collation/run.py compares every
-- collation on a large corpus; this file the statements around them.)
SHOW CHARACTER SET WHERE Maxlen = 1;
SHOW CHARACTER SET LIKE 'cp12%';
SELECT * FROM information_schema.CHARACTER_SETS WHERE CHARACTER_SET_NAME IN ('koi8r', 'cp1251', 'latin2', 'hebrew', 'greek', 'swe7') ORDER BY 1;
SHOW COLLATION LIKE 'cp1251%';
SHOW COLLATION WHERE Charset = 'latin1';
SELECT COLLATION_NAME, ID, IS_DEFAULT, SORTLEN FROM information_schema.COLLATIONS WHERE CHARACTER_SET_NAME IN ('koi8r', 'latin7', 'macce');
CREATE TABLE cs_ru (id INT PRIMARY KEY, k VARCHAR(20) CHARACTER SET koi8r, w VARCHAR(20) CHARACTER SET cp1251 COLLATE cp1251_general_cs,
  u VARCHAR(20) CHARACTER SET cp1251 COLLATE cp1251_ukrainian_ci, KEY (k));
INSERT INTO cs_ru VALUES (1, 'Привет', 'Привет', 'Привет'), (2, 'привет', 'привет', 'привет'), (3, 'ёлка', 'ёлка', 'ёлка'),
  (4, 'Ёж', 'Ёж', 'Ёж'), (5, 'елка', 'елка', 'елка'), (6, 'Їжак', 'Їжак', 'Їжак'), (7, 'иволга', 'иволга', 'іволга'), (8, 'ПРИВЕТ ', 'ПРИВЕТ ', 'ПРИВЕТ ');
SHOW CREATE TABLE cs_ru;
SELECT id, k, HEX(k), LENGTH(k), CHAR_LENGTH(k), UPPER(k), LOWER(k), HEX(WEIGHT_STRING(k)) FROM cs_ru ORDER BY id;
SELECT id, k FROM cs_ru ORDER BY k, id;
SELECT id, w FROM cs_ru ORDER BY w, id;
SELECT id, u FROM cs_ru ORDER BY u, id;
SELECT k, COUNT(*) FROM cs_ru GROUP BY k ORDER BY k;
SELECT w, COUNT(*) FROM cs_ru GROUP BY w ORDER BY w;
SELECT COUNT(DISTINCT k), COUNT(DISTINCT w), COUNT(DISTINCT u) FROM cs_ru;
SELECT id FROM cs_ru WHERE k = 'привет' ORDER BY id;
SELECT id FROM cs_ru WHERE w = 'привет' ORDER BY id;
SELECT id FROM cs_ru WHERE k LIKE 'ПР%' ORDER BY id;
SELECT id FROM cs_ru WHERE k LIKE '%_ка' ORDER BY id;
SELECT id FROM cs_ru WHERE w LIKE 'пр%' ORDER BY id;
SELECT id FROM cs_ru WHERE k > 'ж' ORDER BY id;
SELECT id, k FROM cs_ru WHERE k BETWEEN 'е' AND 'и' ORDER BY k, id;
-- a character the column's charset lacks: 1366 in a strict mode, '?' with a warning without
INSERT INTO cs_ru VALUES (9, '日本', 'a', 'a');
INSERT INTO cs_ru VALUES (9, 'a', 'ß', 'a');
SET sql_mode = '';
INSERT INTO cs_ru VALUES (9, 'x日本', 'ßx', 'ẞ');
SHOW WARNINGS;
SELECT k, w, u, HEX(k), HEX(w) FROM cs_ru WHERE id = 9;
SET sql_mode = DEFAULT;
-- a literal the column's charset cannot hold: an illegal mix of collations
SELECT id FROM cs_ru WHERE k = '日本';
SELECT id FROM cs_ru WHERE '日本' = k;
SELECT id FROM cs_ru WHERE k LIKE '%日%';
SELECT id FROM cs_ru WHERE k <> 'é';
SELECT id FROM cs_ru WHERE k = 'елка' ORDER BY id;
-- conversion
SELECT CONVERT('Привет' USING koi8r), HEX(CONVERT('Привет' USING koi8r)), HEX(CONVERT('Привет' USING cp1251)), HEX(CONVERT('Привет' USING cp866));
SELECT HEX(CONVERT('żółć' USING latin2)), HEX(CONVERT('żółć' USING cp1250)), HEX(CONVERT('Ωμέγα' USING greek)), HEX(CONVERT('שלום' USING hebrew));
SELECT CONVERT('żółć Ω' USING latin2), HEX(CONVERT('€' USING latin1)), HEX(CONVERT('€' USING latin2));
SHOW WARNINGS;
SELECT CONVERT(_latin1 X'E9' USING utf8mb4), CONVERT(CONVERT('ÿ' USING koi8r) USING utf8mb4);
SELECT CHARSET(CONVERT('a' USING cp1251)), COLLATION(CONVERT('a' USING cp1251)), COLLATION(CONVERT('a' USING latin5));
SELECT CAST('Привет' AS CHAR CHARACTER SET koi8r) = 'ПРИВЕТ';
SELECT 'ä' = 'ae' COLLATE latin1_german2_ci, 'ä' = 'a' COLLATE latin1_german2_ci, 'ß' = 'ss' COLLATE latin1_german2_ci;
SELECT CONVERT('Straße' USING latin1) COLLATE latin1_german2_ci = 'STRASSE', HEX(WEIGHT_STRING(CONVERT('Müßig' USING latin1) COLLATE latin1_german2_ci));
SELECT 'a' = 'A' COLLATE latin1_general_cs, 'a' = 'A' COLLATE latin1_general_ci, 'ı' = 'I' COLLATE utf8mb4_general_ci;
SELECT CONVERT('ı' USING latin5) = CONVERT('i' USING latin5), UPPER(CONVERT('i' USING latin5)), LOWER(CONVERT('İ' USING latin5));
-- other charsets' columns and their collations
CREATE TABLE cs_eu (id INT PRIMARY KEY, a VARCHAR(20) CHARACTER SET latin2, b VARCHAR(20) CHARACTER SET latin2 COLLATE latin2_hungarian_ci,
  c VARCHAR(20) CHARACTER SET latin1 COLLATE latin1_german2_ci, d VARCHAR(20) CHARACTER SET latin1 COLLATE latin1_spanish_ci,
  e VARCHAR(20) CHARACTER SET latin7 COLLATE latin7_estonian_cs, f VARCHAR(20) CHARACTER SET cp1250 COLLATE cp1250_polish_ci);
INSERT INTO cs_eu VALUES (1, 'Łódź', 'öröm', 'Müller', 'ñandú', 'šokk', 'żaba'), (2, 'Lodz', 'orom', 'Mueller', 'nandu', 'sokk', 'zaba'),
  (3, 'łódź', 'Öröm', 'Muller', 'Ñandú', 'Šokk', 'źrebię'), (4, 'Zürich', 'ütő', 'Mädchen', 'llama', 'zebra', 'łąka'),
  (5, 'Ärger', 'Ärger', 'Maedchen', 'luz', 'õun', 'lato'), (6, 'ärger', 'arger', 'Madchen', 'chico', 'ähm', 'ćma');
SELECT id, a FROM cs_eu ORDER BY a, id;
SELECT id, b FROM cs_eu ORDER BY b, id;
SELECT id, c FROM cs_eu ORDER BY c, id;
SELECT id, d FROM cs_eu ORDER BY d, id;
SELECT id, e FROM cs_eu ORDER BY e, id;
SELECT id, f FROM cs_eu ORDER BY f, id;
SELECT c, COUNT(*) FROM cs_eu GROUP BY c ORDER BY c;
SELECT GROUP_CONCAT(id ORDER BY id) FROM cs_eu GROUP BY a ORDER BY MIN(id);
SELECT id FROM cs_eu WHERE c = 'MUELLER' ORDER BY id;
SELECT id FROM cs_eu WHERE c LIKE 'M_dchen' ORDER BY id;
SELECT id, UPPER(a), LOWER(b), UPPER(f), HEX(a), HEX(e) FROM cs_eu ORDER BY id;
-- a client that talks the charset: statements and results in its bytes
SET NAMES koi8r;
SELECT @@character_set_client, @@character_set_results, @@collation_connection;
SELECT id, k, HEX(k) FROM cs_ru WHERE id < 5 ORDER BY id;
SELECT a, c FROM cs_eu ORDER BY id;
SET NAMES cp1251;
SELECT id, w, HEX(w) FROM cs_ru WHERE id < 5 ORDER BY id;
SET NAMES latin1;
SELECT c, HEX(c) FROM cs_eu ORDER BY id;
SELECT CHARSET('x'), COLLATION('x'), 'a' = 'ä', 'a' = 'A', LENGTH('ä'), CHARSET(_koi8r'x'), HEX(_latin1 X'E9'), _latin1 X'E9' = _latin1 X'C9';
SELECT 'ä' COLLATE latin1_german2_ci = 'a', CHARSET(CONCAT('a', 1));
SET NAMES utf8mb4;
-- COLLATE names a collation of the operand's own charset (a number's: the connection's)
SELECT 'a' COLLATE latin1_bin;
SELECT 1 COLLATE latin1_bin;
SELECT _latin1'x' COLLATE latin1_german2_ci = 'X';
SELECT _binary'a' COLLATE latin1_bin;
SELECT CONVERT('a' USING utf8mb3) COLLATE utf8mb4_bin;
SELECT _koi8r X'E1E2' = _koi8r X'C1C2', CONVERT(_koi8r X'E1E2' USING utf8mb4), HEX(_cp1251 X'E0' COLLATE cp1251_bin);
-- DDL
ALTER TABLE cs_eu MODIFY a VARCHAR(20) CHARACTER SET utf8mb4;
SELECT id, a, HEX(a) FROM cs_eu ORDER BY id;
ALTER TABLE cs_eu MODIFY a VARCHAR(20) CHARACTER SET cp1250;
SELECT id, a, HEX(a) FROM cs_eu ORDER BY a, id;
CREATE TABLE cs_he (h VARCHAR(10) CHARACTER SET hebrew, g VARCHAR(10) CHARACTER SET greek, t VARCHAR(10) CHARACTER SET koi8u) DEFAULT CHARSET = cp1256;
SHOW CREATE TABLE cs_he;
INSERT INTO cs_he VALUES ('שלום', 'Ωμέγα', 'Їжак'), ('אבג', 'αβγ', 'ґанок');
SELECT h, g, t, HEX(h), HEX(g), HEX(t) FROM cs_he ORDER BY h;
SELECT COLUMN_NAME, CHARACTER_SET_NAME, COLLATION_NAME, CHARACTER_MAXIMUM_LENGTH, CHARACTER_OCTET_LENGTH FROM information_schema.COLUMNS
  WHERE TABLE_NAME = 'cs_he' ORDER BY ORDINAL_POSITION;
CREATE TABLE cs_bad (a VARCHAR(10) CHARACTER SET nosuch);
-- ucs2, utf16, utf16le, utf32: Unicode in other encodings (the bytes LENGTH and HEX see)
SHOW CHARACTER SET WHERE Charset LIKE 'u%' AND Charset <> 'ujis';
SHOW COLLATION WHERE Collation RLIKE '^(ucs2|utf16|utf16le|utf32|utf8mb4)_(general|unicode|unicode_520)?_?(nopad_)?(ci|bin)$';
CREATE TABLE cs_wide (id INT PRIMARY KEY, a VARCHAR(10) CHARACTER SET utf16, b VARCHAR(10) CHARACTER SET ucs2,
  c VARCHAR(10) CHARACTER SET utf32 COLLATE utf32_unicode_ci, d TEXT CHARACTER SET utf16le, e VARCHAR(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
  f VARCHAR(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_nopad_ci);
INSERT INTO cs_wide VALUES (1, 'abc', 'abc', 'abc', 'abc', 'abc', 'abc'), (2, 'Ärger', 'Ärger', 'Ärger', 'Ärger', 'ab ', 'AB '),
  (3, '😀x', 'x', '😀', '😀', 'ab', 'ab'), (4, 'ä', 'Ä', 'ae', 'A', 'a', 'a ');
INSERT INTO cs_wide VALUES (5, 'a', '😀', 'a', 'a', 'a', 'a');
SHOW CREATE TABLE cs_wide;
SELECT id, a, HEX(a), LENGTH(a), CHAR_LENGTH(a), HEX(b), LENGTH(b), HEX(c), HEX(d), LENGTH(d), UPPER(a), LOWER(b) FROM cs_wide ORDER BY id;
SELECT id FROM cs_wide ORDER BY a, id;
SELECT id FROM cs_wide ORDER BY c, id;
SELECT id, e FROM cs_wide ORDER BY e, id;
SELECT id, f FROM cs_wide ORDER BY f, id;
SELECT COUNT(DISTINCT e), COUNT(DISTINCT f), COUNT(DISTINCT b) FROM cs_wide;
SELECT id, e = 'ab', f = 'ab', f = 'AB', e LIKE 'ab%' FROM cs_wide ORDER BY id;
SELECT HEX(CONVERT('a😀' USING utf16)), HEX(CONVERT('a😀' USING utf32)), HEX(CONVERT('a😀' USING ucs2)), HEX(CONVERT('a😀' USING utf16le)), CHARSET(CONVERT('a' USING utf16le));
SELECT COLUMN_NAME, CHARACTER_MAXIMUM_LENGTH, CHARACTER_OCTET_LENGTH, CHARACTER_SET_NAME, COLLATION_NAME FROM information_schema.COLUMNS
  WHERE TABLE_NAME = 'cs_wide' ORDER BY ORDINAL_POSITION;
DROP TABLE cs_wide;
-- the language collations of Unicode: a tailored base (Czech ch after h, Danish aa after z,
-- Swedish å ä ö after z, German phone-book ä = ae, Turkish dotted and dotless i, Spanish ñ)
SHOW COLLATION WHERE Charset IS NOT NULL AND Collation RLIKE '_(czech|german2|turkish|swedish)_ci$';
CREATE TABLE cs_lang (id INT PRIMARY KEY, s VARCHAR(20) CHARACTER SET utf8mb4);
INSERT INTO cs_lang VALUES (1, 'chata'), (2, 'hrad'), (3, 'cukr'), (4, 'aarhus'), (5, 'zebra'), (6, 'ångström'), (7, 'äpple'),
  (8, 'öl'), (9, 'Müller'), (10, 'Mueller'), (11, 'Muller'), (12, 'ılık'), (13, 'ilik'), (14, 'İlik'), (15, 'Ilık'), (16, 'ñandú'),
  (17, 'nube'), (18, 'llama'), (19, 'luz'), (20, 'CHATA'), (21, 'Chata'), (22, 'dzsungel'), (23, 'dzeta'), (24, 'czar');
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_czech_ci, id) FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_slovak_ci, id) FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_danish_ci, id) FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_swedish_ci, id) FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_german2_ci, id) FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_turkish_ci, id) FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_spanish_ci, id) FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_spanish2_ci, id) FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_hungarian_ci, id) FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s COLLATE utf8mb4_lithuanian_ci, id) FROM cs_lang;
SELECT s COLLATE utf8mb4_german2_ci AS g, COUNT(*) FROM cs_lang GROUP BY g ORDER BY g;
SELECT id, UPPER(s COLLATE utf8mb4_turkish_ci), LOWER(s COLLATE utf8mb4_turkish_ci) FROM cs_lang WHERE id BETWEEN 12 AND 15 ORDER BY id;
SELECT id FROM cs_lang WHERE s COLLATE utf8mb4_turkish_ci LIKE 'i%' ORDER BY id;
SELECT id FROM cs_lang WHERE s COLLATE utf8mb4_czech_ci LIKE 'c%' ORDER BY id;
CREATE TABLE cs_sv (id INT PRIMARY KEY, s VARCHAR(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_swedish_ci, KEY (s));
INSERT INTO cs_sv SELECT * FROM cs_lang;
SELECT id FROM cs_sv WHERE s > 'z' ORDER BY s, id;
SELECT id FROM cs_sv FORCE INDEX (s) WHERE s >= 'å' ORDER BY s, id;
CREATE TABLE cs_lang16 (id INT PRIMARY KEY, s VARCHAR(20) CHARACTER SET utf16 COLLATE utf16_czech_ci, t VARCHAR(20) CHARACTER SET ucs2 COLLATE ucs2_danish_ci);
INSERT INTO cs_lang16 SELECT id, s, s FROM cs_lang;
SELECT GROUP_CONCAT(id ORDER BY s, id), GROUP_CONCAT(id ORDER BY t, id) FROM cs_lang16;
DROP TABLE cs_lang, cs_sv, cs_lang16;
DROP TABLE cs_ru, cs_eu, cs_he;

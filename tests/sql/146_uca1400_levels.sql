-- uca1400's accent- and case-sensitive collations (_as_ci, _ai_cs, _as_cs and their NO PAD
-- twins) in each Unicode charset: MariaDB compares level by level (primary, then accents,
-- then case), lists them once without a charset, and takes the charset-less name
-- (uca1400_as_cs) in any Unicode charset. tests/collation/run.py compares their order,
-- grouping, LIKE and case on a large corpus; this file the statements around them.
SHOW COLLATION LIKE 'uca1400%';
SHOW COLLATION LIKE 'utf8mb4_uca1400%';
SHOW COLLATION WHERE Collation LIKE 'uca1400_a%' OR Collation LIKE 'utf8mb4_uca%';
SELECT * FROM information_schema.COLLATIONS WHERE COLLATION_NAME LIKE '%uca1400%' AND COLLATION_NAME NOT LIKE '%\_%\_%\_%\_%';
SELECT * FROM information_schema.COLLATIONS WHERE CHARACTER_SET_NAME IS NULL AND COLLATION_NAME IN ('uca1400_ai_ci', 'uca1400_nopad_as_cs');
SELECT * FROM information_schema.COLLATION_CHARACTER_SET_APPLICABILITY WHERE COLLATION_NAME IN ('uca1400_ai_ci', 'uca1400_as_cs', 'uca1400_nopad_ai_cs') ORDER BY ID;
SELECT * FROM information_schema.COLLATION_CHARACTER_SET_APPLICABILITY WHERE CHARACTER_SET_NAME = 'latin1';
SELECT COUNT(*) FROM information_schema.COLLATION_CHARACTER_SET_APPLICABILITY WHERE CHARACTER_SET_NAME IN ('latin1', 'cp1251', 'big5');
SELECT COLLATION(_utf8mb4'a' COLLATE uca1400_as_cs), COLLATION(CONVERT('a' USING ucs2) COLLATE uca1400_ai_cs), COLLATION(CONVERT('a' USING utf32) COLLATE uca1400_nopad_as_ci), COLLATION(CONVERT('a' USING utf8mb3) COLLATE uca1400_ai_ci);
SELECT CONVERT('a' USING latin1) COLLATE uca1400_as_ci;
SELECT CONVERT('a' USING latin1) COLLATE utf8mb4_uca1400_as_ci;
SELECT _utf8mb4'a' COLLATE uca1400_bogus_ci;
SELECT _utf8mb4'a' = _utf8mb4'A' COLLATE utf8mb4_uca1400_as_cs, _utf8mb4'a' = _utf8mb4'A' COLLATE utf8mb4_uca1400_as_ci, _utf8mb4'a' = _utf8mb4'á' COLLATE utf8mb4_uca1400_as_ci, _utf8mb4'a' = _utf8mb4'á' COLLATE utf8mb4_uca1400_ai_cs, _utf8mb4'A' = _utf8mb4'á' COLLATE utf8mb4_uca1400_ai_cs;
SELECT _utf8mb4'a' < _utf8mb4'A' COLLATE utf8mb4_uca1400_ai_cs, _utf8mb4'a ' = _utf8mb4'a' COLLATE utf8mb4_uca1400_as_cs, _utf8mb4'a ' = _utf8mb4'a' COLLATE utf8mb4_uca1400_nopad_as_cs, _utf8mb4'a' < _utf8mb4'a ' COLLATE utf8mb4_uca1400_nopad_ai_cs, _utf8mb4'á' > _utf8mb4'a ' COLLATE utf8mb4_uca1400_as_ci;
SELECT _utf8mb4'á' LIKE 'a' COLLATE utf8mb4_uca1400_ai_cs, _utf8mb4'Á' LIKE 'A' COLLATE utf8mb4_uca1400_ai_cs, _utf8mb4'A' LIKE 'a' COLLATE utf8mb4_uca1400_ai_cs, _utf8mb4'ｱ' LIKE 'ア' COLLATE utf8mb4_uca1400_as_ci, _utf8mb4'𝐚bc' LIKE 'a%' COLLATE utf8mb4_uca1400_as_ci, _utf8mb4'𝐚bc' LIKE 'a%' COLLATE utf8mb4_uca1400_ai_ci, _utf8mb4'xx𝐚bc' LIKE '%abc' COLLATE utf8mb4_uca1400_as_ci, _utf8mb4'résumé' LIKE '%resume%' COLLATE utf8mb4_uca1400_as_ci, _utf8mb4'RÉSUMÉ' LIKE '%résumé%' COLLATE utf8mb4_uca1400_as_ci;
SELECT HEX(WEIGHT_STRING(_utf8mb4'aÁ ' COLLATE utf8mb4_uca1400_as_cs)), HEX(WEIGHT_STRING(_utf8mb4'aÁ ' COLLATE utf8mb4_uca1400_nopad_as_cs AS CHAR(4))), HEX(WEIGHT_STRING(_utf8mb4'ab' COLLATE utf8mb4_uca1400_ai_cs AS CHAR(1))), HEX(WEIGHT_STRING(_utf8mb4'一' COLLATE utf8mb4_uca1400_as_cs)), HEX(WEIGHT_STRING(_utf8mb4'a' COLLATE utf8mb4_uca1400_nopad_ai_ci AS CHAR(3))), HEX(WEIGHT_STRING(_utf8mb4'a' COLLATE utf8mb4_unicode_520_nopad_ci AS CHAR(3)));
SELECT WEIGHT_STRING(_utf8mb4'abc' COLLATE utf8mb4_uca1400_as_cs) a, WEIGHT_STRING(_utf8mb4'abc' COLLATE utf8mb4_uca1400_ai_cs AS CHAR(2)) b, WEIGHT_STRING(CONVERT('abcd' USING utf8mb3) COLLATE utf8mb3_uca1400_as_ci AS CHAR(3)) c;
SELECT UPPER(_utf8mb4'ǆá' COLLATE utf8mb4_uca1400_as_cs), LOWER(CONVERT('ÀB' USING ucs2) COLLATE ucs2_uca1400_nopad_ai_cs), HEX(CONVERT('ÀB' USING utf16) COLLATE utf16_uca1400_as_ci);
CREATE TABLE u14 (id INT PRIMARY KEY, a VARCHAR(20) COLLATE uca1400_as_cs, b VARCHAR(20) CHARACTER SET ucs2 COLLATE uca1400_nopad_ai_cs,
  c VARCHAR(20) COLLATE utf8mb4_uca1400_as_ci, d VARCHAR(20) CHARACTER SET utf32 COLLATE utf32_uca1400_ai_cs, KEY (a), KEY (c))
  CHARACTER SET utf8mb4 COLLATE uca1400_ai_ci;
SHOW CREATE TABLE u14;
SELECT COLUMN_NAME, CHARACTER_SET_NAME, COLLATION_NAME, CHARACTER_MAXIMUM_LENGTH FROM information_schema.COLUMNS WHERE TABLE_NAME = 'u14' ORDER BY ORDINAL_POSITION;
SELECT TABLE_COLLATION FROM information_schema.TABLES WHERE TABLE_NAME = 'u14';
INSERT INTO u14 VALUES (1, 'resume', 'resume', 'resume', 'resume'), (2, 'Resume', 'Resume', 'Resume', 'Resume'), (3, 'résumé', 'résumé', 'résumé', 'résumé'),
  (4, 'RÉSUMÉ', 'RÉSUMÉ', 'RÉSUMÉ', 'RÉSUMÉ'), (5, 'resume ', 'resume ', 'resume ', 'resume '), (6, 'Résumé', 'Résumé', 'Résumé', 'Résumé'),
  (7, 'ｒｅｓｕｍｅ', 'ｒｅｓｕｍｅ', 'ｒｅｓｕｍｅ', 'ｒｅｓｕｍｅ'), (8, 'résume', 'résume', 'résume', 'résume'), (9, 'ae', 'ae', 'ae', 'ae'), (10, 'æ', 'æ', 'æ', 'æ'),
  (11, 'Æ', 'Æ', 'Æ', 'Æ'), (12, 'ss', 'ss', 'ss', 'ss'), (13, 'ß', 'ß', 'ß', 'ß'), (14, 'a\tb', 'a\tb', 'a\tb', 'a\tb'), (15, 'ab', 'ab', 'ab', 'ab');
SELECT id, a FROM u14 ORDER BY a, id;
SELECT id, b FROM u14 ORDER BY b, id;
SELECT id, c FROM u14 ORDER BY c DESC, id;
SELECT id, d FROM u14 ORDER BY d, id;
SELECT a, COUNT(*), GROUP_CONCAT(id ORDER BY id) FROM u14 GROUP BY a ORDER BY a;
SELECT c, COUNT(*), GROUP_CONCAT(id ORDER BY id) FROM u14 GROUP BY c ORDER BY c;
SELECT b, COUNT(*) FROM u14 GROUP BY b ORDER BY b;
SELECT COUNT(DISTINCT a), COUNT(DISTINCT b), COUNT(DISTINCT c), COUNT(DISTINCT d) FROM u14;
SELECT id FROM u14 WHERE a = 'Résumé' ORDER BY id;
SELECT id FROM u14 WHERE c = 'resume' ORDER BY id;
SELECT id FROM u14 WHERE b = 'RESUME' ORDER BY id;
SELECT id FROM u14 WHERE d = 'résumé' ORDER BY id;
SELECT id FROM u14 WHERE a LIKE 'r%' ORDER BY id;
SELECT id FROM u14 WHERE c LIKE 'r_sum_' ORDER BY id;
SELECT id FROM u14 WHERE c LIKE '%sum%' ORDER BY id;
SELECT id FROM u14 WHERE d LIKE 'R%' ORDER BY id;
SELECT x.id, y.id FROM u14 x JOIN u14 y ON x.c = y.c AND x.id < y.id ORDER BY x.id, y.id;
SELECT MIN(a), MAX(a), MIN(c), MAX(c) FROM u14;
CREATE TABLE u14u (a VARCHAR(20) COLLATE uca1400_as_ci PRIMARY KEY);
INSERT INTO u14u VALUES ('resume'), ('Résumé');
INSERT INTO u14u VALUES ('RESUME');
INSERT INTO u14u VALUES ('résumé');
SELECT a FROM u14u ORDER BY a;
CREATE TABLE u14l (a VARCHAR(10)) CHARACTER SET latin1 COLLATE uca1400_ai_ci;
CREATE TABLE u14m (a VARCHAR(10) COLLATE uca1400_as_ci) CHARACTER SET latin1;
CREATE TABLE u14n (a VARCHAR(10) COLLATE uca1400_as_ci) CHARACTER SET utf8mb3;
SHOW CREATE TABLE u14n;
SET NAMES utf8mb4 COLLATE uca1400_as_ci;
SELECT @@collation_connection, @@character_set_connection, 'a' = 'A', 'a' = 'á';
SET NAMES utf8mb4;
SELECT COLLATION(_utf8mb4'a' COLLATE uca1400_swedish_as_cs), COLLATION(CONVERT('a' USING utf16) COLLATE uca1400_czech_nopad_ai_cs);
SELECT _utf8mb4'å' > _utf8mb4'z' COLLATE utf8mb4_uca1400_swedish_ai_ci, _utf8mb4'å' > _utf8mb4'z' COLLATE utf8mb4_uca1400_ai_ci, _utf8mb4'ch' > _utf8mb4'h' COLLATE utf8mb4_uca1400_czech_as_cs, _utf8mb4'Ch' = _utf8mb4'ch' COLLATE utf8mb4_uca1400_czech_ai_cs, UPPER(_utf8mb4'i' COLLATE utf8mb4_uca1400_turkish_as_cs), LOWER(_utf8mb4'I' COLLATE utf8mb4_uca1400_turkish_ai_ci), _utf8mb4'ı' = _utf8mb4'i' COLLATE utf8mb4_uca1400_turkish_ai_ci;
SELECT HEX(WEIGHT_STRING(_utf8mb4'Åch' COLLATE utf8mb4_uca1400_swedish_as_cs)), HEX(WEIGHT_STRING(_utf8mb4'Ch' COLLATE utf8mb4_uca1400_czech_ai_cs)), HEX(WEIGHT_STRING(_utf8mb4'ß' COLLATE utf8mb4_uca1400_german2_as_ci));
CREATE TABLE u14lang (id INT PRIMARY KEY, s VARCHAR(20) COLLATE uca1400_czech_as_cs, d VARCHAR(20) COLLATE uca1400_danish_ai_ci, v VARCHAR(20) COLLATE uca1400_vietnamese_nopad_as_ci);
INSERT INTO u14lang VALUES (1, 'chata', 'aarhus', 'ă'), (2, 'hrad', 'Aalborg', 'â'), (3, 'Chata', 'zebra', 'a'), (4, 'cukr', 'ærø', 'ả'), (5, 'čaj', 'øl', 'á'), (6, 'CH', 'AA', 'A'), (7, 'ch', 'Å', 'ã');
SELECT id, s FROM u14lang ORDER BY s, id;
SELECT id, d FROM u14lang ORDER BY d, id;
SELECT id, v FROM u14lang ORDER BY v, id;
SELECT d, COUNT(*) FROM u14lang GROUP BY d ORDER BY d;
SELECT id FROM u14lang WHERE s LIKE 'c%' ORDER BY id;
SHOW CREATE TABLE u14lang;
SELECT _utf8mb3'ß' = _utf8mb3's' COLLATE utf8mb3_general_mysql500_ci, _utf8mb3'ß' = _utf8mb3's' COLLATE utf8mb3_general_ci, _utf8mb3'ß' > _utf8mb3'z' COLLATE utf8_general_mysql500_ci, COLLATION(CONVERT('x' USING ucs2) COLLATE ucs2_general_mysql500_ci);
SHOW COLLATION LIKE '%mysql500%';
DROP TABLE u14, u14u, u14n, u14lang;

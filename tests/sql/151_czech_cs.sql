-- latin2_czech_cs and cp1250_czech_cs: strings weigh in passes (letters word by word
-- with their accents, then case, then punctuation; "ch" is one letter after "h"), MariaDB's
-- ctype-czech.c and ctype-win1250ch.c. LIKE compares bytes, but a '%literal%' of more than
-- five characters (MariaDB's Boyer-Moore search) compares by latin2_czech_cs's sort order,
-- case-blind. latin2_czech_cs reads the bytes 0x7f..0x9f as no character.
SET NAMES utf8mb4;
SHOW COLLATION LIKE '%czech_cs';
SELECT COLLATION_NAME, ID, IS_DEFAULT, SORTLEN FROM information_schema.COLLATIONS WHERE COLLATION_NAME LIKE '%czech_cs' ORDER BY ID;
CREATE TABLE cz (id INT PRIMARY KEY, a VARCHAR(30) CHARACTER SET latin2 COLLATE latin2_czech_cs, b VARCHAR(30) CHARACTER SET cp1250 COLLATE cp1250_czech_cs, KEY (a), KEY (b));
INSERT INTO cz VALUES (1, 'co', 'co'), (2, 'hlaska', 'hlaska'), (3, 'hláska', 'hláska'), (4, 'hlava', 'hlava'), (5, 'chlapec', 'chlapec'), (6, 'krtek', 'krtek'), (7, 'Chlapec', 'Chlapec'), (8, 'CHLAPEC', 'CHLAPEC'), (9, 'cH', 'cH'), (10, 'a b', 'a b'), (11, 'a  b', 'a  b'), (12, 'ab', 'ab'), (13, 'a-b', 'a-b'), (14, 'a.b', 'a.b'), (15, 'A B', 'A B'), (16, ' a', ' a'), (17, 'a ', 'a '), (18, 'čáp', 'čáp'), (19, 'cap', 'cap'), (20, 'Čáp', 'Čáp'), (21, 'řeka', 'řeka'), (22, 'reka', 'reka'), (23, '', ''), (24, 'ACAD', 'ACAD'), (25, 'xx acad yy', 'xx acad yy'), (26, 'h', 'h'), (27, 'i', 'i'), (28, 'ch', 'ch');
SELECT id, a, HEX(WEIGHT_STRING(a)), HEX(WEIGHT_STRING(b)) FROM cz ORDER BY id;
SELECT GROUP_CONCAT(id ORDER BY id) FROM cz GROUP BY a ORDER BY MIN(a);
SELECT id FROM cz ORDER BY a, id;
SELECT id FROM cz ORDER BY b, id;
SELECT id FROM cz ORDER BY a DESC, id;
SELECT COUNT(DISTINCT a), COUNT(DISTINCT b) FROM cz;
SELECT id FROM cz WHERE a = 'a' ORDER BY id;
SELECT id FROM cz WHERE a > 'h' AND a < 'i' ORDER BY a, id;
SELECT id FROM cz WHERE b BETWEEN 'h' AND 'i' ORDER BY b, id;
SELECT id FROM cz WHERE a LIKE 'ch%' ORDER BY id;
SELECT id FROM cz WHERE a LIKE 'c%' ORDER BY id;
SELECT id FROM cz WHERE a LIKE '%ACAD%' ORDER BY id;
SELECT id FROM cz WHERE a LIKE '%CAD%' ORDER BY id;
SELECT id FROM cz WHERE a LIKE '%ACA%%' ORDER BY id;
SELECT id FROM cz WHERE a NOT LIKE '%CHLAPEC%' ORDER BY id;
SELECT id FROM cz WHERE a LIKE '%hlApec%' ESCAPE '|' ORDER BY id;
SELECT id FROM cz WHERE b LIKE '%ACAD%' ORDER BY id;
SELECT id FROM cz WHERE a = 'A B' ORDER BY id;
SELECT UPPER(a), LOWER(b) FROM cz WHERE id IN (18, 21) ORDER BY id;
SELECT _latin2'a' = 'A' COLLATE latin2_czech_cs, _latin2'a' < 'A' COLLATE latin2_czech_cs, _cp1250'a' < 'A' COLLATE cp1250_czech_cs, _latin2'ab ' = 'ab' COLLATE latin2_czech_cs, _latin2'a b' = 'a  b' COLLATE latin2_czech_cs;
SELECT HEX(WEIGHT_STRING(_latin2'ab' COLLATE latin2_czech_cs AS CHAR(1))), HEX(WEIGHT_STRING(_cp1250'ch ' COLLATE cp1250_czech_cs)), HEX(WEIGHT_STRING(_latin2' a b ' COLLATE latin2_czech_cs));
SET sql_mode = 'STRICT_ALL_TABLES';
INSERT INTO cz VALUES (31, CONCAT('x', _utf8mb4 x'C280', 'y'), 'x');
SET sql_mode = DEFAULT;
SELECT HEX(CONVERT(x'41807F42' USING latin2));
DROP TABLE cz;

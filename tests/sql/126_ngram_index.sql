-- The n-gram index (engine/ngram.c): a key over one text column with COMMENT 'ngram'.
-- MariaDB keeps it as the prefix key it also is; pressdb also keeps the trigrams of the
-- column's folded characters and answers rows lacking one of a pattern's without reading
-- their text. Every answer must be MariaDB's: the same statements on tables with the key
-- and without it, over text made to trip the folding (accents, case, ß, ligatures,
-- ignorable and combining characters, characters beyond the BMP, escapes, '_').

CREATE TABLE ng (id INT NOT NULL PRIMARY KEY, kind VARCHAR(20) NOT NULL, title TEXT, body LONGTEXT,
  bn VARBINARY(200), bb TEXT COLLATE utf8mb4_bin, gc TEXT COLLATE utf8mb4_general_ci,
  KEY kind (kind),
  KEY ng_title (title(3)) COMMENT 'ngram', KEY ng_body (body(3)) COMMENT 'NGRAM',
  KEY ng_bn (bn(3)) COMMENT 'ngram', KEY ng_bb (bb(3)) COMMENT 'ngram', KEY ng_gc (gc(3)) COMMENT 'ngram')
  DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE plain LIKE ng;
ALTER TABLE plain DROP KEY ng_title, DROP KEY ng_body, DROP KEY ng_bn, DROP KEY ng_bb, DROP KEY ng_gc;
SHOW CREATE TABLE ng;
SELECT INDEX_NAME, COLUMN_NAME, SUB_PART, INDEX_COMMENT FROM information_schema.STATISTICS
  WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ng' ORDER BY INDEX_NAME;

INSERT INTO ng VALUES
  (1, 'post', 'Café notes', CONCAT(REPEAT('Lorem ipsum dolor ', 20), 'café crème, naïve résumé'), 'Cafe', 'Café', 'Café'),
  (2, 'post', 'Straße', CONCAT('Die Straße ist lang. ', REPEAT('Wörter ', 30)), 'strasse', 'Straße', 'Straße'),
  (3, 'page', 'About', CONCAT(REPEAT('x', 100), 'RESUME', REPEAT('é', 50)), 'RESUME', 'RESUME', 'RESUME'),
  (4, 'revision', 'Café notes', 'resume resume resume', 'resume', 'resume', 'resume'),
  (5, 'post', 'Plain', REPEAT('plain ascii text only ', 10), 'plain', 'plain', 'plain'),
  (6, 'attachment', 'ﬁle', CONCAT(REPEAT('ünïcödé ', 40), 'ﬁle end'), 'file', 'ﬁle', 'ﬁle'),
  (7, 'post', NULL, CONCAT('ctl\x01', REPEAT('a', 50), 'resume'), NULL, NULL, NULL),
  (8, 'post', 'Mårten', CONCAT(REPEAT('日本語のテキスト', 20), 'resumé'), 'Marten', 'Mårten', 'Mårten'),
  (9, 'page', 'Ærø', CONCAT(REPEAT('Ærø ', 30), 'aero'), 'aero', 'Ærø', 'Ærø'),
  (10, 'post', 'percent', CONCAT(REPEAT('-', 40), '100% sure_thing', REPEAT('-', 40)), '100% sure_thing', '100% sure_thing', '100% sure_thing'),
  (11, 'post', 'ni\u200Bght', 'nightjar NIGHTJAR Nightjar', 'nightjar', 'nightjar', 'nightjar'),
  (12, 'post', 'zero width', CONCAT('nigh', _utf8mb4 0xE2808B, 'tjar and ni', _utf8mb4 0xCC81, 'ghtjar'), 'x', 'x', 'x'),
  (13, 'post', 'combining', CONCAT('cafe', _utf8mb4 0xCC81, ' resume', _utf8mb4 0xCC81), 'cafe', 'cafe', 'cafe'),
  (14, 'post', 'beyond the BMP', CONCAT('x', _utf8mb4 0xF09D9080, 'y and 😀 emoji 😀x and 𝐍𝐈𝐆𝐇𝐓'), 'xy', 'x𝐀y', 'x𝐀y'),
  (15, 'post', 'fullwidth', 'ＮＩＧＨＴＪＡＲ and ｎｉｇｈｔ', 'night', 'ＮＩＧＨＴ', 'ＮＩＧＨＴ'),
  (16, 'post', 'quotes', 'it’s “quoted” — dashes – and … ellipsis', 'its', 'it’s', 'it’s'),
  (17, 'post', 'spaces', 'non\u00A0breaking and tab\there and nl\nthere', 'tab', 'tab', 'tab'),
  (18, 'post', 'escapes', 'back\\slash 50%off a_b a|b', 'a_b', 'a_b', 'a_b'),
  (19, 'post', 'ae', 'Aerodynamic æther ÆON', 'aeon', 'æon', 'æon'),
  (20, 'post', '', '', '', '', '');
INSERT INTO plain SELECT * FROM ng;

-- each pattern on both tables: the same rows
SELECT id FROM ng WHERE body LIKE '%resume%' ORDER BY id;
SELECT id FROM plain WHERE body LIKE '%resume%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%RÉSUMÉ%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%cafe%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%strasse%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%straße%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%STRASSE%' OR body LIKE '%straße%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%file%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%ﬁle%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%nightjar%' ORDER BY id;
SELECT id FROM plain WHERE body LIKE '%nightjar%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%night%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%𝐍𝐈𝐆𝐇𝐓%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%xay%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%x_y%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%emoji 😀x%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%aero%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%ÆRØ%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%aether%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%æther%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%it''s%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%it’s%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%"quoted"%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%non breaking%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%non_breaking%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%tab\there%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%100\% sure%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%100% sure%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%sure\_thing%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%sure_thing%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%50|%off%' ESCAPE '|' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%a||b%' ESCAPE '|' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%back\\\\slash%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%a_b%' ESCAPE '' ORDER BY id;
SELECT id FROM ng WHERE body LIKE 'nightjar%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%jar' ORDER BY id;
SELECT id FROM ng WHERE body LIKE 'resume resume resume' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%ab%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%%%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%qqqzzz%' ORDER BY id;
SELECT id FROM ng WHERE body NOT LIKE '%resume%' ORDER BY id;
SELECT id FROM plain WHERE body NOT LIKE '%resume%' ORDER BY id;
SELECT id, title LIKE '%notes%' AS l, title NOT LIKE '%notes%' AS nl FROM ng ORDER BY id;
SELECT id FROM ng WHERE NOT (title LIKE '%notes%') ORDER BY id;
SELECT id FROM ng WHERE title LIKE '%night%' ORDER BY id;
SELECT id FROM ng WHERE title LIKE '%ght%' ORDER BY id;
-- another collation than the column's
SELECT id FROM ng WHERE body LIKE '%resume%' COLLATE utf8mb4_bin ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%Nightjar%' COLLATE utf8mb4_bin ORDER BY id;
SELECT id FROM ng WHERE body COLLATE utf8mb4_general_ci LIKE '%strasse%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%STRASSE%' COLLATE utf8mb4_general_ci ORDER BY id;
SELECT id FROM ng WHERE body COLLATE utf8mb4_general_ci LIKE '%stra%' ORDER BY id;
-- binary, _bin and general_ci columns
SELECT id FROM ng WHERE bn LIKE '%resume%' ORDER BY id;
SELECT id FROM ng WHERE bn LIKE '%RESUME%' ORDER BY id;
SELECT id FROM ng WHERE bb LIKE '%Café%' ORDER BY id;
SELECT id FROM ng WHERE bb LIKE '%cafe%' ORDER BY id;
SELECT id FROM ng WHERE bb LIKE '%esum%' ORDER BY id;
SELECT id FROM ng WHERE gc LIKE '%strasse%' ORDER BY id;
SELECT id FROM ng WHERE gc LIKE '%STRA%' ORDER BY id;
SELECT id FROM ng WHERE gc LIKE '%cafe%' ORDER BY id;
SELECT id FROM ng WHERE gc LIKE '%MARTEN%' ORDER BY id;
SELECT id FROM ng WHERE gc LIKE '%ﬁle%' ORDER BY id;

-- WordPress's search: ORed over columns, beside cheaper conjuncts, ordered by a CASE of
-- the same LIKEs, with FOUND_ROWS
SELECT SQL_CALC_FOUND_ROWS id FROM ng WHERE 1=1 AND (((title LIKE '%resume%') OR (bb LIKE '%resume%') OR (body LIKE '%resume%')))
  AND kind IN ('post', 'page') ORDER BY (CASE WHEN title LIKE '%resume%' THEN 1 WHEN body LIKE '%resume%' THEN 2 ELSE 6 END), id DESC LIMIT 0, 3;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS id FROM plain WHERE 1=1 AND (((title LIKE '%resume%') OR (bb LIKE '%resume%') OR (body LIKE '%resume%')))
  AND kind IN ('post', 'page') ORDER BY (CASE WHEN title LIKE '%resume%' THEN 1 WHEN body LIKE '%resume%' THEN 2 ELSE 6 END), id DESC LIMIT 0, 3;
SELECT FOUND_ROWS();
SELECT COUNT(*), SUM(body LIKE '%resume%'), SUM(title LIKE '%café%') FROM ng;
SELECT kind, COUNT(*) FROM ng WHERE body LIKE '%resume%' GROUP BY kind ORDER BY kind;
SELECT a.id, b.id FROM ng a JOIN ng b ON b.id = a.id + 1 WHERE a.body LIKE '%resume%' AND b.body LIKE '%plain%' ORDER BY a.id;
SELECT a.id, b.id FROM ng a LEFT JOIN ng b ON b.id = a.id + 100 WHERE b.body LIKE '%resume%' OR a.body LIKE '%nightjar%' ORDER BY a.id;
SELECT id FROM ng WHERE body LIKE (SELECT CONCAT('%', 'resume', '%')) ORDER BY id;
SELECT id FROM ng WHERE body LIKE CONCAT('%', title, '%') ORDER BY id;
SET @p = '%resume%';
SELECT id FROM ng WHERE body LIKE @p ORDER BY id;
SELECT (SELECT COUNT(*) FROM ng i WHERE i.body LIKE CONCAT('%', SUBSTRING(o.title, 1, 4), '%')) AS n, o.id FROM ng o ORDER BY o.id;
PREPARE s FROM 'SELECT id FROM ng WHERE body LIKE ? ORDER BY id';
SET @a = '%nightjar%';
EXECUTE s USING @a;
SET @a = '%resume%';
EXECUTE s USING @a;
SET @a = NULL;
EXECUTE s USING @a;
DEALLOCATE PREPARE s;

-- writes: rows rewritten in place, deleted, inserted, a transaction's versions, rollback
UPDATE ng SET body = 'now about nightjars' WHERE id = 5;
SELECT id FROM ng WHERE body LIKE '%nightjar%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%plain ascii%' ORDER BY id;
UPDATE ng SET body = CONCAT(body, ' resume') WHERE body LIKE '%nightjar%';
SELECT ROW_COUNT();
SELECT id FROM ng WHERE body LIKE '%resume%' ORDER BY id;
UPDATE ng SET title = 'new title nightjar' WHERE body LIKE '%resume%' AND title LIKE '%e%';
SELECT id, title FROM ng WHERE title LIKE '%nightjar%' ORDER BY id;
DELETE FROM ng WHERE body LIKE '%café%';
SELECT id FROM ng WHERE body LIKE '%resume%' ORDER BY id;
INSERT INTO ng VALUES (21, 'post', 'late', 'a late resume with nightjar', NULL, NULL, NULL);
SELECT id FROM ng WHERE body LIKE '%resume%' ORDER BY id;
START TRANSACTION;
UPDATE ng SET body = 'transactional quasarless' WHERE id = 3;
INSERT INTO ng VALUES (22, 'post', 'in trx', 'quasarless too', NULL, NULL, NULL);
SELECT id FROM ng WHERE body LIKE '%quasarless%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%RESUME%' ORDER BY id;
ROLLBACK;
SELECT id FROM ng WHERE body LIKE '%quasarless%' ORDER BY id;
SELECT id FROM ng WHERE body LIKE '%RESUME%' ORDER BY id;
REPLACE INTO ng VALUES (4, 'revision', 'Café notes', 'replaced: nightjar', 'x', 'x', 'x');
SELECT id FROM ng WHERE body LIKE '%nightjar%' ORDER BY id;
INSERT INTO ng VALUES (4, 'post', 'dup', 'dup', NULL, NULL, NULL) ON DUPLICATE KEY UPDATE body = 'updated resume';
SELECT id FROM ng WHERE body LIKE '%nightjar%' OR body LIKE '%resume%' ORDER BY id;
INSERT INTO ng (id, kind, body) SELECT id + 100, kind, CONCAT('copy ', body) FROM ng WHERE body LIKE '%resume%';
SELECT id FROM ng WHERE body LIKE '%copy%resume%' ORDER BY id;
-- DDL: the key dropped, added again, the column changed, TRUNCATE
ALTER TABLE ng DROP KEY ng_body;
SELECT id FROM ng WHERE body LIKE '%resume%' ORDER BY id;
ALTER TABLE ng ADD KEY ng_body (body(3)) COMMENT 'ngram';
SELECT id FROM ng WHERE body LIKE '%resume%' ORDER BY id;
ALTER TABLE ng MODIFY body LONGTEXT COLLATE utf8mb4_general_ci;
SELECT id FROM ng WHERE body LIKE '%strasse%' OR body LIKE '%resume%' ORDER BY id;
TRUNCATE TABLE ng;
SELECT id FROM ng WHERE body LIKE '%resume%' ORDER BY id;
INSERT INTO ng (id, kind, body) VALUES (1, 'post', 'after truncate resume');
SELECT id FROM ng WHERE body LIKE '%resume%' ORDER BY id;
DROP TABLE ng, plain;

-- '%literal%' (engine/func_like.c): the SIMD scan, the look around each non-ASCII
-- character, the folding of dense text, and the ORs of AND-ed equalities that become
-- index lookups (planner/optimize.c pl_or_pins): every answer as MariaDB's.

-- a second non-ASCII character close after a first whose window did not match (the
-- window search once skipped it)
SELECT CONCAT(REPEAT('q', 60), 'xéabzzzz', REPEAT('y', 32), 'éabcdefghi', REPEAT('w', 60)) COLLATE utf8mb4_unicode_520_ci LIKE '%eabcdefghi%' AS u,
       CONCAT(REPEAT('q', 60), 'xéabzzzz', REPEAT('y', 32), 'éabcdefghi', REPEAT('w', 60)) COLLATE utf8mb4_general_ci LIKE '%eabcdefghi%' AS g,
       CONCAT(REPEAT('q', 60), 'xéabzzzz', REPEAT('y', 32), 'éabcdefghi', REPEAT('w', 60)) COLLATE utf8mb4_bin LIKE '%eabcdefghi%' AS b;
SELECT CONCAT('éh', REPEAT('-', 40), 'ébc', REPEAT('-', 3), 'éh') COLLATE utf8mb4_unicode_520_ci LIKE '%eh%' AS a,
       CONCAT(REPEAT('-', 40), 'Xé') COLLATE utf8mb4_unicode_520_ci LIKE '%xe%' AS b,
       CONCAT('éX', REPEAT('-', 40)) COLLATE utf8mb4_unicode_520_ci LIKE '%ex%' AS c,
       CONCAT(REPEAT('-', 40), 'é') COLLATE utf8mb4_unicode_520_ci LIKE '%e%' AS d;

-- a character's folds belong to its collation: U+2095 is h under uca1400, not under unicode_520
SELECT CONCAT(REPEAT('z', 40), 'ₕ', REPEAT('z', 40)) COLLATE utf8mb4_unicode_520_ci LIKE '%zhz%' AS u520,
       CONCAT(REPEAT('z', 40), 'ₕ', REPEAT('z', 40)) COLLATE utf8mb4_uca1400_ai_ci LIKE '%zhz%' AS u1400,
       CONCAT(REPEAT('z', 40), 'ₕ', REPEAT('z', 40)) COLLATE utf8mb4_unicode_520_ci LIKE '%zhz%' AS u520_again;
-- characters beyond the BMP (mathematical bold A, negative squared A)
SELECT CONCAT(REPEAT('-', 40), 'x𝐀y', REPEAT('-', 40)) COLLATE utf8mb4_unicode_520_ci LIKE '%xay%' AS bold_u,
       CONCAT(REPEAT('-', 40), 'x𝐀y', REPEAT('-', 40)) COLLATE utf8mb4_general_ci LIKE '%xay%' AS bold_g,
       CONCAT(REPEAT('-', 40), 'x🅰y', REPEAT('-', 40)) COLLATE utf8mb4_uca1400_ai_ci LIKE '%xay%' AS sq_1400,
       CONCAT(REPEAT('-', 40), 'x🅰y', REPEAT('-', 40)) COLLATE utf8mb4_unicode_520_ci LIKE '%xay%' AS sq_520;

CREATE TABLE txt (id INT NOT NULL PRIMARY KEY, kind VARCHAR(20) NOT NULL, st VARCHAR(20) NOT NULL,
  d DATETIME NOT NULL, title TEXT, body LONGTEXT, KEY ksd (kind, st, d)) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
INSERT INTO txt VALUES
  (1, 'post', 'publish', '2024-01-01 10:00:00', 'Café notes', CONCAT(REPEAT('Lorem ipsum dolor ', 20), 'café crème, naïve résumé')),
  (2, 'post', 'draft', '2024-01-02 10:00:00', 'Straße', CONCAT('Die Straße ist lang. ', REPEAT('Wörter ', 30))),
  (3, 'page', 'publish', '2024-01-03 10:00:00', 'About', CONCAT(REPEAT('x', 100), 'RESUME', REPEAT('é', 50))),
  (4, 'revision', 'inherit', '2024-01-04 10:00:00', 'Café notes', 'resume resume resume'),
  (5, 'post', 'publish', '2024-01-05 10:00:00', 'Plain', REPEAT('plain ascii text only ', 10)),
  (6, 'attachment', 'publish', '2024-01-06 10:00:00', 'ﬁle', CONCAT(REPEAT('ünïcödé ', 40), 'ﬁle end')),
  (7, 'post', 'publish', '2024-01-07 10:00:00', NULL, CONCAT('ctl\x01', REPEAT('a', 50), 'resume')),
  (8, 'post', 'private', '2024-01-08 10:00:00', 'Mårten', CONCAT(REPEAT('日本語のテキスト', 20), 'resumé')),
  (9, 'page', 'publish', '2024-01-09 10:00:00', 'Ærø', CONCAT(REPEAT('Ærø ', 30), 'aero')),
  (10, 'post', 'publish', '2024-01-10 10:00:00', 'percent', CONCAT(REPEAT('-', 40), '100% sure_thing', REPEAT('-', 40)));

SELECT id FROM txt WHERE body LIKE '%resume%' ORDER BY id;
SELECT id FROM txt WHERE body LIKE '%RÉSUMÉ%' ORDER BY id;
SELECT id FROM txt WHERE body LIKE '%creme%' ORDER BY id;
SELECT id FROM txt WHERE body LIKE '%strasse%' ORDER BY id;
SELECT id FROM txt WHERE body LIKE '%file%' ORDER BY id;
SELECT id FROM txt WHERE body LIKE '%unicode%' ORDER BY id;
SELECT id FROM txt WHERE body LIKE '%aero%' ORDER BY id;
SELECT id FROM txt WHERE body LIKE '%ctl%' ORDER BY id;
SELECT id FROM txt WHERE body LIKE '%100\% sure\_thing%' ORDER BY id;
SELECT id FROM txt WHERE body LIKE '%100% sure_thing%' ORDER BY id;
SELECT id FROM txt WHERE body COLLATE utf8mb4_general_ci LIKE '%strasse%' ORDER BY id;
SELECT id FROM txt WHERE body COLLATE utf8mb4_general_ci LIKE '%resume%' ORDER BY id;
SELECT id FROM txt WHERE body COLLATE utf8mb4_bin LIKE '%resume%' ORDER BY id;
SELECT id FROM txt WHERE CAST(body AS BINARY) LIKE '%resum%' ORDER BY id;
SELECT id, body LIKE '%e%', title LIKE '%e%', title LIKE '%NOTES%' FROM txt ORDER BY id;

-- the search's shape: an OR of (kind, st) pairs read through the key on kind
SELECT SQL_CALC_FOUND_ROWS id FROM txt
 WHERE ((title LIKE '%resume%') OR (body LIKE '%resume%')) AND ((kind = 'attachment' AND st = 'publish')
   OR (kind = 'page' AND st = 'publish') OR (kind = 'post' AND st = 'publish'))
 ORDER BY title LIKE '%resume%' DESC, d DESC LIMIT 2;
SELECT FOUND_ROWS();
SELECT id FROM txt WHERE (kind = 'post' AND st = 'publish') OR (kind = 'page' AND st = 'publish');
SELECT id FROM txt WHERE (kind = 'post' AND st = 'publish') OR (kind = 'PAGE' AND st = 'publish') OR (kind = 'post' AND st = 'draft');
SELECT id FROM txt WHERE (kind = 'post' AND st = 'publish') OR kind IN ('page', 'attachment');
SELECT id FROM txt WHERE (kind = 'post' AND st = 'publish') OR (st = 'inherit');
SELECT id FROM txt WHERE (kind = 'post' OR kind = NULL) AND st = 'publish';
SELECT id FROM txt WHERE ((kind = 'post' AND (st = 'publish' OR st = 'private')) OR (kind = 'page' AND st = 'publish')) ORDER BY d DESC;
SELECT id FROM txt WHERE NOT ((kind = 'post' AND st = 'publish') OR (kind = 'page' AND st = 'publish'));
SELECT COUNT(*) FROM txt WHERE (kind = 'post' AND st = 'publish') OR (kind = 'page' AND st = 'publish');
SELECT id FROM txt WHERE (kind = 1 AND st = 'publish') OR (kind = 'page' AND st = 'publish');
SELECT a.id, b.id FROM txt a JOIN txt b ON b.kind = a.kind WHERE (a.kind = 'page' AND b.st = 'publish') OR (a.kind = 'attachment' AND b.st = 'publish') ORDER BY a.id, b.id;
UPDATE txt SET st = 'publish' WHERE (kind = 'post' AND st = 'draft') OR (kind = 'post' AND st = 'private');
SELECT id, st FROM txt WHERE (kind = 'post' AND st = 'publish') OR (kind = 'page' AND st = 'publish') ORDER BY id;
DELETE FROM txt WHERE (kind = 'revision' AND st = 'inherit') OR (kind = 'attachment' AND st = 'inherit');
SELECT id FROM txt ORDER BY id;

-- '%a%b%': every literal must be somewhere (the fast '%literal%' paths), then the order
SELECT id, title LIKE '%caf%notes%' AS a, body LIKE '%CAFE%resume%' AS b, body LIKE '%resume%cafe%' AS c,
       body LIKE '%lorem%naive%' AS d, body LIKE '%strasse%lang%' AS e, body LIKE '%x\%%y%' AS f FROM txt ORDER BY id;
SELECT COUNT(*) FROM txt WHERE body LIKE '%ipsum%dolor%lorem%';
SELECT COUNT(*) FROM txt WHERE body LIKE '%ipsum%%dolor%' COLLATE utf8mb4_bin;
SELECT 'nightjar' LIKE '%night%jar%', 'jarnight' LIKE '%night%jar%', 'NIGHT-JAR' LIKE '%night%jar%',
       'nïght jär' LIKE '%night%jar%', 'nïght jär' COLLATE utf8mb4_bin LIKE '%night%jar%', 'a%b' LIKE '%a%\%%b%',
       'ab' LIKE '%a%\%%b%', 'a_b' LIKE '%a%|_%b%' ESCAPE '|';

-- a word with characters beyond ASCII: each equal to one ASCII character under the
-- collation is that character (é = E); one that is not (ß in unicode_520: ss) keeps the
-- character-by-character match
CREATE TABLE acc (id INT PRIMARY KEY, u TEXT COLLATE utf8mb4_unicode_520_ci, g TEXT COLLATE utf8mb4_general_ci,
  a TEXT COLLATE utf8mb4_uca1400_ai_ci, b TEXT COLLATE utf8mb4_bin, l TEXT CHARACTER SET latin1) DEFAULT CHARSET=utf8mb4;
INSERT INTO acc VALUES
  (1, CONCAT(REPEAT('x', 50), ' Café crème '), CONCAT(REPEAT('x', 50), ' Café crème '), CONCAT(REPEAT('x', 50), ' Café crème '), CONCAT(REPEAT('x', 50), ' Café crème '), CONCAT(REPEAT('x', 50), ' Café crème ')),
  (2, CONCAT(REPEAT('y', 50), ' CAFE CREME '), CONCAT(REPEAT('y', 50), ' CAFE CREME '), CONCAT(REPEAT('y', 50), ' CAFE CREME '), CONCAT(REPEAT('y', 50), ' CAFE CREME '), CONCAT(REPEAT('y', 50), ' CAFE CREME ')),
  (3, CONCAT(REPEAT('z', 50), ' cafe', _utf8mb4 0xCC81, ' '), CONCAT(REPEAT('z', 50), ' cafe', _utf8mb4 0xCC81, ' '), CONCAT(REPEAT('z', 50), ' cafe', _utf8mb4 0xCC81, ' '), CONCAT(REPEAT('z', 50), ' cafe', _utf8mb4 0xCC81, ' '), CONCAT(REPEAT('z', 50), ' cafe ')),
  (4, CONCAT(REPEAT('w', 50), ' Straße strasse Strase naïve Ärger über '), CONCAT(REPEAT('w', 50), ' Straße strasse Strase naïve Ärger über '), CONCAT(REPEAT('w', 50), ' Straße strasse Strase naïve Ärger über '), CONCAT(REPEAT('w', 50), ' Straße strasse Strase naïve Ärger über '), CONCAT(REPEAT('w', 50), ' Straße strasse Strase naïve Ärger über ')),
  (5, 'café', 'CAFÉ', 'çafe', 'cafè', 'cafÉ');
SELECT id, u LIKE '%café%', g LIKE '%café%', a LIKE '%café%', b LIKE '%café%', l LIKE '%café%' FROM acc ORDER BY id;
SELECT id, u LIKE '%CAFÉ CRÈME%', g LIKE '%cafÉ%', a LIKE '%çafé%', b LIKE '%Café%', l LIKE '%CAFÉ%' FROM acc ORDER BY id;
SELECT id, u LIKE '%straße%', g LIKE '%straße%', a LIKE '%straße%', g LIKE '%strase%', u LIKE '%naïve%', g LIKE '%ärger%', a LIKE '%ÜBER%' FROM acc ORDER BY id;
SELECT id, u LIKE '%é%', g LIKE '%É%', u LIKE '%é %', a LIKE '%Ç%' FROM acc ORDER BY id;
SELECT id, u LIKE '%cr%me%', g LIKE '%caf%crème%', a LIKE '%ärg%über%' FROM acc ORDER BY id;
-- a character equal to no one ASCII character: the longest run of the others first
SELECT id, u LIKE '%straße%', u LIKE '%STRAßE%', a LIKE '%ße st%', u LIKE '%a\%ß%', u LIKE '%ß%' FROM acc ORDER BY id;
SELECT COUNT(*) FROM acc WHERE u LIKE '%rgerß%' OR g LIKE '%ßx%';

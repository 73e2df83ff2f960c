-- MATCH ... AGAINST over FULLTEXT keys (engine/fulltext.c): InnoDB's tokens, stopwords
-- and relevance values, its row order for WHERE MATCH, and its errors.

CREATE TABLE a (id INT PRIMARY KEY, title VARCHAR(200), body TEXT,
  FULLTEXT KEY ft (title, body), FULLTEXT KEY fb (body)) DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_unicode_520_ci STATS_AUTO_RECALC=0;
INSERT INTO a VALUES (5, 'MySQL Tutorial', 'DBMS stands for DataBase ...'),
  (2, 'How To Use MySQL Well', 'After you went through a ...'),
  (3, 'Optimizing MySQL', 'In this tutorial we show ...'),
  (1, '1001 MySQL Tricks', '1. Never run mysqld as root. 2. ...'),
  (4, 'MySQL vs. YourSQL', 'In the following database comparison ...'),
  (6, 'MySQL Security', 'When configured properly, MySQL ... don''t it''s o''neil a''b rock''n''roll'),
  (7, 'café naïve', 'straße über Müller''s x_y_z ab abc abcd 中文字 日本語 𝄞word😀tail');
-- one word: idf = log10(rows / rows holding it); a word in every row but one, one in two rows
SELECT id, MATCH (title, body) AGAINST ('database') AS m FROM a;
SELECT id, MATCH (title, body) AGAINST ('mysql') AS m FROM a;
-- WHERE MATCH: the best rank first, equal ranks in the order the rows were inserted
SELECT id, MATCH (title, body) AGAINST ('database tutorial') AS m FROM a WHERE MATCH (title, body) AGAINST ('database tutorial');
SELECT id FROM a WHERE MATCH (title, body) AGAINST ('mysql');
SELECT id FROM a WHERE MATCH (title, body) AGAINST ('mysql') LIMIT 3;
SELECT SQL_CALC_FOUND_ROWS id, title FROM a WHERE MATCH (title, body) AGAINST ('mysql tutorial') LIMIT 2;
SELECT FOUND_ROWS();
SELECT COUNT(*) FROM a WHERE MATCH (title, body) AGAINST ('mysql tutorial');
-- a word written twice counts its rows twice
SELECT id, MATCH (title, body) AGAINST ('database database tutorial') AS m FROM a;
SELECT id, MATCH (title, body) AGAINST ('mysql mysql mysql') AS m FROM a;
-- apostrophes split words; words of fewer than 3 characters and stopwords are not indexed
SELECT id, MATCH (title, body) AGAINST ('don it''s neil rock roll') AS m FROM a;
SELECT id, MATCH (title, body) AGAINST ('the with ab abc') AS m FROM a;
SELECT id, MATCH (title, body) AGAINST ('') AS m, MATCH (title, body) AGAINST (NULL) AS n FROM a;
-- words compare in the column's collation (café = cafe, ß = ss); CJK runs are words;
-- characters beyond the BMP end words
SELECT id, MATCH (title, body) AGAINST ('CAFE strasse muller abc 中文字 x_y_z') AS m FROM a;
SELECT id, MATCH (title, body) AGAINST ('word tail') AS m FROM a;
-- the key over body alone; the columns in another order name the same key
SELECT id, MATCH (body) AGAINST ('database') AS m FROM a;
SELECT id, MATCH (body, title) AGAINST ('database') AS m FROM a WHERE MATCH (title, body) AGAINST ('database');
SELECT id, MATCH (a.title, a.body) AGAINST ('tutorial') AS m FROM a AS a WHERE id > 2 ORDER BY m DESC, id;
-- errors: no key over those columns, a query that is not constant, a column that is not there
SELECT id FROM a WHERE MATCH (title) AGAINST ('database');
SELECT id FROM a WHERE MATCH (title, body) AGAINST (title);
SELECT id FROM a WHERE MATCH (nosuch) AGAINST ('x');
SELECT 1 FROM a x JOIN a y ON x.id = y.id WHERE MATCH (x.title, y.body) AGAINST ('mysql');
SELECT id FROM a WHERE NOT MATCH (title, body) AGAINST ('mysql');
SELECT COUNT(*) FROM a WHERE MATCH (title, body) AGAINST ('mysql') AND MATCH (body) AGAINST ('database');
SELECT MATCH (title, body) AGAINST (CONCAT('data', 'base')) AS m FROM a WHERE id = 5;

-- MATCH compared, ORed, in a join, a subquery, a prepared statement
SELECT id FROM a WHERE MATCH (title, body) AGAINST ('mysql tutorial') > 0.2;
SELECT id FROM a WHERE 0 < MATCH (title, body) AGAINST ('mysql tutorial');
SELECT id FROM a WHERE MATCH (title, body) AGAINST ('mysql tutorial') >= 0;
SELECT id FROM a WHERE MATCH (title, body) AGAINST ('tutorial') OR id = 1;
SELECT x.id, y.id, MATCH (x.title, x.body) AGAINST ('database') AS m FROM a x JOIN a y ON y.id = x.id + 1 ORDER BY x.id;
SELECT id FROM a WHERE id IN (SELECT id FROM a WHERE MATCH (title, body) AGAINST ('database')) ORDER BY id;
PREPARE s FROM 'SELECT id, MATCH (title, body) AGAINST (?) AS m FROM a WHERE MATCH (title, body) AGAINST (?)';
SET @q = 'tutorial security';
EXECUTE s USING @q, @q;
SET @q = 'mysql';
EXECUTE s USING @q, @q;
DEALLOCATE PREPARE s;

-- a generated corpus: 600 rows of words from a small vocabulary
CREATE TABLE d (n INT NOT NULL);
INSERT INTO d VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE corp (id INT NOT NULL PRIMARY KEY, kind VARCHAR(20) NOT NULL, title VARCHAR(255) NOT NULL,
  content LONGTEXT NOT NULL, FULLTEXT KEY ftc (title, content)) DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_unicode_520_ci STATS_AUTO_RECALC=0;
INSERT INTO corp
SELECT x.n * 100 + y.n * 10 + z.n + 1,
       ELT(1 + (x.n + z.n) % 3, 'post', 'page', 'attachment'),
       CONCAT_WS(' ', ELT(1 + (x.n * 7 + y.n) % 9, 'Nightjar', 'WordPress', 'Search', 'Zebra', 'Café', 'Straße', 'Résumé', 'Garden', 'Quasar'),
                 ELT(1 + (y.n * 3 + z.n) % 5, 'notes', 'review', 'guide', 'tips', 'news')),
       CONCAT_WS(' ', REPEAT('lorem ipsum ', 1 + z.n % 4),
                 ELT(1 + (x.n + y.n * 7 + z.n * 3) % 11, 'nightjar', 'wordpress', 'search', 'zebra', 'cafe', 'strasse', 'resume', 'garden', 'quasar', 'the', 'database'),
                 ELT(1 + (x.n * 3 + z.n * 5) % 7, 'dolor sit', 'amet', 'nightjar nightjar', 'performance', 'realistic', 'Über', 'naïve'),
                 REPEAT('garden ', (x.n + y.n) % 3), 'end')
FROM d x, d y, d z WHERE x.n < 6;
SELECT COUNT(*) FROM corp;
SELECT id, MATCH (title, content) AGAINST ('nightjar') AS m FROM corp WHERE MATCH (title, content) AGAINST ('nightjar');
SELECT id, MATCH (title, content) AGAINST ('nightjar garden') AS m FROM corp WHERE MATCH (title, content) AGAINST ('nightjar garden');
SELECT id, MATCH (title, content) AGAINST ('café résumé straße') AS m FROM corp WHERE MATCH (title, content) AGAINST ('café résumé straße') LIMIT 40;
SELECT id, MATCH (title, content) AGAINST ('lorem') AS m FROM corp WHERE id <= 30;
SELECT id, title, MATCH (title, content) AGAINST ('wordpress performance tips') AS score FROM corp
  WHERE MATCH (title, content) AGAINST ('wordpress performance tips') ORDER BY score DESC LIMIT 10;
SELECT kind, COUNT(*), SUM(MATCH (title, content) AGAINST ('zebra quasar')) FROM corp
  WHERE MATCH (title, content) AGAINST ('zebra quasar') GROUP BY kind ORDER BY kind;
SELECT id FROM corp WHERE kind = 'post' AND MATCH (title, content) AGAINST ('search review');
SELECT id, MATCH (title, content) AGAINST ('über naive') AS m FROM corp WHERE MATCH (title, content) AGAINST ('über naive') AND id % 4 = 1;
EXPLAIN SELECT id FROM corp WHERE MATCH (title, content) AGAINST ('nightjar');
EXPLAIN SELECT id FROM corp WHERE kind = 'post' AND MATCH (title, content) AGAINST ('nightjar') > 0.1;
EXPLAIN SELECT id, MATCH (title, content) AGAINST ('nightjar') AS m FROM corp WHERE MATCH (title, content) AGAINST ('nightjar') ORDER BY m DESC LIMIT 3;
EXPLAIN SELECT id FROM corp WHERE MATCH (title, content) AGAINST ('nightjar') ORDER BY id;
EXPLAIN SELECT kind, COUNT(*) FROM corp WHERE MATCH (title, content) AGAINST ('nightjar') GROUP BY kind;
EXPLAIN SELECT id, MATCH (title, content) AGAINST ('nightjar') FROM corp;
SELECT MAX(MATCH (title, content) AGAINST ('database amet')) AS mx, MIN(MATCH (title, content) AGAINST ('database amet')) AS mn FROM corp;

-- another collation: utf8mb4_general_ci (ß = s, so strasse is not straße)
CREATE TABLE g (id INT PRIMARY KEY, body TEXT, FULLTEXT KEY (body)) DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_general_ci STATS_AUTO_RECALC=0;
INSERT INTO g VALUES (1, 'Straße café'), (2, 'strasse cafe'), (3, 'stra e'), (4, 'other words'), (5, 'CAFÉ again');
SELECT id, MATCH (body) AGAINST ('straße') AS m FROM g;
SELECT id, MATCH (body) AGAINST ('cafe') AS m FROM g WHERE MATCH (body) AGAINST ('cafe');
-- a latin1 table
CREATE TABLE l (id INT PRIMARY KEY, body TEXT, FULLTEXT KEY (body)) DEFAULT CHARSET=latin1 STATS_AUTO_RECALC=0;
INSERT INTO l VALUES (1, 'Müller café'), (2, 'muller cafe'), (3, 'nothing here'), (4, 'MÜLLER');
SELECT id, MATCH (body) AGAINST ('muller') AS m FROM l WHERE MATCH (body) AGAINST ('muller');
-- a DELETE that finds its rows by MATCH
DELETE FROM l WHERE MATCH (body) AGAINST ('muller');
SELECT id FROM l ORDER BY id;

-- writes: the key follows inserts, updates, deletes and TRUNCATE (a one-word query's
-- values: InnoDB leaves out deleted rows for those, its many-word ranks still count them)
CREATE TABLE w (id INT PRIMARY KEY, body TEXT, FULLTEXT KEY (body)) DEFAULT CHARSET=utf8mb4 STATS_AUTO_RECALC=0;
INSERT INTO w VALUES (1, 'alpha beta'), (2, 'beta gamma'), (3, 'gamma delta'), (6, 'other'), (7, 'more');
SELECT id, MATCH (body) AGAINST ('beta') AS m FROM w WHERE MATCH (body) AGAINST ('beta');
INSERT INTO w VALUES (4, 'beta beta epsilon');
SELECT id, MATCH (body) AGAINST ('beta') AS m FROM w WHERE MATCH (body) AGAINST ('beta');
UPDATE w SET body = 'omega' WHERE id = 2;
SELECT id, MATCH (body) AGAINST ('beta') AS m FROM w WHERE MATCH (body) AGAINST ('beta');
SELECT id, MATCH (body) AGAINST ('omega') AS m FROM w WHERE MATCH (body) AGAINST ('omega');
DELETE FROM w WHERE id = 1;
SELECT id, MATCH (body) AGAINST ('beta') AS m FROM w WHERE MATCH (body) AGAINST ('beta');
SELECT id FROM w WHERE MATCH (body) AGAINST ('beta gamma omega') ORDER BY id;
-- InnoDB adds a transaction's rows to the key when it commits: its own new row is not found before
START TRANSACTION;
INSERT INTO w VALUES (5, 'beta zeta');
SELECT id FROM w WHERE MATCH (body) AGAINST ('zeta');
SELECT id, MATCH (body) AGAINST ('beta') AS m FROM w;
UPDATE w SET body = 'sigma' WHERE id = 3;
DELETE FROM w WHERE id = 4;
ROLLBACK;
SELECT id, MATCH (body) AGAINST ('beta') AS m FROM w WHERE MATCH (body) AGAINST ('beta');
SELECT id, MATCH (body) AGAINST ('gamma') AS m FROM w WHERE MATCH (body) AGAINST ('gamma');
START TRANSACTION;
INSERT INTO w VALUES (5, 'beta zeta');
COMMIT;
SELECT id, MATCH (body) AGAINST ('zeta') AS m FROM w WHERE MATCH (body) AGAINST ('zeta');
TRUNCATE TABLE w;
SELECT id FROM w WHERE MATCH (body) AGAINST ('beta');
INSERT INTO w VALUES (9, 'beta again');
SELECT id, MATCH (body) AGAINST ('beta') AS m FROM w WHERE MATCH (body) AGAINST ('beta');
ALTER TABLE w ADD COLUMN extra TEXT;
CREATE FULLTEXT INDEX fe ON w (extra);
UPDATE w SET extra = 'beta extra';
SELECT id, MATCH (extra) AGAINST ('extra') AS m FROM w WHERE MATCH (extra) AGAINST ('extra');

-- updates in place: of another column (the key's words stay), of the words of some rows
-- (InnoDB gives them new doc ids: equal ranks come after the others), of more rows than
-- pressdb follows one by one (its postings start over); one-word queries (many-word
-- ranks of InnoDB count the old words of updated rows until OPTIMIZE TABLE)
UPDATE corp SET kind = 'post' WHERE id % 5 = 0;
SELECT id, MATCH (title, content) AGAINST ('nightjar') AS m FROM corp WHERE MATCH (title, content) AGAINST ('nightjar');
UPDATE corp SET content = CONCAT(content, ' nightjar') WHERE id IN (7, 300, 44, 512);
SELECT id, MATCH (title, content) AGAINST ('nightjar') AS m FROM corp WHERE MATCH (title, content) AGAINST ('nightjar');
UPDATE corp SET content = CONCAT('zebra ', content) WHERE id = 300;
SELECT id, MATCH (title, content) AGAINST ('zebra') AS m FROM corp WHERE MATCH (title, content) AGAINST ('zebra') LIMIT 30;
INSERT INTO corp VALUES (1001, 'post', 'Zebra nightjar', 'zebra');
SELECT id, MATCH (title, content) AGAINST ('zebra') AS m FROM corp WHERE MATCH (title, content) AGAINST ('zebra') LIMIT 30;
UPDATE corp SET content = CONCAT(content, ' appended') WHERE id % 2 = 0;
SELECT COUNT(*), SUM(MATCH (title, content) AGAINST ('appended')) FROM corp WHERE MATCH (title, content) AGAINST ('appended');
SELECT id, MATCH (title, content) AGAINST ('garden') AS m FROM corp WHERE MATCH (title, content) AGAINST ('garden') LIMIT 20;
-- ORDER BY another column over rows from the key: MariaDB's filesort reads MATCH's
-- columns too (a TEXT among them: sorted by row reference, ties in primary key order)
SELECT id FROM corp WHERE MATCH (title, content) AGAINST ('nightjar') ORDER BY kind;
SELECT id, kind FROM corp WHERE MATCH (title, content) AGAINST ('garden') ORDER BY kind DESC LIMIT 15;

-- what a FULLTEXT key may hold: CHAR, VARCHAR and TEXT of one collation (1283 otherwise)
CREATE TABLE f1 (id INT PRIMARY KEY, n INT, FULLTEXT KEY (n));
CREATE TABLE f2 (id INT PRIMARY KEY, b TEXT, FULLTEXT KEY (b(10)));
CREATE TABLE f4 (id INT PRIMARY KEY, b VARBINARY(100), FULLTEXT KEY (b));
CREATE TABLE f5 (id INT PRIMARY KEY, b TEXT, c TEXT CHARSET latin1, FULLTEXT KEY (b, c));
CREATE TABLE f6 (id INT PRIMARY KEY, b BLOB, FULLTEXT KEY (b));
CREATE TABLE f8 (id INT PRIMARY KEY, b VARCHAR(50) COLLATE utf8mb4_bin, c CHAR(10) COLLATE utf8mb4_general_ci, FULLTEXT KEY (b, c));
CREATE TABLE f9 (id INT PRIMARY KEY, b VARCHAR(50), c CHAR(10), d DATE);
ALTER TABLE f9 ADD FULLTEXT KEY (d);
CREATE FULLTEXT INDEX fbc ON f9 (b, c);
ALTER TABLE f9 ADD FULLTEXT KEY (id);
SHOW CREATE TABLE f9;
-- where a FULLTEXT key cannot be: MEMORY (1214), a temporary InnoDB table (1796)
CREATE TABLE m1 (id INT, b VARCHAR(10), FULLTEXT KEY (b)) ENGINE=MEMORY;
CREATE TEMPORARY TABLE m2 (id INT, b VARCHAR(10), FULLTEXT KEY (b)) ENGINE=MyISAM;
DROP TEMPORARY TABLE m2;
CREATE TEMPORARY TABLE m3 (id INT, b VARCHAR(10), FULLTEXT KEY (b)) ENGINE=InnoDB;
CREATE TEMPORARY TABLE m4 (id INT, b VARCHAR(10), FULLTEXT KEY (b));
CREATE TEMPORARY TABLE m6 (id INT, b VARCHAR(10));
ALTER TABLE m6 ADD FULLTEXT KEY (b);
DROP TEMPORARY TABLE m6;
-- ORDER BY the WHERE's MATCH DESC: the FULLTEXT key's order, equal ranks as they were indexed.
-- (Where an updated row ties with others MariaDB places it after them or before them from one
-- run to the next, so the row updated here gets a rank of its own.)
CREATE TABLE ft_ord (id INT PRIMARY KEY, body TEXT, FULLTEXT (body));
INSERT INTO ft_ord VALUES (1, 'apple pie'), (2, 'apple tart'), (3, 'apple cake'), (4, 'pear'), (5, 'apple apple crumble');
SELECT id FROM ft_ord WHERE MATCH (body) AGAINST ('apple');
UPDATE ft_ord SET body = 'apple apple apple pie' WHERE id = 1;
SELECT id FROM ft_ord WHERE MATCH (body) AGAINST ('apple');
SELECT id FROM ft_ord WHERE MATCH (body) AGAINST ('apple') ORDER BY MATCH (body) AGAINST ('apple') DESC;
SELECT id, MATCH (body) AGAINST ('apple') r FROM ft_ord WHERE MATCH (body) AGAINST ('apple') ORDER BY r DESC;
SELECT id, MATCH (body) AGAINST ('apple') r FROM ft_ord WHERE MATCH (body) AGAINST ('apple') ORDER BY 2 DESC LIMIT 2;
SELECT id, MATCH (body) AGAINST ('apple') r FROM ft_ord WHERE MATCH (body) AGAINST ('apple') ORDER BY r;
SELECT id, LENGTH(body) l FROM ft_ord WHERE MATCH (body) AGAINST ('apple') ORDER BY l;
DROP TABLE ft_ord;

-- MATCH ... AGAINST (... IN BOOLEAN MODE) and WITH QUERY EXPANSION (engine/fulltext_bool.c):
-- InnoDB's operators and passes (plain terms and ~ < > first, then +, then -), the tree its
-- parser builds (a group wraps what came before it), phrases, proximity, prefixes, its
-- ranks, its syntax errors; every answer compared with MariaDB's.

CREATE TABLE t (id INT PRIMARY KEY, title VARCHAR(200), body TEXT, FULLTEXT KEY ft (title, body))
  DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_unicode_520_ci STATS_AUTO_RECALC=0;
-- one row per statement, not in id order: equal ranks come in the order rows were inserted
INSERT INTO t VALUES (5, 'apple banana', 'apple cherry apple');
INSERT INTO t VALUES (2, 'banana split', 'banana banana cherry grape');
INSERT INTO t VALUES (9, 'cherry pie', 'the apple of my eye');
INSERT INTO t VALUES (1, 'grape juice', 'grape grape grape melon');
INSERT INTO t VALUES (7, 'melon', 'apple pie with melon');
INSERT INTO t VALUES (3, 'lemon tart', 'lemon apple banana cherry');
INSERT INTO t VALUES (12, 'orange', 'orange orange apple pie');
INSERT INTO t VALUES (4, 'peach', 'peach cobbler apple a pie');
INSERT INTO t VALUES (11, 'plum', 'plum plums plumber');
INSERT INTO t VALUES (8, 'kiwi', 'kiwi fruit and apples');
INSERT INTO t VALUES (6, 'apple-pie', 'apple pie apple pie');
INSERT INTO t VALUES (10, 'nothing', 'xyz words only here');
INSERT INTO t VALUES (13, 'grapefruit', 'grapefruit grapes grape');
SELECT id, MATCH (title, body) AGAINST ('apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('+apple banana' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+apple banana' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('apple -banana' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('apple -banana' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('+apple -banana cherry' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+apple -banana cherry' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('+apple +banana' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+apple +banana' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('apple ~banana' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('apple ~banana' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('+apple ~banana' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+apple ~banana' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('>apple <banana' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('>apple <banana' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('+(apple banana) cherry' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+(apple banana) cherry' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('-apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('-apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('~apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('~apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('<apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('<apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('apple apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('apple apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('>(apple banana)' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('>(apple banana)' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('~(apple) banana' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('~(apple) banana' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('+apple (banana)' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+apple (banana)' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('(banana) +apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('(banana) +apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('banana -apple,pie cherry' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('banana -apple,pie cherry' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('apple pie melon' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('apple pie melon' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('apple melon pie' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('apple melon pie' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('"apple pie"' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('"apple pie"' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('"apple a pie"' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('"apple a pie"' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('"apple the"' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('"apple the"' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('"cherry apple" @3' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('"cherry apple" @3' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('"cherry apple" @4' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('"cherry apple" @4' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('app*' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('app*' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('grape* grape' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('grape* grape' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('+the apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+the apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('ab apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('ab apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('"apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('"apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('(apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('(apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('apple)' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('apple)' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('"apple pie" @' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('"apple pie" @' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('**' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('**' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('+-apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+-apple' IN BOOLEAN MODE);
-- without WHERE: rows not found rank 0
SELECT id, MATCH (title, body) AGAINST ('apple ~banana' IN BOOLEAN MODE) AS m FROM t ORDER BY id;
SELECT id, MATCH (title, body) AGAINST ('+"the" apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+"the" apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('"the" apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('"the" apple' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('+apple,pie' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+apple,pie' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('a (b' IN BOOLEAN MODE) AS m FROM t;
SELECT id, MATCH (title, body) AGAINST ('apple @3' IN BOOLEAN MODE) AS m FROM t;
SELECT id, MATCH (title, body) AGAINST ('(apple @3)' IN BOOLEAN MODE) AS m FROM t;
SELECT id, MATCH (title, body) AGAINST ('apple +' IN BOOLEAN MODE) AS m FROM t;
SELECT id, MATCH (title, body) AGAINST ('(+)' IN BOOLEAN MODE) AS m FROM t;
SELECT id, MATCH (title, body) AGAINST ('<>a' IN BOOLEAN MODE) AS m FROM t;
SELECT id, MATCH (title, body) AGAINST ('apple**' IN BOOLEAN MODE) AS m FROM t;
SELECT id, MATCH (title, body) AGAINST ('"a b"@x' IN BOOLEAN MODE) AS m FROM t;
SELECT id, MATCH (title, body) AGAINST ('() +() "" % apple' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('() +() "" % apple' IN BOOLEAN MODE);
SELECT id FROM t WHERE MATCH (title, body) AGAINST ('((((((((((((((((((((((((((((((((apple))))))))))))))))))))))))))))))))' IN BOOLEAN MODE);
SELECT id FROM t WHERE MATCH (title, body) AGAINST ('(((((((((((((((((((((((((((((((((apple)))))))))))))))))))))))))))))))))' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('melon' WITH QUERY EXPANSION) AS m FROM t WHERE MATCH (title, body) AGAINST ('melon' WITH QUERY EXPANSION);
SELECT id, MATCH (title, body) AGAINST ('+apple -pie' IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST ('+apple -pie' IN BOOLEAN MODE) ORDER BY id;
SELECT COUNT(*) FROM t WHERE MATCH (title, body) AGAINST ('+grape* -grapefruit' IN BOOLEAN MODE);
PREPARE s FROM 'SELECT id, MATCH (title, body) AGAINST (? IN BOOLEAN MODE) AS m FROM t WHERE MATCH (title, body) AGAINST (? IN BOOLEAN MODE)';
SET @q = '>pie <cherry';
EXECUTE s USING @q, @q;
SET @q = '+(pie melon) -"apple pie"';
EXECUTE s USING @q, @q;
DEALLOCATE PREPARE s;
-- a rank of exactly 0 is not a match
CREATE TABLE t8 (id INT PRIMARY KEY, title VARCHAR(200), body TEXT, FULLTEXT KEY ft (title, body))
  DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_unicode_520_ci STATS_AUTO_RECALC=0;
INSERT INTO t8 VALUES (1, 'unique', 'x1'), (2, 'common', 'x2'), (3, 'common', 'x3'), (4, 'common', 'x4'), (5, 'common', 'x5'),
  (6, 'common', 'x6'), (7, 'common', 'x7'), (8, 'common', 'x8'), (9, 'common', 'x9'), (10, 'common', 'x10');
SELECT id, MATCH (title, body) AGAINST ('unique' IN BOOLEAN MODE) AS m FROM t8 WHERE MATCH (title, body) AGAINST ('unique' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('<unique' IN BOOLEAN MODE) AS m FROM t8 WHERE MATCH (title, body) AGAINST ('<unique' IN BOOLEAN MODE);
SELECT id, MATCH (title, body) AGAINST ('<unique' IN BOOLEAN MODE) AS m FROM t8 WHERE id = 1;
SELECT id, MATCH (title, body) AGAINST ('~unique common' IN BOOLEAN MODE) AS m FROM t8 WHERE MATCH (title, body) AGAINST ('~unique common' IN BOOLEAN MODE);
-- natural language mode: a quoted phrase is a phrase; operators and * are not operators
SELECT id, MATCH (title, body) AGAINST ('"apple pie"') AS m FROM t WHERE MATCH (title, body) AGAINST ('"apple pie"');
SELECT id, MATCH (title, body) AGAINST ('melon "apple pie" grape') AS m FROM t WHERE MATCH (title, body) AGAINST ('melon "apple pie" grape');
SELECT id, MATCH (title, body) AGAINST ('+apple -pie') AS m FROM t WHERE MATCH (title, body) AGAINST ('+apple -pie');
SELECT id, MATCH (title, body) AGAINST ('app*') AS m FROM t WHERE MATCH (title, body) AGAINST ('app*');
SELECT id, MATCH (title, body) AGAINST ('"apple pie') AS m FROM t WHERE MATCH (title, body) AGAINST ('"apple pie');
SELECT id, MATCH (title, body) AGAINST ('"apple pie"' WITH QUERY EXPANSION) AS m FROM t WHERE MATCH (title, body) AGAINST ('"apple pie"' WITH QUERY EXPANSION);
-- natural language mode's own lexer: a '*' apart from its word makes a prefix, one stuck
-- to it does not; a '*' with no word is a syntax error; operators are part of words
SELECT id, MATCH (title, body) AGAINST ('grape  *') AS m FROM t WHERE MATCH (title, body) AGAINST ('grape  *');
SELECT id, MATCH (title, body) AGAINST ('grape*') AS m FROM t WHERE MATCH (title, body) AGAINST ('grape*');
SELECT id, MATCH (title, body) AGAINST ('kiwi *%APPLE') AS m FROM t WHERE MATCH (title, body) AGAINST ('kiwi *%APPLE');
SELECT id, MATCH (title, body) AGAINST ('> a * "~ ,') AS m FROM t WHERE MATCH (title, body) AGAINST ('> a * "~ ,');
SELECT id, MATCH (title, body) AGAINST ('* %% ') AS m FROM t;
SELECT id, MATCH (title, body) AGAINST ('(apple) +banana -cherry') AS m FROM t WHERE MATCH (title, body) AGAINST ('(apple) +banana -cherry');
SELECT id, MATCH (title, body) AGAINST ('apple banana' WITH QUERY EXPANSION) AS m FROM t WHERE MATCH (title, body) AGAINST ('apple banana' WITH QUERY EXPANSION);
-- MariaDB reads through the FULLTEXT key whenever WHERE has a MATCH it answers, even
-- beside a primary key equality or range, or another key's
ALTER TABLE t ADD KEY kt (title);
SELECT id FROM t WHERE MATCH (title, body) AGAINST ('apple' IN BOOLEAN MODE) AND id > 2;
SELECT id FROM t WHERE MATCH (title, body) AGAINST ('apple' IN BOOLEAN MODE) AND id IN (3, 5, 6);
SELECT id FROM t WHERE MATCH (title, body) AGAINST ('apple pie') AND title <> 'melon';
EXPLAIN SELECT id FROM t WHERE MATCH (title, body) AGAINST ('apple' IN BOOLEAN MODE) AND id = 3;
EXPLAIN SELECT id FROM t WHERE MATCH (title, body) AGAINST ('apple' IN BOOLEAN MODE) AND title = 'melon';
EXPLAIN FORMAT=JSON SELECT id FROM t WHERE MATCH (title, body) AGAINST ('apple' IN BOOLEAN MODE);
EXPLAIN EXTENDED SELECT id, MATCH (title, body) AGAINST ('apple') FROM t WHERE MATCH (t.title, body) AGAINST ('apple' WITH QUERY EXPANSION);
SHOW WARNINGS;

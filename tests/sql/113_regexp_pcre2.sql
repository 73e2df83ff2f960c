-- REGEXP, RLIKE and REGEXP_REPLACE/SUBSTR/INSTR through PCRE2 as MariaDB runs them
-- (engine/func_regexp.c): PCRE2 syntax (\K, (?P=name), recursion, [[:<:]], \o{..},
-- possessive quantifiers), MariaDB's REGEXP_REPLACE loop and replacement text, binary
-- strings byte for byte, case folding by collation, character positions in multibyte
-- text, default_regex_flags, compile errors with PCRE2's messages and offsets, and a
-- match that passes PCRE2's match limit (a warning, no match).

SELECT 'foobar' REGEXP 'foo\\Kbar', REGEXP_SUBSTR('foobar', 'foo\\Kbar'), REGEXP_INSTR('foobar', 'foo\\Kbar');
SELECT REGEXP_REPLACE('abc', 'x*', '-'), REGEXP_REPLACE('abc', 'b*', 'X'), REGEXP_REPLACE('abc', '', '-');
SELECT REGEXP_REPLACE('aXbXc', 'X', '-'), REGEXP_REPLACE('abc', 'b', '[\\0\\1\\x]'), REGEXP_REPLACE('abc', '(b)', '<\\1\\1\\2>');
SELECT REGEXP_REPLACE('abc', 'b', 'q\\'), REGEXP_REPLACE('aaa', 'a', '\\\\'), REGEXP_REPLACE('x1y22z333', '[0-9]+', '#');
SELECT REGEXP_REPLACE('Hello World', '(\\w+) (\\w+)', '\\2 \\1'), REGEXP_REPLACE('a.b.c', '\\.', '');
SELECT 'a word here' REGEXP '[[:<:]]word[[:>:]]', 'a wordy here' REGEXP '[[:<:]]word[[:>:]]';
SELECT 'abcabc' REGEXP '(?P<n>abc)(?P=n)', '((()))' REGEXP '^(\\((?1)*\\))+$', '(()' REGEXP '^(\\((?1)*\\))+$';
SELECT 'a' REGEXP '\\o{141}', 'aaa' REGEXP '^a++a', 'aaa' REGEXP '^a+a', 'ab' REGEXP '(?i)AB', 'ab' REGEXP BINARY '(?i)AB';
-- case under the collation, binary either side
SELECT 'ABC' REGEXP 'abc', 'ABC' REGEXP BINARY 'abc', _binary'ABC' REGEXP 'abc', 'ABC' COLLATE utf8mb4_bin REGEXP 'abc';
SELECT 'Ä' REGEXP 'ä', 'Ä' COLLATE utf8mb4_bin REGEXP 'ä', 'ǅ' REGEXP 'ǆ', 'ß' REGEXP 'SS';
-- multibyte text: characters, classes, positions
SELECT REGEXP_INSTR('ñab', 'a'), REGEXP_INSTR('日本語テキスト', 'テ'), REGEXP_INSTR('😀x', 'x'), REGEXP_INSTR('abc', 'z');
SELECT REGEXP_SUBSTR('価格: 1200円', '[0-9]+'), REGEXP_SUBSTR('日本語', '.'), 'é' REGEXP '^.$', 'é' REGEXP '^\\w$';
SELECT REGEXP_REPLACE('ñandú', 'ñ|ú', '_'), REGEXP_REPLACE('naïve café', '\\p{L}+', 'w'), REGEXP_SUBSTR('abc', 'z') IS NULL;
-- binary data byte for byte
SELECT HEX(REGEXP_REPLACE(_binary X'61FF62', 'b', 'c')), HEX(REGEXP_SUBSTR(_binary X'00FF01', X'FF')), REGEXP_INSTR(_binary X'C3A961', 'a');
SELECT _binary X'FF' REGEXP X'FF', _binary X'C3A9' REGEXP '^.$', _binary X'C3A9' REGEXP '^..$';
-- NULLs
SELECT NULL REGEXP 'a', 'a' REGEXP NULL, REGEXP_REPLACE(NULL, 'a', 'b'), REGEXP_REPLACE('a', NULL, 'b'), REGEXP_REPLACE('a', 'a', NULL), REGEXP_INSTR(NULL, 'a'), REGEXP_SUBSTR('a', NULL);
-- numbers and dates as text
SELECT 12345 REGEXP '^[0-9]+$', REGEXP_REPLACE(3.25, '\\.', ','), REGEXP_SUBSTR(DATE '2024-03-05', '[0-9]{2}$');
-- default_regex_flags
SELECT @@default_regex_flags, 'a\nb' REGEXP 'a.b', 'x\nab' REGEXP '^ab', 'ab' REGEXP 'a b';
SET default_regex_flags = 'DOTALL';
SELECT 'a\nb' REGEXP 'a.b';
SET default_regex_flags = 'MULTILINE,EXTENDED';
SELECT 'x\nab' REGEXP '^ab', 'ab' REGEXP 'a b', @@default_regex_flags;
SET default_regex_flags = 'UNGREEDY';
SELECT REGEXP_SUBSTR('aaaa', 'a+'), REGEXP_SUBSTR('<b>x</b>', '<.+>');
SET default_regex_flags = DEFAULT;
SELECT REGEXP_SUBSTR('aaaa', 'a+');
-- a SET: its members in MariaDB's order, a number as their bits, anything else refused
SET default_regex_flags = 'multiline,dotall';
SELECT @@default_regex_flags;
SET default_regex_flags = 'DOTALL,,UNGREEDY';
SELECT @@default_regex_flags;
SET default_regex_flags = 5;
SELECT @@default_regex_flags;
SET default_regex_flags = 'x';
SET default_regex_flags = 200;
SET default_regex_flags = NULL;
SET default_regex_flags = '';
SELECT @@default_regex_flags;
-- patterns from a table, per row; a column's collation
CREATE TABLE rx (id INT PRIMARY KEY, s VARCHAR(40), p VARCHAR(40), b VARCHAR(40) COLLATE utf8mb4_bin, bin VARBINARY(40));
INSERT INTO rx VALUES (1, 'WordPress', '^word', 'WordPress', 'WordPress'), (2, 'wp_posts', '_p[a-z]+$', 'wp_posts', 'wp_posts'),
  (3, 'Ünïcödé', 'ö', 'Ünïcödé', 'Ünïcödé'), (4, NULL, 'x', NULL, NULL), (5, 'a+b', 'a\\+b', 'A+B', 'A+B'), (6, 'tail', NULL, 'tail', 'tail');
SELECT id, s REGEXP p, b REGEXP p, bin REGEXP p, s RLIKE 'W', b REGEXP 'w', bin REGEXP 'w' FROM rx ORDER BY id;
SELECT id, REGEXP_REPLACE(s, p, '*'), REGEXP_INSTR(b, p), REGEXP_SUBSTR(s, '[[:upper:]]') FROM rx ORDER BY id;
SELECT id FROM rx WHERE s REGEXP '^[a-z_]+$' ORDER BY id;
SELECT id FROM rx WHERE s NOT REGEXP 'o' ORDER BY id;
DROP TABLE rx;
-- compile errors: PCRE2's message and offset
SELECT 'abc' REGEXP 'a(b';
SELECT 'abc' REGEXP 'a)b';
SELECT 'abc' REGEXP '[a';
SELECT 'abc' REGEXP '*a';
SELECT 'abc' REGEXP 'a{3,1}';
SELECT 'abc' REGEXP '[z-a]';
SELECT 'abc' REGEXP 'a\\';
SELECT 'xx' REGEXP '(?P=name)';
SELECT 'xx' REGEXP '(?<=a+)b';
SELECT REGEXP_REPLACE('abc', '(', 'x');
-- past PCRE2's match limit: a warning, no match (and the statement after goes on)
SELECT CONCAT(REPEAT('a', 30), '!') REGEXP '^(a+)+$';
SHOW WARNINGS;
SELECT CONCAT(REPEAT('a', 30), '!') REGEXP '^(a|aa)+$', REGEXP_REPLACE(CONCAT(REPEAT('ab ', 12), '!'), '^(\\w+\\s?)+$', 'x');
SHOW WARNINGS;
SELECT 'ok';
-- a pattern longer than the per-thread cache keeps (4 KiB): compiled into the statement's
-- memory each time, also when it fails or warns
SELECT REPEAT('ab', 3000) REGEXP CONCAT('^(', REPEAT('ab', 2100), ')+$'), REGEXP_REPLACE(REPEAT('xy', 10), CONCAT('(', REPEAT('x?', 2100), 'y)'), '-');
SELECT 'abc' REGEXP CONCAT(REPEAT('a', 5000), '(');
SELECT CONCAT(REPEAT('a', 30), '!') REGEXP CONCAT('^(a+)+$', REPEAT('(?:)', 1100));
SHOW WARNINGS;

-- The compiled lookup join (select.c jit_join) takes a conjunct the interpreter memoises
-- by one pooled string column (cmemo: the SEO plugins' `CAST(meta_value AS SIGNED)
-- BETWEEN '1' AND '40'`) through a C helper (memo_code_row): an answer whose evaluation
-- warned is not memoised, so every row with a bad number warns, with its row number, in
-- MariaDB's order. The kernel decides a chunk's conjuncts before the rows reach the sink,
-- so it takes such a conjunct only when the sink cannot warn and reads every row
-- (jj_sink_quiet); an error the helper catches (strict INSERT ... SELECT) is raised again.
-- STRAIGHT_JOIN fixes MariaDB's join order (which rows the CAST sees is the plan's).

CREATE TABLE jd (n INT);
INSERT INTO jd VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE jm (id INT PRIMARY KEY, post_id INT, k VARCHAR(20), v VARCHAR(30), KEY (k), KEY (post_id));
INSERT INTO jm SELECT a.n * 100 + b.n * 10 + c.n, (a.n * 100 + b.n * 10 + c.n) % 700, IF(c.n % 3 = 0, 'other', 'score'),
       CAST((a.n * 37 + b.n * 11 + c.n) % 80 AS CHAR)
  FROM jd a, jd b, jd c ORDER BY 1;
CREATE TABLE jp (ID INT PRIMARY KEY, post_date DATETIME, post_type VARCHAR(20), post_status VARCHAR(20));
INSERT INTO jp SELECT a.n * 100 + b.n * 10 + c.n, '2024-01-01' + INTERVAL (a.n * 100 + b.n * 10 + c.n) * 7 % 1000 HOUR,
       IF(c.n % 4 = 0, 'page', 'post'), IF(b.n = 9, 'draft', 'publish')
  FROM jd a, jd b, jd c WHERE a.n < 7 ORDER BY 1;
UPDATE jm SET v = '12abc' WHERE id % 97 = 3;
UPDATE jm SET v = 'abc' WHERE id % 89 = 5;
UPDATE jm SET v = '' WHERE id % 83 = 7;
UPDATE jm SET v = '40.7' WHERE id % 79 = 10;
UPDATE jm SET v = '1e1' WHERE id % 73 = 11;
UPDATE jm SET v = NULL WHERE id % 67 = 14;
-- the SEO shape: grouped, ordered, FOUND_ROWS
SELECT STRAIGHT_JOIN SQL_CALC_FOUND_ROWS p.ID FROM jm m INNER JOIN jp p ON p.ID = m.post_id
WHERE m.k = 'score' AND CAST(m.v AS SIGNED) BETWEEN '1' AND '40' AND p.post_type = 'post' AND p.post_status = 'publish'
GROUP BY p.ID ORDER BY p.post_date DESC, p.ID LIMIT 0, 10;
SHOW WARNINGS;
SELECT FOUND_ROWS();
-- COUNT, MIN and MAX: a sink that cannot warn
SELECT STRAIGHT_JOIN p.post_type, COUNT(*), MIN(m.id), MAX(m.v) FROM jm m JOIN jp p ON p.ID = m.post_id
WHERE m.k = 'score' AND CAST(m.v AS SIGNED) BETWEEN 1 AND 40 GROUP BY p.post_type;
SHOW WARNINGS;
SELECT STRAIGHT_JOIN COUNT(*) FROM jm m JOIN jp p ON p.ID = m.post_id WHERE CAST(m.v AS UNSIGNED) NOT BETWEEN 5 AND 70;
SHOW WARNINGS;
-- sinks that may warn, or stop early: interpreted, warnings interleaved row by row
SELECT STRAIGHT_JOIN p.post_type, SUM(m.v) FROM jm m JOIN jp p ON p.ID = m.post_id
WHERE m.k = 'score' AND CAST(m.v AS SIGNED) BETWEEN 30 AND 40 GROUP BY p.post_type;
SHOW WARNINGS;
SELECT STRAIGHT_JOIN m.id, CAST(m.v AS DECIMAL(5,1)) FROM jm m JOIN jp p ON p.ID = m.post_id
WHERE m.k = 'score' AND CAST(m.v AS SIGNED) > 35 ORDER BY m.id;
SHOW WARNINGS;
SELECT STRAIGHT_JOIN m.id FROM jm m JOIN jp p ON p.ID = m.post_id WHERE CAST(m.v AS SIGNED) BETWEEN 1 AND 4 LIMIT 2;
SHOW WARNINGS;
SELECT STRAIGHT_JOIN CAST(m.v AS SIGNED) AS g, COUNT(*) FROM jm m JOIN jp p ON p.ID = m.post_id
WHERE m.k = 'score' AND CAST(m.v AS SIGNED) < 3 GROUP BY g;
SHOW WARNINGS;
-- a NULL value is the interpreter's to decide (NOT (x <=> 5) is true for it)
SELECT STRAIGHT_JOIN p.post_type, COUNT(*), MIN(m.id) FROM jm m JOIN jp p ON p.ID = m.post_id
WHERE m.k = 'score' AND NOT (CAST(m.v AS SIGNED) <=> 5) GROUP BY p.post_type;
SELECT STRAIGHT_JOIN p.post_type, COUNT(*) FROM jm m JOIN jp p ON p.ID = m.post_id
WHERE m.k = 'score' AND (CAST(m.v AS SIGNED) <=> 7) = 0 GROUP BY p.post_type;
SELECT COUNT(*), SUM(id) FROM jm WHERE k = 'score' AND NOT (CAST(v AS SIGNED) <=> 5);
-- one table through an index lookup
SELECT COUNT(*), SUM(id) FROM jm WHERE k = 'score' AND CAST(v AS SIGNED) BETWEEN '1' AND '40';
SHOW WARNINGS;
-- strict mode: INSERT ... SELECT's first bad value is an error, and nothing is inserted
CREATE TABLE jout (t VARCHAR(20), n INT);
SET sql_mode = 'STRICT_TRANS_TABLES';
INSERT INTO jout SELECT STRAIGHT_JOIN p.post_type, COUNT(*) FROM jm m JOIN jp p ON p.ID = m.post_id
WHERE m.k = 'score' AND CAST(m.v AS SIGNED) BETWEEN 1 AND 40 GROUP BY p.post_type;
SHOW WARNINGS;
SELECT COUNT(*) FROM jout;
SET sql_mode = DEFAULT;
INSERT INTO jout SELECT STRAIGHT_JOIN p.post_type, COUNT(*) FROM jm m JOIN jp p ON p.ID = m.post_id
WHERE m.k = 'score' AND CAST(m.v AS SIGNED) BETWEEN 1 AND 40 GROUP BY p.post_type;
SELECT * FROM jout ORDER BY t;
DROP TABLE jd, jm, jp, jout;

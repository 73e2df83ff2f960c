-- col LIKE 'prefix%' read through a range of an ordered index (engine/select.c
-- like_bounds): the rows must be exactly the rows a scan finds, in every collation,
-- with case and accent variants, control characters and trailing spaces after the
-- prefix, escaped wildcards, and keys on column prefixes.

CREATE TABLE lk (id INT NOT NULL PRIMARY KEY,
  u VARCHAR(40) COLLATE utf8mb4_unicode_520_ci, g VARCHAR(40) COLLATE utf8mb4_general_ci,
  b VARCHAR(40) COLLATE utf8mb4_bin, l VARCHAR(40) CHARACTER SET latin1, t TEXT COLLATE utf8mb4_unicode_520_ci,
  KEY u (u), KEY g (g), KEY b (b), KEY l (l), KEY t (t(10)), KEY ug (u, g));
INSERT INTO lk (id, u) VALUES (1, 'abc'), (2, 'ABC'), (3, 'abc\t'), (4, 'abc '), (5, 'abd'), (6, 'ab'), (7, 'abcz'),
  (8, 'Ábc'), (9, 'abč'), (10, NULL), (11, ''), (12, '_abc'), (13, '%x'), (14, 'a_c'), (15, 'a\\c'), (16, 'abc\n1'),
  (17, 'abb'), (18, 'abcd'), (19, 'zz'), (20, 'ZZ9'), (21, 'z'), (22, 'y1'), (23, 'Y2'), (24, '9a'), (25, '8b'),
  (26, 'ab c'), (27, 'abc\0'), (28, 'ßa'), (29, 'ssa'), (30, 'ǅx'), (31, 'a'), (32, 'ay'), (33, 'az'), (34, 'b'),
  (35, 'abc😀'), (36, 'aBc-x'), (37, 'x%y'), (38, 'x_y'), (39, 'xay'), (40, 'a c');
UPDATE lk SET g = u, b = u, t = CONCAT(u, REPEAT('-', id));
UPDATE lk SET l = u WHERE id NOT IN (9, 30, 35);

SELECT id FROM lk WHERE u LIKE 'abc%' ORDER BY id;
SELECT id FROM lk WHERE g LIKE 'abc%' ORDER BY id;
SELECT id FROM lk WHERE b LIKE 'abc%' ORDER BY id;
SELECT id FROM lk WHERE l LIKE 'abc%' ORDER BY id;
SELECT id FROM lk WHERE t LIKE 'abc%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'ABC%' ORDER BY id;
SELECT id FROM lk WHERE b LIKE 'ABC%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'ab%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'a%' ORDER BY id;
SELECT id FROM lk WHERE g LIKE 'a%' ORDER BY id;
SELECT id FROM lk WHERE b LIKE 'a%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc_' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'ab_%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc%z' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'z%' ORDER BY id;
SELECT id FROM lk WHERE b LIKE 'z%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'Z%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'y%' ORDER BY id;
SELECT id FROM lk WHERE b LIKE 'Y%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE '9%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE '8%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'zz9%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE '\_abc%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE '\%x%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'a\_c%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'a\\\\c%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'x\%%' ORDER BY id;
SELECT id FROM lk WHERE b LIKE 'x\_%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc %' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'ab c%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'a c%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'ss%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'ß%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'Ábc%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abč%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc😀%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE '' ORDER BY id;
SELECT id FROM lk WHERE u LIKE '%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE '_%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE NULL ORDER BY id;
SELECT id FROM lk WHERE u NOT LIKE 'abc%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc%' AND u > 'abcd' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc%' AND u < 'abc' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc%' AND g LIKE 'ABC%' ORDER BY id;
SELECT id FROM lk WHERE u = 'abc' AND g LIKE 'ab%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc%' COLLATE utf8mb4_bin ORDER BY id;
SELECT id FROM lk WHERE b LIKE 'abc%' COLLATE utf8mb4_bin ORDER BY id;
SELECT id FROM lk WHERE u LIKE _utf8mb4'abc%' ORDER BY id;
SELECT COUNT(*) FROM lk WHERE u LIKE 'ab%';
SELECT COUNT(*) FROM lk WHERE u LIKE 'ab%' AND id > 10;
SELECT u, COUNT(*) FROM lk WHERE u LIKE 'a%' GROUP BY u ORDER BY u, 2;
SELECT x.id, y.id FROM lk x JOIN lk y ON y.u LIKE 'abc%' AND y.id = x.id + 1 WHERE x.id < 10 ORDER BY x.id;
-- the same shapes with other literals (kept plans: a pattern without a usable prefix is planned apart)
SELECT id FROM lk WHERE u LIKE '%bc' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abd%' ORDER BY id;
SELECT id FROM lk WHERE u LIKE '%bc' ORDER BY id;
SELECT id FROM lk WHERE u LIKE 'abc%' ORDER BY id;
-- EXPLAIN: a prefix is a range of the key, a leading wildcard no key at all (ANALYZE
-- TABLE first: InnoDB's row estimate otherwise depends on when its statistics caught up)
ANALYZE TABLE lk;
EXPLAIN FORMAT=JSON SELECT * FROM lk WHERE u LIKE 'abd%';
EXPLAIN FORMAT=JSON SELECT * FROM lk WHERE u LIKE 'ZZ9%';
EXPLAIN FORMAT=JSON SELECT * FROM lk WHERE g LIKE 'zz%';
EXPLAIN SELECT * FROM lk WHERE t LIKE 'y1%';
EXPLAIN SELECT * FROM lk WHERE b LIKE '%abc';
EXPLAIN SELECT * FROM lk WHERE b LIKE '_abc%';
-- a key that holds every column read (with the primary key): "Using index"
EXPLAIN SELECT id FROM lk WHERE u = 'abd';
EXPLAIN SELECT id, u FROM lk WHERE u LIKE 'abd%';
EXPLAIN SELECT id, b FROM lk WHERE u = 'abd';
EXPLAIN SELECT id FROM lk WHERE t LIKE 'y1%';
EXPLAIN SELECT x.id FROM lk x JOIN lk y ON y.u = x.g WHERE x.id = 3;

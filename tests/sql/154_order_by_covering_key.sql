-- ORDER BY over one table read whole: when a key holding every column the query reads (or
-- the primary key) is in the ORDER BY's order, MariaDB reads that key, backwards for DESC,
-- and sorts nothing (test_if_skip_sort_order), so rows that tie come in the key's order:
-- the primary key's for ASC, reversed for DESC, also under LIMIT and OFFSET.
CREATE TABLE ob (id INT PRIMARY KEY, a INT, b VARCHAR(10), c INT, KEY ka (a), KEY kb (b), KEY kab (a, b));
INSERT INTO ob VALUES (1, 3, 'z', 1), (2, 1, 'y', 2), (3, 2, 'x', 3), (4, 1, 'w', 4), (5, 3, 'v', 5), (6, 2, 'u', 6), (7, 1, 't', 7), (8, 2, 's', 8), (9, 2, 's', 9), (10, NULL, NULL, 10);
SELECT id, a FROM ob ORDER BY a;
SELECT id, a FROM ob ORDER BY a DESC;
SELECT id, a FROM ob ORDER BY a LIMIT 3;
SELECT id, a FROM ob ORDER BY a DESC LIMIT 4;
SELECT id, a FROM ob ORDER BY a LIMIT 2 OFFSET 3;
SELECT id FROM ob ORDER BY a, b LIMIT 4;
SELECT id, a, b FROM ob ORDER BY a DESC, b DESC LIMIT 5;
SELECT id, b FROM ob ORDER BY b DESC LIMIT 3;
SELECT id, a, c FROM ob ORDER BY a LIMIT 3;
SELECT id, a, c FROM ob ORDER BY a DESC LIMIT 3;
SELECT id, a FROM ob WHERE a > 1 ORDER BY a DESC;
SELECT id, a FROM ob ORDER BY a DESC, id ASC LIMIT 4;
SELECT id, a FROM ob IGNORE INDEX FOR ORDER BY (ka) ORDER BY a DESC;
SELECT id, a FROM ob IGNORE INDEX (ka, kab) ORDER BY a DESC LIMIT 3;
SELECT id FROM ob ORDER BY id DESC LIMIT 3;
-- (MariaDB's row estimate comes from statistics its background thread samples: 10 or 11
-- rows, by when it ran; ANALYZE makes it the count)
ANALYZE TABLE ob;
EXPLAIN SELECT id, a FROM ob ORDER BY a;
EXPLAIN SELECT id, a FROM ob ORDER BY a DESC LIMIT 3;
EXPLAIN SELECT id, a FROM ob ORDER BY a LIMIT 2, 3;
EXPLAIN SELECT id, a, c FROM ob ORDER BY a LIMIT 3;
EXPLAIN SELECT id, a, b FROM ob ORDER BY a, b;
EXPLAIN SELECT * FROM ob ORDER BY id DESC LIMIT 2;
EXPLAIN SELECT id, a FROM ob ORDER BY a, id DESC;
DROP TABLE ob;

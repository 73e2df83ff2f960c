-- options: ordered
-- Row order where the statement leaves it open, as InnoDB hands it out: a table
-- scan reads the clustered index (the primary key; else the first UNIQUE key of
-- NOT NULL whole columns), an UPDATE never moves a row, an index lookup's rows of
-- one key come in clustered order.

CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, v INT, k INT, KEY (k));
INSERT INTO t (v, k) VALUES (1, 3), (2, 2), (3, 1), (4, 3);
START TRANSACTION;
UPDATE t SET v = v + 10 WHERE id = 2;
SELECT * FROM t;
SELECT * FROM t WHERE k >= 1;
SELECT * FROM t WHERE k = 3;
INSERT INTO t (v, k) SELECT v, k FROM t;
SELECT LAST_INSERT_ID();
SELECT * FROM t;
COMMIT;
SELECT * FROM t;
SELECT id, v FROM t WHERE v > 2;
SELECT COUNT(*), SUM(v) FROM t;
START TRANSACTION;
UPDATE t SET v = v + 100 WHERE id IN (1, 5);
DELETE FROM t WHERE id = 3;
SELECT * FROM t;
ROLLBACK;
SELECT * FROM t;
SELECT GROUP_CONCAT(id) FROM t;

-- rows inserted out of key order
CREATE TABLE p (id INT PRIMARY KEY, v INT, KEY (v));
INSERT INTO p VALUES (5, 1), (3, 2), (9, 3), (1, 4), (7, 2);
SELECT * FROM p;
SELECT * FROM p WHERE v = 2;
SELECT * FROM p WHERE id > 2;
SELECT * FROM p WHERE id BETWEEN 2 AND 8;
SELECT * FROM p LIMIT 2;
SELECT * FROM p LIMIT 2, 2;
SELECT SQL_CALC_FOUND_ROWS * FROM p LIMIT 3;
SELECT FOUND_ROWS();
UPDATE p SET id = 10 WHERE id = 3;
SELECT * FROM p;
UPDATE p SET v = v * 10 LIMIT 2;
SELECT * FROM p;
DELETE FROM p LIMIT 1;
SELECT * FROM p;
INSERT INTO p VALUES (2, 20), (4, 40);
SELECT * FROM p;
SELECT v FROM p WHERE v > 5;

-- a string key in its collation, a composite key
CREATE TABLE s (name VARCHAR(10) PRIMARY KEY, n INT);
INSERT INTO s VALUES ('b', 1), ('a', 2), ('C', 3), ('ä', 4), ('B2', 5);
SELECT * FROM s;
UPDATE s SET n = n + 1 WHERE name = 'a';
SELECT * FROM s;
CREATE TABLE c (a INT, b INT, v INT, PRIMARY KEY (a, b));
INSERT INTO c VALUES (2, 1, 1), (1, 2, 2), (2, 0, 3), (1, 1, 4);
SELECT * FROM c;
SELECT * FROM c WHERE a = 2;
SELECT * FROM c WHERE a = 1 AND b > 0;

-- no primary key: the first UNIQUE key of NOT NULL columns clusters the table
CREATE TABLE u1 (u INT NOT NULL, v INT, UNIQUE KEY (u));
INSERT INTO u1 VALUES (5, 1), (3, 2), (9, 3);
SELECT * FROM u1;
CREATE TABLE u2 (u INT, w INT NOT NULL, v INT, UNIQUE KEY (u), UNIQUE KEY (w));
INSERT INTO u2 VALUES (5, 3, 1), (3, 9, 2), (9, 1, 3);
SELECT * FROM u2;
CREATE TABLE u3 (u VARCHAR(10) NOT NULL, v INT, UNIQUE KEY (u));
INSERT INTO u3 VALUES ('b', 1), ('A', 2), ('c', 3);
SELECT * FROM u3;
-- without one: insertion order
CREATE TABLE h (a INT, b INT);
INSERT INTO h VALUES (3, 1), (1, 2), (2, 3);
SELECT * FROM h;

-- joins over tables out of order
SELECT p.id, t.id FROM p JOIN t ON t.k = p.id % 4;
SELECT p.id, c.b FROM p JOIN c ON c.a = p.id % 3;
SELECT p.id, t.v FROM p LEFT JOIN t ON t.id = p.id;

-- a transaction's writes in a table scanned in another session's snapshot order
START TRANSACTION;
UPDATE p SET v = 0 WHERE id = 1;
INSERT INTO p VALUES (6, 60);
SELECT * FROM p;
COMMIT;
SELECT * FROM p;

-- a range over a key that holds every column read: that key's order, ties by the
-- primary key
CREATE TABLE m (id INT PRIMARY KEY, a INT, b VARCHAR(5), n INT, KEY ab (a, b));
INSERT INTO m VALUES (1, 3, 'x', 1), (2, 1, 'y', 2), (3, 2, 'x', 3), (4, 1, 'a', 4), (5, 3, 'b', 5), (6, 2, 'x', 6), (7, 9, 'z', 7), (8, 8, 'q', 8);
SELECT id, a, b FROM m WHERE a >= 2;
SELECT a, b FROM m WHERE a BETWEEN 1 AND 2;
SELECT id FROM m WHERE a = 2;
SELECT b FROM m WHERE a = 1;
SELECT id, b FROM m WHERE a IN (2, 3);
SELECT * FROM m;
SELECT id, a FROM m;
START TRANSACTION;
UPDATE m SET n = n + 1 WHERE id = 3;
SELECT id, a, b FROM m WHERE a >= 2;
SELECT * FROM m WHERE n > 2;
COMMIT;

-- GROUP BY .. DESC: the groups in descending order (MariaDB 10.11 still sorts so)
CREATE TABLE g (a INT, b VARCHAR(5), c INT);
INSERT INTO g VALUES (1, 'x', 1), (2, 'y', 2), (1, 'z', 3), (NULL, 'x', 4), (3, 'y', 5), (2, NULL, 6);
SELECT a, COUNT(*) FROM g GROUP BY a DESC;
SELECT a, COUNT(*) FROM g GROUP BY a;
SELECT a, b, SUM(c) FROM g GROUP BY a DESC, b;
SELECT a, b, SUM(c) FROM g GROUP BY a, b DESC;
SELECT a, SUM(c) FROM g GROUP BY a DESC WITH ROLLUP;
SELECT b, MAX(c) FROM g GROUP BY b DESC ORDER BY MAX(c);
SELECT a, COUNT(*) FROM g GROUP BY a DESC LIMIT 2;
SELECT c, COUNT(*) FROM g GROUP BY c DESC;

-- a derived table MariaDB merges into the outer block loses its ORDER BY (no LIMIT);
-- one it materialises (GROUP BY, DISTINCT, HAVING, LIMIT, window functions) keeps it
CREATE TABLE d (id INT PRIMARY KEY, v INT, w INT);
INSERT INTO d VALUES (1, 30, 1), (2, 10, 2), (3, 20, 3), (4, 10, 4), (5, 50, 5);
SELECT * FROM (SELECT id, v FROM d ORDER BY v DESC) x;
SELECT id FROM (SELECT id, v FROM d ORDER BY v DESC) x WHERE id > 1;
SELECT * FROM (SELECT id, v FROM d WHERE w > 1 ORDER BY v, id DESC) x WHERE id > 0;
SELECT * FROM (SELECT id, v FROM d ORDER BY v DESC, id LIMIT 10) x;
SELECT * FROM (SELECT v, COUNT(*) c FROM d GROUP BY v ORDER BY v DESC) x;
SELECT * FROM (SELECT DISTINCT v FROM d ORDER BY v DESC) x;
SELECT * FROM (SELECT id, v FROM d HAVING v > 1 ORDER BY v DESC, id) x;
SELECT * FROM (SELECT id, v, ROW_NUMBER() OVER (ORDER BY id) r FROM d ORDER BY v DESC, id) x;
SELECT x.id, d.w FROM (SELECT id FROM d ORDER BY v DESC) x LEFT JOIN d ON d.id = x.id;
WITH c AS (SELECT id, v FROM d ORDER BY v DESC) SELECT * FROM c;
SELECT GROUP_CONCAT(id) FROM (SELECT id FROM d ORDER BY id DESC) y;

-- ORDER BY the columns of a key after those an equality fixes: MariaDB reads the key in
-- that order (backwards for DESC) and sorts nothing, so rows that tie on post_date come
-- in the key's order (then ID, descending for DESC): WordPress's paged post lists
CREATE TABLE wp (ID BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, post_date DATETIME NOT NULL,
  post_status VARCHAR(20) NOT NULL, post_type VARCHAR(20) NOT NULL, post_title TEXT NOT NULL,
  PRIMARY KEY (ID), KEY type_status_date (post_type, post_status, post_date, ID))
  DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
INSERT INTO wp VALUES (1, '2024-01-03 10:00:00', 'publish', 'post', 't1'), (2, '2024-01-05 10:00:00', 'publish', 'post', 't2'), (3, '2024-01-02 10:00:00', 'publish', 'post', 't3'), (4, '2024-01-04 10:00:00', 'publish', 'post', 't0'), (5, '2024-01-01 10:00:00', 'publish', 'post', 't1'), (6, '2024-01-03 10:00:00', 'draft', 'post', 't2'), (7, '2024-01-05 10:00:00', 'publish', 'post', 't3'), (8, '2024-01-02 10:00:00', 'publish', 'post', 't0'), (9, '2024-01-04 10:00:00', 'publish', 'page', 't1'), (10, '2024-01-01 10:00:00', 'publish', 'post', 't2'), (11, '2024-01-03 10:00:00', 'publish', 'post', 't3'), (12, '2024-01-05 10:00:00', 'draft', 'post', 't0'), (13, '2024-01-02 10:00:00', 'publish', 'post', 't1'), (14, '2024-01-04 10:00:00', 'publish', 'post', 't2'), (15, '2024-01-01 10:00:00', 'publish', 'post', 't3'), (16, '2024-01-03 10:00:00', 'publish', 'post', 't0'), (17, '2024-01-05 10:00:00', 'publish', 'post', 't1'), (18, '2024-01-02 10:00:00', 'draft', 'page', 't2'), (19, '2024-01-04 10:00:00', 'publish', 'post', 't3'), (20, '2024-01-01 10:00:00', 'publish', 'post', 't0'), (21, '2024-01-03 10:00:00', 'publish', 'post', 't1'), (22, '2024-01-05 10:00:00', 'publish', 'post', 't2'), (23, '2024-01-02 10:00:00', 'publish', 'post', 't3'), (24, '2024-01-04 10:00:00', 'draft', 'post', 't0'), (25, '2024-01-01 10:00:00', 'publish', 'post', 't1'), (26, '2024-01-03 10:00:00', 'publish', 'post', 't2'), (27, '2024-01-05 10:00:00', 'publish', 'page', 't3'), (28, '2024-01-02 10:00:00', 'publish', 'post', 't0'), (29, '2024-01-04 10:00:00', 'publish', 'post', 't1'), (30, '2024-01-01 10:00:00', 'draft', 'post', 't2');
SELECT wp.ID FROM wp WHERE 1=1 AND wp.post_type = 'post' AND ((wp.post_status = 'publish')) ORDER BY wp.post_date DESC LIMIT 0, 10;
SELECT SQL_CALC_FOUND_ROWS wp.ID FROM wp WHERE 1=1 AND wp.post_type = 'post' AND ((wp.post_status = 'publish')) ORDER BY wp.post_date DESC LIMIT 10, 10;
SELECT FOUND_ROWS();
SELECT wp.ID FROM wp WHERE wp.post_type = 'post' AND wp.post_status = 'publish' ORDER BY wp.post_date DESC;
SELECT wp.* FROM wp WHERE wp.post_type = 'post' AND wp.post_status = 'publish' ORDER BY wp.post_date DESC LIMIT 0, 10;
SELECT ID, post_date FROM wp WHERE post_type = 'post' AND post_status = 'publish' ORDER BY post_date ASC LIMIT 0, 10;
SELECT ID FROM wp WHERE post_type = 'post' AND post_status = 'publish' ORDER BY post_date DESC, ID DESC LIMIT 5;
SELECT ID FROM wp WHERE post_type = 'page' AND post_status = 'publish' ORDER BY post_date;
EXPLAIN SELECT wp.ID FROM wp WHERE wp.post_type = 'post' AND wp.post_status = 'publish' ORDER BY wp.post_date DESC LIMIT 0, 10;
EXPLAIN SELECT ID FROM wp WHERE post_type = 'post' AND post_status = 'publish' ORDER BY post_date ASC LIMIT 0, 10;

-- a table without a key is InnoDB's hidden row id order, insertion order: an UPDATE in a
-- transaction keeps the row in its place (pressdb: its new version takes the first
-- version's place, table.c origin_set), a DELETE and INSERT puts it last; "at row N"
-- counts in that order
CREATE TABLE nk (a INT, b VARCHAR(10), KEY (b));
INSERT INTO nk VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'b'), (6, 'b');
START TRANSACTION;
UPDATE nk SET b = 'x' WHERE a = 2;
SELECT * FROM nk;
UPDATE nk SET a = a + 10 WHERE a = 5;
SELECT * FROM nk;
COMMIT;
SELECT * FROM nk;
SELECT * FROM nk WHERE b = 'b';
SELECT a FROM nk WHERE b >= 'b';
SELECT b, GROUP_CONCAT(a) FROM nk GROUP BY b;
START TRANSACTION;
UPDATE nk SET a = a + 100 WHERE a = 15;
UPDATE nk SET b = 'b' WHERE a = 1;
DELETE FROM nk WHERE a = 3;
INSERT INTO nk VALUES (3, 'c');
SELECT * FROM nk;
ROLLBACK;
SELECT * FROM nk;
START TRANSACTION;
UPDATE nk SET a = a + 100 WHERE a = 15;
UPDATE nk SET b = 'e' WHERE a = 1;
SAVEPOINT s;
UPDATE nk SET b = 'f' WHERE a = 4;
ROLLBACK TO SAVEPOINT s;
SELECT * FROM nk;
COMMIT;
SELECT * FROM nk;
UPDATE nk SET b = CONCAT(b, 'a long string') WHERE a > 1;
UPDATE nk SET b = CONCAT(b, 'a long string') WHERE a = 6;
SELECT * FROM nk LIMIT 2;
SELECT * FROM nk WHERE a > 3;
ALTER TABLE nk ADD COLUMN id INT NOT NULL AUTO_INCREMENT PRIMARY KEY FIRST;
SELECT * FROM nk;
CREATE TABLE nk2 (a INT, b INT);
INSERT INTO nk2 VALUES (1, 1), (2, 2), (3, 3);
START TRANSACTION;
UPDATE nk2 SET b = b + 1;
UPDATE nk2 SET b = b + 1 WHERE a = 1;
COMMIT;
SELECT * FROM nk2;
ALTER TABLE nk2 ADD COLUMN c INT;
SELECT * FROM nk2;
SELECT * FROM nk JOIN nk2 ON nk2.a = nk.a - 100;
-- a clustered table whose rows are out of key order: "at row N" in clustered order
CREATE TABLE po (id INT PRIMARY KEY, b VARCHAR(5));
INSERT INTO po VALUES (3, 'c'), (1, 'a'), (2, 'b');
UPDATE po SET b = CONCAT(b, 'a long string') WHERE id >= 2;
UPDATE po SET b = CONCAT(b, 'a long string') WHERE b > 'a';

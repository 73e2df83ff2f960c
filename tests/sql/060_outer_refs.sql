-- Outer references: correlated subqueries in UPDATE / DELETE / INSERT, and subqueries
-- nested two or more levels that read the outermost query's columns.

CREATE TABLE ua (id INT PRIMARY KEY, x INT, y INT, z VARCHAR(20));
CREATE TABLE ub (k INT, v INT);
CREATE TABLE uc (m INT);
INSERT INTO ua VALUES (1, 1, NULL, 'a'), (2, 2, NULL, 'b'), (3, 3, NULL, 'c'), (4, NULL, NULL, 'd');
INSERT INTO ub VALUES (1, 10), (1, 11), (2, 20), (3, 30), (3, 31), (3, 32);
INSERT INTO uc VALUES (1), (3), (3);

-- UPDATE: a correlated subquery in SET
UPDATE ua SET y = (SELECT COUNT(*) FROM ub WHERE ub.k = ua.x);
SELECT * FROM ua ORDER BY id;
UPDATE ua SET y = (SELECT COUNT(*) FROM ub WHERE ub.k = x);
UPDATE ua SET y = (SELECT SUM(v) FROM ub WHERE ub.k = ua.x) WHERE id > 1;
SELECT * FROM ua ORDER BY id;
UPDATE ua AS u SET y = (SELECT COUNT(*) FROM ub WHERE ub.k = u.x);
SELECT * FROM ua ORDER BY id;
UPDATE ua AS u SET y = (SELECT COUNT(*) FROM ub WHERE ub.k = ua.x);
UPDATE ua SET y = (SELECT COUNT(*) FROM ub WHERE ub.k = ua.nosuch);
UPDATE ua SET y = (SELECT COUNT(*) FROM ub WHERE ub.k = nosuch.x);
UPDATE ua SET y = (SELECT v FROM ub WHERE ub.k = ua.x);
-- assignments run left to right: the subquery sees x already changed
UPDATE ua SET x = x + 10, y = (SELECT COUNT(*) FROM ub WHERE ub.k + 10 = ua.x);
SELECT * FROM ua ORDER BY id;
UPDATE ua SET y = (SELECT COUNT(*) FROM ub WHERE ub.k + 10 = ua.x), x = x - 10;
SELECT * FROM ua ORDER BY id;
UPDATE ua SET y = (SELECT COUNT(*) FROM ub WHERE EXISTS (SELECT 1 FROM uc WHERE uc.m = ua.x AND uc.m = ub.k));
SELECT * FROM ua ORDER BY id;
UPDATE ua SET z = (SELECT GROUP_CONCAT(v ORDER BY v) FROM ub WHERE ub.k = ua.x) ORDER BY id DESC LIMIT 2;
SELECT * FROM ua ORDER BY id;
UPDATE ua SET y = (SELECT MAX(v) FROM ub WHERE ub.k = ua.id) WHERE ua.x IN (SELECT m FROM uc WHERE uc.m = ua.id);
SELECT * FROM ua ORDER BY id;
UPDATE ua SET y = (SELECT COUNT(*) FROM ua AS u2 WHERE u2.x < ua.x);
SELECT * FROM ua ORDER BY id;
UPDATE ua SET y = (SELECT COUNT(*) FROM ub WHERE ub.k < ua.x) WHERE EXISTS (SELECT 1 FROM ub WHERE ub.k = ua.x AND EXISTS (SELECT 1 FROM uc WHERE uc.m = ua.x));
SELECT * FROM ua ORDER BY id;

-- multi-table UPDATE
UPDATE ua, uc SET ua.y = (SELECT MAX(v) FROM ub WHERE ub.k = ua.x AND uc.m = ub.k) WHERE ua.x = uc.m;
SELECT * FROM ua ORDER BY id;
UPDATE ua, uc SET ua.y = (SELECT COUNT(*) FROM ub WHERE EXISTS (SELECT 1 FROM ub b2 WHERE b2.k = ua.x AND b2.k = uc.m AND b2.v = ub.v)) WHERE ua.x = uc.m;
SELECT * FROM ua ORDER BY id;

-- DELETE ... WHERE with a correlated subquery
CREATE TABLE ue (k INT, v INT);
INSERT INTO ue SELECT * FROM ub;
DELETE FROM ue WHERE EXISTS (SELECT 1 FROM ua WHERE ua.x = ue.k AND EXISTS (SELECT 1 FROM uc WHERE uc.m = ue.k AND ue.v > 30));
SELECT * FROM ue ORDER BY k, v;
DELETE FROM ue WHERE (SELECT COUNT(*) FROM uc WHERE uc.m = ue.k) = 0;
SELECT * FROM ue ORDER BY k, v;
DELETE ue FROM ue JOIN ua ON ua.x = ue.k WHERE ue.v > (SELECT MIN(b.v) FROM ub b WHERE b.k = ua.x AND EXISTS (SELECT 1 FROM uc WHERE uc.m = ue.k));
SELECT * FROM ue ORDER BY k, v;

-- INSERT ... SELECT and ON DUPLICATE KEY UPDATE
CREATE TABLE ud (id INT PRIMARY KEY, n INT);
INSERT INTO ud VALUES (9, (SELECT COUNT(*) FROM ub WHERE ub.k = ud.id));
INSERT INTO ud SELECT id, (SELECT COUNT(*) FROM ub WHERE ub.k = ua.x) FROM ua WHERE id < 3;
INSERT INTO ud SELECT id, (SELECT COUNT(*) FROM ub WHERE EXISTS (SELECT 1 FROM uc WHERE uc.m = ua.x AND uc.m = ub.k)) FROM ua WHERE id >= 3;
SELECT * FROM ud ORDER BY id;
INSERT INTO ud VALUES (2, 0) ON DUPLICATE KEY UPDATE n = (SELECT COUNT(*) FROM ub WHERE ub.k = ud.id) + 200;
SELECT * FROM ud ORDER BY id;
INSERT INTO ud VALUES (1, 0), (3, 0) ON DUPLICATE KEY UPDATE n = (SELECT COUNT(*) FROM ub WHERE EXISTS (SELECT 1 FROM uc WHERE uc.m = ud.id AND uc.m = ub.k)) + VALUES(n) + 50;
SELECT * FROM ud ORDER BY id;
INSERT INTO ud SET id = 3, n = 1 ON DUPLICATE KEY UPDATE n = (SELECT COUNT(*) FROM ua WHERE ua.y < ud.n);
SELECT * FROM ud ORDER BY id;
INSERT INTO ud SELECT id, 5 FROM ua ON DUPLICATE KEY UPDATE n = (SELECT COUNT(*) FROM ub WHERE ub.k = ud.id) + 300;
SELECT * FROM ud ORDER BY id;
REPLACE INTO ud SELECT id, (SELECT SUM(v) FROM ub WHERE ub.k = ua.x) FROM ua;
SELECT * FROM ud ORDER BY id;

-- ON DUPLICATE KEY UPDATE of INSERT ... SELECT reads the SELECT's tables at the row the
-- values came from
CREATE TABLE uf (id INT PRIMARY KEY, n INT, s VARCHAR(20));
INSERT INTO uf VALUES (1, 0, 'x'), (2, 0, 'y'), (3, 0, 'z');
INSERT INTO uf (id, n) SELECT id, 5 FROM ua ON DUPLICATE KEY UPDATE n = ua.x + 100;
SELECT * FROM uf ORDER BY id;
INSERT INTO uf (id, n) SELECT id, 5 FROM ua ON DUPLICATE KEY UPDATE n = x + 200, s = CONCAT(s, ua.id);
SELECT * FROM uf ORDER BY id;
INSERT INTO uf (id, n) SELECT ua.id, 5 FROM ua ON DUPLICATE KEY UPDATE n = id + 200;
INSERT INTO uf (id, n) SELECT ua.id, 5 FROM ua ON DUPLICATE KEY UPDATE n = uf.n + ua.id;
SELECT * FROM uf ORDER BY id;
INSERT INTO uf (id, n) SELECT u.id, 5 FROM ua u WHERE u.id < 3 ON DUPLICATE KEY UPDATE n = u.x * 1000;
INSERT INTO uf (id, n) SELECT u.id, 5 FROM ua u ON DUPLICATE KEY UPDATE n = ua.x;
SELECT * FROM uf ORDER BY id;
INSERT INTO uf (id, n) SELECT ua.id, 5 FROM ua JOIN ub ON ub.k = ua.x AND ub.v < 30 ON DUPLICATE KEY UPDATE n = uf.n + ub.v;
SELECT * FROM uf ORDER BY id;
INSERT INTO uf (id, n) SELECT ua.id, 5 FROM ua LEFT JOIN ub ON ub.k = ua.id AND ub.v > 30 ON DUPLICATE KEY UPDATE n = ub.v, s = 'left';
SELECT * FROM uf ORDER BY id;
INSERT INTO uf (id, n) SELECT id, 5 FROM ua ON DUPLICATE KEY UPDATE n = (SELECT COUNT(*) FROM ub WHERE ub.k = ua.x) + 300;
SELECT * FROM uf ORDER BY id;
INSERT INTO uf (id, n) SELECT id, 5 FROM ua ON DUPLICATE KEY UPDATE n = (SELECT COUNT(*) FROM ub WHERE EXISTS (SELECT 1 FROM uc WHERE uc.m = ua.x AND uc.m = ub.k)) + uf.id * 10;
SELECT * FROM uf ORDER BY id;
INSERT INTO uf (id, n) SELECT k, 5 FROM ub GROUP BY k ON DUPLICATE KEY UPDATE n = ub.v;
INSERT INTO uf (id, n) SELECT id, 5 FROM ua ON DUPLICATE KEY UPDATE n = ua.nosuch;
INSERT INTO uf (id, n) SELECT id AS q, 5 FROM ua ON DUPLICATE KEY UPDATE n = q + 100;

-- SELECT: outer references two and more levels up
CREATE TABLE a (id INT PRIMARY KEY, g INT);
CREATE TABLE b (k INT, v INT);
CREATE TABLE c (m INT, w INT);
INSERT INTO a VALUES (1, 1), (2, 1), (3, 2), (4, NULL);
INSERT INTO b VALUES (1, 10), (1, 11), (2, 20), (3, 30), (3, 31), (4, 40);
INSERT INTO c VALUES (1, 100), (3, 300), (3, 301);
SELECT a.id, (SELECT COUNT(*) FROM b WHERE b.k = a.id AND EXISTS (SELECT 1 FROM c WHERE c.m = a.id)) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM b WHERE b.k = a.id AND EXISTS (SELECT 1 FROM c WHERE c.m = id)) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = a.id)) FROM a;
SELECT id FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.k = a.id AND b.v > (SELECT MIN(w) / 10 FROM c WHERE c.m = a.id));
SELECT a.id FROM a WHERE a.id IN (SELECT b.k FROM b WHERE b.v IN (SELECT c.w / 10 FROM c WHERE c.m = a.id));
SELECT id, (SELECT (SELECT MAX(w) FROM c WHERE c.m = a.id AND c.m = b.k) FROM b WHERE b.k = a.id LIMIT 1) FROM a;
SELECT id, (SELECT (SELECT (SELECT COUNT(*) FROM c WHERE c.m = a.id)) FROM b WHERE b.k = a.id LIMIT 1) FROM a;
SELECT id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = k AND c.m = id)) FROM a;
SELECT a.g, COUNT(*) FROM a GROUP BY a.g HAVING EXISTS (SELECT 1 FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = a.g));
SELECT id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = b.k HAVING MAX(w) > a.id * 100)) FROM a;
SELECT id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = b.k GROUP BY c.m HAVING MAX(c.w) > a.id * 100)) FROM a;
SELECT id, (SELECT SUM(v) FROM b WHERE b.k IN (SELECT m FROM c WHERE c.m <= a.id)) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = a.id UNION SELECT 1 FROM c WHERE c.w = a.id * 100)) FROM a;
SELECT a.id, (SELECT MAX(x.k) FROM b x JOIN b y ON y.k = x.k AND EXISTS (SELECT 1 FROM c WHERE c.m = a.id)) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM b WHERE b.k IN (SELECT c.m FROM c WHERE c.m = a.id GROUP BY c.m ORDER BY a.id)) FROM a;
SELECT a.id, (SELECT SUM((SELECT COUNT(*) FROM c WHERE c.m = a.id AND c.m = b.k)) FROM b) FROM a;
SELECT a.id, (SELECT SUM((SELECT a.id + b.k)) FROM b) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE (SELECT COUNT(*) FROM c c2 WHERE c2.m = a.id) > 1)) FROM a;
SELECT a.id, (SELECT b.v FROM b WHERE b.k = a.id ORDER BY (SELECT COUNT(*) FROM c WHERE c.w > b.v * a.id) DESC, b.v LIMIT 1) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM b a2 WHERE EXISTS (SELECT 1 FROM c a WHERE a.m = a2.k)) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c, b WHERE c.m = k)) FROM a;
SELECT * FROM (SELECT id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = a.id AND c.m = b.k)) n FROM a) t;
SELECT a.id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = a.nosuch)) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = nosuch)) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM b WHERE EXISTS (SELECT 1 FROM c WHERE c.m = b.nosuch)) FROM a;
-- a derived table cannot read the enclosing query's columns (MariaDB 10.11)
SELECT id, (SELECT SUM(t.v) FROM (SELECT v FROM b WHERE b.k = a.id) t) FROM a;
SELECT id, (SELECT SUM(t.w) FROM (SELECT w FROM c WHERE EXISTS (SELECT 1 FROM b WHERE b.k = a.id)) t) FROM a;
SELECT id, (SELECT t.n FROM (SELECT COUNT(*) n FROM b) t WHERE t.n > a.id AND EXISTS (SELECT 1 FROM c WHERE c.m = a.id)) FROM a;
-- EXPLAIN: a block between the subquery and the table it reads is dependent too; a
-- subquery inside an aggregate's arguments has no expression cache
ANALYZE TABLE a, b, c;
EXPLAIN SELECT a.g, (SELECT MAX((SELECT COUNT(*) FROM c WHERE c.m = a.g)) FROM b) FROM a;
EXPLAIN SELECT a.g, (SELECT SUM(b.v) FROM b WHERE b.v > (SELECT COUNT(*) FROM c WHERE c.m = a.g)) FROM a;
EXPLAIN SELECT a.g, (SELECT MAX((SELECT (SELECT COUNT(*) FROM c WHERE c.m = a.g) FROM c c2 LIMIT 1)) FROM b) FROM a;
EXPLAIN SELECT a.g, (SELECT MAX((SELECT (SELECT COUNT(*) FROM c WHERE c.m = c2.w) FROM c c2 LIMIT 1)) FROM b) FROM a;
EXPLAIN SELECT a.g, (SELECT MAX((SELECT 1 FROM c WHERE c.m = a.g LIMIT 1)) FROM b) FROM a;
EXPLAIN FORMAT=JSON SELECT a.g, (SELECT MAX((SELECT COUNT(*) FROM c WHERE c.m = a.g)) FROM b) FROM a;
EXPLAIN FORMAT=JSON SELECT SUM((SELECT COUNT(*) FROM c WHERE c.m = a.g)) FROM a;
EXPLAIN FORMAT=JSON SELECT a.g, (SELECT SUM((SELECT COUNT(*) FROM c WHERE c.m = b.k)) FROM b WHERE b.k = a.g) FROM a;
EXPLAIN FORMAT=JSON SELECT a.g, (SELECT (SELECT COUNT(*) FROM c WHERE c.m = a.g AND c.w > b.v) FROM b LIMIT 1) FROM a;
EXPLAIN FORMAT=JSON SELECT a.g, (SELECT MAX((SELECT (SELECT COUNT(*) FROM c WHERE c.m = a.g) FROM c c2 LIMIT 1)) FROM b) FROM a;

-- the same shapes again with other literals (kept block plans), with an index
CREATE TABLE bi (k INT, v INT, KEY (k));
INSERT INTO bi SELECT * FROM b;
INSERT INTO bi SELECT k + 1, v + 1 FROM b;
SELECT a.id, (SELECT COUNT(*) FROM bi WHERE bi.k = a.id AND EXISTS (SELECT 1 FROM c WHERE c.m = a.id + 0 AND bi.v > 5)) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM bi WHERE bi.k = a.id AND EXISTS (SELECT 1 FROM c WHERE c.m = a.id + 1 AND bi.v > 25)) FROM a;
SELECT a.id, (SELECT COUNT(*) FROM bi WHERE bi.k = a.id AND EXISTS (SELECT 1 FROM c WHERE c.m = a.id - 1 AND bi.v > 0)) FROM a;
SELECT a.id FROM a WHERE EXISTS (SELECT 1 FROM bi WHERE bi.k = 3 AND EXISTS (SELECT 1 FROM bi b2 WHERE b2.k = a.id AND b2.v > bi.v - 20));
SELECT a.id FROM a WHERE EXISTS (SELECT 1 FROM bi WHERE bi.k = 1 AND EXISTS (SELECT 1 FROM bi b2 WHERE b2.k = a.id AND b2.v > bi.v + 20));
UPDATE ua SET y = (SELECT COUNT(*) FROM bi WHERE bi.k = ua.x AND EXISTS (SELECT 1 FROM c WHERE c.m = ua.id + 0));
SELECT * FROM ua ORDER BY id;
UPDATE ua SET y = (SELECT COUNT(*) FROM bi WHERE bi.k = ua.x AND EXISTS (SELECT 1 FROM c WHERE c.m = ua.id + 2));
SELECT * FROM ua ORDER BY id;

-- A grouped join `a JOIN b ON b.k = a.u` (a's unique integer key, b's integer key looked
-- up per a row) whose result is order-free makes its pairs in b's row order (select.c
-- swap_join_run): the same groups, aggregates and representative rows as the nested loop.
-- Group keys equal under the collation but not in bytes (the nested loop's first pair
-- gives the key and the columns outside aggregates), columns of b outside aggregates,
-- dense and sparse keys, NULL keys, deleted and updated rows, a transaction's own rows,
-- filters on either side (too few of a passing: the nested loop), HAVING, ORDER BY, LIMIT.

CREATE TABLE dg (n INT);
INSERT INTO dg VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE fa (id INT PRIMARY KEY, t VARCHAR(20) COLLATE utf8mb4_unicode_520_ci, s VARCHAR(10), au INT, v DECIMAL(8,2), sp BIGINT UNIQUE);
INSERT INTO fa SELECT a.n * 1000 + b.n * 100 + c.n * 10 + d.n + 1, ELT(1 + (a.n + b.n + c.n + d.n) % 5, 'Post', 'post', 'page', 'PAGE ', 'pagé'),
  IF(d.n < 8, 'publish', 'draft'), (a.n * 7 + c.n) % 13, (b.n * 10 + d.n) / 4, (a.n * 1000 + b.n * 100 + c.n * 10 + d.n) * 1000003
  FROM dg a, dg b, dg c, dg d WHERE a.n < 2;
CREATE TABLE fb (id INT PRIMARY KEY, aid INT, k VARCHAR(20), x INT, spk BIGINT, KEY (aid), KEY (spk));
INSERT INTO fb SELECT e.n * 1000 + a.n * 100 + b.n * 10 + c.n + 1, ((e.n * 1000 + a.n * 100 + b.n * 10 + c.n) * 7919) % 2100,
  ELT(1 + (a.n * 3 + c.n) % 4, '_sku', '_SKU', '_price', 'color'), (e.n * 31 + b.n) % 97,
  (((e.n * 1000 + a.n * 100 + b.n * 10 + c.n) * 7919) % 2100) * 1000003
  FROM dg a, dg b, dg c, dg e WHERE e.n < 6;
INSERT INTO fb VALUES (7001, NULL, 'null', 1, NULL);
SELECT COUNT(*), COUNT(aid), MIN(aid), MAX(aid) FROM fb;
SELECT a.t, COUNT(*), COUNT(DISTINCT b.k), SUM(b.x), MIN(b.x), MAX(b.x), AVG(a.v) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY a.t ORDER BY a.t;
SELECT a.t, a.id, b.id, b.k, COUNT(*) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY a.t;
SELECT a.t, a.id, b.id, COUNT(*) FROM fa a JOIN fb b ON b.aid = a.id WHERE a.s = 'publish' GROUP BY a.t ORDER BY a.t DESC;
SELECT a.au, COUNT(*) AS n, SUM(a.v), BIT_OR(b.x), BIT_XOR(b.x) FROM fa a JOIN fb b ON b.aid = a.id WHERE b.k = '_sku' GROUP BY a.au ORDER BY n DESC, a.au LIMIT 5;
SELECT b.k, a.t, COUNT(*), COUNT(DISTINCT a.t) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY b.k;
SELECT b.k, b.id, a.id, COUNT(*) FROM fa a JOIN fb b ON a.id = b.aid WHERE a.s IN ('publish', 'draft') GROUP BY b.k, a.au HAVING COUNT(*) > 20 ORDER BY b.k, a.au;
SELECT COUNT(*), SUM(b.x), MIN(a.t), MAX(a.v) FROM fa a JOIN fb b ON b.aid = a.id;
SELECT a.t, COUNT(*) FROM fa a JOIN fb b ON b.spk = a.sp GROUP BY a.t;
SELECT a.t, a.id, COUNT(*) FROM fa a JOIN fb b ON b.aid = a.id WHERE a.au = 3 GROUP BY a.t;
SELECT a.t, a.id, COUNT(*) FROM fa a STRAIGHT_JOIN fb b ON b.aid = a.id GROUP BY a.t;
-- one key's b rows out of clustered order: the nested loop hands them out in id order
INSERT INTO fa VALUES (2500, 'post', 'publish', 1, 1.00, 2500000);
INSERT INTO fb VALUES (9003, 2500, 'z', 1, 2500000), (9002, 2500, 'z', 2, 2500000), (9001, 2500, 'z', 3, 2500000);
SELECT a.id, b.id, b.x, COUNT(*) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY a.id ORDER BY a.id DESC LIMIT 3;
SELECT a.id, b.id, b.x, COUNT(*) FROM fa a JOIN fb b ON b.spk = a.sp GROUP BY a.id ORDER BY a.id DESC LIMIT 3;
SELECT a.s, b.id, b.x, COUNT(*) FROM fa a JOIN fb b ON b.aid = a.id WHERE a.id > 1990 GROUP BY a.s;
-- groups past the in-memory limit: the nested loop again, which spills them
SET SESSION tmp_table_size = 16384, max_heap_table_size = 16384;
SELECT b.id, a.id, a.t, COUNT(*), SUM(b.x) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY b.id ORDER BY b.id DESC LIMIT 5;
SELECT a.id, b.id, COUNT(*) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY a.id ORDER BY a.id LIMIT 3;
SET SESSION tmp_table_size = DEFAULT, max_heap_table_size = DEFAULT;
-- deleted and changed rows
DELETE FROM fa WHERE id IN (1, 2, 3, 4);
DELETE FROM fb WHERE id % 7 = 0;
UPDATE fa SET t = 'POST' WHERE id = 5;
UPDATE fb SET x = x + 1000 WHERE id % 11 = 0;
SELECT a.t, a.id, b.id, COUNT(*), SUM(b.x) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY a.t;
SELECT a.au, COUNT(*), MIN(b.id) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY a.au ORDER BY a.au;
-- a transaction's own rows
START TRANSACTION;
INSERT INTO fa VALUES (1, 'PoSt', 'publish', 99, 1.5, 7);
INSERT INTO fb VALUES (7002, 1, '_sku', 5, 7);
SELECT a.t, a.id, b.id, COUNT(*) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY a.t;
SELECT a.au, COUNT(*) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY a.au ORDER BY a.au;
ROLLBACK;
SELECT a.t, a.id, b.id, COUNT(*) FROM fa a JOIN fb b ON b.aid = a.id GROUP BY a.t;
DROP TABLE fa, fb, dg;

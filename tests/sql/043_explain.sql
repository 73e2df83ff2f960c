-- options: metadata
-- EXPLAIN / DESCRIBE of SELECT, UPDATE, DELETE, INSERT. The values are pressdb's own
-- plan (MariaDB's optimizer decides differently), so most statements compare only the
-- column names and types (skip-result compares success or error); where both engines
-- obviously agree (a single table read through its primary key or a unique key with
-- constants, a table without usable key) the rows are compared too.

CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(20), c INT, u INT NOT NULL, KEY ka (a), KEY kbc (b, c), UNIQUE KEY ku (u));
INSERT INTO t VALUES (1, 1, 'x', 1, 10), (2, 2, 'y', 2, 20), (3, 3, 'z', 3, 30), (4, 1, 'x', 2, 40);
CREATE TABLE u (id INT PRIMARY KEY AUTO_INCREMENT, tid INT, v VARCHAR(10), KEY kt (tid));
INSERT INTO u (tid, v) VALUES (1, 'a'), (2, 'b'), (2, 'c'), (5, 'd');
CREATE TABLE nokey (x INT, y VARCHAR(5));
INSERT INTO nokey VALUES (1, 'a'), (2, 'b'), (3, 'c');

EXPLAIN SELECT * FROM t WHERE id = 2;
EXPLAIN SELECT * FROM t WHERE u = 30;
EXPLAIN SELECT * FROM t WHERE id = 2 AND a = 2;
EXPLAIN SELECT b FROM t WHERE id = 99;
EXPLAIN SELECT * FROM t WHERE 1 = 0;
EXPLAIN SELECT 1;
EXPLAIN SELECT * FROM nokey;
EXPLAIN SELECT * FROM nokey WHERE x = 2;
EXPLAIN SELECT * FROM nokey ORDER BY y;
DESCRIBE SELECT * FROM t WHERE id = 2;
DESC SELECT * FROM t WHERE id = 3;
-- skip-result
EXPLAIN EXTENDED SELECT * FROM t WHERE id = 2;
EXPLAIN EXTENDED SELECT * FROM nokey WHERE x = 2;
-- EXPLAIN EXTENDED's Note 1003: the query as MariaDB optimized it (names qualified,
-- items named, conditions in its order, inner joins' ON conditions in WHERE)
EXPLAIN EXTENDED SELECT * FROM nokey;
EXPLAIN EXTENDED SELECT x AS k, y FROM nokey WHERE y = 'a' OR x > 1;
EXPLAIN EXTENDED SELECT * FROM nokey n WHERE n.x = 2 AND 1 = 1;
EXPLAIN EXTENDED SELECT * FROM nokey WHERE 1 = 0;
EXPLAIN EXTENDED SELECT 1, 'a', -3, NULL;
EXPLAIN EXTENDED SELECT x + 1, UPPER(y), LOWER(y), SUBSTRING(y, 1, 2), LENGTH(y), x DIV 2 FROM nokey WHERE x IN (1, 2);
EXPLAIN EXTENDED SELECT * FROM nokey WHERE x = 2 OR y LIKE 'a%' AND x IS NULL;
EXPLAIN EXTENDED SELECT * FROM nokey WHERE y NOT LIKE 'a%' AND x NOT BETWEEN 5 AND 6 AND y IN ('b');
EXPLAIN EXTENDED SELECT x FROM nokey WHERE y = 'it''s';
EXPLAIN EXTENDED SELECT COUNT(*), COUNT(DISTINCT y), SUM(x) FROM nokey;
EXPLAIN EXTENDED SELECT DISTINCT y FROM nokey;
EXPLAIN EXTENDED SELECT y, COUNT(*) FROM nokey GROUP BY y HAVING COUNT(*) > 1 ORDER BY y;
EXPLAIN EXTENDED SELECT y, MAX(x) m FROM nokey GROUP BY 1 HAVING m > 1 ORDER BY m DESC;
EXPLAIN EXTENDED SELECT x AS k, y FROM nokey ORDER BY k DESC, 2 LIMIT 2, 3;
EXPLAIN EXTENDED SELECT * FROM nokey LIMIT 3 OFFSET 1;
EXPLAIN EXTENDED SELECT * FROM nokey WHERE x = 1 FOR UPDATE;
-- a const table (a unique key on constants) is read while optimizing: its values replace
-- its columns, its conditions are decided (where 1 / where 0)
EXPLAIN EXTENDED SELECT * FROM t WHERE id = 2;
EXPLAIN EXTENDED SELECT b, a + 1 FROM t WHERE u = 30 AND c = 3;
EXPLAIN EXTENDED SELECT b FROM t WHERE id = 99;
EXPLAIN EXTENDED SELECT b FROM t WHERE id = 2 LIMIT 1;
-- skip-result
EXPLAIN EXTENDED SELECT b FROM t WHERE id = 2 AND c = 5;
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT t.b, u.v FROM t JOIN u ON u.tid = t.id WHERE t.id = 2;
SHOW WARNINGS;
-- plans that differ (hash joins, covering indexes, rowid filters), notes that do not
-- skip-result
EXPLAIN EXTENDED SELECT * FROM nokey WHERE x > (SELECT MIN(tid) FROM u) AND y <> 'q';
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT x FROM nokey UNION SELECT tid FROM u;
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT b, c FROM t WHERE b = 'x' AND c > 0 ORDER BY c;
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT a FROM t WHERE a > 1 AND b <> 'x';
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT t.b, u.v FROM t JOIN u ON u.tid = t.id WHERE u.v <> 'q';
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT * FROM nokey a JOIN nokey b ON a.x = b.x;
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT nokey.*, u.v FROM nokey, u WHERE nokey.x = u.tid AND u.v = 'b';
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT * FROM nokey a LEFT JOIN nokey b ON b.x = a.x WHERE a.y = 'a';
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT * FROM nokey a LEFT JOIN u ON u.tid = a.x;
SHOW WARNINGS;
-- writing statements
EXPLAIN EXTENDED UPDATE nokey SET y = 'q', x = x + 1 WHERE x = 1 ORDER BY y LIMIT 2;
EXPLAIN EXTENDED UPDATE nokey n SET n.y = 'q' WHERE n.x = 1;
EXPLAIN EXTENDED UPDATE nokey SET y = DEFAULT;
EXPLAIN EXTENDED DELETE FROM nokey;
EXPLAIN EXTENDED DELETE FROM nokey WHERE x = 1 ORDER BY y LIMIT 1;
EXPLAIN EXTENDED DELETE FROM nokey WHERE 1 = 0;
EXPLAIN EXTENDED INSERT INTO nokey (x) VALUES (1), (2);
EXPLAIN EXTENDED INSERT INTO nokey SET x = 1;
EXPLAIN EXTENDED INSERT IGNORE INTO nokey VALUES (-1, NULL), (2.5, "q");
EXPLAIN EXTENDED REPLACE INTO nokey VALUES (1, 'a');
EXPLAIN EXTENDED INSERT INTO t VALUES (1, 1, 'x', 1, 10) ON DUPLICATE KEY UPDATE c = c + 1;
EXPLAIN EXTENDED INSERT INTO nokey SELECT x, y FROM nokey WHERE x > 1;
EXPLAIN EXTENDED INSERT INTO nokey (x, y) SELECT tid, v FROM u WHERE v = 'b';
EXPLAIN EXTENDED SELECT GROUP_CONCAT(y ORDER BY y DESC, x SEPARATOR '; '), GROUP_CONCAT(DISTINCT y, x) FROM nokey;
-- skip-result
EXPLAIN EXTENDED UPDATE t JOIN u ON u.tid = t.id SET t.c = 1, v = 'w' WHERE u.v <> 'q';
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED DELETE u FROM t JOIN u ON u.tid = t.id WHERE t.b = 'x';
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED DELETE FROM t, u USING t JOIN u ON u.tid = t.id WHERE t.b = 'x';
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT x FROM nokey GROUP BY x WITH ROLLUP;
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT 1 FROM DUAL WHERE 1 = 0;
SHOW WARNINGS;
EXPLAIN EXTENDED SELECT CONCAT(y, 'x') AS cc FROM nokey HAVING cc > 'a';
-- skip-result
EXPLAIN EXTENDED SELECT * FROM nokey a NATURAL JOIN nokey b;
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT * FROM nokey a JOIN nokey b USING (x) WHERE a.y <> 'q';
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT a.y, u.* FROM nokey a RIGHT JOIN u ON u.tid = a.x WHERE u.v > 'a';
SHOW WARNINGS;
-- a correlated subquery: its expression cache on the outer columns, Note 1276 for each
-- skip-result
EXPLAIN EXTENDED SELECT x, (SELECT MAX(v) FROM u WHERE u.tid = nokey.x) FROM nokey;
SHOW WARNINGS;
-- notes MariaDB writes differently (known_gaps.txt says how)
-- skip-result
EXPLAIN EXTENDED SELECT * FROM nokey WHERE x IN (SELECT tid FROM u);
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT * FROM (SELECT x FROM nokey) d;
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT t1.b FROM t t1 JOIN t t2 ON t2.a = t1.id JOIN u ON u.tid = t1.id;
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT * FROM t a JOIN t b ON b.c = a.id JOIN u ON u.tid = b.id WHERE a.b <> 'q' AND u.v <> 'q';
SHOW WARNINGS;
EXPLAIN PARTITIONS SELECT * FROM t WHERE id = 2;
EXPLAIN SELECT * FROM t WHERE id = 2 ORDER BY a;
EXPLAIN UPDATE nokey SET y = 'q' WHERE x = 1;
EXPLAIN DELETE FROM nokey WHERE x = 1;
EXPLAIN INSERT INTO t VALUES (9, 9, 'q', 9, 90);
EXPLAIN REPLACE INTO t VALUES (1, 1, 'x', 1, 10);
EXPLAIN SELECT * FROM no_such_table;
EXPLAIN SELECT no_such_column FROM t;
EXPLAIN UPDATE no_such_table SET a = 1;
EXPLAIN FOO;

-- skip-result
EXPLAIN SELECT * FROM t;
-- skip-result
EXPLAIN SELECT * FROM t WHERE a = 1;
-- skip-result
EXPLAIN SELECT * FROM t WHERE b = 'x' AND c = 1;
-- skip-result
EXPLAIN SELECT * FROM t WHERE id IN (1, 2);
-- skip-result
EXPLAIN SELECT * FROM t JOIN u ON u.tid = t.id;
-- skip-result
EXPLAIN SELECT * FROM t LEFT JOIN u ON u.tid = t.id WHERE t.a = 1;
-- skip-result
EXPLAIN SELECT * FROM t, u WHERE u.v = t.b;
-- skip-result
EXPLAIN SELECT * FROM t WHERE id = (SELECT MAX(tid) FROM u);
-- skip-result
EXPLAIN SELECT * FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.tid = t.id);
-- skip-result
EXPLAIN SELECT * FROM (SELECT a, COUNT(*) n FROM t GROUP BY a) d WHERE n > 1;
-- skip-result
EXPLAIN SELECT id FROM t UNION SELECT id FROM u;
-- skip-result
EXPLAIN SELECT a, COUNT(*) FROM t GROUP BY a ORDER BY 2;
-- skip-result
EXPLAIN SELECT (SELECT MAX(v) FROM u WHERE u.tid = t.id) FROM t;
EXPLAIN UPDATE t SET c = 2 WHERE id = 1;
EXPLAIN DELETE FROM t WHERE a = 1;
-- skip-result
EXPLAIN UPDATE t, u SET t.c = 1 WHERE u.tid = t.id;
-- skip-result
EXPLAIN INSERT INTO nokey SELECT a, b FROM t;
-- skip-result
EXPLAIN SELECT * FROM t t1 JOIN t t2 ON t2.id = t1.a;
-- skip-result
EXPLAIN SELECT * FROM t WHERE id IN (SELECT tid FROM u);
-- skip-result
EXPLAIN WITH w AS (SELECT a FROM t WHERE id > 1) SELECT * FROM w JOIN u ON u.tid = w.a;
-- skip-result
EXPLAIN WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r;
-- skip-result
EXPLAIN SELECT * FROM (SELECT id FROM t UNION SELECT tid FROM u) z;
-- skip-result
EXPLAIN SELECT id, ROW_NUMBER() OVER (ORDER BY a) FROM t;
-- skip-result
EXPLAIN SELECT * FROM information_schema.tables WHERE table_schema = 'x';
-- skip-result
EXPLAIN SELECT a, SUM(c) FROM t GROUP BY a WITH ROLLUP;
-- skip-result
EXPLAIN SELECT * FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.tid = t.id AND EXISTS (SELECT 1 FROM t t3 WHERE t3.id = u.id));
-- skip-result
EXPLAIN UPDATE t SET a = (SELECT MAX(tid) FROM u) WHERE id IN (SELECT tid FROM u);
EXPLAIN SELECT * FROM t WHERE id = 2 UNION ALL SELECT * FROM t WHERE id = 3;
EXPLAIN SELECT * FROM nokey UNION ALL SELECT * FROM nokey;
EXPLAIN SELECT * FROM nokey UNION SELECT * FROM nokey;
BEGIN;
EXPLAIN SELECT * FROM t WHERE id = 1 FOR UPDATE;
EXPLAIN DELETE FROM nokey;
COMMIT;
SELECT * FROM nokey ORDER BY x;
EXPLAIN ANALYZE SELECT * FROM t WHERE id = 1;
EXPLAIN FORMAT=TRADITIONAL SELECT * FROM t WHERE id = 1;
-- skip-result
DESCRIBE EXTENDED SELECT 1;
EXPLAIN SELECT 1 INTO @x;

-- a constant condition is decided before the scan: no "Using where" (a function such as
-- GET_LOCK is not)
EXPLAIN SELECT * FROM nokey WHERE 1 = 1;
EXPLAIN SELECT * FROM nokey WHERE 'a' = 'a' AND y = 'b';
EXPLAIN SELECT * FROM nokey WHERE @nosuch IS NULL;
EXPLAIN SELECT * FROM nokey WHERE GET_LOCK('explain_lock', 0);
EXPLAIN UPDATE nokey SET y = DEFAULT WHERE 1 = 1;
-- skip-result
EXPLAIN EXTENDED SELECT x, (SELECT COUNT(*) FROM u WHERE u.tid = nokey.x AND u.id > nokey.x) FROM nokey;
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT * FROM nokey WHERE x = (SELECT tid FROM u WHERE u.v = nokey.y LIMIT 1);
SHOW WARNINGS;
-- skip-result
EXPLAIN EXTENDED SELECT (SELECT MAX(id) FROM u WHERE u.tid = n.x) + 1 FROM nokey n;
SHOW WARNINGS;

-- options: metadata
-- ANALYZE statement: runs it and shows EXPLAIN's rows with what was read (r_rows: rows
-- read per scan, r_filtered: the share its conditions let through). Rows are compared
-- where both engines plan alike (a table without keys, lookups on an index); the other
-- shapes compare columns and success only. ANALYZE FORMAT=JSON holds measured times:
-- tests/integration/test_explain_json.py compares it with the times masked.

CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(20), c INT, u INT NOT NULL, KEY ka (a), UNIQUE KEY ku (u));
INSERT INTO t VALUES (1, 1, 'x', 1, 10), (2, 2, 'y', 2, 20), (3, 3, 'z', 3, 30), (4, 1, 'x', 2, 40);
CREATE TABLE nokey (x INT, y VARCHAR(5));
INSERT INTO nokey VALUES (1, 'a'), (2, 'b'), (3, 'c'), (2, 'd'), (NULL, 'e');

ANALYZE SELECT * FROM nokey;
ANALYZE SELECT * FROM nokey WHERE x = 2;
ANALYZE SELECT * FROM nokey WHERE y > 'b' AND x IS NOT NULL;
ANALYZE SELECT * FROM nokey WHERE x = 99;
ANALYZE SELECT COUNT(*) FROM nokey WHERE y <> 'a';
ANALYZE SELECT * FROM t WHERE id = 2;
ANALYZE SELECT * FROM t WHERE u = 30;
ANALYZE SELECT * FROM t WHERE id = 99;
ANALYZE SELECT 1;
ANALYZE SELECT * FROM t WHERE 1 = 0;
-- skip-result
ANALYZE FORMAT=JSON SELECT 1;
ANALYZE TABLE t;
ANALYZE SELECT * FROM no_such_table;
-- skip-result
ANALYZE SELECT * FROM t WHERE a = 1;
-- skip-result
ANALYZE SELECT * FROM t JOIN nokey ON nokey.x = t.id;
-- skip-result
ANALYZE SELECT * FROM t LEFT JOIN nokey ON nokey.x = t.a WHERE t.c > 1;
-- skip-result
ANALYZE SELECT * FROM t WHERE id IN (SELECT x FROM nokey);
-- skip-result
ANALYZE SELECT a, COUNT(*) FROM t GROUP BY a ORDER BY a;

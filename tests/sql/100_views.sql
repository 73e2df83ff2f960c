-- Views: CREATE / ALTER / DROP VIEW, reading through them, and how MariaDB prints and
-- lists them (SHOW CREATE VIEW, SHOW FULL TABLES, SHOW TABLE STATUS, DESCRIBE,
-- information_schema.VIEWS / TABLES / COLUMNS). Definers are the connecting account
-- on both servers.
CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(20), c DECIMAL(10,2));
INSERT INTO t VALUES (1,'x',1.5),(2,'y',2.5),(3,'z',NULL),(4,'ab',4.25);
CREATE TABLE u (a INT, d DATE);
INSERT INTO u VALUES (1,'2021-01-01'),(2,'2019-05-05'),(4,NULL);
CREATE TABLE w (a INT, e INT);
INSERT INTO w VALUES (1,10),(3,30);
CREATE VIEW v1 AS SELECT a, b FROM t WHERE a > 1;
CREATE VIEW v2 (p, q) AS SELECT a+1, concat(b,'!') FROM t ORDER BY a DESC LIMIT 2;
CREATE OR REPLACE ALGORITHM=MERGE VIEW v3 AS SELECT t.a, count(*) n FROM t JOIN t t2 ON t.a=t2.a GROUP BY t.a;
CREATE SQL SECURITY INVOKER VIEW v4 AS SELECT * FROM v1 WHERE b <> 'q' WITH LOCAL CHECK OPTION;
CREATE VIEW v5 AS SELECT x.a AS aa, (SELECT max(a) FROM t) m, t.b FROM t, u x WHERE t.a = x.a AND x.d > '2020-01-01' OR t.b LIKE 'a%' AND t.a IN (1,2,3,4) AND t.a BETWEEN 1 AND 5;
CREATE VIEW v6 AS SELECT DISTINCT upper(b), 1+2*3, -a, a DIV 2, coalesce(c, 0) co FROM t UNION ALL SELECT 'k', 2, 3, 4, 5;
CREATE VIEW v7 AS SELECT t.a FROM t JOIN u ON t.a=u.a LEFT JOIN w ON w.a=t.a;
CREATE VIEW v8 AS SELECT a FROM t WHERE a IN (SELECT a FROM u) AND a NOT IN (SELECT e FROM w) AND EXISTS (SELECT * FROM u);
CREATE VIEW v9 AS SELECT a FROM t UNION SELECT a FROM u UNION ALL SELECT e FROM w ORDER BY 1 LIMIT 3;
CREATE VIEW va AS SELECT d.a, u.d FROM (SELECT a FROM t WHERE a > 1) d LEFT JOIN u USING (a);
CREATE VIEW vb AS SELECT t.*, 'it''s' s, NULL n, 1.50 dd FROM t NATURAL JOIN w;
CREATE VIEW vc AS SELECT `a` AS `A b`, a+0 AS `very long name` FROM t;
CREATE VIEW vd AS SELECT a, count(*) FROM t GROUP BY a HAVING count(*) > 0 ORDER BY a DESC, 2 LIMIT 1, 2;
SELECT * FROM v1;
SELECT * FROM v2;
SELECT * FROM v3;
SELECT * FROM v4;
SELECT * FROM v5;
SELECT * FROM v6;
SELECT * FROM v7;
SELECT * FROM v8;
SELECT * FROM v9;
SELECT * FROM va;
SELECT * FROM vb;
SELECT * FROM vc;
SELECT * FROM vd;
SELECT v1.a, v.p FROM v1 JOIN v2 v ON v.p = v1.a + 1 ORDER BY v1.a;
SELECT count(*), sum(a) FROM v1 WHERE b > 'x';
SELECT * FROM t WHERE a IN (SELECT a FROM v1);
SHOW CREATE VIEW v1;
SHOW CREATE VIEW v2;
SHOW CREATE VIEW v3;
SHOW CREATE VIEW v4;
SHOW CREATE VIEW v5;
SHOW CREATE VIEW v7;
SHOW CREATE VIEW v8;
SHOW CREATE VIEW v9;
SHOW CREATE VIEW va;
SHOW CREATE VIEW vb;
SHOW CREATE VIEW vc;
SHOW CREATE VIEW vd;
SHOW CREATE TABLE v1;
SHOW FULL TABLES;
SHOW TABLES LIKE 'v%';
SHOW TABLE STATUS LIKE 'v1';
DESCRIBE v1;
SHOW COLUMNS FROM v4;
SHOW FULL COLUMNS FROM v2;
SELECT TABLE_NAME, VIEW_DEFINITION, CHECK_OPTION, IS_UPDATABLE, SECURITY_TYPE, ALGORITHM FROM information_schema.VIEWS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME;
SELECT TABLE_NAME, TABLE_TYPE, ENGINE, VERSION, ROW_FORMAT, TABLE_ROWS, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME;
SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, DATA_TYPE, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('v1', 'v4', 'vc') ORDER BY TABLE_NAME, ORDINAL_POSITION;
-- writes show through, ALTER and OR REPLACE redefine
INSERT INTO t VALUES (5, 'e', 5);
SELECT * FROM v1;
ALTER VIEW v1 AS SELECT a, b, c FROM t WHERE a < 3;
SELECT * FROM v1;
SHOW CREATE VIEW v1;
CREATE OR REPLACE VIEW v1 (x) AS SELECT b FROM t WHERE a = 2;
SELECT * FROM v1;
-- errors
CREATE VIEW v1 AS SELECT 1;
CREATE VIEW IF NOT EXISTS v1 AS SELECT 1;
CREATE VIEW t AS SELECT 1;
CREATE TABLE v1 (x INT);
CREATE VIEW ve AS SELECT * FROM no_such_table;
CREATE VIEW ve AS SELECT no_such_column FROM t;
CREATE VIEW ve (x, y) AS SELECT a FROM t;
CREATE VIEW ve AS SELECT a, a FROM t;
CREATE VIEW ve AS SELECT a, count(*) FROM t GROUP BY a WITH CHECK OPTION;
ALTER VIEW no_such_view AS SELECT 1;
DROP VIEW t;
DROP VIEW no_such_view;
DROP VIEW IF EXISTS no_such_view;
DROP TABLE v1;
ALTER TABLE v1 ADD COLUMN z INT;
SHOW CREATE VIEW t;
-- a view whose table is gone
CREATE TABLE g (a INT);
CREATE VIEW vg AS SELECT a FROM g;
DROP TABLE g;
SELECT * FROM vg;
DROP VIEW v1, v2, v3, v4, v5, v6, v7, v8, v9, va, vb, vc, vd, vg;
SHOW FULL TABLES;
-- a view may not read itself, even through another view (MariaDB: the view being
-- defined does not exist yet)
CREATE VIEW ca AS SELECT 1 x;
CREATE VIEW cb AS SELECT * FROM ca;
CREATE OR REPLACE VIEW ca AS SELECT * FROM cb;
SELECT * FROM ca;
SELECT * FROM cb;
-- views in other statements: subqueries, derived tables, joins, aggregates over them,
-- another database's view, a temporary table hiding a view, PREPARE
CREATE VIEW vo AS SELECT t.a, t.b, u.d FROM t LEFT JOIN u ON u.a = t.a;
SELECT b, (SELECT count(*) FROM vo WHERE vo.a <= t.a) FROM t ORDER BY a;
SELECT d.a, d.n FROM (SELECT a, count(*) n FROM vo GROUP BY a) d WHERE d.n > 0 ORDER BY d.a DESC;
SELECT x.a, y.d FROM vo x JOIN vo y ON x.a = y.a WHERE y.d IS NOT NULL ORDER BY 1;
SELECT count(*), max(b), min(d) FROM vo;
SELECT * FROM t_views.vo WHERE a IN (SELECT a FROM u) ORDER BY a;
CREATE TEMPORARY TABLE vo (z INT);
SELECT * FROM vo;
DROP TEMPORARY TABLE vo;
SELECT a FROM vo ORDER BY a LIMIT 2;
PREPARE ps FROM 'SELECT b FROM vo WHERE a = ?';
SET @k = 2;
EXECUTE ps USING @k;
DEALLOCATE PREPARE ps;
CREATE VIEW vs AS SELECT a, b FROM t WHERE a > 1;
SELECT * FROM vs FOR UPDATE;
SELECT * FROM vs LOCK IN SHARE MODE;
-- merged as MariaDB merges them: the tables in EXPLAIN, keys used
EXPLAIN SELECT * FROM vo;
EXPLAIN SELECT * FROM vs WHERE a = 3;
EXPLAIN SELECT b FROM vs WHERE a = 2 OR b = 'q';
EXPLAIN SELECT * FROM v3;
SELECT b AS bb, count(*) FROM vs GROUP BY b ORDER BY bb DESC;
SELECT vs.a + 1 AS n, upper(vs.b) FROM vs WHERE vs.a BETWEEN 2 AND 4 ORDER BY n LIMIT 2;
SELECT * FROM vs WHERE a > 2 UNION SELECT a, b FROM vo WHERE a < 2 ORDER BY 1;
DROP VIEW ca, cb, vo, vs;
-- views joined with tables and with each other: merged in place (each column named by
-- its table), results as on MariaDB; names that are ambiguous or unknown fail as there
CREATE TABLE jt (a INT PRIMARY KEY, b VARCHAR(20), c INT, KEY c (c));
CREATE TABLE ju (a INT PRIMARY KEY, d VARCHAR(20), c INT);
INSERT INTO jt VALUES (1,'x',10),(2,'y',20),(3,'z',30),(4,'w',10);
INSERT INTO ju VALUES (1,'one',5),(2,'two',6),(3,'three',7),(5,'five',8);
CREATE VIEW jvt AS SELECT a, b AS bb, c FROM jt WHERE c >= 10;
CREATE VIEW jvu AS SELECT x.a, x.d FROM ju x WHERE x.c > 5;
SELECT * FROM jvt JOIN ju ON ju.a = jvt.a ORDER BY jvt.a;
SELECT jvt.bb, ju.d FROM jvt, ju WHERE jvt.a = ju.a AND ju.c > 5 ORDER BY 1;
SELECT bb, d FROM ju JOIN jvt ON jvt.a = ju.a ORDER BY bb;
SELECT * FROM jvt JOIN jvu ON jvu.a = jvt.a ORDER BY 1;
SELECT jvt.*, jvu.d FROM jvt JOIN jvu USING (a) ORDER BY 1;
SELECT jt.b, jvt.bb FROM jt JOIN jvt ON jt.a = jvt.a + 1 ORDER BY 1;
SELECT count(*), sum(jvt.c) FROM jvt JOIN jt ON jt.c = jvt.c;
SELECT jvt.a, ju.a FROM jvt LEFT JOIN ju ON ju.a = jvt.a ORDER BY 1;
SELECT ju.a, jvt.a FROM ju LEFT JOIN jvt ON ju.a = jvt.a ORDER BY 1;
SELECT c FROM jvt JOIN ju ON ju.a = jvt.a;
SELECT b FROM jvt JOIN ju ON ju.a = jvt.a;
SELECT a FROM jvt JOIN ju ON ju.a = jvt.a;

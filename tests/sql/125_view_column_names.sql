-- A result column that reads a column of a view, a derived table or a CTE without an
-- alias is named as that view or table names the column, not as the query spells it
-- (MariaDB's view field references); a base table's and information_schema's columns
-- keep the query's spelling; mysql.user is a view in MariaDB 10.11.
CREATE TABLE t (Abc INT, Def VARCHAR(5));
INSERT INTO t VALUES (1, 'x'), (2, 'y');
CREATE VIEW v AS SELECT Abc AS Foo, Abc, Def FROM t;
CREATE VIEW v2 AS SELECT foo AS Bar, DEF FROM v;
SELECT abc, DEF FROM t;
SELECT foo, abc, def FROM v;
SELECT v.foo, V.ABC FROM v;
SELECT * FROM v;
SELECT foo + 1, FOO AS x, d.foo, d.FOO y FROM v d;
SELECT bar, def FROM v2;
SELECT foo FROM (SELECT Abc AS Foo FROM t) d;
SELECT FOO, abc FROM (SELECT Abc AS Foo, Abc FROM t) d;
WITH c AS (SELECT Abc AS Foo FROM t) SELECT foo FROM c;
WITH c (Col1, COL2) AS (SELECT Abc, Def FROM t) SELECT col1, col2 FROM c;
SELECT foo, t.abc FROM v JOIN t ON t.Abc = v.Foo;
SELECT def FROM v JOIN t USING (abc);
SELECT foo FROM v GROUP BY foo ORDER BY foo;
SELECT DISTINCT foo FROM v;
SELECT user, HOST FROM mysql.user WHERE user = 'root' AND host = 'localhost';
SELECT db FROM mysql.db LIMIT 0;
SELECT table_name, TABLE_schema FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 't';

-- Conditions of the outer WHERE pushed into derived tables and views that are materialised
-- (MariaDB's condition_pushdown_for_derived): into WHERE for grouping columns, HAVING for
-- aggregates; never through LIMIT, into the inner side of an outer join, or with a
-- subquery. Results as on MariaDB (the pushed conditions only make less work).
CREATE TABLE t (a INT PRIMARY KEY, g INT, s VARCHAR(10), KEY g (g));
INSERT INTO t VALUES (1,1,'x'),(2,1,'y'),(3,2,'z'),(4,3,NULL),(5,3,'w'),(6,NULL,'n');
CREATE VIEW pa AS SELECT g, count(*) n, max(s) ms FROM t GROUP BY g;
SELECT * FROM pa WHERE g = 3;
SELECT * FROM pa WHERE n > 1 ORDER BY g;
SELECT * FROM pa WHERE g IS NULL;
SELECT * FROM pa WHERE ms = 'y' AND g < 5;
SELECT * FROM (SELECT g, sum(a) sa FROM t GROUP BY g) d WHERE d.g = 1 OR d.sa > 8 ORDER BY 1;
SELECT * FROM (SELECT DISTINCT g FROM t) d WHERE g > 1 ORDER BY g;
SELECT d.g, t.s FROM (SELECT g, count(*) c FROM t GROUP BY g) d JOIN t ON t.g = d.g WHERE d.c = 2 ORDER BY 1, 2;
SELECT t.a, d.c FROM t LEFT JOIN (SELECT g, count(*) c FROM t GROUP BY g) d ON d.g = t.a WHERE d.c IS NULL ORDER BY 1;
SELECT * FROM (SELECT g, count(*) c FROM t GROUP BY g LIMIT 2) d WHERE c = 1;
SELECT * FROM (SELECT a, s FROM t ORDER BY a DESC) d WHERE a > 2;
SELECT * FROM (SELECT g, count(*) c FROM t GROUP BY g) d WHERE c = (SELECT 2);
SELECT * FROM (SELECT g AS x, count(*) c FROM t GROUP BY g) d (p, q) WHERE p = 1;

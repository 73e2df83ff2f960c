-- WITH ROLLUP super-aggregate rows, RIGHT JOIN, NATURAL joins and USING, WITH (CTEs)
-- (merged columns in SELECT *, unqualified references to them).

CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10), c INT);
INSERT INTO t VALUES (1,'x',10),(2,'y',20),(3,'x',30),(4,NULL,40);
CREATE TABLE u (id INT PRIMARY KEY, t_a INT, name VARCHAR(10));
INSERT INTO u VALUES (1, 1, 'one'), (2, 9, 'nine'), (3, 3, 'three'), (4, NULL, 'null');
CREATE TABLE v (a INT, z INT);
INSERT INTO v VALUES (1,5),(7,8);
SET sql_mode = '';

-- ===== WITH ROLLUP =====
select b, a, concat(b,'!') x, sum(c), count(*) from t group by b with rollup;
select b, a, sum(c) from t group by b, a with rollup having sum(c) > 10;
select b, sum(c) from t group by b with rollup order by b;
select b, sum(c) from t group by b with rollup limit 2;
select b+1, sum(c) from t group by b+1 with rollup;
-- a GROUP BY expression that warns: evaluated per row, again for a group's first row, and
-- with ROLLUP once more per row in group order; read from the group for the output
select sum(c) from t group by b+1 with rollup;
select b+1, sum(c) from t group by b+1;
select b, b+1, sum(c) from t group by b, b+1 with rollup;
select b+1, c+'z', count(*) from t group by b+1, c+'z' with rollup;
select c+'z', b+1, count(*) from t group by b+1, c+'z' with rollup;
select c+'z', b+1, count(*) from t group by b+1, c+'z';
select b+1, count(*) from t group by b+1 having count(*) > 1 order by b+1;
select b, sum(c) from t where 0 group by b with rollup;
select coalesce(b,'ALL') bb, count(*), group_concat(a order by a) from t group by b with rollup;
select b, c>15, count(*), max(a) from t group by b, c>15 with rollup;
select sql_calc_found_rows b, count(*) from t group by b with rollup limit 1;
select found_rows();
select b, count(*) from t group by 1 with rollup;
SELECT b, SUM(c) FROM t GROUP BY b WITH ROLLUP HAVING b IS NULL;
SELECT b, COUNT(*) FROM t GROUP BY b WITH ROLLUP LIMIT 1, 2;
SELECT IFNULL(b, 'total') AS label, SUM(c) FROM t GROUP BY b WITH ROLLUP;
SELECT b, a, COUNT(*) FROM t GROUP BY b, a WITH ROLLUP;
SELECT u.name, t.b, COUNT(*) FROM t JOIN u ON u.t_a = t.a GROUP BY u.name, t.b WITH ROLLUP;

-- ===== RIGHT JOIN =====
select * from t right join u on t.a = u.t_a order by u.id;
select t.*, u.name from t right join u on t.a = u.t_a where t.a is null order by u.id;
select u.id, t.b from t right outer join u on t.a = u.t_a and t.c > 15 order by u.id;
select count(*), count(t.a) from t right join u on t.a = u.t_a;
select u.id, t.b, v.name from t right join u on t.a = u.t_a left join u v on v.id = t.a order by u.id;
select * from u t2 right join t on t.a = t2.t_a right join u on 1;

-- ===== NATURAL and USING =====
select * from t join v using (a);
select * from t natural left join v order by t.a;
select * from t natural right join v order by v.a;
select a, z from t natural right join v order by a;
select a, b from t left join v using (a) order by a;
select * from t right join v using (a) order by a;
select * from t join v using (a) join u on u.id = a;
select t.*, v.* from t natural join v;
select * from t natural join u;
select count(*) from t natural join u;
select * from t join u using (id);

-- ===== WITH (common table expressions) =====
with c as (select a, b from t where c > 15) select * from c order by a;
with c (x, y) as (select a, b from t) select y, count(*) from c group by y order by y;
with c as (select a from t), d as (select a * 10 as a10 from c) select * from d order by a10;
with c as (select a from t) select * from c join c c2 on c2.a = c.a + 1 order by c.a;
with c as (select a from t) select (select max(a) from c) m;
with c as (select a from t) select a from t where a in (select a from c where a > 2) order by a;
with c (x) as (select a, b from t) select * from c;
with c as (select 1 as n) , c as (select 2 as n) select * from c;
with recursive r (n) as (select 1 union all select n + 1 from r where n < 5) select * from r;
with t as (select 100 as a) select * from t;
select * from (with c as (select a from t) select * from c) d order by a;

-- ===== UNION types, duplicates and order =====
SELECT 1 UNION SELECT '1';
SELECT 1 UNION ALL SELECT 1 UNION SELECT 2 UNION ALL SELECT 2;
SELECT 'b' x UNION SELECT 'B' UNION SELECT 'a' UNION SELECT 'Á' ORDER BY x;
SELECT b FROM t UNION ALL SELECT name FROM u ORDER BY b DESC;
SELECT a, b FROM t UNION SELECT a, z FROM v ORDER BY 1, 2;
SELECT 1.5 UNION SELECT 2 UNION SELECT NULL ORDER BY 1;
(SELECT a FROM t ORDER BY a DESC LIMIT 2) UNION ALL (SELECT a FROM v ORDER BY a LIMIT 1) ORDER BY a;
SELECT a FROM t UNION SELECT a FROM v LIMIT 2, 2;

-- ===== ORDER BY ... LIMIT (top-N) =====
SELECT a, b FROM t ORDER BY b, a LIMIT 1;
SELECT a, b FROM t ORDER BY b DESC, a DESC LIMIT 2;
SELECT u.id, t.a FROM t JOIN u ORDER BY t.c DESC, u.name LIMIT 3 OFFSET 2;
SELECT SQL_CALC_FOUND_ROWS a FROM t ORDER BY c DESC LIMIT 1;
SELECT FOUND_ROWS();

-- ===== WITH RECURSIVE =====
with recursive r (n) as (select 1 union all select n + 1 from r where n < 5) select * from r;
with recursive r as (select 1 as n, cast('a' as char(20)) s union all select n + 1, concat(s, 'b') from r where n < 4) select * from r order by n;
with recursive r (n) as (select 1 union select n % 3 + 1 from r) select * from r order by n;
with recursive anc (id, parent, depth) as (select id, t_a, 0 from u where id = 3 union all select u.id, u.t_a, anc.depth + 1 from u join anc on u.id = anc.parent where anc.depth < 5) select * from anc order by depth;
with recursive f (a, b) as (select 0, 1 union all select b, a + b from f where b < 100) select a from f order by a;
with recursive r (n) as (select n from r) select * from r;
with recursive r (n) as (select 1 union all select n + 1 from r where n < 3), s as (select n * 10 m from r) select * from s order by m;
with recursive r (n, m) as (select 1 union all select n + 1 from r where n < 3) select * from r;
with recursive r (n) as (select 1 union all select n + 1 from r where n < 3) select count(*), sum(n) from r join r r2 on r2.n >= r.n;

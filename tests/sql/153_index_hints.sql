-- Index hints: USE / FORCE / IGNORE {INDEX|KEY} [FOR JOIN|ORDER BY|GROUP BY] (keys) decide
-- which keys MariaDB reads rows through, and so the order of rows no ORDER BY fixes: an
-- ignored key is not used for a lookup, a range or a covering scan, USE and FORCE leave only
-- their keys (USE INDEX () none), EXPLAIN's possible_keys leaves the others out.
create table ih (id int primary key, a int, b varchar(10), c int, key ka (a), key kb (b), key kab (a, b));
insert into ih values (1,3,'z',1),(2,1,'y',2),(3,2,'x',3),(4,1,'w',4),(5,3,'v',5),(6,2,'u',6),(7,1,'t',7),(8,2,'s',8);
create table ij (id int primary key, ihid int, key kih (ihid));
insert into ij values (10,3),(11,1),(12,2),(13,3),(14,8);
SELECT id from ih where a = 1;
SELECT id from ih ignore index (ka) where a = 1;
SELECT id from ih ignore index (ka, kab) where a = 1;
SELECT id, c from ih ignore index (ka, kab) where a = 1;
SELECT id from ih use index (kb) where a = 1;
SELECT id from ih force index (kb) where a = 1;
SELECT id from ih force index (kab) where a = 1;
SELECT id from ih use index (primary) where id > 3;
SELECT id from ih ignore index (primary) where id > 3;
SELECT id from ih ignore index for order by (ka) where a > 1;
SELECT id from ih ignore index for join (ka) where a > 1;
SELECT id from ih use index for join (kb) where b > 'a';
SELECT id, a from ih;
SELECT id, a from ih ignore index (ka);
SELECT id, a from ih ignore index (ka, kab);
SELECT id, b from ih use index (kb);
SELECT id, b from ih ignore index (kb);
SELECT ih.id, ij.id from ih join ij on ij.ihid = ih.id;
SELECT ih.id, ij.id from ih join ij ignore index (kih) on ij.ihid = ih.id;
SELECT count(*) from ih ignore index (ka) where a = 1;
SELECT id from ih use key (ka) ignore key (ka) where a = 1;
SELECT id from ih use index (ka) use index (kb) where a > 0 and b > 'a';
EXPLAIN select id from ih ignore index (ka, kab) where a = 1;
EXPLAIN select id from ih use index () where a = 1;
EXPLAIN select id from ih force index (ka) where a > 1;
update ih ignore index (ka) set c = c + 1 where a = 1;
delete from ih use index (kb) where a = 9;
SELECT id, c from ih where a = 1;

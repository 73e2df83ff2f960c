-- BIT(M): the value as (M + 7) / 8 bytes, big-endian; a number in numeric context
-- (and in HEX()), its bytes in string context; past M bits 1406 in strict mode, else
-- the largest value with 1264 (MariaDB's Field_bit::store)
create table bt (id int primary key, x bit(8), y bit(1), z bit(64), key(x));
insert into bt values (1, 5, 1, 1), (2, b'101', b'0', x'ff'), (3, '5', 0, 18446744073709551615), (4, 255, 1, -1);
select id, x+0, hex(x), y+0, z+0, x = 5, concat(x), length(x), x from bt;
insert into bt values (5, 256, 0, 0);
set sql_mode='';
insert into bt values (6, 256, 2, 0);
show warnings;
select id, x+0, y+0 from bt where id=6;
select id from bt where x = 5;
select id from bt where x = b'101';
select id from bt where x > 4 and x < 100;
select min(x+0), sum(x) from bt;
select x+0 from bt order by x;
select x+0 from bt order by x desc;
select bin(x), oct(x), x | 0, x & 1, x << 1 from bt;
update bt set x = x + 1 where id = 1;
select x+0 from bt where id = 1;
select x * 2, x div 2 from bt;
SELECT HEX(MAX(x)), HEX(MIN(x)), MAX(x) + 0 FROM bt;
SELECT x + 0, COUNT(*) FROM bt GROUP BY x;
SELECT DISTINCT x + 0 FROM bt;
SELECT HEX(x), x + 0 FROM bt WHERE x IN (5, 255);
SELECT id, HEX(x) FROM bt WHERE x = '5';
CREATE TABLE bd (a BIT(3) DEFAULT b'101', b BIT(10) NOT NULL DEFAULT 0);
SHOW CREATE TABLE bd;
INSERT INTO bd () VALUES ();
INSERT INTO bd VALUES (7, 1023), (b'1', x'0201');
SELECT a + 0, HEX(a), HEX(b), LENGTH(b), b = 1023 FROM bd;

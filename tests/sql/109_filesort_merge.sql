-- ORDER BY (and GROUP BY by sorting) over more rows than MariaDB's sort buffer holds:
-- it sorts them in chunks, writes them out and merges them through its QUEUE, which
-- leaves ties in an order of its own (engine/filesort.c fs_chunked, engine/sort_ties.md
-- section 5c). Fixed-size records (integer columns read); chunks of 819 rows with a
-- 16 KiB sort buffer; 2 to 25 chunks (one merge pass, and merge_many_buff's passes).

CREATE TABLE dg (n INT);
INSERT INTO dg VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE fm (id INT PRIMARY KEY, k INT NOT NULL, b INT NOT NULL, pad BIGINT);
INSERT INTO fm SELECT (a.n * 1000 + b.n * 100 + c.n * 10 + d.n) * 7919 % 20011 + 1, (a.n * 7 + c.n * 3 + d.n) % 4,
  (a.n * 1000 + b.n * 100 + c.n * 10 + d.n) DIV 1500, a.n FROM dg a, dg b, dg c, dg d;
INSERT INTO fm SELECT id + 30000, (id * 13) % 3, b + 7, pad FROM fm WHERE id < 10000;
-- (statistics made now: the sort buffer's row cap does not depend on when InnoDB recounts)
-- skip-result
ANALYZE TABLE fm;
SET SESSION sort_buffer_size = 16384;
SELECT COUNT(*) FROM fm;
SELECT id FROM fm ORDER BY k;
SELECT id FROM fm ORDER BY k DESC;
SELECT id, k FROM fm ORDER BY b, k;
SELECT id FROM fm WHERE id < 4000 ORDER BY k;
SELECT id FROM fm ORDER BY b DESC LIMIT 3000;
SELECT k, id, pad, COUNT(DISTINCT b) FROM fm GROUP BY k;
SELECT b, id, GROUP_CONCAT(id) FROM fm WHERE id < 2500 GROUP BY b;
SET SESSION sort_buffer_size = 24576;
SELECT id FROM fm ORDER BY k;
SELECT id, k FROM fm ORDER BY pad DESC, k;
SET SESSION sort_buffer_size = DEFAULT;
SELECT id FROM fm ORDER BY k;
DROP TABLE fm, dg;

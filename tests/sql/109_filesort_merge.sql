-- ORDER BY (and GROUP BY by sorting) over more rows than MariaDB's sort buffer holds:
-- it sorts them in chunks, writes them out and merges them through its QUEUE, which
-- leaves ties in an order of its own (engine/filesort.c fs_chunked, engine/sort_ties.md
-- section 5c and its appendix). Fixed-size records (integer columns read): chunks of 409
-- rows with an 8 KiB sort buffer, 614 with 12 KiB (below any row estimate InnoDB makes of
-- the table, so the chunks do not depend on when it counts); 2 to 37 chunks (one merge
-- pass, and merge_many_buff's passes). Packed records (a VARCHAR, CHAR, or 12 bytes of
-- nullable columns read): a chunk fills by bytes, each row's as MariaDB packs it (NULLs
-- take none, a latin1 value its latin1 bytes, CHAR without trailing spaces).

CREATE TABLE dg (n INT);
INSERT INTO dg VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE fm (id INT PRIMARY KEY, k INT NOT NULL, b INT NOT NULL, pad BIGINT);
INSERT INTO fm SELECT (a.n * 1000 + b.n * 100 + c.n * 10 + d.n) * 7919 % 20011 + 1, (a.n * 7 + c.n * 3 + d.n) % 4,
  (a.n * 1000 + b.n * 100 + c.n * 10 + d.n) DIV 1500, a.n FROM dg a, dg b, dg c, dg d;
INSERT INTO fm SELECT id + 30000, (id * 13) % 3, b + 7, pad FROM fm WHERE id < 10000;
SET SESSION sort_buffer_size = 8192;
SELECT COUNT(*) FROM fm;
SELECT id FROM fm ORDER BY k;
SELECT id FROM fm ORDER BY k DESC;
SELECT id, k FROM fm ORDER BY b, k;
SELECT id FROM fm WHERE id < 4000 ORDER BY k;
SELECT id FROM fm ORDER BY b DESC LIMIT 3000;
SELECT k, id, pad, COUNT(DISTINCT b) FROM fm GROUP BY k;
SELECT b, id, GROUP_CONCAT(id) FROM fm WHERE id < 2500 GROUP BY b;
SET SESSION sort_buffer_size = 12288;
SELECT id FROM fm ORDER BY k;
SELECT id, k FROM fm ORDER BY pad DESC, k;
CREATE TABLE fp (id INT PRIMARY KEY, k INT NOT NULL, v VARCHAR(40), l VARCHAR(200) CHARACTER SET latin1, c CHAR(20), d DATETIME, m DECIMAL(10,2), s SMALLINT);
INSERT INTO fp SELECT id, k, IF(id % 4 = 0, NULL, REPEAT('v', id % 17)), IF(id % 5 = 0, NULL, CONCAT(REPEAT('x', id % 13), IF(id % 3 = 0, 'é', ''))),
  IF(id % 6 = 0, NULL, CONCAT(REPEAT('c', id % 7), '  ')), IF(id % 7 = 0, NULL, '2024-01-02 03:04:05'), id % 100 + 0.25, IF(id % 9 = 0, NULL, id % 50) FROM fm;
SET SESSION sort_buffer_size = 8192;
SELECT id, v FROM fp ORDER BY k;
SELECT id, l, d FROM fp ORDER BY k DESC;
SELECT id, c, m FROM fp WHERE id < 9000 ORDER BY k;
SELECT id, m, s, d FROM fp ORDER BY k;
SELECT k, id, v, COUNT(DISTINCT s) FROM fp GROUP BY k;
SET SESSION sort_buffer_size = 32768;
SELECT id, v, l, c FROM fp ORDER BY k;
SET SESSION sort_buffer_size = DEFAULT;
DROP TABLE fm, fp, dg;

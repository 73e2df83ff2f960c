-- Filters of the shapes the engine evaluates without its stack machine (column op
-- constant, column [NOT] IN (strings)), on pooled short strings, with the collation
-- cases they must keep (case, accents, PAD SPACE), NULLs, and values that change
-- while a statement runs; streaming DISTINCT; exact index lookups.

CREATE TABLE k (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  st VARCHAR(20) DEFAULT 'publish',
  ty VARCHAR(20) NOT NULL DEFAULT 'post',
  n INT,
  u BIGINT UNSIGNED,
  d DATETIME,
  b VARBINARY(20),
  KEY ty_st (ty, st),
  KEY st (st)
) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;

INSERT INTO k (st, ty, n, u, d, b) VALUES
 ('publish', 'post', 1, 1, '2024-01-05 10:00:00', 'publish'),
 ('Publish', 'post', 2, 18446744073709551615, '2024-01-20 11:00:00', 'Publish'),
 ('publish ', 'Post', 3, 0, '2024-02-01 00:00:00', 'publish '),
 ('publísh', 'post', -4, 5, '2023-12-31 23:59:59', 'x'),
 ('draft', 'page', NULL, NULL, NULL, NULL),
 (NULL, 'post', 0, 7, '2024-02-29 12:00:00', ''),
 ('trash', 'post', 9, 9, '2024-03-01 00:00:00', 'trash'),
 ('auto-draft', 'post', 10, 10, '0000-00-00 00:00:00', 'auto-draft'),
 ('', 'attachment', 11, 11, '2024-03-15 08:30:00', ''),
 ('pending', 'post', 12, 12, '2024-01-05 09:00:00', 'pending');
INSERT INTO k (st, ty, n, u, d, b) SELECT st, ty, n + 100, u, d, b FROM k;
INSERT INTO k (st, ty, n, u, d, b) SELECT st, ty, n + 1000, u, d, b FROM k;

SELECT id, st FROM k WHERE st = 'publish' ORDER BY id;
SELECT id, st FROM k WHERE st != 'publish' ORDER BY id;
SELECT id, st FROM k WHERE 'PUBLISH' = st ORDER BY id;
SELECT id, st FROM k WHERE st <> 'trash' AND st != 'auto-draft' ORDER BY id;
SELECT id, st FROM k WHERE st = '' ORDER BY id;
SELECT id, st FROM k WHERE st = ' ' ORDER BY id;
SELECT id, st FROM k WHERE st IN ('publish', 'draft') ORDER BY id;
SELECT id, st FROM k WHERE st NOT IN ('publish', 'draft') ORDER BY id;
SELECT id, st FROM k WHERE st NOT IN ('publish', NULL) ORDER BY id;
SELECT id, st FROM k WHERE st IN ('PENDING') ORDER BY id;
SELECT id, st FROM k WHERE st = 'publish' COLLATE utf8mb4_bin ORDER BY id;
SELECT id, b FROM k WHERE b = 'publish' ORDER BY id;
SELECT id, b FROM k WHERE b != 'Publish' ORDER BY id;
SELECT id, n FROM k WHERE n = 3 ORDER BY id;
SELECT id, n FROM k WHERE n <> 3 ORDER BY id;
SELECT id, n FROM k WHERE n < 0 ORDER BY id;
SELECT id, n FROM k WHERE 10 <= n ORDER BY id;
SELECT id, n FROM k WHERE n > 1009 ORDER BY id;
SELECT id, n FROM k WHERE n >= -4 AND n < 2 ORDER BY id;
SELECT id, u FROM k WHERE u = 18446744073709551615 ORDER BY id;
SELECT id, u FROM k WHERE u > 9 ORDER BY id;
SELECT id, n FROM k WHERE n = '3' ORDER BY id;
SELECT id, st FROM k WHERE st = 0 ORDER BY id;
SELECT COUNT(*) FROM k WHERE ty = 'post';
SELECT COUNT(*) FROM k WHERE ty = 'post' AND st != 'trash' AND st != 'auto-draft';
SELECT COUNT(*) FROM k WHERE ty = 'POST' AND st = 'publish';
SELECT COUNT(*) FROM k WHERE ty = 'post' AND st IN ('publish', 'pending');
SELECT COUNT(*) FROM k WHERE ty IN ('post', 'page') AND st = 'draft';
SELECT id FROM k WHERE ty = 'post' AND st = 'publish' AND n > 100 ORDER BY id;

-- streaming DISTINCT: the first row of each value decides its ORDER BY position
SELECT DISTINCT YEAR(d) AS y, MONTH(d) AS m FROM k WHERE ty = 'post' AND st != 'trash' ORDER BY d DESC;
SELECT DISTINCT YEAR(d), MONTH(d) FROM k ORDER BY d;
SELECT DISTINCT st FROM k ORDER BY st;
SELECT DISTINCT st, ty FROM k WHERE n > 0 ORDER BY id DESC;
SELECT DISTINCT n % 3, st FROM k ORDER BY 1, 2;
SELECT DISTINCT IF(n > 5, n, 'small') FROM k ORDER BY 1;
SELECT DISTINCT YEAR(d) FROM k WHERE d IS NOT NULL ORDER BY 1;
SELECT SQL_CALC_FOUND_ROWS DISTINCT st FROM k ORDER BY st LIMIT 2;
SELECT FOUND_ROWS();
SELECT DISTINCT st FROM k GROUP BY st, n ORDER BY st;
-- of groups whose items are equal, the one made first (in scan order) stands for them
SELECT DISTINCT st FROM k GROUP BY n, st ORDER BY st;
SELECT DISTINCT st, COUNT(*) FROM k GROUP BY st, n ORDER BY st;
SELECT DISTINCT LOWER(st) FROM k GROUP BY st, n ORDER BY 1;
SELECT DISTINCT st FROM k WHERE n < 5 GROUP BY st, n ORDER BY st;
SELECT DISTINCT st FROM k WHERE n < 1000 GROUP BY st, n ORDER BY MIN(n), st;
SELECT DISTINCT st, n > 100 FROM k GROUP BY st, n ORDER BY st, 2;
SELECT DISTINCT COUNT(*) FROM k GROUP BY st ORDER BY 1;

-- values change under a running statement: filters see each row's own value
UPDATE k SET st = CONCAT(st, '-x') WHERE st != 'publish' AND n < 100;
SELECT id, st FROM k WHERE st != 'publish' ORDER BY id;
UPDATE k SET st = 'publish' WHERE st = 'draft-x';
SELECT id, st FROM k WHERE st = 'publish' ORDER BY id;
DELETE FROM k WHERE st IN ('trash', 'trash-x') AND n > 1000;
SELECT COUNT(*), COUNT(st) FROM k WHERE st NOT IN ('publish');
UPDATE k SET st = NULL WHERE st = 'pending-x';
SELECT id, st FROM k WHERE st IS NULL OR st = 'pending' ORDER BY id;
UPDATE k SET ty = 'page' WHERE ty = 'post' AND n % 2 = 0;
SELECT ty, COUNT(*) FROM k GROUP BY ty ORDER BY ty;
SELECT id FROM k WHERE ty = 'page' AND st = 'publish' ORDER BY id;
BEGIN;
UPDATE k SET st = 'future' WHERE st = 'publish' AND n > 1000;
SELECT COUNT(*) FROM k WHERE st = 'future';
SELECT COUNT(*) FROM k WHERE st != 'future';
ROLLBACK;
SELECT COUNT(*) FROM k WHERE st = 'future';
SELECT st, COUNT(*) FROM k GROUP BY st ORDER BY st;

-- a join: the inner side's lookup, the outer side's filter on a NULL-extended row
CREATE TABLE km (mid INT PRIMARY KEY, kid INT, mk VARCHAR(30), KEY kid (kid), KEY mk (mk)) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
INSERT INTO km VALUES (1, 1, 'color'), (2, 2, 'Color'), (3, 3, 'size'), (4, 99, 'color'), (5, 1, 'color '), (6, NULL, NULL);
SELECT k.id, km.mk FROM k JOIN km ON km.kid = k.id WHERE km.mk = 'color' ORDER BY k.id, km.mid;
SELECT km.mid, k.st FROM km LEFT JOIN k ON k.id = km.kid WHERE k.st != 'publish' ORDER BY km.mid;
SELECT km.mid, k.st FROM km LEFT JOIN k ON k.id = km.kid WHERE k.st NOT IN ('x') ORDER BY km.mid;
SELECT COUNT(*) FROM km LEFT JOIN k ON k.id = km.kid WHERE km.mk = 'color' AND k.ty NOT IN ('page');
SELECT mid FROM km WHERE mk = 'COLOR' ORDER BY mid;
SELECT mid FROM km WHERE mk IN ('size', 'colour') ORDER BY mid;

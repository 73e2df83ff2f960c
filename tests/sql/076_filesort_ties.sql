-- options: ordered
-- Rows that tie under ORDER BY, in the order MariaDB's filesort leaves them
-- (engine/filesort.c, engine/sort_ties.md): read in MariaDB's order (a ref in key
-- order, a scan in primary key order), kept with LIMIT in its priority queue, sorted
-- by its quicksort, by a radix sort past 999 short keys, by row reference when a TEXT
-- column is read. Whether the queue is used depends on InnoDB's row estimate, which
-- counts one page for ten seconds after CREATE TABLE: this file runs in a second or two.

CREATE TABLE wp (ID BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, post_author BIGINT UNSIGNED NOT NULL DEFAULT 0,
  post_date DATETIME NOT NULL DEFAULT '0000-00-00 00:00:00', post_content LONGTEXT NOT NULL,
  post_status VARCHAR(20) NOT NULL DEFAULT 'publish', post_type VARCHAR(20) NOT NULL DEFAULT 'post',
  menu_order INT NOT NULL DEFAULT 0, post_parent BIGINT UNSIGNED NOT NULL DEFAULT 0,
  KEY type_status_date (post_type, post_status, post_date, ID), KEY post_parent (post_parent), KEY post_author (post_author))
  DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
INSERT INTO wp (post_author, post_date, post_content, post_status, post_type, menu_order, post_parent)
  WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 300)
  SELECT n % 7, CONCAT('2024-01-0', 1 + (n * 7) % 5), CONCAT('c', n), IF(n % 6 = 0, 'draft', 'publish'),
         IF(n % 9 = 0, 'page', 'post'), n % 3, n % 4 FROM s;
SELECT ID FROM wp WHERE post_type = 'post' ORDER BY post_date DESC LIMIT 10;
SELECT ID FROM wp WHERE post_type = 'post' ORDER BY post_date DESC LIMIT 10, 10;
SELECT ID FROM wp WHERE post_type = 'post' ORDER BY post_date DESC LIMIT 50, 10;
SELECT ID FROM wp WHERE post_type = 'post' AND post_status = 'publish' ORDER BY post_date DESC LIMIT 10;
SELECT ID FROM wp WHERE post_type = 'post' AND post_status IN ('publish', 'draft') ORDER BY post_date DESC LIMIT 10;
SELECT ID FROM wp WHERE post_type IN ('post', 'page') ORDER BY post_date DESC LIMIT 10;
SELECT ID FROM wp WHERE 1 = 1 ORDER BY post_date DESC LIMIT 10;
SELECT ID FROM wp ORDER BY post_date LIMIT 7;
SELECT ID, post_date FROM wp ORDER BY post_date DESC LIMIT 3;
SELECT ID FROM wp ORDER BY menu_order LIMIT 20;
SELECT ID FROM wp ORDER BY menu_order DESC, post_date LIMIT 20;
SELECT SQL_CALC_FOUND_ROWS ID FROM wp WHERE post_type = 'post' ORDER BY post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT * FROM wp WHERE post_type = 'post' ORDER BY post_date DESC LIMIT 10;
SELECT ID, post_content FROM wp ORDER BY menu_order LIMIT 12;
SELECT ID FROM wp WHERE post_parent = 2 ORDER BY menu_order LIMIT 10;
SELECT ID FROM wp WHERE post_author = 3 ORDER BY post_date DESC LIMIT 5;
SELECT ID FROM wp ORDER BY menu_order;
SELECT ID FROM wp WHERE post_parent = 1 ORDER BY post_date;
SELECT ID FROM wp WHERE ID < 9 ORDER BY menu_order;
SELECT ID FROM wp WHERE ID < 30 ORDER BY menu_order;
SELECT ID, post_date FROM wp WHERE post_author = 1 ORDER BY post_date DESC;
SELECT ID FROM wp ORDER BY post_date DESC, menu_order LIMIT 15;
SELECT ID FROM wp ORDER BY menu_order + 0 LIMIT 10;
SELECT ID FROM wp ORDER BY post_status, post_type LIMIT 10;

-- rowid mode (a TEXT column read) breaks ties by the primary key's bytes, least
-- significant first: past 255 the order is no longer ascending
INSERT INTO wp (post_author, post_date, post_content, post_status, post_type, menu_order, post_parent)
  SELECT post_author, post_date, post_content, post_status, post_type, menu_order, post_parent FROM wp ORDER BY ID;
SELECT ID, post_content FROM wp WHERE menu_order = 1 ORDER BY post_date LIMIT 30;
SELECT ID FROM wp WHERE post_content LIKE 'c1%' ORDER BY menu_order DESC LIMIT 25;
SELECT ID FROM wp ORDER BY post_date DESC LIMIT 40;
SELECT ID FROM wp ORDER BY post_date DESC LIMIT 190, 20;
SELECT ID FROM wp WHERE post_type = 'page' ORDER BY menu_order;
SELECT ID FROM wp ORDER BY post_author, menu_order LIMIT 100;

-- a thousand rows and more: a radix sort (stable) when keys are short
CREATE TABLE big (id INT PRIMARY KEY, g TINYINT NOT NULL, d DATE, s VARCHAR(40), KEY (g)) DEFAULT CHARSET=utf8mb4;
INSERT INTO big WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1500)
  SELECT (n * 37) % 1500 + 1, n % 4, IF(n % 10 = 0, NULL, DATE_ADD('2024-01-01', INTERVAL n % 6 DAY)), CONCAT('s', n % 13) FROM s;
SELECT id FROM big ORDER BY g LIMIT 1200, 20;
SELECT id FROM big ORDER BY g DESC LIMIT 20;
SELECT id FROM big ORDER BY d LIMIT 30;
SELECT id FROM big ORDER BY d DESC LIMIT 30;
SELECT id FROM big ORDER BY d DESC LIMIT 700, 30;
SELECT id FROM big ORDER BY s LIMIT 25;
SELECT id FROM big ORDER BY s DESC, g LIMIT 25;
SELECT id FROM big WHERE g = 2 ORDER BY d LIMIT 15;
SELECT id FROM big WHERE g IN (1, 3) ORDER BY s LIMIT 15;
SELECT id FROM big WHERE id > 1000 ORDER BY g LIMIT 15;
SELECT COUNT(*) FROM (SELECT id FROM big ORDER BY g LIMIT 600) x;
SELECT GROUP_CONCAT(id) FROM (SELECT id FROM big ORDER BY s LIMIT 40) x;

-- a table without a primary key: ties by the hidden row id (insertion order)
CREATE TABLE nopk (a INT, b INT);
INSERT INTO nopk WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 60) SELECT n, n % 3 FROM s;
SELECT a FROM nopk ORDER BY b LIMIT 10;
SELECT a FROM nopk ORDER BY b DESC;

-- a string primary key
CREATE TABLE sk (k VARCHAR(10) PRIMARY KEY, v INT, t TEXT);
INSERT INTO sk WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 50) SELECT CONCAT('k', n * 7 % 50), n % 2, 'x' FROM s;
SELECT k FROM sk ORDER BY v LIMIT 12;
SELECT k, t FROM sk ORDER BY v LIMIT 12;
SELECT k FROM sk ORDER BY v;

-- GROUP BY a unique key of the one table, nothing aggregated: MariaDB drops the GROUP
-- BY (each group is one row) and filesorts by ORDER BY, or by the group list
SELECT SQL_CALC_FOUND_ROWS wp.ID FROM wp WHERE 1 = 1 AND wp.post_type = 'post' GROUP BY wp.ID ORDER BY wp.post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT ID FROM wp WHERE ID NOT IN (SELECT ID FROM wp WHERE menu_order = 2) AND post_type = 'post' GROUP BY ID ORDER BY post_date DESC LIMIT 10, 10;
SELECT ID, post_date FROM wp GROUP BY ID DESC LIMIT 5;
SELECT ID, post_date FROM wp WHERE ID < 20 GROUP BY ID, post_date ORDER BY post_date;
SELECT post_date, COUNT(*) FROM wp GROUP BY ID, post_date ORDER BY post_date LIMIT 5;
SELECT k, v FROM sk GROUP BY k ORDER BY v LIMIT 8;
SELECT a FROM nopk GROUP BY a ORDER BY b LIMIT 8;

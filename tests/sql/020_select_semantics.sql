-- Query semantics: joins, subqueries, UNION, GROUP BY / HAVING / DISTINCT,
-- ORDER BY forms, LIMIT / OFFSET, SQL_CALC_FOUND_ROWS, user variables.
-- Tables modelled on WordPress posts / postmeta / terms / users.

CREATE TABLE posts (
  ID BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  post_author BIGINT UNSIGNED NOT NULL DEFAULT 0,
  post_title VARCHAR(100) NOT NULL DEFAULT '',
  post_status VARCHAR(20) NOT NULL DEFAULT 'publish',
  post_type VARCHAR(20) NOT NULL DEFAULT 'post',
  post_parent BIGINT UNSIGNED NOT NULL DEFAULT 0,
  menu_order INT NOT NULL DEFAULT 0,
  comment_count BIGINT NOT NULL DEFAULT 0,
  post_date DATETIME NOT NULL DEFAULT '0000-00-00 00:00:00',
  KEY type_status_date (post_type, post_status, post_date, ID),
  KEY post_author (post_author)
) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE postmeta (
  meta_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  post_id BIGINT UNSIGNED NOT NULL DEFAULT 0,
  meta_key VARCHAR(255) DEFAULT NULL,
  meta_value LONGTEXT,
  KEY post_id (post_id),
  KEY meta_key (meta_key(191))
) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE users (
  ID BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_login VARCHAR(60) NOT NULL DEFAULT '',
  display_name VARCHAR(250) NOT NULL DEFAULT ''
) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE terms (
  term_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(200) NOT NULL DEFAULT '',
  slug VARCHAR(200) NOT NULL DEFAULT ''
) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE term_taxonomy (
  term_taxonomy_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  term_id BIGINT UNSIGNED NOT NULL DEFAULT 0,
  taxonomy VARCHAR(32) NOT NULL DEFAULT '',
  parent BIGINT UNSIGNED NOT NULL DEFAULT 0,
  count BIGINT NOT NULL DEFAULT 0
) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE term_relationships (
  object_id BIGINT UNSIGNED NOT NULL DEFAULT 0,
  term_taxonomy_id BIGINT UNSIGNED NOT NULL DEFAULT 0,
  term_order INT NOT NULL DEFAULT 0,
  PRIMARY KEY (object_id, term_taxonomy_id)
) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE a (id INT, v VARCHAR(10));
CREATE TABLE b (id INT, w VARCHAR(10));
CREATE TABLE n (x INT);

INSERT INTO users (user_login, display_name) VALUES ('admin', 'Admin'), ('editor', 'Éditeur'), ('author', 'Author 😀'), ('ghost', 'Ghost');
INSERT INTO posts (post_author, post_title, post_status, post_type, post_parent, menu_order, comment_count, post_date) VALUES
 (1, 'Hello world', 'publish', 'post', 0, 0, 3, '2023-01-10 09:00:00'),
 (1, 'Sample Page', 'publish', 'page', 0, 2, 0, '2023-01-10 09:05:00'),
 (2, 'Draft idea', 'draft', 'post', 0, 0, 0, '2023-02-01 12:00:00'),
 (2, 'Café review', 'publish', 'post', 0, 0, 7, '2023-02-14 18:30:00'),
 (3, 'Émoji 😀 post', 'publish', 'post', 0, 0, 1, '2023-03-01 00:00:00'),
 (1, 'Child page', 'publish', 'page', 2, 1, 0, '2023-03-02 10:00:00'),
 (3, 'Trash me', 'trash', 'post', 0, 0, 0, '2023-03-05 11:11:11'),
 (2, 'image.jpg', 'inherit', 'attachment', 4, 0, 0, '2023-02-14 18:31:00'),
 (3, 'Private notes', 'private', 'post', 0, 0, 2, '2023-04-01 08:00:00'),
 (1, 'apple tart', 'publish', 'post', 0, 0, 7, '2023-04-02 08:00:00');
INSERT INTO postmeta (post_id, meta_key, meta_value) VALUES
 (1, '_edit_lock', '1700000000:1'), (1, 'views', '150'), (2, '_wp_page_template', 'default'),
 (4, 'views', '42'), (4, 'rating', '4.5'), (5, 'views', '9'), (5, '_thumbnail_id', '8'),
 (8, '_wp_attached_file', '2023/02/image.jpg'), (10, 'views', '150'), (10, 'rating', NULL),
 (4, 'views', '43'), (99, 'orphan', 'x'), (1, NULL, 'nokey');
INSERT INTO terms (name, slug) VALUES ('Uncategorized', 'uncategorized'), ('News', 'news'), ('Food', 'food'), ('Café', 'cafe'), ('Unused', 'unused');
INSERT INTO term_taxonomy (term_id, taxonomy, parent, count) VALUES (1, 'category', 0, 1), (2, 'category', 0, 2), (3, 'category', 0, 2), (4, 'post_tag', 0, 1), (5, 'post_tag', 0, 0), (3, 'post_tag', 0, 1);
INSERT INTO term_relationships (object_id, term_taxonomy_id, term_order) VALUES (1, 1, 0), (4, 2, 0), (4, 3, 1), (4, 4, 2), (5, 2, 0), (10, 3, 0), (10, 6, 0), (3, 1, 0);
INSERT INTO a VALUES (1, 'a1'), (2, 'a2'), (2, 'a2b'), (3, NULL), (NULL, 'anull');
INSERT INTO b VALUES (2, 'b2'), (3, 'b3'), (3, 'b3b'), (4, 'b4'), (NULL, 'bnull');
INSERT INTO n VALUES (1), (2), (NULL);

-- ===== INNER JOIN / comma / CROSS / STRAIGHT_JOIN =====
SELECT p.ID, p.post_title, u.user_login FROM posts p INNER JOIN users u ON u.ID = p.post_author WHERE p.post_type = 'post' ORDER BY p.ID;
SELECT p.ID, u.display_name FROM posts p JOIN users u ON p.post_author = u.ID AND u.user_login <> 'admin' ORDER BY p.ID;
SELECT p.ID, u.user_login FROM posts p, users u WHERE u.ID = p.post_author AND p.post_status = 'publish' ORDER BY p.ID;
SELECT a.id, a.v, b.w FROM a JOIN b ON a.id = b.id ORDER BY a.v, b.w;
SELECT a.v, b.w FROM a CROSS JOIN b ORDER BY a.v, b.w;
SELECT COUNT(*) FROM a, b;
SELECT COUNT(*) FROM a CROSS JOIN b WHERE a.id < b.id;
SELECT a.v, b.w FROM a STRAIGHT_JOIN b ON a.id = b.id ORDER BY a.v, b.w;
SELECT STRAIGHT_JOIN a.v, b.w FROM a, b WHERE a.id = b.id ORDER BY a.v, b.w;
SELECT a.v, b.w FROM a INNER JOIN b ON a.id <=> b.id ORDER BY a.v, b.w;
SELECT a.v, b.w FROM a JOIN b ON a.id > b.id ORDER BY a.v, b.w;
SELECT a.v, b.w FROM a JOIN b ON 1 = 1 WHERE b.id = 4 ORDER BY a.v;
SELECT a.v, b.w FROM a JOIN b ON a.id = b.id AND b.w LIKE '%b' ORDER BY a.v;
SELECT a.v FROM a JOIN b ON FALSE;
SELECT t.name, tt.taxonomy, COUNT(tr.object_id) AS c FROM terms t JOIN term_taxonomy tt ON tt.term_id = t.term_id JOIN term_relationships tr ON tr.term_taxonomy_id = tt.term_taxonomy_id GROUP BY tt.term_taxonomy_id ORDER BY tt.term_taxonomy_id;
SELECT t.*, tt.* FROM terms AS t INNER JOIN term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') ORDER BY t.name ASC;
SELECT t.term_id, tr.object_id FROM terms AS t INNER JOIN term_taxonomy AS tt ON t.term_id = tt.term_id INNER JOIN term_relationships AS tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE tt.taxonomy IN ('category', 'post_tag') AND tr.object_id IN (4, 10) ORDER BY t.name ASC, tr.object_id;
SELECT p1.ID, p2.ID FROM posts p1 JOIN posts p2 ON p2.post_parent = p1.ID ORDER BY p1.ID, p2.ID;
SELECT x.a_id FROM (SELECT a.id AS a_id FROM a) x JOIN b ON b.id = x.a_id ORDER BY x.a_id;
SELECT * FROM a JOIN b ON a.id = b.id ORDER BY a.v, b.w;
SELECT * FROM a, b WHERE a.id = 2 AND b.id = 2;
SELECT a.*, b.w FROM a, b WHERE a.id = b.id ORDER BY a.v, b.w;

-- ===== LEFT JOIN =====
SELECT a.v, b.w FROM a LEFT JOIN b ON a.id = b.id ORDER BY a.v, b.w;
SELECT a.v, b.w FROM a LEFT OUTER JOIN b ON a.id = b.id WHERE b.id IS NULL ORDER BY a.v;
SELECT a.v, b.w FROM a LEFT JOIN b ON a.id = b.id AND b.w = 'b3b' ORDER BY a.v;
SELECT a.v, b.w FROM a LEFT JOIN b ON a.id = b.id WHERE b.w = 'b3b' ORDER BY a.v;
SELECT a.v, COUNT(b.id) FROM a LEFT JOIN b ON a.id = b.id GROUP BY a.v ORDER BY a.v;
SELECT a.v, COUNT(*) FROM a LEFT JOIN b ON a.id = b.id GROUP BY a.v ORDER BY a.v;
SELECT u.user_login, COUNT(p.ID) AS posts FROM users u LEFT JOIN posts p ON p.post_author = u.ID AND p.post_status = 'publish' GROUP BY u.ID ORDER BY u.ID;
SELECT p.ID, pm.meta_value FROM posts p LEFT JOIN postmeta pm ON pm.post_id = p.ID AND pm.meta_key = 'views' WHERE p.post_type = 'post' ORDER BY p.ID, pm.meta_id;
SELECT p.ID, IFNULL(pm.meta_value, 'none') FROM posts p LEFT JOIN postmeta pm ON pm.post_id = p.ID AND pm.meta_key = '_thumbnail_id' ORDER BY p.ID;
SELECT a.v, b.w, n.x FROM a LEFT JOIN b ON a.id = b.id LEFT JOIN n ON n.x = b.id ORDER BY a.v, b.w;
SELECT a.v, b.w, n.x FROM a LEFT JOIN b ON a.id = b.id JOIN n ON n.x = a.id ORDER BY a.v, b.w;
SELECT a.v, b.w FROM a LEFT JOIN b ON b.id = a.id + 1 ORDER BY a.v, b.w;
SELECT a.v, b.w FROM a LEFT JOIN b ON TRUE WHERE a.id = 1 ORDER BY b.w;
SELECT a.v, b.w FROM a LEFT JOIN b ON a.id = b.id WHERE a.id IS NULL;
SELECT COUNT(*), COUNT(b.id), SUM(b.id) FROM a LEFT JOIN b ON a.id = b.id;
SELECT a.v, COALESCE(b.w, '-') FROM a LEFT JOIN b ON a.id = b.id AND a.id > 2 ORDER BY a.v, 2;
SELECT p.ID FROM posts p LEFT JOIN term_relationships tr ON tr.object_id = p.ID WHERE tr.object_id IS NULL ORDER BY p.ID;
SELECT p.ID, p.post_title FROM posts p LEFT JOIN postmeta m1 ON (p.ID = m1.post_id AND m1.meta_key = 'views') LEFT JOIN postmeta m2 ON (p.ID = m2.post_id AND m2.meta_key = 'rating') WHERE m1.meta_id IS NOT NULL AND m2.meta_id IS NULL ORDER BY p.ID;
SELECT pm.meta_id, p.ID FROM postmeta pm LEFT JOIN posts p ON p.ID = pm.post_id WHERE p.ID IS NULL;
SELECT a.v, b.w FROM a LEFT JOIN (b JOIN n ON n.x = b.id) ON a.id = b.id ORDER BY a.v, b.w;
SELECT a.v, b.w FROM b RIGHT JOIN a ON a.id = b.id ORDER BY a.v, b.w;

-- ===== USING / NATURAL =====
SELECT id, v, w FROM a JOIN b USING (id) ORDER BY v, w;
SELECT * FROM a JOIN b USING (id) ORDER BY v, w;
SELECT * FROM a LEFT JOIN b USING (id) ORDER BY v, w;
SELECT a.id, b.id FROM a LEFT JOIN b USING (id) ORDER BY a.v, b.w;
SELECT * FROM a NATURAL JOIN b ORDER BY v, w;
SELECT * FROM a NATURAL LEFT JOIN b ORDER BY v, w;
SELECT COUNT(*) FROM a NATURAL JOIN n;
SELECT id FROM a JOIN b USING (id) WHERE id > 2 ORDER BY id, w;
SELECT * FROM a JOIN b USING (nosuch);
SELECT id FROM a JOIN b ON a.id = b.id;
SELECT object_id, term_taxonomy_id, term_id FROM term_relationships JOIN term_taxonomy USING (term_taxonomy_id) ORDER BY object_id, term_taxonomy_id;

-- ===== scalar subqueries =====
SELECT (SELECT COUNT(*) FROM posts), (SELECT MAX(ID) FROM users), (SELECT user_login FROM users WHERE ID = 2);
SELECT (SELECT user_login FROM users WHERE ID = 999);
SELECT (SELECT ID FROM posts);
SELECT p.ID, (SELECT u.user_login FROM users u WHERE u.ID = p.post_author) AS author FROM posts p ORDER BY p.ID;
SELECT p.ID, (SELECT COUNT(*) FROM postmeta pm WHERE pm.post_id = p.ID) AS metas FROM posts p ORDER BY metas DESC, p.ID;
SELECT p.ID FROM posts p WHERE p.comment_count = (SELECT MAX(comment_count) FROM posts) ORDER BY p.ID;
SELECT p.ID FROM posts p WHERE p.comment_count > (SELECT AVG(comment_count) FROM posts) ORDER BY p.ID;
SELECT (SELECT 1 FROM DUAL WHERE 1 = 0) IS NULL, (SELECT NULL) IS NULL, (SELECT 5) + 1;
SELECT ID, post_title FROM posts WHERE ID = (SELECT post_id FROM postmeta WHERE meta_key = '_thumbnail_id');
SELECT ID FROM posts WHERE ID = (SELECT post_id FROM postmeta WHERE meta_key = 'views' ORDER BY meta_id LIMIT 1);
SELECT (SELECT meta_value FROM postmeta WHERE post_id = 4 AND meta_key = 'views' ORDER BY meta_id DESC LIMIT 1);
SELECT (SELECT 1, 2);
SELECT (SELECT a.v FROM a WHERE a.id = b.id ORDER BY a.v LIMIT 1) AS av, b.w FROM b ORDER BY b.w;

-- ===== IN / NOT IN with NULLs =====
SELECT v FROM a WHERE id IN (SELECT id FROM b) ORDER BY v;
SELECT v FROM a WHERE id NOT IN (SELECT id FROM b) ORDER BY v;
SELECT v FROM a WHERE id NOT IN (SELECT id FROM b WHERE id IS NOT NULL) ORDER BY v;
SELECT v FROM a WHERE id IN (SELECT x FROM n) ORDER BY v;
SELECT v FROM a WHERE id NOT IN (SELECT x FROM n WHERE x IS NOT NULL) ORDER BY v;
SELECT 1 IN (SELECT x FROM n), 3 IN (SELECT x FROM n), 3 NOT IN (SELECT x FROM n), NULL IN (SELECT x FROM n), 1 IN (SELECT x FROM n WHERE 0);
SELECT 3 NOT IN (SELECT x FROM n WHERE x IS NOT NULL), NULL NOT IN (SELECT x FROM n WHERE 0), NULL IN (SELECT x FROM n WHERE 0);
SELECT a.v, a.id IN (SELECT id FROM b) AS inb, a.id NOT IN (SELECT id FROM b) AS notinb FROM a ORDER BY a.v;
SELECT ID FROM posts WHERE ID IN (SELECT post_id FROM postmeta WHERE meta_key = 'views') ORDER BY ID;
SELECT ID FROM posts WHERE ID NOT IN (SELECT object_id FROM term_relationships) ORDER BY ID;
SELECT ID FROM posts WHERE post_author IN (SELECT ID FROM users WHERE user_login LIKE 'a%') AND post_status = 'publish' ORDER BY ID;
SELECT ID FROM posts WHERE (post_author, post_type) IN (SELECT ID, 'page' FROM users) ORDER BY ID;
SELECT ID FROM posts WHERE (post_author, post_type) IN ((1, 'page'), (2, 'attachment')) ORDER BY ID;
SELECT ID FROM posts WHERE ID IN (SELECT post_id FROM postmeta WHERE meta_value = '150') AND ID IN (SELECT object_id FROM term_relationships) ORDER BY ID;
SELECT ID FROM posts WHERE ID IN (SELECT DISTINCT post_parent FROM posts) ORDER BY ID;
SELECT ID FROM posts WHERE ID IN (SELECT post_id FROM postmeta GROUP BY post_id HAVING COUNT(*) > 2) ORDER BY ID;
SELECT v FROM a WHERE id IN (2, NULL) ORDER BY v;
SELECT v FROM a WHERE id NOT IN (2, NULL) ORDER BY v;
SELECT v FROM a WHERE id IN ('2', '3x') ORDER BY v;
-- a list of constants of one comparison type is converted once, up front (even when no row
-- is compared); the left side once a row; a mixed list one item at a time
SELECT v FROM a WHERE id IN ('3x', '2', 'zz') ORDER BY v;
SELECT v FROM a WHERE id > 100 AND id IN ('2', '3x');
SELECT v, id IN ('2', '3x') FROM a ORDER BY v;
SELECT v, v IN (2, 3) FROM a ORDER BY v;
SELECT v, 'x' IN (id, 2) FROM a ORDER BY v;
SELECT v, id IN ('2', id + 1, '3x') FROM a ORDER BY v;
SELECT v, id IN ('2', 2.5e0, '3x') FROM a ORDER BY v;
SELECT v, (SELECT COUNT(*) FROM a a2 WHERE a2.id IN ('1', '3x') AND a2.id <= a.id) c FROM a ORDER BY v;
SELECT ID FROM posts WHERE ID IN (SELECT post_id FROM postmeta WHERE meta_key = 'views' LIMIT 2);

-- ===== EXISTS / NOT EXISTS / correlated =====
SELECT p.ID FROM posts p WHERE EXISTS (SELECT 1 FROM postmeta pm WHERE pm.post_id = p.ID) ORDER BY p.ID;
SELECT p.ID FROM posts p WHERE NOT EXISTS (SELECT 1 FROM postmeta pm WHERE pm.post_id = p.ID) ORDER BY p.ID;
SELECT u.user_login FROM users u WHERE NOT EXISTS (SELECT * FROM posts p WHERE p.post_author = u.ID) ORDER BY u.ID;
SELECT u.user_login FROM users u WHERE EXISTS (SELECT * FROM posts p WHERE p.post_author = u.ID AND p.post_type = 'page') ORDER BY u.ID;
SELECT EXISTS (SELECT 1 FROM a WHERE id = 1), EXISTS (SELECT 1 FROM a WHERE id = 99), NOT EXISTS (SELECT * FROM n WHERE x IS NULL);
SELECT a.v FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.id = a.id AND b.w LIKE '%b') ORDER BY a.v;
SELECT p.ID, p.comment_count FROM posts p WHERE p.comment_count = (SELECT MAX(p2.comment_count) FROM posts p2 WHERE p2.post_author = p.post_author) ORDER BY p.ID;
SELECT p.ID FROM posts p WHERE (SELECT COUNT(*) FROM postmeta pm WHERE pm.post_id = p.ID) >= 2 ORDER BY p.ID;
SELECT u.user_login, (SELECT p.post_title FROM posts p WHERE p.post_author = u.ID ORDER BY p.post_date DESC LIMIT 1) AS latest FROM users u ORDER BY u.ID;
SELECT u.ID, (SELECT SUM(comment_count) FROM posts p WHERE p.post_author = u.ID) AS s FROM users u ORDER BY u.ID;
SELECT a.v FROM a WHERE a.id = (SELECT MIN(b.id) FROM b WHERE b.id >= a.id) ORDER BY a.v;
SELECT b.w FROM b WHERE b.id > ALL (SELECT id FROM a WHERE id IS NOT NULL) ORDER BY b.w;

-- ===== ANY / ALL / SOME =====
SELECT b.w FROM b WHERE b.id > ANY (SELECT id FROM a) ORDER BY b.w;
SELECT b.w FROM b WHERE b.id > ALL (SELECT id FROM a) ORDER BY b.w;
SELECT b.w FROM b WHERE b.id = SOME (SELECT id FROM a) ORDER BY b.w;
SELECT b.w FROM b WHERE b.id <> ALL (SELECT id FROM a WHERE id IS NOT NULL) ORDER BY b.w;
SELECT 5 > ALL (SELECT x FROM n WHERE 0), 5 > ANY (SELECT x FROM n WHERE 0), 5 > ALL (SELECT x FROM n), 0 > ANY (SELECT x FROM n), 2 = ANY (SELECT x FROM n);
SELECT 1 < ALL (SELECT 2 UNION SELECT 3), 2 < ALL (SELECT 2 UNION SELECT 3), 2 <= ALL (SELECT 2 UNION SELECT 3);

-- ===== derived tables =====
SELECT * FROM (SELECT ID, post_title FROM posts WHERE post_type = 'page') AS pages ORDER BY ID;
SELECT c.post_author, c.n FROM (SELECT post_author, COUNT(*) AS n FROM posts GROUP BY post_author) c WHERE c.n > 2 ORDER BY c.post_author;
SELECT MAX(n) FROM (SELECT post_author, COUNT(*) AS n FROM posts GROUP BY post_author) AS t;
SELECT d.k, COUNT(*) FROM (SELECT meta_key AS k FROM postmeta WHERE meta_key NOT LIKE '\_%') d GROUP BY d.k ORDER BY d.k;
SELECT * FROM (SELECT 1 AS one, 'two' AS two, NULL AS three) x;
SELECT * FROM (SELECT id FROM a UNION SELECT id FROM b) u ORDER BY id;
SELECT COUNT(*) FROM (SELECT DISTINCT post_author FROM posts) d;
SELECT * FROM (SELECT ID FROM posts ORDER BY ID DESC LIMIT 3) x ORDER BY ID;
SELECT s.ID, u.user_login FROM (SELECT ID, post_author FROM posts WHERE comment_count > 2) s JOIN users u ON u.ID = s.post_author ORDER BY s.ID;
SELECT * FROM (SELECT ID FROM posts);
SELECT * FROM (SELECT 1 AS x, 2 AS x) d;
SELECT x.total + 1 FROM (SELECT SUM(comment_count) AS total FROM posts) x;
SELECT * FROM (SELECT * FROM (SELECT id, v FROM a WHERE id IS NOT NULL) i WHERE id > 1) o ORDER BY v;

-- ===== UNION / UNION ALL =====
SELECT id FROM a UNION SELECT id FROM b ORDER BY id;
SELECT id FROM a UNION ALL SELECT id FROM b ORDER BY id;
SELECT id FROM a UNION DISTINCT SELECT id FROM b ORDER BY id DESC;
SELECT 1 UNION SELECT 1 UNION ALL SELECT 1;
SELECT 1 UNION ALL SELECT 1 UNION SELECT 1;
SELECT 'a' AS x UNION SELECT 'b' ORDER BY x DESC;
SELECT 1 AS n, 'x' AS s UNION SELECT 2.5, 10 ORDER BY n;
SELECT 1 UNION SELECT 'abc';
SELECT NULL UNION SELECT 1 ORDER BY 1;
SELECT id, v FROM a WHERE id = 1 UNION SELECT id, w FROM b WHERE id = 4 ORDER BY 1;
(SELECT id FROM a ORDER BY id DESC LIMIT 2) UNION ALL (SELECT id FROM b ORDER BY id LIMIT 1) ORDER BY id;
(SELECT id FROM a WHERE id IS NOT NULL ORDER BY id LIMIT 1) UNION (SELECT id FROM b WHERE id IS NOT NULL ORDER BY id DESC LIMIT 1);
SELECT id FROM a UNION SELECT id FROM b ORDER BY id LIMIT 2;
SELECT id FROM a UNION SELECT id FROM b ORDER BY id LIMIT 2, 2;
SELECT id, v FROM a UNION SELECT id FROM b;
SELECT ID AS id, post_title AS t FROM posts WHERE post_type = 'page' UNION ALL SELECT term_id, name FROM terms WHERE term_id < 3 ORDER BY t;
SELECT v FROM a UNION SELECT w FROM b ORDER BY v;
SELECT COUNT(*) FROM (SELECT id FROM a UNION ALL SELECT id FROM b) u;
SELECT 'Café' UNION SELECT 'cafe';
SELECT 'x' UNION ALL SELECT REPEAT('y', 30) ORDER BY 1;
SELECT id FROM a UNION SELECT id FROM b ORDER BY nosuch;
SELECT id FROM a INTERSECT SELECT id FROM b ORDER BY id;
SELECT id FROM a EXCEPT SELECT id FROM b ORDER BY id;

-- ===== GROUP BY / HAVING / DISTINCT =====
SELECT post_type, COUNT(*) FROM posts GROUP BY post_type ORDER BY post_type;
SELECT post_type, post_status, COUNT(*) AS c FROM posts GROUP BY post_type, post_status ORDER BY post_type, post_status;
SELECT post_status, COUNT(*) AS num_posts FROM posts WHERE post_type = 'post' GROUP BY post_status ORDER BY post_status;
SELECT post_author, SUM(comment_count), AVG(comment_count), MIN(post_date), MAX(post_date) FROM posts GROUP BY post_author ORDER BY post_author;
SELECT post_author, COUNT(*) FROM posts GROUP BY post_author HAVING COUNT(*) > 3 ORDER BY post_author;
SELECT post_author, COUNT(*) AS c FROM posts GROUP BY post_author HAVING c >= 3 ORDER BY c DESC, post_author;
SELECT post_author FROM posts GROUP BY post_author HAVING SUM(comment_count) > 5 ORDER BY post_author;
SELECT post_author, MAX(comment_count) m FROM posts GROUP BY post_author HAVING m > 1 AND post_author > 1 ORDER BY post_author;
SELECT COUNT(*) FROM posts HAVING COUNT(*) > 100;
SELECT COUNT(*) FROM posts HAVING COUNT(*) > 1;
SELECT meta_key, COUNT(*) FROM postmeta GROUP BY meta_key ORDER BY meta_key;
SELECT meta_value, COUNT(*) FROM postmeta WHERE meta_key = 'views' GROUP BY meta_value ORDER BY COUNT(*) DESC, meta_value;
SELECT YEAR(post_date) AS y, MONTH(post_date) AS m, COUNT(*) AS posts FROM posts WHERE post_type = 'post' AND post_status = 'publish' GROUP BY YEAR(post_date), MONTH(post_date) ORDER BY post_date DESC;
SELECT DISTINCT YEAR(post_date) AS year, MONTH(post_date) AS month FROM posts WHERE post_type = 'attachment' ORDER BY post_date DESC;
SELECT DISTINCT post_type FROM posts ORDER BY post_type;
SELECT DISTINCT post_author, post_type FROM posts ORDER BY post_author, post_type;
SELECT DISTINCT id FROM a ORDER BY id;
SELECT DISTINCT v IS NULL FROM a ORDER BY 1;
SELECT COUNT(DISTINCT post_author), COUNT(DISTINCT post_author, post_type) FROM posts;
SELECT DISTINCT x FROM n ORDER BY x DESC;
SELECT id, COUNT(*) FROM a GROUP BY id ORDER BY id;
SELECT x, COUNT(*) FROM n GROUP BY x ORDER BY x;
SELECT post_type, GROUP_CONCAT(ID ORDER BY ID) FROM posts GROUP BY post_type ORDER BY post_type;
SELECT LEFT(post_title, 1) AS initial, COUNT(*) FROM posts GROUP BY initial ORDER BY initial;
SELECT post_status = 'publish' AS pub, COUNT(*) FROM posts GROUP BY pub ORDER BY pub;
SELECT post_author, post_type, COUNT(*) FROM posts GROUP BY 1, 2 ORDER BY 1, 2;
SELECT post_author AS pa FROM posts GROUP BY pa HAVING pa > 1 ORDER BY pa;
SELECT COUNT(*), MIN(id), MAX(id), SUM(id) FROM a WHERE id > 100 GROUP BY id;
SELECT post_type, COUNT(*) FROM posts GROUP BY post_type DESC;
SELECT post_type, COUNT(*) FROM posts GROUP BY post_type ASC;
SELECT post_type, COUNT(*) FROM posts GROUP BY post_type WITH ROLLUP;
SELECT SUM(comment_count) FROM posts WHERE post_author = 99;
SELECT post_author, COUNT(*) FROM posts WHERE post_author = 99 GROUP BY post_author;

-- non-ONLY_FULL_GROUP_BY, as WordPress runs
SET SESSION sql_mode = '';
SELECT p.* FROM posts p INNER JOIN term_relationships tr ON tr.object_id = p.ID WHERE tr.term_taxonomy_id IN (2, 3, 4) GROUP BY p.ID ORDER BY p.post_date DESC;
SELECT p.ID, p.post_title FROM posts p INNER JOIN postmeta pm ON pm.post_id = p.ID GROUP BY p.ID ORDER BY p.ID;
SELECT SQL_CALC_FOUND_ROWS p.ID FROM posts p LEFT JOIN term_relationships tr ON (p.ID = tr.object_id) WHERE 1=1 AND (tr.term_taxonomy_id IN (2, 3)) AND p.post_type = 'post' AND (p.post_status = 'publish') GROUP BY p.ID ORDER BY p.post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT p.ID, pm.meta_value FROM posts p JOIN postmeta pm ON pm.post_id = p.ID AND pm.meta_key = 'views' WHERE p.ID <> 4 GROUP BY p.ID ORDER BY p.ID;
SELECT post_author, post_title FROM posts WHERE post_author = 3 AND post_status = 'publish' GROUP BY post_author;
SELECT post_type, COUNT(*) FROM posts GROUP BY post_type HAVING post_status = 'publish' ORDER BY post_type;
SELECT p.ID, COUNT(pm.meta_id) AS c FROM posts p LEFT JOIN postmeta pm ON pm.post_id = p.ID GROUP BY p.ID HAVING c = 0 ORDER BY p.ID;
SELECT t.term_id, t.name, tt.count FROM terms t JOIN term_taxonomy tt ON tt.term_id = t.term_id WHERE tt.taxonomy = 'category' GROUP BY t.term_id ORDER BY t.term_id;
SET SESSION sql_mode = 'ONLY_FULL_GROUP_BY';
SELECT post_author, post_title FROM posts GROUP BY post_author;
SELECT post_author, COUNT(*) FROM posts GROUP BY post_author ORDER BY post_author;
SET SESSION sql_mode = DEFAULT;

-- ===== ORDER BY forms =====
SELECT ID, post_title FROM posts ORDER BY post_title;
SELECT ID, post_title FROM posts ORDER BY post_title DESC;
SELECT ID, post_title FROM posts ORDER BY 2, 1;
SELECT ID, post_title AS t FROM posts ORDER BY t DESC;
SELECT ID, comment_count FROM posts ORDER BY comment_count DESC, ID ASC;
SELECT ID FROM posts ORDER BY comment_count * -1, ID DESC;
SELECT ID FROM posts ORDER BY post_type = 'page' DESC, ID;
SELECT ID FROM posts ORDER BY FIELD(ID, 5, 3, 1), ID;
SELECT ID FROM posts WHERE ID IN (5, 3, 1, 9) ORDER BY FIELD(ID, 5, 3, 1, 9);
SELECT ID, menu_order FROM posts WHERE post_type = 'page' ORDER BY menu_order ASC, post_title ASC;
SELECT ID FROM posts ORDER BY RAND(1) LIMIT 0;
SELECT v FROM a ORDER BY v;
SELECT v FROM a ORDER BY v DESC;
SELECT id, v FROM a ORDER BY id, v;
SELECT id, v FROM a ORDER BY id DESC, v DESC;
SELECT id, v FROM a ORDER BY id IS NULL, id, v;
SELECT x FROM n ORDER BY x;
SELECT x FROM n ORDER BY -x;
SELECT x FROM n ORDER BY x DESC;
SELECT x FROM n ORDER BY COALESCE(x, 0);
SELECT ID, post_date FROM posts ORDER BY post_date DESC, ID DESC LIMIT 4;
SELECT ID FROM posts ORDER BY CAST((SELECT meta_value FROM postmeta WHERE post_id = posts.ID AND meta_key = 'views' LIMIT 1) AS UNSIGNED) DESC, ID;
SELECT p.ID FROM posts p LEFT JOIN postmeta pm ON pm.post_id = p.ID AND pm.meta_key = 'views' WHERE p.post_type = 'post' ORDER BY pm.meta_value + 0 DESC, p.ID;
SELECT p.ID, pm.meta_value FROM posts p JOIN postmeta pm ON pm.post_id = p.ID AND pm.meta_key = 'views' ORDER BY pm.meta_value DESC, p.ID, pm.meta_id;
SELECT ID FROM posts ORDER BY 3;
SELECT ID FROM posts ORDER BY 0;
SELECT post_title FROM posts ORDER BY post_title COLLATE utf8mb4_bin;
SELECT name FROM terms ORDER BY name;
SELECT name FROM terms ORDER BY BINARY name;
SELECT ID, post_title FROM posts ORDER BY LENGTH(post_title), ID;
SELECT ID, post_title FROM posts ORDER BY CHAR_LENGTH(post_title) DESC, ID;
SELECT post_author, COUNT(*) c FROM posts GROUP BY post_author ORDER BY c DESC, post_author;
SELECT post_author FROM posts GROUP BY post_author ORDER BY SUM(comment_count) DESC;
SELECT ID AS post_id FROM posts ORDER BY post_id DESC LIMIT 3;
SELECT ID FROM posts ORDER BY ID LIMIT 3;
SELECT ID FROM posts p ORDER BY p.ID DESC LIMIT 2;
SELECT ID, post_date FROM posts ORDER BY DATE(post_date), ID;
SELECT ID FROM posts ORDER BY ID ASC, ID DESC;
SELECT ID FROM posts WHERE post_title LIKE '%a%' ORDER BY post_title LIKE 'a%' DESC, ID;
SELECT ID FROM posts ORDER BY IF(post_type = 'post', 0, 1), post_date DESC;
SELECT ID FROM posts ORDER BY CASE post_status WHEN 'draft' THEN 1 WHEN 'private' THEN 2 ELSE 3 END, ID;

-- ===== LIMIT / OFFSET =====
SELECT ID FROM posts ORDER BY ID LIMIT 3;
SELECT ID FROM posts ORDER BY ID LIMIT 2, 3;
SELECT ID FROM posts ORDER BY ID LIMIT 3 OFFSET 2;
SELECT ID FROM posts ORDER BY ID LIMIT 0;
SELECT ID FROM posts ORDER BY ID LIMIT 0, 0;
SELECT ID FROM posts ORDER BY ID LIMIT 100;
SELECT ID FROM posts ORDER BY ID LIMIT 8, 100;
SELECT ID FROM posts ORDER BY ID LIMIT 100, 5;
SELECT ID FROM posts ORDER BY ID LIMIT 18446744073709551615;
SELECT ID FROM posts ORDER BY ID LIMIT 5, 18446744073709551615;
SELECT ID FROM posts ORDER BY ID LIMIT 1.5;
SELECT ID FROM posts ORDER BY ID LIMIT '2';
SELECT ID FROM posts ORDER BY ID LIMIT -1;
SELECT ID FROM posts ORDER BY ID LIMIT 1 OFFSET -1;
SELECT ID FROM posts ORDER BY ID LIMIT 2 ROWS EXAMINED 5;
SELECT COUNT(*) FROM posts LIMIT 1;
SELECT post_type, COUNT(*) FROM posts GROUP BY post_type ORDER BY post_type LIMIT 1, 2;
SELECT DISTINCT post_author FROM posts ORDER BY post_author LIMIT 2;
SELECT ID FROM posts ORDER BY ID DESC LIMIT 2 OFFSET 1;
SELECT ID FROM posts ORDER BY ID OFFSET 2 ROWS FETCH NEXT 2 ROWS ONLY;
SELECT ID FROM posts ORDER BY ID FETCH FIRST 2 ROWS ONLY;

-- ===== SQL_CALC_FOUND_ROWS / FOUND_ROWS() =====
SELECT SQL_CALC_FOUND_ROWS ID FROM posts WHERE post_type = 'post' ORDER BY post_date DESC LIMIT 0, 3;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS ID FROM posts WHERE post_type = 'post' ORDER BY ID LIMIT 5, 3;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS ID FROM posts ORDER BY ID LIMIT 100, 3;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS ID FROM posts WHERE ID > 1000 ORDER BY ID LIMIT 3;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS post_author, COUNT(*) FROM posts GROUP BY post_author ORDER BY post_author LIMIT 1;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS DISTINCT post_type FROM posts ORDER BY post_type LIMIT 1;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS ID FROM posts ORDER BY ID LIMIT 0;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS id FROM a UNION ALL SELECT id FROM b ORDER BY id LIMIT 2;
SELECT FOUND_ROWS();
SELECT ID FROM posts ORDER BY ID LIMIT 4;
SELECT FOUND_ROWS();
SELECT ID FROM posts WHERE ID < 0;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS ID FROM posts WHERE post_status = 'publish' ORDER BY ID LIMIT 2 OFFSET 2;
SELECT FOUND_ROWS(), FOUND_ROWS() + 1;
SELECT SQL_CALC_FOUND_ROWS * FROM a ORDER BY v LIMIT 1;
SELECT FOUND_ROWS();
SELECT SQL_NO_CACHE ID FROM posts ORDER BY ID LIMIT 1;
SELECT SQL_CACHE ID FROM posts ORDER BY ID LIMIT 1;
SELECT HIGH_PRIORITY ID FROM posts ORDER BY ID LIMIT 1;
SELECT SQL_BIG_RESULT post_type FROM posts GROUP BY post_type ORDER BY post_type;
SELECT SQL_SMALL_RESULT DISTINCT post_author FROM posts ORDER BY post_author;

-- ===== SELECT ... INTO @var and user variables =====
SELECT COUNT(*) INTO @cnt FROM posts;
SELECT @cnt;
SELECT MAX(ID), MIN(ID) INTO @mx, @mn FROM posts;
SELECT @mx, @mn, @mx - @mn;
SELECT ID INTO @one FROM posts WHERE ID = 999;
SELECT @one;
SELECT ID INTO @one FROM posts;
SELECT ID INTO @one FROM posts ORDER BY ID DESC LIMIT 1;
SELECT @one;
SELECT ID, post_title INTO @one FROM posts LIMIT 1;
SELECT ID FROM posts WHERE ID = 3 INTO @three;
SELECT @three;
SET @a = 1, @b = 'text', @c = NULL, @d = 1.50, @e = 2e0;
SELECT @a, @b, @c, @d, @e, @undefined;
SELECT @a + 1, CONCAT(@b, '!'), @c IS NULL, @d * 2, @e / 4;
SET @a := @a + 10;
SELECT @a;
SELECT @x := 5, @x + 1;
SELECT @a = 11, @b = 'TEXT', @b = 'text ';
SET @s = 'Café 😀';
SELECT @s, LENGTH(@s), CHAR_LENGTH(@s), UPPER(@s);
SET @p = 3;
SELECT ID FROM posts WHERE ID = @p;
SELECT ID FROM posts WHERE post_author = @p ORDER BY ID;
SELECT ID FROM posts ORDER BY ID LIMIT 1;
SET @row = 0;
SELECT @row := @row + 1 AS rn, ID FROM posts WHERE post_type = 'post' ORDER BY ID;
SELECT @row;
SET @list = '1,4,5';
SELECT ID FROM posts WHERE FIND_IN_SET(ID, @list) ORDER BY ID;
SET @big = 18446744073709551615, @neg = -9223372036854775808;
SELECT @big, @neg, @big + 0, @neg - 0;
SET @dt = '2023-02-01';
SELECT ID FROM posts WHERE post_date >= @dt ORDER BY ID;
SELECT @dt + INTERVAL 1 DAY;
SET @n = NULL;
SELECT IFNULL(@n, 'was null'), COALESCE(@n, @a);
SELECT (@q := 'x'), @q;
SET @v = (SELECT COUNT(*) FROM postmeta);
SELECT @v;
SET @w = (SELECT ID FROM posts);
SET @y = (SELECT meta_value FROM postmeta WHERE meta_key = 'rating' AND post_id = 4);
SELECT @y, @y + 1;
SET @t = 5;
SELECT @@session.sql_mode = @@sql_mode, @@autocommit, @@SESSION.autocommit;
SELECT @mn, @mx INTO @m1, @m2;
SELECT @m1, @m2;

-- ===== misc SELECT forms =====
SELECT 1 FROM DUAL;
SELECT 1 + 1 AS two FROM DUAL WHERE 1 = 1;
SELECT 1 FROM DUAL WHERE 0;
SELECT * FROM a WHERE 1 = 0;
SELECT ID FROM posts WHERE ID BETWEEN 3 AND 5 ORDER BY ID;
SELECT ID FROM posts WHERE post_title LIKE '%é%' ORDER BY ID;
SELECT ID FROM posts WHERE post_title LIKE '%😀%';
SELECT ID FROM posts WHERE post_title = 'cafe review';
SELECT ID FROM posts WHERE post_title = 'HELLO WORLD';
SELECT ID FROM posts WHERE post_title = 'Hello world   ';
SELECT ID FROM posts WHERE post_status IN ('publish', 'private') AND post_type = 'post' AND (post_author = 1 OR comment_count > 5) ORDER BY ID;
SELECT ID FROM posts WHERE NOT (post_status = 'publish' OR post_type = 'page') ORDER BY ID;
SELECT posts.ID FROM posts WHERE posts.ID = 1;
SELECT t_select_semantics.posts.ID FROM t_select_semantics.posts WHERE ID = 1;
SELECT p.ID FROM posts AS p WHERE posts.ID = 1;
SELECT ID FROM posts p, users p;
SELECT ID FROM posts, users;
SELECT `ID`, `post_title` AS `Title` FROM `posts` WHERE `ID` = 2;
SELECT ID, ID, ID AS id2 FROM posts WHERE ID = 1;
SELECT ID + 0 AS ID FROM posts ORDER BY ID DESC LIMIT 1;
SELECT *, ID FROM a;
SELECT a.*, a.* FROM a WHERE id = 1;
SELECT COUNT(*), COUNT(1), COUNT(id), COUNT(v) FROM a;
SELECT ID FROM posts WHERE ID = '1abc';
SELECT ID FROM posts WHERE post_date > '2023-03-01' ORDER BY ID;
SELECT ID FROM posts WHERE post_date BETWEEN '2023-02-01' AND '2023-02-28 23:59:59' ORDER BY ID;
SELECT ID FROM posts WHERE DATE(post_date) = '2023-01-10' ORDER BY ID;
SELECT ID FROM posts WHERE YEAR(post_date) = 2023 AND MONTH(post_date) = 3 ORDER BY ID;
SELECT ID FROM posts FORCE INDEX (type_status_date) WHERE post_type = 'page' ORDER BY ID;
SELECT ID FROM posts USE INDEX (post_author) WHERE post_author = 2 ORDER BY ID;
SELECT ID FROM posts IGNORE INDEX (PRIMARY) WHERE ID = 2;
SELECT ID FROM posts FORCE INDEX (nosuchkey) WHERE ID = 2;
SELECT ID FROM posts WHERE ID = 1 FOR UPDATE;
SELECT ID FROM posts WHERE ID = 1 LOCK IN SHARE MODE;
SELECT ID FROM posts WHERE ID = 1 FOR SHARE;
WITH c AS (SELECT ID FROM posts WHERE post_type = 'page') SELECT * FROM c ORDER BY ID;
SELECT ID, ROW_NUMBER() OVER (ORDER BY ID) FROM posts ORDER BY ID;
-- skip-result
EXPLAIN SELECT ID FROM posts WHERE ID = 1;
SELECT ALL ID FROM posts ORDER BY ID LIMIT 1;
SELECT DISTINCTROW post_type FROM posts ORDER BY post_type;
VALUES (1, 'a'), (2, 'b');
SELECT * FROM (VALUES (1), (2)) AS v;
TABLE a;
-- SQL_CALC_FOUND_ROWS over UNION ALL without an ORDER BY of the whole: MariaDB sends the
-- rows straight through, and a member without a table sets FOUND_ROWS after the sum
CREATE TABLE fr5 (a INT);
INSERT INTO fr5 VALUES (1), (2), (3), (4), (5);
SELECT SQL_CALC_FOUND_ROWS 1 UNION ALL SELECT 2 UNION ALL SELECT 3 LIMIT 1;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS a FROM fr5 UNION ALL SELECT 9 LIMIT 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS 9 UNION ALL SELECT a FROM fr5 LIMIT 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS a FROM fr5 UNION ALL SELECT 9 LIMIT 1, 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS a FROM fr5 UNION ALL SELECT 9 UNION ALL SELECT a FROM fr5 LIMIT 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS a FROM fr5 UNION ALL SELECT 9 FROM DUAL WHERE 1 = 0 LIMIT 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS a FROM fr5 UNION ALL SELECT 9 LIMIT 0;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS a FROM fr5 UNION ALL SELECT COUNT(*) LIMIT 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS a FROM fr5 UNION ALL SELECT 9 ORDER BY 1 LIMIT 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS a FROM fr5 UNION SELECT 9 LIMIT 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS a FROM fr5 WHERE a > 3 UNION ALL SELECT 9 HAVING 1 = 0 LIMIT 5;
SELECT FOUND_ROWS();
SELECT 1, 2, 3;
SELECT SQL_CALC_FOUND_ROWS 7 UNION ALL SELECT 8 FROM DUAL WHERE 0 LIMIT 1;
SELECT FOUND_ROWS();
DROP TABLE fr5;
-- integer members of a union: the wider type
CREATE TABLE ui (t TINYINT, s SMALLINT, i INT, b BIGINT, tu TINYINT UNSIGNED, iu INT UNSIGNED);
INSERT INTO ui VALUES (1, 2, 3, 4, 5, 6);
SELECT t FROM ui UNION ALL SELECT s FROM ui;
SELECT i FROM ui UNION ALL SELECT COUNT(*) FROM ui;
SELECT s FROM ui UNION SELECT t FROM ui UNION ALL SELECT b FROM ui;
SELECT tu FROM ui UNION ALL SELECT iu FROM ui;
DROP TABLE ui;
CREATE TABLE ui2 (a INT, t TINYINT);
INSERT INTO ui2 VALUES (1, 2);
SELECT t FROM ui2 UNION ALL SELECT COUNT(*) FROM ui2;
SELECT COUNT(*) FROM ui2 UNION ALL SELECT t FROM ui2;
SELECT 1 UNION ALL SELECT t FROM ui2;
SELECT 12345678901 UNION ALL SELECT a FROM ui2;
DROP TABLE ui2;

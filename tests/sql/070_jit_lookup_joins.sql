-- Two-table joins run as one compiled lookup join (engine/jit/join.c via select.c
-- jit_join): the outer table's rows (a scan, or an index lookup's candidates), their
-- integer and string conditions (answers memoised by pooled value), the inner row found by
-- a unique integer key, its conditions. The WordPress comment count is the model. NULL
-- keys, keys with no row, deleted and updated rows on both sides, rows changed inside a
-- transaction, BIGINT UNSIGNED keys, an INT key against a BIGINT one, signed against
-- unsigned (not compiled), collations, values too long for the pool, COUNT(*) alone and
-- rows fed to grouping, ORDER BY and LIMIT. Each statement runs three times (the default
-- run compiles once the plan is kept; make sqltest-offload every time).

CREATE TABLE jp (ID BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, post_type VARCHAR(20) COLLATE utf8mb4_unicode_520_ci,
  post_status VARCHAR(20), post_author INT, menu_order INT, post_date DATETIME, KEY type_status (post_type, post_status));
INSERT INTO jp (ID, post_type, post_status, post_author, menu_order, post_date)
SELECT n, ELT(n % 6 + 1, 'post', 'page', 'product', 'Post', 'attachment', NULL),
       ELT(n % 4 + 1, 'publish', 'draft', 'trash', 'inherit'), IF(n % 9 = 0, NULL, n % 7), n % 50 - 20,
       '2024-01-01 00:00:00' + INTERVAL n HOUR
FROM (SELECT x.n * 100 + y.n + 1 AS n
      FROM (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 11) SELECT n FROM s) x,
           (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT n FROM s) y) q
ORDER BY n;
CREATE TABLE jc (comment_ID BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, comment_post_ID BIGINT UNSIGNED,
  comment_approved VARCHAR(20) NOT NULL DEFAULT '1', comment_type VARCHAR(80) COLLATE utf8mb4_unicode_ci,
  user_id INT, karma INT, small_post INT, signed_post BIGINT,
  KEY comment_post_ID (comment_post_ID), KEY comment_approved (comment_approved), KEY small_user (small_post, user_id));
INSERT INTO jc (comment_ID, comment_post_ID, comment_approved, comment_type, user_id, karma, small_post, signed_post)
SELECT n, IF(n % 23 = 0, NULL, (n * 7) % 1300), ELT(n % 5 + 1, '1', '1', '1', '0', 'spam'),
       CASE WHEN n % 31 = 0 THEN NULL WHEN n % 29 = 0 THEN REPEAT('a comment type past the pool ', 2)
            ELSE ELT(n % 7 + 1, 'comment', 'note', 'order_note', 'Comment', 'pingback', 'action_log', 'webhook_delivery') END,
       n % 13, IF(n % 17 = 0, NULL, n % 10 - 3), (n * 7) % 1300, IF(n % 19 = 0, -1, (n * 7) % 1300)
FROM (SELECT x.n * 100 + y.n + 1 AS n
      FROM (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 39) SELECT n FROM s) x,
           (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT n FROM s) y) q
ORDER BY n;
DELETE FROM jp WHERE ID % 37 = 5;
DELETE FROM jc WHERE comment_ID % 41 = 3;
UPDATE jp SET post_type = 'product' WHERE ID % 53 = 1;
UPDATE jc SET comment_type = 'note' WHERE comment_ID % 59 = 2;
CREATE TABLE jm (id INT PRIMARY KEY, k INT, v INT, KEY k (k));
INSERT INTO jm SELECT n, IF(n % 97 = 0, NULL, n % 4 - 1), n % 10 FROM (SELECT x.n * 100 + y.n + 1 AS n
      FROM (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 29) SELECT n FROM s) x,
           (WITH RECURSIVE s AS (SELECT 0 AS n UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT n FROM s) y) q;
SELECT COUNT(*) AS n FROM jc c LEFT JOIN jp p ON c.comment_post_ID = p.ID WHERE c.comment_approved = '1' AND c.comment_type NOT IN ('note') AND c.comment_type != 'order_note' AND c.comment_type != 'webhook_delivery' AND c.comment_type != 'action_log' AND p.post_type NOT IN ('product');
SELECT COUNT(*) AS n FROM jc c LEFT JOIN jp p ON c.comment_post_ID = p.ID WHERE c.comment_approved = '1' AND c.comment_type NOT IN ('note') AND c.comment_type != 'order_note' AND c.comment_type != 'webhook_delivery' AND c.comment_type != 'action_log' AND p.post_type NOT IN ('product');
SELECT COUNT(*) AS n FROM jc c LEFT JOIN jp p ON c.comment_post_ID = p.ID WHERE c.comment_approved = '1' AND c.comment_type NOT IN ('note') AND c.comment_type != 'order_note' AND c.comment_type != 'webhook_delivery' AND c.comment_type != 'action_log' AND p.post_type NOT IN ('product');
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE p.post_type = 'post';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE p.post_type = 'post';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE p.post_type = 'post';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE p.post_type IN ('POST', 'page') AND p.post_status <> 'trash' AND c.karma >= 0;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE p.post_type IN ('POST', 'page') AND p.post_status <> 'trash' AND c.karma >= 0;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE p.post_type IN ('POST', 'page') AND p.post_status <> 'trash' AND c.karma >= 0;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.karma BETWEEN -1 AND 3 AND p.menu_order < 10 AND p.post_author = 3;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.karma BETWEEN -1 AND 3 AND p.menu_order < 10 AND p.post_author = 3;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.karma BETWEEN -1 AND 3 AND p.menu_order < 10 AND p.post_author = 3;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_type = 'comment' AND p.post_date >= '2024-01-20';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_type = 'comment' AND p.post_date >= '2024-01-20';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_type = 'comment' AND p.post_date >= '2024-01-20';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_type <> 'comment';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_type <> 'comment';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_type <> 'comment';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.small_post WHERE c.comment_approved = '1' AND p.post_status = 'publish';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.small_post WHERE c.comment_approved = '1' AND p.post_status = 'publish';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.small_post WHERE c.comment_approved = '1' AND p.post_status = 'publish';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.signed_post WHERE c.comment_approved = '1';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.signed_post WHERE c.comment_approved = '1';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.signed_post WHERE c.comment_approved = '1';
SELECT COUNT(*) FROM jc c, jp p WHERE p.ID = c.comment_post_ID AND c.comment_approved = 'spam' AND p.post_type = 'page';
SELECT COUNT(*) FROM jc c, jp p WHERE p.ID = c.comment_post_ID AND c.comment_approved = 'spam' AND p.post_type = 'page';
SELECT COUNT(*) FROM jc c, jp p WHERE p.ID = c.comment_post_ID AND c.comment_approved = 'spam' AND p.post_type = 'page';
SELECT p.post_author, COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '1' GROUP BY p.post_author ORDER BY p.post_author;
SELECT p.post_author, COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '1' GROUP BY p.post_author ORDER BY p.post_author;
SELECT p.post_author, COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '1' GROUP BY p.post_author ORDER BY p.post_author;
SELECT p.post_type, COUNT(*), SUM(c.karma), MIN(p.ID), MAX(c.comment_ID) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_type IN ('comment', 'pingback') GROUP BY p.post_type ORDER BY p.post_type;
SELECT p.post_type, COUNT(*), SUM(c.karma), MIN(p.ID), MAX(c.comment_ID) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_type IN ('comment', 'pingback') GROUP BY p.post_type ORDER BY p.post_type;
SELECT p.post_type, COUNT(*), SUM(c.karma), MIN(p.ID), MAX(c.comment_ID) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_type IN ('comment', 'pingback') GROUP BY p.post_type ORDER BY p.post_type;
SELECT c.comment_ID, p.ID, p.post_type FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '0' AND p.post_status = 'publish' ORDER BY c.comment_ID LIMIT 15;
SELECT c.comment_ID, p.ID, p.post_type FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '0' AND p.post_status = 'publish' ORDER BY c.comment_ID LIMIT 15;
SELECT c.comment_ID, p.ID, p.post_type FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '0' AND p.post_status = 'publish' ORDER BY c.comment_ID LIMIT 15;
SELECT c.comment_ID, p.post_date FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.karma = 2 AND p.post_type = 'attachment' ORDER BY p.post_date DESC, c.comment_ID LIMIT 5 OFFSET 3;
SELECT c.comment_ID, p.post_date FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.karma = 2 AND p.post_type = 'attachment' ORDER BY p.post_date DESC, c.comment_ID LIMIT 5 OFFSET 3;
SELECT c.comment_ID, p.post_date FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.karma = 2 AND p.post_type = 'attachment' ORDER BY p.post_date DESC, c.comment_ID LIMIT 5 OFFSET 3;
SELECT COUNT(*), SUM(p.ID) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '1' AND c.comment_type IS NOT NULL;
SELECT COUNT(*), SUM(p.ID) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '1' AND c.comment_type IS NOT NULL;
SELECT COUNT(*), SUM(p.ID) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '1' AND c.comment_type IS NOT NULL;
SELECT COUNT(DISTINCT p.ID) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.user_id = 4;
SELECT COUNT(DISTINCT p.ID) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.user_id = 4;
SELECT COUNT(DISTINCT p.ID) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.user_id = 4;
SELECT STRAIGHT_JOIN COUNT(*), SUM(c.karma) FROM jp p JOIN jc c ON c.comment_post_ID = p.ID WHERE p.post_type = 'post' AND c.comment_approved <> 'spam';
SELECT STRAIGHT_JOIN COUNT(*), SUM(c.karma) FROM jp p JOIN jc c ON c.comment_post_ID = p.ID WHERE p.post_type = 'post' AND c.comment_approved <> 'spam';
SELECT STRAIGHT_JOIN COUNT(*), SUM(c.karma) FROM jp p JOIN jc c ON c.comment_post_ID = p.ID WHERE p.post_type = 'post' AND c.comment_approved <> 'spam';
SELECT STRAIGHT_JOIN p.post_author, COUNT(*), MAX(c.comment_ID) FROM jp p JOIN jc c ON c.comment_post_ID = p.ID WHERE c.comment_type IN ('comment', 'Note') GROUP BY p.post_author ORDER BY p.post_author;
SELECT STRAIGHT_JOIN p.post_author, COUNT(*), MAX(c.comment_ID) FROM jp p JOIN jc c ON c.comment_post_ID = p.ID WHERE c.comment_type IN ('comment', 'Note') GROUP BY p.post_author ORDER BY p.post_author;
SELECT STRAIGHT_JOIN p.post_author, COUNT(*), MAX(c.comment_ID) FROM jp p JOIN jc c ON c.comment_post_ID = p.ID WHERE c.comment_type IN ('comment', 'Note') GROUP BY p.post_author ORDER BY p.post_author;
SELECT COUNT(*) FROM jp p JOIN jc c ON c.small_post = p.ID;
SELECT COUNT(*) FROM jp p JOIN jc c ON c.small_post = p.ID;
SELECT COUNT(*) FROM jp p JOIN jc c ON c.small_post = p.ID;
SELECT STRAIGHT_JOIN COUNT(*), SUM(m.v), SUM(p.ID) FROM jp p JOIN jm m ON m.k = p.menu_order WHERE p.post_type = 'post' AND m.v < 8;
SELECT STRAIGHT_JOIN COUNT(*), SUM(m.v), SUM(p.ID) FROM jp p JOIN jm m ON m.k = p.menu_order WHERE p.post_type = 'post' AND m.v < 8;
SELECT STRAIGHT_JOIN COUNT(*), SUM(m.v), SUM(p.ID) FROM jp p JOIN jm m ON m.k = p.menu_order WHERE p.post_type = 'post' AND m.v < 8;
SELECT STRAIGHT_JOIN p.post_author, COUNT(*), MIN(m.id), MAX(m.id) FROM jp p JOIN jm m ON m.k = p.menu_order WHERE p.post_status = 'draft' GROUP BY p.post_author ORDER BY p.post_author;
SELECT STRAIGHT_JOIN p.post_author, COUNT(*), MIN(m.id), MAX(m.id) FROM jp p JOIN jm m ON m.k = p.menu_order WHERE p.post_status = 'draft' GROUP BY p.post_author ORDER BY p.post_author;
SELECT STRAIGHT_JOIN p.post_author, COUNT(*), MIN(m.id), MAX(m.id) FROM jp p JOIN jm m ON m.k = p.menu_order WHERE p.post_status = 'draft' GROUP BY p.post_author ORDER BY p.post_author;
BEGIN;
INSERT INTO jc (comment_ID, comment_post_ID, comment_approved, comment_type) SELECT comment_ID + 10000, comment_post_ID, '1', 'comment' FROM jc WHERE comment_ID < 300;
DELETE FROM jp WHERE ID % 10 = 7;
UPDATE jc SET comment_type = 'order_note' WHERE comment_ID % 10 = 1;
SELECT COUNT(*) AS n FROM jc c LEFT JOIN jp p ON c.comment_post_ID = p.ID WHERE c.comment_approved = '1' AND c.comment_type NOT IN ('note') AND c.comment_type != 'order_note' AND c.comment_type != 'webhook_delivery' AND c.comment_type != 'action_log' AND p.post_type NOT IN ('product');
SELECT COUNT(*) AS n FROM jc c LEFT JOIN jp p ON c.comment_post_ID = p.ID WHERE c.comment_approved = '1' AND c.comment_type NOT IN ('note') AND c.comment_type != 'order_note' AND c.comment_type != 'webhook_delivery' AND c.comment_type != 'action_log' AND p.post_type NOT IN ('product');
SELECT COUNT(*) AS n FROM jc c LEFT JOIN jp p ON c.comment_post_ID = p.ID WHERE c.comment_approved = '1' AND c.comment_type NOT IN ('note') AND c.comment_type != 'order_note' AND c.comment_type != 'webhook_delivery' AND c.comment_type != 'action_log' AND p.post_type NOT IN ('product');
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE p.post_type = 'post';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE p.post_type = 'post';
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE p.post_type = 'post';
SELECT p.post_author, COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '1' GROUP BY p.post_author ORDER BY p.post_author;
SELECT p.post_author, COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '1' GROUP BY p.post_author ORDER BY p.post_author;
SELECT p.post_author, COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID WHERE c.comment_approved = '1' GROUP BY p.post_author ORDER BY p.post_author;
ROLLBACK;
SELECT COUNT(*) AS n FROM jc c LEFT JOIN jp p ON c.comment_post_ID = p.ID WHERE c.comment_approved = '1' AND c.comment_type NOT IN ('note') AND c.comment_type != 'order_note' AND c.comment_type != 'webhook_delivery' AND c.comment_type != 'action_log' AND p.post_type NOT IN ('product');
SELECT COUNT(*) AS n FROM jc c LEFT JOIN jp p ON c.comment_post_ID = p.ID WHERE c.comment_approved = '1' AND c.comment_type NOT IN ('note') AND c.comment_type != 'order_note' AND c.comment_type != 'webhook_delivery' AND c.comment_type != 'action_log' AND p.post_type NOT IN ('product');
SELECT COUNT(*) AS n FROM jc c LEFT JOIN jp p ON c.comment_post_ID = p.ID WHERE c.comment_approved = '1' AND c.comment_type NOT IN ('note') AND c.comment_type != 'order_note' AND c.comment_type != 'webhook_delivery' AND c.comment_type != 'action_log' AND p.post_type NOT IN ('product');
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID;
SELECT COUNT(*) FROM jc c JOIN jp p ON p.ID = c.comment_post_ID;

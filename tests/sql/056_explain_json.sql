-- EXPLAIN FORMAT=JSON: the whole document compared with MariaDB's, for the plans both
-- engines make alike (single-table lookups, joins through keys, GROUP BY / ORDER BY
-- wrappers, subqueries, unions). ANALYZE FORMAT=JSON has measured times, so it is
-- compared in tests/integration/test_explain_json.py (times masked); here only that it
-- runs. Plans MariaDB makes differently are listed in that test, not here.

CREATE TABLE wp_options (
	option_id bigint(20) unsigned NOT NULL auto_increment,
	option_name varchar(191) NOT NULL default '',
	option_value longtext NOT NULL,
	autoload varchar(20) NOT NULL default 'yes',
	PRIMARY KEY  (option_id),
	UNIQUE KEY option_name (option_name),
	KEY autoload (autoload)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;
CREATE TABLE wp_postmeta (
	meta_id bigint(20) unsigned NOT NULL auto_increment,
	post_id bigint(20) unsigned NOT NULL default '0',
	meta_key varchar(255) default NULL,
	meta_value longtext,
	PRIMARY KEY  (meta_id),
	KEY post_id (post_id),
	KEY meta_key (meta_key(191))
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;
CREATE TABLE wp_posts (
	ID bigint(20) unsigned NOT NULL auto_increment,
	post_author bigint(20) unsigned NOT NULL default '0',
	post_date datetime NOT NULL default '0000-00-00 00:00:00',
	post_title text NOT NULL,
	post_status varchar(20) NOT NULL default 'publish',
	post_name varchar(200) NOT NULL default '',
	post_parent bigint(20) unsigned NOT NULL default '0',
	post_type varchar(20) NOT NULL default 'post',
	comment_count bigint(20) NOT NULL default '0',
	PRIMARY KEY  (ID),
	KEY post_name (post_name(191)),
	KEY type_status_date (post_type,post_status,post_date,ID),
	KEY post_parent (post_parent),
	KEY post_author (post_author)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;
CREATE TABLE nokey (x INT, y VARCHAR(5));
CREATE TABLE dt (d DATE, t DATETIME, t6 DATETIME(3), x INT);
CREATE TABLE kw (`key` INT, `status` INT, `name` VARCHAR(10), `type` INT, position INT, `1a` INT);
INSERT INTO nokey VALUES (1, 'a'), (2, 'b'), (3, 'c'), (2, 'd'), (NULL, 'e');
INSERT INTO dt VALUES ('2024-01-01', '2024-01-01 10:00:00', '2024-01-01 10:00:00.5', 1), ('2024-01-02', '2024-01-02 10:00:00', '2024-01-02 10:00:00', 2);
INSERT INTO kw VALUES (1, 1, 'n', 1, 1, 1), (2, 2, 'm', 2, 2, 2);
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('siteurl','http://x','yes'),('home','http://x','yes'),('blogname','B','yes'),('cron','a:0:{}','no'),('widget','w','no');
INSERT INTO wp_posts (post_author, post_date, post_title, post_status, post_name, post_parent, post_type) VALUES
 (1,'2024-01-01','Hello','publish','hello',0,'post'),(1,'2024-01-02','About','publish','about',0,'page'),
 (2,'2024-01-03','Draft','draft','draft',0,'post'),(1,'2024-01-04','Att','inherit','att',1,'attachment'),
 (2,'2024-01-05','Rev','inherit','rev',1,'revision'),(1,'2024-01-06','P2','publish','p2',0,'post');
INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1,'_edit_lock','1'),(1,'_thumb','4'),(2,'_edit_lock','2'),(4,'_wp_attached_file','a.jpg'),(6,'_edit_lock','3'),(6,'views','10');
-- skip-result
ANALYZE TABLE wp_options, wp_postmeta, wp_posts, nokey, kw, dt;

-- single-table lookups: const, ref (with index condition pushdown), range, ALL
-- metadata
EXPLAIN FORMAT=JSON SELECT option_value FROM wp_options WHERE option_name = 'siteurl' LIMIT 1;
EXPLAIN FORMAT=JSON SELECT option_name, option_value FROM wp_options WHERE autoload = 'yes';
EXPLAIN FORMAT=JSON SELECT option_name FROM wp_options WHERE autoload = 'no' AND option_value <> '';
EXPLAIN FORMAT=JSON SELECT * FROM wp_posts WHERE ID = 2;
EXPLAIN FORMAT=JSON SELECT * FROM wp_posts WHERE ID IN (1, 2, 3);
EXPLAIN FORMAT=JSON SELECT * FROM wp_posts WHERE ID > 4;
EXPLAIN FORMAT=JSON SELECT * FROM wp_posts WHERE post_author > 1;
EXPLAIN FORMAT=JSON SELECT ID FROM wp_posts WHERE post_author > 1;
EXPLAIN FORMAT=JSON SELECT ID FROM wp_posts WHERE post_type = 'post' AND post_status = 'publish' AND post_date > '2024-01-01';
EXPLAIN FORMAT=JSON SELECT * FROM wp_posts WHERE post_name = 'hello';
EXPLAIN FORMAT=JSON SELECT * FROM wp_postmeta WHERE post_id = 1;
EXPLAIN FORMAT=JSON SELECT * FROM wp_postmeta WHERE post_id = 6 AND meta_value <> '3';
EXPLAIN FORMAT=JSON SELECT * FROM wp_postmeta WHERE meta_key = '_edit_lock';
EXPLAIN FORMAT=JSON SELECT * FROM nokey;

-- the printed conditions
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE x = 2;
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE x = 2 OR y LIKE 'a%' AND x IS NULL;
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE y IS NULL OR x IS NOT NULL;
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE (x = 1 OR x = 2) AND y <> 'q';
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE x + 1 > 2 AND y LIKE '%b%';
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE x IN (1, 2) AND y NOT IN ('a') AND x BETWEEN 1 AND 3;
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE y NOT LIKE 'a%' AND x NOT BETWEEN 5 AND 6 AND y IN ('b');
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE y = 'it''s' OR y = 'a\\b' OR y = 'q"q';
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE x <=> 2 OR x >= 3 AND x < 10 OR x - 1 <= 0;
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE x * (x + 1) > 2 AND -x < 0 AND x = '2';
EXPLAIN FORMAT=JSON SELECT * FROM kw WHERE `key` = 1 AND `status` = 2 AND `name` = 'n' AND `type` = 1 AND position = 1 AND `1a` = 1;
EXPLAIN FORMAT=JSON SELECT * FROM kw WHERE `name` > 'n' AND `status` = 2;
EXPLAIN FORMAT=JSON SELECT * FROM kw WHERE `name` = 'a' AND `status` > 2 AND position = 3 AND `key` = -1;
EXPLAIN FORMAT=JSON SELECT * FROM kw WHERE position = 3 AND `status` = 2;
EXPLAIN FORMAT=JSON SELECT * FROM dt WHERE t > '2024-01-01' AND x > 0;
EXPLAIN FORMAT=JSON SELECT * FROM dt WHERE x > 0 AND d = '2024-01-01';
EXPLAIN FORMAT=JSON SELECT * FROM dt WHERE x > 0 AND t = '2024-01-02' AND t6 = '2024-01-01 10:00:00.5';
EXPLAIN FORMAT=JSON SELECT * FROM wp_posts WHERE post_title <> 'x' AND post_date = '2024-01-02';
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE 1 = 0;
EXPLAIN FORMAT=JSON SELECT 1;

-- COUNT(*), GROUP BY / DISTINCT / ORDER BY
EXPLAIN FORMAT=JSON SELECT COUNT(*) FROM nokey;
EXPLAIN FORMAT=JSON SELECT COUNT(*) FROM wp_posts WHERE post_type = 'post';
EXPLAIN FORMAT=JSON SELECT y, COUNT(*) FROM nokey GROUP BY y;
EXPLAIN FORMAT=JSON SELECT y, COUNT(*) FROM nokey GROUP BY y ORDER BY 2;
EXPLAIN FORMAT=JSON SELECT x, COUNT(*) c FROM nokey GROUP BY x HAVING c > 1;
EXPLAIN FORMAT=JSON SELECT x FROM nokey GROUP BY x ORDER BY NULL;
EXPLAIN FORMAT=JSON SELECT DISTINCT y FROM nokey;
EXPLAIN FORMAT=JSON SELECT * FROM nokey ORDER BY y;
EXPLAIN FORMAT=JSON SELECT * FROM nokey ORDER BY x DESC, y;
EXPLAIN FORMAT=JSON SELECT x AS k, y FROM nokey ORDER BY k DESC;
EXPLAIN FORMAT=JSON SELECT y, COUNT(*) AS n FROM nokey GROUP BY y ORDER BY n DESC, y;
EXPLAIN FORMAT=JSON SELECT * FROM wp_posts ORDER BY post_date DESC LIMIT 2;

-- joins through keys
EXPLAIN FORMAT=JSON SELECT m.meta_key, p.post_title FROM wp_postmeta m JOIN wp_posts p ON p.ID = m.post_id WHERE m.meta_value = '1';
EXPLAIN FORMAT=JSON SELECT p.post_title FROM wp_postmeta m JOIN wp_posts p ON p.ID = m.post_id WHERE m.meta_value = '1' ORDER BY m.meta_key;

-- subqueries and unions
EXPLAIN FORMAT=JSON SELECT * FROM nokey WHERE x = (SELECT MAX(x) FROM nokey);
EXPLAIN FORMAT=JSON SELECT x FROM nokey UNION SELECT x FROM nokey;
EXPLAIN FORMAT=JSON SELECT x FROM nokey UNION ALL SELECT x FROM nokey;
EXPLAIN FORMAT=JSON SELECT x FROM nokey WHERE x > 1 UNION SELECT x FROM nokey WHERE y = 'a';

-- errors
EXPLAIN FORMAT=JSON SELECT * FROM no_such_table;
EXPLAIN FORMAT=JSON SELECT no_such_column FROM nokey;
ANALYZE FORMAT=JSON SELECT * FROM no_such_table;

-- ANALYZE FORMAT=JSON runs (its times are compared in the integration test)
-- skip-result
ANALYZE FORMAT=JSON SELECT * FROM nokey WHERE x = 2;
-- skip-result
ANALYZE FORMAT=JSON SELECT y, COUNT(*) FROM nokey GROUP BY y;

-- EXPLAIN FORMAT=JSON of UPDATE / DELETE: one "update" / "delete" table object, its
-- WHERE as written (no equality propagation, no DATE'..' constants), no filtered
-- metadata
EXPLAIN FORMAT=JSON UPDATE nokey SET y = 'q' WHERE x = 1;
EXPLAIN FORMAT=JSON UPDATE nokey SET y = 'q';
EXPLAIN FORMAT=JSON UPDATE nokey SET y = 'q' WHERE x = 1 AND 1 = 1;
EXPLAIN FORMAT=JSON DELETE FROM nokey WHERE x = 1;
EXPLAIN FORMAT=JSON DELETE FROM nokey WHERE y = 'a' AND x = 2;
EXPLAIN FORMAT=JSON DELETE FROM nokey WHERE y LIKE 'a%' OR x IS NULL;
EXPLAIN FORMAT=JSON DELETE FROM dt WHERE x > 0 AND t = '2024-01-02';
EXPLAIN FORMAT=JSON UPDATE wp_options SET option_value = 'x' WHERE option_name = 'siteurl';
EXPLAIN FORMAT=JSON UPDATE wp_posts SET post_status = 'draft' WHERE ID = 3;
EXPLAIN FORMAT=JSON UPDATE wp_posts SET post_status = 'draft' WHERE ID = 99;
EXPLAIN FORMAT=JSON UPDATE wp_posts SET post_status = 'draft' WHERE ID IN (1, 2, 3);
EXPLAIN FORMAT=JSON DELETE FROM wp_posts WHERE ID > 4;
EXPLAIN FORMAT=JSON DELETE FROM wp_posts WHERE ID > 2 LIMIT 2;
EXPLAIN FORMAT=JSON DELETE FROM wp_postmeta WHERE meta_value = 'x' AND post_id = 6;
EXPLAIN FORMAT=JSON UPDATE wp_options SET option_value = CONCAT(option_value, 'x') WHERE option_id BETWEEN 2 AND 3;
EXPLAIN FORMAT=JSON UPDATE wp_posts SET post_title = 'x' WHERE post_name = 'att';
EXPLAIN FORMAT=JSON UPDATE wp_posts SET post_title = 'x' WHERE post_type = 'revision' AND post_status = 'inherit';
-- "buffer": an UPDATE of the key it reads; "filesort": ORDER BY (which collects the rows anyway)
EXPLAIN FORMAT=JSON UPDATE wp_posts SET post_author = 3 WHERE post_author = 2;
EXPLAIN FORMAT=JSON UPDATE wp_posts SET post_name = 'x' WHERE post_name = 'att';
EXPLAIN FORMAT=JSON UPDATE wp_posts SET post_status = 'x' WHERE post_type = 'revision' AND post_status = 'inherit';
EXPLAIN FORMAT=JSON UPDATE wp_posts SET post_author = 3 WHERE post_author = 2 ORDER BY post_date;
EXPLAIN UPDATE wp_posts SET post_author = 3 WHERE post_author = 2 ORDER BY post_date;
EXPLAIN FORMAT=JSON UPDATE nokey SET y = 'q' WHERE x = 1 ORDER BY y LIMIT 2;
EXPLAIN FORMAT=JSON DELETE FROM nokey ORDER BY x LIMIT 1;
-- messages: emptying a table, nothing to do
EXPLAIN FORMAT=JSON DELETE FROM nokey;
EXPLAIN FORMAT=JSON DELETE FROM nokey WHERE 1 = 0;
EXPLAIN FORMAT=JSON DELETE FROM nokey WHERE x = 1 LIMIT 0;
EXPLAIN DELETE FROM nokey WHERE x = 1 LIMIT 0;
EXPLAIN UPDATE nokey SET y = 'a' LIMIT 0;
-- subqueries (no expression cache here, unlike a SELECT's)
EXPLAIN FORMAT=JSON UPDATE wp_posts SET comment_count = (SELECT COUNT(*) FROM wp_postmeta WHERE post_id = 1) WHERE ID = 1;
EXPLAIN FORMAT=JSON UPDATE nokey SET y = (SELECT MAX(`name`) FROM kw WHERE kw.`key` = nokey.x);
EXPLAIN FORMAT=JSON DELETE FROM nokey WHERE x = (SELECT MAX(`key`) FROM kw WHERE kw.`name` = nokey.y);
EXPLAIN FORMAT=JSON DELETE FROM nokey WHERE EXISTS (SELECT 1 FROM kw WHERE kw.`key` = nokey.x);
EXPLAIN FORMAT=JSON DELETE FROM nokey WHERE NOT EXISTS (SELECT 1 FROM kw WHERE kw.`key` = nokey.x);
-- multi-table UPDATE / DELETE: a SELECT's nested_loop (a table it changes reads no covering index)
EXPLAIN FORMAT=JSON UPDATE wp_posts p JOIN wp_postmeta m ON m.post_id = p.ID SET p.comment_count = 1 WHERE m.meta_key = '_edit_lock';
-- INSERT: its table; INSERT ... SELECT: the SELECT's plan, through a temporary table when
-- it reads the table it fills
EXPLAIN FORMAT=JSON INSERT INTO nokey VALUES (1, 'a');
EXPLAIN FORMAT=JSON INSERT INTO nokey (x) VALUES (1), (2);
EXPLAIN FORMAT=JSON INSERT INTO nokey SET x = 1;
EXPLAIN FORMAT=JSON REPLACE INTO nokey VALUES (1, 'a');
EXPLAIN FORMAT=JSON INSERT INTO nokey SELECT post_author, post_name FROM wp_posts WHERE ID > 2;
EXPLAIN FORMAT=JSON INSERT INTO nokey SELECT x, y FROM nokey WHERE x > 1;
EXPLAIN INSERT INTO nokey SELECT x, y FROM nokey WHERE x > 1;
EXPLAIN FORMAT=JSON INSERT INTO nokey SELECT x, y FROM nokey ORDER BY y;
EXPLAIN INSERT INTO nokey SELECT x, y FROM nokey ORDER BY y;
EXPLAIN FORMAT=JSON INSERT INTO nokey SELECT x, y FROM nokey WHERE x = 1 UNION SELECT 1, 'a';
EXPLAIN FORMAT=JSON UPDATE no_such_table SET a = 1;
EXPLAIN FORMAT=JSON INSERT INTO no_such_table VALUES (1);

-- WordPress 6.1 schema (verbatim CREATE TABLE text from dbDelta) and the
-- introspection statements WordPress / dbDelta send: DESCRIBE, SHOW FULL
-- COLUMNS, SHOW INDEX, SHOW TABLES LIKE, plus SHOW CREATE TABLE.

-- pre-install probes: tables do not exist yet (1146 expected)
SELECT option_value FROM wp_options WHERE option_name = 'siteurl' LIMIT 1;
SELECT option_name, option_value FROM wp_options WHERE autoload = 'yes';
DESCRIBE wp_users;
SHOW FULL COLUMNS FROM `wp_options`;
SHOW INDEX FROM wp_posts;
SHOW CREATE TABLE wp_options;
SHOW TABLES LIKE 'wp\\_users';
SHOW TABLES;
CREATE TABLE wp_users (
	ID bigint(20) unsigned NOT NULL auto_increment,
	user_login varchar(60) NOT NULL default '',
	user_pass varchar(255) NOT NULL default '',
	user_nicename varchar(50) NOT NULL default '',
	user_email varchar(100) NOT NULL default '',
	user_url varchar(100) NOT NULL default '',
	user_registered datetime NOT NULL default '0000-00-00 00:00:00',
	user_activation_key varchar(255) NOT NULL default '',
	user_status int(11) NOT NULL default '0',
	display_name varchar(250) NOT NULL default '',
	PRIMARY KEY  (ID),
	KEY user_login_key (user_login),
	KEY user_nicename (user_nicename),
	KEY user_email (user_email)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

CREATE TABLE wp_usermeta (
	umeta_id bigint(20) unsigned NOT NULL auto_increment,
	user_id bigint(20) unsigned NOT NULL default '0',
	meta_key varchar(255) default NULL,
	meta_value longtext,
	PRIMARY KEY  (umeta_id),
	KEY user_id (user_id),
	KEY meta_key (meta_key(191))
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

CREATE TABLE wp_termmeta (
	meta_id bigint(20) unsigned NOT NULL auto_increment,
	term_id bigint(20) unsigned NOT NULL default '0',
	meta_key varchar(255) default NULL,
	meta_value longtext,
	PRIMARY KEY  (meta_id),
	KEY term_id (term_id),
	KEY meta_key (meta_key(191))
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

CREATE TABLE wp_terms (
 term_id bigint(20) unsigned NOT NULL auto_increment,
 name varchar(200) NOT NULL default '',
 slug varchar(200) NOT NULL default '',
 term_group bigint(10) NOT NULL default 0,
 PRIMARY KEY  (term_id),
 KEY slug (slug(191)),
 KEY name (name(191))
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

CREATE TABLE wp_term_taxonomy (
 term_taxonomy_id bigint(20) unsigned NOT NULL auto_increment,
 term_id bigint(20) unsigned NOT NULL default 0,
 taxonomy varchar(32) NOT NULL default '',
 description longtext NOT NULL,
 parent bigint(20) unsigned NOT NULL default 0,
 count bigint(20) NOT NULL default 0,
 PRIMARY KEY  (term_taxonomy_id),
 UNIQUE KEY term_id_taxonomy (term_id,taxonomy),
 KEY taxonomy (taxonomy)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

CREATE TABLE wp_term_relationships (
 object_id bigint(20) unsigned NOT NULL default 0,
 term_taxonomy_id bigint(20) unsigned NOT NULL default 0,
 term_order int(11) NOT NULL default 0,
 PRIMARY KEY  (object_id,term_taxonomy_id),
 KEY term_taxonomy_id (term_taxonomy_id)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

CREATE TABLE wp_commentmeta (
	meta_id bigint(20) unsigned NOT NULL auto_increment,
	comment_id bigint(20) unsigned NOT NULL default '0',
	meta_key varchar(255) default NULL,
	meta_value longtext,
	PRIMARY KEY  (meta_id),
	KEY comment_id (comment_id),
	KEY meta_key (meta_key(191))
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

CREATE TABLE wp_comments (
	comment_ID bigint(20) unsigned NOT NULL auto_increment,
	comment_post_ID bigint(20) unsigned NOT NULL default '0',
	comment_author tinytext NOT NULL,
	comment_author_email varchar(100) NOT NULL default '',
	comment_author_url varchar(200) NOT NULL default '',
	comment_author_IP varchar(100) NOT NULL default '',
	comment_date datetime NOT NULL default '0000-00-00 00:00:00',
	comment_date_gmt datetime NOT NULL default '0000-00-00 00:00:00',
	comment_content text NOT NULL,
	comment_karma int(11) NOT NULL default '0',
	comment_approved varchar(20) NOT NULL default '1',
	comment_agent varchar(255) NOT NULL default '',
	comment_type varchar(20) NOT NULL default 'comment',
	comment_parent bigint(20) unsigned NOT NULL default '0',
	user_id bigint(20) unsigned NOT NULL default '0',
	PRIMARY KEY  (comment_ID),
	KEY comment_post_ID (comment_post_ID),
	KEY comment_approved_date_gmt (comment_approved,comment_date_gmt),
	KEY comment_date_gmt (comment_date_gmt),
	KEY comment_parent (comment_parent),
	KEY comment_author_email (comment_author_email(10))
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

CREATE TABLE wp_links (
	link_id bigint(20) unsigned NOT NULL auto_increment,
	link_url varchar(255) NOT NULL default '',
	link_name varchar(255) NOT NULL default '',
	link_image varchar(255) NOT NULL default '',
	link_target varchar(25) NOT NULL default '',
	link_description varchar(255) NOT NULL default '',
	link_visible varchar(20) NOT NULL default 'Y',
	link_owner bigint(20) unsigned NOT NULL default '1',
	link_rating int(11) NOT NULL default '0',
	link_updated datetime NOT NULL default '0000-00-00 00:00:00',
	link_rel varchar(255) NOT NULL default '',
	link_notes mediumtext NOT NULL,
	link_rss varchar(255) NOT NULL default '',
	PRIMARY KEY  (link_id),
	KEY link_visible (link_visible)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

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
	post_date_gmt datetime NOT NULL default '0000-00-00 00:00:00',
	post_content longtext NOT NULL,
	post_title text NOT NULL,
	post_excerpt text NOT NULL,
	post_status varchar(20) NOT NULL default 'publish',
	comment_status varchar(20) NOT NULL default 'open',
	ping_status varchar(20) NOT NULL default 'open',
	post_password varchar(255) NOT NULL default '',
	post_name varchar(200) NOT NULL default '',
	to_ping text NOT NULL,
	pinged text NOT NULL,
	post_modified datetime NOT NULL default '0000-00-00 00:00:00',
	post_modified_gmt datetime NOT NULL default '0000-00-00 00:00:00',
	post_content_filtered longtext NOT NULL,
	post_parent bigint(20) unsigned NOT NULL default '0',
	guid varchar(255) NOT NULL default '',
	menu_order int(11) NOT NULL default '0',
	post_type varchar(20) NOT NULL default 'post',
	post_mime_type varchar(100) NOT NULL default '',
	comment_count bigint(20) NOT NULL default '0',
	PRIMARY KEY  (ID),
	KEY post_name (post_name(191)),
	KEY type_status_date (post_type,post_status,post_date,ID),
	KEY post_parent (post_parent),
	KEY post_author (post_author)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

-- DESCRIBE (dbDelta); WordPress sends a trailing ';' in the statement text
-- metadata
DESCRIBE wp_users;
DESCRIBE wp_usermeta;
DESCRIBE wp_termmeta;
DESCRIBE wp_terms;
DESCRIBE wp_term_taxonomy;
DESCRIBE wp_term_relationships;
DESCRIBE wp_commentmeta;
DESCRIBE wp_comments;
DESCRIBE wp_links;
DESCRIBE wp_options;
DESCRIBE wp_postmeta;
DESCRIBE wp_posts;
DESCRIBE wp_posts;;
DESCRIBE wp_options;;

-- SHOW FULL COLUMNS (every $wpdb->insert/update)
-- metadata
SHOW FULL COLUMNS FROM `wp_users`;
SHOW FULL COLUMNS FROM `wp_usermeta`;
SHOW FULL COLUMNS FROM `wp_termmeta`;
SHOW FULL COLUMNS FROM `wp_terms`;
SHOW FULL COLUMNS FROM `wp_term_taxonomy`;
SHOW FULL COLUMNS FROM `wp_term_relationships`;
SHOW FULL COLUMNS FROM `wp_commentmeta`;
SHOW FULL COLUMNS FROM `wp_comments`;
SHOW FULL COLUMNS FROM `wp_links`;
SHOW FULL COLUMNS FROM `wp_options`;
SHOW FULL COLUMNS FROM `wp_postmeta`;
SHOW FULL COLUMNS FROM `wp_posts`;
SHOW FULL COLUMNS FROM wp_posts;
SHOW COLUMNS FROM wp_posts;

-- SHOW INDEX (dbDelta on upgrade)
-- metadata
SHOW INDEX FROM wp_users;
SHOW INDEX FROM wp_usermeta;
SHOW INDEX FROM wp_termmeta;
SHOW INDEX FROM wp_terms;
SHOW INDEX FROM wp_term_taxonomy;
SHOW INDEX FROM wp_term_relationships;
SHOW INDEX FROM wp_commentmeta;
SHOW INDEX FROM wp_comments;
SHOW INDEX FROM wp_links;
SHOW INDEX FROM wp_options;
SHOW INDEX FROM wp_postmeta;
SHOW INDEX FROM wp_posts;
SHOW INDEX FROM wp_options;;
SHOW INDEXES FROM wp_term_relationships;
SHOW KEYS FROM wp_comments;

-- SHOW CREATE TABLE
-- metadata
SHOW CREATE TABLE wp_users;
SHOW CREATE TABLE wp_usermeta;
SHOW CREATE TABLE wp_termmeta;
SHOW CREATE TABLE wp_terms;
SHOW CREATE TABLE wp_term_taxonomy;
SHOW CREATE TABLE wp_term_relationships;
SHOW CREATE TABLE wp_commentmeta;
SHOW CREATE TABLE wp_comments;
SHOW CREATE TABLE wp_links;
SHOW CREATE TABLE wp_options;
SHOW CREATE TABLE wp_postmeta;
SHOW CREATE TABLE wp_posts;
SHOW CREATE TABLE `wp_posts`;

-- SHOW TABLES and LIKE patterns (WordPress escapes _ as \\_ inside the literal)
-- metadata
SHOW TABLES;
SHOW TABLES LIKE 'wp\\_users';
SHOW TABLES LIKE 'wp\\_term%';
SHOW TABLES LIKE 'wp_term%';
SHOW TABLES LIKE 'WP\\_USERS';
SHOW TABLES LIKE 'wp\\_nothing';
SHOW TABLES LIKE 'wp\_users';
SHOW FULL TABLES;
SHOW FULL TABLES LIKE 'wp\\_post%';
SHOW TABLES FROM t_wp_schema LIKE 'wp\\_options';

-- SHOW COLUMNS ... LIKE (upgrade checks for old columns)
SHOW COLUMNS FROM wp_posts LIKE 'post_category';
SHOW COLUMNS FROM wp_posts LIKE 'post\\_mime\\_type';
SHOW FULL COLUMNS FROM wp_posts LIKE 'post_%date%';
SHOW COLUMNS FROM wp_users LIKE 'ID';
SHOW COLUMNS FROM wp_missing;
SHOW INDEX FROM wp_missing;
DESCRIBE wp_missing;
DESCRIBE wp_missing;;
SHOW CREATE TABLE wp_missing;

-- DESCRIBE with a column argument
DESCRIBE wp_posts post_date;
DESCRIBE wp_options option_name;
DESC wp_terms;
EXPLAIN wp_links;

-- the upgrade statements of schema.sql: adding an existing key fails (1061),
-- a no-op CHANGE COLUMN succeeds, dropping a missing column fails (1091)
ALTER TABLE wp_options ADD KEY `autoload` (`autoload`);
ALTER TABLE wp_posts CHANGE COLUMN `post_mime_type` post_mime_type varchar(100) NOT NULL default '';
ALTER TABLE wp_posts DROP COLUMN `post_category`;
SHOW CREATE TABLE wp_posts;
SHOW INDEX FROM wp_options;

-- dbDelta-style column change and new index, then back
ALTER TABLE wp_links ADD KEY link_owner (link_owner);
SHOW INDEX FROM wp_links;
ALTER TABLE wp_links DROP INDEX link_owner;
SHOW INDEX FROM wp_links;
ALTER TABLE wp_links CHANGE COLUMN link_rss link_rss varchar(300) NOT NULL default '';
DESCRIBE wp_links;
SHOW FULL COLUMNS FROM `wp_links`;
ALTER TABLE wp_links ADD COLUMN link_extra varchar(20) NOT NULL default 'x' AFTER link_rss;
DESCRIBE wp_links;
ALTER TABLE wp_links DROP COLUMN link_extra;
ALTER TABLE wp_links ALTER COLUMN link_visible SET DEFAULT 'N';
SHOW CREATE TABLE wp_links;

-- creating a table that exists
CREATE TABLE wp_options (
	option_id bigint(20) unsigned NOT NULL auto_increment,
	PRIMARY KEY  (option_id)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;

-- site health
SHOW VARIABLES LIKE 'max_allowed_packet';
SELECT TABLE_NAME AS 'table' FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_wp_schema' AND TABLE_NAME IN ('wp_comments','wp_options','wp_posts','wp_terms','wp_users') ORDER BY TABLE_NAME;
-- skip-result
SELECT TABLE_NAME AS 'table', TABLE_ROWS AS 'rows', SUM(data_length + index_length) as 'bytes' FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_wp_schema' AND TABLE_NAME IN ('wp_comments','wp_options','wp_posts','wp_terms','wp_users') GROUP BY TABLE_NAME;
SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_wp_schema';
SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, COLLATION_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 't_wp_schema' AND TABLE_NAME = 'wp_options' ORDER BY ORDINAL_POSITION;
-- skip-result
SHOW TABLE STATUS LIKE 'wp\\_options';

-- the connection prologue WordPress sends on every request
SET NAMES utf8mb4;
SET NAMES 'utf8mb4' COLLATE 'utf8mb4_unicode_520_ci';
SELECT @@SESSION.sql_mode;
SET SESSION sql_mode='ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';
SELECT @@SESSION.sql_mode;
SELECT @@character_set_client, @@character_set_connection, @@character_set_results, @@collation_connection;
SHOW TABLES LIKE 'wp\\_users';
DESCRIBE wp_users;

-- WordPress write shapes: upserts, INSERT IGNORE locks, UPDATE/DELETE affected
-- rows, the transient self-join DELETE, REGEXP deletes, UNIQUE collisions under
-- utf8mb4_unicode_520_ci, duplicate-key errors, auto_increment ids.
-- (OK packets are compared: affected rows, insert id, info text, warnings.)

SET NAMES utf8mb4;
SET NAMES 'utf8mb4' COLLATE 'utf8mb4_unicode_520_ci';
SELECT @@SESSION.sql_mode;
SET SESSION sql_mode='ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';

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

-- ===== data (same as 011_wp_data.sql) =====

INSERT INTO `wp_users` (`ID`, `user_login`, `user_pass`, `user_nicename`, `user_email`, `user_url`, `user_registered`, `user_activation_key`, `user_status`, `display_name`) VALUES
(1, 'admin', '$P$BPW8mAPbonnQ/G5CJSgbbMnkhk6hww/', 'admin', 'admin@example.com', 'http://127.0.0.1:8080', '2022-11-30 04:08:18', '', 0, 'admin'),
(2, 'jose', '$P$BzAx0KJ3r.9sQ1bE8Zq2b3kPZ3Yt1N.', 'jose', 'jose@example.com', '', '2023-01-02 03:04:05', '', 0, 'José Müller'),
(3, 'annchen', '$P$B1111111111111111111111111111111', 'annchen', 'annchen@example.com', 'https://example.org/~ä', '0000-00-00 00:00:00', '1678872180:$P$Babc', 0, 'Ännchen 😀'),
(4, 'zoe', '$P$B2222222222222222222222222222222', 'zoe', 'ZOE@example.com', '', '2023-04-04 04:04:04', '', 0, 'Zoë'),
(5, 'nobody', '$P$B3333333333333333333333333333333', 'nobody', 'nobody@example.com', '', '2023-04-05 00:00:00', '', 0, 'No Role');

INSERT INTO `wp_usermeta` (`user_id`, `meta_key`, `meta_value`) VALUES
(1, 'nickname', 'admin'),
(1, 'first_name', ''),
(1, 'rich_editing', 'true'),
(1, 'wp_capabilities', 'a:1:{s:13:\"administrator\";b:1;}'),
(1, 'wp_user_level', '10'),
(1, 'session_tokens', 'a:1:{s:64:\"5f2b9c0e4d1a7b3c8e6f0a2d4b6c8e0f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d\";a:4:{s:10:\"expiration\";i:1796184000;s:2:\"ip\";s:9:\"127.0.0.1\";s:2:\"ua\";s:11:\"curl/7.88.1\";s:5:\"login\";i:1796011200;}}'),
(2, 'nickname', 'jose'),
(2, 'first_name', 'José'),
(2, 'wp_capabilities', 'a:1:{s:6:\"editor\";b:1;}'),
(2, 'wp_user_level', '7'),
(3, 'nickname', 'Ännchen'),
(3, 'wp_capabilities', 'a:1:{s:6:\"author\";b:1;}'),
(3, 'wp_user_level', '2'),
(4, 'nickname', 'zoe'),
(4, 'wp_capabilities', 'a:1:{s:10:\"subscriber\";b:1;}'),
(4, 'wp_user_level', '0'),
(5, 'nickname', 'nobody'),
(5, 'wp_capabilities', 'a:0:{}'),
(5, NULL, NULL);

INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('siteurl', 'http://127.0.0.1:8080', 'yes'), ('home', 'http://127.0.0.1:8080', 'yes'), ('blogname', 'Mon café ☕ & blog 😀', 'yes'), ('blogdescription', 'Just another \"WordPress\" site', 'yes'), ('users_can_register', '0', 'yes'), ('admin_email', 'you@example.com', 'yes'), ('start_of_week', '1', 'yes'), ('use_balanceTags', '0', 'yes'), ('use_smilies', '1', 'yes'), ('require_name_email', '1', 'yes'), ('comments_notify', '1', 'yes'), ('posts_per_rss', '10', 'yes'), ('rss_use_excerpt', '0', 'yes'), ('mailserver_url', 'mail.example.com', 'yes'), ('mailserver_port', '110', 'yes'), ('default_category', '1', 'yes'), ('date_format', 'F j, Y', 'yes'), ('time_format', 'g:i a', 'yes'), ('permalink_structure', '/%year%/%monthnum%/%day%/%postname%/', 'yes'), ('active_plugins', 'a:0:{}', 'yes'), ('upload_path', '', 'yes'), ('db_version', '53496', 'yes'), ('initial_db_version', '53496', 'yes'), ('upload_path_windows', 'C:\\inetpub\\wwwroot\\uploads', 'no'), ('multiline_note', 'line one\nline two\ttabbed\r\n', 'no');

INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('wp_user_roles', 'a:2:{s:13:\"administrator\";a:2:{s:4:\"name\";s:13:\"Administrator\";s:12:\"capabilities\";a:2:{s:13:\"switch_themes\";b:1;s:10:\"edit_posts\";b:1;}}s:6:\"editor\";a:2:{s:4:\"name\";s:6:\"Editor\";s:12:\"capabilities\";a:1:{s:10:\"edit_pages\";b:1;}}}', 'yes') ON DUPLICATE KEY UPDATE `option_name` = VALUES(`option_name`), `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('cron', 'a:2:{i:1796011262;a:1:{s:34:\"wp_privacy_delete_old_export_files\";a:1:{s:32:\"40cd750bba9870f18aada2478b24840a\";a:3:{s:8:\"schedule\";s:6:\"hourly\";s:4:\"args\";a:0:{}s:8:\"interval\";i:3600;}}}s:7:\"version\";i:2;}', 'yes') ON DUPLICATE KEY UPDATE `option_name` = VALUES(`option_name`), `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES
('_transient_timeout_feed_abc', '1796011100', 'no'),
('_transient_feed_abc', 'a:1:{s:5:\"items\";a:0:{}}', 'no'),
('_transient_timeout_feed_def', '1796099999', 'no'),
('_transient_feed_def', 'still valid', 'no'),
('_transient_timeout_orphan', '1700000000', 'no'),
('_transient_is_multi_author', '0', 'yes'),
('_site_transient_timeout_theme_roots', '1796013000', 'no'),
('_site_transient_theme_roots', 'a:1:{s:17:\"twentytwentythree\";s:7:\"/themes\";}', 'no'),
('rss_0123456789abcdef0123456789abcdef', 'old feed', 'no'),
('rss_0123456789abcdef0123456789abcdef_ts', '1100000000', 'no'),
('rss_not_a_hash', 'keep me', 'no'),
('theme_mods_twentytwentythree', 'a:1:{s:18:\"custom_css_post_id\";i:-1;}', 'yes'),
('widget_block', 'a:2:{i:2;a:1:{s:7:\"content\";s:19:\"<!-- wp:search /-->\";}s:12:\"_multiwidget\";i:1;}', 'yes'),
('recently_edited', '', 'no');

INSERT INTO `wp_terms` (`term_id`, `name`, `slug`, `term_group`) VALUES (1, 'Uncategorized', 'uncategorized', 0);
INSERT INTO `wp_terms` (`name`, `slug`, `term_group`) VALUES ('Research', 'research', 0);
INSERT INTO `wp_terms` (`name`, `slug`, `term_group`) VALUES ('Bases de données', 'bases-de-donnees', 0), ('MariaDB', 'mariadb', 0), ('Café', 'cafe', 0), ('twentytwentythree', 'twentytwentythree', 0), ('post-format-aside', 'post-format-aside', 0), ('Main menu', 'main-menu', 0);

INSERT INTO `wp_term_taxonomy` (`term_id`, `taxonomy`, `description`, `parent`, `count`) VALUES (1, 'category', '', 0, 3);
INSERT INTO `wp_term_taxonomy` (`term_id`, `taxonomy`, `description`, `parent`, `count`) VALUES (2, 'category', 'Posts about research', 0, 3),
(3, 'category', 'Bases de données relationnelles', 2, 1),
(4, 'post_tag', '', 0, 2),
(5, 'post_tag', 'Café ☕', 0, 1),
(6, 'wp_theme', '', 0, 1),
(7, 'post_format', '', 0, 0),
(8, 'nav_menu', '', 0, 1);

INSERT INTO `wp_term_relationships` (`object_id`, `term_taxonomy_id`) VALUES (1, 1);
INSERT INTO `wp_term_relationships` (`object_id`, `term_taxonomy_id`, `term_order`) VALUES (4, 2, 0), (4, 4, 0), (5, 2, 0), (5, 3, 0), (5, 4, 1), (6, 5, 0), (6, 1, 0), (19, 1, 0), (21, 2, 0), (20, 6, 0), (17, 8, 0), (7, 2, 0), (11, 1, 0);

INSERT INTO `wp_comments` (`comment_post_ID`, `comment_author`, `comment_author_email`, `comment_author_url`, `comment_date`, `comment_date_gmt`, `comment_content`, `comment_type`) VALUES (1, 'A WordPress Commenter', 'wapuu@wordpress.example', 'https://wordpress.org/', '2022-11-30 04:08:18', '2022-11-30 04:08:18', 'Hi, this is a comment.\nTo get started with moderating, editing, and deleting comments, please visit the Comments screen in the dashboard.', 'comment');
INSERT INTO `wp_comments` (`comment_post_ID`, `comment_author_IP`, `comment_author`, `comment_author_email`, `comment_author_url`, `comment_date`, `comment_date_gmt`, `comment_content`, `comment_karma`, `comment_approved`, `comment_agent`, `comment_type`, `comment_parent`, `user_id`) VALUES (5, '127.0.0.1', 'Visitor', 'visitor@example.com', 'http://example.com', '2023-03-16 09:00:00', '2023-03-16 08:00:00', 'Nice post about MariaDB!', 0, '1', 'curl/7.88.1', 'comment', 0, 0);
INSERT INTO `wp_comments` (`comment_post_ID`, `comment_author_IP`, `comment_author`, `comment_author_email`, `comment_author_url`, `comment_date`, `comment_date_gmt`, `comment_content`, `comment_karma`, `comment_approved`, `comment_agent`, `comment_type`, `comment_parent`, `user_id`) VALUES (5, '10.0.0.7', 'Jöhn Dœ', 'john@example.net', '', '2023-03-17 10:00:00', '2023-03-17 09:00:00', 'Réponse: d\'accord 👍', 0, '0', 'Mozilla/5.0', '', 2, 0),
(5, '10.6.6.6', 'spammer', 'spam@example.biz', 'http://spam.example.biz', '2023-03-18 00:00:00', '2023-03-17 23:00:00', 'Buy cheap stuff', 0, 'spam', 'bot', 'comment', 0, 0),
(4, '127.0.0.1', 'admin', 'admin@example.com', 'http://127.0.0.1:8080', '2023-01-16 12:00:00', '2023-01-16 12:00:00', 'Thanks 😀', 0, '1', 'Mozilla/5.0', 'comment', 0, 1),
(1, '127.0.0.1', 'Old', 'old@example.com', '', '2023-01-01 00:00:00', '2023-01-01 00:00:00', 'Trash me', 0, 'trash', '', 'comment', 0, 0);

INSERT INTO `wp_commentmeta` (`comment_id`, `meta_key`, `meta_value`) VALUES (6, '_wp_trash_meta_status', '1'), (6, '_wp_trash_meta_time', '1793419000'), (2, 'rating', '5');

INSERT INTO `wp_postmeta` (`post_id`, `meta_key`, `meta_value`) VALUES (4, '_edit_lock', '1678872180:1'), (5, '_edit_lock', '1678872185:2'), (5, '_pingme', '1'), (5, '_encloseme', '1'), (12, '_wp_attached_file', '2023/03/pixel-1.png'), (12, '_wp_attachment_metadata', 'a:6:{s:5:\"width\";i:320;s:6:\"height\";i:200;s:4:\"file\";s:19:\"2023/03/pixel-1.png\";s:8:\"filesize\";i:685;s:5:\"sizes\";a:0:{}s:10:\"image_meta\";a:0:{}}'), (5, '_thumbnail_id', '12'), (18, '_wp_trash_meta_status', 'publish'), (18, '_wp_trash_meta_time', '1793419000'), (17, '_menu_item_object_id', '16'), (17, '_menu_item_type', 'post_type'), (15, '_wp_page_template', 'default'), (6, 'price', '10.50'), (19, 'price', '9.5'), (4, 'price', '100');
INSERT INTO `wp_postmeta` (`post_id`, `meta_key`, `meta_value`) VALUES (2, '_wp_page_template', 'default');

INSERT INTO `wp_termmeta` (`term_id`, `meta_key`, `meta_value`) VALUES (3, 'color', 'bleu'), (3, 'order', '2'), (1, 'order', '10');

INSERT INTO `wp_links` (`link_url`, `link_name`, `link_image`, `link_target`, `link_description`, `link_visible`, `link_owner`, `link_rating`, `link_updated`, `link_rel`, `link_notes`, `link_rss`) VALUES ('https://mariadb.org/', 'MariaDB', '', '_blank', 'Database', 'Y', 1, 0, '0000-00-00 00:00:00', '', '', '');

INSERT INTO `wp_posts` (`ID`, `post_author`, `post_date`, `post_date_gmt`, `post_content`, `post_title`, `post_excerpt`, `post_status`, `comment_status`, `ping_status`, `post_password`, `post_name`, `to_ping`, `pinged`, `post_modified`, `post_modified_gmt`, `post_content_filtered`, `post_parent`, `guid`, `menu_order`, `post_type`, `post_mime_type`, `comment_count`) VALUES
(1, 1, '2022-11-30 04:08:18', '2022-11-30 04:08:18', '<!-- wp:paragraph -->\n<p>Welcome to WordPress. This is your first post. Edit or delete it, then start writing!</p>\n<!-- /wp:paragraph -->', 'Hello world!', '', 'publish', 'open', 'open', '', 'hello-world', '', '', '2022-11-30 04:08:18', '2022-11-30 04:08:18', '', 0, 'http://127.0.0.1:8080/?p=1', 0, 'post', '', 1),
(2, 1, '2022-11-30 04:08:19', '2022-11-30 04:08:19', '<!-- wp:paragraph -->\n<p>This is an example page. It\'s different from a blog post.</p>\n<!-- /wp:paragraph -->', 'Sample Page', '', 'publish', 'closed', 'closed', '', 'sample-page', '', '', '2022-11-30 04:08:19', '2022-11-30 04:08:19', '', 0, 'http://127.0.0.1:8080/?p=2', 0, 'page', '', 0),
(3, 1, '2022-11-30 04:08:20', '0000-00-00 00:00:00', '<!-- wp:heading --><h2>Who we are</h2><!-- /wp:heading -->', 'Privacy Policy', '', 'draft', 'closed', 'closed', '', 'privacy-policy', '', '', '2022-11-30 04:08:20', '2022-11-30 04:08:20', '', 0, 'http://127.0.0.1:8080/?p=3', 0, 'page', '', 0),
(4, 1, '2023-01-15 10:01:00', '2023-01-15 10:01:00', '<!-- wp:paragraph --><p>Body with MariaDB and emoji 😀 and \"quotes\"</p><!-- /wp:paragraph -->', 'Post 1 about databases', 'First excerpt', 'publish', 'open', 'open', '', 'post-1-about-databases', '', '', '2023-01-20 11:00:00', '2023-01-20 11:00:00', '', 0, 'http://127.0.0.1:8080/?p=4', 0, 'post', '', 1),
(5, 2, '2023-03-15 10:03:00', '2023-03-15 09:03:00', '<p>The wire protocol of MariaDB: 100% binary-safe, 4-byte UTF-8 🐬 works.</p>', 'Post 2 about databases — 100% MariaDB', '', 'publish', 'open', 'open', '', 'post-2-about-databases', '', '', '2023-03-16 12:00:00', '2023-03-16 12:00:00', '', 0, 'http://127.0.0.1:8080/?p=5', 0, 'post', '', 2),
(6, 2, '2023-03-20 08:00:00', '2023-03-20 07:00:00', '<p>Un café crème, s\'il vous plaît. Übermäßig größer. Ça coûte 3€.</p>', 'Café crème résumé', 'Résumé', 'publish', 'open', 'open', '', 'cafe-creme-resume', '', '', '2023-03-20 08:00:00', '2023-03-20 08:00:00', '', 0, 'http://127.0.0.1:8080/?p=6', 0, 'post', '', 0),
(7, 1, '2023-04-01 12:00:00', '0000-00-00 00:00:00', '<p>Notes about the wire protocol handshake.</p>', 'Draft about the wire protocol', '', 'draft', 'open', 'open', '', '', '', '', '0000-00-00 00:00:00', '0000-00-00 00:00:00', '', 0, 'http://127.0.0.1:8080/?p=7', 0, 'post', '', 0),
(8, 1, '2020-05-01 00:00:00', '0000-00-00 00:00:00', '', 'Auto Draft', '', 'auto-draft', 'open', 'open', '', '', '', '', '0000-00-00 00:00:00', '0000-00-00 00:00:00', '', 0, 'http://127.0.0.1:8080/?p=8', 0, 'post', '', 0),
(9, 1, '2099-01-01 00:00:00', '0000-00-00 00:00:00', '', 'Auto Draft', '', 'auto-draft', 'open', 'open', '', '', '', '', '0000-00-00 00:00:00', '0000-00-00 00:00:00', '', 0, 'http://127.0.0.1:8080/?p=9', 0, 'post', '', 0),
(10, 1, '2099-06-01 09:00:00', '2099-06-01 08:00:00', '<p>Coming soon.</p>', 'Scheduled post', '', 'future', 'open', 'open', '', 'scheduled-post', '', '', '2023-05-01 00:00:00', '2023-05-01 00:00:00', '', 0, 'http://127.0.0.1:8080/?p=10', 0, 'post', '', 0),
(11, 1, '2023-02-10 15:30:00', '2023-02-10 14:30:00', '<p>Only for me.</p>', 'Private notes', '', 'private', 'open', 'open', '', 'private-notes', '', '', '2023-02-10 15:30:00', '2023-02-10 15:30:00', '', 0, 'http://127.0.0.1:8080/?p=11', 0, 'post', '', 0),
(12, 2, '2023-03-15 10:05:00', '2023-03-15 09:05:00', '', 'pixel-1', '', 'inherit', 'open', 'closed', '', 'pixel-1', '', '', '2023-03-15 10:05:00', '2023-03-15 10:05:00', '', 5, 'http://127.0.0.1:8080/wp-content/uploads/2023/03/pixel-1.png', 0, 'attachment', 'image/png', 0),
(13, 2, '2023-03-15 10:03:00', '2023-03-15 09:03:00', '<p>The wire protocol of MariaDB.</p>', 'Post 2 about databases', '', 'inherit', 'closed', 'closed', '', '5-revision-v1', '', '', '2023-03-15 10:03:00', '2023-03-15 10:03:00', '', 5, 'http://127.0.0.1:8080/?p=13', 0, 'revision', '', 0),
(14, 2, '2023-03-16 11:00:00', '2023-03-16 10:00:00', '<p>The wire protocol of MariaDB: 100% binary-safe.</p>', 'Post 2 about databases — 100% MariaDB', '', 'inherit', 'closed', 'closed', '', '5-autosave-v1', '', '', '2023-03-16 11:00:00', '2023-03-16 11:00:00', '', 5, 'http://127.0.0.1:8080/?p=14', 0, 'revision', '', 0),
(15, 1, '2023-02-01 09:00:00', '2023-02-01 08:00:00', '<p>About us.</p>', 'About us', '', 'publish', 'closed', 'closed', '', 'about-us', '', '', '2023-02-01 09:00:00', '2023-02-01 09:00:00', '', 0, 'http://127.0.0.1:8080/?p=15', 2, 'page', '', 0),
(16, 1, '2023-02-02 09:00:00', '2023-02-02 08:00:00', '<p>Our team.</p>', 'Team', '', 'publish', 'closed', 'closed', '', 'team', '', '', '2023-02-02 09:00:00', '2023-02-02 09:00:00', '', 15, 'http://127.0.0.1:8080/?p=16', 1, 'page', '', 0),
(17, 1, '2023-02-03 09:00:00', '2023-02-03 08:00:00', '', '', '', 'publish', 'closed', 'closed', '', '17', '', '', '2023-02-03 09:00:00', '2023-02-03 09:00:00', '', 0, 'http://127.0.0.1:8080/?p=17', 1, 'nav_menu_item', '', 0),
(18, 1, '2022-12-24 18:00:00', '2022-12-24 17:00:00', '<p>Gone.</p>', 'Trashed post', '', 'trash', 'open', 'open', '', 'trashed-post__trashed', '', '', '2023-01-01 00:00:00', '2023-01-01 00:00:00', '', 0, 'http://127.0.0.1:8080/?p=18', 0, 'post', '', 0),
(19, 3, '2023-05-05 05:05:05', '2023-05-05 04:05:05', '<p>Path C:\\Users\\wp and a tab\there.\nSecond line with \'single\' and \"double\" quotes.</p>', 'Discount: 100% off_today', '', 'publish', 'open', 'open', '', 'my_post', '', '', '2023-05-05 05:05:05', '2023-05-05 05:05:05', '', 0, 'http://127.0.0.1:8080/?p=19', 0, 'post', '', 0),
(20, 1, '2022-11-30 05:00:00', '2022-11-30 05:00:00', '{\"version\": 2, \"isGlobalStylesUserThemeJSON\": true }', 'Custom Styles', '', 'publish', 'closed', 'closed', '', 'wp-global-styles-twentytwentythree', '', '', '2022-11-30 05:00:00', '2022-11-30 05:00:00', '', 0, 'http://127.0.0.1:8080/?p=20', 0, 'wp_global_styles', '', 0),
(21, 3, '2023-03-15 18:00:00', '2023-03-15 17:00:00', '<p>Evening thoughts on wire formats.</p>', 'Wire protocol evening', '', 'publish', 'open', 'open', '', 'wire-protocol-evening', '', '', '2023-03-15 18:00:00', '2023-03-15 18:00:00', '', 0, 'http://127.0.0.1:8080/?p=21', 0, 'post', '', 0);

-- ===== INSERT ... ON DUPLICATE KEY UPDATE (update_option / set_transient) =====
-- new key: affected 1, insert id = new option_id
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('_transient_doing_cron', '1796011202.4242420196533203125000', 'yes') ON DUPLICATE KEY UPDATE `option_name` = VALUES(`option_name`), `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
SELECT LAST_INSERT_ID();
-- existing key, new value: affected 2
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('_transient_doing_cron', '1796011300.1234560000000000000000', 'yes') ON DUPLICATE KEY UPDATE `option_name` = VALUES(`option_name`), `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
SELECT LAST_INSERT_ID();
-- existing key, identical values: affected 0
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('_transient_doing_cron', '1796011300.1234560000000000000000', 'yes') ON DUPLICATE KEY UPDATE `option_name` = VALUES(`option_name`), `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
SELECT option_id, option_name, option_value, autoload FROM wp_options WHERE option_name = '_transient_doing_cron';
-- existing key in a different case (utf8mb4_unicode_520_ci): updates the row, affected 2, name rewritten
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('Theme_Mods_TwentyTwentyThree', 'a:1:{s:18:\"custom_css_post_id\";i:-1;}', 'yes') ON DUPLICATE KEY UPDATE `option_name` = VALUES(`option_name`), `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
SELECT option_id, option_name, option_value FROM wp_options WHERE option_name = 'theme_mods_twentytwentythree';
-- serialized value with quotes, backslashes and emoji
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('wp_user_roles', 'a:2:{s:13:\"administrator\";a:2:{s:4:\"name\";s:13:\"Administrator\";s:12:\"capabilities\";a:0:{}}s:6:\"editor\";a:2:{s:4:\"name\";s:9:\"Éditeur😀\";s:12:\"capabilities\";a:0:{}}}', 'yes') ON DUPLICATE KEY UPDATE `option_name` = VALUES(`option_name`), `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
SELECT option_value FROM wp_options WHERE option_name = 'wp_user_roles' LIMIT 1;
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('theme_switched', '', 'yes') ON DUPLICATE KEY UPDATE `option_name` = VALUES(`option_name`), `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('rewrite_rules', 'a:1:{s:12:\"^wp-json/?$\";s:22:\"index.php?rest_route=/\";}', 'yes') ON DUPLICATE KEY UPDATE `option_name` = VALUES(`option_name`), `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
SELECT option_value FROM wp_options WHERE option_name = 'rewrite_rules';
-- multi-row upsert: one new, one changed, one unchanged
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('blogname', 'Renamed', 'yes'), ('new_multi_1', 'x', 'no'), ('home', 'http://127.0.0.1:8080', 'yes') ON DUPLICATE KEY UPDATE `option_value` = VALUES(`option_value`), `autoload` = VALUES(`autoload`);
SELECT LAST_INSERT_ID();
SELECT option_name, option_value, autoload FROM wp_options WHERE option_name IN ('blogname', 'new_multi_1', 'home') ORDER BY option_name;
-- column references and expressions in the UPDATE part
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('counter', '1', 'no') ON DUPLICATE KEY UPDATE option_value = option_value + 1;
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('counter', '1', 'no') ON DUPLICATE KEY UPDATE option_value = option_value + 1;
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('counter', '1', 'no') ON DUPLICATE KEY UPDATE option_value = CONCAT(option_value, '-', VALUES(option_value));
SELECT option_value FROM wp_options WHERE option_name = 'counter';
-- LAST_INSERT_ID(expr) idiom in the update
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('counter', '1', 'no') ON DUPLICATE KEY UPDATE option_id = LAST_INSERT_ID(option_id), option_value = '9';
SELECT LAST_INSERT_ID();
-- ON DUPLICATE KEY UPDATE term_order = VALUES(term_order) (sorted taxonomies)
INSERT INTO wp_term_relationships (object_id, term_taxonomy_id, term_order) VALUES (5, 2, 0), (5, 3, 7), (5, 9, 1) ON DUPLICATE KEY UPDATE term_order = VALUES(term_order);
SELECT object_id, term_taxonomy_id, term_order FROM wp_term_relationships WHERE object_id = 5 ORDER BY term_taxonomy_id;
-- duplicate on the composite UNIQUE (term_id, taxonomy)
INSERT INTO `wp_term_taxonomy` (`term_id`, `taxonomy`, `description`, `parent`, `count`) VALUES (2, 'CATEGORY', 'dup', 0, 0) ON DUPLICATE KEY UPDATE `description` = VALUES(`description`);
SELECT term_taxonomy_id, term_id, taxonomy, description FROM wp_term_taxonomy WHERE term_id = 2;

-- ===== INSERT IGNORE: the /* LOCK */ idiom =====
INSERT IGNORE INTO `wp_options` ( `option_name`, `option_value`, `autoload` ) VALUES ('update_comment_type.lock', '1796011808', 'no') /* LOCK */;
SELECT LAST_INSERT_ID();
INSERT IGNORE INTO `wp_options` ( `option_name`, `option_value`, `autoload` ) VALUES ('update_comment_type.lock', '1796011999', 'no') /* LOCK */;
INSERT IGNORE INTO `wp_options` ( `option_name`, `option_value`, `autoload` ) VALUES ('UPDATE_COMMENT_TYPE.LOCK', '1796011999', 'no') /* LOCK */;
SELECT option_name, option_value FROM wp_options WHERE option_name = 'update_comment_type.lock';
INSERT IGNORE INTO `wp_options` ( `option_name`, `option_value`, `autoload` ) VALUES ('core_updater.lock', '1796011808', 'no'), ('update_comment_type.lock', '1', 'no'), ('auto_updater.lock', '1796011808', 'no') /* LOCK */;
SELECT option_name, option_value FROM wp_options WHERE option_name LIKE '%.lock' ORDER BY option_name;
DELETE FROM `wp_options` WHERE `option_name` = 'update_comment_type.lock';
INSERT IGNORE INTO `wp_options` ( `option_name`, `option_value`, `autoload` ) VALUES ('update_comment_type.lock', '1796012000', 'no') /* LOCK */;
UPDATE `wp_options` SET `option_value` = '1796012100' WHERE `option_name` = 'update_comment_type.lock';

-- ===== UPDATE: changed / unchanged / no match =====
UPDATE `wp_options` SET `option_value` = '2', `autoload` = 'no' WHERE `option_name` = 'user_count';
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('user_count', '1', 'yes');
UPDATE `wp_options` SET `option_value` = '2', `autoload` = 'no' WHERE `option_name` = 'user_count';
UPDATE `wp_options` SET `option_value` = '2', `autoload` = 'no' WHERE `option_name` = 'user_count';
UPDATE `wp_options` SET `option_value` = '3' WHERE `option_name` = 'no_such_option';
UPDATE wp_options set option_value = '' where option_name = 'upload_path';
UPDATE wp_options set option_value = '' where option_name = 'upload_path';
UPDATE `wp_term_taxonomy` SET `count` = 2 WHERE `term_taxonomy_id` = 1;
UPDATE `wp_term_taxonomy` SET `count` = 2 WHERE `term_taxonomy_id` = 1;
UPDATE `wp_term_taxonomy` SET `count` = '3' WHERE `term_taxonomy_id` = '1';
UPDATE `wp_posts` SET `comment_count` = 0 WHERE `ID` = 5;
UPDATE `wp_posts` SET `guid` = 'http://127.0.0.1:8080/?p=4' WHERE `ID` = 4;
UPDATE `wp_posts` SET `post_name` = 'trashed-post__trashed' WHERE `ID` = 18;
UPDATE `wp_posts` SET `post_parent` = 0 WHERE `post_parent` = 5 AND `post_type` = 'attachment';
UPDATE `wp_posts` SET `post_author` = 1, `post_date` = '2023-01-15 10:01:00', `post_date_gmt` = '2023-01-15 10:01:00', `post_content` = '<!-- wp:paragraph --><p>Edited body with MariaDB and emoji 😀</p><!-- /wp:paragraph -->', `post_content_filtered` = '', `post_title` = 'Post 1 about databases (edited)', `post_excerpt` = '', `post_status` = 'publish', `post_type` = 'post', `comment_status` = 'open', `ping_status` = 'open', `post_password` = '', `post_name` = 'post-1-about-databases', `to_ping` = '', `pinged` = '', `post_modified` = '2023-01-20 11:00:00', `post_modified_gmt` = '2023-01-20 11:00:00', `post_parent` = 0, `menu_order` = 0, `post_mime_type` = '', `guid` = 'http://127.0.0.1:8080/?p=4' WHERE `ID` = 4;
SELECT ID, post_title, post_content, post_modified FROM wp_posts WHERE ID = 4;
UPDATE `wp_usermeta` SET `meta_value` = 'a:1:{s:13:\"administrator\";b:1;}' WHERE `user_id` = 1 AND `meta_key` = 'wp_capabilities';
UPDATE `wp_usermeta` SET `meta_value` = 'a:1:{s:6:\"editor\";b:1;}' WHERE `user_id` = 1 AND `meta_key` = 'wp_capabilities';
UPDATE `wp_users` SET `user_pass` = '$P$BPW8mAPbonnQ/G5CJSgbbMnkhk6hww/', `user_nicename` = 'admin', `user_email` = 'admin@example.com', `user_url` = 'http://127.0.0.1:8080', `user_registered` = '2022-11-30 04:08:18', `user_activation_key` = '', `display_name` = 'admin' WHERE `ID` = 1;
UPDATE `wp_comments` SET `comment_approved` = '1' WHERE `comment_ID` = 3;
UPDATE `wp_comments` SET `comment_approved` = '1' WHERE `comment_ID` = 3;
UPDATE wp_comments SET comment_type = 'comment' WHERE comment_type = '' AND comment_ID IN (3);
UPDATE wp_posts SET comment_count = comment_count + 1 WHERE ID IN (1, 4, 5);
UPDATE wp_posts SET post_status = 'publish' WHERE post_type = 'post' AND post_status = 'publish';
UPDATE wp_posts SET menu_order = menu_order WHERE ID > 0;
-- changing the case of a value under a _ci collation is a change
UPDATE wp_users SET display_name = 'ADMIN' WHERE ID = 1;
UPDATE wp_users SET display_name = 'admin' WHERE ID = 1;
UPDATE wp_users SET user_registered = '2022-11-30 04:08:18.000' WHERE ID = 1;
UPDATE wp_users SET user_status = '0' WHERE ID = 1;
SELECT ID, post_status, comment_count FROM wp_posts ORDER BY ID;

-- ===== DELETE =====
DELETE FROM wp_term_relationships WHERE object_id = 5 AND term_taxonomy_id IN ('9');
DELETE FROM wp_term_relationships WHERE object_id = 5 AND term_taxonomy_id IN ('9');
DELETE FROM wp_term_relationships WHERE object_id = 4 AND term_taxonomy_id IN ('2', '4');
SELECT object_id, term_taxonomy_id FROM wp_term_relationships ORDER BY object_id, term_taxonomy_id;
DELETE FROM wp_postmeta WHERE meta_id IN( 3 );
DELETE FROM wp_usermeta WHERE umeta_id IN( 6 );
DELETE FROM `wp_options` WHERE `option_name` = '_transient_doing_cron';
DELETE FROM `wp_options` WHERE `option_name` = '_transient_doing_cron';
DELETE FROM `wp_posts` WHERE `ID` = 18;
DELETE FROM wp_postmeta WHERE post_id = 18;
-- the transient garbage collector: self-join multi-table DELETE
SELECT option_name FROM wp_options WHERE option_name LIKE '%transient%' ORDER BY option_name;
DELETE a, b FROM wp_options a, wp_options b WHERE a.option_name LIKE '\\_transient\\_%' AND a.option_name NOT LIKE '\\_transient\\_timeout\\_%' AND b.option_name = CONCAT( '_transient_timeout_', SUBSTRING( a.option_name, 12 ) ) AND b.option_value < 1796011202;
SELECT option_name FROM wp_options WHERE option_name LIKE '%transient%' ORDER BY option_name;
DELETE a, b FROM wp_options a, wp_options b WHERE a.option_name LIKE '\\_transient\\_%' AND a.option_name NOT LIKE '\\_transient\\_timeout\\_%' AND b.option_name = CONCAT( '_transient_timeout_', SUBSTRING( a.option_name, 12 ) ) AND b.option_value < 1796011202;
DELETE a, b FROM wp_options a, wp_options b WHERE a.option_name LIKE '\\_site\\_transient\\_%' AND a.option_name NOT LIKE '\\_site\\_transient\\_timeout\\_%' AND b.option_name = CONCAT( '_site_transient_timeout_', SUBSTRING( a.option_name, 17 ) ) AND b.option_value < 1796099999;
SELECT option_name FROM wp_options WHERE option_name LIKE '%transient%' ORDER BY option_name;
DELETE FROM wp_options WHERE option_name REGEXP '^rss_[0-9a-f]{32}(_ts)?$';
DELETE FROM wp_options WHERE option_name REGEXP '^rss_[0-9a-f]{32}(_ts)?$';
SELECT option_name FROM wp_options WHERE option_name LIKE 'rss%' ORDER BY option_name;
-- multi-table DELETE of one side only
DELETE tr FROM wp_term_relationships tr INNER JOIN wp_posts p ON p.ID = tr.object_id WHERE p.post_status = 'draft';
SELECT object_id, term_taxonomy_id FROM wp_term_relationships ORDER BY object_id, term_taxonomy_id;
DELETE FROM wp_postmeta WHERE post_id NOT IN (SELECT ID FROM wp_posts);
DELETE FROM wp_commentmeta WHERE meta_key = '_wp_trash_meta_time' AND meta_value < 1793419701;

-- ===== UNIQUE collisions under utf8mb4_unicode_520_ci =====
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('Siteurl', 'http://other', 'yes');
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('SITEURL', 'http://other', 'yes');
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('siteurl ', 'http://other', 'yes');
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('résumé_page', '1', 'no');
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('resume_page', '2', 'no');
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('RÉSUMÉ_PAGE', '3', 'no');
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('emoji_😀', '1', 'no');
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('emoji_😁', '2', 'no');
SELECT option_name, option_value FROM wp_options WHERE option_name IN ('résumé_page', 'emoji_😀', 'emoji_😁') ORDER BY option_id;
SELECT option_name FROM wp_options WHERE option_name = 'RESUME_PAGE';
UPDATE wp_options SET option_name = 'SiteURL' WHERE option_name = 'siteurl';
SELECT option_id, option_name FROM wp_options WHERE option_name = 'siteurl';
UPDATE wp_options SET option_name = 'home' WHERE option_name = 'blogname';
INSERT INTO wp_terms (name, slug, term_group) VALUES ('Research', 'RESEARCH', 0);
SELECT term_id, name, slug FROM wp_terms WHERE slug = 'research' ORDER BY term_id;

-- ===== duplicate-key errors (1062) =====
INSERT INTO wp_options (option_id, option_name, option_value, autoload) VALUES (1, 'brand_new', 'x', 'no');
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('home', 'dup', 'yes');
INSERT INTO `wp_term_relationships` (`object_id`, `term_taxonomy_id`) VALUES (1, 1);
INSERT INTO `wp_term_taxonomy` (`term_id`, `taxonomy`, `description`, `parent`, `count`) VALUES (1, 'category', '', 0, 0);
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('multi_ok_1', '1', 'no'), ('home', '2', 'no'), ('multi_ok_2', '3', 'no');
SELECT option_name FROM wp_options WHERE option_name LIKE 'multi\\_ok%' ORDER BY option_name;
UPDATE wp_term_relationships SET term_taxonomy_id = 1 WHERE object_id = 6 AND term_taxonomy_id = 5;

-- ===== auto_increment ids =====
INSERT INTO `wp_terms` (`name`, `slug`, `term_group`) VALUES ('Auto one', 'auto-one', 0);
SELECT LAST_INSERT_ID();
INSERT INTO `wp_terms` (`term_id`, `name`, `slug`, `term_group`) VALUES (100, 'Explicit', 'explicit', 0);
SELECT LAST_INSERT_ID();
INSERT INTO `wp_terms` (`name`, `slug`, `term_group`) VALUES ('After explicit', 'after-explicit', 0);
SELECT LAST_INSERT_ID();
INSERT INTO `wp_terms` (`name`, `slug`, `term_group`) VALUES ('Multi A', 'multi-a', 0), ('Multi B', 'multi-b', 0), ('Multi C', 'multi-c', 0);
SELECT LAST_INSERT_ID();
INSERT INTO `wp_terms` (`term_id`, `name`, `slug`, `term_group`) VALUES (0, 'Zero id', 'zero-id', 0);
INSERT INTO `wp_terms` (`term_id`, `name`, `slug`, `term_group`) VALUES (NULL, 'Null id', 'null-id', 0);
SELECT term_id, name FROM wp_terms WHERE term_id >= 100 ORDER BY term_id;
INSERT INTO `wp_terms` (`term_id`, `name`, `slug`, `term_group`) VALUES (100, 'Dup explicit', 'dup', 0);
SELECT LAST_INSERT_ID();
DELETE FROM wp_terms WHERE term_id = (SELECT MAX(term_id) FROM (SELECT term_id FROM wp_terms) AS x);
INSERT INTO `wp_terms` (`name`, `slug`, `term_group`) VALUES ('After delete', 'after-delete', 0);
SELECT LAST_INSERT_ID();
SELECT term_id, name FROM wp_terms WHERE term_id >= 100 ORDER BY term_id;
INSERT INTO `wp_usermeta` (`user_id`, `meta_key`, `meta_value`) VALUES (1, 'session_tokens', 'a:0:{}');
SELECT LAST_INSERT_ID();
INSERT INTO `wp_postmeta` (`post_id`, `meta_key`, `meta_value`) VALUES (5, '_edit_lock', '1796011200:1');
INSERT INTO `wp_comments` (`comment_post_ID`, `comment_author_IP`, `comment_author`, `comment_author_email`, `comment_author_url`, `comment_date`, `comment_date_gmt`, `comment_content`, `comment_karma`, `comment_approved`, `comment_agent`, `comment_type`, `comment_parent`, `user_id`) VALUES (5, '127.0.0.1', 'Visitor', 'visitor@example.com', 'http://example.com', '2023-03-19 04:08:29', '2023-03-19 04:08:29', 'Another comment\\nwith a backslash-n', 0, '1', 'curl/7.88.1', 'comment', 0, 0);
SELECT comment_ID, comment_content FROM wp_comments WHERE comment_ID = LAST_INSERT_ID();
INSERT INTO `wp_posts` (`post_author`, `post_date`, `post_date_gmt`, `post_content`, `post_content_filtered`, `post_title`, `post_excerpt`, `post_status`, `post_type`, `comment_status`, `ping_status`, `post_password`, `post_name`, `to_ping`, `pinged`, `post_modified`, `post_modified_gmt`, `post_parent`, `menu_order`, `post_mime_type`, `guid`) VALUES (1, '2023-06-01 10:00:00', '0000-00-00 00:00:00', '', '', 'Auto Draft', '', 'auto-draft', 'post', 'open', 'open', '', '', '', '', '2023-06-01 10:00:00', '0000-00-00 00:00:00', 0, 0, '', '');
SELECT ID, post_title, post_date_gmt FROM wp_posts WHERE ID = LAST_INSERT_ID();
SELECT LAST_INSERT_ID() = (SELECT MAX(ID) FROM wp_posts);
SHOW CREATE TABLE wp_terms;

-- ===== non-strict conversions WordPress relies on =====
-- omitted NOT NULL text columns without default: '' plus warning 1364
INSERT INTO `wp_posts` (`post_author`, `post_title`) VALUES (1, 'Minimal');
SELECT post_content, post_excerpt, to_ping, post_date, post_status FROM wp_posts WHERE post_title = 'Minimal';
-- too-long value: truncated with warning 1265
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('long_autoload', 'x', 'yes-this-autoload-value-is-too-long');
SELECT autoload FROM wp_options WHERE option_name = 'long_autoload';
-- invalid dates become zero dates with a warning
INSERT INTO `wp_posts` (`post_author`, `post_date`, `post_content`, `post_title`, `post_excerpt`, `to_ping`, `pinged`, `post_content_filtered`) VALUES (1, '2023-02-30 10:00:00', '', 'Bad date', '', '', '', '');
SELECT post_date FROM wp_posts WHERE post_title = 'Bad date';
UPDATE wp_posts SET post_date = 'not a date' WHERE post_title = 'Bad date';
-- string into an integer column
UPDATE wp_posts SET menu_order = '12abc' WHERE post_title = 'Bad date';
UPDATE wp_posts SET menu_order = 'abc' WHERE post_title = 'Bad date';
SELECT menu_order FROM wp_posts WHERE post_title = 'Bad date';
-- negative into unsigned
UPDATE wp_posts SET post_parent = -1 WHERE post_title = 'Bad date';
SELECT post_parent FROM wp_posts WHERE post_title = 'Bad date';
-- NULL into NOT NULL: error for a single row, warning for multi-row
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('null_value', NULL, 'no');
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('null_value_1', NULL, 'no'), ('null_value_2', 'ok', 'no');
SELECT option_name, option_value FROM wp_options WHERE option_name LIKE 'null\\_value%' ORDER BY option_name;
UPDATE wp_options SET option_value = NULL WHERE option_name = 'null_value_2';
SELECT option_name, option_value FROM wp_options WHERE option_name LIKE 'null\\_value%' ORDER BY option_name;

-- ===== final state =====
SELECT option_id, option_name, option_value, autoload FROM wp_options ORDER BY option_id;
SELECT term_id, name, slug, term_group FROM wp_terms ORDER BY term_id;
SELECT * FROM wp_term_taxonomy ORDER BY term_taxonomy_id;
SELECT ID, post_author, post_date, post_date_gmt, post_title, post_status, post_name, post_parent, menu_order, post_type, comment_count FROM wp_posts ORDER BY ID;
SELECT umeta_id, user_id, meta_key, meta_value FROM wp_usermeta ORDER BY umeta_id;
SELECT meta_id, post_id, meta_key FROM wp_postmeta ORDER BY meta_id;
SELECT comment_ID, comment_approved, comment_type FROM wp_comments ORDER BY comment_ID;

-- ===== the same writes in strict mode (the harness default) =====
SET SESSION sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';
INSERT INTO `wp_posts` (`post_author`, `post_title`) VALUES (1, 'Minimal strict');
INSERT INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('long_autoload_2', 'x', 'yes-this-autoload-value-is-too-long');
INSERT INTO `wp_posts` (`post_author`, `post_date`, `post_content`, `post_title`, `post_excerpt`, `to_ping`, `pinged`, `post_content_filtered`) VALUES (1, '2023-02-30 10:00:00', '', 'Bad date strict', '', '', '', '');
UPDATE wp_posts SET menu_order = 'abc' WHERE post_title = 'Bad date';
UPDATE wp_posts SET post_parent = -1 WHERE post_title = 'Bad date';
INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('null_value_3', NULL, 'no'), ('null_value_4', 'ok', 'no');
INSERT INTO `wp_posts` (`post_author`, `post_date`, `post_date_gmt`, `post_content`, `post_title`, `post_excerpt`, `to_ping`, `pinged`, `post_content_filtered`) VALUES (1, '2023-07-01 00:00:00', '0000-00-00 00:00:00', '', 'Zero gmt strict', '', '', '', '');
SELECT post_title, post_date_gmt FROM wp_posts WHERE post_title LIKE '%strict' ORDER BY ID;
INSERT IGNORE INTO `wp_options` (`option_name`, `option_value`, `autoload`) VALUES ('long_autoload_3', 'x', 'yes-this-autoload-value-is-too-long');
SELECT option_name, autoload FROM wp_options WHERE option_name LIKE 'long\\_autoload%' ORDER BY option_name;
SET SESSION sql_mode='ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';


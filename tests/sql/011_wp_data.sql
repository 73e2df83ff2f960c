-- WordPress data and the SELECT shapes of corpus.sql with literals filled in.
-- The connection prologue WordPress sends first (non-strict sql_mode,
-- utf8mb4_unicode_520_ci connection collation).

SET NAMES utf8mb4;
SET NAMES 'utf8mb4' COLLATE 'utf8mb4_unicode_520_ci';
SELECT @@SESSION.sql_mode;
SET SESSION sql_mode='ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';
SELECT @@SESSION.sql_mode;

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

-- ===== data =====

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
('_transient_doing_cron', '1796011202.4242420196533203125000', 'yes'),
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
(1, 1, '2022-11-30 04:08:18', '2022-11-30 04:08:18', '<!-- wp:paragraph -->\n<p>Welcome to WordPress. This is your first post. Edit or delete it, then start writing!</p>\n<!-- /wp:paragraph -->', 'Hello world!', '', 'publish', 'open', 'open', '', 'hello-world', '', '', '2022-11-30 04:08:18', '2022-11-30 04:08:18', '', 0, 'http://127.0.0.1:8080/?p=1', 0, 'post', '', 1);
INSERT INTO `wp_posts` (`ID`, `post_author`, `post_date`, `post_date_gmt`, `post_content`, `post_title`, `post_excerpt`, `post_status`, `comment_status`, `ping_status`, `post_password`, `post_name`, `to_ping`, `pinged`, `post_modified`, `post_modified_gmt`, `post_content_filtered`, `post_parent`, `guid`, `menu_order`, `post_type`, `post_mime_type`, `comment_count`) VALUES
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

-- ===== counts after load =====
SELECT COUNT(*) FROM wp_posts;
SELECT COUNT(*) FROM wp_options;
SELECT COUNT(ID) as c FROM wp_users;

-- ===== options =====
SELECT option_value FROM wp_options WHERE option_name = 'siteurl' LIMIT 1;
SELECT option_value FROM wp_options WHERE option_name = 'blogname' LIMIT 1;
SELECT option_value FROM wp_options WHERE option_name = 'blogdescription' LIMIT 1;
SELECT option_value FROM wp_options WHERE option_name = 'wp_user_roles' LIMIT 1;
SELECT option_value FROM wp_options WHERE option_name = 'cron' LIMIT 1;
SELECT option_value FROM wp_options WHERE option_name = 'upload_path_windows' LIMIT 1;
SELECT option_value, LENGTH(option_value), HEX(option_value) FROM wp_options WHERE option_name = 'multiline_note';
SELECT option_value FROM wp_options WHERE option_name = 'no_such_option' LIMIT 1;
SELECT option_value FROM wp_options WHERE option_name = 'SITEURL' LIMIT 1;
SELECT option_value FROM wp_options WHERE option_name = 'siteurl ' LIMIT 1;
SELECT option_value FROM wp_options WHERE option_name = 'siteurl';
SELECT autoload FROM wp_options WHERE option_name = 'blodotgsping_url';
SELECT autoload FROM wp_options WHERE option_name = 'recently_edited';
SELECT option_name, option_value FROM wp_options WHERE autoload = 'yes';
SELECT option_name, option_value FROM wp_options WHERE autoload = 'yes' ORDER BY option_id;
SELECT option_name, option_value FROM wp_options;
SELECT option_id, option_name FROM wp_options WHERE autoload = 'no' ORDER BY option_name;
SELECT option_name FROM wp_options WHERE option_name in ( 'siteurl', 'home', 'blogname', 'blogdescription', 'users_can_register', 'admin_email', 'start_of_week', 'use_balanceTags', 'use_smilies', 'nope' );
-- metadata
SELECT option_id, option_name, option_value, autoload FROM wp_options WHERE option_name = 'home';
SELECT * FROM wp_options WHERE option_id IN (1, 2, 3) ORDER BY option_id;

-- longtext compared with integers (cron / transient cleanup)
SELECT option_name FROM wp_options WHERE option_name LIKE '\\_transient\\_timeout\\_%' AND option_value < 1796011202 ORDER BY option_name;
SELECT option_name, option_value FROM wp_options WHERE option_name LIKE '%\\_timeout\\_%' AND option_value > 1796011202 ORDER BY option_name;
SELECT option_name FROM wp_options WHERE option_name = '_transient_doing_cron' AND option_value > 1796011202;
SELECT option_value + 0, option_value = 1796011202.4242420196533203125000 FROM wp_options WHERE option_name = '_transient_doing_cron';
SELECT a.option_name, b.option_name, b.option_value FROM wp_options a, wp_options b WHERE a.option_name LIKE '\\_transient\\_%' AND a.option_name NOT LIKE '\\_transient\\_timeout\\_%' AND b.option_name = CONCAT( '_transient_timeout_', SUBSTRING( a.option_name, 12 ) ) AND b.option_value < 1796011202;
SELECT a.option_name, b.option_name FROM wp_options a, wp_options b WHERE a.option_name LIKE '\\_transient\\_%' AND a.option_name NOT LIKE '\\_transient\\_timeout\\_%' AND b.option_name = CONCAT( '_transient_timeout_', SUBSTRING( a.option_name, 12 ) ) ORDER BY a.option_name;
SELECT a.option_name, b.option_name FROM wp_options a, wp_options b WHERE a.option_name LIKE '\\_site\\_transient\\_%' AND a.option_name NOT LIKE '\\_site\\_transient\\_timeout\\_%' AND b.option_name = CONCAT( '_site_transient_timeout_', SUBSTRING( a.option_name, 17 ) ) AND b.option_value < 1796011202;
SELECT option_name FROM wp_options WHERE option_name REGEXP '^rss_[0-9a-f]{32}(_ts)?$' ORDER BY option_name;
SELECT option_name FROM wp_options WHERE option_name LIKE 'rss\\_%' ORDER BY option_name;
SELECT option_name FROM wp_options WHERE option_name LIKE 'rss_%' AND option_name NOT LIKE '%\\_ts' ORDER BY option_name;
SELECT option_name FROM wp_options WHERE option_name LIKE '%\_ts' ORDER BY option_name;
SELECT option_name FROM wp_options WHERE option_name LIKE 'use\\_%' ORDER BY option_name;
SELECT option_name FROM wp_options WHERE option_name LIKE 'USE\\_B%';
SELECT option_name FROM wp_options WHERE option_value LIKE '%\\\\inetpub%';
SELECT option_name FROM wp_options WHERE option_value LIKE '%\"custom\\_css\\_post\\_id\"%';
SELECT option_name FROM wp_options WHERE option_value LIKE '%café%';
SELECT option_name FROM wp_options WHERE option_value LIKE '%CAFE%';
SELECT option_name FROM wp_options WHERE option_value LIKE '%😀%';

-- ===== users and usermeta =====
SELECT * FROM wp_users WHERE ID = '1' LIMIT 1;
SELECT * FROM wp_users WHERE user_login = 'admin' LIMIT 1;
SELECT * FROM wp_users WHERE user_login = 'ADMIN' LIMIT 1;
SELECT * FROM wp_users WHERE user_email = 'zoe@example.com' LIMIT 1;
SELECT * FROM wp_users WHERE user_nicename = 'annchen' LIMIT 1;
SELECT ID, user_login, display_name FROM wp_users WHERE display_name = 'Annchen 😀';
SELECT ID, display_name FROM wp_users WHERE display_name = 'jose muller';
SELECT ID FROM wp_users WHERE user_nicename = 'admin' AND user_login != 'admin' LIMIT 1;
SELECT * FROM wp_users WHERE ID IN (1,2);
-- metadata
SELECT * FROM wp_users WHERE ID IN (3);
SELECT ID, user_registered FROM wp_users WHERE user_registered = '0000-00-00 00:00:00';
SELECT ID, user_registered FROM wp_users WHERE user_registered < '2023-01-01' ORDER BY ID;
SELECT SQL_CALC_FOUND_ROWS wp_users.ID FROM wp_users WHERE 1=1 ORDER BY user_login ASC LIMIT 0, 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_users.ID FROM wp_users WHERE 1=1 AND wp_users.ID IN ( SELECT DISTINCT wp_posts.post_author FROM wp_posts WHERE wp_posts.post_status = 'publish' AND wp_posts.post_type IN ( 'post', 'page' ) ) ORDER BY user_login ASC LIMIT 0, 2000;
SELECT FOUND_ROWS();
SELECT user_id, meta_key, meta_value FROM wp_usermeta WHERE user_id IN (1) ORDER BY umeta_id ASC;
SELECT user_id, meta_key, meta_value FROM wp_usermeta WHERE user_id IN (2,3,5) ORDER BY umeta_id ASC;
SELECT umeta_id FROM wp_usermeta WHERE meta_key = 'nickname' AND user_id = 1;
SELECT 1 FROM wp_usermeta WHERE meta_key = '_application_passwords' LIMIT 1;
SELECT umeta_id, user_id FROM wp_usermeta WHERE meta_key IS NULL;
SELECT COUNT(NULLIF(`meta_value` LIKE '%\"administrator\"%', false)), COUNT(NULLIF(`meta_value` LIKE '%\"editor\"%', false)), COUNT(NULLIF(`meta_value` LIKE '%\"author\"%', false)), COUNT(NULLIF(`meta_value` LIKE '%\"contributor\"%', false)), COUNT(NULLIF(`meta_value` LIKE '%\"subscriber\"%', false)), COUNT(NULLIF(`meta_value` = 'a:0:{}', false)), COUNT(*) FROM wp_usermeta INNER JOIN wp_users ON user_id = ID WHERE meta_key = 'wp_capabilities';
SELECT wp_users.ID,wp_users.user_login,wp_users.display_name FROM wp_users INNER JOIN wp_usermeta ON ( wp_users.ID = wp_usermeta.user_id ) WHERE 1=1 AND ( ( ( ( wp_usermeta.meta_key = 'wp_capabilities' AND wp_usermeta.meta_value LIKE '%\"administrator\"%' ) OR ( wp_usermeta.meta_key = 'wp_capabilities' AND wp_usermeta.meta_value LIKE '%\"editor\"%' ) ) ) ) ORDER BY display_name ASC;
SELECT wp_users.ID,wp_users.user_login,wp_users.display_name FROM wp_users INNER JOIN wp_usermeta ON ( wp_users.ID = wp_usermeta.user_id ) WHERE 1=1 AND ( ( ( ( wp_usermeta.meta_key = 'wp_capabilities' AND wp_usermeta.meta_value LIKE '%\"edit\\_pages\"%' ) OR ( wp_usermeta.meta_key = 'wp_capabilities' AND wp_usermeta.meta_value LIKE '%\"author\"%' ) ) ) ) ORDER BY display_name ASC;
SELECT post_author, COUNT(*) FROM wp_posts WHERE ( ( post_type = 'post' AND ( post_status = 'publish' OR post_status = 'private' ) ) ) AND post_author IN (1,2,3) GROUP BY post_author;

-- ===== posts: single lookups =====
SELECT * FROM wp_posts WHERE ID = 1 LIMIT 1;
-- metadata
SELECT * FROM wp_posts WHERE ID = 4 LIMIT 1;
SELECT * FROM wp_posts WHERE ID = 19;
SELECT wp_posts.* FROM wp_posts WHERE ID IN (5,6);
SELECT post_author FROM wp_posts WHERE ID = 5 LIMIT 1;
SELECT post_name FROM wp_posts WHERE post_name = 'post-1-about-databases' AND post_type = 'post' AND ID != 0 LIMIT 1;
SELECT post_name FROM wp_posts WHERE post_name = 'pixel-1' AND ID != 0 LIMIT 1;
SELECT post_name FROM wp_posts WHERE post_name = 'about-us' AND post_type IN ( 'page', 'attachment' ) AND ID != 0 AND post_parent = 0 LIMIT 1;
SELECT ID, post_name, post_parent, post_type FROM wp_posts WHERE post_name IN ('hello-world') AND post_type IN ('post','attachment');
SELECT ID, post_name, post_parent, post_type FROM wp_posts WHERE post_name IN ('about-us','team') AND post_type IN ('page','attachment');
SELECT ID, guid FROM wp_posts WHERE post_parent = '0' AND post_type = 'attachment';
SELECT ID, guid FROM wp_posts WHERE post_parent = '5' AND post_type = 'attachment';
SELECT ID FROM wp_posts WHERE post_parent = 5 AND post_type = 'revision';
SELECT * FROM wp_posts WHERE post_parent = 5 AND post_type = 'revision' AND post_status = 'inherit' AND post_name = '5-autosave-v1' ORDER BY post_date DESC LIMIT 1;
SELECT ID FROM wp_posts WHERE wp_posts.post_author = 1 AND wp_posts.post_status = 'publish' LIMIT 1;
SELECT 1 as test FROM wp_posts WHERE post_type = 'post' AND post_status = 'publish' LIMIT 1;
SELECT wp_posts.* FROM wp_posts WHERE 1=1 AND (wp_posts.ID = '15') AND wp_posts.post_type = 'page' ORDER BY wp_posts.post_date DESC;
SELECT wp_posts.* FROM wp_posts WHERE 1=1 AND wp_posts.ID = 6 AND wp_posts.post_type = 'post' ORDER BY wp_posts.post_date DESC;
SELECT wp_posts.* FROM wp_posts WHERE 1=1 AND wp_posts.post_name = 'trashed-post__trashed' AND wp_posts.ID NOT IN (0) AND wp_posts.post_type IN ('post', 'page', 'attachment') AND ((wp_posts.post_status = 'trash')) ORDER BY wp_posts.post_date DESC;
SELECT wp_posts.* FROM wp_posts WHERE 1=1 AND ( ( YEAR( wp_posts.post_date ) = 2022 AND MONTH( wp_posts.post_date ) = 11 AND DAYOFMONTH( wp_posts.post_date ) = 30 ) ) AND wp_posts.post_name = 'hello-world' AND wp_posts.post_type = 'post' ORDER BY wp_posts.post_date DESC;
SELECT wp_posts.* FROM wp_posts WHERE 1=1 AND wp_posts.post_parent = 5 AND wp_posts.post_type = 'revision' AND ((wp_posts.post_status = 'inherit')) ORDER BY wp_posts.post_date DESC, wp_posts.ID DESC;
SELECT wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_parent = 5 AND wp_posts.post_type = 'revision' AND ((wp_posts.post_status = 'inherit')) ORDER BY wp_posts.post_date ASC, wp_posts.ID ASC LIMIT 0, 1;
SELECT * FROM wp_posts WHERE (post_type = 'page' AND post_status = 'publish') ORDER BY menu_order,wp_posts.post_title ASC;
SELECT * FROM wp_posts WHERE (post_type = 'page' AND post_status = 'publish') AND post_parent = 15 ORDER BY wp_posts.post_title ASC LIMIT 0,1;
SELECT wp_posts.ID, wp_posts.post_parent FROM wp_posts WHERE 1=1 AND ((wp_posts.post_type = 'page' AND (wp_posts.post_status = 'publish' OR wp_posts.post_status = 'future' OR wp_posts.post_status = 'draft' OR wp_posts.post_status = 'pending' OR wp_posts.post_status = 'private'))) ORDER BY wp_posts.menu_order ASC, wp_posts.post_title ASC;
SELECT post_title, post_content, CHAR_LENGTH(post_content), LENGTH(post_content) FROM wp_posts WHERE ID IN (4,5,6,19) ORDER BY ID;

-- block-theme template lookups: ( 0 = 1 ) and GROUP BY wp_posts.ID with wp_posts.*
SELECT wp_posts.* FROM wp_posts WHERE 1=1 AND ( 0 = 1 ) AND wp_posts.post_type = 'wp_template_part' AND ((wp_posts.post_status = 'publish')) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC;
SELECT wp_posts.ID FROM wp_posts WHERE 1=1 AND ( 0 = 1 ) AND wp_posts.post_type = 'wp_global_styles' AND ((wp_posts.post_status = 'publish')) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC LIMIT 0, 1;
SELECT wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_name IN ('header') AND ( 0 = 1 ) AND wp_posts.post_type = 'wp_template_part' AND ((wp_posts.post_status = 'publish')) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC LIMIT 0, 1;
SELECT wp_posts.* FROM wp_posts WHERE 1=1 AND wp_posts.post_name IN ('single-post-hello-world','single-post','single') AND ( 0 = 1 ) AND wp_posts.post_type = 'wp_template' AND ((wp_posts.post_status = 'publish')) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC;
SELECT wp_posts.ID FROM wp_posts LEFT JOIN wp_term_relationships ON (wp_posts.ID = wp_term_relationships.object_id) WHERE 1=1 AND ( wp_term_relationships.term_taxonomy_id IN (6) ) AND wp_posts.post_type = 'wp_global_styles' AND ((wp_posts.post_status = 'publish')) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC LIMIT 0, 1;
SELECT wp_posts.* FROM wp_posts WHERE 1=1 AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'publish')) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC;
SELECT wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_type = 'wp_navigation' AND ((wp_posts.post_status = 'publish')) ORDER BY wp_posts.post_date DESC LIMIT 0, 1;
SELECT wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.ID IN (17) AND wp_posts.post_type = 'nav_menu_item' AND ((wp_posts.post_status = 'publish')) ORDER BY wp_posts.post_date DESC LIMIT 0, 1;

-- ===== main queries: SQL_CALC_FOUND_ROWS + FOUND_ROWS() =====
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 5, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 2, 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_title ASC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish' OR wp_posts.post_status = 'future' OR wp_posts.post_status = 'draft' OR wp_posts.post_status = 'pending' OR wp_posts.post_status = 'private'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 20;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND (wp_posts.post_author = 2) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_author IN (1) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.ID IN (5,5,5,1) ORDER BY wp_posts.post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.ID IN (5,6) AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'publish')) ORDER BY FIELD(wp_posts.ID,6,5) LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.ID IN (1,4,5,6,19,21) AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'publish')) ORDER BY FIELD( wp_posts.ID, 19,4,21,1,6,5 ) LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.ID NOT IN (5,6) AND wp_posts.post_author IN (1,3) AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'publish')) ORDER BY wp_posts.post_date DESC LIMIT 1, 2;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_name IN ('post-2-about-databases') AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'publish')) ORDER BY wp_posts.post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_parent = 5 AND wp_posts.post_type = 'revision' AND ((wp_posts.post_status = 'inherit')) ORDER BY wp_posts.post_date DESC, wp_posts.ID DESC LIMIT 0, 1;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_type = 'attachment' AND ((wp_posts.post_status = 'inherit' OR wp_posts.post_status = 'private')) ORDER BY wp_posts.post_date DESC LIMIT 0, 20;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'draft')) ORDER BY wp_posts.post_modified DESC LIMIT 0, 20;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'publish')) ORDER BY wp_posts.ID ASC LIMIT 0, 2000;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'nothing')) ORDER BY wp_posts.ID ASC LIMIT 0, 10;
SELECT FOUND_ROWS();
-- FOUND_ROWS() after a plain SELECT ... LIMIT: rows sent
SELECT ID FROM wp_posts WHERE post_type = 'post' ORDER BY ID LIMIT 3;
SELECT FOUND_ROWS();
SELECT wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_author IN (1) AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'draft')) ORDER BY wp_posts.post_modified DESC LIMIT 0, 4;
SELECT wp_posts.ID FROM wp_posts WHERE 1=1 AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'future')) ORDER BY wp_posts.post_date ASC LIMIT 0, 5;
SELECT wp_posts.* FROM wp_posts WHERE 1=1 AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'publish')) ORDER BY wp_posts.ID ASC LIMIT 0, 2000;

-- date archives and date comparisons
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ( YEAR( wp_posts.post_date ) = 2023 ) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ( ( YEAR( wp_posts.post_date ) = 2023 AND MONTH( wp_posts.post_date ) = 3 ) ) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ( ( YEAR( wp_posts.post_date ) = 2023 AND MONTH( wp_posts.post_date ) = 3 AND DAYOFMONTH( wp_posts.post_date ) = 15 ) ) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ( ( MONTH( wp_posts.post_date ) = 3 AND DAYOFMONTH( wp_posts.post_date ) = 15 ) ) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND YEAR(wp_posts.post_date)=2023 AND MONTH(wp_posts.post_date)=03 AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND YEAR(wp_posts.post_date)=2023 AND MONTH(wp_posts.post_date)=03 AND DAYOFMONTH(wp_posts.post_date)=15 AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ( ( YEAR( wp_posts.post_date ) = 2023 AND WEEK( wp_posts.post_date, 1 ) = 11 ) ) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ( ( YEAR( wp_posts.post_date ) = 2023 AND DATE_FORMAT( wp_posts.post_date, '%H.%i' ) = 10.030000 ) ) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ( wp_posts.post_date < '2023-06-01 00:00:00' AND wp_posts.post_date > '2023-03-01 00:00:00' ) AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'publish')) ORDER BY wp_posts.post_date DESC LIMIT 0, 10;
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND ( wp_posts.post_modified > '2023-01-01 00:00:00' ) AND wp_posts.post_type = 'post' AND ((wp_posts.post_status = 'publish')) ORDER BY wp_posts.post_modified DESC LIMIT 0, 10;
SELECT YEAR(post_date) AS `year`, MONTH(post_date) AS `month`, count(ID) as posts FROM wp_posts WHERE post_type = 'post' AND post_status = 'publish' GROUP BY YEAR(post_date), MONTH(post_date) ORDER BY post_date DESC;
SELECT YEAR(post_date) AS `year`, count(ID) as posts FROM wp_posts WHERE post_type = 'post' AND post_status = 'publish' GROUP BY YEAR(post_date) ORDER BY post_date DESC;
SELECT DISTINCT YEAR( post_date ) AS year, MONTH( post_date ) AS month FROM wp_posts WHERE post_type = 'post' AND post_status != 'auto-draft' AND post_status != 'trash' ORDER BY post_date DESC;
SELECT DISTINCT YEAR( post_date ) AS year, MONTH( post_date ) AS month FROM wp_posts WHERE post_type = 'attachment' ORDER BY post_date DESC;
SELECT DISTINCT WEEK( `post_date`, 1 ) AS `week`, YEAR( `post_date` ) AS `yr`, DATE_FORMAT( `post_date`, '%Y-%m-%d' ) AS `yyyymmdd`, count( `ID` ) AS `posts` FROM `wp_posts` WHERE post_type = 'post' AND post_status = 'publish' GROUP BY WEEK( `post_date`, 1 ), YEAR( `post_date` ) ORDER BY `post_date` DESC;
SELECT DISTINCT DAYOFMONTH(post_date) FROM wp_posts WHERE post_date >= '2023-03-01 00:00:00' AND post_type = 'post' AND post_status = 'publish' AND post_date <= '2023-03-31 23:59:59';
SELECT MONTH(post_date) AS month, YEAR(post_date) AS year FROM wp_posts WHERE post_date < '2023-03-01' AND post_type = 'post' AND post_status = 'publish' ORDER BY post_date DESC LIMIT 1;
SELECT MONTH(post_date) AS month, YEAR(post_date) AS year FROM wp_posts WHERE post_date > '2023-03-31 23:59:59' AND post_type = 'post' AND post_status = 'publish' ORDER BY post_date ASC LIMIT 1;
SELECT p.ID FROM wp_posts AS p WHERE p.post_date < '2023-01-15 10:01:00' AND p.post_type = 'post' AND p.post_status = 'publish' ORDER BY p.post_date DESC LIMIT 1;
SELECT p.ID FROM wp_posts AS p WHERE p.post_date > '2023-01-15 10:01:00' AND p.post_type = 'post' AND p.post_status = 'publish' ORDER BY p.post_date ASC LIMIT 1;
SELECT post_date_gmt FROM wp_posts WHERE post_status = 'publish' AND post_type IN ('post', 'page', 'attachment') ORDER BY post_date_gmt DESC LIMIT 1;
SELECT post_modified_gmt FROM wp_posts WHERE post_status = 'publish' AND post_type IN ('post', 'page', 'attachment') ORDER BY post_modified_gmt DESC LIMIT 1;
SELECT ID FROM wp_posts WHERE post_status = 'auto-draft' AND DATE_SUB( NOW(), INTERVAL 7 DAY ) > post_date;
SELECT ID, post_date_gmt FROM wp_posts WHERE post_date_gmt = '0000-00-00 00:00:00' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_date_gmt < '1000-01-01' ORDER BY ID;
SELECT ID, post_date FROM wp_posts WHERE post_date = '2023-03-15 10:03' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_date = 20230315100300 ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_date BETWEEN '2023-03-15' AND '2023-03-15 23:59:59' ORDER BY ID;
SELECT ID FROM wp_posts WHERE DATE(post_date) = '2023-03-15' ORDER BY ID;
SELECT ID, DATE_FORMAT(post_date, '%Y-%m-%d %H:%i:%s'), DATE_FORMAT(post_date, '%a %b %e %y %l%p %W %M %j %D') FROM wp_posts WHERE ID IN (1,5,19) ORDER BY ID;
SELECT ID, WEEK(post_date, 1), WEEK(post_date), YEARWEEK(post_date, 1), DAYOFWEEK(post_date), WEEKDAY(post_date) FROM wp_posts WHERE ID IN (1,4,5,6,19,21) ORDER BY ID;
SELECT ID, YEAR(post_date_gmt), MONTH(post_date_gmt), DAYOFMONTH(post_date_gmt), DATE_FORMAT(post_date_gmt, '%Y-%m-%d') FROM wp_posts WHERE ID IN (7, 8) ORDER BY ID;
SELECT DATE_FORMAT((DATE_ADD('20230101', INTERVAL 30 DAY)), '%m');
SELECT DATE_FORMAT((DATE_ADD('20230101', INTERVAL 59 DAY)), '%m');

-- ===== search =====
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND (((wp_posts.post_title LIKE '%MariaDB%') OR (wp_posts.post_excerpt LIKE '%MariaDB%') OR (wp_posts.post_content LIKE '%MariaDB%'))) AND (wp_posts.post_password = '') AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_title LIKE '%MariaDB%' DESC, wp_posts.post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND (((wp_posts.post_title LIKE '%cafe%') OR (wp_posts.post_excerpt LIKE '%cafe%') OR (wp_posts.post_content LIKE '%cafe%'))) AND (wp_posts.post_password = '') AND wp_posts.post_type IN ('post', 'page') AND ((wp_posts.post_status = 'publish')) ORDER BY wp_posts.post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND (((wp_posts.post_title LIKE '%100\\%%') OR (wp_posts.post_excerpt LIKE '%100\\%%') OR (wp_posts.post_content LIKE '%100\\%%'))) AND (wp_posts.post_password = '') AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) ORDER BY wp_posts.post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT ID FROM wp_posts WHERE post_title LIKE '%off\\_today%' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_title LIKE '%off_today%' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_name LIKE 'my\\_post' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_content LIKE '%C:\\\\Users%' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_content LIKE '%C:\\\\\\\\Users%' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_content LIKE '%\'single\'%' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_content LIKE '%\"double\"%' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_content LIKE '%🐬%' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_title LIKE 'café%' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_title LIKE 'CAFE CREME%' ORDER BY ID;
SELECT ID FROM wp_posts WHERE post_title NOT LIKE '%database%' AND post_type = 'post' ORDER BY ID;
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts WHERE 1=1 AND (((wp_posts.post_title LIKE '%wire%') OR (wp_posts.post_excerpt LIKE '%wire%') OR (wp_posts.post_content LIKE '%wire%')) AND ((wp_posts.post_title LIKE '%protocol%') OR (wp_posts.post_excerpt LIKE '%protocol%') OR (wp_posts.post_content LIKE '%protocol%'))) AND (wp_posts.post_password = '') AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish')) OR (wp_posts.post_type = 'page' AND (wp_posts.post_status = 'publish')) OR (wp_posts.post_type = 'attachment' AND (wp_posts.post_status = 'publish'))) ORDER BY (CASE WHEN wp_posts.post_title LIKE '%wire protocol%' THEN 1 WHEN wp_posts.post_title LIKE '%wire%' AND wp_posts.post_title LIKE '%protocol%' THEN 2 WHEN wp_posts.post_title LIKE '%wire%' OR wp_posts.post_title LIKE '%protocol%' THEN 3 WHEN wp_posts.post_excerpt LIKE '%wire protocol%' THEN 4 WHEN wp_posts.post_content LIKE '%wire protocol%' THEN 5 ELSE 6 END), wp_posts.post_date DESC LIMIT 0, 10;
SELECT FOUND_ROWS();
SELECT ID, (CASE WHEN post_title LIKE '%databases%' THEN 1 WHEN post_content LIKE '%MariaDB%' THEN 2 ELSE 6 END) AS relevance FROM wp_posts WHERE post_type = 'post' AND post_status = 'publish' ORDER BY relevance, post_date DESC;

-- ===== terms =====
SELECT t.*, tt.* FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE t.term_id IN (1);
-- metadata
SELECT t.*, tt.* FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE t.term_id = 3;
SELECT t.*, tt.* FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE t.term_id IN (2,3,4,5);
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('wp_theme') AND t.name IN ('twentytwentythree') LIMIT 1;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE t.name IN ('research') ORDER BY t.term_id ASC LIMIT 1;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE t.slug IN ('research') ORDER BY t.term_id ASC LIMIT 1;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') AND t.name IN ('Research') AND tt.parent = '0' ORDER BY t.name ASC;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') AND t.name IN ('bases de donnees') ORDER BY t.name ASC;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('post_tag') AND t.name IN ('CAFÉ', 'cafe') ORDER BY t.name ASC;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') AND t.slug IN ('research') LIMIT 1;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') AND t.term_id IN ( 1 ) ORDER BY t.term_id ASC LIMIT 1;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') AND t.term_id IN ( 2 ) ORDER BY t.name ASC;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') AND tt.count > 0 ORDER BY tt.count DESC, t.term_id ASC LIMIT 10;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') ORDER BY t.name ASC;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') ORDER BY t.term_id ASC;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('post_format') AND tt.count > 0 ORDER BY t.name ASC;
SELECT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('post_tag') ORDER BY t.name ASC LIMIT 10;
SELECT t.term_id, t.name FROM wp_terms AS t ORDER BY t.name ASC;
SELECT t.term_id, t.slug, tt.term_taxonomy_id, tt.taxonomy FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON ( tt.term_id = t.term_id ) WHERE t.slug = 'research' AND tt.parent = 0 AND tt.taxonomy = 'category' AND t.term_id < 3 AND tt.term_taxonomy_id != 3;
SELECT COUNT(*) FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category');
SELECT COUNT(*) FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id WHERE tt.taxonomy IN ('category') AND tt.count > 0 LIMIT 2000;
SELECT DISTINCT COUNT(*) FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE tt.taxonomy IN ('category') AND tr.object_id IN (5);
SELECT DISTINCT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE tt.taxonomy IN ('category') AND tr.object_id IN (4);
SELECT DISTINCT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE tt.taxonomy IN ('category') AND tr.object_id IN (5) ORDER BY t.name ASC;
SELECT DISTINCT t.term_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE tt.taxonomy IN ('post_tag') AND tr.object_id IN (4,5,6) ORDER BY t.name ASC LIMIT 10;
SELECT DISTINCT t.term_id, tr.object_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE tt.taxonomy IN ('category', 'post_tag', 'post_format') AND tr.object_id IN (1,4,5,6,19,21) ORDER BY t.name ASC, tr.object_id ASC;
-- sorted
SELECT DISTINCT t.term_id, tr.object_id FROM wp_terms AS t INNER JOIN wp_term_taxonomy AS tt ON t.term_id = tt.term_id INNER JOIN wp_term_relationships AS tr ON tr.term_taxonomy_id = tt.term_taxonomy_id WHERE tt.taxonomy IN ('category', 'post_tag', 'post_format') AND tr.object_id IN (1,4,5,6,19,21) ORDER BY t.name ASC;
SELECT term_id, taxonomy FROM wp_term_taxonomy WHERE term_taxonomy_id IN (1);
SELECT tt.term_id FROM wp_term_taxonomy AS tt WHERE tt.taxonomy = 'category' AND tt.term_taxonomy_id IN ('1');
SELECT tt.term_id FROM wp_term_taxonomy AS tt WHERE tt.taxonomy = 'category' AND tt.term_taxonomy_id IN ('1', '2', '3') ORDER BY tt.term_id;
SELECT tt.term_taxonomy_id FROM wp_term_taxonomy AS tt INNER JOIN wp_terms AS t ON tt.term_id = t.term_id WHERE tt.taxonomy = 'category' AND t.term_id = 2;
SELECT term_taxonomy_id FROM wp_term_relationships WHERE object_id = 5 AND term_taxonomy_id = 2;
SELECT term_id, meta_key, meta_value FROM wp_termmeta WHERE term_id IN (1,3) ORDER BY meta_id ASC;
SELECT meta_key, meta_value, meta_id, term_id FROM wp_termmeta WHERE term_id = 3 ORDER BY meta_key,meta_id;
SELECT COUNT(*) FROM wp_term_relationships, wp_posts WHERE wp_posts.ID = wp_term_relationships.object_id AND post_status IN ('publish') AND post_type IN ('post') AND term_taxonomy_id = 1;
SELECT COUNT(*) FROM wp_term_relationships, wp_posts WHERE wp_posts.ID = wp_term_relationships.object_id AND post_status IN ('publish') AND post_type IN ('post') AND term_taxonomy_id = 2;
SELECT tt.term_taxonomy_id, COUNT(p.ID) AS n FROM wp_term_taxonomy tt, wp_term_relationships tr, wp_posts p WHERE tt.term_taxonomy_id = tr.term_taxonomy_id AND tr.object_id = p.ID AND p.post_status = 'publish' GROUP BY tt.term_taxonomy_id ORDER BY tt.term_taxonomy_id;
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts LEFT JOIN wp_term_relationships ON (wp_posts.ID = wp_term_relationships.object_id) WHERE 1=1 AND ( wp_term_relationships.term_taxonomy_id IN (2,3) ) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts LEFT JOIN wp_term_relationships ON (wp_posts.ID = wp_term_relationships.object_id) LEFT JOIN wp_term_relationships AS tt1 ON (wp_posts.ID = tt1.object_id) WHERE 1=1 AND ( wp_term_relationships.term_taxonomy_id IN (2) AND tt1.term_taxonomy_id IN (4) ) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_posts.ID FROM wp_posts LEFT JOIN wp_term_relationships ON (wp_posts.ID = wp_term_relationships.object_id) WHERE 1=1 AND YEAR(wp_posts.post_date)=2023 AND MONTH(wp_posts.post_date)=03 AND ( wp_term_relationships.term_taxonomy_id IN (2) ) AND ((wp_posts.post_type = 'post' AND (wp_posts.post_status = 'publish'))) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC LIMIT 0, 5;
SELECT FOUND_ROWS();
SELECT p.ID, tr.term_taxonomy_id FROM wp_posts p LEFT JOIN wp_term_relationships tr ON (p.ID = tr.object_id) WHERE p.post_type = 'page' ORDER BY p.ID, tr.term_taxonomy_id;
SELECT p.ID FROM wp_posts p LEFT JOIN wp_term_relationships tr ON (p.ID = tr.object_id) WHERE tr.object_id IS NULL AND p.post_type = 'post' ORDER BY p.ID;

-- ===== postmeta =====
SELECT post_id, meta_key, meta_value FROM wp_postmeta WHERE post_id IN (5) ORDER BY meta_id ASC;
SELECT post_id, meta_key, meta_value FROM wp_postmeta WHERE post_id IN (4,5,6,12,19) ORDER BY meta_id ASC;
SELECT meta_key, meta_value, meta_id, post_id FROM wp_postmeta WHERE post_id = 5 ORDER BY meta_key,meta_id;
SELECT meta_id FROM wp_postmeta WHERE meta_key = '_pingme' AND post_id = 5;
SELECT COUNT(*) FROM wp_postmeta WHERE meta_key = '_pingme' AND post_id = 5;
SELECT meta_id FROM wp_postmeta WHERE post_id = 12;
SELECT post_id FROM wp_postmeta WHERE meta_key = '_wp_trash_meta_time' AND meta_value < 1793419701;
SELECT post_id FROM wp_postmeta WHERE meta_key = '_wp_trash_meta_time' AND meta_value < 1793418000;
SELECT wp_posts.* FROM wp_posts INNER JOIN wp_postmeta ON ( wp_posts.ID = wp_postmeta.post_id ) WHERE 1=1 AND ( ( wp_postmeta.meta_key = '_menu_item_object_id' AND wp_postmeta.meta_value = '16' ) ) AND wp_posts.post_type = 'nav_menu_item' AND ((wp_posts.post_status <> 'trash' AND wp_posts.post_status <> 'auto-draft')) GROUP BY wp_posts.ID ORDER BY wp_posts.menu_order ASC;
SELECT wp_posts.ID FROM wp_posts INNER JOIN wp_postmeta ON ( wp_posts.ID = wp_postmeta.post_id ) WHERE 1=1 AND ( wp_postmeta.meta_key = '_pingme' ) AND wp_posts.post_type IN ('post', 'page', 'attachment', 'revision', 'nav_menu_item') AND ((wp_posts.post_status <> 'trash' AND wp_posts.post_status <> 'auto-draft')) GROUP BY wp_posts.ID ORDER BY wp_posts.post_date DESC LIMIT 0, 10;
-- meta_query casts (plugins/themes)
SELECT p.ID, m.meta_value FROM wp_posts p INNER JOIN wp_postmeta m ON (p.ID = m.post_id) WHERE m.meta_key = 'price' ORDER BY CAST(m.meta_value AS DECIMAL(10,2)) DESC;
SELECT p.ID, m.meta_value FROM wp_posts p INNER JOIN wp_postmeta m ON (p.ID = m.post_id) WHERE m.meta_key = 'price' ORDER BY m.meta_value+0 ASC;
SELECT p.ID FROM wp_posts p INNER JOIN wp_postmeta m ON (p.ID = m.post_id) WHERE m.meta_key = 'price' AND CAST(m.meta_value AS SIGNED) > 9 ORDER BY p.ID;
SELECT p.ID FROM wp_posts p INNER JOIN wp_postmeta m ON (p.ID = m.post_id) WHERE m.meta_key = 'price' ORDER BY m.meta_value ASC;
SELECT p.ID FROM wp_posts p WHERE NOT EXISTS (SELECT * FROM wp_postmeta m WHERE m.post_id = p.ID AND m.meta_key = '_thumbnail_id') AND p.post_type = 'post' AND p.post_status = 'publish' ORDER BY p.ID;
SELECT meta_key FROM wp_postmeta WHERE meta_key NOT BETWEEN '_' AND '_z' GROUP BY meta_key HAVING meta_key NOT LIKE '\\_%' ORDER BY meta_key LIMIT 30;
SELECT DISTINCT meta_key FROM wp_postmeta WHERE meta_key LIKE '\\_wp\\_%' ORDER BY meta_key;

-- ===== comments =====
SELECT wp_comments.* FROM wp_comments WHERE comment_ID IN (1);
-- metadata
SELECT wp_comments.* FROM wp_comments WHERE comment_ID IN (3);
SELECT * FROM wp_comments WHERE comment_ID = 2 LIMIT 1;
SELECT comment_id, meta_key, meta_value FROM wp_commentmeta WHERE comment_id IN (2,6) ORDER BY meta_id ASC;
SELECT comment_id FROM wp_commentmeta WHERE meta_key = '_wp_trash_meta_time' AND meta_value < 1793419701;
SELECT SQL_CALC_FOUND_ROWS wp_comments.comment_ID FROM wp_comments WHERE ( comment_approved = '1' ) AND comment_post_ID = 5 AND comment_parent = 0 ORDER BY wp_comments.comment_date_gmt ASC, wp_comments.comment_ID ASC;
SELECT FOUND_ROWS();
SELECT wp_comments.comment_ID FROM wp_comments WHERE ( comment_approved = '1' ) AND comment_post_ID = 5 AND comment_parent IN ( 2 ) ORDER BY wp_comments.comment_date_gmt ASC, wp_comments.comment_ID ASC;
SELECT SQL_CALC_FOUND_ROWS wp_comments.comment_ID FROM wp_comments WHERE ( comment_approved = '0' ) AND comment_type IN ('', 'comment') ORDER BY wp_comments.comment_date_gmt DESC, wp_comments.comment_ID DESC LIMIT 0,10;
SELECT FOUND_ROWS();
SELECT SQL_CALC_FOUND_ROWS wp_comments.comment_ID FROM wp_comments WHERE ( comment_approved = '1' ) AND comment_post_ID IN ( 5 ) AND comment_type IN ('', 'comment') ORDER BY wp_comments.comment_date_gmt DESC, wp_comments.comment_ID DESC LIMIT 0,10;
SELECT FOUND_ROWS();
SELECT wp_comments.comment_ID FROM wp_comments WHERE ( ( comment_approved = '0' OR comment_approved = '1' ) ) ORDER BY wp_comments.comment_date_gmt DESC LIMIT 0,25;
SELECT wp_comments.comment_ID FROM wp_comments WHERE ( ( comment_approved = '0' OR comment_approved = '1' ) ) AND comment_type IN ('', 'comment') ORDER BY wp_comments.comment_date_gmt DESC LIMIT 0,1;
SELECT COUNT(*) FROM wp_comments WHERE ( ( comment_approved = '0' OR comment_approved = '1' ) ) ORDER BY wp_comments.comment_date_gmt DESC;
SELECT COUNT(*) FROM wp_comments WHERE ( ( comment_approved = '0' OR comment_approved = '1' ) ) AND user_id = 1 ORDER BY wp_comments.comment_date_gmt DESC;
SELECT COUNT(*) FROM wp_comments WHERE ( ( comment_approved = '0' OR comment_approved = '1' ) ) AND comment_parent = 2 ORDER BY wp_comments.comment_date_gmt DESC LIMIT 0,1;
SELECT COUNT(*) FROM wp_comments WHERE ( comment_approved = '1' ) AND comment_post_ID = 5 ORDER BY wp_comments.comment_date_gmt DESC;
SELECT COUNT(*) FROM wp_comments WHERE comment_approved = '0';
SELECT COUNT(*) FROM wp_comments WHERE comment_post_ID = 5 AND comment_approved = '1';
SELECT comment_approved, COUNT( * ) AS total FROM wp_comments GROUP BY comment_approved ORDER BY comment_approved;
SELECT comment_post_ID, COUNT(comment_ID) as num_comments FROM wp_comments WHERE comment_post_ID IN ( '21', '19', '6', '5', '4', '1' ) AND comment_approved = '0' GROUP BY comment_post_ID;
SELECT comment_post_ID, COUNT(comment_ID) as num_comments FROM wp_comments WHERE comment_post_ID IN ( '21', '19', '6', '5', '4', '1' ) AND comment_approved = '1' GROUP BY comment_post_ID ORDER BY comment_post_ID;
SELECT comment_ID FROM wp_comments WHERE comment_post_ID = 5 ORDER BY comment_ID DESC;
SELECT comment_ID, comment_approved FROM wp_comments WHERE comment_post_ID = 5;
SELECT comment_ID FROM wp_comments WHERE comment_post_ID = 5 AND comment_parent = '0' AND comment_approved != 'trash' AND ( comment_author = 'Visitor' AND comment_author_email = 'visitor@example.com' ) AND comment_content = 'Nice post about MariaDB!' LIMIT 1;
SELECT comment_approved FROM wp_comments WHERE comment_author = 'Visitor' AND comment_author_email = 'visitor@example.com' and comment_approved = '1' LIMIT 1;
SELECT comment_date_gmt FROM wp_comments WHERE comment_approved = '1' ORDER BY comment_date_gmt DESC LIMIT 1;
SELECT comment_ID FROM wp_comments WHERE comment_type = '' LIMIT 1;
SELECT comment_ID FROM wp_comments WHERE comment_type = '' ORDER BY comment_ID DESC LIMIT 100;
SELECT `comment_date_gmt` FROM `wp_comments` WHERE `comment_date_gmt` >= '2023-03-16 07:08:29' AND ( `comment_author_IP` = '127.0.0.1' OR `comment_author_email` = 'visitor@example.com' ) ORDER BY `comment_date_gmt` DESC LIMIT 1;
SELECT wp_comments.comment_ID FROM wp_comments JOIN wp_posts ON ( wp_comments.comment_post_ID = wp_posts.ID ) WHERE ( post_status = 'publish' OR ( post_status = 'inherit' AND post_type = 'attachment' ) ) AND comment_approved = '1' ORDER BY comment_date_gmt DESC LIMIT 10;
SELECT wp_comments.comment_ID FROM wp_comments JOIN wp_posts ON wp_posts.ID = wp_comments.comment_post_ID WHERE ( comment_approved = '1' ) AND wp_posts.post_status IN ('publish') ORDER BY wp_comments.comment_date_gmt DESC LIMIT 0,5;
SELECT c.comment_author, p.post_title FROM wp_comments c LEFT JOIN wp_posts p ON p.ID = c.comment_post_ID ORDER BY c.comment_ID;

-- ===== admin counts =====
SELECT post_status, COUNT( * ) AS num_posts FROM wp_posts WHERE post_type = 'post' GROUP BY post_status;
SELECT post_status, COUNT( * ) AS num_posts FROM wp_posts WHERE post_type = 'page' GROUP BY post_status ORDER BY post_status;
SELECT post_type, COUNT(*) AS n, MIN(post_date), MAX(post_date) FROM wp_posts GROUP BY post_type ORDER BY post_type;
SELECT COUNT( 1 ) FROM wp_posts WHERE post_type = 'post' AND post_status NOT IN ( 'trash','auto-draft','inherit','request-pending','request-confirmed','request-failed','request-completed' ) AND post_author = 1;
SELECT COUNT( 1 ) FROM wp_posts WHERE post_type = 'post' AND post_status NOT IN ('trash', 'auto-draft') AND ID IN (6);
SELECT COUNT(*) FROM wp_posts WHERE ( ( post_type = 'post' AND ( post_status = 'publish' ) ) OR ( post_type = 'page' AND ( post_status = 'publish' ) ) OR ( post_type = 'attachment' AND ( post_status = 'publish' ) ) OR ( post_type = 'nav_menu_item' AND ( post_status = 'publish' ) ) );
SELECT DISTINCT post_mime_type FROM wp_posts WHERE post_type = 'attachment';
SELECT DISTINCT post_status FROM wp_posts ORDER BY post_status;
SELECT DISTINCT post_author FROM wp_posts WHERE post_type = 'post';
SELECT post_author, post_type, COUNT(*) FROM wp_posts WHERE post_status = 'publish' GROUP BY post_author, post_type ORDER BY post_author, post_type;
SELECT post_author, COUNT(*) AS c FROM wp_posts GROUP BY post_author HAVING c > 3 ORDER BY post_author;
SELECT post_type, SUM(comment_count), AVG(menu_order) FROM wp_posts GROUP BY post_type ORDER BY post_type;
SELECT post_type, GROUP_CONCAT(ID ORDER BY ID SEPARATOR ',') FROM wp_posts GROUP BY post_type ORDER BY post_type;
SELECT ID, post_title FROM wp_posts WHERE post_type = 'post' ORDER BY post_status ASC, post_date DESC LIMIT 2, 4;
SELECT ID, post_title FROM wp_posts ORDER BY post_type DESC, menu_order ASC, ID DESC LIMIT 5 OFFSET 3;
SELECT wp_posts.ID, wp_users.display_name FROM wp_posts, wp_users WHERE wp_posts.post_author = wp_users.ID AND wp_posts.post_type = 'post' AND wp_posts.post_status = 'publish' ORDER BY wp_users.display_name, wp_posts.ID;
SELECT ID, post_title FROM wp_posts WHERE post_type = 'post' AND ID NOT IN (SELECT object_id FROM wp_term_relationships WHERE term_taxonomy_id = 1) ORDER BY ID;
SELECT u.ID, (SELECT COUNT(*) FROM wp_posts p WHERE p.post_author = u.ID AND p.post_type = 'post') AS posts FROM wp_users u ORDER BY u.ID;
SELECT TABLE_NAME AS 'table' FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_wp_data' ORDER BY TABLE_NAME;

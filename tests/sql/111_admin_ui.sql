-- Statements phpMyAdmin and Adminer send that pressdb once refused or answered
-- differently (tests/admin_ui/run.py drives both applications).

-- phpMyAdmin's first statement after connecting: SET lc_messages to its language's
-- locale. A known locale is kept in MariaDB's spelling; an unknown one is error 1649.
SELECT @@lc_messages, @@global.lc_messages, @@session.lc_messages;
SET lc_messages = 'en_US';
SELECT @@lc_messages;
SET lc_messages = 'EN_us';
SELECT @@lc_messages;
SET lc_messages = 'xx_YY';
SET lc_messages = NULL;
SET SESSION lc_messages = 'en_GB';
SELECT @@lc_messages;
SET lc_messages = DEFAULT;
SELECT @@lc_messages;
SET lc_time_names = 'de_de';
SELECT @@lc_time_names;
SET lc_time_names = 'nowhere';
SELECT @@lc_time_names;
SET lc_time_names = 'en_US';

-- SHOW CREATE DATABASE names the collation even when it is the character set's
-- default, and answers for information_schema (Adminer's database list asks it).
SHOW CREATE DATABASE t_admin_ui;
CREATE DATABASE adm_latin1 CHARACTER SET latin1;
SHOW CREATE DATABASE adm_latin1;
CREATE DATABASE adm_unicode COLLATE utf8mb4_unicode_ci;
SHOW CREATE DATABASE adm_unicode;
SHOW CREATE DATABASE IF NOT EXISTS adm_unicode;
DROP DATABASE adm_latin1;
DROP DATABASE adm_unicode;
SHOW CREATE DATABASE information_schema;
SHOW CREATE DATABASE INFORMATION_SCHEMA;
SHOW CREATE DATABASE no_such_db;

-- phpMyAdmin's status and SQL pages: no binary log (1381), profiling is available
SHOW BINARY LOGS;
SHOW MASTER LOGS;
SELECT @@have_profiling, @@global.have_profiling;
SET GLOBAL have_profiling = 'NO';
SET have_profiling = 'NO';

-- information_schema's privilege tables (phpMyAdmin asks them whether to show the
-- Events and Triggers tabs and whether the user may grant): a row per privilege in
-- MariaDB's order, GRANT OPTION as IS_GRANTABLE, USAGE for a level without privileges
CREATE USER adm_u1@localhost IDENTIFIED BY 'x';
GRANT SELECT, INSERT, EVENT ON *.* TO adm_u1@localhost;
CREATE TABLE pt (a INT);
GRANT ALL ON t_admin_ui.* TO adm_u1@localhost WITH GRANT OPTION;
GRANT UPDATE, SELECT ON t_admin_ui.pt TO adm_u1@localhost;
CREATE USER adm_u2@'%';
GRANT USAGE ON *.* TO adm_u2@'%' WITH GRANT OPTION;
CREATE USER adm_u3@'10.0.%';
SELECT * FROM information_schema.USER_PRIVILEGES WHERE GRANTEE LIKE '''adm_u%';
SELECT * FROM information_schema.SCHEMA_PRIVILEGES WHERE GRANTEE LIKE '''adm_u%';
SELECT * FROM information_schema.TABLE_PRIVILEGES WHERE GRANTEE LIKE '''adm_u%';
SELECT * FROM information_schema.COLUMN_PRIVILEGES WHERE GRANTEE LIKE '''adm_u%';
SELECT * FROM information_schema.USER_PRIVILEGES WHERE GRANTEE = '''root''@''localhost''' AND PRIVILEGE_TYPE = 'EVENT';
SELECT * FROM information_schema.TABLE_PRIVILEGES WHERE GRANTEE LIKE '''adm_u%';
SELECT * FROM information_schema.COLUMN_PRIVILEGES WHERE GRANTEE LIKE '''adm_u%';
SELECT 1 FROM (SELECT GRANTEE, IS_GRANTABLE FROM information_schema.COLUMN_PRIVILEGES
  UNION SELECT GRANTEE, IS_GRANTABLE FROM information_schema.TABLE_PRIVILEGES
  UNION SELECT GRANTEE, IS_GRANTABLE FROM information_schema.SCHEMA_PRIVILEGES
  UNION SELECT GRANTEE, IS_GRANTABLE FROM information_schema.USER_PRIVILEGES) t
  WHERE IS_GRANTABLE = 'YES' AND '''adm_u1''@''localhost''' LIKE GRANTEE LIMIT 1;
REVOKE ALL PRIVILEGES, GRANT OPTION FROM adm_u1@localhost;
SELECT * FROM information_schema.USER_PRIVILEGES WHERE GRANTEE LIKE '''adm_u1%';
SELECT * FROM information_schema.SCHEMA_PRIVILEGES WHERE GRANTEE LIKE '''adm_u1%';
DROP USER adm_u1@localhost, adm_u2@'%', adm_u3@'10.0.%';

-- phpMyAdmin's operations page asks innodb_file_per_table (a global variable)
SHOW GLOBAL VARIABLES LIKE 'innodb_file_per_table';
SELECT @@innodb_file_per_table, @@global.innodb_file_per_table;
SET innodb_file_per_table = 0;

-- the Charsets page: each character set's description, each collation's sort length
-- (8 for the UCA ones, 1 for the others), for the character sets pressdb has
SELECT * FROM information_schema.CHARACTER_SETS
  WHERE CHARACTER_SET_NAME IN ('latin1', 'ascii', 'utf8mb3', 'utf8mb4', 'binary') ORDER BY 1;
SHOW CHARACTER SET WHERE Charset IN ('latin1', 'ascii', 'utf8mb3', 'utf8mb4', 'binary');
SELECT * FROM information_schema.COLLATIONS WHERE COLLATION_NAME IN ('latin1_swedish_ci',
  'latin1_bin', 'latin1_general_ci', 'ascii_general_ci', 'ascii_bin', 'utf8mb3_general_ci',
  'utf8mb3_bin', 'utf8mb3_unicode_ci', 'utf8mb3_unicode_520_ci', 'utf8mb4_general_ci',
  'utf8mb4_bin', 'utf8mb4_unicode_ci', 'utf8mb4_unicode_520_ci', 'binary') ORDER BY ID;
-- sorted
SHOW COLLATION WHERE Collation IN ('latin1_swedish_ci', 'latin1_bin', 'utf8mb4_general_ci',
  'utf8mb4_unicode_ci', 'utf8mb4_unicode_520_ci', 'utf8mb3_unicode_ci', 'binary');

-- phpMyAdmin's user accounts page lists the mysql schema's tables to build its query:
-- SHOW TABLES FROM mysql and USE mysql (pressdb has the grant tables there, no others)
SHOW TABLES FROM mysql LIKE '%priv%';
SHOW FULL TABLES FROM mysql WHERE Tables_in_mysql IN ('user', 'db', 'roles_mapping');
CREATE USER adm_u4@localhost;
USE mysql;
SELECT DATABASE();
SHOW TABLES LIKE 'db';
SELECT User, Host FROM user WHERE User = 'adm_u4';
(SELECT DISTINCT User, Host FROM user WHERE User LIKE 'adm%') UNION (SELECT DISTINCT User, Host FROM db WHERE User LIKE 'adm%') ORDER BY User, Host;
USE t_admin_ui;
DROP USER adm_u4@localhost;
USE Mysql;
SHOW TABLES FROM MYSQL;

-- phpMyAdmin's engines page asks @@innodb_version: MariaDB 10.11 has no such variable
USE t_admin_ui;
SELECT @@innodb_version;
SHOW GLOBAL VARIABLES LIKE 'innodb_version';

-- phpMyAdmin's events page shows the event scheduler's state
SHOW GLOBAL VARIABLES LIKE 'event_scheduler';
SELECT @@event_scheduler, @@global.event_scheduler;
SET event_scheduler = OFF;
SET GLOBAL event_scheduler = 'sometimes';
SET GLOBAL event_scheduler = on;
SELECT @@global.event_scheduler;
SET GLOBAL event_scheduler = 0;
SELECT @@global.event_scheduler;

-- phpMyAdmin's plugins page reads information_schema.PLUGINS (pressdb's engines and
-- authentication plugin, as MariaDB describes them)
SELECT * FROM information_schema.PLUGINS
  WHERE PLUGIN_NAME IN ('mysql_native_password', 'MEMORY', 'Aria', 'MyISAM', 'InnoDB')
  ORDER BY PLUGIN_TYPE, PLUGIN_NAME;
SELECT PLUGIN_NAME, PLUGIN_STATUS FROM information_schema.PLUGINS
  WHERE PLUGIN_TYPE = 'STORAGE ENGINE' AND PLUGIN_NAME IN ('MEMORY', 'Aria', 'MyISAM', 'InnoDB');

-- a global-only variable read with SESSION or LOCAL scope is error 1238
SELECT @@session.innodb_file_per_table;
SELECT @@local.max_connections;
SELECT @@SESSION.VERSION;
SELECT @@session.slow_query_log;
SELECT @@global.max_connections > 0, @@max_connections > 0;
SHOW SESSION VARIABLES LIKE 'max_connections';

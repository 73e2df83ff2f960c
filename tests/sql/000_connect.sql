-- What client libraries and applications (WordPress, PHP mysqli/PDO, the
-- mariadb CLI) send right after connecting.

SELECT 1;

-- the version string differs by design: only check that it works
-- skip-result
SELECT VERSION();

SET NAMES utf8mb4;
SET NAMES 'utf8mb4' COLLATE 'utf8mb4_unicode_520_ci';
SELECT @@SESSION.sql_mode;
SET SESSION sql_mode='ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';
SELECT @@SESSION.sql_mode;
SELECT DATABASE();
SELECT @@autocommit;
SET autocommit=0;
SELECT @@autocommit;
SET autocommit=1;
SELECT @@autocommit;
SHOW VARIABLES LIKE 'max_allowed_packet';
SELECT @@max_allowed_packet;
SELECT 1+1, 'a', NULL;

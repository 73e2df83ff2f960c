-- Identifiers hold up to 64 characters, whatever their bytes (MariaDB's NAME_CHAR_LEN):
-- names of 64 two- and three-byte characters work where a name goes, and one character
-- more gives MariaDB's error (1059; 1102 for a database, 1103 for a table), its name cut as
-- MariaDB's messages cut it. (A database of 40: MariaDB's directory name for one of 64
-- passes the file system's 255 bytes.)
SET NAMES utf8mb4;
CREATE TABLE `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` (`éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` INT, `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日` VARCHAR(10), KEY `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日` (`日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日`));
INSERT INTO `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` VALUES (1, 'a'), (2, 'b');
SELECT `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé`, `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日` FROM `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` WHERE `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日` = 'b';
SHOW CREATE TABLE `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé`;
SELECT COLUMN_NAME, CHAR_LENGTH(COLUMN_NAME), LENGTH(COLUMN_NAME) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé' ORDER BY ORDINAL_POSITION;
SHOW INDEX FROM `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé`;
ALTER TABLE `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` ADD COLUMN `ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` INT;
ALTER TABLE `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` ADD KEY `ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` (`éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé`);
ALTER TABLE `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` ADD CONSTRAINT `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日x` CHECK (`éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` > 0);
ALTER TABLE `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` ADD CONSTRAINT `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日` CHECK (`éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` > 0);
SELECT * FROM `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé`;
DROP TABLE `éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé`;
CREATE TABLE `ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé` (a INT);
CREATE TABLE t_ident (`xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` INT);
CREATE TABLE t_ident (a INT, KEY `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` (a));
CREATE TABLE t_ident (`xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` INT, KEY `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` (`xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`));
SELECT `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` FROM t_ident;
DROP TABLE t_ident;
CREATE DATABASE `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`;
CREATE DATABASE `ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé`;
CREATE DATABASE `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日`;
SHOW DATABASES LIKE '日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日';
DROP DATABASE `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日`;
CREATE TABLE `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日` (a INT);
CREATE PROCEDURE `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日`() SELECT 1;
CALL `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日`();
DROP PROCEDURE `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日`;
CREATE PROCEDURE `日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日x`() SELECT 1;
-- a name that is not utf8mb3 (a 4-byte character, bytes of none) is 1300; a string is not a name
CREATE TABLE `t😀` (a INT);
CREATE TABLE t4b (`c😀` INT);
SELECT 1 AS `a😀`;
SELECT 1 AS `é😀z`;
SELECT 1 AS `😀😀`;
SELECT x😀;
SELECT 1😀;
SELECT 1 FROM dual AS t😀;
SELECT @`v😀`;
SELECT @v😀;
SELECT @'v😀';
SELECT 1 AS 'a😀';
SELECT '😀' AS s;
SELECT 1 AS `a😀b`, 2 AS `c😀`;
CREATE DATABASE `d😀`;
SELECT 1 AS `é`;
-- messages and result column names are utf8mb3: a 4-byte character shows as '?'
SELECT '😀';
SELECT 'é😀', '😀x' AS b;
CREATE TABLE u4 (s VARCHAR(10) PRIMARY KEY) CHARSET utf8mb4;
INSERT INTO u4 VALUES ('😀');
INSERT INTO u4 VALUES ('😀');
SELECT 1 FROM u4 WHERE AND s = '😀';
DROP TABLE u4;

-- Statements that commit the open transaction before they run (MariaDB's implicit
-- commit), though they change no table: table maintenance, FLUSH, LOCK TABLES and
-- account management; a ROLLBACK after them undoes nothing. Statements that do not
-- commit (CREATE TEMPORARY TABLE, SHOW, UNLOCK TABLES without a lock) for contrast.
CREATE TABLE ic (a INT) ENGINE=InnoDB;
SET autocommit = 0;
INSERT INTO ic VALUES (1);
ANALYZE TABLE ic;
ROLLBACK;
SELECT COUNT(*) FROM ic;
INSERT INTO ic VALUES (2);
CHECK TABLE ic;
ROLLBACK;
INSERT INTO ic VALUES (3);
OPTIMIZE TABLE ic;
ROLLBACK;
INSERT INTO ic VALUES (4);
REPAIR TABLE ic;
ROLLBACK;
SELECT a FROM ic ORDER BY a;
INSERT INTO ic VALUES (5);
FLUSH TABLES;
ROLLBACK;
INSERT INTO ic VALUES (6);
FLUSH STATUS;
ROLLBACK;
INSERT INTO ic VALUES (7);
LOCK TABLES ic WRITE;
UNLOCK TABLES;
ROLLBACK;
SELECT a FROM ic ORDER BY a;
INSERT INTO ic VALUES (8);
CREATE USER 'ic_user'@'localhost';
ROLLBACK;
INSERT INTO ic VALUES (9);
GRANT SELECT ON *.* TO 'ic_user'@'localhost';
ROLLBACK;
INSERT INTO ic VALUES (10);
REVOKE SELECT ON *.* FROM 'ic_user'@'localhost';
ROLLBACK;
INSERT INTO ic VALUES (11);
SET PASSWORD FOR 'ic_user'@'localhost' = PASSWORD('pw');
ROLLBACK;
INSERT INTO ic VALUES (12);
ALTER USER 'ic_user'@'localhost' IDENTIFIED BY 'pw2';
ROLLBACK;
-- a failed account statement has committed too
INSERT INTO ic VALUES (13);
RENAME USER 'ic_user'@'localhost' TO 'ic_user'@'localhost';
ROLLBACK;
INSERT INTO ic VALUES (14);
RENAME USER 'ic_user'@'localhost' TO 'ic_user2'@'localhost';
ROLLBACK;
INSERT INTO ic VALUES (15);
DROP USER 'ic_user2'@'localhost';
ROLLBACK;
INSERT INTO ic VALUES (16);
DROP USER IF EXISTS 'ic_nobody'@'localhost';
ROLLBACK;
SELECT a FROM ic ORDER BY a;
-- these do not commit
INSERT INTO ic VALUES (20);
CREATE TEMPORARY TABLE ic_tmp (b INT);
SHOW TABLES LIKE 'ic%';
UNLOCK TABLES;
SELECT COUNT(*) FROM ic;
ROLLBACK;
SELECT a FROM ic ORDER BY a;
DROP TEMPORARY TABLE ic_tmp;
-- inside BEGIN ... with autocommit on
SET autocommit = 1;
BEGIN;
INSERT INTO ic VALUES (30);
ANALYZE TABLE ic;
ROLLBACK;
BEGIN;
INSERT INTO ic VALUES (31);
SELECT COUNT(*) FROM ic;
ROLLBACK;
SELECT a FROM ic ORDER BY a;
DROP TABLE ic;
-- what each engine answers to table maintenance (MyISAM and Aria are left out: they say
-- 'Table is already up to date' when nothing changed since the last one, which pressdb
-- does not track)
CREATE TABLE icm_i (a INT) ENGINE=InnoDB;
CREATE TABLE icm_h (a INT) ENGINE=MEMORY;
CREATE TABLE icm_c (a INT NOT NULL) ENGINE=CSV;
ANALYZE TABLE icm_i, icm_h, icm_c;
CHECK TABLE icm_i, icm_h, icm_c;
OPTIMIZE TABLE icm_i, icm_h, icm_c, icm_nope;
REPAIR TABLE icm_i, icm_h, icm_c;
DROP TABLE icm_i, icm_h, icm_c;
-- key caches: only MyISAM has them; neither statement commits; RESET QUERY CACHE does
CREATE TABLE icm_i (a INT, KEY ka (a)) ENGINE=InnoDB;
CREATE TABLE icm_m (a INT, KEY ka (a)) ENGINE=MyISAM;
CREATE TABLE icm_h (a INT) ENGINE=MEMORY;
CACHE INDEX icm_i IN default;
CACHE INDEX icm_i, icm_m KEY (ka), icm_h IN DEFAULT;
CACHE INDEX icm_nope IN default;
CACHE INDEX icm_i IN hot_cache;
LOAD INDEX INTO CACHE icm_i;
LOAD INDEX INTO CACHE icm_m INDEX (ka) IGNORE LEAVES, icm_h;
LOAD INDEX INTO CACHE icm_nope;
SET autocommit = 0;
INSERT INTO icm_i VALUES (1);
CACHE INDEX icm_i IN default;
ROLLBACK;
INSERT INTO icm_i VALUES (2);
LOAD INDEX INTO CACHE icm_i;
ROLLBACK;
INSERT INTO icm_i VALUES (3);
RESET QUERY CACHE;
ROLLBACK;
SELECT a FROM icm_i ORDER BY a;
SET autocommit = 1;
DROP TABLE icm_i, icm_m, icm_h;
-- a table ALTER or OPTIMIZE copies in a session with autocommit=0: the copied rows are
-- committed, and the next transaction sees them
SET autocommit = 0;
CREATE TABLE ic2 (a INT);
INSERT INTO ic2 VALUES (1), (2), (3);
ALTER TABLE ic2 ADD COLUMN b INT;
INSERT INTO ic2 VALUES (4, 4);
SELECT COUNT(*) FROM ic2;
ROLLBACK;
SELECT * FROM ic2;
OPTIMIZE TABLE ic2;
INSERT INTO ic2 VALUES (5, 5);
SELECT COUNT(*) FROM ic2;
SELECT * FROM ic2;
COMMIT;
ALTER TABLE ic2 FORCE;
SELECT * FROM ic2;
DROP TABLE ic2;
SET autocommit = 1;

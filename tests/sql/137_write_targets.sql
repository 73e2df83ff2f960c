-- A DML statement writes only its target tables: the tables it only reads need no WRITE
-- lock under LOCK TABLES, and a READ ONLY transaction lets it write a temporary table
-- while it reads base tables (MariaDB's per-table lock types). A multi-table UPDATE is
-- refused in a READ ONLY transaction if any of its tables is a base table, as in MariaDB.
CREATE TABLE wt1 (a INT PRIMARY KEY);
CREATE TABLE wt3 (a INT PRIMARY KEY);
INSERT INTO wt1 VALUES (1), (2);
INSERT INTO wt3 VALUES (1), (5);
LOCK TABLES wt1 READ, wt3 WRITE;
UPDATE wt3 JOIN wt1 ON wt3.a = wt1.a SET wt3.a = wt3.a + 100;
SELECT * FROM wt3 ORDER BY a;
DELETE wt3 FROM wt3 JOIN wt1 ON wt3.a = wt1.a;
DELETE wt3 FROM wt3 JOIN wt1 ON wt3.a = wt1.a + 100;
SELECT * FROM wt3 ORDER BY a;
UPDATE wt3 JOIN wt1 ON wt3.a = wt1.a SET wt1.a = wt1.a + 100;
DELETE wt1 FROM wt3 JOIN wt1 ON wt3.a = wt1.a;
INSERT INTO wt3 SELECT a + 1000 FROM wt1;
REPLACE INTO wt3 SELECT a + 1000 FROM wt1;
INSERT INTO wt3 SELECT a + 2000 FROM wt1 ON DUPLICATE KEY UPDATE a = wt3.a;
INSERT INTO wt3 (a) VALUES ((SELECT MAX(a) FROM wt1) + 3000);
UPDATE wt3 SET a = a + 1 WHERE a IN (SELECT a + 1000 FROM wt1);
UPDATE wt3 SET a = a + 10 WHERE a IN (SELECT a + 2000 FROM wt1);
DELETE FROM wt3 WHERE a IN (SELECT a + 1001 FROM wt1);
SELECT * FROM wt3 ORDER BY a;
INSERT INTO wt1 SELECT a + 5000 FROM wt3;
DELETE FROM wt1;
UPDATE wt1 SET a = a + 1;
SELECT * FROM wt1 ORDER BY a;
UNLOCK TABLES;
CREATE TEMPORARY TABLE wtt (a INT);
CREATE TEMPORARY TABLE wtt2 (a INT);
START TRANSACTION READ ONLY;
INSERT INTO wtt SELECT * FROM wt1;
REPLACE INTO wtt SELECT a + 10 FROM wt1;
INSERT INTO wtt2 VALUES (1), (2);
SELECT * FROM wtt ORDER BY a;
UPDATE wtt SET a = a + 100 WHERE a IN (SELECT a FROM wt1);
UPDATE wtt JOIN wt1 ON wtt.a = wt1.a SET wtt.a = wtt.a + 10;
UPDATE wtt JOIN wtt2 ON wtt.a = wtt2.a SET wtt.a = wtt.a + 20;
DELETE wtt FROM wtt JOIN wt1 ON wtt.a = wt1.a + 10;
DELETE wt3 FROM wt3 JOIN wt1 ON wt3.a = wt1.a;
DELETE FROM wtt WHERE a IN (SELECT a + 100 FROM wt1);
INSERT INTO wt3 SELECT a FROM wtt WHERE 0;
SELECT * FROM wtt ORDER BY a;
COMMIT;
-- an autocommit statement's mode follows a SET of @@tx_read_only before it
CREATE PROCEDURE wtp() BEGIN SET SESSION tx_read_only = 1; INSERT INTO wt3 VALUES (7); END;
CALL wtp();
SELECT @@tx_read_only;
INSERT INTO wt3 VALUES (8);
SET SESSION tx_read_only = 0;
INSERT INTO wt3 VALUES (9);
SELECT * FROM wt3 ORDER BY a;
DROP PROCEDURE wtp;
DROP TEMPORARY TABLE wtt, wtt2;
DROP TABLE wt1, wt3;

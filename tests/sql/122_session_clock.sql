-- SET timestamp and SET insert_id, as a replica applying statement events (and
-- mariadb-binlog's output piped into a server) use them: NOW() and its kin answer the set
-- time until DEFAULT or 0, column defaults and ON UPDATE stamps too; insert_id is the next
-- INSERT's first generated id, for that one statement.

SET time_zone = '+00:00';
SET timestamp = 1700000000.123456;
SELECT NOW(6), NOW(), CURRENT_TIMESTAMP(3), CURDATE(), CURTIME(2), UNIX_TIMESTAMP(), @@timestamp;
SELECT UTC_TIMESTAMP(6), LOCALTIME(), YEAR(NOW()), DATE_ADD(NOW(), INTERVAL 1 DAY);
CREATE TABLE clk (id INT AUTO_INCREMENT PRIMARY KEY, v INT,
                  made TIMESTAMP DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
                  d DATETIME(6) DEFAULT CURRENT_TIMESTAMP(6));
INSERT INTO clk (v) VALUES (1), (2);
SET timestamp = 1700003600;
UPDATE clk SET v = v + 10 WHERE id = 2;
SELECT * FROM clk ORDER BY id;
SET insert_id = 100;
SELECT @@insert_id;
INSERT INTO clk (v) VALUES (3), (4);
SELECT @@insert_id, LAST_INSERT_ID();
INSERT INTO clk (v) VALUES (5);
SELECT id, v FROM clk ORDER BY id;
SET insert_id = 50;
INSERT INTO clk (id, v) VALUES (60, 6);
INSERT INTO clk (v) VALUES (7);
SELECT id, v FROM clk ORDER BY id;
SET timestamp = DEFAULT;
SELECT NOW() > '2025-01-01', @@timestamp > 1700003600;
SET timestamp = 0;
SELECT NOW() > '2025-01-01';
DROP TABLE clk;
CREATE TABLE clk6 (a INT, d DATETIME(6) DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6),
                   e TIMESTAMP(3) NULL DEFAULT CURRENT_TIMESTAMP(3), f DATETIME(2) DEFAULT NOW(2));
SHOW CREATE TABLE clk6;
SET timestamp = 1700000000.987654;
INSERT INTO clk6 (a) VALUES (1);
SET timestamp = 1700000001.5;
UPDATE clk6 SET a = 2;
SELECT * FROM clk6;
SELECT COLUMN_NAME, COLUMN_DEFAULT, EXTRA FROM information_schema.COLUMNS WHERE TABLE_NAME = 'clk6' ORDER BY ORDINAL_POSITION;
DROP TABLE clk6;
SET timestamp = DEFAULT;

-- The insert id of the OK packet (mysql_insert_id): generated, explicit, IGNOREd
-- duplicates, upserts that change or do not change a row, REPLACE; out-of-range values.
CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(10) UNIQUE, n INT DEFAULT 0);
INSERT INTO t (name) VALUES ('a');
INSERT INTO t (id, name) VALUES (10, 'b');
INSERT IGNORE INTO t (id, name) VALUES (10, 'dup');
INSERT IGNORE INTO t (name) VALUES ('a');
INSERT INTO t (id, name) VALUES (10, 'dup') ON DUPLICATE KEY UPDATE name = name;
INSERT INTO t (id, name) VALUES (10, 'zz') ON DUPLICATE KEY UPDATE n = n + 1;
INSERT INTO t (name) VALUES ('a') ON DUPLICATE KEY UPDATE n = n;
INSERT INTO t (name) VALUES ('a') ON DUPLICATE KEY UPDATE n = n + 1;
INSERT INTO t (name) VALUES ('c'), ('a') ON DUPLICATE KEY UPDATE n = n + 1;
REPLACE INTO t (id, name) VALUES (10, 'r');
INSERT IGNORE INTO t (name) VALUES ('q'), ('a');
INSERT INTO t (id, name) VALUES (0, 'zero');
INSERT INTO t (id, name) VALUES (NULL, 'null');
SELECT * FROM t ORDER BY id;
CREATE TABLE items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(10), qty INT, price DECIMAL(10,2));
SET sql_mode = '';
INSERT INTO items (name, qty, price) VALUES ('ns-range', 99999999999999999999, 123456789012.345);
INSERT INTO items (name, qty, price) VALUES ('ns-dec', 1, 12345678901.5);
INSERT INTO items (name, qty, price) VALUES ('ns-neg', -99999999999, -123456789012);
INSERT INTO items (name, qty, price) VALUES ('ns-round', 1, 1.005);
SELECT * FROM items ORDER BY id;

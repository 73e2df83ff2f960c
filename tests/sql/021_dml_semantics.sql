-- DML semantics: INSERT forms, IGNORE, ON DUPLICATE KEY UPDATE, REPLACE,
-- UPDATE / DELETE (multi-table, ORDER BY, LIMIT), affected rows,
-- LAST_INSERT_ID(), ROW_COUNT(), strict vs non-strict sql_mode.

CREATE TABLE opts (
  option_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
  option_name VARCHAR(191) NOT NULL DEFAULT '',
  option_value LONGTEXT NOT NULL,
  autoload VARCHAR(20) NOT NULL DEFAULT 'yes',
  PRIMARY KEY (option_id),
  UNIQUE KEY option_name (option_name)
) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE items (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  sku VARCHAR(10) NOT NULL,
  qty INT NOT NULL DEFAULT 0,
  price DECIMAL(8,2) DEFAULT NULL,
  note VARCHAR(5) DEFAULT NULL,
  tiny TINYINT DEFAULT NULL,
  utiny TINYINT UNSIGNED DEFAULT NULL,
  made DATE DEFAULT NULL,
  UNIQUE KEY sku (sku)
);
CREATE TABLE log (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  item_id INT,
  msg VARCHAR(50)
);
CREATE TABLE kv (k VARCHAR(10) NOT NULL PRIMARY KEY, v INT NOT NULL DEFAULT 0, hits INT NOT NULL DEFAULT 0);
CREATE TABLE two (a INT NOT NULL, b INT NOT NULL, c VARCHAR(10), UNIQUE KEY ab (a), UNIQUE KEY bb (b));
CREATE TABLE noai (id INT NOT NULL PRIMARY KEY, val VARCHAR(10));

-- ===== INSERT forms =====
INSERT INTO items (sku, qty, price) VALUES ('A1', 5, 9.99);
SELECT LAST_INSERT_ID(), ROW_COUNT();
INSERT INTO items (sku, qty, price) VALUES ('B1', 1, 1.00), ('B2', 2, 2.00), ('B3', 3, 3.00);
SELECT LAST_INSERT_ID(), ROW_COUNT();
INSERT INTO items SET sku = 'C1', qty = 10, price = 0.5;
SELECT LAST_INSERT_ID();
INSERT INTO items (sku) VALUES ('D1');
INSERT INTO items (id, sku) VALUES (100, 'E1');
SELECT LAST_INSERT_ID();
INSERT INTO items (sku) VALUES ('E2');
SELECT LAST_INSERT_ID();
INSERT INTO items (id, sku) VALUES (0, 'E3');
INSERT INTO items (id, sku) VALUES (NULL, 'E4');
SELECT id, sku, qty, price FROM items ORDER BY id;
INSERT INTO items VALUES (NULL, 'F1', 7, 7.77, 'n', 1, 2, '2023-01-01');
INSERT INTO items VALUES (NULL, 'F2', 7);
INSERT INTO items () VALUES ();
INSERT INTO items (sku, qty) VALUES ('G1', DEFAULT);
INSERT INTO items (sku, qty) VALUE ('G3', 1);
INSERT items (sku) VALUES ('G4');
SELECT id, sku, qty, price FROM items WHERE sku LIKE 'G%' ORDER BY id;
CREATE TABLE dflt (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, qty INT NOT NULL DEFAULT 4, price DECIMAL(6,2), label VARCHAR(10) DEFAULT 'none');
INSERT INTO dflt (qty) VALUES (DEFAULT(qty) + 3);
INSERT INTO dflt (qty) VALUES (qty + 1);
INSERT INTO dflt (qty, price) VALUES (2, qty * 1.5);
INSERT INTO dflt (label, qty) VALUES (CONCAT(label, '!'), DEFAULT);
INSERT INTO dflt SET qty = 10, price = qty / 4;
SELECT qty, price, label FROM dflt ORDER BY qty, price;
INSERT INTO items (sku, qty) VALUES ('A1', 1);
SELECT LAST_INSERT_ID();
INSERT INTO items (sku, qty) VALUES ('H1', 1), ('H1', 2);
SELECT COUNT(*) FROM items WHERE sku = 'H1';
INSERT INTO items (id, sku) VALUES (1, 'dupid');
INSERT INTO items (sku, qty) VALUES ('H2', NULL);
INSERT INTO items (sku, qty) VALUES ('H3', 'x');
INSERT INTO items (nosuch) VALUES (1);
INSERT INTO items (sku, sku) VALUES ('x', 'y');
INSERT INTO nosuch VALUES (1);
INSERT INTO items (sku) VALUES ('ok'), ('toolongvalue12');
SELECT COUNT(*) FROM items WHERE sku = 'ok';

-- ===== INSERT ... SELECT =====
INSERT INTO log (item_id, msg) SELECT id, CONCAT('created ', sku) FROM items WHERE sku LIKE 'B%' ORDER BY id;
SELECT LAST_INSERT_ID(), ROW_COUNT();
SELECT item_id, msg FROM log ORDER BY id;
INSERT INTO log (item_id, msg) SELECT id, sku FROM items WHERE 1 = 0;
SELECT ROW_COUNT();
INSERT INTO log (item_id, msg) SELECT item_id + 1000, msg FROM log ORDER BY id;
SELECT COUNT(*), MAX(item_id) FROM log;
INSERT INTO log (msg) SELECT 'const';
INSERT INTO log (item_id, msg) SELECT 1, 2, 3;
INSERT INTO noai SELECT id, sku FROM items WHERE id < 5 ORDER BY id;
SELECT * FROM noai ORDER BY id;
INSERT INTO noai SELECT id, sku FROM items WHERE id < 5;
INSERT IGNORE INTO noai SELECT id, sku FROM items WHERE id < 8;
SELECT * FROM noai ORDER BY id;
INSERT INTO noai (id, val) SELECT id + 1000, val FROM noai ON DUPLICATE KEY UPDATE val = 'dup';
INSERT INTO noai (id, val) SELECT id, 'again' FROM noai WHERE id < 1000 ON DUPLICATE KEY UPDATE val = VALUES(val);
SELECT * FROM noai ORDER BY id;
INSERT INTO log (item_id, msg) SELECT i.id, l.msg FROM items i JOIN log l ON l.item_id = i.id ORDER BY i.id, l.id;
SELECT ROW_COUNT();

-- ===== INSERT IGNORE =====
INSERT IGNORE INTO items (sku, qty) VALUES ('A1', 99);
SELECT LAST_INSERT_ID(), ROW_COUNT();
INSERT IGNORE INTO items (sku, qty) VALUES ('I1', 1), ('A1', 2), ('I2', 3);
SELECT ROW_COUNT();
SELECT sku, qty FROM items WHERE sku IN ('A1', 'I1', 'I2') ORDER BY sku;
INSERT IGNORE INTO items (sku, qty) VALUES ('I3', NULL);
INSERT IGNORE INTO items (sku, note) VALUES ('I4', 'too long note');
INSERT IGNORE INTO items (sku, tiny, utiny) VALUES ('I5', 300, -5);
INSERT IGNORE INTO items (sku, qty) VALUES ('I6', 'abc');
INSERT IGNORE INTO items (sku, made) VALUES ('I7', '2023-02-30');
INSERT IGNORE INTO items (sku, price) VALUES ('I8', 123456789);
SELECT sku, qty, note, tiny, utiny, made, price FROM items WHERE sku LIKE 'I%' ORDER BY sku;

-- ===== ON DUPLICATE KEY UPDATE =====
INSERT INTO opts (option_name, option_value, autoload) VALUES ('siteurl', 'http://a', 'yes');
SELECT LAST_INSERT_ID();
INSERT INTO opts (option_name, option_value, autoload) VALUES ('siteurl', 'http://b', 'yes') ON DUPLICATE KEY UPDATE option_name = VALUES(option_name), option_value = VALUES(option_value), autoload = VALUES(autoload);
SELECT LAST_INSERT_ID(), ROW_COUNT();
INSERT INTO opts (option_name, option_value, autoload) VALUES ('siteurl', 'http://b', 'yes') ON DUPLICATE KEY UPDATE option_name = VALUES(option_name), option_value = VALUES(option_value), autoload = VALUES(autoload);
SELECT ROW_COUNT();
INSERT INTO opts (option_name, option_value, autoload) VALUES ('home', 'http://h', 'yes') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value);
SELECT LAST_INSERT_ID();
INSERT INTO opts (option_name, option_value) VALUES ('blogname', 'One'), ('home', 'http://h2'), ('siteurl', 'http://b') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value);
SELECT option_id, option_name, option_value, autoload FROM opts ORDER BY option_id;
INSERT INTO opts (option_name, option_value) VALUES ('blogname', 'Two') ON DUPLICATE KEY UPDATE option_value = CONCAT(option_value, '+', VALUES(option_value));
SELECT option_value FROM opts WHERE option_name = 'blogname';
INSERT INTO opts (option_name, option_value) VALUES ('blogname', 'x') ON DUPLICATE KEY UPDATE option_id = LAST_INSERT_ID(option_id);
SELECT LAST_INSERT_ID();
INSERT INTO opts (option_name, option_value) VALUES ('newopt', 'x') ON DUPLICATE KEY UPDATE option_id = LAST_INSERT_ID(option_id);
SELECT LAST_INSERT_ID();
INSERT INTO opts SET option_name = 'home', option_value = 'set-form' ON DUPLICATE KEY UPDATE option_value = 'via set';
SELECT option_value FROM opts WHERE option_name = 'home';
INSERT INTO kv (k, v) VALUES ('a', 1) ON DUPLICATE KEY UPDATE hits = hits + 1;
INSERT INTO kv (k, v) VALUES ('a', 1) ON DUPLICATE KEY UPDATE hits = hits + 1;
INSERT INTO kv (k, v) VALUES ('a', 5), ('b', 2), ('a', 7) ON DUPLICATE KEY UPDATE hits = hits + 1, v = v + VALUES(v);
SELECT * FROM kv ORDER BY k;
INSERT INTO kv (k, v) VALUES ('A', 1) ON DUPLICATE KEY UPDATE v = VALUES(v) * 10;
SELECT * FROM kv ORDER BY k;
INSERT INTO kv (k, v) VALUES ('b', 2) ON DUPLICATE KEY UPDATE v = NULL;
INSERT INTO kv (k, v) VALUES ('c', 3) ON DUPLICATE KEY UPDATE nosuch = 1;
INSERT INTO kv (k, v) VALUES ('b', 9) ON DUPLICATE KEY UPDATE k = 'a';
SELECT VALUES(v) FROM kv ORDER BY k LIMIT 1;
INSERT INTO two VALUES (1, 1, 'x'), (2, 2, 'y');
INSERT INTO two VALUES (1, 2, 'z') ON DUPLICATE KEY UPDATE c = 'hit';
SELECT * FROM two ORDER BY a;
INSERT INTO kv (k, v) SELECT k, v FROM kv AS src WHERE k = 'b' ON DUPLICATE KEY UPDATE hits = 100;
SELECT * FROM kv ORDER BY k;

-- ===== REPLACE =====
REPLACE INTO kv (k, v) VALUES ('a', 42);
SELECT ROW_COUNT();
SELECT * FROM kv ORDER BY k;
REPLACE INTO kv (k, v) VALUES ('z', 1);
SELECT ROW_COUNT();
REPLACE INTO kv VALUES ('z', 2, 3), ('y', 1, 1);
REPLACE INTO kv SET k = 'x', v = 9;
REPLACE INTO kv (k, v) SELECT CONCAT(k, k), v FROM kv WHERE k IN ('a', 'b');
SELECT * FROM kv ORDER BY k;
REPLACE INTO two VALUES (1, 2, 'both');
SELECT ROW_COUNT();
SELECT * FROM two ORDER BY a;
REPLACE INTO opts (option_name, option_value) VALUES ('siteurl', 'replaced');
SELECT LAST_INSERT_ID();
SELECT option_id, option_name, option_value FROM opts ORDER BY option_id;
REPLACE INTO kv (k) VALUES (NULL);
REPLACE INTO nosuch VALUES (1);

-- ===== UPDATE =====
UPDATE items SET qty = qty + 1 WHERE sku LIKE 'B%';
SELECT ROW_COUNT();
UPDATE items SET qty = qty WHERE sku LIKE 'B%';
SELECT ROW_COUNT();
UPDATE items SET qty = 2 WHERE sku LIKE 'B%';
UPDATE items SET qty = 0 WHERE sku = 'nosuch';
UPDATE items SET price = price * 2 WHERE price IS NOT NULL ORDER BY id LIMIT 2;
SELECT sku, price FROM items WHERE price IS NOT NULL ORDER BY id;
UPDATE items SET qty = qty + 100 ORDER BY id DESC LIMIT 1;
SELECT sku, qty FROM items ORDER BY id DESC LIMIT 1;
UPDATE items SET qty = -1 WHERE sku LIKE 'B%' ORDER BY sku DESC LIMIT 1;
SELECT sku, qty FROM items WHERE sku LIKE 'B%' ORDER BY sku;
UPDATE items SET qty = qty + 1, price = qty WHERE sku = 'C1';
SELECT qty, price FROM items WHERE sku = 'C1';
UPDATE items SET price = qty, qty = qty + 1 WHERE sku = 'C1';
SELECT qty, price FROM items WHERE sku = 'C1';
UPDATE items SET sku = 'A1' WHERE sku = 'B1';
UPDATE IGNORE items SET sku = 'A1' WHERE sku = 'B1';
SELECT ROW_COUNT();
UPDATE items SET qty = NULL WHERE sku = 'B1';
UPDATE items SET note = 'abcdefgh' WHERE sku = 'B1';
UPDATE items SET nosuch = 1;
UPDATE items SET qty = 1 WHERE nosuch = 1;
UPDATE items SET id = id + 1000 WHERE sku = 'H1';
SELECT id, sku FROM items WHERE sku = 'H1';
UPDATE items SET qty = (SELECT COUNT(*) FROM log) WHERE sku = 'A1';
SELECT qty FROM items WHERE sku = 'A1';
UPDATE items SET qty = 3 WHERE id IN (SELECT item_id FROM log WHERE msg LIKE 'created%');
SELECT ROW_COUNT();
UPDATE items SET qty = qty + 1 WHERE id = (SELECT MAX(id) FROM items);
UPDATE items SET qty = 5 LIMIT 0;
UPDATE items i SET i.qty = i.qty * 2 WHERE i.sku = 'C1';
UPDATE items SET made = '2023-03-15' WHERE sku = 'A1';
UPDATE items SET made = made + INTERVAL 1 MONTH WHERE sku = 'A1';
SELECT made FROM items WHERE sku = 'A1';
UPDATE items SET price = 1.005 WHERE sku = 'A1';
SELECT price FROM items WHERE sku = 'A1';

-- multi-table UPDATE (own tables)
CREATE TABLE mu_i (id INT PRIMARY KEY, sku VARCHAR(10), qty INT, note VARCHAR(10));
CREATE TABLE mu_l (id INT PRIMARY KEY, item_id INT, msg VARCHAR(20));
INSERT INTO mu_i VALUES (1, 'B1', 1, NULL), (2, 'B2', 2, NULL), (3, 'B3', 3, NULL), (4, 'G1', 0, NULL);
INSERT INTO mu_l VALUES (1, 1, 'created B1'), (2, 2, 'created B2'), (3, 3, 'created B3'), (4, 2, 'created B2');
UPDATE mu_i i JOIN mu_l l ON l.item_id = i.id SET i.note = 'log' WHERE l.msg LIKE 'created%';
SELECT ROW_COUNT();
SELECT sku, note FROM mu_i ORDER BY sku;
UPDATE mu_i i, mu_l l SET i.qty = 7, l.msg = CONCAT(l.msg, '!') WHERE l.item_id = i.id AND i.sku = 'B2';
SELECT ROW_COUNT();
SELECT id, msg FROM mu_l ORDER BY id;
UPDATE mu_i i LEFT JOIN mu_l l ON l.item_id = i.id SET i.note = 'nolog' WHERE l.id IS NULL;
SELECT sku, note FROM mu_i ORDER BY sku;
UPDATE mu_i i JOIN mu_l l ON l.item_id = i.id SET i.qty = i.qty + 1 WHERE i.sku = 'B2';
SELECT qty FROM mu_i WHERE sku = 'B2';
UPDATE mu_i i JOIN mu_l l ON l.item_id = i.id SET i.qty = 1 ORDER BY i.id LIMIT 1;
UPDATE mu_i, mu_l SET qty = 1 WHERE id = 1;
UPDATE mu_i SET qty = 0 WHERE id = 1 AND EXISTS (SELECT 1 FROM mu_l WHERE mu_l.item_id = mu_i.id);
SELECT qty FROM mu_i WHERE id = 1;

-- ===== DELETE =====
DELETE FROM log WHERE item_id > 1000;
SELECT ROW_COUNT();
DELETE FROM log WHERE item_id = -1;
SELECT ROW_COUNT();
DELETE FROM log ORDER BY id DESC LIMIT 2;
SELECT ROW_COUNT();
SELECT id, item_id, msg FROM log ORDER BY id;
DELETE FROM log WHERE msg LIKE '%!' ORDER BY id LIMIT 1;
DELETE FROM items WHERE id IN (SELECT item_id FROM log) AND sku = 'B3';
SELECT COUNT(*) FROM items WHERE sku = 'B3';
DELETE l FROM log l JOIN items i ON i.id = l.item_id WHERE i.sku = 'B1';
SELECT ROW_COUNT();
DELETE i, l FROM items i LEFT JOIN log l ON l.item_id = i.id WHERE i.sku = 'B2';
SELECT ROW_COUNT();
SELECT COUNT(*) FROM items WHERE sku = 'B2';
DELETE FROM l USING log l JOIN items i ON i.id = l.item_id WHERE i.sku = 'nosuch';
DELETE log FROM log WHERE id = 0;
DELETE FROM nosuch;
DELETE FROM items WHERE nosuch = 1;
DELETE FROM noai WHERE id > 1000 ORDER BY id LIMIT 2;
SELECT id FROM noai ORDER BY id;
DELETE FROM noai;
SELECT ROW_COUNT();
DELETE FROM noai;
SELECT ROW_COUNT();
DELETE FROM items ORDER BY id LIMIT 1;
SELECT MIN(id) FROM items;
DELETE i FROM items i WHERE i.sku = 'I1';
DELETE FROM items i WHERE i.sku = 'I2';
SELECT COUNT(*) FROM items WHERE sku IN ('I1', 'I2');
DELETE IGNORE FROM items WHERE sku = 'I3';
DELETE QUICK FROM items WHERE sku = 'I4';
DELETE LOW_PRIORITY FROM items WHERE sku = 'I5';

-- ===== TRUNCATE and AUTO_INCREMENT =====
INSERT INTO log (msg) VALUES ('x');
SELECT LAST_INSERT_ID() > 0;
TRUNCATE TABLE log;
INSERT INTO log (msg) VALUES ('after truncate');
SELECT id, msg FROM log;
SELECT LAST_INSERT_ID();
DELETE FROM log;
INSERT INTO log (msg) VALUES ('after delete');
SELECT id, msg FROM log;
INSERT INTO log (id, msg) VALUES (-5, 'negative');
INSERT INTO log (msg) VALUES ('next');
SELECT id, msg FROM log ORDER BY id;
INSERT INTO log (id, msg) VALUES (2147483647, 'max');
INSERT INTO log (msg) VALUES ('overflow');
SELECT COUNT(*) FROM log;

-- ===== LAST_INSERT_ID(expr) and ROW_COUNT() =====
SELECT LAST_INSERT_ID(42);
SELECT LAST_INSERT_ID();
SELECT LAST_INSERT_ID(NULL);
SELECT LAST_INSERT_ID();
SELECT LAST_INSERT_ID(-1), LAST_INSERT_ID();
SELECT LAST_INSERT_ID('7');
UPDATE kv SET v = LAST_INSERT_ID(v + 1) WHERE k = 'a';
SELECT LAST_INSERT_ID();
UPDATE kv SET hits = LAST_INSERT_ID(hits) WHERE k = 'nosuch';
SELECT LAST_INSERT_ID();
INSERT INTO noai (id, val) VALUES (LAST_INSERT_ID(9), 'lii');
SELECT LAST_INSERT_ID();
SELECT ROW_COUNT();
SELECT ROW_COUNT();
SET @x = 1;
SELECT ROW_COUNT();
CREATE TABLE tmp_rc (id INT);
SELECT ROW_COUNT();
DROP TABLE tmp_rc;
SELECT ROW_COUNT();
INSERT INTO kv (k, v) VALUES ('rc1', 1), ('rc2', 2);
SELECT ROW_COUNT(), ROW_COUNT();
UPDATE kv SET v = v WHERE k LIKE 'rc%';
SELECT ROW_COUNT();
DELETE FROM kv WHERE k LIKE 'rc%';
SELECT ROW_COUNT();
SELECT ROW_COUNT();
INSERT INTO kv (k) VALUES (NULL);
SELECT ROW_COUNT();

-- ===== strict mode (harness default) =====
SELECT @@SESSION.sql_mode;
CREATE TABLE s (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  c VARCHAR(5) NOT NULL DEFAULT '',
  i INT NOT NULL DEFAULT 0,
  t TINYINT,
  u SMALLINT UNSIGNED,
  d DECIMAL(5,2),
  dt DATE,
  dtt DATETIME,
  e ENUM('a', 'b'),
  f FLOAT,
  req VARCHAR(5) NOT NULL
);
INSERT INTO s (req, c) VALUES ('r', 'abcdef');
INSERT INTO s (req, c) VALUES ('r', 'abc  ');
INSERT INTO s (req, c) VALUES ('r', 'abcde   ');
INSERT INTO s (req, i) VALUES ('r', '12x');
INSERT INTO s (req, i) VALUES ('r', '');
INSERT INTO s (req, i) VALUES ('r', 3000000000);
INSERT INTO s (req, i) VALUES ('r', 1.5);
INSERT INTO s (req, i) VALUES ('r', '1.5');
INSERT INTO s (req, i) VALUES ('r', ' 42 ');
INSERT INTO s (req, t) VALUES ('r', 128);
INSERT INTO s (req, u) VALUES ('r', -1);
INSERT INTO s (req, d) VALUES ('r', 1000);
INSERT INTO s (req, d) VALUES ('r', 1.234);
INSERT INTO s (req, d) VALUES ('r', '1.235');
INSERT INTO s (req, dt) VALUES ('r', '2023-02-29');
INSERT INTO s (req, dt) VALUES ('r', '0000-00-00');
INSERT INTO s (req, dt) VALUES ('r', '2023-01-01 10:00:00');
INSERT INTO s (req, dtt) VALUES ('r', '2023-01-01 25:00:00');
INSERT INTO s (req, dtt) VALUES ('r', '2023-01-01');
INSERT INTO s (req, e) VALUES ('r', 'c');
INSERT INTO s (req, e) VALUES ('r', 'A');
INSERT INTO s (req, f) VALUES ('r', 'nan');
INSERT INTO s (c) VALUES ('x');
INSERT INTO s (req) VALUES (NULL);
INSERT INTO s (req, i) VALUES ('r', NULL);
INSERT INTO s (req) VALUES ('ok'), ('toolong');
INSERT INTO s (req, i) SELECT 'sel', '7abc';
UPDATE s SET i = 'zz' WHERE id = 1;
UPDATE s SET c = 'waytoolong' WHERE id > 0;
SELECT id, c, i, t, u, d, dt, dtt, e, f, req FROM s ORDER BY id;
INSERT IGNORE INTO s (req, c, i, t) VALUES ('ign', 'abcdefgh', '9x', 999);
UPDATE IGNORE s SET t = 1000 WHERE req = 'ign';
SELECT c, i, t FROM s WHERE req = 'ign';

-- ===== non-strict mode (WordPress) =====
SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION';
INSERT INTO s (req, c) VALUES ('ns', 'abcdef');
INSERT INTO s (req, i) VALUES ('ns', '12x');
INSERT INTO s (req, i) VALUES ('ns', '');
INSERT INTO s (req, i) VALUES ('ns', 3000000000);
INSERT INTO s (req, t, u) VALUES ('ns', -200, 70000);
INSERT INTO s (req, d) VALUES ('ns', 1000);
INSERT INTO s (req, d) VALUES ('ns', 'abc');
INSERT INTO s (req, dt) VALUES ('ns', '2023-02-29');
INSERT INTO s (req, dt) VALUES ('ns', 'garbage');
INSERT INTO s (req, dtt) VALUES ('ns', '2023-01-01 10:00:00.5');
INSERT INTO s (req, e) VALUES ('ns', 'c');
INSERT INTO s (c) VALUES ('noreq');
INSERT INTO s (req) VALUES (NULL);
INSERT INTO s (req, i) VALUES ('ns', NULL);
INSERT INTO s (req, i) VALUES ('ns2', NULL), ('ns3', 4);
INSERT INTO s (req, c) VALUES ('multi', 'aaaaaaa'), ('multi', 'bbbbbbb'), ('multi', 'ok');
UPDATE s SET i = 'zz' WHERE req = 'ns2';
UPDATE s SET c = 'toolongvalue' WHERE req = 'multi';
SELECT id, c, i, t, u, d, dt, dtt, e, req FROM s WHERE id > 0 ORDER BY id;
SET SESSION sql_mode = '';
INSERT INTO s (req, dt) VALUES ('empty', '0000-00-00');
INSERT INTO s (req, i) VALUES ('empty', 1 / 0);
SELECT req, dt, i FROM s WHERE req = 'empty' ORDER BY id;
SET SESSION sql_mode = 'STRICT_ALL_TABLES';
INSERT INTO s (req, c) VALUES ('sat', 'abcdefg');
INSERT INTO s (req, c) VALUES ('sat', 'ok'), ('sat', 'abcdefg');
SELECT COUNT(*) FROM s WHERE req = 'sat';
SET SESSION sql_mode = 'STRICT_TRANS_TABLES,NO_ZERO_DATE,NO_ZERO_IN_DATE,ERROR_FOR_DIVISION_BY_ZERO';
INSERT INTO s (req, dt) VALUES ('nz', '0000-00-00');
INSERT INTO s (req, dt) VALUES ('nz', '2023-00-10');
INSERT INTO s (req, i) VALUES ('nz', 1 / 0);
INSERT INTO s (req, i) VALUES ('nz', 5 MOD 0);
SET SESSION sql_mode = DEFAULT;

-- ===== transactions and DML =====
CREATE TABLE tx (id INT PRIMARY KEY, v VARCHAR(10)) ENGINE=InnoDB;
START TRANSACTION;
INSERT INTO tx VALUES (1, 'a'), (2, 'b');
UPDATE tx SET v = 'B' WHERE id = 2;
ROLLBACK;
SELECT * FROM tx;
BEGIN;
INSERT INTO tx VALUES (1, 'a');
DELETE FROM tx WHERE id = 1;
INSERT INTO tx VALUES (1, 'again');
COMMIT;
SELECT * FROM tx;
SET autocommit = 0;
INSERT INTO tx VALUES (3, 'c');
ROLLBACK;
SELECT COUNT(*) FROM tx;
INSERT INTO tx VALUES (4, 'd');
COMMIT;
SET autocommit = 1;
SELECT * FROM tx ORDER BY id;
START TRANSACTION;
INSERT INTO tx VALUES (5, 'e');
SAVEPOINT sp1;
INSERT INTO tx VALUES (6, 'f');
ROLLBACK TO SAVEPOINT sp1;
COMMIT;
SELECT * FROM tx ORDER BY id;
START TRANSACTION;
INSERT INTO tx VALUES (1, 'dup');
INSERT INTO tx VALUES (7, 'g');
COMMIT;
SELECT * FROM tx ORDER BY id;

-- ===== multi-table DELETE, more shapes =====
CREATE TABLE md_p (id INT PRIMARY KEY, kind VARCHAR(10));
CREATE TABLE md_m (id INT PRIMARY KEY, p_id INT, k VARCHAR(10), KEY p_id (p_id));
INSERT INTO md_p VALUES (1, 'post'), (2, 'revision'), (3, 'revision'), (4, 'post');
INSERT INTO md_m VALUES (1, 1, 'a'), (2, 2, 'a'), (3, 2, 'b'), (4, 3, 'a'), (5, 3, 'b'), (6, 3, 'c'), (7, 4, 'a'), (8, 99, 'orphan');
DELETE m FROM md_m m JOIN md_p p ON p.id = m.p_id WHERE p.kind = 'revision';
SELECT id FROM md_m ORDER BY id;
DELETE m FROM md_m m LEFT JOIN md_p p ON p.id = m.p_id WHERE p.id IS NULL;
SELECT id FROM md_m ORDER BY id;
DELETE p, m FROM md_p p JOIN md_m m ON m.p_id = p.id WHERE p.kind = 'revision';
SELECT id FROM md_p ORDER BY id;
DELETE md_m FROM md_m, md_p WHERE md_m.p_id = md_p.id AND md_p.id = 4;
SELECT id FROM md_m ORDER BY id;
DELETE FROM md_m USING md_m JOIN md_p ON md_p.id = md_m.p_id;
SELECT COUNT(*) FROM md_m;
INSERT INTO md_m VALUES (10, 1, 'x'), (11, 1, 'y'), (12, 1, 'z');
DELETE FROM md_m WHERE p_id = 1 AND k <> 'y';
SELECT id FROM md_m ORDER BY id;
DELETE a1 FROM md_m a1 JOIN md_m a2 ON a1.p_id = a2.p_id AND a1.id > a2.id;
SELECT id FROM md_m ORDER BY id;
DELETE m FROM md_m m WHERE m.id IN (SELECT id FROM md_p);
DELETE FROM md_m WHERE id IN (SELECT id FROM md_m);
DELETE FROM md_p WHERE id = (SELECT MAX(id) FROM md_p);
UPDATE md_p SET kind = 'x' WHERE id IN (SELECT id FROM md_p);

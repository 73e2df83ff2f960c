-- Triggers: CREATE / DROP TRIGGER, what fires when (and in which order, seen through an
-- audit table with an AUTO_INCREMENT key), NEW / OLD, SET NEW in BEFORE triggers, compound
-- bodies (DECLARE, IF, WHILE, REPEAT, LOOP, SIGNAL, SELECT ... INTO), statement rollback
-- when a trigger fails, the errors (at CREATE time or when the trigger fires), and how
-- MariaDB lists them (information_schema.TRIGGERS, SHOW TRIGGERS, SHOW CREATE TRIGGER:
-- the last two have a Created column with the creation time, so they are -- skip-result).
CREATE TABLE audit (n INT AUTO_INCREMENT PRIMARY KEY, msg VARCHAR(200));
CREATE TABLE counters (name VARCHAR(20) PRIMARY KEY, c INT NOT NULL);
INSERT INTO counters VALUES ('items', 0), ('deleted', 0);

-- NEW.id of an AUTO_INCREMENT column is 0 in BEFORE INSERT, the value in AFTER INSERT;
-- LAST_INSERT_ID() and the OK packet's insert id are the outer statement's.
CREATE TABLE items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20) NOT NULL, qty INT NOT NULL DEFAULT 0, price DECIMAL(8,2));
CREATE TRIGGER items_bi BEFORE INSERT ON items FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('bi id=', new.id, ' ', new.name, ' qty=', new.qty, ' price=', ifnull(new.price, '-')));
CREATE TRIGGER items_ai AFTER INSERT ON items FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('ai id=', new.id, ' ', new.name));
INSERT INTO items (name, qty) VALUES ('apple', 3);
SELECT LAST_INSERT_ID(), ROW_COUNT();
INSERT INTO items (name, qty, price) VALUES ('pear', 1, 0.5), ('plum', 2, 1.25);
SELECT LAST_INSERT_ID(), ROW_COUNT();
INSERT INTO items (id, name) VALUES (10, 'fig');
SELECT LAST_INSERT_ID();
SELECT * FROM items;
SELECT msg FROM audit ORDER BY n;
DELETE FROM audit;

-- A counter table kept by AFTER triggers; INSERT ... SELECT fires per row.
CREATE TRIGGER items_ai_count AFTER INSERT ON items FOR EACH ROW UPDATE counters SET c = c + 1 WHERE name = 'items';
CREATE TABLE staging (name VARCHAR(20), qty INT);
INSERT INTO staging VALUES ('kiwi', 5), ('lime', 6), ('date', 7);
INSERT INTO items (name, qty) SELECT name, qty FROM staging ORDER BY qty;
SELECT c FROM counters WHERE name = 'items';
SELECT msg FROM audit ORDER BY n;
DELETE FROM audit;

-- BEFORE INSERT changes the row; a NOT NULL column given NULL is fixed by the trigger
-- (the check comes after it), a NULL left in place fails; a missing column without a
-- default is NULL in NEW.
CREATE TABLE people (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL, nick VARCHAR(20) NOT NULL, age INT NOT NULL);
CREATE TRIGGER people_bi BEFORE INSERT ON people FOR EACH ROW SET @seen = concat_ws('/', new.id, ifnull(new.name, 'NULL'), ifnull(new.nick, 'NULL'), ifnull(new.age, 'NULL')), new.name = ifnull(new.name, 'anon'), new.age = ifnull(new.age, 18);
INSERT INTO people VALUES (1, NULL, 'x', NULL);
SELECT @seen;
INSERT INTO people (id, nick) VALUES (2, 'y');
SELECT @seen;
INSERT INTO people VALUES (3, 'c', NULL, 30);
SELECT @seen;
INSERT INTO people (id, name) VALUES (4, 'd');
SELECT * FROM people;

-- UPDATE triggers: OLD and NEW, SET NEW in BEFORE UPDATE. An UPDATE that changes
-- nothing still fires both (affected rows 0); one whose trigger changes the row counts it.
CREATE TRIGGER items_bu BEFORE UPDATE ON items FOR EACH ROW SET new.qty = greatest(new.qty, 0), new.price = ifnull(new.price, old.price);
CREATE TRIGGER items_au AFTER UPDATE ON items FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('au ', old.id, ' qty ', old.qty, '->', new.qty, ' price ', ifnull(old.price, '-'), '->', ifnull(new.price, '-')));
UPDATE items SET qty = qty - 5 WHERE id <= 2;
SELECT id, qty, price FROM items WHERE id <= 2;
UPDATE items SET price = NULL WHERE id = 2;
UPDATE items SET qty = qty WHERE id IN (1, 3);
UPDATE items SET qty = 100 ORDER BY id DESC LIMIT 2;
SELECT msg FROM audit ORDER BY n;
DELETE FROM audit;
CREATE TABLE bump (id INT PRIMARY KEY, v INT, changes INT NOT NULL DEFAULT 0);
INSERT INTO bump VALUES (1, 1, 0), (2, 2, 0);
CREATE TRIGGER bump_bu BEFORE UPDATE ON bump FOR EACH ROW SET new.changes = old.changes + 1;
UPDATE bump SET v = v;
SELECT * FROM bump;

-- DELETE triggers; TRUNCATE fires none.
CREATE TRIGGER items_bd BEFORE DELETE ON items FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('bd ', old.id, ' ', old.name));
CREATE TRIGGER items_ad AFTER DELETE ON items FOR EACH ROW UPDATE counters SET c = c + 1 WHERE name = 'deleted';
DELETE FROM items WHERE qty = 100;
DELETE FROM items ORDER BY id LIMIT 1;
SELECT msg FROM audit ORDER BY n;
SELECT * FROM counters ORDER BY name;
CREATE TABLE scratch (a INT PRIMARY KEY);
CREATE TRIGGER scratch_bd BEFORE DELETE ON scratch FOR EACH ROW SET @scratch_deletes = @scratch_deletes + 1;
INSERT INTO scratch VALUES (1), (2), (3);
SET @scratch_deletes = 0;
TRUNCATE scratch;
SELECT @scratch_deletes;

-- INSERT ... ON DUPLICATE KEY UPDATE, REPLACE, INSERT IGNORE: which triggers fire, in order.
CREATE TABLE kv (id INT PRIMARY KEY, u INT UNIQUE, v INT);
INSERT INTO kv VALUES (1, 10, 0), (2, 20, 0), (3, 30, 0);
CREATE TRIGGER kv_bi BEFORE INSERT ON kv FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('bi ', new.id, ',', new.u, ',', new.v));
CREATE TRIGGER kv_ai AFTER INSERT ON kv FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('ai ', new.id, ',', new.u, ',', new.v));
CREATE TRIGGER kv_bu BEFORE UPDATE ON kv FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('bu ', old.id, ',', old.u, ',', old.v, ' > ', new.id, ',', new.u, ',', new.v));
CREATE TRIGGER kv_au AFTER UPDATE ON kv FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('au ', new.id, ',', new.u, ',', new.v));
INSERT INTO kv VALUES (1, 11, 5), (4, 40, 4) ON DUPLICATE KEY UPDATE v = VALUES(v);
INSERT INTO kv VALUES (1, 11, 5) ON DUPLICATE KEY UPDATE v = 5;
SELECT msg FROM audit ORDER BY n;
DELETE FROM audit;
REPLACE INTO kv VALUES (2, 21, 7);
SELECT msg FROM audit ORDER BY n;
DELETE FROM audit;
CREATE TRIGGER kv_bd BEFORE DELETE ON kv FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('bd ', old.id, ',', old.u, ',', old.v));
CREATE TRIGGER kv_ad AFTER DELETE ON kv FOR EACH ROW INSERT INTO audit (msg) VALUES (concat('ad ', old.id, ',', old.u, ',', old.v));
REPLACE INTO kv VALUES (2, 22, 8);
REPLACE INTO kv VALUES (3, 40, 9);
SELECT * FROM kv;
SELECT msg FROM audit ORDER BY n;
DELETE FROM audit;
INSERT IGNORE INTO kv VALUES (3, 99, 0), (5, 50, 5);
SELECT msg FROM audit ORDER BY n;
DELETE FROM audit;

-- Compound bodies: DECLARE ... DEFAULT, IF / ELSEIF / ELSE, WHILE, SIGNAL; a failing row
-- undoes the whole statement (and what the triggers wrote for earlier rows).
CREATE TABLE acct (id INT PRIMARY KEY, bal INT NOT NULL, tier VARCHAR(10), digits VARCHAR(20));
DELIMITER //
CREATE TRIGGER acct_bi BEFORE INSERT ON acct FOR EACH ROW
BEGIN
  DECLARE lim INT DEFAULT 1000;
  DECLARE i INT DEFAULT 0;
  DECLARE s VARCHAR(20) DEFAULT '';
  IF new.bal < 0 THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'negative balance';
  ELSEIF new.bal > lim THEN
    SET new.tier = 'gold';
  ELSEIF new.bal > 100 THEN
    SET new.tier = 'silver';
  ELSE
    SET new.tier = 'basic';
  END IF;
  WHILE i < new.id DO
    SET i = i + 1;
    SET s = concat(s, i);
  END WHILE;
  SET new.digits = s;
  SET @last_acct = new.id;
END//
DELIMITER ;
INSERT INTO acct (id, bal) VALUES (1, 50), (2, 500), (3, 5000);
SELECT * FROM acct;
SELECT @last_acct;
INSERT INTO acct (id, bal) VALUES (4, 10), (5, -1);
SHOW WARNINGS;
SELECT * FROM acct;

-- LOOP / LEAVE / ITERATE with a label, REPEAT, SELECT ... INTO a local, writes to two
-- other tables; an error in a later row rolls all of it back.
DELIMITER //
CREATE TRIGGER acct_ai AFTER INSERT ON acct FOR EACH ROW
BEGIN
  DECLARE total INT;
  DECLARE k INT DEFAULT 0;
  SELECT sum(bal) INTO total FROM acct;
  UPDATE counters SET c = c + 1 WHERE name = 'items';
  lbl: LOOP
    SET k = k + 1;
    IF k < 5 THEN
      ITERATE lbl;
    END IF;
    LEAVE lbl;
  END LOOP lbl;
  REPEAT
    SET k = k * 2;
  UNTIL k > 50 END REPEAT;
  INSERT INTO audit (msg) VALUES (concat('acct ', new.id, ' total=', total, ' k=', k));
END//
DELIMITER ;
INSERT INTO acct (id, bal) VALUES (6, 7), (7, 8);
SELECT msg FROM audit ORDER BY n;
SELECT c FROM counters WHERE name = 'items';
INSERT INTO acct (id, bal) VALUES (8, 9), (9, -5);
SELECT msg FROM audit ORDER BY n;
SELECT c FROM counters WHERE name = 'items';
SELECT id FROM acct;
DELETE FROM audit;

-- The failing statement is undone, not the transaction around it.
BEGIN;
INSERT INTO acct (id, bal) VALUES (10, 1);
INSERT INTO acct (id, bal) VALUES (11, 1), (12, -1);
COMMIT;
SELECT id, tier FROM acct WHERE id >= 10;

-- SIGNAL forms: no MESSAGE_TEXT, MYSQL_ERRNO, a warning class (the insert goes on),
-- a not-found class. AUTO_INCREMENT: a BEFORE trigger failing uses no value, an AFTER
-- trigger failing uses one.
CREATE TABLE sig (id INT AUTO_INCREMENT PRIMARY KEY, a INT);
CREATE TRIGGER sig_bi BEFORE INSERT ON sig FOR EACH ROW IF new.a = 1 THEN SIGNAL SQLSTATE '45000'; ELSEIF new.a = 2 THEN SIGNAL SQLSTATE '45000' SET MYSQL_ERRNO = 1234, MESSAGE_TEXT = 'two is refused'; ELSEIF new.a = 3 THEN SIGNAL SQLSTATE '01000' SET MESSAGE_TEXT = 'only a warning'; ELSEIF new.a = 4 THEN SIGNAL SQLSTATE '02000'; END IF;
CREATE TRIGGER sig_ai AFTER INSERT ON sig FOR EACH ROW IF new.a = 5 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'after insert'; END IF;
INSERT INTO sig (a) VALUES (0);
INSERT INTO sig (a) VALUES (1);
SHOW WARNINGS;
INSERT INTO sig (a) VALUES (2);
INSERT INTO sig (a) VALUES (3);
INSERT INTO sig (a) VALUES (4);
INSERT INTO sig (a) VALUES (0);
INSERT INTO sig (a) VALUES (5);
INSERT INTO sig (a) VALUES (0);
INSERT IGNORE INTO sig (a) VALUES (1);
SELECT * FROM sig;

-- Several triggers for one event: creation order, FOLLOWS and PRECEDES; ACTION_ORDER.
CREATE TABLE ord (a INT);
CREATE TRIGGER ord_1 BEFORE INSERT ON ord FOR EACH ROW INSERT INTO audit (msg) VALUES ('ord_1');
CREATE TRIGGER ord_2 BEFORE INSERT ON ord FOR EACH ROW INSERT INTO audit (msg) VALUES ('ord_2');
CREATE TRIGGER ord_3 BEFORE INSERT ON ord FOR EACH ROW FOLLOWS ord_1 INSERT INTO audit (msg) VALUES ('ord_3');
CREATE TRIGGER ord_4 BEFORE INSERT ON ord FOR EACH ROW PRECEDES ord_1 INSERT INTO audit (msg) VALUES ('ord_4');
CREATE TRIGGER ord_5 AFTER INSERT ON ord FOR EACH ROW INSERT INTO audit (msg) VALUES ('ord_5');
CREATE TRIGGER ord_6 AFTER INSERT ON ord FOR EACH ROW PRECEDES ord_5 INSERT INTO audit (msg) VALUES ('ord_6');
INSERT INTO ord VALUES (1), (2);
SELECT msg FROM audit ORDER BY n;
DELETE FROM audit;
SELECT TRIGGER_NAME, ACTION_TIMING, ACTION_ORDER, ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = 'ord' ORDER BY ACTION_TIMING DESC, ACTION_ORDER;
CREATE TRIGGER ord_7 BEFORE INSERT ON ord FOR EACH ROW FOLLOWS nosuch SET @x = 1;
CREATE TRIGGER ord_7 BEFORE INSERT ON ord FOR EACH ROW PRECEDES ord_5 SET @x = 1;
CREATE TRIGGER ord_7 BEFORE INSERT ON ord FOR EACH ROW FOLLOWS items_bi SET @x = 1;
DROP TRIGGER ord_1;
INSERT INTO ord VALUES (3);
SELECT msg FROM audit ORDER BY n;
DELETE FROM audit;
-- mariadb-dump lists a table's triggers with this query (no ORDER BY) and recreates them in
-- the order it gets.
SELECT TRIGGER_NAME FROM INFORMATION_SCHEMA.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = 'ord';

-- Errors at CREATE / DROP time.
CREATE TRIGGER items_bi BEFORE INSERT ON items FOR EACH ROW SET @x = 1;
CREATE TRIGGER items_bi BEFORE INSERT ON kv FOR EACH ROW SET @x = 1;
CREATE TRIGGER IF NOT EXISTS items_bi BEFORE INSERT ON items FOR EACH ROW SET @x = 1;
CREATE OR REPLACE TRIGGER IF NOT EXISTS items_bi BEFORE INSERT ON items FOR EACH ROW SET @x = 1;
DROP TRIGGER nosuch;
DROP TRIGGER IF EXISTS nosuch;
DROP TRIGGER nosuchdb.nosuch;
CREATE TRIGGER tx BEFORE INSERT ON nosuch FOR EACH ROW SET @x = 1;
CREATE VIEW items_v AS SELECT * FROM items;
CREATE TRIGGER tx BEFORE INSERT ON items_v FOR EACH ROW SET @x = 1;
CREATE TEMPORARY TABLE tmp (a INT);
CREATE TRIGGER tx BEFORE INSERT ON tmp FOR EACH ROW SET @x = 1;
CREATE TRIGGER tx BEFORE DELETE ON items FOR EACH ROW SET @x = new.id;
CREATE TRIGGER tx BEFORE INSERT ON items FOR EACH ROW SET @x = old.id;
CREATE TRIGGER tx BEFORE UPDATE ON items FOR EACH ROW SET old.qty = 1;
CREATE TRIGGER tx AFTER UPDATE ON items FOR EACH ROW SET new.qty = 1;
CREATE TRIGGER tx BEFORE INSERT ON items FOR EACH ROW SET @x = new.nosuch;
CREATE TRIGGER tx BEFORE INSERT ON items FOR EACH ROW SET new.nosuch = 1;
CREATE TRIGGER tx AFTER INSERT ON items FOR EACH ROW INSERT INTO audit (msg) VALUES (new.nosuch);
CREATE TRIGGER tx BEFORE INSERT ON items FOR EACH ROW SELECT 1;
CREATE TRIGGER tx BEFORE INSERT ON items FOR EACH ROW COMMIT;
CREATE TRIGGER tx BEFORE INSERT ON items FOR EACH ROW PREPARE s FROM 'SELECT 1';
CREATE TRIGGER tx BEFORE INSERT ON items FOR EACH ROW RETURN 1;
CREATE TRIGGER tx BEFORE INSERT ON items FOR EACH ROW CREATE TRIGGER ty BEFORE INSERT ON kv FOR EACH ROW SET @a = 1;
CREATE TRIGGER tx BEFORE INSERT ON items FOR EACH ROW BEGIN DECLARE v INT; DECLARE v INT; END;
CREATE TRIGGER nosuchdb.tx BEFORE INSERT ON items FOR EACH ROW SET @x = 1;
CREATE TRIGGER tx BEFORE INSERT ON mysql.user FOR EACH ROW SET @x = 1;
CREATE TRIGGER `` BEFORE INSERT ON items FOR EACH ROW SET @x = 1;
SELECT count(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME IN ('tx', 'ty');

-- Errors when the trigger fires: the statement fails and is undone.
CREATE TABLE self (a INT PRIMARY KEY, b INT);
CREATE TRIGGER self_ai AFTER INSERT ON self FOR EACH ROW UPDATE self SET b = 1 WHERE a = new.a;
INSERT INTO self VALUES (1, 0);
SELECT * FROM self;
DROP TRIGGER self_ai;
CREATE TABLE mirror (a INT PRIMARY KEY, b INT);
CREATE TRIGGER self_ai AFTER INSERT ON self FOR EACH ROW INSERT INTO mirror VALUES (new.a, new.b);
CREATE TRIGGER mirror_ai AFTER INSERT ON mirror FOR EACH ROW INSERT INTO self VALUES (new.a + 100, 0);
INSERT INTO self VALUES (2, 0);
SHOW WARNINGS;
SELECT count(*) FROM self;
DROP TRIGGER mirror_ai;
CREATE TRIGGER mirror_ai AFTER INSERT ON mirror FOR EACH ROW UPDATE staging SET qty = qty + 1;
INSERT INTO self SELECT qty, 0 FROM staging;
INSERT INTO self VALUES (3, 0);
SELECT * FROM staging ORDER BY name;
DROP TRIGGER mirror_ai;
CREATE TRIGGER mirror_ai AFTER INSERT ON mirror FOR EACH ROW INSERT INTO nosuch_table VALUES (1);
INSERT INTO self VALUES (4, 0);
DROP TRIGGER mirror_ai;
CREATE TRIGGER mirror_ai AFTER INSERT ON mirror FOR EACH ROW SET @m = (SELECT a FROM self);
INSERT INTO self VALUES (5, 0);
DROP TRIGGER mirror_ai;
CREATE TRIGGER mirror_bi BEFORE INSERT ON mirror FOR EACH ROW SET new.b = 'abc';
INSERT INTO self VALUES (6, 0);
SHOW WARNINGS;
SELECT * FROM self;
DROP TRIGGER mirror_bi;
CREATE TABLE shape (a INT, b INT);
CREATE TRIGGER shape_bi BEFORE INSERT ON shape FOR EACH ROW SET new.b = new.a * 2;
INSERT INTO shape (a) VALUES (1);
ALTER TABLE shape DROP COLUMN b;
INSERT INTO shape (a) VALUES (2);
ALTER TABLE shape ADD COLUMN b INT;
INSERT INTO shape (a) VALUES (3);
SELECT * FROM shape;

-- A trigger keeps the sql_mode it was created with.
SET sql_mode = '';
CREATE TRIGGER shape_ai AFTER INSERT ON shape FOR EACH ROW INSERT INTO people VALUES (new.a + 100, concat('a long name for ', new.a), 'n', 1);
SET sql_mode = DEFAULT;
ALTER TABLE people MODIFY name VARCHAR(8) NOT NULL;
INSERT INTO shape (a) VALUES (4);
SELECT * FROM people WHERE id > 100;

-- Introspection.
SELECT TRIGGER_SCHEMA, TRIGGER_NAME, EVENT_MANIPULATION, EVENT_OBJECT_TABLE, ACTION_ORDER, ACTION_STATEMENT, ACTION_TIMING, ACTION_ORIENTATION, ACTION_REFERENCE_OLD_ROW, ACTION_REFERENCE_NEW_ROW, SQL_MODE, DEFINER, CHARACTER_SET_CLIENT, COLLATION_CONNECTION, DATABASE_COLLATION FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() ORDER BY EVENT_OBJECT_TABLE, EVENT_MANIPULATION, ACTION_TIMING, ACTION_ORDER;
SELECT TRIGGER_CATALOG, EVENT_OBJECT_CATALOG, EVENT_OBJECT_SCHEMA, ACTION_CONDITION, ACTION_REFERENCE_OLD_TABLE, ACTION_REFERENCE_NEW_TABLE, CREATED IS NOT NULL FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME = 'acct_ai';
-- skip-result
SHOW TRIGGERS;
-- skip-result
SHOW TRIGGERS LIKE 'k%';
-- skip-result
SHOW TRIGGERS FROM t_triggers WHERE `Trigger` = 'kv_bi';
SHOW TRIGGERS LIKE 'kv_bi';
SHOW TRIGGERS FROM nosuchdb;
-- skip-result
SHOW CREATE TRIGGER acct_bi;
SHOW CREATE TRIGGER nosuch;
SHOW CREATE TRIGGER ACCT_BI;

-- Text as written (comments, case, newlines, a trailing comment), definer forms; names are
-- case sensitive; a character set other than utf8mb4 is recorded.
CREATE TABLE txt (a INT);
CREATE TRIGGER txt_bi BEFORE INSERT ON txt FOR EACH ROW /* lead */ SET @t = 1 /* tail */;
CREATE   Trigger   txt_ai  AFTER  INSERT  ON  `txt`  FOR  EACH  ROW
  SET @t = @t + 1;
CREATE DEFINER = CURRENT_USER TRIGGER txt_bu BEFORE UPDATE ON txt FOR EACH ROW SET @t = 3;
CREATE DEFINER = `nobody`@`%` TRIGGER txt_bd BEFORE DELETE ON txt FOR EACH ROW SET @t = 4;
CREATE TRIGGER TXT_AU AFTER UPDATE ON txt FOR EACH ROW SET @t = 5;
CREATE TRIGGER txt_au AFTER UPDATE ON txt FOR EACH ROW FOLLOWS TXT_AU SET @t = 6;
SET NAMES utf8mb3;
CREATE TRIGGER txt_ad AFTER DELETE ON txt FOR EACH ROW SET @t = 7;
SET NAMES utf8mb4;
CREATE OR REPLACE TRIGGER txt_bi BEFORE INSERT ON txt FOR EACH ROW SET @t = 10;
CREATE TRIGGER IF NOT EXISTS txt_bi BEFORE INSERT ON txt FOR EACH ROW SET @t = 11;
SELECT TRIGGER_NAME, EVENT_MANIPULATION, ACTION_TIMING, ACTION_ORDER, ACTION_STATEMENT, DEFINER, CHARACTER_SET_CLIENT, COLLATION_CONNECTION FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = 'txt' ORDER BY EVENT_MANIPULATION, ACTION_TIMING, ACTION_ORDER;
INSERT INTO txt VALUES (1);
SELECT @t;
UPDATE txt SET a = 2;
SELECT @t;
DELETE FROM txt;
DROP TRIGGER txt_bd;
DROP TRIGGER TXT_au;
DROP TRIGGER t_triggers.TXT_AU;
DROP TRIGGER IF EXISTS txt_au;
-- DROP TRIGGER (like SET or SELECT without a table) leaves the previous statement's
-- diagnostics in place: this still shows the 1360 error of DROP TRIGGER TXT_au.
SHOW WARNINGS;
DROP TRIGGER IF EXISTS txt_au;

-- RENAME TABLE keeps the triggers (and rewrites the table name in the definition);
-- DROP TABLE drops them; a table in another schema cannot take its triggers along.
RENAME TABLE txt TO txt2;
SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE LIKE 'txt%' ORDER BY TRIGGER_NAME;
-- skip-result
SHOW CREATE TRIGGER txt_ai;
INSERT INTO txt2 VALUES (5);
SELECT @t;
ALTER TABLE txt2 RENAME TO txt3;
SELECT DISTINCT EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE 'txt%';
CREATE DATABASE t_triggers_other;
RENAME TABLE txt3 TO t_triggers_other.txt3;
DROP DATABASE t_triggers_other;
DROP TABLE txt3;
SELECT count(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE 'txt%';
DROP TRIGGER txt_ai;
DROP VIEW items_v;
DROP TABLE items, kv, acct;
SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() ORDER BY TRIGGER_NAME;
-- a CALL's affected rows count the rows its statements' triggers change (MariaDB), a
-- plain INSERT's do not
CREATE TABLE ca_a (x INT);
CREATE TABLE ca_b (y INT);
INSERT INTO ca_b VALUES (1), (2);
CREATE TRIGGER ca_ai AFTER INSERT ON ca_a FOR EACH ROW UPDATE ca_b SET y = y + 1;
CREATE PROCEDURE ca_p() INSERT INTO ca_a VALUES (1);
CREATE PROCEDURE ca_p2() BEGIN INSERT INTO ca_a VALUES (1); INSERT INTO ca_a VALUES (2); END;
CALL ca_p();
CALL ca_p2();
INSERT INTO ca_a VALUES (5);
SELECT ROW_COUNT();
SELECT * FROM ca_b ORDER BY y;
DROP PROCEDURE ca_p;
DROP PROCEDURE ca_p2;
DROP TABLE ca_a, ca_b;

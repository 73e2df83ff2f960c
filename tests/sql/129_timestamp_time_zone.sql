-- TIMESTAMP columns under a session time_zone: a value is kept as the instant it names
-- and shown in the zone of the session that reads it, as MariaDB does; DATETIME columns
-- are not converted. Writes, reads, keys (lookups and ranges), sorting, grouping, joins,
-- defaults and ON UPDATE (under a fixed @@timestamp), UNIX_TIMESTAMP of a column.

SET timestamp = 1700000000;
SET time_zone = '+00:00';
CREATE TABLE ts (id INT PRIMARY KEY, t TIMESTAMP NULL, d DATETIME NULL, KEY kt (t));
CREATE TABLE tsu (id INT PRIMARY KEY, v INT, t TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP);
INSERT INTO ts VALUES (1, '2024-01-01 12:00:00', '2024-01-01 12:00:00'), (2, '2024-06-30 23:30:00', '2024-06-30 23:30:00');
SET time_zone = '+02:00';
INSERT INTO ts VALUES (3, '2024-01-01 12:00:00', '2024-01-01 12:00:00'), (4, '2024-01-01 01:00:00', '2024-01-01 01:00:00');
INSERT INTO ts VALUES (5, NULL, NULL), (6, '1970-01-01 03:00:00', '1970-01-01 03:00:00');
INSERT INTO tsu (id, v) VALUES (1, 1);
SELECT id, t, d, UNIX_TIMESTAMP(t), UNIX_TIMESTAMP(d) FROM ts ORDER BY id;
SELECT * FROM tsu;
SET time_zone = '+00:00';
SELECT id, t, d, UNIX_TIMESTAMP(t) FROM ts ORDER BY id;
SELECT * FROM tsu;
SET time_zone = '-05:30';
SELECT * FROM ts ORDER BY id;
SELECT id FROM ts WHERE t = '2024-01-01 06:30:00';
SELECT id FROM ts WHERE t = '2024-01-01 12:00:00';
SELECT id FROM ts WHERE t > '2024-01-01 00:00:00' ORDER BY id;
SELECT id FROM ts WHERE t BETWEEN '2023-12-31 19:00:00' AND '2024-01-01 06:30:00' ORDER BY id;
SELECT id FROM ts IGNORE INDEX (kt) WHERE t BETWEEN '2023-12-31 19:00:00' AND '2024-01-01 06:30:00' ORDER BY id;
SELECT id, t FROM ts ORDER BY t, id;
SELECT DATE(t), COUNT(*) FROM ts GROUP BY DATE(t) ORDER BY 1;
SELECT MIN(t), MAX(t), MIN(d), MAX(d) FROM ts;
SELECT COUNT(*) FROM ts WHERE t < '2024-01-01 00:00:00';
SELECT a.id, b.id FROM ts a JOIN ts b ON a.t = b.d ORDER BY a.id, b.id;
SELECT id, t = d, t < d FROM ts ORDER BY id;
UPDATE tsu SET v = 2;
SELECT * FROM tsu;
SET time_zone = '+00:00';
SELECT * FROM tsu;
SET time_zone = '+09:00';
UPDATE ts SET t = d WHERE id = 2;
UPDATE ts SET t = t + INTERVAL 1 HOUR WHERE id = 1;
SELECT id, t, d FROM ts ORDER BY id;
CREATE TABLE ts2 (id INT, t TIMESTAMP NULL, d DATETIME NULL);
INSERT INTO ts2 SELECT id, t, t FROM ts;
SET time_zone = '+00:00';
SELECT * FROM ts2 ORDER BY id;
SELECT id, t, d FROM ts ORDER BY id;
SET time_zone = '+14:00';
INSERT INTO ts VALUES (7, '1970-01-01 05:00:00', NULL);
INSERT IGNORE INTO ts VALUES (8, '1970-01-01 05:00:00', NULL);
SHOW WARNINGS;
SELECT id, t FROM ts WHERE id >= 7;
SET time_zone = SYSTEM;
SELECT id, t FROM ts ORDER BY id;

-- triggers, CHECK constraints, upserts and multi-table UPDATE see the session's values
SET time_zone = '+03:00';
CREATE TABLE tl (id INT PRIMARY KEY, t TIMESTAMP NULL, note VARCHAR(60), CHECK (t IS NULL OR t >= '2024-01-01 03:00:00'));
CREATE TRIGGER tl_bi BEFORE INSERT ON tl FOR EACH ROW SET NEW.note = CONCAT('new ', NEW.t), NEW.t = NEW.t + INTERVAL 1 MINUTE;
CREATE TRIGGER tl_bu BEFORE UPDATE ON tl FOR EACH ROW SET NEW.note = CONCAT(OLD.t, ' -> ', NEW.t);
INSERT INTO tl (id, t) VALUES (1, '2024-01-01 03:00:00');
INSERT INTO tl (id, t) VALUES (2, '2024-01-01 02:59:00');
INSERT INTO tl (id, t) VALUES (1, '2024-05-05 05:05:05') ON DUPLICATE KEY UPDATE t = VALUES(t);
SELECT * FROM tl ORDER BY id;
UPDATE tl, ts SET tl.t = ts.t WHERE tl.id = 1 AND ts.id = 1;
SELECT * FROM tl ORDER BY id;
SET time_zone = '+00:00';
SELECT * FROM tl ORDER BY id;

-- named zones (the harness loads MariaDB's time zone tables from the system's tzdata, as
-- Debian's package does): daylight saving time, a time the clocks skip (1299; strict 1292:
-- the time they skip to), a time they pass twice (the first)
SET time_zone = 'Europe/Berlin';
SELECT @@time_zone, NOW(), FROM_UNIXTIME(1719792000), UNIX_TIMESTAMP('2024-07-01 12:00:00'), UNIX_TIMESTAMP('2024-01-01 12:00:00');
CREATE TABLE tn (id INT PRIMARY KEY, ts TIMESTAMP NULL);
INSERT INTO tn VALUES (1, '2024-07-01 12:00:00'), (2, '2024-01-01 12:00:00'), (4, '2024-10-27 02:30:00');
INSERT INTO tn VALUES (3, '2024-03-31 02:30:00');
SET sql_mode = '';
INSERT INTO tn VALUES (3, '2024-03-31 02:30:00'), (5, '2024-03-31 02:00:00'), (6, '2024-03-31 02:59:59');
SHOW WARNINGS;
SET sql_mode = DEFAULT;
SELECT id, ts, UNIX_TIMESTAMP(ts) FROM tn ORDER BY id;
SET time_zone = 'America/New_York';
SELECT @@time_zone, id, ts FROM tn ORDER BY id;
SELECT id FROM tn WHERE ts BETWEEN '2024-01-01 00:00:00' AND '2024-06-30 23:00:00' ORDER BY id;
SET time_zone = 'UTC';
SELECT id, ts FROM tn ORDER BY id;
SET time_zone = 'Asia/Kolkata';
SELECT id, ts, FROM_UNIXTIME(0) FROM tn ORDER BY id;
SET time_zone = 'Nope/Zone';
SET time_zone = '';
SELECT @@time_zone;
SET time_zone = 'Australia/Lord_Howe';
SELECT NOW(), FROM_UNIXTIME(1712419200), FROM_UNIXTIME(1728144000);
SET time_zone = SYSTEM;
SELECT CONVERT_TZ('2024-07-01 12:00:00', 'Europe/Berlin', 'America/New_York'), CONVERT_TZ('2024-01-01 12:00:00', 'UTC', 'Europe/Berlin'),
  CONVERT_TZ('2024-03-31 02:30:00', 'Europe/Berlin', 'UTC'), CONVERT_TZ('2024-10-27 02:30:00', 'Europe/Berlin', '+00:00'),
  CONVERT_TZ('1960-01-01 12:00:00', 'Europe/Berlin', 'UTC'), CONVERT_TZ('2024-07-01 12:00:00', 'Nope/Zone', 'UTC'),
  CONVERT_TZ('2024-07-01 12:00:00.123456', 'Asia/Kolkata', 'SYSTEM'), CONVERT_TZ('2024-07-01 12:00:00', '+02:00', 'Asia/Tokyo');

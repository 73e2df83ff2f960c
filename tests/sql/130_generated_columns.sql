-- Generated columns (engine/check.c): `[GENERATED ALWAYS] AS (expr) [VIRTUAL | STORED |
-- PERSISTENT]`, computed as a row is written (after BEFORE triggers), in column order;
-- a value given for one is 1906 (strict) or its warning; SHOW CREATE TABLE, SHOW COLUMNS and
-- information_schema.COLUMNS as MariaDB shows them; keys on them; ALTER TABLE.

CREATE TABLE g (a INT, b INT AS (a * 2) VIRTUAL, c INT GENERATED ALWAYS AS (a + 1) STORED,
  d VARCHAR(20) AS (CONCAT('x', a)) PERSISTENT, e INT AS (b + c), KEY (c));
SHOW CREATE TABLE g;
SHOW COLUMNS FROM g;
SELECT COLUMN_NAME, COLUMN_DEFAULT, EXTRA, GENERATION_EXPRESSION, IS_GENERATED FROM information_schema.COLUMNS
  WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'g' ORDER BY ORDINAL_POSITION;
INSERT INTO g (a) VALUES (3), (NULL), (-7);
INSERT INTO g VALUES (4, 1, 2, 'q', 0);
INSERT INTO g VALUES (5, DEFAULT, DEFAULT, DEFAULT, DEFAULT);
INSERT INTO g SET a = 6;
SELECT * FROM g ORDER BY a;
SELECT a FROM g WHERE c = 7;
SELECT a, e FROM g WHERE b > 5 ORDER BY e DESC;
UPDATE g SET a = 10 WHERE a = 3;
UPDATE g SET b = 5;
UPDATE g SET b = DEFAULT, a = a + 1 WHERE a = 5;
SELECT * FROM g ORDER BY a;
SET sql_mode = '';
INSERT INTO g VALUES (8, 1, 2, 'q', 0);
SHOW WARNINGS;
UPDATE g SET c = 1 WHERE a = 8;
SHOW WARNINGS;
SET sql_mode = DEFAULT;
SELECT * FROM g ORDER BY a;

-- upserts, REPLACE, INSERT ... SELECT, multi-table UPDATE, triggers, CHECK
CREATE TABLE h (id INT PRIMARY KEY, v INT, dbl INT AS (v * 2) STORED, CHECK (dbl < 100));
INSERT INTO h (id, v) VALUES (1, 1), (2, 2);
INSERT INTO h (id, v) VALUES (1, 5) ON DUPLICATE KEY UPDATE v = v + 10;
REPLACE INTO h (id, v) VALUES (2, 20);
INSERT INTO h (id, v) VALUES (3, 60);
INSERT INTO h (id, v) SELECT a + 100, a FROM g WHERE a IS NOT NULL AND a > 0;
UPDATE h, g SET h.v = g.a WHERE h.id = 1 AND g.a = 6;
CREATE TRIGGER h_bi BEFORE INSERT ON h FOR EACH ROW SET NEW.v = NEW.v + 1;
INSERT INTO h (id, v) VALUES (4, 4);
SELECT * FROM h ORDER BY id;

-- ALTER TABLE
ALTER TABLE g ADD f INT AS (a - 1);
SELECT a, f FROM g ORDER BY a;
ALTER TABLE g MODIFY f INT AS (a * 100) STORED;
SELECT a, f FROM g ORDER BY a;
ALTER TABLE g DROP COLUMN a;
SHOW CREATE TABLE g;

-- refused definitions
CREATE TABLE bad1 (a INT, b INT AS (b + 1));
CREATE TABLE bad2 (a INT, b INT AS (c + 1), c INT AS (a));
CREATE TABLE bad3 (a INT, b INT AS (zz + 1));
CREATE TABLE ok1 (a INT, b INT AS (a + 1), c INT AS (b * 2));
INSERT INTO ok1 (a) VALUES (1);
SELECT * FROM ok1;

-- an ALTER that changes its working definition and then fails leaves the table as it was
-- (the error handler once freed a stale copy of a dropped column: a crash under ASan)
CREATE TABLE al (a INT, b INT, c INT, KEY kb (b));
INSERT INTO al VALUES (1, 2, 3);
ALTER TABLE al DROP COLUMN c, ADD COLUMN d INT, ADD COLUMN d INT;
ALTER TABLE al DROP COLUMN b, ADD COLUMN e INT AS (b + 1);
ALTER TABLE al DROP COLUMN a, DROP COLUMN nope;
ALTER TABLE al ADD COLUMN f INT, DROP KEY kb, ADD KEY kf (nope);
SHOW CREATE TABLE al;
SELECT * FROM al;

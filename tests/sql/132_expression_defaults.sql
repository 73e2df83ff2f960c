-- Expression defaults (engine/check.c, engine/ddl.c `set_default`): `DEFAULT f()` and
-- `DEFAULT (expr)` are kept as MariaDB prints them and evaluated for every row written
-- without a value for the column (before BEFORE triggers, in column order, over the row's
-- other values); literals, signed literals, PI() and CURRENT_TIMESTAMP stay values. The
-- checks at CREATE (1901, 1054, 4029, 1067 for a constant that does not fit), DEFAULT in
-- VALUES and UPDATE, DEFAULT(col), ALTER TABLE, SHOW CREATE TABLE, SHOW COLUMNS and
-- information_schema.COLUMNS. Values that change by the row (UUID(), RAND()) are compared
-- by what is the same on both servers: how many differ, their length.

CREATE TABLE d (id INT AUTO_INCREMENT PRIMARY KEY, u CHAR(36) DEFAULT uuid(),
  dt DATETIME DEFAULT (now() + INTERVAL 1 DAY), x INT DEFAULT (1+2), z INT DEFAULT 5,
  r DOUBLE DEFAULT rand(), s VARCHAR(20) DEFAULT (concat('n', 'x')), l VARCHAR(10) DEFAULT (lower('AB')),
  k INT DEFAULT abs(-3), n INT DEFAULT (2*(3+4)), p INT DEFAULT (NOT 0), q INT DEFAULT if(1,2,3),
  y INT DEFAULT (CASE WHEN 1 THEN 2 END), c INT DEFAULT -1, b INT DEFAULT (5), e VARCHAR(5) DEFAULT ('x'),
  g DOUBLE DEFAULT pi(), h DATETIME DEFAULT (current_timestamp), j DATE DEFAULT (curdate()),
  w DATE DEFAULT (curdate() - INTERVAL 2 DAY), cd DATE DEFAULT cast(now() AS DATE));
SHOW CREATE TABLE d;
SHOW COLUMNS FROM d;
SELECT COLUMN_NAME, COLUMN_DEFAULT FROM information_schema.COLUMNS
  WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'd' ORDER BY ORDINAL_POSITION;
INSERT INTO d () VALUES (), (), ();
INSERT INTO d (id) SELECT 10 UNION SELECT 11;
INSERT INTO d SET id = 20;
REPLACE INTO d (id) VALUES (20);
SELECT count(DISTINCT u), count(DISTINCT r), min(length(u)), max(r) < 1 FROM d;
SELECT id, x, z, s, l, k, n, p, q, y, c, b, e, g, dt > now(), h <= now(), j <= curdate(),
  w < curdate(), cd <= curdate() FROM d ORDER BY id;

-- defaults that read other columns: given ones, literal defaults after them, expression
-- defaults before them
CREATE TABLE t2 (a INT DEFAULT (b + 1), b INT DEFAULT 5, c INT DEFAULT (a * 10));
SHOW CREATE TABLE t2;
INSERT INTO t2 () VALUES ();
INSERT INTO t2 (b) VALUES (7);
INSERT INTO t2 (a) VALUES (100);
INSERT INTO t2 VALUES (DEFAULT, DEFAULT, DEFAULT);
INSERT INTO t2 (c, b, a) VALUES (DEFAULT, 3, DEFAULT);
INSERT INTO t2 (b, c) VALUES (2, DEFAULT);
SELECT * FROM t2;
UPDATE t2 SET c = DEFAULT WHERE b = 3;
UPDATE t2 SET b = 50, a = DEFAULT WHERE b = 2;
SELECT * FROM t2;
SELECT a, DEFAULT(a), DEFAULT(c), DEFAULT(b) FROM t2 ORDER BY a, b, c;
INSERT INTO t2 (a, b) VALUES (1, 1) ON DUPLICATE KEY UPDATE c = DEFAULT;
SELECT * FROM t2 WHERE a = 1;

-- the checks at CREATE
CREATE TABLE bad (a INT DEFAULT (c + 1), b INT, c INT DEFAULT (b + 1));
CREATE TABLE bad (a INT DEFAULT (a + 1));
CREATE TABLE bad (a INT AS (b + 1), b INT DEFAULT (a));
CREATE TABLE bad (id INT AUTO_INCREMENT PRIMARY KEY, y INT DEFAULT (id * 2));
CREATE TABLE bad (a INT DEFAULT 3, b INT DEFAULT (a + zz));
CREATE TABLE bad (a INT DEFAULT (SELECT 1));
CREATE TABLE bad (a BIGINT DEFAULT (last_insert_id()));
CREATE TABLE bad (a BIGINT DEFAULT (found_rows()));
CREATE TABLE bad (a BIGINT DEFAULT (sleep(0)));
CREATE TABLE bad (a BIGINT DEFAULT (get_lock('a', 1)));
CREATE TABLE bad (a BIGINT DEFAULT (row_count()));
CREATE TABLE bad (a BIGINT DEFAULT (sum(1)));
CREATE TABLE bad (a BIGINT DEFAULT (benchmark(1, 1)));
CREATE TABLE bad (a INT NOT NULL DEFAULT (NULL));
CREATE TABLE bad (a TINYINT DEFAULT (1000));
CREATE TABLE bad (a TINYINT DEFAULT (abs(-3) * 1000));
CREATE TABLE bad (a TINYINT DEFAULT (pi() * 1000));
CREATE TABLE bad (a VARCHAR(2) DEFAULT (repeat('a', 5)));
CREATE TABLE bad (a DATE DEFAULT (concat('x')));
CREATE TABLE bad (a INT DEFAULT (+5), b INT DEFAULT (-(5)), c INT DEFAULT (- -5), d INT DEFAULT (TRUE),
  e DOUBLE DEFAULT (1e3), f DECIMAL(5,2) DEFAULT (1.50), g VARCHAR(9) DEFAULT (x'4142'), h DATE DEFAULT (DATE '2020-01-01'),
  i BIGINT UNSIGNED DEFAULT (~0), j INT DEFAULT (1 IN (1,2)), k INT DEFAULT (1 IS NULL), l VARCHAR(9) DEFAULT (NULL),
  m INT DEFAULT (b'111111111111' | 0), n VARCHAR(20) DEFAULT (concat(x'4142', 'c')), o DATETIME(3) DEFAULT (cast(now() AS DATETIME(3))),
  p TIME DEFAULT (cast('10:00' AS TIME)), q INT DEFAULT (cast(1.5 AS SIGNED)), r INT DEFAULT (NOT a),
  s INT DEFAULT (-a), t INT DEFAULT (-(a + 1)), u DATETIME DEFAULT (INTERVAL 1 DAY + now()), v VARCHAR(40) DEFAULT (user()),
  w BIGINT DEFAULT (unix_timestamp()), x INT DEFAULT (connection_id() + 1000), y INT DEFAULT (default(a)));
SHOW CREATE TABLE bad;
INSERT INTO bad () VALUES ();
SELECT a, b, c, d, e, f, g, h, i, j, k, l, m, n, o IS NOT NULL, p, q, r, s, t, u > now(), v = user(), w > 0, x > 1000, y FROM bad;
DROP TABLE bad;

-- conversion at insert: strict errors name the column and row; NOT NULL
CREATE TABLE cv (a INT, b TINYINT DEFAULT (a * 1000), c VARCHAR(3) DEFAULT (concat('abcd', a)));
INSERT INTO cv (a) VALUES (1);
INSERT INTO cv (a) VALUES (0), (2);
SET sql_mode = '';
INSERT INTO cv (a) VALUES (3);
SHOW WARNINGS;
SET sql_mode = DEFAULT;
SELECT * FROM cv;
CREATE TABLE nn (a INT, b INT NOT NULL DEFAULT (a * 2));
INSERT INTO nn (a) VALUES (1);
INSERT INTO nn (a) VALUES (2), (NULL);
SELECT * FROM nn;
CREATE TABLE ci (x VARCHAR(10), y INT DEFAULT (x));
INSERT INTO ci (x) VALUES ('12');
INSERT INTO ci (x) VALUES ('abc');
SELECT * FROM ci;

-- ALTER TABLE: a new column's default over each row; SET DEFAULT; DROP DEFAULT
CREATE TABLE al (a INT, b INT DEFAULT (a + 1000));
INSERT INTO al (a) VALUES (1), (2);
ALTER TABLE al MODIFY b TINYINT DEFAULT (a + 1000);
ALTER TABLE al ADD c VARCHAR(40) DEFAULT (concat('x', a));
ALTER TABLE al ADD k INT DEFAULT (1 + 2), ADD t DATETIME DEFAULT (now()), ADD m INT DEFAULT abs(-2);
SELECT a, k, t > now() - INTERVAL 1 HOUR, m FROM al;
-- a value per call for the rows there: refused (a crash's replay would give others)
CREATE TABLE vv (a INT);
INSERT INTO vv VALUES (1), (2);
ALTER TABLE vv ADD u CHAR(36) DEFAULT uuid();
DROP TABLE vv;
CREATE TABLE ve (a INT);
ALTER TABLE ve ADD u CHAR(36) DEFAULT uuid();
INSERT INTO ve (a) VALUES (1), (2);
SELECT a, length(u) FROM ve;
SELECT count(DISTINCT u) FROM ve;
-- CURRENT_TIMESTAMP and TIMESTAMP literals for the rows already there (in the session's zone)
CREATE TABLE ts (a INT);
INSERT INTO ts VALUES (1), (2);
SET time_zone = '+05:00';
ALTER TABLE ts ADD d DATETIME DEFAULT (now()), ADD e DATETIME(3) DEFAULT now(3), ADD f TIMESTAMP DEFAULT current_timestamp,
  ADD g TIMESTAMP NOT NULL, ADD h TIMESTAMP NULL DEFAULT NULL ON UPDATE current_timestamp, ADD i TIMESTAMP DEFAULT '2020-01-01 10:00:00';
SELECT a, d > now() - INTERVAL 1 HOUR, e > now() - INTERVAL 1 HOUR, f > now() - INTERVAL 1 HOUR, g, h, i FROM ts;
SET time_zone = '+00:00';
SELECT a, f > now() - INTERVAL 1 HOUR, i FROM ts;
SET time_zone = DEFAULT;
SELECT a, b, c FROM al;
ALTER TABLE al ALTER COLUMN c SET DEFAULT (concat('y', b));
SHOW CREATE TABLE al;
INSERT INTO al (a) VALUES (3);
SELECT a, b, c FROM al;
ALTER TABLE al ALTER COLUMN c DROP DEFAULT;
ALTER TABLE al ALTER COLUMN b SET DEFAULT 7;
SHOW CREATE TABLE al;
INSERT INTO al (a) VALUES (4);
SELECT a, b, c FROM al;
ALTER TABLE al ADD d INT DEFAULT (e), ADD e INT DEFAULT (d);
ALTER TABLE al DROP COLUMN a;

-- a BEFORE INSERT trigger sees the defaults computed; CREATE TABLE ... LIKE keeps them
CREATE TABLE tg (a INT, b INT DEFAULT (a * 3), c INT);
CREATE TRIGGER tg_bi BEFORE INSERT ON tg FOR EACH ROW SET NEW.c = NEW.b + 1;
INSERT INTO tg (a) VALUES (2), (5);
SELECT * FROM tg;
CREATE TABLE lk LIKE d;
SHOW CREATE TABLE lk;
INSERT INTO lk (id) VALUES (1);
SELECT id, x, length(u), s FROM lk;

-- CHECK constraints print the same expression forms
CREATE TABLE ck (a INT, b DATETIME, CHECK (NOT 0), CHECK (NOT a), CHECK (b > date_add(b, INTERVAL 2 HOUR)),
  CHECK (b > adddate(b, 3)), CHECK (b <> date_sub(b, INTERVAL '1:2' HOUR_MINUTE)), CHECK (a <> - a), CHECK (NOT 1.5),
  CHECK (b > INTERVAL 1 DAY + b), CHECK (b > (b - INTERVAL 1 DAY) + INTERVAL 1 HOUR), CHECK (a <> b'101'), CHECK (a <> x'01'));
SHOW CREATE TABLE ck;
CREATE TABLE ck2 (a DATETIME, CHECK (a < now()));
CREATE TABLE ck2 (a DATE, CHECK (a > curdate()));
CREATE TABLE ck2 (a INT, CHECK (a > unix_timestamp()));
CREATE TABLE ck2 (a INT, CHECK (a > connection_id()));
CREATE TABLE ck2 (a VARCHAR(10), CHECK (a <> user()));
CREATE TABLE ck2 (a VARCHAR(10), CHECK (a <> database()));
CREATE TABLE ck2 (a INT, CHECK (a > unix_timestamp('2020-01-01')), CHECK (a <> length(version())));
SHOW CREATE TABLE ck2;
CREATE TABLE dd (a INT, b INT DEFAULT 1, c INT NOT NULL DEFAULT 2);
ALTER TABLE dd ALTER COLUMN b DROP DEFAULT, ALTER COLUMN c DROP DEFAULT;
SHOW CREATE TABLE dd;
INSERT INTO dd (a, c) VALUES (1, 1);
INSERT INTO dd (a) VALUES (2);
SELECT * FROM dd;

-- sequences in a DEFAULT: printed with their database, one value per row, checked at CREATE
CREATE SEQUENCE s1;
CREATE TABLE sq (id INT DEFAULT (nextval(s1)), x INT);
SHOW CREATE TABLE sq;
INSERT INTO sq (x) VALUES (1), (2);
INSERT INTO sq VALUES (DEFAULT, 3);
INSERT INTO sq (x) SELECT 4 UNION SELECT 5;
SELECT * FROM sq;
CREATE TABLE sq2 (id INT DEFAULT (NEXT VALUE FOR s1), y INT DEFAULT (lastval(s1)));
SHOW CREATE TABLE sq2;
INSERT INTO sq2 () VALUES ();
SELECT * FROM sq2;
CREATE TABLE sq4 (x INT);
ALTER TABLE sq4 ADD COLUMN z INT DEFAULT (nextval(t_expression_defaults.s1));
INSERT INTO sq4 (x) VALUES (1), (2);
SELECT * FROM sq4;
CREATE TABLE sq3 (a INT DEFAULT (nextval(nosuch)));
CREATE TABLE sq3 (a INT DEFAULT (nextval(sq)));
SELECT COLUMN_NAME, COLUMN_DEFAULT FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'sq'
  ORDER BY ORDINAL_POSITION;

-- a NOT NULL column whose default comes out NULL: 1048, and for a single row MariaDB's
-- second condition naming the default (4028); IGNORE and non-strict multi-row warn
CREATE TABLE nd (a INT, b INT DEFAULT (a * 2) NOT NULL);
INSERT INTO nd () VALUES ();
SHOW WARNINGS;
INSERT INTO nd (a) VALUES (1), (NULL);
SHOW WARNINGS;
INSERT IGNORE INTO nd (a) VALUES (NULL);
SHOW WARNINGS;
SET sql_mode = '';
INSERT INTO nd (a) VALUES (NULL);
SHOW WARNINGS;
INSERT INTO nd (a) VALUES (3), (NULL);
SHOW WARNINGS;
SET sql_mode = DEFAULT;
SELECT * FROM nd;

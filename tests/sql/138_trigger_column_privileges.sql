-- A trigger's NEW.col / OLD.col need its definer's column privileges, checked as the
-- statement of the body that uses them runs (a branch not taken checks nothing): SET
-- NEW.col needs UPDATE on the column (checked before its value is read), reading NEW.col
-- or OLD.col needs SELECT; 1143 names the column as the body writes it.
CREATE TABLE tcp (a INT, b INT);
CREATE TABLE tcp_log (x INT);
DROP USER IF EXISTS tcpu@localhost;
CREATE USER tcpu@localhost;
GRANT INSERT, TRIGGER ON tcp TO tcpu@localhost;
GRANT SELECT (b) ON tcp TO tcpu@localhost;
GRANT INSERT ON tcp_log TO tcpu@localhost;
CREATE DEFINER = tcpu@localhost TRIGGER tcp_b BEFORE INSERT ON tcp FOR EACH ROW SET NEW.B = 5;
INSERT INTO tcp VALUES (1, 1);
SELECT * FROM tcp;
GRANT UPDATE (b) ON tcp TO tcpu@localhost;
INSERT INTO tcp VALUES (2, 2);
DROP TRIGGER tcp_b;
CREATE DEFINER = tcpu@localhost TRIGGER tcp_b BEFORE INSERT ON tcp FOR EACH ROW SET NEW.b = NEW.A + 1;
INSERT INTO tcp VALUES (3, 3);
REVOKE UPDATE (b) ON tcp FROM tcpu@localhost;
INSERT INTO tcp VALUES (4, 4);
DROP TRIGGER tcp_b;
CREATE DEFINER = tcpu@localhost TRIGGER tcp_b BEFORE INSERT ON tcp FOR EACH ROW BEGIN IF NEW.b > 100 THEN SET NEW.b = NEW.a; END IF; END;
INSERT INTO tcp VALUES (5, 5);
INSERT INTO tcp VALUES (6, 600);
DROP TRIGGER tcp_b;
CREATE DEFINER = tcpu@localhost TRIGGER tcp_a AFTER INSERT ON tcp FOR EACH ROW INSERT INTO tcp_log VALUES (NEW.b);
INSERT INTO tcp VALUES (7, 7);
DROP TRIGGER tcp_a;
CREATE DEFINER = tcpu@localhost TRIGGER tcp_a AFTER INSERT ON tcp FOR EACH ROW INSERT INTO tcp_log VALUES (NEW.a);
INSERT INTO tcp VALUES (8, 8);
DROP TRIGGER tcp_a;
GRANT UPDATE ON tcp TO tcpu@localhost;
CREATE DEFINER = tcpu@localhost TRIGGER tcp_u AFTER UPDATE ON tcp FOR EACH ROW INSERT INTO tcp_log VALUES (OLD.b + NEW.b);
UPDATE tcp SET b = b + 1 WHERE b = 2;
DROP TRIGGER tcp_u;
CREATE DEFINER = tcpu@localhost TRIGGER tcp_u BEFORE UPDATE ON tcp FOR EACH ROW SET NEW.a = OLD.a;
UPDATE tcp SET b = b + 1 WHERE b = 3;
UPDATE tcp SET b = b + 1 WHERE b = 99;
DROP TRIGGER tcp_u;
-- the session's own account as definer is checked the same way
CREATE TRIGGER tcp_r BEFORE INSERT ON tcp FOR EACH ROW SET NEW.b = NEW.a * 10;
INSERT INTO tcp VALUES (9, 9);
DROP TRIGGER tcp_r;
SELECT * FROM tcp ORDER BY a, b;
SELECT * FROM tcp_log ORDER BY x;
DROP USER tcpu@localhost;
DROP TABLE tcp, tcp_log;

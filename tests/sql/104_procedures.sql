-- Stored procedures: CREATE / DROP PROCEDURE, CALL (forms, arguments, OUT / INOUT into user
-- variables), typed parameters and locals (conversion, truncation, strict mode), compound
-- bodies (DECLARE, IF, CASE, WHILE, REPEAT, LOOP, LEAVE / ITERATE, labels, nested blocks),
-- DML inside a procedure (ROW_COUNT(), LAST_INSERT_ID(), FOUND_ROWS(), the CALL's OK packet),
-- handlers, conditions, SIGNAL / RESIGNAL, GET DIAGNOSTICS, cursors, result sets, recursion,
-- the errors at CREATE and at CALL time, introspection (information_schema.ROUTINES and
-- PARAMETERS, SHOW CREATE PROCEDURE, SHOW PROCEDURE STATUS: its Modified / Created columns
-- hold times, so it is -- skip-result), and a few stored functions at the end.
-- A CALL answers with one result set per SELECT of the body, then an OK packet; the harness
-- compares each of them.
CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(10), n INT);
CREATE TABLE log (k INT AUTO_INCREMENT PRIMARY KEY, msg VARCHAR(100));
CREATE TABLE nn (a INT NOT NULL);

-- == Forms of CREATE and CALL
CREATE PROCEDURE p0() SELECT 1 AS one;
CALL p0();
CALL p0;
CALL t_procedures.P0();
CREATE PROCEDURE p0() SELECT 2;
CREATE PROCEDURE IF NOT EXISTS p0() SELECT 2;
CREATE OR REPLACE PROCEDURE p0() SELECT 3 AS three;
CALL p0();
CREATE OR REPLACE PROCEDURE IF NOT EXISTS p0() SELECT 3;
CALL p0(1);
CALL nosuch();
CALL nosuchdb.p0();
DROP PROCEDURE p0;
DROP PROCEDURE p0;
DROP PROCEDURE IF EXISTS p0;

-- == Parameters: IN, OUT, INOUT; OUT parameters start as NULL; the OUT / INOUT argument
-- must be a variable; a failing CALL leaves the user variables as they were.
CREATE PROCEDURE pin(IN a INT, b VARCHAR(3)) SELECT a, b, a + 1 AS a1, CONCAT(b, '!') AS bx;
CALL pin(5, 'abc');
CALL pin(NULL, NULL);
CALL pin(2.5, 'é');
CALL pin(1);
CREATE PROCEDURE pout(OUT o INT, OUT s VARCHAR(5)) BEGIN SELECT o AS o_at_start, s AS s_at_start; SET o = 42; SET s = 'hello'; END;
SET @o = 1;
CALL pout(@o, @s);
CREATE PROCEDURE pinout(INOUT x INT) SET x = x * 2;
SET @x = 21, @xn = NULL;
CALL pinout(@x);
CALL pinout(@xn);
CALL pinout(@never_set);
SELECT @o, @s, @x, @xn, @never_set;
CALL pinout(5);
CALL pout(@o + 1, @s);
-- Typed parameters: conversion on the way in (the caller's sql_mode) and on SET inside
-- the body (the procedure's own sql_mode, strict here). The "at row N" of an argument's
-- conversion error is whatever the previous statement left (1 after a one-row INSERT,
-- 0 after a failed CALL).
CREATE TABLE rowmark (a INT);
CREATE PROCEDURE pdec(IN d DECIMAL(5,2), OUT o DECIMAL(4,1)) BEGIN SET o = d; SELECT d, o; END;
CALL pdec(3.14159, @d1);
CALL pdec(99.99, @d2);
CREATE PROCEDURE pvc(OUT o VARCHAR(3)) SET o = 'abcdef';
SET @v = 'keep';
CALL pvc(@v);
SELECT @d1, @d2, @v;
CREATE PROCEDURE ptiny(IN i TINYINT) SELECT i;
INSERT INTO rowmark VALUES (1);
CALL pdec(123456, @d2);
CALL pdec('abc', @d2);
INSERT INTO rowmark VALUES (1);
CALL ptiny(1000);
CALL ptiny('12abc');
CALL pin(1, 'abcdef');
SELECT @d2;
SET sql_mode = '';
CALL ptiny(1000);
CALL pvc(@v);
SET sql_mode = DEFAULT;

-- == Locals: DECLARE with and without DEFAULT (several names at once), types applied.
DELIMITER //
CREATE PROCEDURE defs()
BEGIN
  DECLARE a, b INT DEFAULT 5;
  DECLARE c VARCHAR(10) DEFAULT CONCAT('x', 'y');
  DECLARE d DECIMAL(5,2) DEFAULT 1.005;
  DECLARE e INT;
  DECLARE f DATETIME DEFAULT '2024-01-02 03:04:05';
  DECLARE g BOOL DEFAULT TRUE;
  SELECT a, b, c, d, e, f, g, a + b AS s;
END//
DELIMITER ;
CALL defs();
CREATE PROCEDURE deflong() BEGIN DECLARE v VARCHAR(2) DEFAULT 'abc'; SELECT v; END;
CALL deflong();

-- == Control flow
DELIMITER //
CREATE PROCEDURE cf(IN n INT)
BEGIN
  DECLARE i INT DEFAULT 0;
  DECLARE res VARCHAR(200) DEFAULT '';
  outer_loop: LOOP
    SET i = i + 1;
    IF i > n THEN LEAVE outer_loop; END IF;
    IF i MOD 2 = 0 THEN ITERATE outer_loop; END IF;
    SET res = CONCAT(res, i, ',');
  END LOOP outer_loop;
  SET i = 0;
  REPEAT
    SET i = i + 1;
    SET res = CONCAT(res, 'r', i);
  UNTIL i >= 2 END REPEAT;
  w: WHILE i < 5 DO
    SET i = i + 1;
    IF i = 4 THEN ITERATE w; END IF;
    SET res = CONCAT(res, 'w', i);
  END WHILE w;
  SELECT res;
END//
CREATE PROCEDURE grade(IN x INT, OUT r VARCHAR(10))
BEGIN
  IF x IS NULL THEN SET r = 'none';
  ELSEIF x >= 90 THEN SET r = 'A';
  ELSEIF x >= 50 THEN SET r = 'B';
  ELSE SET r = 'C';
  END IF;
END//
CREATE PROCEDURE simple_case(IN x INT)
BEGIN
  CASE x
    WHEN 1 THEN SELECT 'one' AS r;
    WHEN 2 THEN SELECT 'two' AS r;
  END CASE;
END//
CREATE PROCEDURE searched_case(IN x INT, OUT r VARCHAR(10))
BEGIN
  CASE
    WHEN x < 0 THEN SET r = 'neg';
    WHEN x = 0 THEN SET r = 'zero';
    ELSE SET r = 'pos';
  END CASE;
END//
CREATE PROCEDURE nomatch(IN x INT)
BEGIN
  SET @nomatch = 'before';
  CASE WHEN x > 0 THEN SET @nomatch = 'pos'; END CASE;
  SET @nomatch = 'after';
END//
CREATE PROCEDURE shadow()
BEGIN
  DECLARE x INT DEFAULT 1;
  DECLARE r VARCHAR(50) DEFAULT CONCAT('o', x);
  BEGIN
    DECLARE x INT DEFAULT 2;
    SET r = CONCAT(r, 'i', x);
    SET x = 20;
    BEGIN
      DECLARE x VARCHAR(5) DEFAULT 'deep';
      SET r = CONCAT(r, x);
    END;
    SET r = CONCAT(r, 'i', x);
  END;
  SET r = CONCAT(r, 'o', x);
  SELECT r;
END//
CREATE PROCEDURE leave_block(OUT r VARCHAR(50))
blk: BEGIN
  SET r = 'a';
  IF r = 'a' THEN LEAVE blk; END IF;
  SET r = 'b';
END blk//
CREATE PROCEDURE nested_loops()
BEGIN
  DECLARE i, j INT DEFAULT 0;
  DECLARE r VARCHAR(100) DEFAULT '';
  o: WHILE i < 3 DO
    SET i = i + 1, j = 0;
    inr: LOOP
      SET j = j + 1;
      IF j > 3 THEN LEAVE inr; END IF;
      IF i = 2 THEN ITERATE o; END IF;
      IF i = 3 AND j = 2 THEN LEAVE o; END IF;
      SET r = CONCAT(r, i, j, ' ');
    END LOOP inr;
  END WHILE o;
  SELECT r;
END//
DELIMITER ;
CALL cf(7);
CALL grade(95, @a);
CALL grade(50, @b);
CALL grade(NULL, @d);
CALL searched_case(-4, @e);
CALL searched_case(NULL, @f);
CALL leave_block(@g);
SELECT @a, @b, @d, @e, @f, @g;
CALL simple_case(2);
CALL simple_case(3);
CALL nomatch(0);
SELECT @nomatch;
CALL shadow();
CALL nested_loops();

-- == DML inside a procedure: the CALL's OK packet carries the sum of the rows its
-- statements changed (SELECT ... INTO counts its row), ROW_COUNT() afterwards reads that
-- sum; LAST_INSERT_ID() is the last generated id, but the OK packet's insert id is 0.
DELIMITER //
CREATE PROCEDURE ins(IN k INT)
BEGIN
  DECLARE i INT DEFAULT 0;
  WHILE i < k DO
    INSERT INTO t (v, n) VALUES (CONCAT('r', i), i);
    SET i = i + 1;
  END WHILE;
END//
CREATE PROCEDURE mix()
BEGIN
  DECLARE x INT;
  INSERT INTO t (v, n) VALUES ('a', 1), ('b', 2);
  SET @rc1 = ROW_COUNT(), @li1 = LAST_INSERT_ID();
  UPDATE t SET n = n + 10 WHERE v IN ('a', 'b');
  SET @rc2 = ROW_COUNT();
  SELECT n INTO x FROM t WHERE v = 'a';
  SET @rc3 = ROW_COUNT();
  DELETE FROM t WHERE id = 999;
  SET @rc4 = ROW_COUNT();
END//
CREATE PROCEDURE upd_then_select()
BEGIN
  UPDATE t SET n = n + 100 WHERE v LIKE 'r%';
  SELECT COUNT(*) AS big FROM t WHERE n >= 100;
END//
CREATE PROCEDURE found(OUT c INT)
BEGIN
  DECLARE x INT;
  SELECT SQL_CALC_FOUND_ROWS id INTO x FROM t ORDER BY id LIMIT 1;
  SET c = FOUND_ROWS();
END//
DELIMITER ;
CALL ins(3);
SELECT ROW_COUNT(), LAST_INSERT_ID();
CALL mix();
SELECT ROW_COUNT(), LAST_INSERT_ID(), @rc1, @li1, @rc2, @rc3, @rc4;
CALL upd_then_select();
SELECT ROW_COUNT();
CREATE PROCEDURE sel_into_user() SELECT COUNT(*), MAX(id) INTO @cnt, @mx FROM t;
CALL sel_into_user();
CALL found(@c);
SELECT @c, FOUND_ROWS(), @cnt, @mx;
CREATE PROCEDURE sel_none() BEGIN DECLARE a INT DEFAULT -1; SELECT id INTO a FROM t WHERE id = 999; SELECT a; END;
CALL sel_none();
CREATE PROCEDURE sel_many() BEGIN DECLARE a INT; SELECT id INTO a FROM t; END;
CALL sel_many();

-- == Result sets: one per SELECT; a procedure that only writes answers with an OK packet.
CREATE PROCEDURE list_t(IN lo INT) SELECT id, v, n FROM t WHERE id >= lo ORDER BY id;
CALL list_t(2);
CALL list_t(100);
CREATE PROCEDURE two_sets() BEGIN SELECT 'first' AS a; SELECT 'second' AS b, 2 AS c; END;
CALL two_sets();
CREATE PROCEDURE writes_only() UPDATE t SET n = n + 1 WHERE id <= 2;
CALL writes_only();
CREATE PROCEDURE set_then_fail() BEGIN SELECT 'sent' AS s; INSERT INTO t (id) VALUES (1); END;
CALL set_then_fail();

-- == Handlers. Each block of h_blocks declares its own handlers; an EXIT handler leaves
-- the block that declared it. The most specific handler wins (error number, then SQLSTATE,
-- then SQLEXCEPTION); an inner block's handler is tried before the outer block's.
DELETE FROM t;
INSERT INTO t (id, v) VALUES (1, 'a');
DELIMITER //
CREATE PROCEDURE h_blocks()
BEGIN
  DECLARE x INT DEFAULT 7;
  SET @h = '';
  BEGIN
    DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET @h = CONCAT(@h, '/sqlex');
    SET @h = CONCAT(@h, 'continue');
    INSERT INTO t (id, v) VALUES (1, 'dup');
    SET @h = CONCAT(@h, '/after');
  END;
  BEGIN
    DECLARE EXIT HANDLER FOR SQLEXCEPTION SET @h = CONCAT(@h, '/exit');
    SET @h = CONCAT(@h, ' | exit');
    INSERT INTO t (id, v) VALUES (1, 'dup');
    SET @h = CONCAT(@h, '/not reached');
  END;
  BEGIN
    DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET @h = CONCAT(@h, '/sqlex');
    DECLARE CONTINUE HANDLER FOR SQLSTATE '23000' SET @h = CONCAT(@h, '/23000');
    DECLARE CONTINUE HANDLER FOR 1062 SET @h = CONCAT(@h, '/1062');
    SET @h = CONCAT(@h, ' | precedence');
    INSERT INTO t (id, v) VALUES (1, 'dup');
    INSERT INTO nn VALUES (NULL);
    INSERT INTO nosuch VALUES (1);
  END;
  BEGIN
    DECLARE CONTINUE HANDLER FOR SQLWARNING SET @h = CONCAT(@h, '/warn');
    SET @h = CONCAT(@h, ' | warning');
    SELECT 1/0 INTO @z;
    SET @h = CONCAT(@h, '/', IFNULL(@z, 'NULL'));
  END;
  BEGIN
    DECLARE CONTINUE HANDLER FOR NOT FOUND SET @h = CONCAT(@h, '/nf');
    SET @h = CONCAT(@h, ' | notfound');
    SELECT id INTO x FROM t WHERE id = 99;
    SET @h = CONCAT(@h, '/', IFNULL(x, 'NULL'));
  END;
  BEGIN
    DECLARE dup CONDITION FOR 1062;
    DECLARE nocol CONDITION FOR SQLSTATE '42S22';
    DECLARE EXIT HANDLER FOR dup SET @h = CONCAT(@h, '/dup');
    DECLARE EXIT HANDLER FOR nocol SET @h = CONCAT(@h, '/nocol');
    SET @h = CONCAT(@h, ' | named');
    SELECT nosuchcol FROM t;
  END;
  BEGIN
    DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET @h = CONCAT(@h, '/outer');
    SET @h = CONCAT(@h, ' | nested');
    BEGIN
      DECLARE CONTINUE HANDLER FOR 1062 SET @h = CONCAT(@h, '/inner');
      INSERT INTO t (id, v) VALUES (1, 'dup');
      INSERT INTO nosuch VALUES (1);
      SET @h = CONCAT(@h, '/inner-end');
    END;
    INSERT INTO t (id, v) VALUES (1, 'dup');
    SET @h = CONCAT(@h, '/end');
  END;
END//
-- Strict mode makes a too-long value an error: the SQLWARNING handler does not catch it.
CREATE PROCEDURE h_strict()
BEGIN
  DECLARE CONTINUE HANDLER FOR SQLWARNING SET @hs = 'warn';
  SET @hs = 'start';
  INSERT INTO t (id, v) VALUES (2, 'abcdefghijklmnop');
END//
CREATE PROCEDURE h_diag()
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    GET DIAGNOSTICS CONDITION 1 @sqlstate = RETURNED_SQLSTATE, @errno = MYSQL_ERRNO, @msg = MESSAGE_TEXT;
    GET DIAGNOSTICS @nconds = NUMBER;
  END;
  INSERT INTO t (id, v) VALUES (1, 'dup');
END//
-- A handler that sets a flag; the multi-row INSERT that failed at its second row is undone
-- as a whole (its first row is not kept), then the procedure goes on.
CREATE PROCEDURE h_flag(IN first_id INT, OUT failed INT)
BEGIN
  DECLARE CONTINUE HANDLER FOR 1062 SET failed = 1;
  SET failed = 0;
  INSERT INTO t (id, v) VALUES (first_id, 'p1'), (first_id + 1, 'p2');
  INSERT INTO log (msg) VALUES (CONCAT('h_flag failed=', failed));
END//
DELIMITER ;
CALL h_blocks();
SELECT @h;
CALL h_strict();
CALL h_diag();
CALL h_flag(10, @failed1);
CALL h_flag(0, @failed2);
SELECT @hs, @sqlstate, @errno, @msg, @nconds, @failed1, @failed2;
SELECT id, v FROM t ORDER BY id;
SELECT msg FROM log ORDER BY k;

-- == SIGNAL and RESIGNAL
DELIMITER //
CREATE PROCEDURE sig(IN code INT)
BEGIN
  DECLARE my_err CONDITION FOR SQLSTATE '45000';
  IF code = 1 THEN SIGNAL SQLSTATE '45000';
  ELSEIF code = 2 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'custom failure';
  ELSEIF code = 3 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'with errno', MYSQL_ERRNO = 5001;
  ELSEIF code = 4 THEN SIGNAL SQLSTATE '01000' SET MESSAGE_TEXT = 'just a warning';
  ELSEIF code = 5 THEN SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'no rows here';
  ELSEIF code = 6 THEN SIGNAL SQLSTATE '23000' SET MESSAGE_TEXT = 'fake dup', MYSQL_ERRNO = 1062;
  ELSEIF code = 7 THEN SIGNAL my_err SET MESSAGE_TEXT = 'named';
  END IF;
  SELECT 'end' AS sig_end;
END//
CREATE PROCEDURE resig()
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    SET @h = CONCAT(@h, ' | caught');
    RESIGNAL;
  END;
  INSERT INTO t (id, v) VALUES (1, 'dup');
END//
CREATE PROCEDURE resig_set(IN k INT)
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
    IF k = 1 THEN RESIGNAL SET MESSAGE_TEXT = 'resignalled dup';
    ELSE RESIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'new state', MYSQL_ERRNO = 5002;
    END IF;
  INSERT INTO t (id, v) VALUES (1, 'dup');
END//
CREATE PROCEDURE sig_handled()
BEGIN
  DECLARE CONTINUE HANDLER FOR SQLSTATE '45000' SET @h = CONCAT(@h, '/45000');
  SET @h = CONCAT(@h, ' | start');
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'handled';
  SET @h = CONCAT(@h, '/after');
END//
DELIMITER ;
CALL sig(1);
CALL sig(2);
CALL sig(3);
CALL sig(4);
CALL sig(5);
CALL sig(6);
SET @h = '';
CALL resig();
CALL resig_set(1);
CALL resig_set(2);
CREATE PROCEDURE resig_alone() RESIGNAL;
CALL resig_alone();
CALL sig(7);
CALL sig_handled();
SELECT @h;

-- == An unhandled error: SHOW WARNINGS adds a note with the line (counted in the text
-- SHOW CREATE PROCEDURE shows); what ran before it stays (autocommit).
DELIMITER //
CREATE PROCEDURE fails_midway()
BEGIN
  INSERT INTO log (msg) VALUES ('before');

  INSERT INTO t (id, v) VALUES (1, 'dup');
  INSERT INTO log (msg) VALUES ('after');
END//
CREATE PROCEDURE calls_failing() BEGIN CALL fails_midway(); END//
DELIMITER ;
CALL fails_midway();
SHOW WARNINGS;
SELECT msg FROM log ORDER BY k;
CALL calls_failing();
SHOW WARNINGS;
-- In a transaction the error leaves the transaction open with the earlier writes.
START TRANSACTION;
CALL fails_midway();
SELECT msg FROM log ORDER BY k;
ROLLBACK;
SELECT msg FROM log ORDER BY k;

-- == Warnings after CALL: a statement that uses tables clears the earlier ones.
DELIMITER //
CREATE PROCEDURE warn_kept() BEGIN INSERT IGNORE INTO t (id, v) VALUES (20, 'abcdefghijklm'); SET @x = 1; SELECT 2 INTO @y; END//
CREATE PROCEDURE warn_cleared() BEGIN INSERT IGNORE INTO t (id, v) VALUES (21, 'abcdefghijklm'); SELECT COUNT(*) INTO @y FROM t; END//
CREATE PROCEDURE warn_last() BEGIN DROP TABLE IF EXISTS nosuch1; DROP TABLE IF EXISTS nosuch2; END//
DELIMITER ;
CALL warn_kept();
CALL warn_cleared();
CALL warn_last();

-- == Cursors
DELETE FROM t;
INSERT INTO t (id, v) VALUES (1, 'a'), (2, 'b'), (3, 'c');
DELIMITER //
CREATE PROCEDURE cur_all(OUT res VARCHAR(100))
BEGIN
  DECLARE done INT DEFAULT 0;
  DECLARE a INT;
  DECLARE b VARCHAR(10);
  DECLARE cur CURSOR FOR SELECT id, v FROM t ORDER BY id DESC;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1;
  SET res = '';
  OPEN cur;
  rd: LOOP
    FETCH cur INTO a, b;
    IF done THEN LEAVE rd; END IF;
    SET res = CONCAT(res, a, b, ';');
  END LOOP rd;
  CLOSE cur;
END//
CREATE PROCEDURE cur_param(IN lim INT, OUT total INT)
BEGIN
  DECLARE x INT;
  DECLARE done BOOL DEFAULT FALSE;
  DECLARE cur CURSOR (p INT) FOR SELECT id FROM t WHERE id <= p;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = TRUE;
  SET total = 0;
  OPEN cur(lim);
  FETCH cur INTO x;
  WHILE NOT done DO
    SET total = total + x;
    FETCH cur INTO x;
  END WHILE;
  CLOSE cur;
END//
CREATE PROCEDURE cur_reopen()
BEGIN
  DECLARE x, y INT;
  DECLARE cur CURSOR FOR SELECT id FROM t ORDER BY id;
  OPEN cur;
  FETCH cur INTO x;
  FETCH cur INTO x;
  CLOSE cur;
  OPEN cur;
  FETCH cur INTO y;
  SELECT x, y;
END//
CREATE PROCEDURE cur_copy()
BEGIN
  DECLARE done INT DEFAULT 0;
  DECLARE a INT;
  DECLARE b VARCHAR(10);
  DECLARE cur CURSOR FOR SELECT id, v FROM t WHERE id < 3 ORDER BY id;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1;
  OPEN cur;
  REPEAT
    FETCH cur INTO a, b;
    IF NOT done THEN INSERT INTO log (msg) VALUES (CONCAT('copied ', a, b)); END IF;
  UNTIL done END REPEAT;
  CLOSE cur;
END//
CREATE PROCEDURE cur_err(IN k INT)
BEGIN
  DECLARE a, b, c INT;
  DECLARE cur CURSOR FOR SELECT id, n FROM t WHERE id > 1 ORDER BY id;
  IF k = 1 THEN FETCH cur INTO a, b;
  ELSEIF k = 2 THEN OPEN cur; OPEN cur;
  ELSEIF k = 3 THEN CLOSE cur;
  ELSEIF k = 4 THEN OPEN cur; FETCH cur INTO a, b; FETCH cur INTO a, b; FETCH cur INTO a, b;
  ELSEIF k = 5 THEN OPEN cur; FETCH cur INTO a;
  ELSEIF k = 6 THEN OPEN cur; FETCH cur INTO a, b, c;
  END IF;
END//
DELIMITER ;
CALL cur_all(@r);
CALL cur_param(2, @tot);
SELECT @r, @tot;
CALL cur_reopen();
CALL cur_copy();
SELECT msg FROM log ORDER BY k;
CALL cur_err(1);
CALL cur_err(2);
CALL cur_err(3);
CALL cur_err(4);
CALL cur_err(5);
CALL cur_err(6);

-- == Recursion: max_sp_recursion_depth is 0 by default; INOUT is not written back when
-- the CALL fails.
DELIMITER //
CREATE PROCEDURE rec(IN n INT, INOUT acc INT)
BEGIN
  IF n > 0 THEN
    SET acc = acc + n;
    CALL rec(n - 1, acc);
  END IF;
END//
DELIMITER ;
SET @acc = 0;
CALL rec(0, @acc);
CALL rec(3, @acc);
SET max_sp_recursion_depth = 5;
CALL rec(3, @acc);
SELECT @acc;
CALL rec(10, @acc);
SELECT @acc;
SET max_sp_recursion_depth = DEFAULT;

-- == CALL through PREPARE / EXECUTE: a ? for an INOUT parameter writes back into the
-- user variable of USING.
PREPARE s FROM 'CALL pinout(?)';
SET @x = 3;
EXECUTE s USING @x;
SELECT @x;
DEALLOCATE PREPARE s;

-- == Errors at CREATE time (nothing is created)
CREATE PROCEDURE e_dup_param(a INT, a INT) SELECT a;
CREATE PROCEDURE e_dup_var() BEGIN DECLARE v INT; DECLARE v INT; END;
CREATE PROCEDURE e_set_undeclared() BEGIN SET undeclared_v = 1; END;
CREATE PROCEDURE e_into_undeclared() BEGIN SELECT 1 INTO undeclared_v; END;
CREATE PROCEDURE e_leave() BEGIN LEAVE nolabel; END;
CREATE PROCEDURE e_iterate_block() lbl: BEGIN ITERATE lbl; END;
CREATE PROCEDURE e_return() BEGIN RETURN 1; END;
CREATE PROCEDURE e_cursor_before_var() BEGIN DECLARE c CURSOR FOR SELECT 1; DECLARE v INT; END;
CREATE PROCEDURE e_handler_before_cursor() BEGIN DECLARE CONTINUE HANDLER FOR SQLEXCEPTION BEGIN END; DECLARE c CURSOR FOR SELECT 1; END;
CREATE PROCEDURE e_dup_cond() BEGIN DECLARE c CONDITION FOR 1062; DECLARE c CONDITION FOR 1063; END;
CREATE PROCEDURE e_undef_cond() BEGIN DECLARE CONTINUE HANDLER FOR nocond BEGIN END; END;
CREATE PROCEDURE e_dup_cursor() BEGIN DECLARE c CURSOR FOR SELECT 1; DECLARE c CURSOR FOR SELECT 2; END;
CREATE PROCEDURE e_undef_cursor() BEGIN OPEN nocur; END;
CREATE PROCEDURE e_dup_handler() BEGIN DECLARE CONTINUE HANDLER FOR 1062 BEGIN END; DECLARE CONTINUE HANDLER FOR 1062 BEGIN END; END;
CREATE PROCEDURE e_bad_state() BEGIN DECLARE CONTINUE HANDLER FOR SQLSTATE '00000' BEGIN END; END;
CREATE PROCEDURE e_label() l1: BEGIN l1: BEGIN END; END;
CREATE PROCEDURE e_end_label() l1: BEGIN END l2;
CREATE PROCEDURE e_nested_create() BEGIN CREATE PROCEDURE q() SELECT 1; END;
-- An unknown column or table is only found at CALL time.
CREATE PROCEDURE late_error() SELECT undeclared_col FROM nosuch_table;
CALL late_error();
DROP PROCEDURE late_error;

-- == Introspection. ALTER PROCEDURE changes characteristics (not the body).
DELIMITER //
CREATE PROCEDURE p_chars(IN a INT, OUT b VARCHAR(20), INOUT c DECIMAL(6,2), d TEXT CHARSET latin1, e DATETIME(3), f ENUM('x','y'))
    COMMENT 'all kinds' DETERMINISTIC READS SQL DATA SQL SECURITY INVOKER
BEGIN
  # a comment
  SET b = 'x';  /* inline */ -- trailing
END//
DELIMITER ;
CREATE PROCEDURE p_last_wins() MODIFIES SQL DATA NOT DETERMINISTIC CONTAINS SQL NO SQL LANGUAGE SQL SQL SECURITY DEFINER COMMENT 'it''s' SELECT 1;
CREATE DEFINER = root@localhost PROCEDURE p_definer() SELECT 1;
-- metadata
SELECT ROUTINE_SCHEMA, ROUTINE_NAME, ROUTINE_TYPE, DATA_TYPE, ROUTINE_BODY, ROUTINE_DEFINITION, IS_DETERMINISTIC, SQL_DATA_ACCESS, SECURITY_TYPE, SQL_MODE, ROUTINE_COMMENT, DEFINER, CHARACTER_SET_CLIENT, COLLATION_CONNECTION, DATABASE_COLLATION FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME LIKE 'p\_%' ORDER BY ROUTINE_NAME;
-- metadata
SELECT SPECIFIC_NAME, ROUTINE_CATALOG, DTD_IDENTIFIER, CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION, EXTERNAL_NAME, PARAMETER_STYLE, SQL_PATH FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = 'p_chars';
-- metadata
SELECT * FROM information_schema.PARAMETERS WHERE SPECIFIC_SCHEMA = DATABASE() AND SPECIFIC_NAME IN ('p_chars', 'pout', 'pinout') ORDER BY SPECIFIC_NAME, ORDINAL_POSITION;
-- metadata
SHOW CREATE PROCEDURE p_chars;
SHOW CREATE PROCEDURE p_last_wins;
SHOW CREATE PROCEDURE p_definer;
SHOW CREATE PROCEDURE nosuch;
ALTER PROCEDURE p_definer COMMENT 'altered' SQL SECURITY INVOKER;
SHOW CREATE PROCEDURE p_definer;
ALTER PROCEDURE nosuch COMMENT 'x';
-- skip-result
SHOW PROCEDURE STATUS WHERE Db = DATABASE();
DROP PROCEDURE p_definer;
SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_TYPE = 'PROCEDURE';

-- == Stored functions
CREATE FUNCTION f_inc(a INT) RETURNS INT DETERMINISTIC RETURN a + 1;
SELECT f_inc(1), f_inc(NULL), f_inc(f_inc(40));
SELECT id, f_inc(id) AS nxt FROM t WHERE f_inc(id) > 2 ORDER BY id;
INSERT INTO t (id, v, n) VALUES (f_inc(99), 'fn', f_inc(0));
SELECT * FROM t WHERE id = 100;
SELECT f_inc();
SELECT nosuch_fn(1);
-- qualified by its database: a stored function only (a built-in's name is none), any case
SELECT t_procedures.f_inc(1), `t_procedures`.`F_INC`(2) AS q, T_PROCEDURES.f_inc(id) FROM t WHERE id = 1;
SELECT id, t_procedures.f_inc(id) FROM t ORDER BY t_procedures.f_inc(id) DESC LIMIT 2;
SELECT t_procedures.nosuch(1);
SELECT no_such_db.f_inc(1);
SELECT t_procedures.concat('a', 'b');
SELECT t_procedures.f_inc(1, 2);
SELECT t_procedures.f_inc();
DELIMITER //
CREATE FUNCTION f_fact(n INT) RETURNS BIGINT
BEGIN
  DECLARE r BIGINT DEFAULT 1;
  WHILE n > 1 DO
    SET r = r * n, n = n - 1;
  END WHILE;
  RETURN r;
END//
CREATE FUNCTION f_noreturn(n INT) RETURNS INT
BEGIN
  IF n > 0 THEN RETURN n; END IF;
END//
CREATE FUNCTION f_str(s VARCHAR(20)) RETURNS VARCHAR(5) RETURN CONCAT('<', s, '>')//
CREATE FUNCTION f_count() RETURNS INT READS SQL DATA RETURN (SELECT COUNT(*) FROM t)//
DELIMITER ;
SELECT f_fact(0), f_fact(5), f_fact(20), f_noreturn(3), f_str('ab'), f_count();
SELECT f_noreturn(0);
SELECT f_str('abcdef');
CREATE FUNCTION f_nor() RETURNS INT BEGIN END;
CREATE FUNCTION f_inc(a INT) RETURNS INT RETURN a;
SHOW CREATE FUNCTION f_inc;
SHOW CREATE FUNCTION f_str;
SHOW CREATE FUNCTION nosuch;
SELECT ROUTINE_NAME, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION, DTD_IDENTIFIER, ROUTINE_DEFINITION, IS_DETERMINISTIC, SQL_DATA_ACCESS FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_TYPE = 'FUNCTION' ORDER BY ROUTINE_NAME;
CALL f_inc(1);
SELECT pout(1, 2);
DROP FUNCTION f_noreturn;
DROP FUNCTION f_noreturn;
DROP FUNCTION IF EXISTS f_noreturn;
DROP PROCEDURE f_inc;

-- cursor parameters: counted when the routine is created (4080); typed as declared when opened
DELIMITER //
CREATE PROCEDURE cur_nargs() BEGIN DECLARE x INT; DECLARE c CURSOR (p INT) FOR SELECT p; OPEN c; END//
CREATE PROCEDURE cur_nargs2() BEGIN DECLARE c CURSOR FOR SELECT 1; OPEN c(1); END//
CREATE PROCEDURE cur_typed() BEGIN DECLARE x INT; DECLARE y VARCHAR(10); DECLARE c CURSOR (p INT, q VARCHAR(3)) FOR SELECT p, q; OPEN c(5, 'abcdef'); FETCH c INTO x, y; SELECT x, y; END//
CREATE PROCEDURE cur_reopen_args() BEGIN DECLARE x INT; DECLARE y VARCHAR(10); DECLARE c CURSOR (p INT, q VARCHAR(3)) FOR SELECT p, q; OPEN c(5, 'ab'); FETCH c INTO x, y; CLOSE c; OPEN c(x + 1, CONCAT(y, 'c')); FETCH c INTO x, y; SELECT x, y; END//
DELIMITER ;
CALL cur_typed();
SHOW WARNINGS;
SET sql_mode = '';
CALL cur_typed();
SHOW WARNINGS;
SET sql_mode = DEFAULT;
CALL cur_reopen_args();

-- CALL through EXECUTE ... USING: each ? of an OUT / INOUT parameter writes back into the
-- user variable it came from; a literal there is 1414
CREATE PROCEDURE pio(INOUT a INT, OUT b INT, IN c INT) SET a = a + c, b = a * 2;
PREPARE s FROM 'CALL pio(?, ?, ?)';
SET @x = 3, @y = 0;
EXECUTE s USING @x, @y, 10;
SELECT @x, @y;
EXECUTE s USING 5, @y, 1;
SELECT @y;
EXECUTE s USING @x, @y, @x;
SELECT @x, @y;
DEALLOCATE PREPARE s;

-- SET GLOBAL var = DEFAULT is the compiled-in default; SET SESSION var = DEFAULT the
-- global value.
SET GLOBAL max_prepared_stmt_count = 5;
SELECT @@global.max_prepared_stmt_count;
SET GLOBAL max_prepared_stmt_count = DEFAULT;
SELECT @@global.max_prepared_stmt_count;
SET GLOBAL wait_timeout = 100;
SET SESSION wait_timeout = DEFAULT;
SELECT @@session.wait_timeout, @@global.wait_timeout;
SET GLOBAL wait_timeout = DEFAULT;
SELECT @@global.wait_timeout;
SET SESSION wait_timeout = DEFAULT;
SELECT @@session.wait_timeout;
SET @old_mode = @@global.sql_mode;
SET GLOBAL sql_mode = 'ANSI_QUOTES';
SELECT @@global.sql_mode;
SET GLOBAL sql_mode = DEFAULT;
SELECT @@global.sql_mode;
SET GLOBAL sql_mode = @old_mode;
SET GLOBAL auto_increment_increment = 3;
SET GLOBAL auto_increment_increment = DEFAULT;
SELECT @@global.auto_increment_increment;

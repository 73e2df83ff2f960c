-- SET of several variables is MariaDB's check then update: every value is computed
-- before any is assigned, and a refused one leaves all as they were.
SET @x = NULL, @y = NULL, @a = 1;
SET @x = 1, sql_mode = 'bogus';
SELECT @x, @@sql_mode;
SET @y = 2, @@session.wait_timeout = 10, @@session.autocommit = 7;
SELECT @y, @@session.wait_timeout, @@autocommit;
SET @@session.wait_timeout = 11, @@session.net_read_timeout = 'abc';
SELECT @@session.wait_timeout, @@session.net_read_timeout;
SET @a = 5, @b = @a + 1;
SELECT @a, @b;
SET @@session.sql_mode = 'ANSI_QUOTES', @c = @@session.sql_mode;
SELECT @c, @@session.sql_mode;
SET @@session.sql_mode = DEFAULT;
SET @d = 1, @e = (SELECT 1 UNION SELECT 2);
SELECT @d, @e;
SET @f = 1, @g = no_such_column;
SELECT @f;
SET @h = 1, @@no_such_variable = 1;
SELECT @h;
SET @@session.max_join_size = 1000, @@session.sql_select_limit = 5, @i = @@session.max_join_size;
SELECT @i, @@session.max_join_size, @@session.sql_select_limit;
SET @@session.max_join_size = DEFAULT, @@session.sql_select_limit = DEFAULT;

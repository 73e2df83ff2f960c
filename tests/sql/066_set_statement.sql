-- SET STATEMENT var=value[, ...] FOR statement: session variables for one statement,
-- restored afterwards however it ends; max_statement_time's values and type; KILL's
-- errors that need no second connection.

CREATE TABLE ss (a INT, b VARCHAR(10));
INSERT INTO ss VALUES (1, 'x'), (2, 'y'), (3, NULL);

SELECT @@max_statement_time, @@session.max_statement_time, @@global.max_statement_time;
SET STATEMENT max_statement_time = 5 FOR SELECT @@max_statement_time, COUNT(*) FROM ss;
SELECT @@max_statement_time;
set statement max_statement_time=1.5 for select @@max_statement_time;
SET STATEMENT sql_mode = '', max_statement_time = 3 FOR SELECT @@sql_mode, @@max_statement_time;
SELECT @@sql_mode, @@max_statement_time;
-- a later assignment of the same variable wins; nested SET STATEMENT
SET STATEMENT max_statement_time = 1, max_statement_time = 2 FOR SELECT @@max_statement_time;
SET STATEMENT max_statement_time = 1 FOR SET STATEMENT sql_mode = 'ANSI' FOR SELECT @@max_statement_time, @@sql_mode;
SELECT @@max_statement_time, @@sql_mode;
-- the variable changes what the statement does: strict mode off for one INSERT
SET STATEMENT sql_mode = '' FOR INSERT INTO ss VALUES (4, 'longer than ten');
SHOW WARNINGS;
INSERT INTO ss VALUES (5, 'longer than ten');
SELECT * FROM ss ORDER BY a;
SET STATEMENT time_zone = '+05:00' FOR SELECT @@time_zone;
SELECT @@time_zone;
SET STATEMENT sort_buffer_size = 100000 FOR SELECT @@sort_buffer_size;
SELECT @@sort_buffer_size = 100000;
SET STATEMENT character_set_results = latin1 FOR SELECT @@character_set_results;
SELECT @@character_set_results;
-- a statement that fails: the values come back all the same
SET STATEMENT max_statement_time = 7 FOR SELECT * FROM no_such_table;
SELECT @@max_statement_time;
SET STATEMENT sql_mode = 'ANSI' FOR SELECT 1 / 0, a FROM no_such_table;
SELECT @@sql_mode;
-- a SET in the statement: the session value is still restored
SET STATEMENT max_statement_time = 2 FOR SET SESSION max_statement_time = 3;
SELECT @@max_statement_time;
SET STATEMENT sql_mode = '' FOR SET sql_mode = 'ANSI';
SELECT @@sql_mode;
-- other statements under SET STATEMENT
SET STATEMENT max_statement_time = 2 FOR SHOW VARIABLES LIKE 'max_statement_time';
SET STATEMENT max_statement_time = 2 FOR UPDATE ss SET a = a + 10 WHERE a = 1;
SET STATEMENT max_statement_time = 2 FOR DELETE FROM ss WHERE a = 2;
SELECT * FROM ss ORDER BY a;
SET STATEMENT max_statement_time = 2 FOR DO 1;
-- errors
SET STATEMENT max_statement_time = 'abc' FOR SELECT 1;
SET STATEMENT sql_mode = 'no_such_mode' FOR SELECT 1;
SET STATEMENT no_such_variable = 1 FOR SELECT 1;
SET STATEMENT autocommit = 0 FOR SELECT 1;
SET STATEMENT character_set_client = latin1 FOR SELECT 1;
SET STATEMENT wait_timeout = 10 FOR SELECT 1;
SET STATEMENT @x = 1 FOR SELECT 1;
SET STATEMENT global.sql_mode = '' FOR SELECT 1;
SET STATEMENT max_statement_time = 1 SELECT 1;
SET STATEMENT FOR SELECT 1;
SET STATEMENT max_statement_time = 1 FOR;
SELECT @@max_statement_time, @@sql_mode;
-- max_statement_time: clamped with a warning, six decimals
SET max_statement_time = -1;
SHOW WARNINGS;
SELECT @@max_statement_time;
SET max_statement_time = 99999999999;
SHOW WARNINGS;
SELECT @@max_statement_time;
SET max_statement_time = 1.2345678;
SELECT @@max_statement_time;
SET STATEMENT max_statement_time = -5 FOR SELECT @@max_statement_time;
SET max_statement_time = 'abc';
SET max_statement_time = DEFAULT;
SELECT @@max_statement_time;
SHOW VARIABLES LIKE 'max_statement_time';
-- KILL without a victim
KILL 999999;
KILL QUERY 999999;
KILL CONNECTION 999999;
KILL QUERY ID 999999;
KILL 1 + 999998;
KILL 4294967296;
KILL HARD QUERY 999999;
KILL SOFT CONNECTION 999999;
KILL QUERY CONNECTION_ID();
SELECT 'still here';
DROP TABLE ss;

-- BINARY alone is a character set's name (mariadb-import sends
-- SET @@character_set_database=binary); followed by a value it is the operator
SET @@character_set_database=binary;
SELECT @@character_set_database;
SET character_set_client = binary, @bs = 2;
SELECT @@character_set_client, @bs;
SET @ba = binary 'x';
SELECT @ba;
SET NAMES utf8mb4;
SET @@character_set_database = latin1;
SELECT @@character_set_database, @@collation_database;
SET collation_database = utf8mb4_unicode_ci;
SELECT @@character_set_database, @@collation_database;
SET character_set_server = latin1;
SELECT @@character_set_server, @@collation_server;
SET collation_server = DEFAULT, character_set_server = DEFAULT;
SELECT @@character_set_server, @@collation_server;
USE t_set_statement;
SELECT @@character_set_database, @@collation_database;

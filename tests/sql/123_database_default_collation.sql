-- CREATE DATABASE without CHARACTER SET or COLLATE takes the session's collation_server,
-- as MariaDB (a replica applies a primary's CREATE DATABASE with the primary's).
SET SESSION collation_server = latin1_swedish_ci;
CREATE DATABASE t_dbcoll_a;
SHOW CREATE DATABASE t_dbcoll_a;
SELECT DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 't_dbcoll_a';
CREATE TABLE t_dbcoll_a.t (a VARCHAR(10));
SHOW CREATE TABLE t_dbcoll_a.t;
SET SESSION collation_server = utf8mb4_unicode_520_ci;
CREATE DATABASE t_dbcoll_b;
SHOW CREATE DATABASE t_dbcoll_b;
CREATE DATABASE t_dbcoll_c CHARACTER SET utf8mb3;
SHOW CREATE DATABASE t_dbcoll_c;
SET SESSION collation_server = DEFAULT;
CREATE DATABASE t_dbcoll_d;
SHOW CREATE DATABASE t_dbcoll_d;
DROP DATABASE t_dbcoll_a;
DROP DATABASE t_dbcoll_b;
DROP DATABASE t_dbcoll_c;
DROP DATABASE t_dbcoll_d;

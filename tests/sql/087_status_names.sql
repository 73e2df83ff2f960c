-- SHOW STATUS and information_schema's GLOBAL_STATUS / SESSION_STATUS: MariaDB's names
-- and column types for the counters pressdb keeps (values move with each server's own
-- history: tests/integration/test_status.py compares how they move)
SELECT VARIABLE_NAME FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME LIKE 'COM\_%' ORDER BY 1;
SELECT COUNT(*) FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME IN ('QUESTIONS', 'QUERIES', 'BYTES_SENT', 'BYTES_RECEIVED', 'UPTIME', 'THREADS_CONNECTED', 'CONNECTIONS', 'ABORTED_CLIENTS', 'ABORTED_CONNECTS', 'MAX_USED_CONNECTIONS', 'THREADS_RUNNING', 'UPTIME_SINCE_FLUSH_STATUS');
SELECT VARIABLE_NAME, VARIABLE_VALUE > 0 FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN ('THREADS_CONNECTED', 'THREADS_RUNNING', 'CONNECTIONS') ORDER BY 1;
SELECT * FROM information_schema.SESSION_VARIABLES WHERE VARIABLE_NAME = 'AUTOCOMMIT';
SHOW GLOBAL STATUS LIKE 'Com\_xa%';
SHOW SESSION STATUS WHERE Variable_name IN ('Com_xa_start', 'Com_show_binlog_status', 'Com_create_role');
-- result metadata: TRUE/FALSE are INT(5) (CREATE ... SELECT shows it), UUID() a CHAR,
-- and +, -, * of operands that cannot be NULL are NOT NULL
SELECT TRUE, FALSE, LENGTH(UUID());
CREATE TABLE sn (a INT NOT NULL, b INT, c DECIMAL(5,2) NOT NULL, d DOUBLE NOT NULL);
INSERT INTO sn VALUES (1, NULL, 2.5, 3);
SELECT a + 1, a - b, a * 2, c * a, d + 1, a / 2, a % 2, 'x' + 1, NULL + 1 FROM sn;
CREATE TABLE sn2 AS SELECT TRUE AS t, a + 1 AS x, a * c AS y, b - a AS z FROM sn;
SHOW CREATE TABLE sn2;
DROP TABLE sn, sn2;

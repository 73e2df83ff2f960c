-- The mysql schema's grant tables as MariaDB 10.11 shows them, read by root: accounts
-- with global, database and table grants and with and without passwords (engine/
-- infoschema.c ex_mysql_schema). pressdb keeps no Grantor or Timestamp of a grant, no
-- password_last_changed, proxy, role, column or routine grants: those are left out here.

CREATE USER 'ms_a'@'localhost' IDENTIFIED BY 'secret';
CREATE USER 'ms_b'@'%';
CREATE USER 'ms_c'@'10.0.0.%' IDENTIFIED BY 'other';
GRANT SELECT, INSERT, PROCESS ON *.* TO 'ms_a'@'localhost';
GRANT ALL PRIVILEGES ON ms_db.* TO 'ms_b'@'%';
GRANT SELECT, UPDATE ON `ms\_x%`.* TO 'ms_b'@'%' WITH GRANT OPTION;
GRANT SELECT, DELETE, CREATE VIEW ON t_mysql_schema.tp TO 'ms_c'@'10.0.0.%';
GRANT RELOAD, SHUTDOWN, FILE, CREATE USER, SUPER ON *.* TO 'ms_c'@'10.0.0.%' WITH GRANT OPTION;
CREATE TABLE tp (a INT);

-- ordered
SELECT Host, User, Password, Select_priv, Insert_priv, Update_priv, Delete_priv, Create_priv, Drop_priv,
       Reload_priv, Shutdown_priv, Process_priv, File_priv, Grant_priv, References_priv, Index_priv,
       Alter_priv, Show_db_priv, Super_priv, Create_tmp_table_priv, Lock_tables_priv, Execute_priv,
       Repl_slave_priv, Repl_client_priv, Create_view_priv, Show_view_priv, Create_routine_priv,
       Alter_routine_priv, Create_user_priv, Event_priv, Trigger_priv, Create_tablespace_priv,
       Delete_history_priv, ssl_type, ssl_cipher, x509_issuer, x509_subject, max_questions, max_updates,
       max_connections, max_user_connections, plugin, authentication_string, password_expired, is_role,
       default_role, max_statement_time
FROM mysql.user WHERE User LIKE 'ms\_%' ORDER BY User, Host;
-- ordered
SELECT User, Host, LEFT(JSON_VALUE(Priv, '$.access'), 30), LEFT(JSON_VALUE(Priv, '$.plugin'), 30),
       LEFT(JSON_VALUE(Priv, '$.authentication_string'), 60)
FROM mysql.global_priv WHERE User LIKE 'ms\_%' ORDER BY User;
-- ordered
SELECT * FROM mysql.db WHERE User LIKE 'ms\_%' ORDER BY User, Db;
-- ordered
SELECT Host, Db, User, Table_name, Table_priv, Column_priv FROM mysql.tables_priv WHERE User LIKE 'ms\_%' ORDER BY User;
-- ordered
SELECT u.User, COUNT(d.Db) FROM mysql.user u LEFT JOIN mysql.db d ON d.User = u.User AND d.Host = u.Host
WHERE u.User LIKE 'ms\_%' GROUP BY u.User ORDER BY u.User;
SELECT COUNT(*) FROM mysql.columns_priv WHERE User LIKE 'ms\_%';
SELECT COUNT(*) FROM mysql.procs_priv WHERE User LIKE 'ms\_%';
SELECT COUNT(*) FROM mysql.roles_mapping WHERE User LIKE 'ms\_%';
SELECT COUNT(*) FROM mysql.proxies_priv WHERE User LIKE 'ms\_%';
SELECT * FROM mysql.no_such_table;

-- changes show at once
REVOKE INSERT ON *.* FROM 'ms_a'@'localhost';
SET PASSWORD FOR 'ms_b'@'%' = PASSWORD('now');
-- ordered
SELECT User, Insert_priv, Select_priv, Password FROM mysql.user WHERE User LIKE 'ms\_%' ORDER BY User;
DROP USER 'ms_c'@'10.0.0.%';
-- ordered
SELECT User FROM mysql.user WHERE User LIKE 'ms\_%' ORDER BY User;
SELECT COUNT(*) FROM mysql.tables_priv WHERE User LIKE 'ms\_%';

DROP USER 'ms_a'@'localhost';
DROP USER 'ms_b'@'%';
DROP TABLE tp;

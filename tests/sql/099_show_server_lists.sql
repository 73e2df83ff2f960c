-- SHOW PRIVILEGES (MariaDB 10.11's list), and with MariaDB's columns but no rows (no binary
-- log, no replication, no table cache): SHOW MASTER STATUS, SHOW SLAVE STATUS, SHOW OPEN
-- TABLES. SHOW PLUGINS takes no LIKE. (SHOW PLUGINS itself lists what pressdb has, not
-- MariaDB's 69 plugins: not compared.)
SHOW PRIVILEGES;
SHOW MASTER STATUS;
SHOW SLAVE STATUS;
SHOW OPEN TABLES FROM mysql LIKE 'no_such_table';
SHOW PLUGINS LIKE 'InnoDB';
-- no binary log, no relay log, no profiling: their columns, no rows
SHOW BINLOG EVENTS;
SHOW BINLOG EVENTS FROM 4 LIMIT 2, 3;
SHOW BINLOG STATUS;
SHOW RELAYLOG EVENTS;
SHOW RELAYLOG 'm1' EVENTS LIMIT 1;
SHOW PROFILES;
SHOW ALL SLAVES STATUS;
SHOW ALL REPLICAS STATUS;
SHOW ALL SLAVES;

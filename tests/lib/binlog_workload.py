"""A workload for the binary log's tests (test_binlog, test_replica): every column kind
WordPress uses and more, INSERT/UPDATE/DELETE, ON DUPLICATE KEY UPDATE and REPLACE, DDL,
CREATE TABLE ... SELECT; and a writer thread's loop of rows, transactions and DDL."""
import pymysql

DB = "binlog_pitr"

SCHEMA = [
    "CREATE DATABASE " + DB,
    "USE " + DB,
    """CREATE TABLE kinds (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
        ti TINYINT, tu TINYINT UNSIGNED, si SMALLINT, mi MEDIUMINT, mu MEDIUMINT UNSIGNED,
        i INT, iu INT UNSIGNED, bi BIGINT, bu BIGINT UNSIGNED,
        d1 DECIMAL(10,3), d2 DECIMAL(30,10), d3 DECIMAL(5,0) UNSIGNED, d4 DECIMAL(65,30),
        fl FLOAT, db DOUBLE,
        c CHAR(5), cb CHAR(3) CHARACTER SET latin1, vc VARCHAR(70), vl VARCHAR(300) CHARACTER SET latin1,
        bn BINARY(4), vb VARBINARY(10), tt TINYTEXT, tx TEXT, mt MEDIUMTEXT, lt LONGTEXT, bl BLOB,
        dt DATE, dtm DATETIME, dtm6 DATETIME(6), ts TIMESTAMP NULL, ts3 TIMESTAMP(3) NULL,
        tm TIME, tm2 TIME(2), tm5 TIME(5), yr YEAR,
        en ENUM('a','b','c d'), st SET('x','y','z'), bt BIT(1), bt12 BIT(12), js JSON
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci""",
    """CREATE TABLE wp_options (
        option_id BIGINT(20) UNSIGNED NOT NULL AUTO_INCREMENT,
        option_name VARCHAR(191) NOT NULL DEFAULT '',
        option_value LONGTEXT NOT NULL,
        autoload VARCHAR(20) NOT NULL DEFAULT 'yes',
        PRIMARY KEY (option_id), UNIQUE KEY option_name (option_name), KEY autoload (autoload)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci""",
    """CREATE TABLE nokey (a INT, b VARCHAR(10)) ENGINE=InnoDB""",
]

ROWS = [
    "INSERT INTO kinds VALUES (NULL, -128, 255, -32768, -8388608, 16777215, -2147483648, 4294967295,"
    " -9223372036854775808, 18446744073709551615, -1234567.891, -12345678901234567890.0123456789, 99999,"
    " 12345678901234567890123456789012345.123456789012345678901234567891, -1.5e10, 2.2250738585072014e-308,"
    " 'héllo', 'é€ ', 'ünïcødé 😀 text', CONCAT('ñ', REPEAT('x', 289)), 'a\\0b', 'bin\\0\\1', 'tiny', 'text',"
    " 'medium', REPEAT('long ', 1000), 'blob\\0\\xff', '2024-02-29', '1999-12-31 23:59:59',"
    " '2024-01-02 03:04:05.123456', '2024-06-01 12:00:00', '2038-01-19 03:14:07.999',"
    " '-838:59:59', '12:34:56.78', '-00:00:01.12345', 2155, 'c d', 'x,z', b'1', b'101010101010',"
    " '{\"k\": [1, 2, \"three\"]}')",
    "INSERT INTO kinds (id) VALUES (NULL)",
    "INSERT IGNORE INTO kinds (ti, d1, d2, d4, c, dtm, tm, yr, en, st, bt12, vc) VALUES"
    " (0, 0, 0, 0, '', '0000-00-00 00:00:00', '00:00:00', 0, '', '', b'0', ''),"
    " (1, -0.001, 0.0000000001, -0.000000000000000000000000000001, 'x', '2000-01-01', '838:59:59', 1901, 'a', 'x,y,z', b'111111111111', 'a')",
    "INSERT INTO wp_options (option_name, option_value, autoload) VALUES"
    " ('siteurl', 'http://example.org', 'yes'), ('blogname', 'A blog', 'yes'), ('cron', 'a:0:{}', 'no')",
    "INSERT INTO nokey VALUES (1, 'one'), (1, 'one'), (2, NULL)",
]

LATER = [
    "UPDATE kinds SET i = i + 1, vc = CONCAT(vc, '!') WHERE id = 1",
    "UPDATE kinds SET ts3 = '2001-02-03 04:05:06.789', tm5 = '-12:00:00.5' WHERE id = 2",
    "DELETE FROM kinds WHERE id = 3",
    "UPDATE nokey SET b = 'uno' WHERE a = 1 LIMIT 1",
    "DELETE FROM nokey WHERE b IS NULL",
    "INSERT INTO wp_options (option_name, option_value) VALUES ('blogname', 'B blog')"
    " ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)",
    "REPLACE INTO wp_options (option_id, option_name, option_value) VALUES (1, 'siteurl', 'https://example.org')",
    "ALTER TABLE wp_options ADD COLUMN extra INT DEFAULT 7",
    "UPDATE wp_options SET extra = option_id * 10",
    "CREATE TABLE copy AS SELECT option_id, option_name FROM wp_options",
    "RENAME TABLE copy TO copy2",
    "TRUNCATE TABLE copy2",
    "INSERT INTO copy2 VALUES (5, 'five'), (6, 'six')",
    "CREATE TABLE trg_log (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(191))",
    "CREATE TRIGGER opt_ai AFTER INSERT ON wp_options FOR EACH ROW INSERT INTO trg_log (name) VALUES (NEW.option_name)",
    "INSERT INTO wp_options (option_name, option_value) VALUES ('t1', 'x'), ('t2', 'y')",
    "CREATE VIEW v_opts AS SELECT option_name, autoload FROM wp_options WHERE autoload = 'yes'",
]


def writer(port, wid, stop, acked):
    try:
        c = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True, database=DB)
        cur = c.cursor()
        n = 0
        while not stop.is_set():
            n += 1
            cur.execute("INSERT INTO nokey VALUES (%s, %s)", (wid * 1000000 + n, "w%d" % wid))
            acked.append(n)
            if n % 3 == 0:
                cur.execute("START TRANSACTION")
                cur.execute("UPDATE nokey SET b = CONCAT(b, '+') WHERE a = %s", (wid * 1000000 + n - 1,))
                cur.execute("DELETE FROM nokey WHERE a = %s", (wid * 1000000 + n - 2,))
                cur.execute("COMMIT")
            if n % 50 == 0:
                cur.execute("ALTER TABLE wp_options COMMENT 'w%d %d'" % (wid, n))
    except Exception:
        pass   # killed under us



-- A JSON column's CHECK (json_valid(col)) as MariaDB evaluates it: the reason a document
-- is bad is a Note (4037, 4038, as JSON_VALID gives), then error 4025; with INSERT IGNORE
-- or UPDATE IGNORE the row is skipped with warning 4025 (an UPDATE does not count it as
-- matched) and the statement goes on.

CREATE TABLE jk (id INT PRIMARY KEY AUTO_INCREMENT, c JSON);
INSERT INTO jk (c) VALUES ('[1');
SHOW WARNINGS;
INSERT IGNORE INTO jk (c) VALUES ('[1'), ('{}'), ('x'), ('[2]');
SHOW WARNINGS;
INSERT IGNORE INTO jk (c) SELECT '[' UNION ALL SELECT '[3]';
SHOW WARNINGS;
INSERT IGNORE INTO jk (id, c) VALUES (2, '[9]'), (20, '{');
SHOW WARNINGS;
INSERT INTO jk (c) VALUES ('[4]');
SELECT * FROM jk ORDER BY id;
SELECT LAST_INSERT_ID();
CREATE TABLE jv (c LONGTEXT CHECK (JSON_VALID(c)));
INSERT INTO jv VALUES ('[1,');
SHOW WARNINGS;
SET sql_mode = '';
INSERT INTO jk (c) VALUES ('x');
SHOW WARNINGS;
SET sql_mode = DEFAULT;
CREATE TABLE ju (id INT PRIMARY KEY, c JSON);
INSERT INTO ju VALUES (1, '[1]'), (2, '[2]'), (3, '[3]');
UPDATE IGNORE ju SET c = '[x' WHERE id = 1;
SHOW WARNINGS;
UPDATE IGNORE ju SET c = IF(id = 2, '{', CONCAT('[', id, ']')) WHERE id >= 2;
SHOW WARNINGS;
UPDATE IGNORE ju SET c = IF(id = 3, '{"a": 1}', '[') ;
SHOW WARNINGS;
UPDATE ju SET c = '[x' WHERE id = 2;
SHOW WARNINGS;
SELECT * FROM ju ORDER BY id;

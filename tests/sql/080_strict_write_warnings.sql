-- Strict mode makes a truncation warning of an UPDATE an error, wherever the statement
-- meets it (its WHERE, a subquery, SET), and the statement changes nothing (MariaDB's
-- abort_on_warning); IGNORE and a non-strict sql_mode leave it a warning. DELETE and
-- SELECT keep it a warning.
CREATE TABLE sw (id INT PRIMARY KEY, v VARCHAR(20), n INT, d DATE, KEY (v));
INSERT INTO sw VALUES (1,'abc',10,'2020-01-01'),(2,'5',20,'2020-01-02'),(3,'5x',30,NULL),(4,' 7',40,'2021-05-05'),(5,'0',50,'2022-02-02');
SET sql_mode = 'STRICT_TRANS_TABLES';
UPDATE sw SET n = n + 1 WHERE v = 0;
SHOW WARNINGS;
SELECT * FROM sw ORDER BY id;
UPDATE sw SET n = n + 1 WHERE v = 5;
SELECT * FROM sw ORDER BY id;
UPDATE sw SET n = n + 1 WHERE v = '5';
SELECT * FROM sw ORDER BY id;
UPDATE sw SET n = n + 1 WHERE id = '2x';
SELECT * FROM sw ORDER BY id;
UPDATE sw SET n = n + 1 WHERE id = ' 2';
SHOW WARNINGS;
SELECT * FROM sw ORDER BY id;
UPDATE sw SET n = n + 1 WHERE d = '2020-01-01 garbage';
SELECT * FROM sw ORDER BY id;
UPDATE sw SET n = n + 1 WHERE d < 'zzz';
UPDATE sw SET n = n + 1 WHERE n > 5 AND v + 0 > 1;
SELECT * FROM sw ORDER BY id;
DELETE FROM sw WHERE v = 5;
SELECT * FROM sw ORDER BY id;
DELETE FROM sw WHERE id IN (SELECT id FROM sw AS s2 WHERE s2.v = 0);
SELECT * FROM sw ORDER BY id;
UPDATE IGNORE sw SET n = n + 1 WHERE v = 0;
SHOW WARNINGS;
SELECT * FROM sw ORDER BY id;
DELETE IGNORE FROM sw WHERE v = 5;
SHOW WARNINGS;
SELECT * FROM sw ORDER BY id;
SELECT id FROM sw WHERE v = 0 ORDER BY id;
SHOW WARNINGS;
SET sql_mode = '';
UPDATE sw SET n = n + 1 WHERE v = 0;
SHOW WARNINGS;
SELECT * FROM sw ORDER BY id;
SET sql_mode = 'STRICT_ALL_TABLES';
UPDATE sw SET n = n + 1 WHERE v = 0;
SELECT * FROM sw ORDER BY id;
SET STATEMENT sql_mode = '' FOR UPDATE sw SET n = n + 1 WHERE v = 0;
SELECT * FROM sw ORDER BY id;
SET sql_mode = DEFAULT;
UPDATE sw SET n = n + 1 WHERE v = 0;
SELECT * FROM sw ORDER BY id;
DROP TABLE sw;

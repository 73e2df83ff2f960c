-- options: metadata
-- IF, IFNULL, COALESCE, CASE, GREATEST and LEAST of integers and DECIMALs only, as MariaDB
-- sizes them (count_decimal_length, aggregate_attributes_int): the most integer digits of
-- any argument (an integer literal's or TRUE's without a sign, another integer's length
-- less its sign's place, a DECIMAL's integer digits), the most decimals of any, and a place
-- for the sign unless all are unsigned: IF(c, 1, 0) is 2 long, IF(c, 1.5, 2.25) DECIMAL(3,2)
-- 5 long. IF of a value and NULL keeps the value's length, NULLIF its first argument's.
CREATE TABLE hn (id INT PRIMARY KEY, c INT NOT NULL, a INT, u INT UNSIGNED, b BIGINT, ti TINYINT, uti TINYINT UNSIGNED, d DECIMAL(5,2), ud DECIMAL(5,2) UNSIGNED, y YEAR, nn INT NOT NULL);
INSERT INTO hn VALUES (1, 1, -5, 7, 123456789012, -3, 200, -12.5, 3.25, 2024, 9), (2, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0);
SELECT id, CASE WHEN c THEN 1 ELSE 0 END, IF(c, 1, 0), COALESCE(1, 0), IFNULL(1, 2), IF(c, 10, 5), IF(c, -1, 0), IF(c, 1, -10), IF(c, 100, 2), IF(c, 0, -0) FROM hn ORDER BY id;
SELECT id, IFNULL(a, 1), IFNULL(1, a), IF(c, a, 1), IF(c, 1, a), IF(c, ti, 1), IF(c, ti, 100), IF(c, b, 1), COALESCE(ti, 1), COALESCE(ti, -1), CASE WHEN c THEN ti ELSE 5 END, IF(c, nn, 1) FROM hn ORDER BY id;
SELECT id, IF(c, 123456789, 0), IF(c, 1234567890, 0), IF(c, -123456789, 0), IF(c, 2147483647, 0), IF(c, 9223372036854775807, 0), IF(c, 18446744073709551615, 0) FROM hn ORDER BY id;
SELECT id, IF(c, 1.5, 0), IF(c, 1.5, 2.25), IF(c, -1.5, 0), IF(c, 1, 1.5), IF(c, 0.5, 1), IF(c, 1.50, 2), IF(c, -1.5, 10), COALESCE(1.5, 10), COALESCE(1.5, 2) FROM hn ORDER BY id;
SELECT id, IF(c, d, 1), IF(c, d, 1.5), IF(c, ud, 1), IF(c, ud, -1.5), COALESCE(d, ud), IF(c, ud, ud), IF(c, u, u), IF(c, u, 1), IF(c, u, -1), IF(c, 1, ti), IF(c, ti, uti), IF(c, uti, 1), IF(c, y, 1) FROM hn ORDER BY id;
SELECT id, IF(c, 1, NULL), IF(c, NULL, 1), IF(c, -1, NULL), COALESCE(NULL, 1), IFNULL(1, NULL), CASE WHEN c THEN 1 END, CASE c WHEN 1 THEN 10 WHEN 0 THEN -5 END, NULLIF(1, c) FROM hn ORDER BY id;
SELECT id, IF(c, TRUE, 0), IF(c, FALSE, 0), IF(c, TRUE, 10), COALESCE(TRUE, 1), CASE WHEN c THEN TRUE END, IF(c, TRUE, FALSE) FROM hn ORDER BY id;
SELECT GREATEST(1, 0), GREATEST(a, 1), LEAST(-1, 10), LEAST(1, -1), GREATEST(1.5, 2.25) FROM hn ORDER BY id;
CREATE TABLE hn2 AS SELECT IF(c, 1, 0) AS i, IF(c, 1.5, 2.25) AS dd, COALESCE(1, 0) AS co, CASE WHEN c THEN 10 ELSE -5 END AS ca FROM hn;
SHOW CREATE TABLE hn2;
DROP TABLE hn, hn2;

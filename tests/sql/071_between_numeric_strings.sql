-- A number BETWEEN string literals: the strings are read as numbers (ex_compare, on
-- every row, warning for one that is not a clean number). A clean one is read once when
-- compiling, and again for each new literal of a kept program (expr.c num_bound,
-- ex_kept_use): the same rows and the same warnings as MariaDB whatever the literals, in
-- whatever order the plan cache sees them. The WordPress shape is Yoast's
-- `CAST(meta_value AS SIGNED) BETWEEN '1' AND '40'`.
CREATE TABLE nbs (id INT PRIMARY KEY, v VARCHAR(20), n INT, d DECIMAL(8,2), f DOUBLE, u BIGINT UNSIGNED);
INSERT INTO nbs VALUES (1, '5', 5, 5.50, 5.5, 5), (2, '40', 40, 40.00, 40, 40), (3, 'abc', NULL, -1.25, -1.25, 0),
  (4, '12abc', 12, 12.00, 12, 12), (5, ' 7', 7, 7.00, 7, 7), (6, '1e1', 10, 10.00, 10, 10), (7, '', 0, 0, 0, 18446744073709551615),
  (8, '41', 41, 40.01, 40.01, 41), (9, NULL, 1, 1.00, 1, 1), (10, '-3', -3, -3.00, -3, 3);
SELECT id FROM nbs WHERE CAST(v AS SIGNED) BETWEEN '1' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS SIGNED) BETWEEN '1' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS SIGNED) BETWEEN '1' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS SIGNED) BETWEEN '2' AND '12' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS SIGNED) BETWEEN 'x' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS SIGNED) BETWEEN '1' AND '40 ' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS SIGNED) BETWEEN '' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS SIGNED) BETWEEN '1e0' AND '4e1' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS SIGNED) BETWEEN ' 1' AND '0x28' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS SIGNED) NOT BETWEEN '1' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS UNSIGNED) BETWEEN '1' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS DECIMAL(6,1)) BETWEEN '1.5' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE CAST(v AS DOUBLE) BETWEEN '-3' AND '7' ORDER BY id;
SELECT id FROM nbs WHERE n BETWEEN '5' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE n BETWEEN '5' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE n BETWEEN '5.5' AND '12.0' ORDER BY id;
SELECT id FROM nbs WHERE n BETWEEN 'five' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE n BETWEEN X'35' AND '40' ORDER BY id;
SELECT id FROM nbs WHERE d BETWEEN '5.5' AND '40.00' ORDER BY id;
SELECT id FROM nbs WHERE d BETWEEN '5.5' AND '40.005' ORDER BY id;
SELECT id FROM nbs WHERE d BETWEEN '-1.25' AND '1' ORDER BY id;
SELECT id FROM nbs WHERE f BETWEEN '5.5' AND '40.01' ORDER BY id;
SELECT id FROM nbs WHERE u BETWEEN '10' AND '18446744073709551615' ORDER BY id;
SELECT id FROM nbs WHERE u BETWEEN '10' AND '1e30' ORDER BY id;
SELECT id FROM nbs WHERE n BETWEEN '5' AND '40' AND v BETWEEN '1' AND '5' ORDER BY id;
SELECT id, n BETWEEN '5' AND '40', CAST(v AS SIGNED) BETWEEN '7' AND 'z' FROM nbs ORDER BY id;

-- options: metadata
-- A negation is signed whatever its operand (MariaDB's Item_func_neg): -u of an INT UNSIGNED
-- has no UNSIGNED_FLAG. Its decimal_precision() is its operand's, so x DIV 2 of -x is as long
-- as x DIV 2 (-a DIV 2 of an INT is 10 long, not 11).
CREATE TABLE ng (id INT PRIMARY KEY, a INT, u INT UNSIGNED, b BIGINT, ub BIGINT UNSIGNED, uti TINYINT UNSIGNED, d DECIMAL(5,2), ud DECIMAL(5,2) UNSIGNED, y YEAR, f DOUBLE);
INSERT INTO ng VALUES (1, -7, 7, -70, 70, 200, -12.5, 3.25, 2024, 17.5), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT id, -u, -uti, -ud, -y, -ub, -(-u), -a FROM ng ORDER BY id;
SELECT id, -a DIV 2, -u DIV 2, -(-a) DIV 2, -(a + 1) DIV 2, -b DIV 2, -ub DIV 2, -uti DIV 2, -d DIV 2, -ud DIV 2, -y DIV 2, -f DIV 2, - 7 DIV 2, -(7) DIV 2, -7.55 DIV 2 FROM ng ORDER BY id;
DROP TABLE ng;

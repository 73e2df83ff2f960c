-- A UNION's string column is binary when a member gives binary bytes of the same or a
-- stronger derivation than the text beside it (MariaDB's DTCollation::aggregate): 'a'
-- UNION X'41' keeps both rows, as their bytes differ. A column's or a COLLATE's text wins
-- over a binary literal. Found by probing: pressdb kept the first member's collation and
-- folded 'A' into 'a'.
SELECT CONCAT('a') UNION SELECT X'41';
SELECT X'41' UNION SELECT 'a';
SELECT 'a' UNION SELECT CAST('A' AS BINARY) UNION SELECT 'b';
SELECT 'a' COLLATE utf8mb4_general_ci UNION SELECT _binary'A';
SELECT 'x' UNION ALL SELECT X'41' UNION SELECT 'X' ORDER BY 1;
CREATE TABLE ub (id INT PRIMARY KEY, v VARCHAR(10), b VARBINARY(10));
INSERT INTO ub VALUES (1, 'a', 'A'), (2, 'B', 'b'), (3, NULL, 'a');
SELECT v FROM ub UNION SELECT X'41' ORDER BY 1;
SELECT v FROM ub UNION SELECT b FROM ub ORDER BY 1;
SELECT b FROM ub UNION SELECT v FROM ub ORDER BY 1;
SELECT COUNT(*) FROM (SELECT v FROM ub UNION SELECT b FROM ub) d;
SELECT v FROM ub UNION DISTINCT SELECT 'A';
DROP TABLE ub;
-- the same rule in functions: a hexadecimal literal is coercible, a column's text wins
CREATE TABLE uf (id INT PRIMARY KEY, v VARCHAR(10)) CHARACTER SET utf8mb4;
INSERT INTO uf VALUES (1, 'a'), (2, NULL);
SELECT id, CHARSET(CONCAT(v, X'41')), CHARSET(IF(id, v, X'41')), CHARSET(COALESCE(v, 0x41)), v = X'61', v = X'41', CHARSET(CONCAT('a', X'41')), CHARSET(CONCAT(_utf8mb4'a' COLLATE utf8mb4_bin, X'41')), COERCIBILITY(X'41') FROM uf ORDER BY id;
SELECT id, CONCAT(v, X'41') = 'AA', CONCAT(v, X'41') = 'aA' FROM uf ORDER BY id;
DROP TABLE uf;

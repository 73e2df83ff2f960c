-- options: metadata
-- A hexadecimal or bit literal (X'41', 0x41, b'101') is sent as MariaDB's Item_hex_constant:
-- a VARBINARY with decimals 0 (not a string's 39) and UNSIGNED_FLAG; so are MIN/MAX of one,
-- NULLIF of one, IF of one and NULL, and a hybrid (IF, IFNULL, COALESCE, CASE) of 0x.. and
-- b'..' literals only (X'41' among them makes a plain string: 39). A derived table's or a
-- UNION's column of them keeps decimals 0 without UNSIGNED_FLAG (not compared here: their
-- org_name and org_table differ yet), MIN/MAX of that column 39.
CREATE TABLE hx (id INT PRIMARY KEY, a INT, s VARBINARY(5));
INSERT INTO hx VALUES (1, 1, 'x'), (2, NULL, NULL);
SELECT X'41', 0x41, b'101', X'', 0b11, x'4142', B'', 0x414243444546474849;
SELECT CONCAT(X'41'), IF(1, X'41', X'42'), COALESCE(0x41, 0x42), IFNULL(b'1', NULL), NULLIF(X'41', 'B'), CASE WHEN 1 THEN 0x41 END;
SELECT IFNULL(X'41', NULL), IFNULL(0x41, NULL), COALESCE(0x41, NULL), COALESCE(X'41', NULL), COALESCE(X'41'), COALESCE(X'41', 'x'), COALESCE(X'41', s), IFNULL(0x41, 0x4243) FROM hx ORDER BY id;
SELECT id, IF(a, 0x41, NULL), IF(a, NULL, b'1'), IF(a, X'41', NULL), NULLIF(0x41, a), NULLIF(X'41', a), NULLIF(X'41', 0x41), CASE WHEN a THEN X'41' ELSE NULL END FROM hx ORDER BY id;
SELECT MIN(0x41), MAX(X'41'), MIN(b'1') FROM hx;
SELECT MIN(h), MAX(g) FROM (SELECT X'41' h, 0x42 g) d;
DROP TABLE hx;

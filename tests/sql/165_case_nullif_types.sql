-- CASE x WHEN v and NULLIF over pairs of column types, found by the sweep of every pair
-- against MariaDB: an ENUM or SET operand compared with numbers only (or a number with an
-- ENUM value) is its number, as in x = v; NULLIF of a TEXT or BLOB keeps its own type
-- (TINYTEXT a TINYBLOB), its bytes counted as characters.
CREATE TABLE cn (id INT PRIMARY KEY, i INT, vc VARCHAR(20), tx TEXT, tt TINYTEXT, bl BLOB, e ENUM('x','yy'), st SET('a','b'), js JSON, nn INT NOT NULL);
INSERT INTO cn VALUES (1, -5, 'héllo', 'some text', 'tiny', 'blob', 'yy', 'a,b', '{"a": 1}', 3), (2, 2, 'tiny', 'z', 'tiny', 'b', 'x', 'b', '[]', 2), (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0);
SELECT id, CASE e WHEN 2 THEN 'y' ELSE 'n' END, CASE st WHEN 3 THEN 'y' ELSE 'n' END, CASE nn WHEN st THEN 'y' WHEN 7 THEN 'z' END, CASE e WHEN 'yy' THEN 'y' END, CASE e WHEN 1 THEN 'a' WHEN 2 THEN 'b' ELSE 'c' END, CASE i WHEN e THEN 'same' ELSE 'other' END FROM cn ORDER BY id;
-- metadata
SELECT id, NULLIF(tx, i), NULLIF(tt, vc), NULLIF(bl, 'b'), NULLIF(js, '[]'), NULLIF(tt, tx) FROM cn ORDER BY id;
SELECT id FROM cn WHERE CASE e WHEN 1 THEN 1 ELSE 0 END = 1 ORDER BY id;
DROP TABLE cn;

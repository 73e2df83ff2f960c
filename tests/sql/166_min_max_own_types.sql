-- MIN and MAX of a TEXT, BLOB, ENUM, SET or JSON column carry its own type code, as a
-- scalar subquery of it does: a TINYTEXT a TINY_BLOB, a JSON (LONGTEXT) a LONG_BLOB, an
-- ENUM or SET a VARCHAR (found by the sweep of every column type against MariaDB).
CREATE TABLE mm (id INT PRIMARY KEY, g INT, tx TEXT, tt TINYTEXT, mt MEDIUMTEXT, bl BLOB, tb TINYBLOB, e ENUM('x','yy'), st SET('a','b'), js JSON);
INSERT INTO mm VALUES (1, 1, 'some text', 'tiny', 'medium', 'blob', 'tb', 'yy', 'a,b', '{"a": 1}'), (2, 1, 'z', 'a', 'm', 'b', 't', 'x', 'b', '[]'), (3, 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT MIN(tx), MAX(tt), MIN(mt), MAX(bl), MIN(tb), MAX(e), MIN(st), MAX(js) FROM mm;
SELECT g, MIN(tt), MAX(e), MAX(js) FROM mm GROUP BY g ORDER BY g;
SELECT (SELECT MAX(tt) FROM mm), (SELECT MIN(e) FROM mm), (SELECT MAX(tb) FROM mm);
DROP TABLE mm;

-- options: metadata
-- GREATEST and LEAST of strings, ENUMs, SETs and NULLs among numbers, found by the sweep
-- of every pair of column types against MariaDB (aggregate_for_min_max): the result is a
-- DOUBLE with the most decimals of any argument (a string's are not fixed: 31; an ENUM's,
-- a SET's and a NULL's are 0), 17 + decimals long or 23; an ENUM or SET is compared as its
-- number; CHAR columns among numbers make a DOUBLE too, not a CHAR.
CREATE TABLE ge (id INT PRIMARY KEY, i INT, u INT UNSIGNED, d DECIMAL(10,3), f FLOAT, ch CHAR(5), vc VARCHAR(20), e ENUM('x','yy'), st SET('a','b'));
INSERT INTO ge VALUES (1, -5, 7, 12.345, 1.5, 'ab', 'héllo', 'yy', 'a,b'), (2, 3, 0, -1.5, -2.5, '9', '10', 'x', 'b'), (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT id, GREATEST(i, ch), LEAST(ch, 1), GREATEST(u, e), LEAST(e, d), GREATEST(st, 1), GREATEST(e, 1.5) FROM ge ORDER BY id;
SELECT id, GREATEST(e, f), GREATEST(e, vc), GREATEST(e, st), LEAST(st, 1.25), GREATEST(e, i, 1e0), LEAST(e, u, st) FROM ge ORDER BY id;
SELECT GREATEST(1, NULL), LEAST(2.5, NULL), GREATEST(1.5, 'a'), LEAST(NULL, 1.5, 'x'), GREATEST(2, 0x41);
SELECT id FROM ge WHERE GREATEST(e, 1) = 2 ORDER BY id;
SELECT id, LEAST(e, 5) AS m FROM ge ORDER BY m, id;
DROP TABLE ge;

-- Nested joins: a parenthesised join on the right of LEFT JOIN (one group: NULL as a
-- whole when none of its rows match), RIGHT JOIN after other joins (X RIGHT JOIN Y is
-- Y LEFT JOIN (X)), WHERE conditions on tables inside such a group, SELECT * order.

CREATE TABLE a (id INT PRIMARY KEY, x INT, name VARCHAR(10));
CREATE TABLE b (id INT PRIMARY KEY, aid INT, y INT, KEY aid (aid));
CREATE TABLE c (id INT PRIMARY KEY, bid INT, z INT, KEY bid (bid));
CREATE TABLE d (id INT PRIMARY KEY, cid INT, w VARCHAR(10));
INSERT INTO a VALUES (1, 10, 'one'), (2, 20, 'two'), (3, 30, 'three'), (4, NULL, NULL);
INSERT INTO b VALUES (10, 1, 100), (11, 1, 110), (12, 2, 120), (13, 9, 130), (14, NULL, 140);
INSERT INTO c VALUES (100, 10, 1), (101, 10, 2), (102, 12, 3), (103, 99, 4), (104, 11, NULL);
INSERT INTO d VALUES (1000, 100, 'p'), (1001, 102, 'q'), (1002, 555, 'r');

SELECT a.id, b.id, c.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id AND c.z > 1) ON b.aid = a.id ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN (b LEFT JOIN c ON c.bid = b.id) ON b.aid = a.id ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id AND c.z = 2 ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN (b, c) ON b.aid = a.id AND c.bid = b.id ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id WHERE c.id IS NULL ORDER BY a.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id WHERE b.y IS NULL ORDER BY a.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id WHERE c.z = 1 ORDER BY a.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id WHERE c.z > 1 OR c.z IS NULL ORDER BY a.id, b.id, c.id;
SELECT * FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id ORDER BY a.id, b.id, c.id;
SELECT COUNT(*), COUNT(b.id), COUNT(c.id) FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id;
SELECT a.id, b.id, c.id, d.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id JOIN d ON d.cid = c.id) ON b.aid = a.id ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id, c.id, d.id FROM a LEFT JOIN (b LEFT JOIN (c JOIN d ON d.cid = c.id) ON c.bid = b.id) ON b.aid = a.id ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id, c.id FROM a JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id, c.id, d.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id LEFT JOIN d ON d.cid = c.id ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id FROM a LEFT JOIN (b) ON b.aid = a.id ORDER BY a.id, b.id;

SELECT a.id, b.id FROM a RIGHT JOIN b ON b.aid = a.id ORDER BY b.id;
SELECT * FROM a RIGHT JOIN b ON b.aid = a.id ORDER BY b.id;
SELECT a.id, b.id, c.id FROM a RIGHT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id ORDER BY c.id;
SELECT * FROM a RIGHT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id ORDER BY c.id;
SELECT a.id, b.id, c.id FROM a JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id ORDER BY c.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id ORDER BY c.id, a.id;
SELECT a.id, b.id, c.id FROM a RIGHT JOIN b ON b.aid = a.id LEFT JOIN c ON c.bid = b.id ORDER BY b.id, c.id;
SELECT a.id, b.id, c.id FROM a RIGHT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id ORDER BY b.id, c.id;
SELECT a.id, b.id, c.id, d.id FROM a RIGHT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id RIGHT JOIN d ON d.cid = c.id ORDER BY d.id;
SELECT COUNT(*), COUNT(a.id), COUNT(b.id) FROM a RIGHT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id;
SELECT a.id, b.id, c.id FROM a RIGHT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id WHERE a.id IS NULL ORDER BY c.id;
SELECT a.id, b.id, c.id FROM a RIGHT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id WHERE b.y > 100 ORDER BY c.id;
SELECT x.id, y.id FROM a x RIGHT JOIN a y ON y.x = x.x ORDER BY y.id, x.id;
SELECT a.id, b.id FROM a RIGHT JOIN b USING (id) ORDER BY b.id;

UPDATE a RIGHT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id SET c.z = c.z + 1000 WHERE a.id IS NOT NULL;
SELECT id, z FROM c ORDER BY id;
DELETE c FROM a RIGHT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id WHERE b.id IS NULL;
SELECT id FROM c ORDER BY id;

-- groups whose NULL rows WHERE rejects (they run as inner joins, in any order)
SELECT a.id, b.id, c.id FROM a LEFT JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id AND c.z >= 1 WHERE b.y > 0 ORDER BY a.id, b.id, c.id;
SELECT a.id, b.id, c.id FROM a RIGHT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id WHERE a.x = 10 ORDER BY c.id;
SELECT a.id, b.id, c.id FROM a LEFT JOIN b ON b.aid = a.id RIGHT JOIN c ON c.bid = b.id WHERE a.x > 0 AND b.y > 0 ORDER BY c.id;
SELECT a.id, b.id, c.id FROM a JOIN (b JOIN c ON c.bid = b.id) ON b.aid = a.id AND c.z > 1 ORDER BY a.id, b.id, c.id;

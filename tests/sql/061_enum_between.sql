-- An ENUM is its member's index in numeric context (compared with numbers, arithmetic,
-- IN and BETWEEN of numbers, SUM/AVG) and sorts by that index (ORDER BY); BETWEEN with
-- bounds of mixed types (tests/known_gaps.txt lists what still differs).
CREATE TABLE en (id INT PRIMARY KEY, e ENUM('c','a','b'), v VARCHAR(10), KEY (e));
INSERT INTO en VALUES (1,'a','1'),(2,'b','2'),(3,'c','10'),(4,NULL,'3x');
SELECT id FROM en WHERE e = 'a';
SELECT id FROM en WHERE e = 1;
SELECT id FROM en WHERE e IN (1, 3) ORDER BY id;
SELECT id, e + 0, e < 2 FROM en ORDER BY id;
SELECT SUM(e), AVG(e), SUM(e + 1) FROM en;
SELECT MAX(e), MIN(e) FROM en;
SELECT id FROM en WHERE e BETWEEN 2 AND 3 ORDER BY id;
SELECT id FROM en WHERE e > 1 AND e < 3 ORDER BY id;
SELECT e, COUNT(*) FROM en GROUP BY e ORDER BY e;
SELECT e FROM en ORDER BY e, id;
SELECT id FROM en WHERE v BETWEEN '1' AND 3 ORDER BY id;
SELECT id FROM en WHERE v BETWEEN 1 AND '3' ORDER BY id;
SELECT '3x' BETWEEN 1 AND 5, '3x' BETWEEN '1' AND 5, '3x' BETWEEN 1 AND '5';
SELECT '10' BETWEEN '1' AND 5, '10' BETWEEN 1 AND '5', '10' BETWEEN '1' AND '5', 10 BETWEEN '1' AND '5', 10 BETWEEN '1x' AND 50;
SELECT 1.5 BETWEEN '1' AND 2, '1.5' BETWEEN 1 AND 2.5, '1.5' BETWEEN 1.2 AND '2', '' BETWEEN 0 AND 1, NULL BETWEEN 1 AND '2';
SELECT id FROM en WHERE v BETWEEN '1' AND 3 ORDER BY id;
SELECT id FROM en WHERE v NOT BETWEEN 2 AND '9' ORDER BY id;
SELECT id FROM en WHERE v BETWEEN 2 AND 2.5 ORDER BY id;

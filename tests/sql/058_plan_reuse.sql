-- Query block plans kept with the statement's shape (engine/select.c "block plans") and
-- used again by later statements of that shape: each statement below runs several times
-- with other literals, so that (from the third run on; at once under --plan-cache=2)
-- it runs with the plan an earlier one made. Results must be what a fresh plan gives,
-- which is what MariaDB gives.

CREATE TABLE pa (id INT NOT NULL PRIMARY KEY, k INT NOT NULL, s VARCHAR(20) NOT NULL, KEY k (k), KEY s (s));
CREATE TABLE pb (id INT NOT NULL PRIMARY KEY, a_id INT NOT NULL, v INT NOT NULL, t VARCHAR(20), KEY a_id (a_id), KEY v (v));
INSERT INTO pa (id, k, s) SELECT n, IF(n = 77, 7, n % 2), IF(n % 50 = 0, 'rare', 'common') FROM (WITH RECURSIVE seq AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM seq WHERE n < 200) SELECT n FROM seq) x;
INSERT INTO pb (id, a_id, v, t) SELECT n, (n * 7) % 200 + 1, IF(n = 33, 9, 1), IF(n % 3 = 0, NULL, CONCAT('t', n)) FROM (WITH RECURSIVE seq AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM seq WHERE n < 200) SELECT n FROM seq) x;

-- the join order follows the estimates, which follow the literals: pa first, then pb first
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 7 AND pb.v = 1 ORDER BY pa.id, pb.id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 1 AND pb.v = 9 ORDER BY pa.id, pb.id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 7 AND pb.v = 1 ORDER BY pa.id, pb.id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 0 AND pb.v = 9 ORDER BY pa.id, pb.id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 7 AND pb.v = 9 ORDER BY pa.id, pb.id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 1 AND pb.v = 1 ORDER BY pa.id, pb.id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 7 AND pb.v = 1 ORDER BY pa.id, pb.id;
-- without ORDER BY (compared as a multiset)
SELECT pa.id, pb.t FROM pa, pb WHERE pb.a_id = pa.id AND pa.s = 'rare' AND pb.v = 1;
SELECT pa.id, pb.t FROM pa, pb WHERE pb.a_id = pa.id AND pa.s = 'common' AND pb.v = 9;
SELECT pa.id, pb.t FROM pa, pb WHERE pb.a_id = pa.id AND pa.s = 'rare' AND pb.v = 1;
SELECT pa.id, pb.t FROM pa, pb WHERE pb.a_id = pa.id AND pa.s = 'none' AND pb.v = 1;
-- a LEFT JOIN the WHERE makes inner, and one it does not
SELECT pa.id, pb.v FROM pa LEFT JOIN pb ON pb.a_id = pa.id WHERE pb.v = 9 AND pa.k = 1 ORDER BY pa.id;
SELECT pa.id, pb.v FROM pa LEFT JOIN pb ON pb.a_id = pa.id WHERE pb.v = 1 AND pa.k = 7 ORDER BY pa.id;
SELECT pa.id, pb.v FROM pa LEFT JOIN pb ON pb.a_id = pa.id WHERE pb.v = 9 AND pa.k = 1 ORDER BY pa.id;
SELECT pa.id, COUNT(pb.id) FROM pa LEFT JOIN pb ON pb.a_id = pa.id AND pb.v = 9 WHERE pa.id < 40 GROUP BY pa.id ORDER BY pa.id;
SELECT pa.id, COUNT(pb.id) FROM pa LEFT JOIN pb ON pb.a_id = pa.id AND pb.v = 1 WHERE pa.id < 10 GROUP BY pa.id ORDER BY pa.id;
SELECT pa.id, COUNT(pb.id) FROM pa LEFT JOIN pb ON pb.a_id = pa.id AND pb.v = 9 WHERE pa.id < 40 GROUP BY pa.id ORDER BY pa.id;
-- IN lists, ranges, and a number that does not fit BIGINT in the same place
SELECT id, k FROM pa WHERE id IN (3, 77, 150) ORDER BY id;
SELECT id, k FROM pa WHERE id IN (4, 5, 999) ORDER BY id;
SELECT id, k FROM pa WHERE id IN (3, 77, 150) ORDER BY id;
SELECT id FROM pa WHERE id = 5;
SELECT id FROM pa WHERE id = 99999999999999999999;
SELECT id FROM pa WHERE id = -3;
SELECT id FROM pa WHERE id = 5;
SELECT COUNT(*) FROM pa WHERE k = 1 AND id > 150;
SELECT COUNT(*) FROM pa WHERE k = 0 AND id > 10;
SELECT COUNT(*) FROM pa WHERE k = 1 AND id > 150;
SELECT id FROM pa WHERE s = 'rare' AND id BETWEEN 10 AND 120 ORDER BY id;
SELECT id FROM pa WHERE s = 'common' AND id BETWEEN 190 AND 195 ORDER BY id;
SELECT id FROM pa WHERE s = 'rare' AND id BETWEEN 10 AND 120 ORDER BY id;
-- a correlated subquery: its block runs once per outer row, with its kept plan
SELECT pa.id, (SELECT COUNT(*) FROM pb WHERE pb.a_id = pa.id AND pb.v = 1) AS n FROM pa WHERE pa.id <= 12 ORDER BY pa.id;
SELECT pa.id, (SELECT COUNT(*) FROM pb WHERE pb.a_id = pa.id AND pb.v = 9) AS n FROM pa WHERE pa.id <= 40 ORDER BY pa.id;
SELECT pa.id, (SELECT COUNT(*) FROM pb WHERE pb.a_id = pa.id AND pb.v = 1) AS n FROM pa WHERE pa.id <= 12 ORDER BY pa.id;
SELECT id FROM pa WHERE EXISTS (SELECT 1 FROM pb WHERE pb.a_id = pa.id AND pb.v = 9) ORDER BY id;
SELECT id FROM pa WHERE EXISTS (SELECT 1 FROM pb WHERE pb.a_id = pa.id AND pb.v = 2) ORDER BY id;
SELECT id FROM pa WHERE EXISTS (SELECT 1 FROM pb WHERE pb.a_id = pa.id AND pb.v = 9) ORDER BY id;

-- DDL between statements of one shape: the kept plan names indexes and columns of the
-- table as it was, so it must not be used after
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 7 AND pb.v = 1 ORDER BY pa.id, pb.id;
ALTER TABLE pb DROP INDEX a_id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 7 AND pb.v = 1 ORDER BY pa.id, pb.id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 1 AND pb.v = 9 ORDER BY pa.id, pb.id;
ALTER TABLE pb ADD INDEX av (v, a_id);
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 7 AND pb.v = 1 ORDER BY pa.id, pb.id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 1 AND pb.v = 9 ORDER BY pa.id, pb.id;
SELECT id, k FROM pa WHERE id IN (3, 77, 150) ORDER BY id;
SELECT id, k FROM pa WHERE id IN (3, 77, 150) ORDER BY id;
ALTER TABLE pa ADD COLUMN z INT FIRST;
ALTER TABLE pa DROP INDEX k;
SELECT id, k FROM pa WHERE id IN (3, 77, 150) ORDER BY id;
SELECT id, k FROM pa WHERE id IN (4, 5, 999) ORDER BY id;
-- the table dropped and made again with its columns in another order and other keys
SELECT pa.id, pb.t FROM pa, pb WHERE pb.a_id = pa.id AND pa.s = 'rare' AND pb.v = 1;
DROP TABLE pb;
CREATE TABLE pb (t VARCHAR(20), v INT NOT NULL, a_id INT NOT NULL, id INT NOT NULL, PRIMARY KEY (v, id), KEY t (t));
INSERT INTO pb (id, a_id, v, t) VALUES (1, 50, 1, 'x'), (2, 100, 1, 'y'), (3, 50, 9, NULL), (4, 7, 1, 'z');
SELECT pa.id, pb.t FROM pa, pb WHERE pb.a_id = pa.id AND pa.s = 'rare' AND pb.v = 1;
SELECT pa.id, pb.t FROM pa, pb WHERE pb.a_id = pa.id AND pa.s = 'common' AND pb.v = 1;
SELECT pa.id, pb.t FROM pa, pb WHERE pb.a_id = pa.id AND pa.s = 'rare' AND pb.v = 1;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 7 AND pb.v = 1 ORDER BY pa.id, pb.id;
SELECT pa.id, pb.id FROM pa JOIN pb ON pb.a_id = pa.id WHERE pa.k = 0 AND pb.v = 1 ORDER BY pa.id, pb.id;

-- a temporary table of the same name hides the table for this session only
SELECT id, t FROM pb WHERE v = 1 ORDER BY id;
SELECT id, t FROM pb WHERE v = 1 ORDER BY id;
CREATE TEMPORARY TABLE pb (id INT NOT NULL PRIMARY KEY, v INT, t CHAR(3), KEY v (v));
INSERT INTO pb VALUES (10, 1, 'tmp'), (11, 2, 'tm2');
SELECT id, t FROM pb WHERE v = 1 ORDER BY id;
SELECT id, t FROM pb WHERE v = 2 ORDER BY id;
DROP TEMPORARY TABLE pb;
SELECT id, t FROM pb WHERE v = 1 ORDER BY id;
SELECT id, t FROM pb WHERE v = 9 ORDER BY id;

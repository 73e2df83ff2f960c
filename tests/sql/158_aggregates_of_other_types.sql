-- Aggregates and integer conversions over ENUM, SET, JSON, temporal and string columns,
-- found by comparing each aggregate with each column type against MariaDB:
-- GROUP_CONCAT(... ORDER BY enum) by the members' order, JSON_ARRAYAGG of a JSON column
-- nests it as JSON, BIT_OR of a string reads its leading integer, a DATETIME with a
-- fraction is its exact integer (CAST, BIT_OR; a bit operator rounds it).
CREATE TABLE ag (id INT PRIMARY KEY, g INT, e ENUM('x','yy','a'), st SET('a','b'), js JSON, vc VARCHAR(10), dt DATETIME(3), ts TIMESTAMP(2) NULL, tm TIME(1));
INSERT INTO ag VALUES (1, 1, 'yy', 'a,b', '{"a": 1}', '1e2', '2024-02-29 13:14:15.123', '2024-01-01 00:00:00.50', '00:00:02.6'), (2, 1, 'a', 'b', '[1,2]', '1.6', '1999-12-31 23:59:59.999', '2038-01-19 03:14:07.99', '-00:00:02.6'), (3, 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (4, 2, 'x', '', 'null', ' 7', '2000-01-01 00:00:00', NULL, '838:59:59');
SELECT g, GROUP_CONCAT(e ORDER BY e), GROUP_CONCAT(e ORDER BY e DESC), GROUP_CONCAT(st ORDER BY st), GROUP_CONCAT(DISTINCT e ORDER BY e) FROM ag GROUP BY g;
SELECT GROUP_CONCAT(e ORDER BY e SEPARATOR '|'), GROUP_CONCAT(st ORDER BY st DESC) FROM ag;
SELECT g, JSON_ARRAYAGG(js), JSON_ARRAYAGG(js ORDER BY id DESC), JSON_OBJECTAGG(id, js) FROM ag GROUP BY g;
SELECT g, BIT_OR(dt), BIT_AND(dt), BIT_XOR(tm) FROM ag GROUP BY g;
SELECT id, REPEAT('a', tm), CAST(dt AS SIGNED), CAST(dt AS UNSIGNED), dt DIV 1, dt | 0, ts | 0, tm | 0, CAST(tm AS SIGNED), CAST(ts AS SIGNED) FROM ag ORDER BY id;
SELECT TIME'00:00:02.6' | 0, TIME'-00:00:02.6' | 0, TIMESTAMP'2024-12-31 23:59:59.5' | 0, CAST(TIMESTAMP'2024-01-01 00:00:00.5' AS SIGNED);
SELECT g, SUM(dt), AVG(dt), SUM(ts), AVG(ts), SUM(tm), AVG(tm), STD(tm) FROM ag GROUP BY g;
SELECT SUM(dt), AVG(dt), SUM(ts), AVG(ts) FROM ag;
SELECT id, dt + 0, dt - 1, dt * 2, dt / 2, dt % 7, -dt, ts + 0, -ts, tm + 0, tm % 5, -tm, MOD(tm, 2) FROM ag ORDER BY id;
SELECT TIME'00:00:07.6' % 5, MOD(TIME'00:00:07.6', 5), -DATE'2024-01-02', -TIME'01:00:00', DATE'2024-01-02' + 1, TIMESTAMP'2024-01-01 00:00:00.5' * 1;
CREATE TABLE bts (g INT, b BIT(5));
INSERT INTO bts VALUES (1, b'10101'), (1, b'0'), (2, b'11111'), (2, NULL);
SELECT g, SUM(b), AVG(b), STD(b), VARIANCE(b) FROM bts GROUP BY g;
SELECT SUM(b), AVG(b), STD(b) FROM bts;
DROP TABLE ag, bts;
CREATE TABLE jq (id INT PRIMARY KEY, dt DATETIME(2), da DATE, tm TIME, b BIT(5), js JSON);
INSERT INTO jq VALUES (1, '2024-02-29 13:14:15.12', '2024-02-29', '-12:34:56', b'10101', '{"a": 1}'), (2, NULL, NULL, NULL, NULL, NULL);
SELECT id, JSON_QUOTE(dt), JSON_QUOTE(da), JSON_QUOTE(tm), JSON_QUOTE(b), JSON_TYPE(js), JSON_QUOTE(1) FROM jq ORDER BY id;
DROP TABLE jq;
-- GROUP BY an ENUM or SET: the groups come in the members' order, as MariaDB sorts them
CREATE TABLE ge (id INT PRIMARY KEY, e ENUM('x','yy','a'), st SET('a','b'), g INT);
INSERT INTO ge VALUES (1, 'yy', 'a,b', 1), (2, 'a', 'b', 1), (3, NULL, NULL, 2), (4, 'x', '', 2), (5, 'a', 'a', 1);
SELECT e, COUNT(*) FROM ge GROUP BY e;
SELECT e, COUNT(*) FROM ge GROUP BY e DESC;
SELECT st, COUNT(*) FROM ge GROUP BY st;
SELECT g, e, COUNT(*) FROM ge GROUP BY g, e;
SELECT e, st, COUNT(*) FROM ge GROUP BY e, st WITH ROLLUP;
DROP TABLE ge;

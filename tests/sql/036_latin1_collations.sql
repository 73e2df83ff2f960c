-- latin1 and ascii columns: latin1_swedish_ci, latin1_general_ci, latin1_bin and
-- ascii_general_ci order, equality, grouping and DISTINCT as MariaDB (values are stored
-- as UTF-8 inside pressdb; characters latin1 cannot hold are a known gap).
CREATE TABLE l1t (id INT PRIMARY KEY, a VARCHAR(10), b VARCHAR(10) COLLATE latin1_general_ci, c VARCHAR(10) COLLATE latin1_bin) CHARSET latin1;
INSERT INTO l1t VALUES (1,'café','café','café'), (2,'CAFE','CAFE','CAFE'), (3,'Åke','Åke','Åke'), (4,'Ake','Ake','Ake'), (5,'über','über','über'), (6,'uber','uber','uber'), (7,'ÿ','ÿ','ÿ'), (8,'Zorro','Zorro','Zorro'), (9,'€uro','€uro','€uro'), (10,'yes','yes','yes'), (11,'Ärger','Ärger','Ärger'), (12,'Öl','Öl','Öl'), (13,'Æble','Æble','Æble'), (14,'straße','straße','straße'), (15,'strasse','strasse','strasse'), (16,'café ','café ','café ');
SELECT a, a = 'CAFE', a = 'cafe ' FROM l1t ORDER BY a, id;
SELECT b, b = 'CAFE', b = 'strasse' FROM l1t ORDER BY b, id;
SELECT c, c = 'café' FROM l1t ORDER BY c, id;
SELECT a, COUNT(*) FROM l1t GROUP BY a ORDER BY a;
SELECT b, COUNT(*) FROM l1t GROUP BY b ORDER BY b;
SELECT DISTINCT a FROM l1t ORDER BY a;
SELECT MIN(a), MAX(a), MIN(b), MAX(b), MIN(c), MAX(c) FROM l1t;
SELECT id FROM l1t WHERE a = 'Ake' ORDER BY id;
SELECT id FROM l1t WHERE a IN ('CAFE', 'YES') ORDER BY id;
SELECT id FROM l1t WHERE a > 'Y' ORDER BY id;
SELECT id FROM l1t WHERE a BETWEEN 'a' AND 'd' ORDER BY id;
SELECT x.id, y.id FROM l1t x JOIN l1t y ON x.a = y.a AND x.id < y.id ORDER BY x.id, y.id;
CREATE TABLE asc1 (id INT PRIMARY KEY, s VARCHAR(10)) CHARSET ascii;
INSERT INTO asc1 VALUES (1, 'abc'), (2, 'ABC'), (3, 'abd'), (4, 'Ab'), (5, '[x]'), (6, 'zz');
SELECT s, s = 'ABC' FROM asc1 ORDER BY s, id;
SELECT s, COUNT(*) FROM asc1 GROUP BY s ORDER BY s;
CREATE TABLE l1u (k VARCHAR(10) PRIMARY KEY) CHARSET latin1;
INSERT INTO l1u VALUES ('café');
INSERT INTO l1u VALUES ('CAFE');
INSERT INTO l1u VALUES ('Åke'), ('Ake');
SELECT k FROM l1u ORDER BY k;

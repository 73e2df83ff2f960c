-- INSERT ... VALUES / SET expressions that read the row being inserted (its values so
-- far, defaults before assignment) and DEFAULT(col) everywhere.

CREATE TABLE iv (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT DEFAULT 7, b INT, c VARCHAR(20) DEFAULT 'x', d INT NOT NULL, ts DATETIME DEFAULT '2020-01-02 03:04:05', u INT UNIQUE);
INSERT INTO iv (a, b, d) VALUES (1, a + 1, b * 10), (5, a + 1, a + b);
INSERT INTO iv (b, a, d) VALUES (a, 2, a);
INSERT INTO iv SET d = 3, b = d * 2, c = CONCAT(c, b);
INSERT INTO iv (d, c) VALUES (LENGTH(c), DEFAULT(c));
INSERT INTO iv (d, b) VALUES (DEFAULT(a), DEFAULT(a) * 2);
INSERT INTO iv (d, c) VALUES (id, 'id so far');
SELECT id, a, b, c, d, ts FROM iv ORDER BY id;
SELECT DEFAULT(a), DEFAULT(c), DEFAULT(ts) FROM iv WHERE id = 1;
SELECT DEFAULT(b) FROM iv WHERE id = 1;
SELECT DEFAULT(d) FROM iv WHERE id = 1;
SELECT DEFAULT(id) FROM iv WHERE id = 1;
UPDATE iv SET a = DEFAULT(a) + 100 WHERE id = 2;
SELECT id, a FROM iv WHERE id = 2;
INSERT INTO iv (id, u, d) VALUES (1, 9, 1) ON DUPLICATE KEY UPDATE d = d + 1000, b = VALUES(d);
SELECT id, b, d FROM iv WHERE id = 1;
INSERT INTO iv (d) VALUES (nosuch + 1);
INSERT INTO iv (d) VALUES (iv.a);
INSERT INTO iv (d) VALUES (other.a);
INSERT INTO iv (d) SELECT DEFAULT(a) FROM iv WHERE id = 1;
SELECT COUNT(*), SUM(d) FROM iv;
CREATE TABLE ivx (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT DEFAULT 7, d INT NOT NULL, e VARCHAR(5) NOT NULL, ts TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
INSERT INTO ivx (a, d, e) VALUES (1, 1, 'a');
SELECT DEFAULT(id) FROM ivx;
SELECT DEFAULT(e) FROM ivx;
INSERT INTO ivx (a, d, e) VALUES (d, 5, CONCAT('[', e, ']'));
INSERT INTO ivx SET d = nosuch;
SELECT id, a, d, e FROM ivx ORDER BY id;

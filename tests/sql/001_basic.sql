-- Basic table, inserts and single-table SELECTs.

CREATE TABLE t (
  id INT PRIMARY KEY AUTO_INCREMENT,
  name VARCHAR(50),
  n INT,
  price DECIMAL(10,2)
);

INSERT INTO t (name, n, price) VALUES ('apple', 3, 1.50), ('banana', 12, 0.25), ('cherry', -4, 10.00);
INSERT INTO t (name, n, price) VALUES ('date', NULL, 7.99), (NULL, 0, NULL), ('fig', -100, -2.50);
INSERT INTO t VALUES (20, 'grape', 7, 3.33);
INSERT INTO t (name, n, price) VALUES ('kiwi', 5, 0.01);
INSERT INTO t (name) VALUES ('lemon');

SELECT * FROM t;
SELECT COUNT(*) FROM t;
-- column metadata (charset, length, flags, decimals) too, as PHP clients see it
-- metadata
SELECT id, name, n, price FROM t WHERE id = 1;

-- WHERE
SELECT id, name FROM t WHERE n = 3;
SELECT id, name FROM t WHERE n <> 3;
SELECT id, name FROM t WHERE n < 0;
SELECT id, name, n FROM t WHERE n >= 5;
SELECT id, name FROM t WHERE n > 0 AND price < 2;
SELECT id, name FROM t WHERE n < 0 OR price > 5;
SELECT id, name FROM t WHERE (n > 0 OR n IS NULL) AND name IS NOT NULL;
SELECT id, name FROM t WHERE n IS NULL;
SELECT id FROM t WHERE name IS NULL;
SELECT id, name FROM t WHERE price IS NOT NULL;
SELECT id, name FROM t WHERE id IN (1, 3, 5, 99);
SELECT id, name FROM t WHERE name IN ('apple', 'fig', 'nope');
SELECT id, name FROM t WHERE name NOT IN ('apple', 'fig');
SELECT id, name FROM t WHERE name = 'APPLE';
SELECT id, name FROM t WHERE price = 0.25;

-- ORDER BY (compared in order automatically)
SELECT id, name FROM t ORDER BY id;
SELECT id, name FROM t ORDER BY id DESC;
SELECT name, n FROM t ORDER BY n, id;
SELECT name, n FROM t ORDER BY n DESC, name ASC;
SELECT name, price, n FROM t ORDER BY price DESC, n;
SELECT name FROM t ORDER BY name;

-- LIMIT
SELECT id FROM t ORDER BY id LIMIT 3;
SELECT id FROM t ORDER BY id LIMIT 2, 3;
SELECT id FROM t ORDER BY id LIMIT 3 OFFSET 4;
SELECT id FROM t ORDER BY id LIMIT 0;
SELECT id FROM t ORDER BY id LIMIT 100, 5;

-- expressions and aliases
SELECT id, n + 1, n - 1, n * 2, price * n AS total FROM t ORDER BY id;
SELECT id, n / 4, n DIV 4, n % 4, -n FROM t ORDER BY id;
SELECT 1 + 2, 7 / 2, 7 DIV 2, 2 * 3.5, 10 - 0.5;
SELECT 'hello' AS greeting, 'it''s' AS quoted, "double" AS dq;
SELECT name AS fruit, price AS cost FROM t WHERE id = 1;
SELECT t.name, t.n FROM t WHERE t.id = 2;
SELECT id, name, price FROM t WHERE price * 2 > 5 ORDER BY id;

-- updates and deletes report affected rows
UPDATE t SET n = n + 1 WHERE n > 0;
UPDATE t SET n = 1 WHERE id = 99;
DELETE FROM t WHERE name = 'lemon';
SELECT * FROM t ORDER BY id;

-- errors
SELECT * FROM missing_table;
SELECT nosuchcolumn FROM t;
SELECT id FROM t WHERE nosuchcolumn = 1;
INSERT INTO t (id, name) VALUES (1, 'duplicate');

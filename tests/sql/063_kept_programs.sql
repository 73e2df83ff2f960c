-- Expression programs kept with a block plan (engine/expr.c "programs kept with a plan"):
-- each statement below runs four times, so that from the third run on (at once under
-- --plan-cache=2) its WHERE conjuncts and select items come from the programs an
-- earlier statement of the shape compiled, with this statement's literals put in. The
-- conversions MariaDB makes once per statement, and their 1292 warnings, must come on
-- every run as MariaDB gives them; a literal of another kind in the same place (a
-- number past BIGINT, or past BIGINT UNSIGNED) is compiled for itself.

CREATE TABLE kp (
  id INT NOT NULL PRIMARY KEY,
  s VARCHAR(20),
  n INT,
  u BIGINT UNSIGNED,
  d DATETIME,
  dt DATE,
  e ENUM('red', 'green', 'blue'),
  b VARBINARY(10),
  KEY s (s)
) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE kq (id INT NOT NULL PRIMARY KEY, kp_id INT NOT NULL, v VARCHAR(10), KEY kp_id (kp_id));
INSERT INTO kp VALUES
 (1, 'x', 1, 1, '2024-01-05 10:00:00', '2024-01-05', 'red', 'A'),
 (2, '2abc', 2, 18446744073709551615, '2024-01-20 11:00:00', '2024-01-20', 'green', 'B'),
 (3, '3', 3, 0, '2024-02-01 00:00:00', '2024-02-01', 'blue', 'AB'),
 (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
 (5, ' 5 ', 5, 5, '2023-12-31 23:59:59', '2023-12-31', 'red', ''),
 (6, 'Ab%c', -6, 6, '2024-02-29 12:00:00', '2024-02-29', 'blue', 'x');
INSERT INTO kq VALUES (1, 1, 'a'), (2, 1, 'b'), (3, 2, '2x'), (4, 3, NULL), (5, 5, '5'), (6, 6, 'z');

-- a string column against a number: every row compared warns
SELECT id FROM kp WHERE s = 5 ORDER BY id;
SELECT id FROM kp WHERE s = 2 ORDER BY id;
SELECT id FROM kp WHERE s = 5 ORDER BY id;
SELECT id FROM kp WHERE s = 3 ORDER BY id;
-- a number column against a string constant: converted once per statement
SELECT id, s FROM kp WHERE n = '5x' ORDER BY id;
SELECT id, s FROM kp WHERE n = '2y' ORDER BY id;
SELECT id, s FROM kp WHERE n = '5x' ORDER BY id;
SELECT id, s FROM kp WHERE n = '3' ORDER BY id;
SELECT id FROM kp WHERE '1z' = n ORDER BY id;
SELECT id FROM kp WHERE '2z' = n ORDER BY id;
SELECT id FROM kp WHERE '1z' = n ORDER BY id;
SELECT id FROM kp WHERE '1' = n ORDER BY id;
-- IN lists of constants converted when the statement is compiled
SELECT id FROM kp WHERE n IN ('1', '2x', 3) ORDER BY id;
SELECT id FROM kp WHERE n IN ('5', '6y', 2) ORDER BY id;
SELECT id FROM kp WHERE n IN ('1', '2x', 3) ORDER BY id;
SELECT id FROM kp WHERE n IN ('1q', '2x', 99) ORDER BY id;
SELECT id FROM kp WHERE n NOT IN ('1', 'zz') ORDER BY id;
SELECT id FROM kp WHERE n NOT IN ('3', 'yy') ORDER BY id;
SELECT id FROM kp WHERE n NOT IN ('1', 'zz') ORDER BY id;
SELECT id FROM kp WHERE n NOT IN ('1', 'zz') ORDER BY id;
SELECT id FROM kp WHERE s IN (1, 2, 5) ORDER BY id;
SELECT id FROM kp WHERE s IN (3, 4, 5) ORDER BY id;
SELECT id FROM kp WHERE s IN (1, 2, 5) ORDER BY id;
SELECT id FROM kp WHERE s IN (1, 2, 5) ORDER BY id;
-- temporal columns against strings (converted once), BETWEEN with string bounds
SELECT id FROM kp WHERE d = '2024-01-05 10:00:00' ORDER BY id;
SELECT id FROM kp WHERE d = '2024-01-20 11:00:00' ORDER BY id;
SELECT id FROM kp WHERE d = '2024-01-05 10:00:00' ORDER BY id;
SELECT id FROM kp WHERE d = '2024-01-05' ORDER BY id;
SELECT id FROM kp WHERE dt BETWEEN '2024-01-01' AND '2024-02-01' ORDER BY id;
SELECT id FROM kp WHERE dt BETWEEN '2024-01-10' AND '2024-03-01' ORDER BY id;
SELECT id FROM kp WHERE dt BETWEEN '2024-01-01' AND '2024-02-01' ORDER BY id;
SELECT id FROM kp WHERE dt BETWEEN '2024-01-01' AND '2024-02-01' ORDER BY id;
SELECT id FROM kp WHERE n BETWEEN '1x' AND 3 ORDER BY id;
SELECT id FROM kp WHERE n BETWEEN '2y' AND 5 ORDER BY id;
SELECT id FROM kp WHERE n BETWEEN '1x' AND 3 ORDER BY id;
SELECT id FROM kp WHERE n BETWEEN '1x' AND 3 ORDER BY id;
-- the same place, literals of other kinds (past BIGINT, past BIGINT UNSIGNED, negative)
SELECT id FROM kp WHERE u = 5 ORDER BY id;
SELECT id FROM kp WHERE u = 18446744073709551615 ORDER BY id;
SELECT id FROM kp WHERE u = 99999999999999999999 ORDER BY id;
SELECT id FROM kp WHERE u = -1 ORDER BY id;
SELECT id FROM kp WHERE u = 5 ORDER BY id;
SELECT id FROM kp WHERE n < 3 AND u >= 1 ORDER BY id;
SELECT id FROM kp WHERE n < 99999999999999999999 AND u >= 18446744073709551615 ORDER BY id;
SELECT id FROM kp WHERE n < 3 AND u >= 1 ORDER BY id;
SELECT id FROM kp WHERE n < 3 AND u >= 1 ORDER BY id;
-- an ENUM against numbers and strings, LIKE with an escape, COLLATE, a hexadecimal literal
SELECT id, e FROM kp WHERE e = 2 OR e = 'blue' ORDER BY id;
SELECT id, e FROM kp WHERE e = 1 OR e = 'green' ORDER BY id;
SELECT id, e FROM kp WHERE e = 2 OR e = 'blue' ORDER BY id;
SELECT id, e FROM kp WHERE e IN (1, 3) ORDER BY id;
SELECT id, e FROM kp WHERE e IN (2, 3) ORDER BY id;
SELECT id, e FROM kp WHERE e IN (1, 3) ORDER BY id;
SELECT id FROM kp WHERE s LIKE '%b!%%' ESCAPE '!' ORDER BY id;
SELECT id FROM kp WHERE s LIKE '%a%' ESCAPE '!' ORDER BY id;
SELECT id FROM kp WHERE s LIKE '%b!%%' ESCAPE '!' ORDER BY id;
SELECT id FROM kp WHERE s LIKE '%b!%%' ESCAPE '!' ORDER BY id;
SELECT id FROM kp WHERE s COLLATE utf8mb4_bin = 'x' ORDER BY id;
SELECT id FROM kp WHERE s COLLATE utf8mb4_bin = 'X' ORDER BY id;
SELECT id FROM kp WHERE s COLLATE utf8mb4_bin = 'x' ORDER BY id;
SELECT id FROM kp WHERE b = 0x41 OR b = 'AB' ORDER BY id;
SELECT id FROM kp WHERE b = 0x41 OR b = 'x' ORDER BY id;
SELECT id FROM kp WHERE b = 0x41 OR b = 'AB' ORDER BY id;
-- select items: columns, operators, conditions (string against number warns per row)
SELECT id, n + u, n - id, s = 5, n IS NULL, NOT (n > 2) FROM kp WHERE id <= 5 ORDER BY id;
SELECT id, n + u, n - id, s = 2, n IS NULL, NOT (n > 1) FROM kp WHERE id <= 6 ORDER BY id;
SELECT id, n + u, n - id, s = 5, n IS NULL, NOT (n > 2) FROM kp WHERE id <= 5 ORDER BY id;
SELECT id, n + u, n - id, s = 5, n IS NULL, NOT (n > 2) FROM kp WHERE id <= 5 ORDER BY id;
SELECT id, n * u FROM kp WHERE id = 2;
SELECT id, n * u FROM kp WHERE id = 3;
SELECT id, n * u FROM kp WHERE id = 2;
-- joins: conjuncts from ON and WHERE, an IN list converted up front
SELECT kp.id, kq.v FROM kp JOIN kq ON kq.kp_id = kp.id WHERE kq.v <> 'z' AND kp.n IN (1, 2, 5) ORDER BY kp.id, kq.id;
SELECT kp.id, kq.v FROM kp JOIN kq ON kq.kp_id = kp.id WHERE kq.v <> 'a' AND kp.n IN (3, 6, 9) ORDER BY kp.id, kq.id;
SELECT kp.id, kq.v FROM kp JOIN kq ON kq.kp_id = kp.id WHERE kq.v <> 'z' AND kp.n IN (1, 2, 5) ORDER BY kp.id, kq.id;
SELECT kp.id, kq.v FROM kp JOIN kq ON kq.kp_id = kp.id WHERE kq.v <> 'z' AND kp.n IN (1, 2, 5) ORDER BY kp.id, kq.id;
SELECT kp.id, kq.v FROM kp JOIN kq ON kq.kp_id = kp.id WHERE kp.id IN ('1', '2x') ORDER BY kp.id, kq.id;
SELECT kp.id, kq.v FROM kp JOIN kq ON kq.kp_id = kp.id WHERE kp.id IN ('5', '6y') ORDER BY kp.id, kq.id;
SELECT kp.id, kq.v FROM kp JOIN kq ON kq.kp_id = kp.id WHERE kp.id IN ('1', '2x') ORDER BY kp.id, kq.id;
SELECT kp.id, kq.v FROM kp JOIN kq ON kq.kp_id = kp.id WHERE kp.id IN ('1', '2x') ORDER BY kp.id, kq.id;
SELECT kp.id, kq.v FROM kp LEFT JOIN kq ON kq.kp_id = kp.id AND kq.v = 'a' WHERE kp.n > 1 ORDER BY kp.id;
SELECT kp.id, kq.v FROM kp LEFT JOIN kq ON kq.kp_id = kp.id AND kq.v = 'b' WHERE kp.n > 2 ORDER BY kp.id;
SELECT kp.id, kq.v FROM kp LEFT JOIN kq ON kq.kp_id = kp.id AND kq.v = 'a' WHERE kp.n > 1 ORDER BY kp.id;
SELECT kp.id, kq.v FROM kp LEFT JOIN kq ON kq.kp_id = kp.id AND kq.v = 'a' WHERE kp.n > 1 ORDER BY kp.id;
-- ORDER BY an ENUM sorts by member index: the kept ORDER BY program is the column's,
-- the index is taken after (it once went into the kept program and was taken twice)
CREATE TABLE ke (id INT PRIMARY KEY, e ENUM('m', 'z', 'a', 'k'));
INSERT INTO ke VALUES (1, 'a'), (2, 'z'), (3, 'k'), (4, 'm'), (5, NULL), (6, 'a');
SELECT id, e FROM ke WHERE id > 0 ORDER BY e, id;
SELECT id, e FROM ke WHERE id > 1 ORDER BY e, id;
SELECT id, e FROM ke WHERE id > 0 ORDER BY e, id;
SELECT id, e FROM ke WHERE id > 0 ORDER BY e DESC, id;
SELECT id, e FROM ke WHERE id > 2 ORDER BY e DESC, id;
SELECT id, e FROM ke WHERE id > 0 ORDER BY e DESC, id;

-- Numbers stored into number columns as MariaDB's fields do: text rounds half away from
-- zero ('.5' is 1, my_strntoull10rnd), a value beyond any BIGINT is held with 1264; a
-- FLOAT/DOUBLE never holds infinity (text past DBL_MAX is the largest double with 1264)
-- and a FLOAT(M,D)/DOUBLE(M,D) holds M-D integer digits (truncate_double); a double into
-- a DECIMAL is its shortest digits rounded half up, with a Note when digits are lost; a
-- YEAR from the text '0' or '00' is 2000; HEX of a double rounds it (all ones past 64 bits).

SET sql_mode = '';
CREATE TABLE ni (id INT PRIMARY KEY, a TINYINT, b INT UNSIGNED, c BIGINT, d BIGINT UNSIGNED, y YEAR);
INSERT INTO ni VALUES (1, '.5', '.5', '.5', '.5', '.5'), (2, '2.5', '-2.5', '-2.5', '2.5', '2.5');
SHOW WARNINGS;
INSERT INTO ni VALUES (3, '99999999999999999999', '99999999999999999999', '-99999999999999999999', '99999999999999999999', '0');
SHOW WARNINGS;
INSERT INTO ni VALUES (4, NULL, NULL, '1e400', '1e400', '-0'), (5, NULL, NULL, 1e20, 1e20, '00'), (6, NULL, NULL, -1e20, -1e19, '0000');
SHOW WARNINGS;
INSERT INTO ni VALUES (7, NULL, NULL, NULL, NULL, '0x1F'), (8, NULL, NULL, NULL, NULL, ' 0'), (9, NULL, NULL, NULL, NULL, 'abc');
SHOW WARNINGS;
SELECT * FROM ni ORDER BY id;

CREATE TABLE nf (id INT PRIMARY KEY, f FLOAT, d DOUBLE, d83 DOUBLE(8,3), f52 FLOAT(5,2) UNSIGNED);
INSERT INTO nf VALUES (1, '1e400', '1e400', '1e400', '1e400');
SHOW WARNINGS;
INSERT INTO nf VALUES (2, '-1e400', '-1e400', '-99999999999999999999', '-1');
SHOW WARNINGS;
INSERT INTO nf VALUES (3, 1e39, 1e308, 123456.7896, 999.994), (4, -1e39, -1.5, 99999.9994, 999.996);
SHOW WARNINGS;
SELECT id, f, d, d83, f52 FROM nf ORDER BY id;
SELECT HEX(d), HEX(d83), HEX(f52) FROM nf ORDER BY id;
SELECT HEX(1.5), HEX(-2.5), HEX(2.4), HEX(1e20), HEX(-1e19), HEX(9.3e18), HEX(1.5e19), HEX(0.4999), HEX(-0.5);

CREATE TABLE nd (id INT PRIMARY KEY, v DECIMAL(6,2), w DECIMAL(25,3), x DECIMAL(30,25));
INSERT INTO nd VALUES (1, 1.255e0, 1.2555e0, 1.2345678901234567e-5);
SHOW WARNINGS;
INSERT INTO nd VALUES (2, CAST(1.005 AS DOUBLE), 123456789012345678.9996e0, 0.1e0), (3, 1e-300, -1e-300, 1e20);
SHOW WARNINGS;
INSERT INTO nd VALUES (4, 1.5e-3, -1.5e-5, -3.25e0), (5, 1e300, 2.5e0, 1e-26);
SHOW WARNINGS;
SELECT * FROM nd ORDER BY id;

SET sql_mode = 'STRICT_ALL_TABLES';
INSERT INTO ni (id, c) VALUES (20, '-99999999999999999999');
SHOW WARNINGS;
INSERT INTO ni (id, d) VALUES (21, 1e20);
SHOW WARNINGS;
INSERT INTO nf (id, d) VALUES (22, '1e400');
SHOW WARNINGS;
INSERT INTO nf (id, d83) VALUES (23, 123456.7);
SHOW WARNINGS;
INSERT INTO nd (id, v) VALUES (24, 1.255e0);
SHOW WARNINGS;
INSERT INTO ni (id, y) VALUES (25, '0');
SELECT id, y FROM ni WHERE id = 25;

-- the ends of BIGINT as text are exact; one past them is out of range
SET sql_mode = '';
INSERT INTO ni (id, c, d) VALUES (30, '-9223372036854775808', '18446744073709551615'), (31, '9223372036854775807', '18446744073709551616');
SHOW WARNINGS;
INSERT INTO ni (id, c, d) VALUES (32, '-9223372036854775809', ' 18446744073709551615 ');
SHOW WARNINGS;
SELECT id, c, d FROM ni WHERE id >= 30 ORDER BY id;

-- strict mode lists both errors of a value said twice (a decimal past BIGINT into a
-- narrower integer, text past DBL_MAX into a FLOAT or DOUBLE(M,D)), one where said once
SET sql_mode = 'STRICT_ALL_TABLES';
INSERT INTO ni (id, a) VALUES (40, 99999999999999999999);
SHOW WARNINGS;
INSERT INTO ni (id, c) VALUES (41, 99999999999999999999);
SHOW WARNINGS;
INSERT INTO ni (id, b) VALUES (42, 12345678901234567890123);
SHOW WARNINGS;
INSERT INTO nf (id, f) VALUES (43, '1e400');
SHOW WARNINGS;
INSERT INTO nf (id, d83) VALUES (44, '-1e400');
SHOW WARNINGS;
INSERT INTO nf (id, d) VALUES (45, '1e400');
SHOW WARNINGS;

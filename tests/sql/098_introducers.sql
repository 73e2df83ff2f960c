-- Character set introducers before hex and bit literals, and with blanks before the
-- literal, as mariadb-dump and phpMyAdmin write them (_binary 0x..., _utf8mb4 X'...'):
-- a string of that character set, not a number (_binary 0x31 + 1 is 2).

SELECT _binary 0x31 + 1, 0x31 + 1, _binary b'00110001' + 1, _binary 0b110001 + 1;
SELECT HEX(_utf8mb4 0xC3A9), LENGTH(_utf8mb4 X'C3A9'), CHAR_LENGTH(_utf8mb4 x'C3A9'), _utf8mb4 0b01000001;
SELECT _binary 0x4142, COLLATION(_binary 0x41), CHARSET(_utf8mb4 0x41), COLLATION(_utf8mb4 0x41), _ascii X'4142', _latin1 0x41;
SELECT _binary
   0x41, _utf8mb4   'spaced', _utf8mb4'tight', _binary 'abc' = 'abc';
SELECT _utf8mb4 0xC3A9 = 'é', _utf8mb4 0xC3A9 = 'E', _binary 0xC3A9 = 'é', _binary 0x41 = 'a';
CREATE TABLE intro (id INT PRIMARY KEY, b BLOB, v VARBINARY(10), t TEXT);
INSERT INTO intro VALUES (1, _binary 0x00FF10, _binary X'616263', _utf8mb4 0xC3A9C3A9),
  (2, _binary 'x\0y', _binary b'01000010', _utf8mb4 'plain');
SELECT id, HEX(b), HEX(v), t, CHAR_LENGTH(t) FROM intro ORDER BY id;
SELECT id FROM intro WHERE v = _binary 0x616263;
SELECT id FROM intro WHERE t = _utf8mb4 0xC3A9C3A9;
DROP TABLE intro;
-- errors: an odd number of digits in X'..', and no literal after the name
SELECT _utf8mb4 X'C3A';
SELECT _utf8mb4 0xZZ;
SELECT _binary 0x;
SELECT _utf8mb4;
SELECT _binary FROM t;

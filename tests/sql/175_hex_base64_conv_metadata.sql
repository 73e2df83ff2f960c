-- options: metadata
-- Column metadata of HEX, UNHEX, TO_BASE64, BIN, OCT and CONV as MariaDB 10.11 sends it:
-- HEX and UNHEX with decimals 0 (their Items set it), UNHEX half its argument's bytes,
-- TO_BASE64 my_base64_needed_encoded_length of its argument's bytes (a newline per 76),
-- BIN/OCT/CONV 64 digits and a sign. Found by probing: decimals 39, UNHEX('41') 1 long,
-- TO_BASE64 always 36 characters, BIN 64.
SELECT HEX('a'), HEX(12), HEX(X'41'), HEX(NULL), UNHEX('41'), UNHEX(41), UNHEX('4142434'), HEX(1.5);
SELECT TO_BASE64('a'), TO_BASE64(''), TO_BASE64(REPEAT('a', 100)), TO_BASE64(X'4142'), TO_BASE64(57), TO_BASE64(NULL);
SELECT BIN(5), OCT(8), CONV(10, 10, 16), CONV('ff', 16, 2), BIN(-1), OCT(NULL);
CREATE TABLE hb (id INT PRIMARY KEY, v VARCHAR(20), b VARBINARY(7), t TEXT, c CHAR(3) CHARACTER SET latin1);
INSERT INTO hb VALUES (1, 'abc', X'00FF', 'hello', 'xyz'), (2, NULL, NULL, NULL, NULL);
SELECT id, HEX(v), HEX(b), HEX(c), UNHEX(v), UNHEX(HEX(b)), TO_BASE64(v), TO_BASE64(b), TO_BASE64(c), BIN(id), CONV(v, 16, 10) FROM hb ORDER BY id;
SELECT id, UNHEX(t), HEX(t) FROM hb ORDER BY id;
DROP TABLE hb;

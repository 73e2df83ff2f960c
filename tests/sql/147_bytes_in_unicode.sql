-- Bytes read as a Unicode charset's: CHAR(n, .. USING cs) (each number its own whole
-- units in a wide charset; NULL and 1300 when they are no characters of cs) and
-- CONVERT/CAST of a binary string to utf8mb4, utf8mb3, ucs2, utf16, utf16le, utf32 (a
-- wide charset's bytes padded in front to whole units; '?' for each ill-formed byte,
-- with 1300).
SELECT HEX(CHAR(0x41 USING ucs2)), HEX(CHAR(0xe9 USING latin1)), HEX(CHAR(0xc3a9 USING utf8mb4)), HEX(CHAR(65, 66 USING utf32)), HEX(CHAR(65, 0x4e2d USING utf16)), HEX(CHAR(0xa4a4 USING big5));
SELECT CHAR(0xe9 USING latin1), CHAR(0xc3a9 USING utf8mb4), CHAR(0xd83dde00 USING utf16), CHAR(0x1f600 USING utf32), CHAR(0xa4a4 USING big5), CHAR(0x4e2d USING ucs2), CHAR(0x3d0xd8 USING utf16le);
SELECT LENGTH(CHAR(0xe9 USING latin1)), CHAR_LENGTH(CHAR(0x1f600 USING utf32)), COLLATION(CHAR(1 USING latin1)), COLLATION(CHAR(1)), CHARSET(CHAR(1 USING utf32)), CHARSET(CHAR(1 USING binary));
SELECT HEX(CONVERT(CHAR(225 USING utf32) USING utf8mb4)), HEX(CONVERT(CHAR(19968 USING utf32) USING utf8mb4)), HEX(CONVERT(CHAR(225 USING ucs2) USING utf8mb4)), CONVERT(CHAR(225 USING utf32) USING utf8mb4) = 'á';
SELECT HEX(CHAR(0x41e1 USING utf8mb4));
SELECT HEX(CHAR(0x110000 USING utf32));
SELECT HEX(CHAR(0xd800 USING utf16)), HEX(CHAR(0x41 USING utf8mb4));
SELECT CHAR(65 USING koi99);
SELECT HEX(CONVERT(x'41E142' USING utf8mb4));
SELECT HEX(CONVERT(x'0041D800' USING utf16));
SELECT HEX(CONVERT(x'00110000' USING utf32));
SELECT HEX(CONVERT(x'41' USING ucs2)), HEX(CONVERT(x'414243' USING utf16le)), HEX(CONVERT(x'000000E1' USING utf32)), CONVERT(x'000000E1' USING utf32), CONVERT(x'00E9' USING ucs2);
SELECT HEX(CONVERT(x'F0908080' USING utf8mb3));
SELECT HEX(CAST(x'41E1' AS CHAR CHARACTER SET utf8mb4)), HEX(CAST(x'C3A9' AS CHAR));
SELECT HEX(CONVERT(_binary'\xff\xfe' USING utf16));
SELECT CONVERT(_binary 'abc' USING utf32) = 'abc', HEX(CONVERT(_binary 'abc' USING utf32));
-- COLLATE of a number, a date or NULL makes a string of its text (a VARCHAR of its display length)
SELECT 1 COLLATE utf8mb4_bin a, NULL COLLATE utf8mb4_bin b, 1.5 COLLATE utf8mb4_bin c, 1 COLLATE utf8mb4_bin = '1' e, 10 COLLATE utf8mb4_bin < 9 f, CONCAT(1 COLLATE utf8mb4_bin) g, NULL COLLATE latin1_bin h, DATE'2024-01-02' COLLATE utf8mb4_bin i, 1e0 COLLATE utf8mb4_bin j, 18446744073709551615 COLLATE utf8mb4_bin l;
SELECT COLLATION(1 COLLATE utf8mb4_bin), 2.5 COLLATE latin1_bin;
CREATE TABLE coll_num AS SELECT 1 COLLATE utf8mb4_bin a, 2.5 COLLATE utf8mb4_unicode_ci b;
SHOW CREATE TABLE coll_num;
DROP TABLE coll_num;
-- A literal with an introducer of another charset than the client's: its bytes as sent, read in that charset
SELECT _latin1'é', HEX(_latin1'é'), LENGTH(_latin1'é'), CHAR_LENGTH(_latin1'é'), _utf16'ab', HEX(_utf16'ab'), _koi8r'é', _utf8mb3'é', _ucs2'a', HEX(_ucs2'a'), _utf32'abcd' AS u32, _binary'é' = x'C3A9';
SELECT _latin1'é' = 'Ã©', _latin1'abc' = 'abc', COLLATION(_latin1'x'), CHARSET(_utf16'ab'), _cp1251'Привет';

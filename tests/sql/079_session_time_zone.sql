-- The session's time_zone without time zone tables: SYSTEM or an offset from -12:59 to
-- +13:00 (a name or anything else is 1298); FROM_UNIXTIME, UNIX_TIMESTAMP and the
-- CURRENT_TIMESTAMP of a column read the clock in that zone.
SET time_zone = 'UTC';
SET time_zone = '+14:00';
SET time_zone = '+13:01';
SET time_zone = '+5:3';
SET time_zone = 'x';
SET time_zone = '+5:30';
SELECT @@time_zone, @@session.time_zone;
SELECT FROM_UNIXTIME(0), FROM_UNIXTIME(631181711), FROM_UNIXTIME(631181711, '%H:%i'), UNIX_TIMESTAMP('1970-01-01 05:30:00');
SET time_zone = '-12:59';
SELECT @@time_zone, FROM_UNIXTIME(0), UNIX_TIMESTAMP('1970-01-01 00:00:00'), CONVERT_TZ('2020-01-01 00:00:00', @@time_zone, '+00:00');
SET time_zone = '+13:00';
SELECT FROM_UNIXTIME(86400 * 365), UNIX_TIMESTAMP('2000-01-01 13:00:00'), UNIX_TIMESTAMP(FROM_UNIXTIME(1000000000));
SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), NOW()) BETWEEN 779 AND 781, TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), SYSDATE()) BETWEEN 779 AND 781;
CREATE TABLE tz (id INT, c DATETIME DEFAULT CURRENT_TIMESTAMP);
INSERT INTO tz (id) VALUES (1);
SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), c) BETWEEN 779 AND 781 FROM tz;
SET time_zone = '-00:00';
SELECT @@time_zone, FROM_UNIXTIME(0);
SET time_zone = 'system';
SELECT @@time_zone;
SET time_zone = DEFAULT;
SELECT @@time_zone;

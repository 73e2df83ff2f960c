-- Narrow character sets: latin1 / ascii / utf8mb3 columns keep only what their charset
-- has ('?' and 1366), LENGTH/HEX count their bytes, CONVERT ... USING and CAST ... CHARACTER SET.
create table cz (l varchar(20) charset latin1, a varchar(20) charset ascii, u varchar(20) charset utf8mb3);
set sql_mode='';
insert into cz values ('日本 latin', 'naïve', 'x😀y');
select l, a, u, length(l), length(a), length(u), hex(l), hex(u), char_length(l), upper(l) from cz;
set sql_mode=default;
insert into cz values ('日本 latin', 'naïve', 'x😀y');
insert into cz (l) values ('€ ok'), ('ééééé'), ('ÿ');
select l, hex(l), length(l), char_length(l), bit_length(l) from cz order by l, hex(l);
select hex(convert('é' using latin1)), length(convert('é' using latin1)), convert('日' using latin1), hex(convert('😀' using utf8mb3)), convert('naïve' using ascii);
select hex(cast('é' as char character set latin1)), bit_length(convert('é' using latin1)), octet_length(convert('é' using latin1)), convert('日本語' using latin1);
create table cz2 (l char(3) charset latin1);
insert into cz2 values ('ééé');
insert into cz2 values ('éééé');
select l, length(l) from cz2;

-- Row constructors: (a, b) = (..), <>, <, >=, <=>, IN / NOT IN lists of rows.
create table rt (a int, b varchar(5), c int);
insert into rt values (1,'x',1),(1,'y',2),(2,'x',NULL),(NULL,'z',4),(3,'y',5);
select a, b from rt where (a, b) = (1, 'x') order by c;
select a, b from rt where (a, b) <> (1, 'x') order by c;
select a, b from rt where (a, b) in ((1, 'y'), (2, 'x'), (3, 'q')) order by c;
select a, b from rt where (a, b) not in ((1, 'y'), (2, 'x')) order by c;
select a, b, (a, b) < (1, 'y'), (a, b) >= (2, 'x'), (a, c) <=> (2, NULL), (a, c) = (2, NULL) from rt order by c;
select (1, 2) = (1, 2), (1, 2) = (1, 3), (1, NULL) = (1, 2), (1, 2) < (1, 3), (2, 1) > (1, 9), ((1, 2), 3) = ((1, 2), 3);
select (1, 2) = (1, 2, 3);
select (1, 2) in ((1, 2), (3));

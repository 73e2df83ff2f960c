/* planner.h - the SQL front end: lexer, parser (MySQL/MariaDB dialect) and the
 * syntax tree it produces; the engine resolves and executes the tree.
 *
 * Memory: every node is allocated in the arena passed to pl_parse and dies with it.
 * Identifiers and string literals are decoded (escapes processed) and NUL-terminated.
 */
#ifndef PRESSDB_PLANNER_H
#define PRESSDB_PLANNER_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "storage/storage.h"

/* ---- tokens ---- */
typedef enum pl_tok {
    TK_EOF, TK_IDENT, TK_QIDENT, TK_STRING, TK_INT, TK_DECIMAL, TK_FLOAT, TK_HEX, TK_BIT,
    TK_PARAM, TK_USERVAR, TK_SYSVAR, TK_OP, TK_ERROR
} pl_tok;

typedef struct pl_token {
    pl_tok kind;
    const char *start;       /* raw text in the statement */
    size_t len;              /* raw length */
    char *val;               /* decoded text (identifier, string bytes, number text) */
    size_t vlen;
    int op;                  /* TK_OP: operator code (see OP_*), or the character */
    uint16_t introducer;     /* TK_STRING: collation of _charset'...' (0 = none) */
    bool hex;                /* TK_STRING: written as _charset 0x.. / X'..' / b'..' (named by
                                its text, and not a literal the shape cache replaces) */
    int line;                /* 1-based line of the token's start */
    bool bad_name;           /* TK_IDENT / TK_QIDENT / a quoted @name: not well-formed utf8mb3 */
} pl_token;

/* multi-character operators */
enum {
    OP_LE = 256, OP_GE, OP_NE, OP_NSEQ /* <=> */, OP_SHL, OP_SHR, OP_OROR, OP_ANDAND,
    OP_ASSIGN /* := */, OP_ARROW /* -> */, OP_ARROW2 /* ->> */,
};

/* ---- expressions ---- */
typedef enum pl_ek {
    E_NULL, E_INT, E_DECIMAL, E_FLOAT, E_STRING, E_HEX, E_BOOL, E_PARAM, E_DEFAULT,
    E_COLUMN,     /* db.tbl.name */
    E_STAR,       /* tbl.* or * in a select list / COUNT(*) */
    E_SYSVAR,     /* @@[scope.]name: name in s, scope in db ("session"/"global"/NULL) */
    E_USERVAR,    /* @name */
    E_UNARY,      /* op: '-', '~', '!' (NOT), '+' */
    E_BINARY,     /* op: + - * / DIV % MOD, comparisons, AND OR XOR, & | ^ << >> */
    E_FUNC,       /* s = upper-case name; args; distinct; sep (GROUP_CONCAT) */
    E_IN,         /* args[0] IN (args[1..]); negated */
    E_INSUB,      /* args[0] IN (sub) */
    E_BETWEEN,    /* args[0] BETWEEN args[1] AND args[2]; negated */
    E_LIKE,       /* args[0] LIKE args[1] [ESCAPE args[2]]; negated */
    E_REGEXP,     /* args[0] REGEXP args[1]; negated */
    E_ISNULL,     /* args[0] IS [NOT] NULL */
    E_IS,         /* args[0] IS [NOT] TRUE/FALSE/UNKNOWN: ival 1/0/-1 */
    E_CASE,       /* args: [operand?] when,then pairs [else]; has_operand, has_else */
    E_CAST,       /* args[0]; cast type in cast */
    E_INTERVAL,   /* args[0] = amount; s = unit */
    E_SUBQUERY,   /* scalar subquery */
    E_EXISTS,     /* EXISTS (sub) */
    E_COLLATE,    /* args[0] COLLATE s */
    E_ROW,        /* (a, b, ...) */
    E_ROWID,      /* engine-internal: the current row id of source ival */
} pl_ek;

/* binary operator codes beyond single characters */
enum {
    BO_EQ = 1, BO_NE, BO_LT, BO_LE, BO_GT, BO_GE, BO_NSEQ,
    BO_AND, BO_OR, BO_XOR, BO_ADD, BO_SUB, BO_MUL, BO_DIV, BO_IDIV, BO_MOD,
    BO_BITAND, BO_BITOR, BO_BITXOR, BO_SHL, BO_SHR,
};

typedef struct pl_select pl_select;

/* A literal of a long INSERT's VALUES row kept without a syntax node (pl_stmt.lrows);
 * pl_insert_row makes the nodes when a reader needs them. */
typedef struct pl_lit {
    const char *s;            /* the value as the node's s (NUL-terminated); NULL for NULL */
    const char *start;        /* source text */
    uint32_t slen, srclen;
    uint8_t kind;             /* E_NULL, E_INT, E_DECIMAL, E_FLOAT, E_STRING */
    bool hex;                 /* E_STRING: an introduced hex or bit literal (_latin1 X'E9'),
                                 already read in its charset */
    uint16_t coll;            /* E_STRING: its introducer's collation, 0 = connection's */
} pl_lit;

/* Texts longer than this are not cached as shapes (cache.c) and keep the literal rows
 * of an INSERT as pl_lit (parser.c). */
#define PL_SHAPE_MAX_SQL 8192

typedef struct pl_cast {
    int type;                 /* stor_ctype, or -1 SIGNED, -2 UNSIGNED */
    int32_t len, scale;       /* -1 when not given */
    uint16_t coll;            /* CHAR ... CHARACTER SET / COLLATE */
    bool fuzzy;               /* (not from SQL) DATE/DATETIME as GREATEST/LEAST read them: a value
                                 that is no date is the zero date, not NULL */
} pl_cast;

/* fn(...) OVER (PARTITION BY ... ORDER BY ... [ROWS|RANGE frame]) */
enum { WB_UNB_PREC, WB_PREC, WB_CURRENT, WB_FOLL, WB_UNB_FOLL };
typedef struct pl_window {
    struct pl_expr **part;
    int npart;
    struct pl_order *order;
    int norder;
    int unit;                 /* 0 no frame clause, 1 ROWS, 2 RANGE */
    int start, end;           /* WB_* */
    int64_t start_n, end_n;   /* n of n PRECEDING / n FOLLOWING */
    char *ref;                /* OVER w / OVER (w ...): the named window (resolved by the parser) */
    bool bare;                /* OVER w without parentheses */
} pl_window;

typedef struct pl_expr {
    uint8_t kind;             /* pl_ek */
    int op;                   /* E_UNARY / E_BINARY operator */
    bool negated, distinct, has_operand, has_else;
    char *s;                  /* literal text / name / function name / unit */
    size_t slen;
    char *db, *tbl;           /* E_COLUMN / E_STAR qualifiers, or NULL; E_FUNC db.f(): the
                                 database and the name as written (a stored function) */
    int64_t ival;             /* E_INT value (when it fits), E_BOOL, E_IS; E_HEX: 0 X'..',
                                 1 b'..' or 0b.., 2 0x.. (the last two are numbers in
                                 numeric context); E_STRING: 1 written in hex or bits after
                                 an introducer (_binary 0x41: named by its text) */
    uint16_t coll;            /* E_STRING introducer collation, 0 = connection's; CHAR(..
                                 USING cs): cs's (0: binary) */
    struct pl_expr **args;
    int nargs;
    pl_select *sub;           /* E_INSUB / E_SUBQUERY / E_EXISTS */
    pl_cast cast;
    struct pl_order *order;   /* GROUP_CONCAT(... ORDER BY ...) */
    int norder;
    char *sep;                /* GROUP_CONCAT SEPARATOR */
    struct pl_expr *gc_limit, *gc_offset;   /* GROUP_CONCAT(... LIMIT [o,] n) */
    pl_window *win;           /* a window function: its OVER clause */
    const char *start;        /* source text of the expression (for column names) */
    size_t srclen;
} pl_expr;

typedef struct pl_order {
    pl_expr *e;
    bool desc;
} pl_order;

typedef struct pl_item {
    pl_expr *e;
    char *alias;              /* NULL = none */
} pl_item;

enum { JT_INNER, JT_LEFT, JT_RIGHT, JT_CROSS, JT_STRAIGHT, JT_NATURAL };

/* WITH [RECURSIVE] name [(cols)] AS (sel) */
typedef struct pl_cte {
    char *name;
    char **cols;              /* the column names, or NULL */
    int ncols;
    struct pl_select *sel;
    bool recursive;           /* WITH RECURSIVE: references go through cte, computed by iteration */
    struct pl_cte *next;      /* parser scope chain */
} pl_cte;

/* USE / FORCE / IGNORE {INDEX|KEY} [FOR {JOIN|ORDER BY|GROUP BY}] (keys) of a table */
typedef struct pl_hint {
    char kind;                /* 'U'se, 'F'orce, 'I'gnore */
    char scope;               /* 0 all, 'J'oin, 'O'rder by, 'G'roup by */
    char **keys;              /* "PRIMARY" for the primary key; none: USE INDEX () */
    int nkeys;
} pl_hint;

typedef struct pl_tref {
    char *db, *name, *alias;  /* name NULL for a derived table */
    pl_select *derived;
    int join;                 /* how it joins the tables before it */
    pl_expr *on;
    char **using_cols;
    int nusing;
    bool natural;             /* NATURAL [LEFT|RIGHT] JOIN: USING the common columns */
    char **col_names;         /* a WITH name (a, b) reference: its column names */
    pl_cte *cte;              /* a reference to a WITH RECURSIVE name (derived is NULL) */
    int ncol_names;
    int decl1;                /* place in the FROM clause as written + 1 (RIGHT JOINs reorder);
                                 0: its place in the list */
    int gsize;                /* > 1: first of a parenthesised join joined as one, of gsize tables */
    char **hint_keys;         /* the keys USE/FORCE/IGNORE INDEX name ("PRIMARY" for the primary key) */
    int nhint_keys;
    pl_hint *hints;           /* those hints one by one */
    int nhints;
} pl_tref;

struct pl_select {
    uint16_t bid;             /* query block number within its statement, 1-based in parse
                                 order (0: made by the engine); keys the block's cached plan */
    bool distinct, calc_found_rows, for_update, lock_share, straight;
    bool lock_nowait, skip_locked;   /* FOR UPDATE / LOCK IN SHARE MODE NOWAIT | SKIP LOCKED */
    bool lock_wait;           /* ... WAIT n: the statement's lock wait timeout is n seconds */
    uint32_t lock_wait_s;
    bool parens;              /* written as ( SELECT ... ): its ORDER BY / LIMIT are its own */
    bool tvc;                 /* a row of VALUES (..), (..): the rows are a UNION ALL chain */
    pl_item *items;
    int nitems;
    pl_tref *from;
    int nfrom;
    pl_expr *where;
    pl_expr **group;
    int ngroup;
    uint64_t group_desc;      /* bit k: GROUP BY item k DESC (its groups come in descending order) */
    bool rollup;
    pl_expr *having;
    pl_order *order;
    int norder;
    pl_expr *limit, *offset;  /* NULL when absent */
    bool with_ties;           /* FETCH FIRST n ROWS WITH TIES (u_with_ties: of the union) */
    bool u_with_ties;
    pl_expr *examined;        /* LIMIT ... ROWS EXAMINED n (on the statement's first block) */
    char **into_vars;         /* SELECT ... INTO @a, @b */
    int ninto;
    int *into_slots;          /* in a stored program: per target, a local variable's slot, or -1 */
    bool into_last;           /* ... FROM ... INTO @a: the form MariaDB warns is deprecated */
    struct pl_export *into_file;   /* SELECT ... INTO OUTFILE / DUMPFILE */
    pl_select *next;          /* UNION chain */
    int set_op;               /* how next combines: 0 none, 1 UNION, 2 UNION ALL, 3 INTERSECT, 4 EXCEPT */
    pl_order *u_order;        /* ORDER BY / LIMIT applying to the whole union */
    int nu_order;
    pl_expr *u_limit, *u_offset;
    pl_select *orig;          /* a copy the engine rewrote (a GROUP BY dropped): the block
                                 it stands for, as EXPLAIN knows it; NULL otherwise */
};

/* ---- DDL pieces ---- */
typedef struct pl_coldef {
    stor_column c;            /* name, type and options filled in (no data) */
    char *charset;            /* CHARACTER SET given, or NULL */
    char *collate;            /* COLLATE given, or NULL */
    bool inline_pk, inline_unique;
    pl_expr *default_expr;
    bool has_default;
    char *after;              /* ALTER ... AFTER col */
    bool first;
    pl_expr *check;           /* CHECK (expr) on the column (not JSON's json_valid(col)) */
    struct pl_keydef *ref;    /* REFERENCES table (col) on the column: a FOREIGN KEY */
    pl_expr *gen;             /* [GENERATED ALWAYS] AS (expr): a generated column */
    bool gen_stored;          /* STORED / PERSISTENT (else VIRTUAL) */
} pl_coldef;

typedef struct pl_keydef {
    int kind;                 /* stor_ikind */
    char *name;               /* NULL = derive */
    char **cols;
    uint32_t *prefix;
    int ncols;
    char *comment;
    bool is_foreign;          /* FOREIGN KEY: name is the index's name, fk_name the constraint's */
    pl_expr *check;           /* kind PL_KEY_CHECK: [CONSTRAINT name] CHECK (expr) */
    char *fk_name;            /* CONSTRAINT name of a FOREIGN KEY, or NULL */
    char *ref_db, *ref_table; /* REFERENCES [db.]table (cols): as many as cols */
    char **ref_cols;
    int nref;
    uint8_t on_delete, on_update;             /* STOR_FK_* */
    bool on_delete_given, on_update_given;
} pl_keydef;
#define PL_KEY_CHECK (-1)

typedef struct pl_tableopt {
    char *engine, *charset, *collate, *comment, *row_format;
    uint64_t auto_inc;
    bool has_auto_inc;
    bool sequence;            /* SEQUENCE=1 (SHOW CREATE TABLE of a sequence) */
} pl_tableopt;

/* CREATE / ALTER SEQUENCE options (has: bits of what was written, PL_SEQ_*) */
enum { PL_SEQ_START = 1, PL_SEQ_INC = 2, PL_SEQ_MIN = 4, PL_SEQ_MAX = 8, PL_SEQ_CACHE = 16, PL_SEQ_CYCLE = 32,
       PL_SEQ_RESTART = 64, PL_SEQ_RESTART_WITH = 128 };
typedef struct pl_seqopt {
    uint32_t has;
    int64_t start, inc, min, max, cache, restart;
    bool no_min, no_max, cycle;   /* NO MINVALUE / NO MAXVALUE (the default); CYCLE */
} pl_seqopt;

enum {
    AT_ADD_COLUMN, AT_DROP_COLUMN, AT_CHANGE_COLUMN, AT_MODIFY_COLUMN, AT_ALTER_DEFAULT,
    AT_DROP_DEFAULT, AT_ADD_KEY, AT_DROP_KEY, AT_DROP_PRIMARY, AT_RENAME, AT_CONVERT,
    AT_OPTIONS, AT_DROP_CHECK, AT_DROP_FK, AT_FORCE,
};

typedef struct pl_alter {
    int kind;
    char *name;               /* column or key name */
    pl_coldef col;
    pl_keydef key;
    pl_expr *dflt;
    char *new_db, *new_name;  /* RENAME */
    char *charset, *collate;  /* CONVERT TO */
    bool if_exists;
} pl_alter;

/* ---- statements ---- */
typedef enum pl_sk {
    S_SELECT, S_INSERT, S_REPLACE, S_UPDATE, S_DELETE, S_SET, S_SET_NAMES, S_USE,
    S_CREATE_DB, S_DROP_DB, S_CREATE_TABLE, S_DROP_TABLE, S_ALTER_TABLE, S_TRUNCATE,
    S_RENAME_TABLE, S_CREATE_INDEX, S_DROP_INDEX,
    S_SHOW, S_DESCRIBE, S_BEGIN, S_COMMIT, S_ROLLBACK, S_SAVEPOINT, S_RELEASE,
    S_ROLLBACK_TO, S_LOCK_TABLES, S_UNLOCK_TABLES, S_FLUSH, S_EMPTY, S_UNSUPPORTED, S_PURGE_LOGS,
    S_ANALYZE_TABLE, S_OPTIMIZE_TABLE, S_CHECK_TABLE, S_REPAIR_TABLE, S_EXPLAIN,
    S_DO, S_KILL, S_SHUTDOWN, S_CREATE_USER, S_DROP_USER, S_ALTER_USER, S_SET_PASSWORD, S_GRANT, S_REVOKE,
    S_RENAME_USER, S_CREATE_ROLE, S_DROP_ROLE, S_GRANT_ROLE, S_REVOKE_ROLE, S_SET_ROLE,
    S_SET_DEFAULT_ROLE, S_PREPARE, S_EXECUTE, S_DEALLOCATE, S_CACHE_INDEX, S_LOAD_INDEX,
    S_CHECKSUM_TABLE, S_CREATE_VIEW, S_DROP_VIEW, S_CREATE_TRIGGER, S_DROP_TRIGGER,
    S_CREATE_ROUTINE, S_DROP_ROUTINE, S_CALL, S_ALTER_ROUTINE, S_GET_DIAG, S_LOAD_DATA,
    S_ALTER_SEQUENCE, S_CREATE_EVENT, S_ALTER_EVENT, S_DROP_EVENT,
    S_REPLICA,     /* num: 1 CHANGE MASTER TO (sets: option = value), 2 START SLAVE, 3 STOP
                      SLAVE, 4 RESET SLAVE, 5 RESET SLAVE ALL; name: the connection ('' default) */
} pl_sk;
/* GET DIAGNOSTICS items (pl_assign.slot of S_GET_DIAG's sets; where in scope / name) */
enum { GD_NUMBER, GD_ROW_COUNT, GD_SQLSTATE, GD_ERRNO, GD_MESSAGE, GD_CLASS_ORIGIN, GD_SUBCLASS_ORIGIN, GD_EMPTY };

/* The text format of LOAD DATA and SELECT ... INTO OUTFILE: FIELDS / LINES options
 * (strings as bytes with their lengths; *_set: the option was written, else MariaDB's
 * default: fields '\t', enclosed '', escaped '\\', lines '\n', starting ''). */
typedef struct pl_export {
    const char *file;         /* the file name */
    size_t file_len;
    bool dumpfile;            /* INTO DUMPFILE */
    bool local;               /* LOAD DATA LOCAL */
    bool optionally;          /* OPTIONALLY ENCLOSED BY */
    const char *charset;      /* CHARACTER SET name (NULL: not given) */
    const char *fterm, *encl, *esc, *lstart, *lterm;
    size_t fterm_len, encl_len, esc_len, lstart_len, lterm_len;
    bool fterm_set, encl_set, esc_set, lstart_set, lterm_set;
    uint64_t skip_lines;      /* LOAD DATA ... IGNORE n LINES */
    char **targets;           /* LOAD DATA's (col_or_@var, ...) */
    bool *is_var;
    int ntargets;
} pl_export;

/* CREATE / ALTER VIEW: what precedes VIEW and follows its SELECT (the name is
 * pl_stmt.db/table, a column list pl_stmt.cols, the SELECT pl_stmt.sel). */
typedef struct pl_view {
    uint8_t algorithm;        /* 0 UNDEFINED, 1 MERGE, 2 TEMPTABLE */
    uint8_t security;         /* 0 not given (DEFINER), 1 DEFINER, 2 INVOKER */
    uint8_t check;            /* 0 none, 1 CASCADED, 2 LOCAL */
    bool alter;               /* ALTER VIEW */
    bool has_definer;
    struct pl_user *definer;  /* DEFINER = ... (user "" : CURRENT_USER) */
    const char *body;         /* the SELECT as written */
    size_t body_len;
} pl_view;

/* An account in CREATE/DROP/ALTER USER, GRANT, SET PASSWORD: 'user'@'host' and how it
 * authenticates. */
typedef struct pl_user {
    char *user, *host;
    char *password;           /* IDENTIFIED BY 'pw' (NULL: not given) */
    char *hash;               /* IDENTIFIED BY PASSWORD '*hex' / AS 'hash' */
    char *plugin;             /* IDENTIFIED VIA/WITH plugin */
    char *to_user, *to_host;  /* RENAME USER a TO b */
    bool no_host;             /* written without @host (host "%", or a role's "") */
    bool current_role;        /* CURRENT_ROLE (a grantee, WITH ADMIN) */
} pl_user;

typedef struct pl_assign {
    int scope;                /* 0 session (default), 1 global, 2 user var, PL_SET_* */
    char *name;
    pl_expr *value;
    int slot;                 /* PL_SET_LOCAL: the variable's frame slot */
} pl_assign;
/* Stored-program assignments (SET inside a trigger body): a local variable, NEW.col, OLD.col */
enum { PL_SET_LOCAL = 3, PL_SET_NEW = 4, PL_SET_OLD = 5,
       PL_SET_NEXT_TXN = 6 };   /* SET TRANSACTION without GLOBAL / SESSION: the next transaction's */

/* ---- stored programs (trigger bodies) ----
 * A body is a tree of pl_sp. Local variables live in a frame of slots numbered in
 * declaration order over the whole body; the parser turns a reference to one into
 * E_PARAM with ival = its slot, and NEW.col / OLD.col into E_PARAM with ival -1, tbl
 * "NEW"/"OLD" (listed in pl_trigger.refs, for the engine to number: the frame holds the
 * locals, then the NEW row, then the OLD row). */
enum { SP_STMT, SP_BLOCK, SP_DECLARE, SP_IF, SP_LOOP, SP_WHILE, SP_REPEAT, SP_LEAVE, SP_ITERATE,
       SP_SIGNAL, SP_CASE, SP_HANDLER, SP_CURSOR, SP_OPEN, SP_FETCH, SP_CLOSE, SP_RETURN };
/* A condition a handler catches: SQLSTATE 'xxxxx' (state), an error number (code), or a
 * class: SQLWARNING, NOT FOUND, SQLEXCEPTION */
enum { SPC_STATE, SPC_CODE, SPC_WARNING, SPC_NOTFOUND, SPC_EXCEPTION };
typedef struct pl_spcond {
    uint8_t kind;
    char state[6];
    uint16_t code;
} pl_spcond;
typedef struct pl_sp {
    uint8_t kind;
    char *label;              /* BLOCK and loops: their label, or NULL */
    struct pl_stmt *st;       /* SP_STMT (SET of locals / NEW: assignments PL_SET_*) */
    struct pl_sp **body;      /* BLOCK, loops, IF's THEN, CASE WHEN's THEN */
    int nbody;
    pl_expr *cond;            /* IF / ELSEIF, WHILE, REPEAT's UNTIL, CASE's WHEN */
    struct pl_sp *els;        /* IF / CASE: the next ELSEIF or WHEN (same kind), or the ELSE
                                 (an SP_BLOCK without label); NULL: none */
    pl_expr *operand;         /* simple CASE: the value compared with each WHEN */
    int slot, nslots;         /* DECLARE: the variables' first slot and count */
    char **names;             /* DECLARE: their names */
    struct pl_coldef *type;   /* DECLARE: their type */
    pl_expr *dflt;            /* DECLARE ... DEFAULT (NULL: none) */
    char sqlstate[6];         /* SIGNAL */
    pl_expr *msg, *errnum;    /* SIGNAL ... SET MESSAGE_TEXT, MYSQL_ERRNO (NULL: not given) */
    uint16_t sigcode;         /* SIGNAL of a condition declared FOR error number n */
    pl_spcond *conds;         /* HANDLER: what it catches */
    int nconds;
    bool exit;                /* HANDLER: EXIT (else CONTINUE) */
    struct pl_select *sel;    /* CURSOR: its SELECT */
    int cursor;               /* CURSOR, OPEN, FETCH, CLOSE: the cursor's number in the routine */
    struct pl_coldef **ptypes;   /* CURSOR (p type, ...): its parameters' types (their slots:
                                    slot.., names: names; nslots of them) */
    pl_expr **args;           /* OPEN cursor(args): the parameters' values */
    int nargs;
    int *slots;               /* FETCH ... INTO: the locals */
    const char *start;        /* its text */
    size_t len;
} pl_sp;

/* CREATE PROCEDURE / FUNCTION: its parameters are its first local variables */
typedef struct pl_param {
    char *name;
    uint8_t mode;             /* 0 IN, 1 OUT, 2 INOUT */
    struct pl_coldef *type;
} pl_param;
typedef struct pl_routine {
    char *db, *name;
    bool function;
    pl_param *params;
    int nparams;
    const char *params_text;  /* the parameter list as written, without its parentheses */
    size_t params_len;
    struct pl_coldef *returns;   /* FUNCTION ... RETURNS type */
    const char *returns_text;
    size_t returns_len;
    const char *chars_text;   /* the characteristics as written (COMMENT ..., DETERMINISTIC ...) */
    size_t chars_len;
    char *comment;
    bool deterministic;
    uint8_t data_access;      /* 0 CONTAINS SQL, 1 NO SQL, 2 READS SQL DATA, 3 MODIFIES SQL DATA */
    uint8_t security;         /* 0 not given (DEFINER), 1 DEFINER, 2 INVOKER */
    uint8_t given;            /* characteristics written: 1 COMMENT, 2 DETERMINISTIC, 4 data access, 8 SECURITY */
    bool has_definer;
    struct pl_user *definer;
    const char *body;         /* the body as written */
    size_t body_len;
    pl_sp *sp;
    int nslots;               /* parameters, then every local of the body */
    int ncursors;
} pl_routine;

/* CREATE / ALTER EVENT (engine/event.c); DROP EVENT names it in pl_stmt.db/name */
typedef struct pl_event {
    char *db, *name;
    bool has_definer;
    struct pl_user *definer;
    bool has_schedule;        /* ON SCHEDULE given (always for CREATE) */
    bool every;               /* EVERY n unit [STARTS ..] [ENDS ..], else AT when */
    pl_expr *at, *amount, *starts, *ends;
    const char *unit;         /* EVERY's unit, upper case ("HOUR", "HOUR_MINUTE") */
    int8_t preserve;          /* ON COMPLETION: -1 not given, 0 NOT PRESERVE, 1 PRESERVE */
    int8_t status;            /* -1 not given, 0 ENABLE, 1 DISABLE, 2 DISABLE ON SLAVE */
    bool has_comment;
    char *comment;
    char *rename_db, *rename_name;   /* ALTER ... RENAME TO, or NULL */
    const char *body;         /* DO body as written (NULL: ALTER without DO) */
    size_t body_len;
    pl_sp *sp;
    int nslots, ncursors;
} pl_event;

/* CREATE TRIGGER (the table is pl_stmt.db/table) */
typedef struct pl_trigger {
    char *db, *name;
    uint8_t timing;           /* 0 BEFORE, 1 AFTER */
    uint8_t event;            /* 0 INSERT, 1 UPDATE, 2 DELETE */
    uint8_t order;            /* 0 none, 1 FOLLOWS, 2 PRECEDES */
    char *other;              /* ... the trigger it follows or precedes */
    bool has_definer;
    struct pl_user *definer;
    const char *body;         /* the body as written */
    size_t body_len;
    const char *head;         /* the text from TRIGGER on: what SHOW CREATE TRIGGER shows, */
    const char *cut_from, *cut_to;   /* without this part (FOLLOWS / PRECEDES name) */
    const char *tbl_from, *tbl_to;   /* the table's name as written */
    pl_sp *sp;
    pl_expr **refs;           /* NEW.col / OLD.col references (E_PARAM, ival -1) */
    int nrefs;
    int nslots;               /* local variables of the whole body */
} pl_trigger;

/* SHOW variants */
enum {
    SH_VARIABLES, SH_STATUS, SH_DATABASES, SH_TABLES, SH_COLUMNS, SH_INDEX, SH_CREATE_TABLE,
    SH_CREATE_DATABASE, SH_TABLE_STATUS, SH_ENGINES, SH_ENGINE_STATUS, SH_ENGINE_MUTEX, SH_ENGINE_LOGS, SH_CHARSET, SH_COLLATION, SH_WARNINGS,
    SH_ERRORS, SH_PROCESSLIST, SH_GRANTS, SH_COUNT_WARNINGS, SH_COUNT_ERRORS, SH_PLUGINS,
    SH_MASTER_STATUS, SH_SLAVE_STATUS, SH_TRIGGERS, SH_EVENTS, SH_PROC_STATUS, SH_FUNC_STATUS,
    SH_OPEN_TABLES, SH_CREATE_VIEW, SH_CREATE_USER, SH_PRIVILEGES, SH_BINLOG_EVENTS, SH_RELAYLOG_EVENTS, SH_SLAVE_HOSTS,
    SH_PROFILES, SH_CREATE_TRIGGER, SH_CREATE_ROUTINE, SH_BINARY_LOGS, SH_CREATE_SEQUENCE, SH_CREATE_EVENT,
};

typedef struct pl_stmt {
    uint8_t kind;             /* pl_sk */
    const char *start;        /* statement text */
    size_t len;
    /* SELECT, INSERT ... SELECT, CREATE TABLE ... SELECT, EXPLAIN */
    pl_select *sel;
    /* table-level statements */
    char *db, *table;         /* target (db NULL = current) */
    pl_tref *trefs;           /* UPDATE/DELETE multi-table, DROP TABLE list, LOCK TABLES */
    int ntrefs;
    char **del_targets;       /* DELETE a, b FROM ... */
    int ndel_targets;
    /* INSERT / REPLACE */
    bool ignore, low_priority;
    char **cols;
    int ncols;
    pl_expr ***rows;          /* VALUES rows (NULL where lrows has the row) */
    pl_lit **lrows;           /* NULL, or per row: its literals, when every value is one
                                 and the text is longer than PL_SHAPE_MAX_SQL (a dump's
                                 rows: no syntax node per value) */
    int nrows;
    int rowlen;
    int count_row;            /* (a stored program's) first row whose value count is not rowlen */
    pl_assign *sets;          /* INSERT ... SET / UPDATE SET / ON DUPLICATE KEY UPDATE / SET */
    int nsets;
    pl_assign *dup_sets;
    int ndup;
    pl_expr *where;
    pl_order *order;
    int norder;
    pl_expr *limit;
    /* DDL */
    bool if_not_exists, if_exists, temporary, or_replace;
    pl_coldef *coldefs;
    int ncoldefs;
    pl_keydef *keys;
    int nkeys;
    pl_tableopt opts;
    pl_seqopt *seq;               /* CREATE SEQUENCE (an S_CREATE_TABLE), ALTER SEQUENCE */
    bool drop_sequence;           /* DROP SEQUENCE (an S_DROP_TABLE) */
    bool seq_write;               /* NEXTVAL / SETVAL somewhere: the statement writes */
    char *like_db, *like_table;   /* CREATE TABLE ... LIKE */
    bool sel_replace;             /* CREATE TABLE ... REPLACE SELECT (ignore: ... IGNORE SELECT) */
    pl_alter *alters;
    int nalters;
    char **names;             /* DROP TABLE list (db.name pairs as "db\0name"?) see names_db */
    char **names_db;
    int nnames;
    bool *lock_write;         /* LOCK TABLES: per name, WRITE (else READ) */
    char **lock_alias;        /* LOCK TABLES: per name, its alias (NULL none) */
    char **rename_to, **rename_to_db;  /* RENAME TABLE a TO b, ... */
    char *charset, *collate;  /* CREATE DATABASE / SET NAMES */
    /* SHOW */
    int show;                 /* SH_* */
    bool full, global, session_scope;
    char *like;               /* SHOW ... LIKE 'pattern' */
    pl_expr *show_where;
    char *from_db;            /* SHOW TABLES FROM db; SHOW BINLOG EVENTS IN 'file' */
    int64_t ev_from, ev_offset, ev_limit;   /* SHOW BINLOG EVENTS FROM pos LIMIT offset, count
                                               (-1: not given) */
    /* savepoints, misc; PREPARE name FROM where, EXECUTE name (NULL: IMMEDIATE where)
       USING rows[0][0 .. rowlen), DEALLOCATE PREPARE name */
    char *name;
    bool chain, release, read_only, read_write, consistent_snapshot;
    int64_t num;
    struct pl_stmt *inner;    /* EXPLAIN: the statement explained */
    int explain_opt;          /* EXPLAIN: 0 plain, 1 EXTENDED, 2 PARTITIONS, 3 FORMAT=JSON */
    const char *unsupported;  /* S_UNSUPPORTED: what ("views") */
    int nparams;              /* '?' placeholders (E_PARAM ival = 0..nparams-1) */
    /* accounts */
    pl_user *users;
    int nusers;
    bool all_privileges, global_level, grant_option;   /* GRANT ALL ON *.* ... WITH GRANT OPTION */
    uint8_t account_lock;        /* CREATE/ALTER USER ... ACCOUNT LOCK (1) or UNLOCK (2) */
    char *grant_db, *grant_table;                      /* ON db.table (NULL = *) */
    uint8_t grant_routine;    /* GRANT/REVOKE ... ON PROCEDURE (1) or FUNCTION (2) db.name */
    uint64_t privs;           /* GRANT/REVOKE privilege list: STOR_PRIV_* bits */
    struct pl_colpriv *colprivs;  /* GRANT/REVOKE priv (cols): column privileges, as listed */
    int ncolprivs;
    bool revoke_all;          /* REVOKE ALL PRIVILEGES, GRANT OPTION FROM ... */
    bool proxy;               /* GRANT/REVOKE PROXY ON user TO/FROM ... */
    struct pl_user *role_admin;   /* CREATE ROLE ... WITH ADMIN this (NULL: the current user) */
    /* roles: CREATE ROLE users (user = name) [WITH ADMIN role_admin], DROP ROLE users,
       GRANT name TO users [WITH ADMIN OPTION: grant_option], REVOKE [ADMIN OPTION FOR:
       grant_option] name FROM users, SET ROLE name (NULL: NONE), SET DEFAULT ROLE name
       ("": NONE) [FOR users[0]]; the name in `name` */
    pl_assign *stmt_sets;     /* SET STATEMENT var=value, ... FOR this statement (session scope) */
    int nstmt_sets;
    pl_view *view;            /* CREATE / ALTER VIEW */
    pl_trigger *trigger;      /* CREATE TRIGGER */
    pl_routine *routine;      /* CREATE PROCEDURE / FUNCTION; DROP / CALL: num 1 for a function,
                                 the name in db/name, CALL's arguments in rows[0][0 .. rowlen) */
    pl_event *event;          /* CREATE / ALTER EVENT */
    bool event_body;          /* CREATE EVENT text an event's session runs: its body, as a
                                 CALL, no DDL (engine/event.c) */
    pl_expr *view_check;      /* a write through a view WITH CHECK OPTION (engine/view.c): the
                                 condition every row written must meet, over the table's columns */
    const char *view_check_db, *view_check_name;
    pl_export *load;          /* LOAD DATA: the file and its format (num: 1 REPLACE, 2 PARTITION given) */
} pl_stmt;

/* One privilege with a column list in GRANT/REVOKE: SELECT (a, b). */
typedef struct pl_colpriv {
    uint64_t priv;            /* STOR_PRIV_SELECT, _INSERT, _UPDATE or _REFERENCES */
    char **cols;
    int ncols;
} pl_colpriv;

/* Parse error: code 1064 and MariaDB's message. */
typedef struct pl_error {
    uint16_t code;
    char sqlstate[6];
    char msg[512];
} pl_error;

typedef struct pl_parse_opts {
    bool no_backslash_escapes;   /* sql_mode NO_BACKSLASH_ESCAPES */
    bool ansi_quotes;            /* sql_mode ANSI_QUOTES */
    bool pipes_as_concat;        /* sql_mode PIPES_AS_CONCAT */
    bool high_not_precedence;
    bool no_block_ids;           /* blocks get bid 0 (a view's: they keep no plans) */
    const char *names_charset;   /* a client's statement in this UTF-8 charset: a name that is
                                    not well-formed utf8mb3 (a 4-byte character) is MariaDB's
                                    1300; NULL: not checked (stored texts, log replay) */
} pl_parse_opts;

/* Parses one statement starting at *pos in sql[0..len); on success fills *out, sets *pos
 * past the statement and its ';' and returns 0. Returns 1 at the end of the text (only
 * whitespace/comments left), -1 on error (err filled). */
/* pushdown.c: the derived SELECT d (source src of outer, its column list col_names or
 * NULL) with the conjuncts of outer's WHERE that read only its columns also checked
 * inside it (WHERE, or HAVING for its aggregates), as MariaDB's
 * condition_pushdown_for_derived; d itself when nothing can be pushed. */
pl_select *pl_push_conditions(stor_arena *a, const pl_select *outer, int src, pl_select *d, char **col_names,
                              int ncol_names);
/* A deep copy of e (its arguments and GROUP_CONCAT ORDER BY; a subquery is shared). */
pl_expr *pl_expr_copy(stor_arena *a, const pl_expr *e);
/* The conjuncts of e (its AND tree), at most cap of them. */
void pl_expr_conjuncts(pl_expr *e, pl_expr **out, int *n, int cap);
/* x AND y (either may be NULL: the other). */
pl_expr *pl_expr_and(stor_arena *a, pl_expr *x, pl_expr *y);

/* Row r of an INSERT's VALUES as syntax nodes: s->rows[r], or nodes made in a from its
 * literals (s->lrows[r]). */
pl_expr **pl_insert_row(const pl_stmt *s, int r, stor_arena *a);

int pl_parse(stor_arena *a, const char *sql, size_t len, size_t *pos, const pl_parse_opts *o,
             pl_stmt *out, pl_error *err);

/* The statement-shape cache (cache.c): like pl_parse, but a SELECT/INSERT/REPLACE/
 * UPDATE/DELETE whose shape (its tokens with numbers and strings blanked) was parsed
 * before is copied from the cached tree with this statement's literals put in, instead
 * of parsed. Only a whole text of one statement (*pos == 0) goes through the cache.
 * *ref is set when the result points into a cache entry: pass it to pl_shape_release
 * once the statement is done with *out (it may be NULL). */
typedef struct pl_shape pl_shape;
int  pl_parse_cached(stor_arena *a, const char *sql, size_t len, size_t *pos, const pl_parse_opts *o,
                     pl_stmt *out, pl_error *err, pl_shape **ref);
void pl_shape_release(pl_shape *ref);
/* A yes/no property of a shape's text that its literals' values cannot change (the
 * engine's "may this statement run again" test): test runs once per shape, over the
 * cached text with every literal token replaced by ?, and later calls return its answer.
 * One memo per shape. -1 when ref is NULL or not a usable shape (the caller tests the
 * statement's own text). */
int  pl_shape_memo(pl_shape *ref, bool (*test)(const char *text, size_t len));
/* Plans the engine attaches to a cached shape, one slot per query block (bid 1 ..
 * PL_SHAPE_PLANS). A plan is one malloc'd block the cache frees with the entry; once set it
 * is never written again, so a statement holding a reference to the entry may read it
 * without a lock. Setting a slot again retires the old plan (still readable until the
 * entry goes); false when the slot cannot take another one (the plan is not kept: the
 * caller frees it). */
#define PL_SHAPE_PLANS 8
const void *pl_shape_plan(pl_shape *ref, int bid);
bool pl_shape_set_plan(pl_shape *ref, int bid, void *plan);
/* How the cache frees a plan (default free): the engine's plans hold compiled code. */
void pl_shape_set_plan_free(void (*fn)(void *plan));
/* 0 off, 1 on (a shape is cached when seen the second time), 2 eager (cached at its
 * first sighting and every statement served by copying: for tests). */
void pl_shape_mode(int mode);
/* Statements served from the cache, parsed, and shapes held (SHOW STATUS). */
void pl_shape_stats(uint64_t *hits, uint64_t *misses, uint64_t *entries);

/* ---- the optimizer (optimize.c): a query block's plan ----
 *
 * The optimizer turns a resolved query block into a plan: the sources in join order,
 * LEFT JOINs the WHERE makes inner, how each source finds its rows (pl_access), and each
 * conjunct's sources and level. The engine runs the plan (engine/select.c), EXPLAIN
 * prints it (engine/explain.c), the shape cache keeps it (cache.c) for later statements
 * of the same shape, and the JIT compiles the levels it names. SQLite's where.c is the
 * model of this seam.
 *
 * Expressions are resolved and evaluated by the engine: what the optimizer needs of that
 * it asks through pl_opt_env. Nodes of WHERE and ON are named by their ordinal in a
 * pre-order walk (pl_nodes): statements of one shape have the same tree but for the
 * literals' values, so node k of one is node k of the other. Tables are named by pointer,
 * valid while the catalog generation is unchanged (any DDL bumps it).
 *
 * What a kept plan holds depends only on the tree, the catalog and the value *kinds*:
 * which LEFT JOINs WHERE makes inner, the index probes that estimate each source's rows,
 * which sources make a source reachable by index, each conjunct's sources, and the access
 * path of each source for the join order the plan was made for. What depends on the
 * literals' values is done at every execution: the estimates (a few index probes) and so
 * the join order; when that order differs from the plan's, placement and access paths
 * are worked out again for this execution (pl_plan.post cleared). */
#define PL_PLAN_SRC 64      /* sources a plan holds (MariaDB joins at most 61 tables) */
#define PL_KEEP_SRC 16      /* a block of more sources is planned at every execution */
#define PL_KEY 16           /* key columns an access path uses */
#define PL_OR_PINS 64       /* values an OR of disjuncts may pin a key column to */

typedef struct pl_ref { int32_t node, arg; } pl_ref;   /* node's args[arg..], or the node (arg -1) */

typedef struct pl_nodes {   /* the walk: node ordinal -> node */
    pl_expr **v;
    int n, cap;
    bool over;              /* a node outside the walk was named: the plan is not kept */
} pl_nodes;

typedef struct pl_probe {   /* an index probed with constants to estimate a source's rows */
    uint8_t ix, nk;
    uint8_t nv[PL_KEY];
    pl_ref v[PL_KEY];
} pl_probe;

enum { PA_SCAN, PA_INDEX, PA_RANGE, PA_HASH };
enum { PL_LO_STRICT = 1, PL_HI_STRICT = 2 };
typedef struct pl_access {  /* how a source finds its rows */
    uint8_t kind;               /* PA_* */
    uint8_t ix, nk;             /* PA_INDEX: the index, key columns used; PA_RANGE: index, equal columns */
    uint8_t nv[PL_KEY];         /* PA_INDEX: values per key column (an IN list gives several) */
    pl_ref v[PL_KEY];           /* PA_INDEX / PA_RANGE key values; PA_HASH: v[0] the probe value */
    int32_t by[PL_KEY];         /* PA_INDEX: the conjunct pinning each key column */
    pl_ref lo, hi;              /* PA_RANGE: bounds (node -1: open) */
    pl_ref like;                /* PA_RANGE: a LIKE pattern whose prefix bounds the rest (node -1: none) */
    uint8_t strict;             /* PA_RANGE: PL_LO_STRICT (col > lo), PL_HI_STRICT (col < hi) */
    int32_t hcol;               /* PA_HASH: the column hashed */
} pl_access;

typedef struct pl_conj {    /* a WHERE conjunct as the block checks it, in evaluation order */
    pl_expr *e;
    uint64_t m;             /* the sources it reads (bit 63: outside the block) */
    int level;              /* checked once sources 0..level are bound */
} pl_conj;

typedef struct pl_plan {
    /* what it was made for */
    uint64_t gen;
    uint32_t mode;
    uint16_t coll;
    uint64_t psig;              /* pl_opt's */
    int nsrc, nnodes;
    /* the analysis kept with the shape (and, per source, in s[]) */
    uint64_t to_inner;          /* LEFT JOINs the WHERE makes inner */
    pl_probe *cands;
    int ncands, ccands;
    uint64_t *jms;
    int njms, cjms;
    bool post;                  /* cjm and lk below are filled in */
    bool nocache;               /* a decision depended on values: not kept */
    int ncj;
    uint64_t *cjm;              /* the sources each conjunct reads */
    /* the engine's, kept with the plan: compiled expression programs and kernels */
    void *jit;
    const void *progs;
    int nprogs;
    /* this execution's (never kept): the conjuncts in evaluation order, grouping, sort */
    pl_conj *conj;
    int nconj;
    bool grouped, sorted;
    struct pl_psrc {            /* per source (a kept plan has nsrc of them) */
        stor_table *t;          /* source i as opened */
        int cand0, ncand;       /* its estimate probes: cands[cand0 .. cand0 + ncand) */
        int jm0, njm;           /* masks of placed sources that reach it by index: jms[jm0 ..] */
        uint8_t order;          /* the join order: position i holds source s[i].order as opened */
        pl_access lk;           /* how the source at position i finds its rows */
    } s[];
} pl_plan;

/* A source as the optimizer sees it (in the engine's order: the optimizer permutes both). */
typedef struct pl_osrc {
    stor_table *t;          /* NULL: a derived table or the like */
    int join;               /* JT_* */
    pl_expr *on;
    int gsize;              /* > 1: first of a group of gsize sources joined as one */
    uint32_t rows;          /* not a base table: its rows, for the estimates */
    uint64_t deny;          /* keys its index hints keep it from reading through (bit x: t->idx[x]) */
} pl_osrc;

/* What the optimizer asks of the engine, which resolves and evaluates expressions. */
typedef struct pl_opt_env {
    /* the sources e reads (bit i: source i; bit 63: something outside the block) */
    uint64_t (*srcmask)(void *arg, pl_expr *e);
    /* e's type (vt, collation); const_only: the block is being planned for constants only */
    void (*value_type)(void *arg, pl_expr *e, bool const_only, pdb_vt *vt, uint16_t *coll);
    /* e's value converted to column col's key, quietly; false: no usable key */
    bool (*key_value)(void *arg, pl_expr *e, const stor_column *col, pdb_value *out);
    /* does pattern (a literal) have a prefix an index of collation coll can range over? */
    bool (*like_bound)(uint16_t coll, const char *pat, size_t len);
} pl_opt_env;

typedef struct pl_opt {
    stor_arena *a;
    pl_select *sel;
    const pl_opt_env *env;
    void *arg;
    int nsrc;
    pl_osrc *src;
    pl_nodes nm;
    pl_plan *rec;           /* a fresh plan being made: decisions that depend on values mark it */
    bool const_only;        /* only constants pin a key (a nested block planned for estimates) */
    bool verify;            /* --plan-cache=3: a kept plan is checked against a fresh one */
    uint64_t psig;          /* the types of a prepared statement's parameters (0: none); a
                               kept plan holds for the types it was made with */
} pl_opt;

/* Begins planning o's block: the kept plan of shape's block when it still holds
 * (*fresh false), else a fresh one (keepable: it may be kept). NULL: too many sources. */
pl_plan *pl_plan_begin(pl_opt *o, pl_shape *shape, bool keepable, uint32_t mode, uint16_t coll, bool *fresh);
size_t   pl_plan_head(int nsrc);    /* bytes of a plan up to its sources' access paths */
/* The join order (p->order; o->src permuted, joins made inner, ON conditions moved to the
 * conjuncts cj) from this execution's estimates. */
void     pl_plan_order(pl_opt *o, pl_plan *p, bool fresh, pl_expr ***cj, int *ncj, int *ccj);
/* --plan-cache=3: the analysis a kept plan holds made afresh on src0 (the sources as
 * opened) must be the same; aborts when it is not. */
void     pl_plan_verify_order(pl_opt *o, const pl_osrc *src0, pl_expr **cj, int ncj, const pl_plan *kept);
/* How source lv finds its rows, from equalities and bounds among conjuncts cj. */
void     pl_plan_access(pl_opt *o, int lv, pl_expr **cj, int ncj, pl_access *l);
/* Rows source i yields from its best lookup on constants among cj (EXPLAIN's rows). */
uint32_t pl_plan_estimate(pl_opt *o, int i, pl_expr **cj, int ncj);
void __attribute__((noreturn)) pl_plan_mismatch(const pl_select *sel, const char *what);
void     pl_plan_stats(uint64_t *hits, uint64_t *stale, uint64_t *replanned);
void     pl_catalog_changed(void);
uint64_t pl_catalog_gen(void);       /* (moves with every pl_catalog_changed) */
/* Nodes of the walk: the ordinal of e (INT32_MIN: not in it), the values r names. */
int32_t  pl_nodes_find(const pl_nodes *m, const pl_expr *e);
#define PL_REF_OR (-2)   /* pl_ref.arg: the values an OR's disjuncts pin a column to (pl_or_pins) */
static inline pl_expr **pl_ref_vals(const pl_nodes *m, pl_ref r)
{
    return r.arg < 0 ? &m->v[r.node] : &m->v[r.node]->args[r.arg];
}
/* The values r names for key column col: pl_ref_vals, or for a PL_REF_OR ref the OR's
 * pinned values gathered into an array of arena a; *n their number (nv for the others). */
pl_expr **pl_ref_list(stor_arena *a, const pl_nodes *m, pl_ref r, const char *col, int nv, int *n);
/* An OR whose every disjunct pins column col (an equality with it, or an IN list, among
 * the disjunct's AND-ed terms): the pinned values, disjunct by disjunct, into out (at
 * most cap); the pinning terms into terms when not NULL. -1: a disjunct pins nothing. */
int      pl_or_pins(pl_expr *e, const char *col, pl_expr **out, pl_expr **terms, int cap);
/* Appends the conjuncts of e (split at AND) to *out. */
void     pl_split_and(stor_arena *a, pl_expr *e, pl_expr ***out, int *n, int *cap);

/* Lexer, exposed for tests and for the statement-shape key of the plan cache. */
typedef struct pl_lexer {
    const char *sql, *end, *p;
    int line;
    stor_arena *a;
    const pl_parse_opts *o;
    int in_exec;             /* inside an executed version comment */
} pl_lexer;
void pl_lex_init(pl_lexer *lx, stor_arena *a, const char *sql, size_t len, const pl_parse_opts *o);
int  pl_lex_next(pl_lexer *lx, pl_token *t);   /* 0, or -1 (TK_ERROR: unterminated...) */
/* A VALUES row of literals read straight from the text at from (its first value) up to
 * its closing parenthesis (*close), without tokens: unsigned numbers, plain quoted
 * strings and NULL, separated by commas and blanks, as pl_lex_next reads them. The number
 * of values in out; -2 when there are more than cap; -1 for anything else (nothing is
 * consumed then: the tokens read the row). */
int  pl_lex_lit_row(pl_lexer *lx, const char *from, pl_lit *out, int cap, const char **close);

/* Stack left below which recursion over a statement stops with an error (the parser's
 * 1064 "memory exhausted", the engine's 1436 "Thread stack overrun"); at most a quarter
 * of a thread's stack. */
#define PL_STACK_MARGIN (1024 * 1024)

/* True when the running thread has less than PL_STACK_MARGIN of stack left (stack.c).
 * Recursive functions call it on entry so that a deeply nested statement gets an error
 * instead of overflowing the stack. Cannot fail; false when the stack is unknown. */
bool pl_stack_low(void);
/* MariaDB's 1436 message for the running thread's stack (used, size, margin needed). */
void pl_stack_overrun_msg(char *buf, size_t cap);

/* Is this (upper/lower case) word reserved in MariaDB (cannot be a bare identifier)? */
bool pl_is_reserved(const char *word, size_t len);

#endif
